// Replays a game on the legality core and turns what goes wrong into diagnostics.
//
// The reader calls the visitor methods below in input order. Each line of play (the main
// line and every variation) has a LineState on a stack; a variation replaces the last move
// of the line it is in, so it starts from that line's position before its last move.
#include "libpgn/validator.hpp"

#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <string_view>
#include <unordered_map>

#include "libpgn/position.hpp"
#include "libpgn/san.hpp"
#include "libpgn/spoken.hpp"
#include "read/pgn_parser.hpp"
#include "read/text_scan.hpp"

namespace pgn {
namespace {

// Index of a result in Notation::results.
enum ResultKind : int { WhiteWins = 0, BlackWins = 1, Draw = 2, Unknown = 3, NoResult = 4 };
constexpr const char* kResultText[] = {"1-0", "0-1", "1/2-1/2", "*", ""};

// A file letter starts a plain pawn move, the one kind of token all notations write alike.
bool is_file_byte(char c) {
  return c >= 'a' && c <= 'h';
}

// Reads a termination marker or Result tag value in any known notation.
ResultKind parse_result(std::string_view text, const Notation* preferred) {
  if (text == "1-0") return WhiteWins;
  if (text == "0-1") return BlackWins;
  if (text == "1/2-1/2") return Draw;
  if (text == "*") return Unknown;
  auto match_in = [&](const Notation& n) -> int {
    for (int r = 0; r < 4; ++r)
      for (const auto& form : n.results[r])
        if (form == text) return r;
    return -1;
  };
  if (preferred) {
    if (int r = match_in(*preferred); r >= 0) return ResultKind(r);
  }
  for (const Notation* n : builtin_notations()) {
    if (int r = match_in(*n); r >= 0) return ResultKind(r);
  }
  return NoResult;
}

// What a move text says, in English SAN letters, for moves that resolve to no legal move
// (a Russian "Ф:c5" is shown as "Qxc5"). Legal moves get canonical SAN from append_san.
std::string written_as_san(const MoveText& t) {
  static constexpr char kLetters[] = " PNBRQK";
  std::string s;
  switch (t.kind) {
    case MoveText::CastleShort:
      return "O-O";
    case MoveText::CastleLong:
      return "O-O-O";
    case MoveText::Null:
      return "--";
    case MoveText::Normal:
      break;
  }
  if (t.piece > Pawn) s += kLetters[t.piece];
  if (t.from_file >= 0) s += char('a' + t.from_file);
  if (t.from_rank >= 0) s += char('1' + t.from_rank);
  if (t.capture) s += 'x';
  if (t.to != NoSquare) {
    s += char('a' + file_of(t.to));
    s += char('1' + rank_of(t.to));
  }
  if (t.promotion != NoPieceType) {
    s += '=';
    s += kLetters[t.promotion];
  }
  if (t.check_mark == 1) s += '+';
  if (t.check_mark >= 2) s += '#';
  return s;
}

// "23." for White, "23..." for Black: the move number as written before a move.
std::string move_prefix(const Position& pos) {
  std::string s = std::to_string(pos.fullmove_number());
  s += pos.side_to_move() == White ? "." : "...";
  return s;
}

// Regular expressions for the PGN standard's tag formats (RE2: linear time on any input).
struct TagPatterns {
  RE2 date{R"((\d{4}|\?{4})\.(\d{2}|\?{2})\.(\d{2}|\?{2}))"};
  RE2 round{R"(\?|-|\d+(\.\d+)*)"};
  RE2 elo{R"(\d{1,4}|-|\?|)"};
  RE2 time_control{R"(\?|-|(\d+/\d+|\d+(\+\d+)?|\*\d+)(:(\d+/\d+|\d+(\+\d+)?|\*\d+))*)"};
  RE2 eco{R"([A-E]\d\d(/[A-E]\d\d)?|\?|)"};
  RE2 setup{R"([01])"};
  RE2 time{R"((\d{2}|\?{2}):(\d{2}|\?{2}):(\d{2}|\?{2}))"};
  RE2 ply_count{R"(\d+)"};
};
const TagPatterns& tag_patterns() {
  static const TagPatterns patterns;
  return patterns;
}

bool all_digits(std::string_view value) {
  for (char c : value)
    if (c < '0' || c > '9') return false;
  return true;
}

// The tags the validator looks at. The Seven Tag Roster comes first, in its order, so that
// a roster tag's value is its bit in the roster set.
enum class KnownTag : std::uint8_t {
  Event,
  Site,
  Date,
  Round,
  White,
  Black,
  Result,  // the Seven Tag Roster
  EventDate,
  UTCDate,
  WhiteElo,
  BlackElo,
  TimeControl,
  ECO,
  SetUp,
  FEN,
  Time,
  UTCTime,
  PlyCount,
  Variant,
  Termination,
  Other
};
constexpr std::string_view kRosterNames[] = {"Event", "Site",  "Date",  "Round",
                                             "White", "Black", "Result"};

// One length switch and at most two comparisons per tag, instead of a chain of them.
KnownTag classify_tag(std::string_view name) {
  auto is = [name](std::string_view known, KnownTag tag) {
    return name == known ? tag : KnownTag::Other;
  };
  switch (name.size()) {
    case 3:
      return name[0] == 'E' ? is("ECO", KnownTag::ECO) : is("FEN", KnownTag::FEN);
    case 4:
      if (name[0] == 'S') return is("Site", KnownTag::Site);
      return name[0] == 'D' ? is("Date", KnownTag::Date) : is("Time", KnownTag::Time);
    case 5:
      switch (name[0]) {
        case 'E':
          return is("Event", KnownTag::Event);
        case 'R':
          return is("Round", KnownTag::Round);
        case 'W':
          return is("White", KnownTag::White);
        case 'B':
          return is("Black", KnownTag::Black);
        case 'S':
          return is("SetUp", KnownTag::SetUp);
        default:
          return KnownTag::Other;
      }
    case 6:
      return is("Result", KnownTag::Result);
    case 7:
      if (name[0] != 'U') return is("Variant", KnownTag::Variant);
      return name[3] == 'D' ? is("UTCDate", KnownTag::UTCDate) : is("UTCTime", KnownTag::UTCTime);
    case 8:
      if (name[0] == 'W') return is("WhiteElo", KnownTag::WhiteElo);
      if (name[0] == 'B') return is("BlackElo", KnownTag::BlackElo);
      return is("PlyCount", KnownTag::PlyCount);
    case 9:
      return is("EventDate", KnownTag::EventDate);
    case 11:
      return name[1] == 'i' ? is("TimeControl", KnownTag::TimeControl)
                            : is("Termination", KnownTag::Termination);
    default:
      return KnownTag::Other;
  }
}

enum class VariantKind { Standard, Chess960, Unsupported };

VariantKind classify_variant(std::string_view v) {
  std::string lower;
  for (char c : v) {
    // Control characters count as blanks: the PGN writer writes them as spaces, and a copy
    // must not turn an unsupported variant into a replayed one.
    if (c == ' ' || c == '-' || c == '_' || static_cast<unsigned char>(c) < 0x20 || c == 0x7F)
      continue;
    lower += (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
  }
  if (lower.empty() || lower == "standard" || lower == "chess" || lower == "normal" ||
      lower == "fromposition" || lower == "classical")
    return VariantKind::Standard;
  if (lower == "chess960" || lower == "960" || lower == "fischerandom" ||
      lower == "fischerrandom" || lower == "frc" || lower == "freestyle" ||
      lower == "doublefischerrandom" || lower == "dfrc")
    return VariantKind::Chess960;
  return VariantKind::Unsupported;
}

struct LineState {
  Position pos;
  // The position before the last move of this line, where a variation starts. For a played
  // move it is recovered with undo_move (copying a position per move costs more than the
  // move itself); after a null or bad move it is kept as a copy.
  Move last_move;
  UndoInfo last_undo{};
  bool last_undoable = false;
  Position before_last;
  bool has_last = false;
  bool dead = false;           // an unreplayable move was found; the rest is not replayed
  bool dead_just_now = false;  // the last move token was the bad one (a variation may follow)
  std::uint32_t ply = 0;       // plies played in this line, counted from the game start
  std::uint32_t variations_here = 0;  // variations started after the current last move
  std::string path;                   // "" for the main line
};

}  // namespace

struct GameValidator::Impl final : Visitor {
  explicit Impl(const ValidateOptions& o) : options(o) {}

  const ValidateOptions options;  // a copy: callers may pass a temporary

  // Per-run state (reset by begin_game).
  const RawGame* game = nullptr;
  GameReport* report = nullptr;
  const Notation* notation = nullptr;  // nullptr = English
  std::vector<LineState> lines;        // lines[0] is the main line
  std::size_t depth = 0;               // lines[0..depth] are live
  std::vector<std::uint64_t> history;  // main-line keys, for repetition
  Position start_position;
  bool replay = true;  // false for unsupported variants / bad FEN
  bool chess960 = false;
  std::string tag_result, tag_fen, tag_setup, tag_variant, tag_termination;
  std::string unescaped;  // buffer for tag values with escapes
  bool has_result_tag = false, has_fen_tag = false, has_setup_tag = false;
  // Per tag kind, the last value check_tag_format accepted (kept across games).
  std::array<std::string, std::size_t(KnownTag::Other) + 1> last_accepted_;
  unsigned roster_seen = 0;
  bool any_tag = false;
  TextPos result_pos;
  struct ColumnCache {
    std::uint32_t line = 0;  // 0: nothing counted in this game yet (lines start at 1)
    std::size_t at = 0;      // offset in the game's text
    std::uint32_t column = 0;
  } column_cache;
  bool saw_result = false;
  std::string result_marker;
  std::uint32_t automatic_draw_ply = 0;  // main-line ply at which the game was drawn by rule
  const char* automatic_draw_reason = nullptr;
  bool reported_play_after_draw = false;
  bool mainline_over = false;  // checkmate or stalemate reached in the main line
  // For notation detection.
  bool text_failed = false;  // some move token could not be read as a move
  std::string first_failed_token;
  std::uint64_t line_hash = 0;  // hash of every replayed move, to compare readings
  std::uint32_t illegal_count = 0;
  std::uint64_t unlisted_problems = 0;
  // The move tokens as read in this run, for comparing notations, and those of the winning
  // reading while detecting, with what they say (kept here to reuse their memory).
  std::vector<std::string_view> read_tokens, winner_tokens;
  std::vector<MoveText> winner_texts;
  std::vector<std::size_t> check_order;
  // The first two bytes of the read tokens that are not plain pawn moves (the piece letters,
  // where notations differ): a table lacking one of them cannot read the game.
  detail::ByteSet read_bytes;
  // The notation the previous game was read in: the next game most likely uses it too.
  const Notation* last_detected = nullptr;
  // Detection's candidate tables, best-ranked first, and this game's order of trying them.
  std::vector<const Notation*> ranked_notations, notation_order;
  std::vector<const detail::ByteSet*> ranked_alphabets;  // move_alphabet of each ranked table
  // While detecting: give up on a reading at its first unreadable token (it cannot win).
  bool abort_on_unreadable = false;
  // Whether a run keeps every token in read_tokens (else only the first): English's quick
  // run needs only the bytes and the first token to rule other readings out.
  bool keep_tokens = true;
  // Per spoken table, whether a game's first token is one of its words: English games start
  // with a few tokens (e4, d4, Nf3 ...), and comparing words with their spellings is slow.
  std::unordered_map<const Notation*, std::unordered_map<std::string, bool>> spoken_first_words;

  bool first_token_is_spoken(const Notation& n) {
    auto& known = spoken_first_words[&n];
    const std::string token(read_tokens.front());
    if (auto found = known.find(token); found != known.end()) return found->second;
    if (known.size() >= 1024) known.clear();
    return known[token] = looks_spoken(token, n);
  }
  // Recording for writers (nullptr when not wanted).
  GameRecord* record = nullptr;
  bool recording = false;         // false once a move could not be replayed
  std::uint32_t record_open = 0;  // VariationBegin events not yet closed
  // Spoken notations: words waiting to form a move.
  std::vector<std::string_view> words;
  std::vector<TextPos> word_pos;

  void run(const RawGame& g, GameReport& r, const Notation* n, GameRecord* rec) {
    game = &g;
    report = &r;
    notation = n;
    record = rec;
    recording = rec != nullptr;
    record_open = 0;
    if (rec) {
      rec->clear();
      rec->notation = n ? n->code : "en";
    }
    r = GameReport{};
    r.index = g.index;
    r.start = g.start;
    r.notation = n ? n->code : "en";
    // Impl is final: the parser calls its handlers directly (no virtual call per token).
    detail::parse_game_with(g, *this, options.parse_limits);
    r.replayed = replay;
  }

  // ---- diagnostics ------------------------------------------------------------------

  // A game can carry millions of problems (a line of stray braces): the report lists the
  // first kMaxListedProblems, counts the rest, and ends with one saying how many were left out.
  static constexpr std::size_t kMaxListedProblems = 1000;

  Diagnostic* add(Code code, TextPos pos, std::string message) {
    if (options.ignored[int(code)]) return nullptr;
    const Severity severity = options.strict ? Severity::Error : code_info(code).default_severity;
    if (report->problems.size() >= kMaxListedProblems) {
      ++(severity == Severity::Error ? report->errors : report->warnings);
      ++unlisted_problems;
      return nullptr;
    }
    return list(code, severity, pos, std::move(message));
  }

  Diagnostic* list(Code code, Severity severity, TextPos pos, std::string message) {
    Diagnostic& d = report->problems.emplace_back();
    d.code = code;
    d.severity = severity;
    d.game = game->index;
    d.offset = pos.offset;
    d.line = pos.line;
    d.column = column_of(pos);
    d.message = std::move(message);
    fill_source_line(d, pos);
    if (d.severity == Severity::Error)
      ++report->errors;
    else
      ++report->warnings;
    return &d;
  }

  // Columns the parser left uncounted (wants_columns): counted here for the few positions
  // reported, from the last one found when it is on the same line and earlier, so that many
  // problems on one long line do not each count from the line's start.
  std::uint32_t column_of(TextPos pos) {
    if (pos.column != 0) return pos.column;
    const std::string_view text = game->text;
    if (pos.offset < game->start.offset) return column_at(*game, pos);
    const std::size_t at = std::min<std::size_t>(pos.offset - game->start.offset, text.size());
    if (column_cache.line != pos.line || column_cache.at > at) {
      column_cache = {pos.line, at, column_at(*game, pos)};
      return column_cache.column;
    }
    column_cache.column += static_cast<std::uint32_t>(detail::count_code_points(
        text.data() + column_cache.at, text.data() + at, text.data() + text.size()));
    column_cache.at = at;
    return column_cache.column;
  }

  // The input line around `pos`, cut to a window when the line is long.
  void fill_source_line(Diagnostic& d, TextPos pos) {
    std::string_view text = game->text;
    if (pos.offset < game->start.offset) return;
    std::size_t at = std::min<std::size_t>(pos.offset - game->start.offset, text.size());
    constexpr std::size_t kWindow = 120;
    // The line's ends are looked for only around `at`: a problem on a line of megabytes must
    // not cost a scan of the whole line.
    const std::size_t look_from = at > kWindow ? at - kWindow : 0;
    std::size_t begin = text.substr(look_from, at - look_from).rfind('\n');
    begin = begin == std::string_view::npos ? look_from : look_from + begin + 1;
    std::size_t end = text.substr(at, kWindow + 1).find('\n');
    end = end == std::string_view::npos ? std::min(text.size(), at + kWindow + 1) : at + end;
    if (end > begin && text[end - 1] == '\r') --end;
    std::size_t from = begin;
    if (end - begin > kWindow && at - begin > kWindow / 2) from = at - kWindow / 2;
    while (from > begin && (static_cast<unsigned char>(text[from]) & 0xC0) == 0x80) --from;
    std::size_t to = std::min(end, from + kWindow);
    while (to < end && (static_cast<unsigned char>(text[to]) & 0xC0) == 0x80) ++to;
    // A cut line is marked with "..." at the cut ends.
    d.source_line = from > begin ? "..." : "";
    d.source_line.append(text.substr(from, to - from));
    if (to < end) d.source_line += "...";
    for (char& c : d.source_line)
      if (c == '\t' || c == '\r') c = ' ';
    std::uint32_t caret = from > begin ? 4 : 1;
    for (std::size_t i = from; i < at && i < to; ++i)
      if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++caret;
    d.source_column = caret;
  }

  LineState& line() { return lines[depth]; }

  static Position position_before_last(const LineState& l) {
    if (!l.last_undoable) return l.before_last;
    Position p = l.pos;
    p.undo_move(l.last_move, l.last_undo);
    return p;
  }

  // ---- visitor: tags ------------------------------------------------------------------

  void begin_game(const RawGame& g) override {
    if (lines.empty()) lines.resize(4);
    depth = 0;
    column_cache = {};
    lines[0] = LineState{};
    history.clear();
    replay = true;
    chess960 = false;
    tag_result.clear();
    tag_fen.clear();
    tag_setup.clear();
    tag_variant.clear();
    tag_termination.clear();
    has_result_tag = has_fen_tag = has_setup_tag = false;
    roster_seen = 0;
    any_tag = false;
    saw_result = false;
    result_marker.clear();
    automatic_draw_ply = 0;
    automatic_draw_reason = nullptr;
    reported_play_after_draw = false;
    mainline_over = false;
    text_failed = false;
    first_failed_token.clear();
    line_hash = 0;
    illegal_count = 0;
    unlisted_problems = 0;
    read_tokens.clear();
    read_bytes = {};
    words.clear();
    word_pos.clear();
    if (g.decoded_latin1)
      add(Code::Encoding, g.start, "the game is not valid UTF-8; it was read as Windows-1252");
    if (g.truncated)
      add(Code::LimitExceeded, g.start,
          "the game is " + std::to_string(g.original_size) + " bytes, more than the limit of " +
              std::to_string(g.text.size()) + "; only its beginning was read");
  }

  Control tag(std::string_view name, std::string_view raw, TextPos pos) override {
    any_tag = true;
    const KnownTag kind = classify_tag(name);
    if (kind <= KnownTag::Result) roster_seen |= 1u << unsigned(kind);
    std::string_view value = raw;
    if (raw.find('\\') != std::string_view::npos) {
      unescaped = unescape_tag_value(raw);
      value = unescaped;
    }
    if (record) record->tags.emplace_back(name, value);
    switch (kind) {
      case KnownTag::Result:
        has_result_tag = true;
        tag_result.assign(value);
        break;
      case KnownTag::FEN:
        has_fen_tag = true;
        tag_fen.assign(value);
        break;
      case KnownTag::SetUp:
        has_setup_tag = true;
        tag_setup.assign(value);
        break;
      case KnownTag::Variant:
        tag_variant.assign(value);
        break;
      case KnownTag::Termination:
        tag_termination.assign(value);
        break;
      default:
        break;
    }
    if (options.check_tags) check_tag_format(kind, name, value, pos);
    return Control::Continue;
  }

  void check_tag_format(KnownTag kind, std::string_view name, std::string_view value, TextPos pos) {
    switch (kind) {  // free text, or checked elsewhere (FEN, Variant)
      case KnownTag::Event:
      case KnownTag::Site:
      case KnownTag::White:
      case KnownTag::Black:
      case KnownTag::FEN:
      case KnownTag::Variant:
      case KnownTag::Termination:
      case KnownTag::Other:
        return;
      default:
        break;
    }
    // Files repeat values from game to game (one Date for a whole round, one TimeControl for
    // an event): a value equal to the last one accepted for this tag is accepted again
    // without running its pattern.
    const bool by_pattern = kind != KnownTag::Result;  // a Result is read, not matched
    std::string& accepted = last_accepted_[std::size_t(kind)];
    if (by_pattern && !accepted.empty() && value == accepted) return;
    if (plainly_well_formed(kind, value)) return;
    if (const char* expected = tag_format_problem(kind, value)) {
      add(Code::BadTag, pos,
          std::string(name) + " \"" + std::string(value) + "\" is not " + expected);
      return;
    }
    if (by_pattern) accepted.assign(value);
  }

  // The most common values of the tags that change from game to game (Round "7", WhiteElo
  // "2710" or "", ECO "B90", PlyCount "83"), each a case its pattern accepts, recognized
  // without running the pattern: a tag check would otherwise cost more than the moves of a
  // short game.
  static bool plainly_well_formed(KnownTag kind, std::string_view value) {
    switch (kind) {
      case KnownTag::Round:
      case KnownTag::PlyCount:
        return !value.empty() && value.size() <= 9 && all_digits(value);
      case KnownTag::WhiteElo:
      case KnownTag::BlackElo:
        return value.size() <= 4 && all_digits(value);
      case KnownTag::ECO:
        return value.empty() || (value.size() == 3 && value[0] >= 'A' && value[0] <= 'E' &&
                                 all_digits(value.substr(1)));
      default:
        return false;
    }
  }

  // What a value of a checked tag should have been, or nullptr when it is well formed.
  const char* tag_format_problem(KnownTag kind, std::string_view value) const {
    const TagPatterns& p = tag_patterns();
    switch (kind) {
      case KnownTag::Date:
      case KnownTag::EventDate:
      case KnownTag::UTCDate: {
        if (!RE2::FullMatch(value, p.date))
          return "a date in the form YYYY.MM.DD (?? for unknown parts)";
        const int month = value[5] == '?' ? 1 : (value[5] - '0') * 10 + (value[6] - '0');
        const int day = value[8] == '?' ? 1 : (value[8] - '0') * 10 + (value[9] - '0');
        if (month < 1 || month > 12 || day < 1 || day > 31) return "a real calendar date";
        return nullptr;
      }
      case KnownTag::Round:
        return RE2::FullMatch(value, p.round) ? nullptr
                                              : "a round: digits separated by dots, ? or -";
      case KnownTag::Result:
        return parse_result(value, notation) != NoResult ? nullptr : "one of 1-0, 0-1, 1/2-1/2, *";
      case KnownTag::WhiteElo:
      case KnownTag::BlackElo:
        return RE2::FullMatch(value, p.elo) ? nullptr
                                            : "a rating (digits, or - when there is none)";
      case KnownTag::TimeControl:
        return RE2::FullMatch(value, p.time_control)
                   ? nullptr
                   : "a time control such as 40/7200:3600, 300+2, or ? or -";
      case KnownTag::ECO:
        return RE2::FullMatch(value, p.eco) ? nullptr : "an ECO code such as B90";
      case KnownTag::SetUp:
        return RE2::FullMatch(value, p.setup) ? nullptr : "0 or 1";
      case KnownTag::Time:
      case KnownTag::UTCTime:
        return RE2::FullMatch(value, p.time) ? nullptr : "a time in the form HH:MM:SS";
      case KnownTag::PlyCount:
        return RE2::FullMatch(value, p.ply_count) ? nullptr : "a number of plies";
      default:
        return nullptr;
    }
  }

  Control end_tags() override {
    TextPos pos = game->start;
    // A plain scoresheet (moves without any tag) is not held to the PGN tag rules.
    if (options.check_tags && any_tag && roster_seen != 0x7F) {
      std::string missing;
      for (unsigned i = 0; i < 7; ++i) {
        if (roster_seen & (1u << i)) continue;
        if (!missing.empty()) missing += ", ";
        missing += kRosterNames[i];
      }
      add(Code::MissingTag, pos,
          "missing Seven Tag Roster tag" +
              std::string(std::count(missing.begin(), missing.end(), ',') ? "s: " : ": ") +
              missing);
    }
    VariantKind variant = classify_variant(tag_variant);
    if (variant == VariantKind::Unsupported) {
      add(Code::UnsupportedVariant, pos,
          "variant \"" + tag_variant + "\" is not replayed (standard chess and Chess960 are)");
      replay = false;
      return Control::Continue;
    }
    chess960 = variant == VariantKind::Chess960;
    if (options.check_tags) {
      if (has_fen_tag && !has_setup_tag)
        add(Code::BadTag, pos, "FEN tag without SetUp \"1\"");
      else if (has_setup_tag && tag_setup == "1" && !has_fen_tag)
        add(Code::BadTag, pos, "SetUp \"1\" without a FEN tag");
    }
    if (has_fen_tag) {
      FenResult fen = Position::from_fen(tag_fen, chess960);
      if (!fen.ok() && !chess960) {
        // Chess960 start positions are often given without a Variant tag.
        FenResult as960 = Position::from_fen(tag_fen, true);
        if (as960.ok()) {
          fen = std::move(as960);
          chess960 = true;
        }
      }
      if (!fen.ok()) {
        Diagnostic* d = add(Code::BadFen, pos,
                            std::string("FEN is not a legal position (") +
                                fen_error_code(fen.error) + "): " + fen.message);
        if (d) d->fen = tag_fen;
        replay = false;
        return Control::Continue;
      }
      start_position = fen.position;
    } else {
      start_position = Position();
    }
    lines[0].pos = start_position;
    history.push_back(start_position.key());
    if (record) {
      record->start = start_position;
      record->from_fen = has_fen_tag;
      record->chess960 = chess960;
    }
    return Control::Continue;
  }

  // ---- visitor: moves -----------------------------------------------------------------

  bool wants_move_numbers() const override { return false; }
  bool wants_columns() const override { return false; }

  // The parser calls this directly (Impl is final) and inlined: 3% of validation's
  // instructions on master games were the call.
  [[gnu::always_inline]] Control move(std::string_view token, TextPos pos) override {
    if (!replay) return Control::Continue;
    if (notation && notation->spoken) return spoken_word(token, pos);
    LineState& l = line();
    if (l.dead) {
      l.dead_just_now = false;
      return Control::Continue;
    }
    MoveText text;
    MoveTextError error = MoveTextError::None;
    std::size_t used = parse_move_text(token, text, error, notation);
    if (used == 0 || used != token.size()) {
      // "e.p." written as its own token after an en-passant capture.
      if (token == "e.p." || token == "ep" || token == "е.п.") return Control::Continue;
      if (abort_on_unreadable) {
        text_failed = true;
        return Control::SkipGame;
      }
      unreadable_move(token, pos, error);
      return Control::Continue;
    }
    play_text(text, token, pos);
    return Control::Continue;
  }

  void unreadable_move(std::string_view token, TextPos pos, MoveTextError error) {
    LineState& l = line();
    if (!text_failed) {
      text_failed = true;
      first_failed_token.assign(token);
    }
    if (token.find('@') != std::string_view::npos) {
      add(Code::UnsupportedVariant, pos,
          "piece drop " + std::string(token) +
              ": this looks like crazyhouse, which is not replayed");
      replay = false;
      return;
    }
    const char* why = "not a move";
    switch (error) {
      case MoveTextError::UnknownPiece:
        why = "unknown piece letter";
        break;
      case MoveTextError::BadSquare:
        why = "no valid destination square";
        break;
      case MoveTextError::BadPromotion:
        why = "bad promotion piece";
        break;
      case MoveTextError::TrailingGarbage:
        why = "unexpected characters after the move";
        break;
      default:
        break;
    }
    Diagnostic* d = add(Code::IllegalMove, pos,
                        "cannot read move " + move_prefix(l.pos) + std::string(token) + ": " + why);
    if (d) {
      d->written.assign(token);
      d->ply = l.ply + 1;
      d->variation = l.path;
      if (options.include_fen) d->fen = l.pos.fen();
    }
    kill_line();
  }

  void stop_recording(const std::string& problem) {
    if (!recording) return;
    recording = false;
    record->complete = false;
    record->problem = problem;
    for (; record_open > 0; --record_open) record->add(GameEvent::VariationEnd);
  }

  void kill_line() {
    LineState& l = line();
    ++illegal_count;
    if (recording)
      stop_recording(report->problems.empty() ? std::string("unreadable move")
                                              : report->problems.back().message);
    l.before_last = l.pos;
    l.last_undoable = false;
    l.has_last = true;
    l.dead = true;
    l.dead_just_now = true;
    l.variations_here = 0;
  }

  // The rare main-line conditions, kept out of the per-move path: play after an automatic
  // draw is reported once; past the ply budget the line stops. False: do not play the move.
  [[gnu::cold, gnu::noinline]] bool main_line_may_go_on(TextPos pos) {
    LineState& l = line();
    if (automatic_draw_ply && !reported_play_after_draw) {
      reported_play_after_draw = true;
      add(Code::AutomaticDraw, pos,
          std::string("play went on after the game was drawn by ") + automatic_draw_reason +
              " at ply " + std::to_string(automatic_draw_ply) + " (FIDE Laws 9.6)");
    }
    if (l.ply + 1 > options.max_plies) {
      add(Code::LimitExceeded, pos,
          "more than " + std::to_string(options.max_plies) + " plies; the rest is not replayed");
      kill_line();
      return false;
    }
    return true;
  }

  // "--" or "Z0": an error in the main line or in check, a warning in a variation.
  [[gnu::cold, gnu::noinline]] void play_null(const MoveText& text, std::string_view written,
                                              TextPos pos) {
    LineState& l = line();
    const bool main_line = depth == 0;
    if (l.pos.in_check()) {
      bad_move(text, written, pos, MoveResolution{Move(), MoveError::NullMoveInCheck});
      return;
    }
    Diagnostic* d =
        add(main_line ? Code::IllegalMove : Code::NullMove, pos,
            "null move " + move_prefix(l.pos) + std::string(written) +
                (main_line ? " in the main line: a game cannot pass a turn" : " in a variation"));
    if (d) {
      d->written.assign(written);
      d->ply = l.ply + 1;
      d->variation = l.path;  // empty on the main line
    }
    if (recording) stop_recording("null move " + std::string(written));
    l.before_last = l.pos;
    l.last_undoable = false;
    l.has_last = true;
    l.dead_just_now = false;
    l.variations_here = 0;
    l.pos.play_null();
    ++l.ply;
  }

  // Inlined into move(): one call frame less per move (2-3% of validation's instructions).
  [[gnu::always_inline]] void play_text(const MoveText& text, std::string_view written,
                                        TextPos pos) {
    LineState& l = line();
    const bool main_line = depth == 0;
    if (main_line && (automatic_draw_ply || l.ply + 1 > options.max_plies) &&
        !main_line_may_go_on(pos))
      return;
    if (text.kind == MoveText::Null) {
      play_null(text, written, pos);
      return;
    }
    MoveResolution resolution = resolve_move(l.pos, text);
    if (!resolution.ok()) {
      bad_move(text, written, pos, resolution);
      return;
    }
    const Move m = resolution.move;
    if (notation == nullptr || !notation->spoken) {  // spoken phrases are not token views
      if (keep_tokens || read_tokens.empty()) read_tokens.push_back(written);
      if (written.size() >= 2 && !is_file_byte(written[0])) {
        read_bytes.add(static_cast<unsigned char>(written[0]));
        // The piece letters alone rule the other tables out of English games.
        if (keep_tokens) read_bytes.add(static_cast<unsigned char>(written[1]));
      }
    }
    std::size_t recorded_at = 0;
    if (recording) {
      recorded_at = record->events.size();
      std::string& texts = record->texts;
      GameEvent& e = record->events.emplace_back();
      e.kind = GameEvent::MoveEvent;
      e.move = m;
      e.text_begin = texts.size();
      // Most input is canonical SAN already: then the token is the record's SAN.
      if (written_as_canonical_san(l.pos, text, resolution))
        texts.append(written.data(), written.size() - (text.check_mark != 0));
      else
        append_san_unchecked(l.pos, m, texts);
      if (text.nag) record->add(GameEvent::Nag, text.nag);
    }
    l.last_move = m;
    l.last_undoable = true;
    l.has_last = true;
    l.dead_just_now = false;
    l.variations_here = 0;
    l.pos.do_move(m, l.last_undo);
    // The replay knows whether the move checks: the SAN's sign is read off the new position.
    if (recording) {  // the SAN, still the record's last text, is complete with its sign
      GameEvent& e = record->events[recorded_at];
      append_check_sign(l.pos, record->texts);
      e.text_size = record->texts.size() - e.text_begin;
    }
    ++l.ply;
    ++report->moves_replayed;
    line_hash = (line_hash ^ m.raw()) * 0x100000001B3ull + depth;
    // Most moves neither give check nor carry a sign: nothing to compare, no call.
    if (options.check_suffixes && (l.pos.in_check() || text.check_mark != 0))
      check_suffix(text, written, pos, m);
    if (main_line) {
      report->plies = l.ply;
      after_main_line_move();
    }
  }

  void check_suffix(const MoveText& text, std::string_view written, TextPos pos, Move m) {
    const LineState& l = line();
    const bool check = l.pos.in_check();
    if (!check && text.check_mark == 0) return;
    const bool mate = check && l.pos.is_checkmate();
    const char* problem = nullptr;
    switch (text.check_mark) {
      case 0:
        // FIDE notation lets check signs out; only English SAN (the PGN standard) needs them.
        if (notation == nullptr || notation == &english_notation())
          problem = mate ? "the move mates but has no '#'" : "the move gives check but has no '+'";
        break;
      case 1:
        if (!check)
          problem = "'+' on a move that gives no check";
        else if (mate)
          problem = "'+' on a move that mates ('#' expected)";
        break;
      case 2:
        if (!check)
          problem = "'#' on a move that gives no check";
        else if (!mate)
          problem = "'#' on a move that gives check but does not mate";
        break;
      default:  // "++": mate in FIDE usage, double check in Russian usage.
        if (!check) problem = "'++' on a move that gives no check";
        break;
    }
    if (!problem) return;
    const Position before = position_before_last(l);
    Diagnostic* d =
        add(Code::CheckSuffix, pos, move_prefix(before) + std::string(written) + ": " + problem);
    if (d) {
      d->written.assign(written);
      d->san = to_san(before, m);
      d->ply = l.ply;
      d->variation = l.path;
    }
  }

  void bad_move(const MoveText& text, std::string_view written, TextPos pos,
                const MoveResolution& resolution) {
    LineState& l = line();
    const bool main_line = depth == 0;
    // A move after the game ended on the board is a wrong result, not a bad move.
    MoveList legal;
    generate_legal(l.pos, legal);
    if (legal.size == 0) {
      const char* state = l.pos.in_check() ? "checkmate" : "stalemate";
      Diagnostic* d =
          add(main_line ? Code::WrongResult : Code::IllegalMove, pos,
              "move " + move_prefix(l.pos) + std::string(written) + " played after " + state);
      if (d) {
        d->written.assign(written);
        d->ply = l.ply + 1;
        d->variation = l.path;
        if (options.include_fen) d->fen = l.pos.fen();
      }
      if (main_line) mainline_over = true;
      kill_line();
      return;
    }
    const bool ambiguous = resolution.error == MoveError::Ambiguous;
    std::string message = ambiguous ? "ambiguous move " : "illegal move ";
    message += move_prefix(l.pos);
    message.append(written);
    message += ": ";
    message += describe_move_error(l.pos, text, resolution);
    Diagnostic* d =
        add(ambiguous ? Code::AmbiguousMove : Code::IllegalMove, pos, std::move(message));
    if (d) {
      d->written.assign(written);
      d->san = written_as_san(text);
      d->ply = l.ply + 1;
      d->variation = l.path;
      if (options.include_fen) d->fen = l.pos.fen();
    }
    kill_line();
  }

  [[gnu::always_inline]] void after_main_line_move() {
    const Position& pos = lines[0].pos;
    history.push_back(pos.key());
    if (automatic_draw_ply) return;
    if (pos.halfmove_clock() >= 150 && !(pos.in_check() && pos.is_checkmate())) {
      automatic_draw_ply = lines[0].ply;
      automatic_draw_reason = "the 75-move rule";
      return;
    }
    // Fivefold repetition: the same position (same side to move, rights and en passant)
    // five times; only positions since the last irreversible move can repeat.
    const int reversible = std::min<int>(pos.halfmove_clock(), int(history.size()) - 1);
    if (reversible < 16) return;
    int count = 1;
    const std::uint64_t key = pos.key();
    for (int back = 2; back <= reversible; back += 2)
      if (history[history.size() - 1 - back] == key && ++count >= 5) {
        automatic_draw_ply = lines[0].ply;
        automatic_draw_reason = "fivefold repetition";
        return;
      }
  }

  // ---- visitor: variations, NAGs, results ------------------------------------------

  Control begin_variation(TextPos pos) override {
    if (!replay) return Control::SkipVariation;
    flush_words();
    if (lines.size() <= depth + 1) lines.resize(2 * (depth + 1));
    LineState& parent = line();
    if (!parent.has_last) {
      add(Code::Syntax, pos, "variation before any move it could replace");
      return Control::SkipVariation;
    }
    if (parent.dead && !parent.dead_just_now) return Control::SkipVariation;
    ++depth;
    LineState& child = lines[depth];
    child.pos = position_before_last(parent);
    child.has_last = false;
    child.last_undoable = false;
    child.dead = false;
    child.dead_just_now = false;
    child.ply = parent.ply - 1;
    child.variations_here = 0;
    ++parent.variations_here;
    child.path = parent.path;
    if (!child.path.empty()) child.path += '/';
    child.path += std::to_string(parent.ply) + "." + std::to_string(parent.variations_here);
    if (recording) {
      record->add(GameEvent::VariationBegin);
      ++record_open;
    }
    return Control::Continue;
  }

  void end_variation(TextPos) override {
    if (!replay) return;
    flush_words();
    if (depth > 0) {
      --depth;
      if (recording && record_open > 0) {
        record->add(GameEvent::VariationEnd);
        --record_open;
      }
    }
  }

  void comment(std::string_view text, TextPos) override {
    if (recording) record->add_comment(text);
  }

  void nag(int value, TextPos) override {
    if (recording) record->add(GameEvent::Nag, std::uint16_t(value));
  }

  void result(std::string_view marker, TextPos pos) override {
    flush_words();
    saw_result = true;
    result_marker.assign(marker);
    result_pos = pos;
  }

  void syntax_error(std::string_view message, TextPos pos) override {
    constexpr std::string_view kLimit = "limit exceeded:";
    if (message.substr(0, kLimit.size()) == kLimit)
      add(Code::LimitExceeded, pos, std::string(message));
    else
      add(Code::Syntax, pos, std::string(message));
  }

  void end_game() override {
    flush_words();
    finish_result_checks();
    if (unlisted_problems) {
      // Counted with the problems it stands for, which are already in the totals.
      list(Code::LimitExceeded, Severity::Error, game->start,
           std::to_string(unlisted_problems) + " more problems in this game are not listed");
      --report->errors;
    }
  }

  void finish_result_checks() {
    TextPos end_pos = saw_result ? result_pos : game->start;
    ResultKind tag = has_result_tag ? parse_result(tag_result, notation) : NoResult;
    ResultKind marker = saw_result ? parse_result(result_marker, notation) : NoResult;
    if (saw_result && marker == NoResult)
      add(Code::Syntax, result_pos, "unknown termination marker \"" + result_marker + "\"");
    if (has_result_tag && tag != NoResult && saw_result && marker != NoResult && tag != marker) {
      add(Code::ResultMismatch, result_pos,
          std::string("termination marker ") + kResultText[marker] +
              " differs from the Result tag " + kResultText[tag]);
    } else if (has_result_tag && !saw_result) {
      add(Code::ResultMismatch, game->start,
          "the movetext has no termination marker (the Result tag says " + tag_result + ")");
    } else if (!has_result_tag && saw_result && any_tag) {
      add(Code::ResultMismatch, result_pos,
          "termination marker " + result_marker + " but no Result tag");
    }
    ResultKind result = marker != NoResult ? marker : tag;
    report->result = kResultText[result];
    if (record) {
      record->result = kResultText[result];
      for (; record_open > 0; --record_open) record->add(GameEvent::VariationEnd);
    }
    if (replay && !lines[0].dead)
      check_final_position(result, end_pos);
    else if (replay && automatic_draw_ply && !reported_play_after_draw &&
             (result == WhiteWins || result == BlackWins)) {
      add(Code::AutomaticDraw, end_pos,
          std::string("the game was drawn by ") + automatic_draw_reason + " at ply " +
              std::to_string(automatic_draw_ply) + " (FIDE Laws 9.6) but is scored " +
              kResultText[result]);
    }
  }

  void check_final_position(ResultKind result, TextPos pos) {
    const Position& p = lines[0].pos;
    const bool decisive = result == WhiteWins || result == BlackWins;
    auto wrong = [&](std::string message) {
      Diagnostic* d = add(Code::WrongResult, pos, std::move(message));
      if (d) {
        d->ply = lines[0].ply;
        if (options.include_fen) d->fen = p.fen();
      }
    };
    if (result == NoResult) return;
    // Stops at the first legal move it finds: most games end with many.
    const bool can_move = p.has_legal_move();
    if (!can_move && p.in_check()) {
      const ResultKind right = p.side_to_move() == White ? BlackWins : WhiteWins;
      if (result != right && result != Unknown)
        wrong(std::string(p.side_to_move() == White ? "white" : "black") +
              " is checkmated, so the result is " + kResultText[right] + ", not " +
              kResultText[result]);
      return;
    }
    if (!can_move) {
      if (decisive)
        wrong(std::string(p.side_to_move() == White ? "white" : "black") +
              " is stalemated, so the game is drawn, not " + kResultText[result]);
      return;
    }
    if (decisive && p.is_insufficient_material()) {
      wrong(std::string("neither side has material to mate, so the game is drawn, not ") +
            kResultText[result]);
      return;
    }
    if (decisive && !tag_termination.empty()) {
      std::string lower;
      for (char c : tag_termination) lower += (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
      if (lower.find("time") != std::string::npos) {
        const Color winner = result == WhiteWins ? White : Black;
        if (p.pieces(winner) == p.pieces(winner, King))
          wrong(std::string("lost on time, but the ") + (winner == White ? "white" : "black") +
                " side has only its king and cannot mate: the game is drawn (FIDE Laws 6.9), "
                "not " +
                kResultText[result]);
      }
    }
    if (automatic_draw_ply && !reported_play_after_draw && decisive)
      add(Code::AutomaticDraw, pos,
          std::string("the game was drawn by ") + automatic_draw_reason + " at ply " +
              std::to_string(automatic_draw_ply) + " (FIDE Laws 9.6) but is scored " +
              kResultText[result]);
  }

  // ---- spoken notations ---------------------------------------------------------------

  Control spoken_word(std::string_view word, TextPos pos) {
    LineState& l = line();
    if (l.dead) return Control::Continue;
    // A check or mate word belongs to the move before it.
    words.push_back(word);
    word_pos.push_back(pos);
    try_spoken(false);
    return Control::Continue;
  }

  // Reads as many complete moves from the buffered words as possible. With `final`, words
  // left over that form no move are an error.
  void try_spoken(bool final) {
    while (!words.empty()) {
      if (line().dead) {
        words.clear();
        word_pos.clear();
        return;
      }
      MoveText text;
      MoveTextError error = MoveTextError::None;
      std::size_t used = parse_spoken_move(words, text, error, *notation);
      // A phrase may go on (a capture, a promotion, a check word); wait for more words
      // unless the next word already starts another phrase.
      if (used == 0 || (used == words.size() && !final)) {
        if (used == 0 && (final || words.size() >= 8)) {
          std::string phrase;
          for (auto w : words) {
            if (!phrase.empty()) phrase += ' ';
            phrase.append(w);
          }
          unreadable_move(phrase, word_pos.front(), error);
          words.clear();
          word_pos.clear();
        }
        return;
      }
      std::string phrase;
      for (std::size_t i = 0; i < used; ++i) {
        if (i) phrase += ' ';
        phrase.append(words[i]);
      }
      TextPos at = word_pos.front();
      words.erase(words.begin(), words.begin() + std::ptrdiff_t(used));
      word_pos.erase(word_pos.begin(), word_pos.begin() + std::ptrdiff_t(used));
      play_text(text, phrase, at);
    }
  }

  void flush_words() {
    if (notation && notation->spoken && !words.empty()) try_spoken(true);
  }
};

GameValidator::GameValidator(const ValidateOptions& options)
    : impl_(std::make_unique<Impl>(options)) {}
GameValidator::~GameValidator() = default;

namespace {
// Whether two readings of a token name the same move (signs for capture or check aside).
bool same_move(const MoveText& a, const MoveText& b) {
  return a.kind == b.kind && a.piece == b.piece && a.from_file == b.from_file &&
         a.from_rank == b.from_rank && a.to == b.to && a.promotion == b.promotion;
}

// What decides how a table reads moves, as one comparable string (list order aside).
std::string reading_key(const Notation& n) {
  std::string key = n.spoken ? "spoken" : "";
  auto add = [&](std::vector<std::string> list) {
    std::sort(list.begin(), list.end());
    for (const auto& item : list) key += item + '\x1f';
    key += '\x1e';
  };
  for (const auto& list : n.pieces) add(list);
  for (const auto& list : n.file_aliases) add(list);
  for (const auto& list : n.file_words) add(list);
  for (const auto& list : n.rank_words) add(list);
  for (const auto* list : {&n.castle_short, &n.castle_long, &n.capture, &n.move_dash, &n.check,
                           &n.mate, &n.double_check, &n.promotion, &n.en_passant, &n.capture_words,
                           &n.check_words, &n.mate_words, &n.promotion_words, &n.en_passant_words})
    add(*list);
  return key;
}

// The built-in tables other than English, preferred first, leaving out any table that reads
// exactly like one before it; then the user's tables.
std::vector<const Notation*> distinct_notations(const std::vector<const Notation*>& extra) {
  static const std::vector<const Notation*> builtins = [] {
    std::vector<const Notation*> tables;
    for (const Notation* n : builtin_notations())
      if (n != &english_notation()) tables.push_back(n);
    std::stable_sort(tables.begin(), tables.end(), [](const Notation* a, const Notation* b) {
      return a->detection_priority < b->detection_priority;
    });
    std::vector<const Notation*> distinct;
    std::vector<std::string> keys;
    for (const Notation* n : tables) {
      std::string key = reading_key(*n);
      if (std::find(keys.begin(), keys.end(), key) != keys.end()) continue;
      keys.push_back(std::move(key));
      distinct.push_back(n);
    }
    return distinct;
  }();
  if (extra.empty()) return builtins;
  std::vector<const Notation*> all = builtins;
  all.insert(all.end(), extra.begin(), extra.end());
  return all;
}

bool clean(const GameReport& r) {
  for (const auto& d : r.problems)
    if (d.code == Code::IllegalMove || d.code == Code::AmbiguousMove) return false;
  return true;
}
}  // namespace

namespace {
// Problems in input order, so a report reads top to bottom like the file.
void sort_by_position(GameReport& report) {
  std::stable_sort(report.problems.begin(), report.problems.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.offset < b.offset; });
}
}  // namespace

void GameValidator::validate(const RawGame& game, GameReport& report, GameRecord* record) {
  validate_unsorted(game, report, record);
  if (report.problems.size() > 1) sort_by_position(report);
}

void GameValidator::validate_unsorted(const RawGame& game, GameReport& report, GameRecord* record) {
  Impl& v = *impl_;
  const ValidateOptions& options = v.options;
  if (options.notation != nullptr) {
    v.run(game, report, options.notation, record);
    return;
  }

  // Detection. The readings are tried in order: the notation of the previous game first
  // (files rarely change notation), then English, then the others by preference. A reading
  // stops at its first unreadable token. The first that replays the whole game wins.
  // Every other candidate is then read without replay over the winner's tokens: if it reads
  // them all alike it is the same reading, if it fails on one it is no reading, and only a
  // move read differently makes it worth a replay, to see whether it is a second legal game.
  // The hint only changes how fast the answer is found, never the answer: among readings
  // that give the same game, the best-ranked notation (English, then by preference) is the
  // one reported, and of two different legal readings the better-ranked one is used.
  const Notation* english = &english_notation();
  // English, then the distinct tables by preference: the same for every game, so made once.
  std::vector<const Notation*>& ranked = v.ranked_notations;
  if (ranked.empty()) {
    ranked.push_back(english);
    for (const Notation* n : distinct_notations(options.extra_notations)) ranked.push_back(n);
    for (const Notation* n : ranked) v.ranked_alphabets.push_back(&detail::move_alphabet(*n));
  }
  // The usual case, English first and read in full, with tokens that no other table can read
  // (no other table has N, B, R, Q and K; no spoken table has "Nf3" among its words): then no
  // second reading exists, and the search below is not built.
  auto another_may_read = [&] {
    for (std::size_t i = 1; i < ranked.size(); ++i)
      if (v.read_bytes.within(*v.ranked_alphabets[i]) &&
          (!ranked[i]->spoken || v.first_token_is_spoken(*ranked[i])))
        return true;
    return false;
  };
  if (v.last_detected == nullptr) {
    v.abort_on_unreadable = true;
    v.keep_tokens = false;
    v.run(game, report, nullptr, record);
    v.keep_tokens = true;
    v.abort_on_unreadable = false;
    if (!v.text_failed && v.illegal_count == 0 && clean(report) &&
        (v.read_tokens.empty() || !another_may_read()))
      return;
  }
  std::vector<const Notation*>& order = v.notation_order;
  order.assign(ranked.begin(), ranked.end());
  auto rank = [&](const Notation* n) {
    return std::size_t(std::find(ranked.begin(), ranked.end(), n) - ranked.begin());
  };
  auto last = std::find(order.begin(), order.end(), v.last_detected);
  if (last != order.end()) std::rotate(order.begin(), last, last + 1);

  const Notation* winner = nullptr;
  GameReport winner_report;
  std::uint64_t winner_hash = 0;
  std::vector<std::string_view>& winner_tokens = v.winner_tokens;
  std::vector<MoveText>& winner_texts = v.winner_texts;
  std::vector<std::size_t>& check_order = v.check_order;
  winner_tokens.clear();
  const Notation* tokens_read_in = nullptr;  // the table whose run gave winner_tokens
  const Notation* best_partial = nullptr;
  std::uint64_t best_partial_moves = 0;
  std::vector<std::pair<std::size_t, std::string>> other_codes;  // rank, code
  const Notation* recorded = nullptr;                            // whose reading the record holds
  // What the winner's tokens say and the order they are compared in, found when first
  // needed: most games are read in one notation only, which the bytes of the tokens tell.
  detail::ByteSet winner_bytes;
  bool order_known = false;
  auto adopt_tokens = [&](const Notation* n) {
    winner_tokens.swap(v.read_tokens);
    winner_bytes = v.read_bytes;
    tokens_read_in = n;
    order_known = false;
  };
  // Whether table `n` may read every token of the winner: it cannot if a token has a byte
  // that no move of `n` contains (Cyrillic letters in a Latin table).
  auto may_read_winner = [&](const Notation& n) {
    return winner_bytes.within(detail::move_alphabet(n));
  };
  // Tokens that are not plain pawn moves first, so that a table that cannot read the game
  // fails on its first try, with what the winning reading made of each.
  auto prepare_comparing = [&] {
    if (order_known) return;
    order_known = true;
    check_order.clear();
    for (std::size_t i = 0; i < winner_tokens.size(); ++i)
      if (winner_tokens[i].empty() || !is_file_byte(winner_tokens[i][0])) check_order.push_back(i);
    for (std::size_t i = 0; i < winner_tokens.size(); ++i)
      if (!winner_tokens[i].empty() && is_file_byte(winner_tokens[i][0])) check_order.push_back(i);
    winner_texts.resize(winner_tokens.size());
    for (std::size_t i = 0; i < winner_tokens.size(); ++i) {
      MoveTextError error = MoveTextError::None;
      parse_move_text(winner_tokens[i], winner_texts[i], error, tokens_read_in);
    }
  };
  std::vector<std::uint64_t> readings;
  GameReport attempt;
  for (const Notation* n : order) {
    if (winner && !n->spoken && !winner->spoken) {
      if (!may_read_winner(*n)) continue;
      prepare_comparing();
      bool readable = true, same = true;
      for (std::size_t k = 0; k < check_order.size() && readable; ++k) {
        const std::size_t i = check_order[k];
        MoveText text;
        MoveTextError error = MoveTextError::None;
        readable = parse_move_text(winner_tokens[i], text, error, n) == winner_tokens[i].size();
        same = same && readable && same_move(text, winner_texts[i]);
      }
      if (readable && same && rank(n) < rank(winner)) {
        // The same game, reported in the better-ranked notation.
        if (recorded == winner) {
          recorded = n;
          if (record) record->notation = n->code;
        }
        winner = n;
        winner_report.notation = n->code;
      }
      if (!readable || same) continue;
    } else if (winner && n->spoken) {
      // A spoken reading needs every token to be one of its words.
      if (!may_read_winner(*n)) continue;
      prepare_comparing();
      bool words = true;
      for (std::size_t k = 0; k < check_order.size() && words; ++k)
        words = looks_spoken(winner_tokens[check_order[k]], *n);
      if (!words) continue;
    }
    // Each full run also fills the record, so the winner's run rarely has to be repeated.
    v.abort_on_unreadable = true;
    v.run(game, attempt, n == english ? nullptr : n, record);
    v.abort_on_unreadable = false;
    recorded = n;
    const bool legal = !v.text_failed && v.illegal_count == 0 && clean(attempt);
    if (legal && !winner) {
      winner = n;
      winner_report = std::move(attempt);
      winner_hash = v.line_hash;
      adopt_tokens(n == english ? nullptr : n);
      readings.push_back(winner_hash);
    } else if (legal) {
      // One name per distinct reading.
      if (std::find(readings.begin(), readings.end(), v.line_hash) != readings.end()) continue;
      readings.push_back(v.line_hash);
      const Notation* other = n;
      if (rank(n) < rank(winner)) {
        // A better-ranked, different legal reading: it is the one used.
        other = winner;
        winner = n;
        winner_report = std::move(attempt);
        adopt_tokens(n == english ? nullptr : n);
      }
      other_codes.push_back({rank(other), other->code});
    } else if (!winner && (best_partial == nullptr || attempt.moves_replayed > best_partial_moves ||
                           (n == english && attempt.moves_replayed == best_partial_moves))) {
      best_partial_moves = attempt.moves_replayed;
      best_partial = n;
    }
  }
  if (!winner) {
    // No notation reads the whole game: report the reading that got furthest, in full.
    v.run(game, report, best_partial == english ? nullptr : best_partial, record);
    return;
  }
  if (winner != english) v.last_detected = winner;
  std::sort(other_codes.begin(), other_codes.end());
  std::string others;
  for (const auto& [unused_rank, code] : other_codes) {
    if (!others.empty()) others += ", ";
    others += code;
  }
  report = std::move(winner_report);
  if (record && recorded != winner) {
    GameReport again;
    v.run(game, again, winner == english ? nullptr : winner, record);
  }
  if (!others.empty() && !options.ignored[int(Code::AmbiguousNotation)]) {
    Diagnostic d;
    d.code = Code::AmbiguousNotation;
    d.severity = options.strict ? Severity::Error : Severity::Warning;
    d.game = game.index;
    d.offset = game.start.offset;
    d.line = game.start.line;
    d.column = game.start.column;
    d.message = "the game reads as legal but different games in notations " + winner->code +
                " and " + others + "; " + winner->code + " was used (choose one with --lang)";
    if (d.severity == Severity::Error)
      ++report.errors;
    else
      ++report.warnings;
    report.problems.insert(report.problems.begin(), std::move(d));
  }
}

}  // namespace pgn
