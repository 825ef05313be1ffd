// GameRepairer (libpgn/repair.hpp): validates a game with its record, then mends the record. The
// record holds every legal move in canonical SAN; what the input wrote is read again here
// (TokenTrail) and walked beside the record's events, so that every move's spelling can be compared
// and every part of the movetext the record left out (after an illegal move, after the end of the
// game) can be said and kept in a comment.
//
// Why one file of 800 lines: the walk beside the record's events and the mending of each kind of
// slip share the walk's state (where the input is, which event comes next, what was said); the
// tag repairs are in tags/tag_forms and the slip finders in repair/slips, what could move out.
#include "libpgn/repair.hpp"

#include <algorithm>

#include "check/variation_path.hpp"
#include "libpgn/encoding.hpp"
#include "libpgn/movegen.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/parser.hpp"
#include "libpgn/result_forms.hpp"
#include "libpgn/san.hpp"
#include "libpgn/tags.hpp"
#include "libpgn/variant.hpp"
#include "libpgn/winnable.hpp"
#include "libpgn/writers.hpp"
#include "repair/slips.hpp"
#include "tags/tag_forms.hpp"

namespace pgn {

const char* repair_kind_name(RepairKind kind) {
  static constexpr const char* kNames[] = {"result",        "missing-tag",      "tag-form",
                                           "duplicate-tag", "check-sign",       "notation",
                                           "dropped-moves", "illegal-move-cut", "guessed-move",
                                           "encoding",      "not-mended"};
  static_assert(std::size(kNames) == std::size_t(RepairKind::Count));
  return kNames[int(kind)];
}

std::uint32_t RepairedGame::changes() const {
  std::uint32_t n = 0;
  for (const Repair& r : repairs) n += r.kind != RepairKind::NotMended;
  return n;
}

namespace {

constexpr std::string_view kRoster[] = {"Event", "Site",  "Date",  "Round",
                                        "White", "Black", "Result"};
constexpr std::string_view kRosterDefaults[] = {"?", "?", "????.??.??", "?", "?", "?", "*"};

// The movetext as written: move tokens and variation brackets in input order, the tags and
// the termination marker.
struct TokenTrail final : Visitor {
  struct Token {
    enum Kind : std::uint8_t { Move, Begin, End } kind;
    std::string_view text;
    TextPos pos;
  };
  struct Tag {
    std::string_view name, raw;
    TextPos pos;
  };
  std::vector<Token> tokens;
  std::vector<Tag> tags;
  bool has_marker = false;
  std::string_view marker;
  TextPos marker_pos;

  void begin_game(const RawGame&) override {
    tokens.clear();
    tags.clear();
    has_marker = false;
    marker = {};
  }
  bool wants_move_numbers() const override { return false; }
  // Columns are counted (column_at) only for the few tokens a change is about.
  bool wants_columns() const override { return false; }
  Control tag(std::string_view name, std::string_view value, TextPos pos) override {
    tags.push_back({name, value, pos});
    return Control::Continue;
  }
  Control move(std::string_view token, TextPos pos) override {
    tokens.push_back({Token::Move, token, pos});
    return Control::Continue;
  }
  Control begin_variation(TextPos pos) override {
    tokens.push_back({Token::Begin, {}, pos});
    return Control::Continue;
  }
  void end_variation(TextPos pos) override { tokens.push_back({Token::End, {}, pos}); }
  void result(std::string_view m, TextPos pos) override {
    has_marker = true;
    marker = m;
    marker_pos = pos;
  }
};

// The table a game was read in: its code, or the first of codes that read it alike ("de/sv").
const Notation* table_of(std::string_view code) {
  return find_notation(code.substr(0, code.find('/')));
}

bool is_en_passant_word(std::string_view t) {
  return t == "e.p." || t == "ep" || t == "е.п.";
}

// The move without suffix annotations (!, ?, !?...), then without its check sign.
std::string_view without_suffix(std::string_view t) {
  while (t.size() > 1 && (t.back() == '!' || t.back() == '?')) t.remove_suffix(1);
  return t;
}
std::string_view without_sign(std::string_view t) {
  while (t.size() > 1 && (t.back() == '+' || t.back() == '#')) t.remove_suffix(1);
  return t;
}
std::string_view sign_of(std::string_view t) {
  return t.substr(without_sign(t).size());
}

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Characters (UTF-8 code points) in `s`: columns count them.
std::size_t count_chars(std::string_view s) {
  std::size_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// The bytes of `text` from `at` that hold the move `written`, as a diagnostic quotes it (a
// spoken phrase's words joined by single spaces, in the text by any blanks); 0 when the text
// there is something else.
std::size_t written_size(std::string_view text, std::size_t at, std::string_view written) {
  std::size_t i = at;
  for (std::size_t w = 0; w < written.size(); ++w) {
    if (written[w] == ' ') {
      if (i >= text.size() || !is_blank(text[i])) return 0;
      while (i < text.size() && is_blank(text[i])) ++i;
      continue;
    }
    if (i >= text.size() || text[i] != written[w]) return 0;
    ++i;
  }
  return i - at;
}

// Movetext as one line for a comment: blanks folded, braces (which would end it) made round.
std::string as_comment_text(std::string_view text) {
  std::string out;
  bool blank = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      blank = !out.empty();
      continue;
    }
    if (blank) out += ' ';
    blank = false;
    out += c == '{' ? '(' : c == '}' ? ')' : c;
  }
  return out;
}

void play_move(Position& pos, Move m) {
  if (pos.variant() == Variant::Standard)
    pos.play(m);
  else
    pos.play_variant(m);
}

// Whether the game is over in `pos`, and how (a dead position by material included).
Outcome final_outcome(const Position& pos) {
  Outcome o = game_outcome(pos);
  if (!o.over() && is_variant_insufficient_material(pos))
    o = {GameResult::Draw, EndReason::InsufficientMaterial};
  return o;
}

}  // namespace

struct GameRepairer::Impl {
  Impl(const ValidateOptions& v, const RepairOptions& o)
      : validate_options(with_fen(v)), options(o), validator(validate_options) {}

  static ValidateOptions with_fen(ValidateOptions v) {
    v.include_fen = true;  // the position before an illegal move, to look for slips
    return v;
  }

  const ValidateOptions validate_options;
  const RepairOptions options;
  GameValidator validator;
  WinnabilityAnalyzer winnability;
  TokenTrail trail;
  GameRecord read;  // the record validation gave
  GameReport report;
  std::string text;                        // the game's text, with guessed moves put in
  std::vector<std::uint64_t> bad_offsets;  // offsets (in `text`) of moves validation rejected
  struct Edit {
    std::uint32_t line, column;
    int delta;  // characters added on that line after `column`
  };
  std::vector<Edit> edits;

  void repair(const RawGame& game, RepairedGame& out);

 private:
  struct Frame {
    Position pos, before_last;
    std::uint32_t ply = 0;
    std::uint32_t variations_here = 0;
    VariationStep step;  // where this variation branches off its parent
  };
  std::vector<Frame> frames;
  // The variation path of `f`, one of `frames`.
  std::string path_of(const Frame& f) const {
    return variation_path(std::size_t(&f - frames.data()),
                          [this](std::size_t level) { return frames[level].step; });
  }
  std::size_t ti = 0;  // the next token of the trail
  const RawGame* game = nullptr;
  RepairedGame* out = nullptr;

  bool guess_illegal_moves(const RawGame& g, const Notation* table);
  void not_mended(const Diagnostic& d);
  void walk_record();
  bool reads_back_the_same();
  bool keep_spelling = false;
  GameWriter check_writer{WriterOptions{}};
  GameRecord reread;
  GameReport reread_report;
  std::string written;
  void skip_ep_words() {
    while (ti < trail.tokens.size() && trail.tokens[ti].kind == TokenTrail::Token::Move &&
           is_en_passant_word(trail.tokens[ti].text))
      ++ti;
  }
  bool is_bad(std::uint64_t offset) const {
    return std::binary_search(bad_offsets.begin(), bad_offsets.end(), offset);
  }
  // The token index after the variation that opens at `begin` (its End, or the end).
  std::size_t after_variation(std::size_t begin) const;
  // A variation the record left out (its first move was not legal), from trail.tokens[ti].
  bool variation_left_out() const;
  void leave_out_variation(Frame& parent);
  void cut_here(std::size_t end_token, TextPos end, Frame& f, bool main_line);
  void add_move(const GameEvent& e, Frame& f);
  void mend_result(const Frame& main);
  void mend_tags();
  Repair& add(RepairKind kind, TextPos pos, std::string was, std::string now, std::string why,
              std::uint32_t ply = 0, const std::string& variation = {}) {
    Repair& r = out->repairs.emplace_back();
    r.kind = kind;
    r.line = pos.line;
    r.column = pos.column ? pos.column : column_at(*game, pos);
    r.ply = ply;
    r.variation = variation;
    r.was = std::move(was);
    r.now = std::move(now);
    r.why = std::move(why);
    return r;
  }
};

GameRepairer::GameRepairer(const ValidateOptions& validate, const RepairOptions& options)
    : impl_(std::make_unique<Impl>(validate, options)) {}
GameRepairer::~GameRepairer() = default;
void GameRepairer::repair(const RawGame& game, RepairedGame& out) {
  impl_->repair(game, out);
}
void GameRepairer::set_neighbours(const std::vector<RawGame>& games) {
  impl_->validator.set_neighbours(games);
}

void GameRepairer::Impl::not_mended(const Diagnostic& d) {
  Repair& r = out->repairs.emplace_back();
  r.kind = RepairKind::NotMended;
  r.line = d.line;
  r.column = d.column;
  r.ply = d.ply;
  r.variation = d.variation;
  r.was = d.written;
  r.why = std::string(code_info(d.code).name) + ": " + d.message;
}

void GameRepairer::Impl::repair(const RawGame& g, RepairedGame& o) {
  out = &o;
  game = &g;
  o.repairs.clear();
  o.closing_comment.clear();
  o.mended_text.clear();
  o.unchanged = false;
  o.cut = false;
  edits.clear();
  validator.validate(g, o.report, &read);
  report = o.report;

  // Faults a record cannot carry: the game goes on as it was.
  bool writable = o.report.replayed && !g.truncated;
  for (const Diagnostic& d : o.report.problems)
    if (d.severity == Severity::Error &&
        !(d.code == Code::IllegalMove || d.code == Code::AmbiguousMove ||
          d.code == Code::ResultMismatch || d.code == Code::WrongResult))
      writable = false;
  RawGame current = g;
  const Notation* table = table_of(read.notation);  // the guesses are written in it
  if (writable && options.repair_illegal && o.report.has_errors()) {
    text.assign(g.text);
    for (int pass = 0; pass < 64 && guess_illegal_moves(current, table); ++pass) {
      current.text = text;
      validator.validate(current, report, &read);
    }
  }
  if (table && table->spoken && writable) {
    // A move is several words: no token per move to respell. The game is passed on as it
    // was, with the moves guessed put in, in its own words.
    writable = false;
    if (current.text.data() != g.text.data()) o.mended_text = text;
  }
  if (!writable) {
    o.unchanged = true;
    for (const Diagnostic& d : report.problems)
      if (d.severity == Severity::Error) not_mended(d);
    if (o.repairs.empty())
      for (const Diagnostic& d : report.problems) not_mended(d);
    return;
  }
  game = &current;
  bad_offsets.clear();
  for (const Diagnostic& d : report.problems)
    if (d.severity == Severity::Error && !d.written.empty()) bad_offsets.push_back(d.offset);
  std::sort(bad_offsets.begin(), bad_offsets.end());

  parse_game(current, trail, validate_options.parse_limits);
  const std::size_t guessed = o.repairs.size();
  keep_spelling = options.keep_notation;
  walk_record();
  if (o.unchanged) return;
  if (keep_spelling && !reads_back_the_same()) {
    // Kept spellings that read back as other moves (a notation told apart from English only
    // by the moves that follow): the game is written in SAN.
    o.repairs.resize(guessed);
    keep_spelling = false;
    walk_record();
  }
  mend_tags();
  if (g.code_page)
    add(RepairKind::Encoding, g.start, g.code_page->name, "UTF-8",
        "the game was not valid UTF-8; it is written in UTF-8");
  for (const Diagnostic& d : report.problems)
    if (d.code == Code::AutomaticDraw || d.code == Code::AmbiguousNotation) not_mended(d);
  // Positions in a text with guessed moves put in, back to the input's.
  for (Repair& r : o.repairs)
    for (auto e = edits.rbegin(); e != edits.rend(); ++e)
      if (r.line == e->line && r.column > e->column)
        r.column = std::uint32_t(int(r.column) - e->delta);
  std::stable_sort(o.repairs.begin(), o.repairs.end(), [](const Repair& a, const Repair& b) {
    return a.line != b.line ? a.line < b.line : a.column < b.column;
  });
}

// Whether the record, written with the spellings kept, is read back as the same moves.
bool GameRepairer::Impl::reads_back_the_same() {
  written.clear();
  GameExtras extras;
  extras.closing_comment = out->closing_comment;
  check_writer.write(out->record, written, extras);
  RawGame again;
  again.text = written;
  again.index = game->index;
  validator.validate(again, reread_report, &reread);
  if (reread_report.has_errors()) return false;
  // The moves and the variations' brackets, one for one (comments and NAGs aside: the closing
  // comment is an event only in the game read back).
  auto next = [](const GameRecord& r, std::size_t i) {
    while (i < r.events.size() &&
           (r.events[i].kind == GameEvent::Comment || r.events[i].kind == GameEvent::Nag))
      ++i;
    return i;
  };
  std::size_t a = next(reread, 0), b = next(out->record, 0);
  for (; a < reread.events.size() && b < out->record.events.size();
       a = next(reread, a + 1), b = next(out->record, b + 1)) {
    const GameEvent &x = reread.events[a], &y = out->record.events[b];
    if (x.kind != y.kind || (x.kind == GameEvent::MoveEvent && x.move != y.move)) return false;
  }
  return a == reread.events.size() && b == out->record.events.size();
}

// --repair-illegal: every illegal move of this reading with exactly one evident slip is
// replaced in `text` by the move meant. True when one was.
bool GameRepairer::Impl::guess_illegal_moves(const RawGame& g, const Notation* table) {
  struct Guess {
    std::size_t at, size;
    repair::Slip slip;
    const Diagnostic* d;
  };
  std::vector<Guess> guesses;
  for (const Diagnostic& d : report.problems) {
    if (d.code != Code::IllegalMove || d.written.empty() || d.fen.empty()) continue;
    const std::size_t at = text_index(g, d.offset);
    const std::size_t size = written_size(text, at, d.written);
    if (size == 0) continue;
    const FenResult fen = Position::from_fen(d.fen, read.start.variant(), read.chess960);
    if (!fen.ok()) continue;
    repair::Slip slip;
    if (!repair::find_slip(fen.position, d.written, table, slip)) continue;
    guesses.push_back({at, size, std::move(slip), &d});
  }
  std::sort(guesses.begin(), guesses.end(),
            [](const Guess& a, const Guess& b) { return a.at > b.at; });
  for (const Guess& guess : guesses) {
    const std::string& spelled = guess.slip.spelled;
    const std::size_t was_chars = count_chars(std::string_view(text).substr(guess.at, guess.size));
    text.replace(guess.at, guess.size, spelled);
    TextPos pos{guess.d->offset, guess.d->line, guess.d->column};
    // In the game's notation, and in SAN when that differs.
    const std::string now =
        spelled == guess.slip.san ? spelled : spelled + " (SAN " + guess.slip.san + ")";
    add(RepairKind::GuessedMove, pos, guess.d->written, now,
        "illegal move replaced by the one legal move it fits (" + std::string(guess.slip.kind) +
            "); the original was: " + guess.d->message,
        guess.d->ply, guess.d->variation);
    edits.push_back({guess.d->line, guess.d->column, int(count_chars(spelled)) - int(was_chars)});
  }
  return !guesses.empty();
}

std::size_t GameRepairer::Impl::after_variation(std::size_t begin) const {
  int depth = 0;
  for (std::size_t i = begin; i < trail.tokens.size(); ++i) {
    if (trail.tokens[i].kind == TokenTrail::Token::Begin) ++depth;
    if (trail.tokens[i].kind == TokenTrail::Token::End && --depth == 0) return i + 1;
  }
  return trail.tokens.size();
}

bool GameRepairer::Impl::variation_left_out() const {
  if (ti >= trail.tokens.size() || trail.tokens[ti].kind != TokenTrail::Token::Begin) return false;
  for (std::size_t i = ti + 1; i < trail.tokens.size(); ++i) {
    const auto& t = trail.tokens[i];
    if (t.kind == TokenTrail::Token::Move && is_en_passant_word(t.text)) continue;
    // Empty, or opening with a nested one: the reader left it out too.
    if (t.kind != TokenTrail::Token::Move) return true;
    return is_bad(t.pos.offset);
  }
  return true;
}

void GameRepairer::Impl::leave_out_variation(Frame& parent) {
  const std::size_t end = after_variation(ti);
  const TokenTrail::Token& open = trail.tokens[ti];
  const TextPos close =
      end <= trail.tokens.size() && end > 0 ? trail.tokens[end - 1].pos : open.pos;
  const std::size_t from = text_index(*game, open.pos.offset);
  const std::size_t to = text_index(*game, close.offset) + 1;
  const std::string was = as_comment_text(game->text.substr(from, to - from));
  const std::size_t depth = std::size_t(&parent - frames.data());
  const VariationStep left_out{parent.ply, ++parent.variations_here};
  const std::string path = variation_path(
      depth + 1, [&](std::size_t level) { return level > depth ? left_out : frames[level].step; });
  std::string problem;
  for (std::size_t i = ti + 1; i < end && problem.empty(); ++i)
    if (trail.tokens[i].kind == TokenTrail::Token::Move)
      for (const Diagnostic& d : report.problems)
        if (d.offset == trail.tokens[i].pos.offset && d.severity == Severity::Error)
          problem = d.message + "; ";
  const std::string kept = problem + "not replayed: " + was;
  add(RepairKind::IllegalCut, open.pos, was, "{" + kept + "}",
      "a variation whose first move is not legal; it is kept in a comment", parent.ply, path);
  out->record.add_comment(kept);
  ti = end;
}

// The line the record ends here goes on in the input: from token `ti` to just before
// `end_token` (which starts at `end`).
void GameRepairer::Impl::cut_here(std::size_t end_token, TextPos end, Frame& f, bool main_line) {
  const auto& first = trail.tokens[ti];
  const std::size_t from = text_index(*game, first.pos.offset);
  const std::size_t to = text_index(*game, end.offset);
  const std::string rest = as_comment_text(game->text.substr(from, to > from ? to - from : 0));
  ti = end_token;
  const Outcome over = final_outcome(f.pos);
  if (over.over()) {
    const std::string why = std::string("moves after ") + game_end_description(over.reason);
    const std::string kept = why + ": " + rest;
    add(RepairKind::DroppedMoves, first.pos, rest, options.keep_dropped ? "{" + kept + "}" : "",
        why + (options.keep_dropped ? ", kept in a comment" : ", dropped"), f.ply + 1, path_of(f));
    if (options.keep_dropped) {
      if (main_line)
        out->closing_comment = kept;
      else
        out->record.add_comment(kept);
    }
    return;
  }
  // The error that stopped the line, for the comment.
  std::string problem = "not replayed";
  for (const Diagnostic& d : report.problems)
    if (d.offset == first.pos.offset && d.severity == Severity::Error) problem = d.message;
  const std::string kept = problem + "; not replayed: " + rest;
  if (main_line) {
    out->closing_comment = kept;
    out->cut = true;
  } else {
    out->record.add_comment(kept);
  }
  add(RepairKind::IllegalCut, first.pos, rest, "{" + kept + "}",
      std::string(main_line ? "the game" : "the variation") +
          " ends before the move that is not legal; the rest is kept in a comment",
      f.ply + 1, path_of(f));
}

void GameRepairer::Impl::add_move(const GameEvent& e, Frame& f) {
  skip_ep_words();
  while (variation_left_out()) leave_out_variation(f);
  skip_ep_words();
  const std::string_view san = read.text(e);
  f.before_last = f.pos;
  play_move(f.pos, e.move);
  ++f.ply;
  f.variations_here = 0;
  if (ti >= trail.tokens.size() || trail.tokens[ti].kind != TokenTrail::Token::Move) {
    out->record.add_move(e.move, san);  // cannot happen with the parser's own tokens
    return;
  }
  const TokenTrail::Token& token = trail.tokens[ti++];
  const std::string_view written = without_suffix(token.text);
  if (written == san) {
    out->record.add_move(e.move, san);
    return;
  }
  const std::string_view wrote_sign = sign_of(written), right_sign = sign_of(san);
  const bool english = read.notation == "en";
  std::string now;
  if (keep_spelling || without_sign(written) == without_sign(san)) {
    now.assign(without_sign(written));
    // FIDE notation may leave signs out; "++" is any check (mate or double check).
    if (!english && wrote_sign.empty())
      ;
    else if (wrote_sign == "++" && !right_sign.empty())
      now += wrote_sign;
    else
      now += right_sign;
  } else {
    now.assign(san);
  }
  out->record.add_move(e.move, now);
  if (now == written) return;
  const bool sign_only = without_sign(now) == without_sign(written);
  std::string why;
  if (sign_only)
    why = right_sign.empty()  ? "the move gives no check"
          : right_sign == "#" ? "the move mates"
                              : "the move gives check";
  else
    why = english
              ? "the move in canonical SAN"
              : "the move in SAN (it was read as " +
                    (table_of(read.notation) ? table_of(read.notation)->name : read.notation) + ")";
  add(sign_only ? RepairKind::CheckSign : RepairKind::Notation, token.pos, std::string(written),
      now, why, f.ply, path_of(f));
}

void GameRepairer::Impl::walk_record() {
  GameRecord& rec = out->record;
  // Everything but the movetext as validation read it (start position, rules, tags).
  rec = read;
  rec.events.clear();
  rec.texts.clear();
  rec.complete = true;
  rec.problem.clear();
  frames.resize(1);
  frames[0].pos = read.start;
  frames[0].ply = 0;
  frames[0].variations_here = 0;
  frames[0].step = {};
  std::size_t depth = 0;
  ti = 0;
  using Token = TokenTrail::Token;
  for (const GameEvent& e : read.events) {
    switch (e.kind) {
      case GameEvent::MoveEvent:
        add_move(e, frames[depth]);
        break;
      case GameEvent::Comment:
        rec.add_comment(read.text(e));
        break;
      case GameEvent::Nag:
        rec.add(GameEvent::Nag, e.nag);
        break;
      case GameEvent::VariationBegin: {
        skip_ep_words();
        while (variation_left_out()) leave_out_variation(frames[depth]);
        if (ti < trail.tokens.size() && trail.tokens[ti].kind == Token::Begin) ++ti;
        if (frames.size() <= depth + 1) frames.resize(depth + 2);
        Frame& child = frames[++depth];
        Frame& p = frames[depth - 1];
        child.pos = p.before_last;
        child.ply = p.ply - 1;
        child.variations_here = 0;
        child.step = {p.ply, ++p.variations_here};
        rec.add(GameEvent::VariationBegin);
        break;
      }
      case GameEvent::VariationEnd: {
        skip_ep_words();
        while (variation_left_out()) leave_out_variation(frames[depth]);
        if (ti < trail.tokens.size() && trail.tokens[ti].kind != Token::End) {
          // The variation goes on in the input: it was cut at a move that is not legal.
          std::size_t end = ti, nested = 0;
          for (; end < trail.tokens.size(); ++end) {
            if (trail.tokens[end].kind == Token::Begin) ++nested;
            if (trail.tokens[end].kind == Token::End && nested-- == 0) break;
          }
          const TextPos close = end < trail.tokens.size() ? trail.tokens[end].pos : game->start;
          cut_here(end, close, frames[depth], false);
        }
        if (ti < trail.tokens.size() && trail.tokens[ti].kind == Token::End) ++ti;
        rec.add(GameEvent::VariationEnd);
        if (depth > 0) --depth;
        break;
      }
    }
  }
  // The main line: what the record left out at its end.
  skip_ep_words();
  while (variation_left_out()) leave_out_variation(frames[0]);
  skip_ep_words();
  if (ti < trail.tokens.size()) {
    TextPos end = trail.marker_pos;
    if (!trail.has_marker) {
      end = game->start;
      end.offset += game->text.size();
    }
    cut_here(trail.tokens.size(), end, frames[0], true);
  } else if (!read.complete) {
    // The record stopped without a move the input has left (a null move in a variation):
    // it cannot hold the game.
    out->unchanged = true;
    out->repairs.clear();
    Diagnostic d;
    d.line = game->start.line;
    d.column = game->start.column;
    d.message = read.problem + ": the game is passed on as it was";
    d.code = Code::NullMove;
    not_mended(d);
    return;
  }
  mend_result(frames[0]);
}

void GameRepairer::Impl::mend_result(const Frame& main) {
  const ResultForms& forms = ResultForms::builtin();
  const Notation* table = table_of(read.notation);
  auto read_result = [&](std::string_view v, GameResult& r) {
    if (forms.read(v, r, table)) return true;
    const std::optional<GameResult> spelled = pgn::read_result(v, ResultReading::Lenient);
    if (spelled) r = *spelled;
    return spelled.has_value();
  };
  const TokenTrail::Tag* tag = nullptr;
  for (const auto& t : trail.tags)
    if (t.name == "Result") {
      tag = &t;
      break;
    }
  std::string tag_value = tag ? unescape_tag_value(tag->raw) : std::string();
  GameResult tag_result = GameResult::Unknown, marker_result = GameResult::Unknown;
  const bool tag_read = tag && read_result(tag_value, tag_result);
  const bool marker_read = trail.has_marker && read_result(trail.marker, marker_result);

  Outcome decided = final_outcome(main.pos);
  std::string why;
  GameResult result;
  if (decided.over()) {
    result = decided.result;
    why = std::string("the final position: ") + game_end_description(decided.reason);
  } else if (tag_read && tag_result != GameResult::Unknown) {
    result = tag_result;
    why = "the Result tag";
  } else if (marker_read) {
    result = marker_result;
    why = "the termination marker";
  } else {
    result = GameResult::Unknown;
    why = "no result is known";
  }
  // A decisive result where the board shows no mate can come: a dead position (FIDE Laws
  // 5.2.2: neither side can mate by any legal moves, e.g. behind a wall of locked pawns), or a
  // loss on time against a side that cannot mate (6.9). The analyzer's cheap screen proves
  // only what it can prove quickly; "not proved" leaves the result as it is.
  const bool decisive = result == GameResult::WhiteWins || result == GameResult::BlackWins;
  const bool standard_rules = main.pos.variant() == Variant::Standard;
  if (!decided.over() && decisive && standard_rules) {
    const Color winner = result == GameResult::WhiteWins ? White : Black;
    const WinnabilityResult winner_can = winnability.screen(main.pos, winner);
    if (winner_can.verdict == Winnability::Unwinnable) {
      std::string_view termination;
      for (const auto& t : read.tags)
        if (t.first == "Termination") termination = t.second;
      std::string lower(termination);
      for (char& c : lower) c = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
      const WinnabilityResult loser_can = winnability.screen(main.pos, ~winner);
      const char* proof = unwinnable_proof_code(winner_can.proof);
      if (loser_can.verdict == Winnability::Unwinnable) {
        result = GameResult::Draw;
        why = std::string("the final position, which is dead: neither side can mate (") + proof +
              ", FIDE Laws 5.2.2)";
      } else if (lower.find("time") != std::string::npos) {
        result = GameResult::Draw;
        why = std::string("a loss on time to a side that cannot mate by any legal moves (") +
              proof + ", FIDE Laws 6.9)";
      }
    }
  }
  const std::string now(result_text(result));
  out->record.result = result;
  for (auto& t : out->record.tags)
    if (t.first == "Result") t.second = now;
  if (!tag) {
    add(RepairKind::MissingTag, game->start, "", "[Result \"" + now + "\"]",
        "the Seven Tag Roster's Result tag was missing; set from " + why);
  } else if (tag_value != now) {
    const bool form_only = tag_read && tag_result == result;
    add(form_only ? RepairKind::TagForm : RepairKind::Result, tag->pos,
        "[Result \"" + tag_value + "\"]", "[Result \"" + now + "\"]",
        form_only ? "the standard form of the result" : "set from " + why);
  }
  if (!trail.has_marker) {
    TextPos end = game->start;
    if (!trail.tokens.empty()) end = trail.tokens.back().pos;
    add(RepairKind::Result, end, "", now,
        "the movetext had no termination marker; set from " + why);
  } else if (trail.marker != now) {
    const bool form_only = marker_read && marker_result == result;
    add(form_only ? RepairKind::Notation : RepairKind::Result, trail.marker_pos,
        std::string(trail.marker), now,
        form_only ? "the standard form of the termination marker" : "set from " + why);
  }
}

void GameRepairer::Impl::mend_tags() {
  GameRecord& rec = out->record;
  // Duplicates of roster tags: the writer keeps the first.
  bool seen[7] = {};
  for (const auto& t : trail.tags) {
    const auto r = std::find(std::begin(kRoster), std::end(kRoster), t.name) - std::begin(kRoster);
    if (r == 7) continue;
    if (seen[r])
      add(RepairKind::DuplicateTag, t.pos,
          "[" + std::string(t.name) + " \"" + unescape_tag_value(t.raw) + "\"]", "",
          "a second " + std::string(t.name) + " tag; the first is kept");
    seen[r] = true;
  }
  for (int r = 0; r < 6; ++r)
    if (!seen[r])
      add(RepairKind::MissingTag, game->start, "",
          "[" + std::string(kRoster[r]) + " \"" + std::string(kRosterDefaults[r]) + "\"]",
          "a Seven Tag Roster tag was missing");
  std::size_t i = 0;
  for (const auto& t : trail.tags) {
    // record.tags follows the input's tags one for one.
    if (i >= rec.tags.size()) break;
    auto& value = rec.tags[i++].second;
    const bool date = t.name == "Date" || t.name == "EventDate" || t.name == "UTCDate";
    if (!date && t.name != "Round") continue;
    std::string mended, why;
    const tags::FormReading reading =
        date ? tags::mend_date(value, mended, why) : tags::mend_round(value, mended, why);
    if (reading == tags::FormReading::Standard) continue;
    const std::string was = "[" + std::string(t.name) + " \"" + value + "\"]";
    if (reading == tags::FormReading::Mended) {
      add(RepairKind::TagForm, t.pos, was, "[" + std::string(t.name) + " \"" + mended + "\"]",
          date ? "a date in the form YYYY.MM.DD" + (why.empty() ? "" : " (" + why + ")")
               : std::string("a round in the form the standard gives"));
      value = mended;
      continue;
    }
    add(RepairKind::NotMended, t.pos, was, "",
        "bad-tag: " + std::string(t.name) + " \"" + value + "\" cannot be read" +
            (why.empty() ? std::string() : ": " + why));
  }
  // A FEN tag without SetUp "1": the standard's marker of a set-up position is added.
  bool has_fen = false, has_setup = false;
  for (const auto& t : rec.tags) {
    has_fen |= t.first == "FEN";
    has_setup |= t.first == "SetUp";
  }
  if (has_fen && !has_setup) {
    rec.tags.emplace_back("SetUp", "1");
    add(RepairKind::MissingTag, game->start, "", "[SetUp \"1\"]",
        "a FEN tag needs SetUp \"1\" beside it");
  }
  // Other tag values the validator found malformed are said, not guessed at.
  for (const Diagnostic& d : report.problems) {
    if (d.code != Code::BadTag) continue;
    if (d.message == "FEN tag without SetUp \"1\"") continue;  // mended above
    bool handled = false;
    for (const auto& t : trail.tags)
      if (t.pos.offset == d.offset)
        handled = t.name == "Date" || t.name == "EventDate" || t.name == "UTCDate" ||
                  t.name == "Round" || t.name == "Result";
    if (!handled) not_mended(d);
  }
}

}  // namespace pgn
