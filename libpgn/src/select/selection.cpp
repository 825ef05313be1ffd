// Selection and GameSelector: conditions on games, decided from the tag section when that is
// enough and from the replayed main line otherwise.
#include <re2/re2.h>

#include <algorithm>
#include <bit>
#include <optional>

#include "libpgn/game_record.hpp"
#include "libpgn/parser.hpp"
#include "libpgn/result_forms.hpp"
#include "libpgn/san.hpp"
#include "libpgn/select.hpp"
#include "libpgn/tags.hpp"
#include "libpgn/variant.hpp"
#include "read/main_line_reader.hpp"

namespace pgn {

struct Selection::Condition {
  Kind kind;
  bool negated = false;
  std::string name;   // the tag a tag condition looks at
  std::string value;  // exact value; Player: lower-case needle
  std::unique_ptr<RE2> regex;
  ValueRange range;
  RangeKind range_kind = RangeKind::Number;
  Position target;
  MaterialPattern material;
  std::uint32_t plies = 1;
  Code code = Code::Syntax;
  GameResult result = GameResult::Unknown;  // Result, Termination

  bool needs_moves() const { return kind >= Kind::Ply; }
};

Selection::Selection() = default;
Selection::~Selection() = default;
Selection::Selection(Selection&&) noexcept = default;
Selection& Selection::operator=(Selection&&) noexcept = default;

bool Selection::empty() const {
  return conditions_.empty();
}

bool Selection::needs_moves() const {
  return std::any_of(conditions_.begin(), conditions_.end(),
                     [](const auto& c) { return c->needs_moves(); });
}

bool Selection::needs_positions() const {
  return std::any_of(conditions_.begin(), conditions_.end(), [](const auto& c) {
    return c->kind == Kind::Position || c->kind == Kind::Material || c->kind == Kind::Ply;
  });
}

void Selection::add(std::unique_ptr<Condition> c) {
  // Tag conditions first: a game is often decided before its moves are read.
  if (c->needs_moves())
    conditions_.push_back(std::move(c));
  else
    conditions_.insert(std::find_if(conditions_.begin(), conditions_.end(),
                                    [](const auto& d) { return d->needs_moves(); }),
                       std::move(c));
}

namespace {

std::unique_ptr<RE2> compile(std::string_view pattern, std::string& error) {
  RE2::Options options;
  options.set_log_errors(false);
  auto re = std::make_unique<RE2>(re2::StringPiece(pattern.data(), pattern.size()), options);
  if (!re->ok()) {
    error = "bad regular expression '" + std::string(pattern) + "': " + re->error();
    return nullptr;
  }
  return re;
}

// "Name=value" split at the first '='.
bool split_tag(std::string_view text, std::string& name, std::string& value, std::string& error) {
  const std::size_t eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0) {
    error = "'" + std::string(text) + "' is not NAME=VALUE";
    return false;
  }
  name = text.substr(0, eq);
  value = text.substr(eq + 1);
  return true;
}

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? char(c + 32) : c;
}

bool contains_folded(std::string_view haystack, std::string_view lower_needle) {
  return std::search(haystack.begin(), haystack.end(), lower_needle.begin(), lower_needle.end(),
                     [](char a, char b) { return lower(a) == b; }) != haystack.end();
}

bool equal_folded(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                            [](char x, char y) { return lower(x) == lower(y); });
}

}  // namespace

bool Selection::add_tag(std::string_view text, bool negated, std::string& error) {
  auto c = std::make_unique<Condition>();
  c->kind = Kind::Tag;
  c->negated = negated;
  if (!split_tag(text, c->name, c->value, error)) return false;
  add(std::move(c));
  return true;
}

bool Selection::add_tag_regex(std::string_view text, bool negated, std::string& error) {
  auto c = std::make_unique<Condition>();
  c->kind = Kind::TagRegex;
  c->negated = negated;
  if (!split_tag(text, c->name, c->value, error)) return false;
  if (!(c->regex = compile(c->value, error))) return false;
  add(std::move(c));
  return true;
}

bool Selection::add_tag_missing(std::string_view name, bool negated, std::string& error) {
  if (name.empty()) {
    error = "empty tag name";
    return false;
  }
  auto c = std::make_unique<Condition>();
  c->kind = Kind::TagMissing;
  c->negated = negated;
  c->name = name;
  add(std::move(c));
  return true;
}

bool Selection::add_range(Kind kind, std::string_view text, bool negated, std::string& error) {
  auto c = std::make_unique<Condition>();
  c->kind = kind;
  c->negated = negated;
  switch (kind) {
    case Kind::Date:
      c->range_kind = RangeKind::Date;
      c->name = "Date";
      break;
    case Kind::Eco:
      c->range_kind = RangeKind::Eco;
      c->name = "ECO";
      break;
    case Kind::WhiteElo:
      c->name = "WhiteElo";
      break;
    case Kind::BlackElo:
      c->name = "BlackElo";
      break;
    case Kind::Elo:
    case Kind::Ply:
      break;
    default:
      error = "not a range condition";
      return false;
  }
  if (!parse_value_range(text, c->range_kind, c->range, error)) return false;
  add(std::move(c));
  return true;
}

bool Selection::add_text(Kind kind, std::string_view text, bool negated, std::string& error) {
  auto c = std::make_unique<Condition>();
  c->kind = kind;
  c->negated = negated;
  switch (kind) {
    case Kind::Player:
      if (text.empty()) {
        error = "empty player name";
        return false;
      }
      for (char ch : text) c->value += lower(ch);
      break;
    case Kind::Result:
    case Kind::Termination:
      if (const std::optional<GameResult> result = read_result(text)) {
        c->result = *result;
      } else {
        error = "'" + std::string(text) + "' is not a result (1-0, 0-1, 1/2-1/2 or *)";
        return false;
      }
      c->value = text;
      break;
    case Kind::Variant:
      c->value = text;
      break;
    default:
      error = "not a text condition";
      return false;
  }
  add(std::move(c));
  return true;
}

bool Selection::add_player_regex(std::string_view pattern, bool negated, std::string& error) {
  auto c = std::make_unique<Condition>();
  c->kind = Kind::PlayerRegex;
  c->negated = negated;
  if (!(c->regex = compile(pattern, error))) return false;
  add(std::move(c));
  return true;
}

bool Selection::add_fen(std::string_view fen, bool negated, std::string& error, Variant variant) {
  FenResult parsed = Position::from_fen(fen, variant);
  if (!parsed.ok()) {
    error = "bad FEN '" + std::string(fen) + "': " + fen_error_code(parsed.error) + ": " +
            parsed.message;
    if (variant == Variant::Standard &&
        (parsed.error == FenError::BadPocket || parsed.error == FenError::BadCheckCount))
      error += " (give the game's rule set with --variant, e.g. --variant crazyhouse)";
    return false;
  }
  auto c = std::make_unique<Condition>();
  c->kind = Kind::Position;
  c->negated = negated;
  c->target = parsed.position;
  add(std::move(c));
  return true;
}

bool Selection::add_moves(std::string_view moves, bool negated, const ValidateOptions& read_with,
                          std::string& error) {
  ValidateOptions options = read_with;
  options.check_tags = false;
  options.check_suffixes = false;
  GameValidator validator(options);
  const std::string text = std::string(moves) + " *\n";
  RawGame game;
  game.text = text;
  game.index = 1;
  game.original_size = text.size();
  GameReport report;
  GameRecord record;
  validator.validate(game, report, &record);
  for (const Diagnostic& d : report.problems)
    if (d.severity == Severity::Error) {
      error = "cannot play the moves '" + std::string(moves) + "': " + d.message;
      return false;
    }
  auto c = std::make_unique<Condition>();
  c->kind = Kind::Position;
  c->negated = negated;
  c->target = record.start;
  for_each_main_line_event(record, [&](const GameEvent& e, std::uint32_t) {
    if (e.kind == GameEvent::MoveEvent) play_recorded_move(c->target, e.move);
  });
  add(std::move(c));
  return true;
}

bool Selection::add_material(std::string_view pattern, std::uint32_t plies, bool negated,
                             std::string& error) {
  auto c = std::make_unique<Condition>();
  c->kind = Kind::Material;
  c->negated = negated;
  if (!MaterialPattern::parse(pattern, c->material, error)) return false;
  c->plies = std::max<std::uint32_t>(plies, 1);
  add(std::move(c));
  return true;
}

bool Selection::add_verdict(Kind kind, std::string_view code, bool negated, std::string& error) {
  auto c = std::make_unique<Condition>();
  c->kind = kind;
  c->negated = negated;
  if (kind == Kind::WithCode && !code_from_name(code, c->code)) {
    error = "unknown problem code '" + std::string(code) + "' (see docs/diagnostics.md)";
    return false;
  }
  if (kind != Kind::Valid && kind != Kind::WithErrors && kind != Kind::WithCode) {
    error = "not a verdict condition";
    return false;
  }
  add(std::move(c));
  return true;
}

namespace {

// The tag section only: parsing stops before the first move.
class TagCollector final : public Visitor {
 public:
  std::vector<std::pair<std::string_view, std::string_view>> tags;  // raw values
  Control tag(std::string_view name, std::string_view value, TextPos) override {
    tags.emplace_back(name, value);
    return Control::Continue;
  }
  Control end_tags() override { return Control::SkipGame; }
  bool wants_move_numbers() const override { return false; }
  bool wants_columns() const override { return false; }
};

}  // namespace

// Whether `pos` can never become `target` later in the game: pieces are never added, a pawn
// never returns to its starting rank, castling rights are never regained.
static bool unreachable(const Position& pos, const Position& target) {
  constexpr Bitboard kRank2 = 0x000000000000FF00ull, kRank7 = 0x00FF000000000000ull;
  for (Color c : {White, Black}) {
    const Bitboard home = c == White ? kRank2 : kRank7;
    const Bitboard pawns = pos.pieces(c, Pawn), wanted = target.pieces(c, Pawn);
    if (wanted & home & ~pawns) return true;
    if (std::popcount(pawns) < std::popcount(wanted)) return true;
    if (std::popcount(pos.pieces(c)) < std::popcount(target.pieces(c))) return true;
  }
  return (target.castling_rights() & ~pos.castling_rights()) != 0;
}

struct GameSelector::Impl {
  Impl(const Selection& s, const ValidateOptions& options)
      : selection(s),
        validator(options),
        untagged_variant(options.variant.value_or(VariantName{})),
        needs_moves(s.needs_moves()),
        notation(options.notation),
        line_options{options.notation, VariantName{}},
        results(options.extra_notations, options.notation),
        line_visitor(*this) {
    // The main line alone answers position and material conditions: such games are replayed
    // here, resolving each move on the core and stopping once every answer is known, and go
    // to the validator only when this replay meets something it does not read.
    const bool standard =
        untagged_variant.variant == Variant::Standard && !untagged_variant.chess960;
    quick = standard && std::all_of(s.conditions_.begin(), s.conditions_.end(), [](const auto& c) {
              return !c->needs_moves() || c->kind == Selection::Kind::Position ||
                     c->kind == Selection::Kind::Material;
            });
    answers.resize(s.conditions_.size());
    runs.resize(s.conditions_.size());
  }

  // Reads the main line of the moves in English (or the --lang notation) and nothing else,
  // stopping once every condition is answered (the start position is looked at before).
  struct MainLine final : MainLineVisitor {
    explicit MainLine(Impl& i) : impl(i) {}
    Impl& impl;
    bool move(const Position& board, Move, std::string_view) override {
      return !impl.observe(board);
    }
  };

  const Selection& selection;
  GameValidator validator;
  const VariantName untagged_variant;  // the rules of games without a Variant tag
  bool needs_moves;
  TagCollector tags;
  std::string unescaped;
  GameReport report;
  GameRecord record;
  std::vector<Position> line;  // the main line's positions, start included
  const Notation* notation;
  const MainLineOptions line_options;  // the quick replay's: standard chess, in the notation given
  const ResultForms results;           // the Result tag is read as the validator reads it
  MainLine line_visitor;
  bool quick = false;                 // the selection can use the main-line replay
  bool answered = false;              // this game's move conditions were answered by it
  std::vector<std::uint8_t> answers;  // per condition: 0 open, 1 holds, 2 does not
  std::vector<std::uint32_t> runs;    // per material condition: positions in a row

  // Looks at one position of the main line; true when every move condition is answered.
  bool observe(const Position& pos) {
    bool all = true;
    const auto& conditions = selection.conditions_;
    for (std::size_t i = 0; i < conditions.size(); ++i) {
      const Selection::Condition& c = *conditions[i];
      if (!c.needs_moves() || answers[i]) continue;
      if (c.kind == Selection::Kind::Position) {
        if (pos.key() == c.target.key() && same_position(pos, c.target))
          answers[i] = 1;
        else if (unreachable(pos, c.target))
          answers[i] = 2;
      } else {
        runs[i] = c.material.matches(pos) ? runs[i] + 1 : 0;
        if (runs[i] >= c.plies) answers[i] = 1;
      }
      all = all && answers[i];
    }
    return all;
  }

  // The main-line replay; false when the game needs the validator instead.
  bool answer_quickly(const RawGame& game) {
    std::string_view v;
    if (tag("FEN", v) || (tag("Variant", v) && !equal_folded(v, "standard"))) return false;
    std::fill(answers.begin(), answers.end(), 0);
    std::fill(runs.begin(), runs.end(), 0);
    // The start position may answer alone: then the moves are not read at all. MainLine is
    // final: the reader calls its hooks directly, not through the vtable.
    if (!observe(Position()) &&
        detail::read_main_line_with(game, line_visitor, line_options).status ==
            MainLineStatus::GaveUp)
      return false;
    for (std::uint8_t& a : answers)
      if (!a) a = 2;
    return true;
  }

  // The value of the first tag `name` (unescaped), or false when the game has none.
  bool tag(std::string_view name, std::string_view& value) {
    for (const auto& [n, v] : tags.tags)
      if (n == name) {
        if (v.find('\\') == std::string_view::npos) {
          value = v;
        } else {
          unescaped = unescape_tag_value(v);
          value = unescaped;
        }
        return true;
      }
    return false;
  }

  bool in_range(const Selection::Condition& c, std::string_view name) {
    std::string_view v;
    std::int64_t number;
    return tag(name, v) && value_of(v, c.range_kind, number) && c.range.contains(number);
  }

  bool player_matches(const Selection::Condition& c, std::string_view name) {
    std::string_view v;
    if (!tag(name, v)) return false;
    if (c.kind == Selection::Kind::Player) return contains_folded(v, c.value);
    return RE2::PartialMatch(re2::StringPiece(v.data(), v.size()), *c.regex);
  }

  // A bughouse record names four players and no White or Black.
  bool bughouse_player_matches(const Selection::Condition& c) {
    std::string_view v;
    if (tag("White", v) || tag("Black", v)) return false;
    for (std::string_view name : {"WhiteA", "BlackA", "WhiteB", "BlackB"})
      if (player_matches(c, name)) return true;
    return false;
  }

  bool holds(const Selection::Condition& c, std::size_t index) {
    using K = Selection::Kind;
    std::string_view v;
    switch (c.kind) {
      case K::Tag:
        return tag(c.name, v) && v == c.value;
      case K::TagRegex:
        return tag(c.name, v) && RE2::PartialMatch(re2::StringPiece(v.data(), v.size()), *c.regex);
      case K::TagMissing:
        return !tag(c.name, v);
      case K::Elo:
        return in_range(c, "WhiteElo") || in_range(c, "BlackElo");
      case K::WhiteElo:
      case K::BlackElo:
      case K::Date:
      case K::Eco:
        return in_range(c, c.name);
      case K::Player:
      case K::PlayerRegex:
        return player_matches(c, "White") || player_matches(c, "Black") ||
               bughouse_player_matches(c);
      case K::Result: {
        GameResult read;
        return tag("Result", v) && results.read(v, read, notation) && read == c.result;
      }
      case K::Variant:
        if (!tag("Variant", v)) {
          const VariantName named = parse_variant_name(c.value);
          return named.known && named.variant == untagged_variant.variant &&
                 named.chess960 == untagged_variant.chess960;
        }
        if (equal_folded(v, c.value) ||
            (equal_folded(c.value, "standard") && equal_folded(v, "chess")))
          return true;
        // The same rule set under another of its names ("3check", "Three-check").
        if (const VariantName a = parse_variant_name(v), b = parse_variant_name(c.value);
            a.known && b.known && a.variant != Variant::Standard)
          return a.variant == b.variant;
        return false;
      case K::Ply:
        return report.replayed && c.range.contains(report.plies);
      case K::Termination:
        return result_text(report.result) == c.value;
      case K::Position:
        if (answered) return answers[index] == 1;
        for (const Position& p : line)
          if (p.key() == c.target.key() && same_position(p, c.target)) return true;
        return false;
      case K::Material: {
        if (answered) return answers[index] == 1;
        std::uint32_t run = 0;
        for (const Position& p : line) {
          run = c.material.matches(p) ? run + 1 : 0;
          if (run >= c.plies) return true;
        }
        return false;
      }
      case K::Valid:
        return report.replayed && !report.has_errors();
      case K::WithErrors:
        return report.has_errors();
      case K::WithCode:
        return std::any_of(report.problems.begin(), report.problems.end(),
                           [&](const Diagnostic& d) { return d.code == c.code; });
    }
    return false;
  }

  void replay(const RawGame& game, SelectOutcome& outcome) {
    validator.validate(game, report, &record);
    outcome.replayed = true;
    outcome.not_checked = !report.replayed;
    outcome.moves_cut = report.replayed && !record.complete;
    line.clear();
    if (!report.replayed) return;
    Position pos = record.start;
    line.push_back(pos);
    for_each_main_line_event(record, [&](const GameEvent& e, std::uint32_t) {
      if (e.kind != GameEvent::MoveEvent) return;
      play_recorded_move(pos, e.move);
      line.push_back(pos);
    });
  }

  SelectOutcome decide(const RawGame& game, bool always_replay) {
    SelectOutcome outcome;
    tags.tags.clear();
    parse_game(game, tags);
    const bool any = selection.any_;
    bool replayed = false;
    answered = false;
    if (always_replay) {
      replay(game, outcome);
      replayed = true;
    }
    for (std::size_t i = 0; i < selection.conditions_.size(); ++i) {
      const auto& c = selection.conditions_[i];
      if (c->needs_moves() && !replayed) {
        answered = quick && answer_quickly(game);
        if (!answered) replay(game, outcome);
        replayed = true;
      }
      const bool result = holds(*c, i) != c->negated;
      if (result == any) {
        outcome.selected = any;
        return outcome;
      }
    }
    // AND: nothing failed; OR: nothing held (an empty selection takes every game).
    outcome.selected = !any || selection.conditions_.empty();
    return outcome;
  }
};

GameSelector::GameSelector(const Selection& selection, const ValidateOptions& validate)
    : impl_(std::make_unique<Impl>(selection, validate)) {}
GameSelector::~GameSelector() = default;

SelectOutcome GameSelector::decide(const RawGame& game, bool replay) {
  return impl_->decide(game, replay);
}
void GameSelector::set_neighbours(const std::vector<RawGame>& games) {
  impl_->validator.set_neighbours(games);
}
const GameReport& GameSelector::report() const {
  return impl_->report;
}
const GameRecord& GameSelector::record() const {
  return impl_->record;
}

}  // namespace pgn
