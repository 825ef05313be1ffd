// read_main_line and read_main_lines (libpgn/main_line.hpp): the parser instantiated for one
// final reader, which resolves and plays each main-line move and calls the user's visitor, so
// that the parser's own calls are direct and only the visitor's hooks go through its vtable.
#include "libpgn/main_line.hpp"

#include <memory>

#include "io/source_open.hpp"
#include "libpgn/input.hpp"
#include "libpgn/move_text.hpp"
#include "libpgn/parser.hpp"
#include "libpgn/san.hpp"
#include "libpgn/splitter.hpp"
#include "libpgn/tags.hpp"
#include "read/json_games.hpp"
#include "read/pgn_parser.hpp"

namespace pgn {

namespace {

struct MainLineReader final : Visitor {
  MainLineReader(MainLineVisitor& visitor, const MainLineOptions& options)
      : visitor(visitor), options(options) {}
  MainLineVisitor& visitor;
  const MainLineOptions& options;
  Position pos;
  MainLineEnd end;
  bool standard_rules = true;  // resolved and played by the core's standard calls
  // The FEN and Variant tags as written, and where they are (for a give-up's place).
  std::string_view fen, variant;
  bool has_variant = false;
  TextPos fen_at, variant_at;

  bool reading() const { return end.status == MainLineStatus::Complete; }
  Control give_up(MainLineProblem problem, TextPos at) {
    if (reading()) {
      end.status = MainLineStatus::GaveUp;
      end.problem = problem;
      end.at = at;
    }
    return Control::SkipGame;
  }
  Control read_on(bool visitor_reads_on) {
    if (visitor_reads_on) return Control::Continue;
    end.status = MainLineStatus::Stopped;
    return Control::SkipGame;
  }

  Control tag(std::string_view name, std::string_view value, TextPos at) override {
    if (!reading()) return Control::SkipGame;
    if (name == "FEN") {
      fen = value;
      fen_at = at;
    } else if (name == "Variant") {
      variant = value;
      variant_at = at;
      has_variant = true;
    }
    return read_on(visitor.tag(name, value));
  }

  Control end_tags() override {
    if (!reading()) return Control::SkipGame;
    VariantName rules = options.variant;
    if (has_variant) {
      rules = parse_variant_name(variant.find('\\') == std::string_view::npos
                                     ? std::string(variant)
                                     : unescape_tag_value(variant));
      if (!rules.known || rules.variant == Variant::Bughouse)
        return give_up(MainLineProblem::UnplayedVariant, variant_at);
    }
    if (!fen.empty()) {
      const FenResult read = Position::from_fen(
          fen.find('\\') == std::string_view::npos ? std::string(fen) : unescape_tag_value(fen),
          rules.variant, rules.chess960);
      if (!read.ok()) return give_up(MainLineProblem::BadFen, fen_at);
      pos = read.position;
    } else if (rules.variant != Variant::Standard) {
      pos = variant_start_position(rules.variant);
    } else if (rules.chess960) {
      pos = Position::from_fen(Position::kStartFen, true).position;
    }
    standard_rules = pos.variant() == Variant::Standard;
    return read_on(visitor.start(pos));
  }

  // Inlined into the parser's move token handling, as the validator's move() is.
  [[gnu::always_inline]] Control move(std::string_view token, TextPos at) override {
    if (!reading()) [[unlikely]]
      return Control::SkipGame;
    MoveText text;
    MoveTextError error;
    if (parse_move_text(token, text, error, options.notation) != token.size())
      return give_up(MainLineProblem::NotAMove, at);
    if (text.kind == MoveText::Null) return give_up(MainLineProblem::NullMove, at);
    const MoveResolution r =
        standard_rules ? resolve_move(pos, text) : resolve_variant_move(pos, text);
    if (!r.ok()) return give_up(MainLineProblem::IllegalMove, at);
    if (standard_rules)
      pos.play(r.move);
    else
      pos.play_variant(r.move);
    ++end.plies;
    if (!visitor.move(pos, r.move, token)) return read_on(false);
    if (text.nag) visitor.nag(text.nag);
    return Control::Continue;
  }

  Control begin_variation(TextPos) override {
    if (!reading()) return Control::SkipGame;
    visitor.variation();
    return Control::SkipVariation;
  }
  void nag(int value, TextPos) override {
    if (reading()) visitor.nag(value);
  }
  void comment(std::string_view text, TextPos) override {
    if (reading()) visitor.comment(text);
  }
  void syntax_error(std::string_view, TextPos at) override { give_up(MainLineProblem::Syntax, at); }
  bool wants_move_numbers() const override { return false; }
  // A column is counted only for the place a reading gave up at (read_main_line).
  bool wants_columns() const override { return false; }
};

}  // namespace

MainLineEnd read_main_line(const RawGame& game, MainLineVisitor& visitor,
                           const MainLineOptions& options) {
  visitor.begin_game(game);
  MainLineReader reader(visitor, options);
  detail::parse_game_with(game, reader, ParseLimits{});
  MainLineEnd& end = reader.end;
  if (end.status == MainLineStatus::GaveUp && end.at.column == 0)
    end.at.column = column_at(game, end.at);
  visitor.end_game(end);
  return end;
}

std::string read_main_lines(Source source, MainLineVisitor& visitor,
                            const MainLineOptions& options) {
  std::string error;
  std::unique_ptr<InputSource> input = open_source(source, error);
  if (!input) return error;
  RawGame game;
  if (reads_as_json(source.format(), input)) {
    JsonGameReader records(std::move(input), SplitterOptions{});
    RecordOrigin origin;
    std::string problem;
    while (records.next(game, origin, problem)) {
      if (problem.empty()) {
        read_main_line(game, visitor, options);
        continue;
      }
      visitor.begin_game(game);
      MainLineEnd unread;
      unread.status = MainLineStatus::GaveUp;
      unread.problem = MainLineProblem::UnreadableRecord;
      unread.at = game.start;
      visitor.end_game(unread);
    }
    return records.error();
  }
  GameSplitter splitter(*input);
  while (splitter.next(game)) read_main_line(game, visitor, options);
  return input->error();
}

}  // namespace pgn
