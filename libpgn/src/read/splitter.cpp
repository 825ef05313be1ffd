// GameSplitter: cuts a byte stream into games without parsing moves.
//
// Boundaries follow what real files do rather than only what the standard says:
//   - a '[' starting a line (outside comments) starts a new game when the current one already
//     has movetext or a termination marker (files without blank lines between games);
//   - a tag section after a termination marker starts a new game, wherever it is: several games
//     on one line (`... 1-0 [Event "x"] ...`) are several games;
//   - a blank line does not end a game without a termination marker: movetext or a comment
//     after it continues the game (engines' annotated files put blank lines between moves),
//     and the game records where (a warning), except movetext that starts with move number
//     "1." (not "1..."), which is the next game;
//   - a line of movetext after a line that ended with a termination marker starts a new game;
//   - tag-only games: after a blank line, a tag whose name the tag section already has starts
//     a new game, and so does a second [Event tag;
//   - inside a brace comment, a line starting with `[Event "` ends the game: an unclosed '{'
//     would otherwise swallow every game after it (the parser reports the open comment).
// Comments, ';' lines, '%' lines and tag values are followed so that a '[' or a blank line
// inside them never cuts a game.
//
// The tag lines at the start of a game are read as the parser reads them and handed to it
// with the game (RawGame::tag_lines, read/tag_lines.hpp): a game's tags are read once.
//
// Memory is bounded: the buffer holds at most max_game_bytes of the current game plus one
// read; a longer game is cut (its beginning is kept) and the rest is scanned but dropped; the
// game says where the dropped part starts and ends.
//
// An input whose first bytes hold a control byte before any '[' is not PGN (an archive, an
// image): no game is read from it, and binary_data_at() says where the first such byte is.
//
// Why one file over 800 lines: the splitter is one state machine over the bytes (tags, movetext,
// comments, line starts), whose steps share the scan position and are inlined into one loop;
// the rules above are each a few lines of it.
#include "libpgn/splitter.hpp"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <unordered_set>

#include "libpgn/encoding.hpp"
#include "libpgn/tags.hpp"
#include "libpgn/types.hpp"
#include "read/movetext_scan.hpp"
#include "read/tag_lines.hpp"
#include "tags/tag_scan.hpp"
#include "text/text_scan.hpp"

namespace pgn {
namespace {

using detail::is_horizontal_space;
using detail::is_line_end;
using detail::scan_movetext;

// Bytes that must be present after a decision point (BOM, CR LF, `[Event "`, a tag name,
// a lone result token); everything before the end of input is decided with this much
// lookahead, so no decision ever depends on where a read happened to stop.
constexpr std::size_t kLookahead = 64;
// Bytes kept before the scan position of a game that is being dropped (result detection
// looks back at the end of the previous line).
constexpr std::size_t kLookback = 64;
// The first this many characters of a tag name are compared by the duplicate-tag rule.
constexpr std::size_t kTagNamePrefix = 32;
// A tag pair is read within this many bytes from its '[' (the buffer always has room for
// them); a pair that runs on beyond them (a value of 64 KiB) is taken to end with its line.
constexpr std::size_t kTagPairWindow = 64u << 10;
// The first bytes looked at to tell binary data from text.
constexpr std::size_t kSniffBytes = 4096;

// Only the standard markers end a game here: a localized one is read by the parser.
bool is_result_token(std::string_view token) {
  return read_result(token).has_value();
}

enum class Mode : std::uint8_t {
  LineStart,     // before the first non-blank character of a line
  Movetext,      // in movetext outside comments
  BraceComment,  // inside { }
  LineComment,   // in a ';' comment or a '%' escape line, up to the end of the line
  TagPair,       // at the '[' of a tag pair that is read next
  AfterTag,      // after a tag pair (or a leading comment) on its line
};

}  // namespace

struct GameSplitter::Impl {
  Impl(InputSource& input, SplitterOptions opts) : source(input), options(opts) {
    options.buffer_bytes = std::max<std::size_t>(options.buffer_bytes, 4 * kLookahead);
    options.max_game_bytes = std::max<std::size_t>(options.max_game_bytes, 1);
    max_capacity = options.max_game_bytes + options.buffer_bytes + 4 * kLookahead + kTagPairWindow;
  }

  InputSource& source;
  SplitterOptions options;

  // The window [0, data_end) of the input; buffer[0] is input byte buffer_offset.
  std::unique_ptr<char[]> buffer;
  std::size_t capacity = 0;
  std::size_t max_capacity = 0;
  std::size_t data_end = 0;
  std::size_t pos = 0;
  std::uint64_t buffer_offset = 0;
  bool at_end = false;
  bool wants_more = false;  // a step needs more bytes than the lookahead to decide

  Mode mode = Mode::LineStart;
  std::uint32_t line = 1;
  std::uint32_t line_indent = 0;  // characters skipped at the start of the current line
  bool line_had_bom = false;
  std::uint64_t line_begin = 0;  // input offset of the current line's first byte
  // Columns counted on the current line up to counted_to, for games starting mid-line.
  std::uint32_t counted_line = 0;
  std::uint32_t counted_columns = 0;
  std::uint64_t counted_to = 0;
  bool sniffed = false;
  std::optional<TextPos> binary_at;

  // The game being scanned.
  bool open = false;
  std::uint64_t game_begin = 0;    // input offset of its first byte
  std::uint64_t content_end = 0;   // input offset just past its last non-blank byte so far
  std::uint32_t content_line = 0;  // the line of that byte
  TextPos game_start;
  bool game_bom = false;
  bool has_tags = false;
  bool has_movetext = false;
  bool has_result = false;  // a line of movetext ended with a termination marker
  bool seen_event = false;
  bool blank_since_tag = false;
  bool blank_after_movetext = false;
  bool dropping = false;  // longer than max_game_bytes: the rest is scanned, not kept
  std::string kept_prefix;
  TextPos dropped_from;                    // the first byte not kept
  TextPos continued_after_blank{0, 0, 0};  // movetext after a blank line inside the game
  bool names_collected = false;
  std::unordered_set<std::uint64_t> tag_names;  // hashes, only after a blank line in tags
  // The tag lines read so far (read/tag_lines.hpp), while nothing else has come in the game.
  std::vector<detail::TagLine> tag_lines;
  bool describing_tags = false;

  // The finished game handed out by next().
  std::uint64_t ready_begin = 0;
  std::uint64_t ready_end = 0;
  TextPos ready_start;
  bool ready_bom = false;
  bool ready_dropped = false;
  TextPos ready_dropped_from;
  std::uint32_t ready_end_line = 0;
  TextPos ready_continued;
  std::vector<detail::TagLine> ready_tag_lines;
  std::uint64_t games = 0;
  std::string decoded;
  EncodingDetector detector{options.encoding};
  std::string ready_prefix;

  std::size_t index_of(std::uint64_t offset) const {
    return static_cast<std::size_t>(offset - buffer_offset);
  }
  std::uint64_t offset_of(std::size_t index) const { return buffer_offset + index; }
  // The earliest buffer index that still belongs to the current game.
  std::size_t game_floor() const {
    return open && game_begin >= buffer_offset ? index_of(game_begin) : 0;
  }

  // ---- input -------------------------------------------------------------------------

  void fill() {
    std::size_t keep_from = pos;
    if (open && !dropping) {
      keep_from = index_of(game_begin);
      if (pos - keep_from >= options.max_game_bytes) start_dropping();
    }
    if (dropping) keep_from = pos >= kLookback ? pos - kLookback : 0;
    if (keep_from > 0) {
      std::memmove(buffer.get(), buffer.get() + keep_from, data_end - keep_from);
      data_end -= keep_from;
      pos -= keep_from;
      buffer_offset += keep_from;
    }
    const std::size_t wanted = data_end + options.buffer_bytes;
    if (wanted > capacity) grow(std::min(std::max(wanted, capacity * 2), max_capacity));
    const std::size_t room = std::min(capacity - data_end, options.buffer_bytes);
    const std::size_t got = room == 0 ? 0 : source.read(buffer.get() + data_end, room);
    if (got == 0) at_end = true;
    data_end += got;
  }

  // Looks at the first bytes once: a control byte (not a blank) before any '[' is binary data.
  void sniff() {
    sniffed = true;
    const std::size_t end = std::min(data_end, kSniffBytes);
    TextPos at{0, 1, 1};
    for (std::size_t i = 0; i < end; ++i, ++at.offset) {
      const unsigned char c = static_cast<unsigned char>(buffer[i]);
      if (c == '[') return;
      if (c == '\n') {
        ++at.line;
        at.column = 1;
        continue;
      }
      // 0x1A (DOS end of file) ends many old text files.
      const bool control =
          (c < 0x20 && c != 0x1A && !is_horizontal_space(char(c)) && !is_line_end(char(c))) ||
          c == 0x7F;
      if (control) {
        binary_at = at;
        at_end = true;
        pos = data_end = 0;
        return;
      }
      at.column += (c & 0xC0) != 0x80;
    }
  }

  void grow(std::size_t new_capacity) {
    new_capacity = std::max(new_capacity, data_end + 1);
    std::unique_ptr<char[]> bigger(new char[new_capacity]);
    if (data_end > 0) std::memcpy(bigger.get(), buffer.get(), data_end);
    buffer = std::move(bigger);
    capacity = new_capacity;
  }

  // Keeps the first max_game_bytes of the current game aside and stops buffering it.
  void start_dropping() {
    const char* begin = buffer.get() + index_of(game_begin);
    kept_prefix.assign(begin, detail::cut_at_character(begin, data_end - index_of(game_begin),
                                                       options.max_game_bytes));
    dropping = true;
    // Where the kept part ends: counted once per cut game.
    dropped_from = TextPos{game_begin + kept_prefix.size(), game_start.line, game_start.column};
    for (char c : kept_prefix) {
      if (c == '\n') {
        ++dropped_from.line;
        dropped_from.column = 1;
      } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
        ++dropped_from.column;
      }
    }
  }

  bool available(std::size_t index, std::size_t count) const { return index + count <= data_end; }

  // Stops this close to the end of the window wait for the next read, so that CR LF and
  // the lookahead checks never straddle two reads.
  bool near_end(std::size_t index) const { return !at_end && index + kLookahead > data_end; }

  // Moves to `stop` (found by a scan ending at the window end); false if it must wait.
  bool reached(const char* stop) {
    pos = static_cast<std::size_t>(stop - buffer.get());
    return pos < data_end && !near_end(pos);
  }

  bool matches(std::size_t index, std::string_view text) const {
    return available(index, text.size()) &&
           std::memcmp(buffer.get() + index, text.data(), text.size()) == 0;
  }

  // ---- games -------------------------------------------------------------------------

  void open_game(std::size_t index) {
    open = true;
    game_begin = offset_of(index);
    content_end = game_begin;
    game_start = TextPos{game_begin, line, 1 + line_indent};
    game_bom = line_had_bom;
    has_tags = has_movetext = has_result = seen_event = false;
    blank_since_tag = blank_after_movetext = dropping = false;
    continued_after_blank = TextPos{0, 0, 0};
    names_collected = false;
    tag_names.clear();
    tag_lines.clear();
    describing_tags = false;
  }

  // Hands the current game to next() and, if `next_begin` is given, opens the next game there.
  void finish_game() {
    ready_begin = game_begin;
    ready_end = std::max(content_end, game_begin);
    ready_start = game_start;
    ready_bom = game_bom;
    ready_dropped = dropping;
    ready_dropped_from = dropped_from;
    ready_end_line = content_line;
    ready_continued = continued_after_blank;
    if (dropping) ready_prefix.swap(kept_prefix);
    ready_tag_lines.swap(tag_lines);
    open = false;
    dropping = false;
  }

  // Marks [.., terminator) as the end of a line with content: trailing blanks are trimmed.
  void note_content_line_end(std::size_t terminator) {
    std::size_t end = terminator;
    const std::size_t floor = game_floor();
    while (end > floor && is_horizontal_space(buffer[end - 1])) --end;
    content_end = std::max(content_end, offset_of(end));
    content_line = line;
  }

  // Does the line ending at `terminator` end with a termination marker token?
  bool line_ends_with_result(std::size_t terminator) const {
    const std::size_t floor = game_floor();
    std::size_t end = terminator;
    while (end > floor && is_horizontal_space(buffer[end - 1])) --end;
    // Quick rejection on the last two characters, which decide nearly every line.
    if (end == floor) return false;
    const char last = buffer[end - 1];
    if (last != '*') {
      if (end - floor < 3) return false;
      const char before = buffer[end - 2];
      if (!((last == '0' || last == '1') && before == '-') && !(last == '2' && before == '/')) {
        return false;
      }
    }
    std::size_t begin = end;
    while (begin > floor && end - begin < 8) {
      const char c = buffer[begin - 1];
      if (is_horizontal_space(c) || is_line_end(c) || c == '}' || c == ')') break;
      --begin;
    }
    return is_result_token(std::string_view(buffer.get() + begin, end - begin));
  }

  // Consumes the terminator at `terminator` (CR LF counts once) and starts the next line.
  void consume_line_break(std::size_t terminator) {
    pos = terminator + 1;
    if (buffer[terminator] == '\r' && pos < data_end && buffer[pos] == '\n') ++pos;
    ++line;
    line_indent = 0;
    line_had_bom = false;
    line_begin = offset_of(pos);
  }

  void end_content_line(std::size_t terminator) {
    if (open) {
      note_content_line_end(terminator);
      if (has_movetext && mode != Mode::BraceComment && line_ends_with_result(terminator)) {
        has_result = true;
      }
    }
    consume_line_break(terminator);
    mode = Mode::LineStart;
  }

  // A line break inside a brace comment. Returns true when the game was cut there.
  bool comment_line_break(std::size_t terminator) {
    if (open) note_content_line_end(terminator);
    consume_line_break(terminator);
    mode = Mode::BraceComment;
    if (open && matches(pos, "[Event \"")) {
      // An unclosed comment running into the next game: give up on it here.
      finish_game();
      mode = Mode::LineStart;
      return true;
    }
    return false;
  }

  static std::uint64_t hash_name(const char* p, const char* end) {
    std::uint64_t hash = 1469598103934665603ull;
    for (std::size_t n = 0; p < end && n < kTagNamePrefix; ++p, ++n) {
      const char c = *p;
      if (tags::kEndsTagName[static_cast<unsigned char>(c)]) break;
      hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    }
    return hash;
  }

  // Hash of the tag name after the '[' at `index`.
  std::uint64_t tag_name_at(std::size_t index) const {
    const char* p = buffer.get() + index + 1;
    const char* end = buffer.get() + data_end;
    for (int spaces = 0; p < end && spaces < 8 && is_horizontal_space(*p); ++spaces) ++p;
    return hash_name(p, end);
  }

  // Collects the names of the tags seen so far in this game (done once per game, and only
  // for tag sections interrupted by a blank line, so the common path never pays for it).
  void collect_tag_names(std::size_t until) {
    names_collected = true;
    if (dropping) return;
    for (std::size_t i = index_of(game_begin); i < until; ++i) {
      if (buffer[i] == '[') tag_names.insert(tag_name_at(i));
    }
  }

  bool is_event_tag(std::size_t index) const {
    return matches(index, "[Event") && available(index, 7) &&
           (is_horizontal_space(buffer[index + 6]) || buffer[index + 6] == '"');
  }

  // Bookkeeping for a tag starting at `index` (a '[' in a tag position).
  void note_tag(std::size_t index) {
    has_tags = true;
    blank_since_tag = false;
    if (is_event_tag(index)) seen_event = true;
    if (names_collected) tag_names.insert(tag_name_at(index));
  }

  // Does a tag line at `index` start a new game?
  bool tag_starts_new_game(std::size_t index) {
    if (has_movetext || has_result || blank_after_movetext) return true;
    if (!has_tags) return false;
    if (seen_event && is_event_tag(index)) return true;
    if (blank_since_tag) {
      if (!names_collected) collect_tag_names(index);
      return tag_names.count(tag_name_at(index)) > 0;
    }
    return false;
  }

  // Is the token at `index` a termination marker standing alone?
  bool lone_result_at(std::size_t index) const {
    std::size_t end = index;
    while (end < data_end && end - index < 8 && !is_horizontal_space(buffer[end]) &&
           !is_line_end(buffer[end])) {
      ++end;
    }
    return is_result_token(std::string_view(buffer.get() + index, end - index));
  }

  // A line that is "[pgn]" or "[/pgn]" alone (blanks after it), its end in the buffer.
  bool forum_wrapper_line_at(std::size_t index) const {
    // One byte rules out nearly every line: each tag line of a game is asked about.
    const char second = index + 1 < data_end ? buffer[index + 1] : '\0';
    if (second != '/' && (second | 0x20) != 'p') return false;
    const char* begin = buffer.get() + index;
    const char* end = buffer.get() + data_end;
    const char* q = begin + detail::forum_wrapper_at(begin, end);
    if (q == begin) return false;
    while (q < end && is_horizontal_space(*q)) ++q;
    return q < end && is_line_end(*q);
  }

  // "1." not followed by another '.': the first move of a game without tags.
  // "1." (not "1..."), or a bughouse board's first move "1A." / "1b." (BPGN records without
  // tags or a result, one blank line between them).
  bool first_move_number_at(std::size_t index) const {
    if (matches(index, "1.")) return !matches(index + 2, ".");
    if (!matches(index, "1") || !matches(index + 2, ".")) return false;
    const char board = index + 1 < data_end ? buffer[index + 1] : '\0';
    return board == 'A' || board == 'a' || board == 'B' || board == 'b';
  }

  void note_continued_after_blank() {
    blank_after_movetext = false;
    if (continued_after_blank.line == 0)
      continued_after_blank = TextPos{offset_of(pos), line, 1 + line_indent};
  }

  // A '[' in movetext outside comments at `index`: when it follows a termination marker and
  // starts a tag, the game ends before it and the next game starts there.
  bool tag_after_result_at(std::size_t index) {
    std::size_t name = index + 1;
    while (name < data_end && name - index < 8 && is_horizontal_space(buffer[name])) ++name;
    if (name >= data_end) return false;
    const char first = buffer[name];
    const bool name_start = (first >= 'A' && first <= 'Z') || (first >= 'a' && first <= 'z') ||
                            (first >= '0' && first <= '9') || first == '_';
    if (!name_start || !line_ends_with_result(index)) return false;
    note_content_line_end(index);
    finish_game();
    // The next game starts at the '[', in the middle of this line.
    mode = Mode::LineStart;
    line_had_bom = false;
    // Its column, in characters: counted on from the last game that started on this line
    // (bytes where the line's beginning has left the buffer).
    if (counted_line != line || counted_to < buffer_offset) {
      counted_line = line;
      counted_to = std::max(line_begin, buffer_offset);
      counted_columns = static_cast<std::uint32_t>(counted_to - line_begin);
    }
    for (std::size_t i = index_of(counted_to); i < index; ++i)
      counted_columns += (static_cast<unsigned char>(buffer[i]) & 0xC0) != 0x80;
    counted_to = offset_of(index);
    line_indent = counted_columns;
    pos = index;
    return true;
  }

  // ---- per-mode steps; each returns true when a game is ready -------------------------

  bool step_line_start() {
    const char c = buffer[pos];
    if (is_horizontal_space(c)) {
      ++pos;
      ++line_indent;
      return false;
    }
    if (c == '\xEF' && matches(pos, "\xEF\xBB\xBF")) {
      pos += 3;
      line_had_bom = true;
      describing_tags = false;
      return false;
    }
    if (is_line_end(c)) {
      // A blank line.
      if (open) {
        if (has_movetext || has_result) {
          blank_after_movetext = true;
        } else if (has_tags) {
          blank_since_tag = true;
        }
      }
      consume_line_break(pos);
      return false;
    }
    if (c == '[') {
      if (forum_wrapper_line_at(pos)) [[unlikely]] {
        // "[/pgn]" after a game, "[pgn]" before one: no game of its own (the parser skips it).
        if (!open) open_game(pos);
        describing_tags = false;
        ++pos;
        mode = Mode::LineComment;
        return false;
      }
      if (open && tag_starts_new_game(pos)) {
        finish_game();
        return true;  // the '[' is looked at again, as the first line of the next game
      }
      if (!open) {
        open_game(pos);
        describing_tags = true;
      }
      note_tag(pos);
      take_tag_lines();
      return false;
    }
    describing_tags = false;
    const bool escape_line = c == '%' && line_indent == 0 && !line_had_bom;
    if (escape_line || c == ';' || c == '{') {
      if (open && blank_after_movetext) {
        if (has_result) {
          finish_game();
          return true;
        }
        note_continued_after_blank();
      }
      if (!open) open_game(pos);
      ++pos;
      mode = c == '{' ? Mode::BraceComment : Mode::LineComment;
      return false;
    }
    // Movetext.
    if (open && (blank_after_movetext || has_result)) {
      if (blank_after_movetext && !has_result && lone_result_at(pos)) {
        blank_after_movetext = false;  // "... Ra7 <blank line> *": the marker ends this game
      } else if (!has_result && !first_move_number_at(pos)) {
        note_continued_after_blank();
      } else {
        finish_game();
        return true;
      }
    }
    if (!open) open_game(pos);
    has_movetext = true;
    mode = Mode::Movetext;
    return false;
  }

  // The tag line at pos (noted by note_tag). While the game's tags are described, it and the
  // lines after it that start with a tag step_line_start() would note are read in one go:
  // the same decisions, without a round through step() per line. The first line that is not
  // one read_tag_line() keeps, and the rest of the game, go the general way: the line at once
  // when it is one plain tag, else step by step.
  void take_tag_lines() {
    while (describing_tags && read_tag_line()) {
      if (pos >= data_end || near_end(pos) || buffer[pos] != '[' || forum_wrapper_line_at(pos)) {
        return;
      }
      // Nothing but tag lines since the game's first byte (no movetext, result or blank line):
      // of tag_starts_new_game() and note_tag(), only the Event test is left, made once.
      const bool event = is_event_tag(pos);
      if (event && seen_event) return;  // a new game's first line
      seen_event |= event;
      if (names_collected) tag_names.insert(tag_name_at(pos));
    }
    describing_tags = false;
    const char* close =
        detail::find_any<'\n', '\r', ';', ']'>(buffer.get() + pos, buffer.get() + data_end);
    if (!tag_line_fast_path(close)) mode = Mode::TagPair;
  }

  // The tag line at pos, read as the parser reads it (tags::scan_tag_pair) and kept for it in
  // tag_lines, when it holds one pair that the parser reads without a report and nothing else
  // but blanks: the line is then done, as tag_line_fast_path() or step_tag_pair() would do it.
  // False leaves the line, and the rest of the game, to them.
  [[gnu::always_inline]] bool read_tag_line() {
    const char* const base = buffer.get();
    const char* const open = base + pos;
    detail::TagLineLayout t;
    const bool plain = data_end - pos >= 32 && detail::read_plain_tag_line_layout(open, t);
    if (!plain && !detail::read_tag_line_layout(
                      open, open + std::min(data_end - pos, detail::kMaxTagLineOffset), t)) {
      return false;
    }
    const std::size_t terminator = static_cast<std::size_t>(t.terminator - base);
    const std::size_t first = index_of(game_begin);
    if (near_end(terminator) || dropping || terminator - first > detail::kMaxTagLineOffset ||
        static_cast<std::size_t>(t.name_begin - open) > detail::kMaxTagLineSkip ||
        static_cast<std::size_t>(t.stop - t.value_end) > detail::kMaxTagLineSkip) {
      return false;
    }
    const auto at = [&](const char* p) {
      return static_cast<std::uint16_t>(static_cast<std::size_t>(p - base) - first);
    };
    const auto line_in_game = static_cast<std::uint16_t>(line - game_start.line);
    tag_lines.push_back(detail::TagLine{
        line_in_game,
        line_in_game == 0 ? std::uint16_t{0} : static_cast<std::uint16_t>(line_begin - game_begin),
        at(open), at(t.name_end), at(t.value_begin), at(t.value_end),
        static_cast<std::uint8_t>(t.name_begin - open),
        static_cast<std::uint8_t>(t.stop - t.value_end), t.escape_free});
    // end_content_line() for a line of the open game's tags (no movetext: no result to look
    // for), whose content ends at the ']'.
    content_end = std::max(content_end, offset_of(static_cast<std::size_t>(t.stop - base)));
    content_line = line;
    consume_line_break(terminator);
    mode = Mode::LineStart;
    return true;
  }

  // A whole `[Name "value"]` line without ';' or '{' anywhere: skips to its end at once
  // and returns true, or returns false to leave the line to step_tag_pair. `close` is the
  // line's first '\n', '\r', ';' or ']' (or the end of the data). When the first ']' ends the
  // line but for blanks, the tag pair, read as step_tag_pair reads it, ends at or before it
  // and nothing follows on the line, whatever the pair's form: the same end, found sooner.
  bool tag_line_fast_path(const char* close) {
    const char* end = buffer.get() + data_end;
    // The first ']' must be followed by nothing but blanks: one tag on the line (a ']' inside
    // the value, or more after the tag, say a game's moves and the next game's tags, is left
    // to the step-by-step scan).
    if (close == end || *close != ']') return false;
    const char* stop = close + 1;
    while (stop < end && is_horizontal_space(*stop)) ++stop;
    if (stop == end || !is_line_end(*stop)) return false;
    const std::size_t terminator = static_cast<std::size_t>(stop - buffer.get());
    if (near_end(terminator)) return false;
    mode = Mode::AfterTag;
    end_content_line(terminator);
    return true;
  }

  // The tag pair whose '[' is at pos, read as the parser reads it (tags/tag_scan.hpp): a ']',
  // '{' or ';' inside its value never ends it, and a malformed pair ends where the parser
  // reads on after it. The pair is looked for in its first kTagPairWindow bytes (a fixed
  // window, so that what is decided never depends on where a read stopped).
  bool step_tag_pair() {
    const char* const open = buffer.get() + pos;
    const std::size_t window = std::min(data_end - pos, kTagPairWindow);
    const char* const limit = open + window;
    const tags::TagPairResume next =
        tags::resume_after_tag_pair(tags::scan_tag_pair(open, limit), limit);
    if (next.known || (at_end && window == data_end - pos)) {
      pos = static_cast<std::size_t>(next.at - buffer.get());
      mode = Mode::AfterTag;
    } else if (window < kTagPairWindow) {
      wants_more = true;  // read on and look again
    } else {
      ++pos;
      mode = Mode::LineComment;
    }
    return false;
  }

  bool step_after_tag() {
    const char c = buffer[pos];
    if (is_horizontal_space(c)) {
      ++pos;
    } else if (is_line_end(c)) {
      end_content_line(pos);
    } else if (c == '[') {
      note_tag(pos);
      mode = Mode::TagPair;
    } else if (c == '{') {
      ++pos;
      mode = Mode::BraceComment;
    } else if (c == ';') {
      ++pos;
      mode = Mode::LineComment;
    } else {
      has_movetext = true;
      mode = Mode::Movetext;
    }
    return false;
  }

  bool step_line_comment() {
    const char* begin = buffer.get() + pos;
    const char* end = buffer.get() + data_end;
    const char* stop = detail::find_any<'\n', '\r', '\n', '\r'>(begin, end);
    if (reached(stop)) end_content_line(pos);
    return false;
  }

  // A brace comment in a game without movetext yet: after it, look whether movetext
  // follows on the same line.
  bool step_leading_comment() {
    const char* begin = buffer.get() + pos;
    const char* end = buffer.get() + data_end;
    const char* stop = detail::find_any<'}', '\n', '\r', '}'>(begin, end);
    if (!reached(stop)) return false;
    if (*stop != '}') return comment_line_break(pos);
    ++pos;
    mode = Mode::AfterTag;  // same choices: blanks, end of line, '{', ';', or movetext
    return false;
  }

  bool step_movetext() {
    bool in_comment = mode == Mode::BraceComment;
    const char* const base = buffer.get();
    const char* const end = base + data_end;
    // The line breaks continues_movetext would take one by one are passed over in the scan.
    const bool game_goes_on = open && has_movetext && !has_result && !blank_after_movetext;
    for (;;) {
      detail::PlainLineBreaks breaks;
      const char* p = scan_movetext(base + pos, end, in_comment, game_goes_on ? &breaks : nullptr);
      if (breaks.count > 0) pass_plain_line_breaks(breaks);
      pos = static_cast<std::size_t>(p - base);
      mode = in_comment ? Mode::BraceComment : Mode::Movetext;
      if (p == end) return false;
      if (near_end(pos)) return false;  // decide after the next read
      if (*p == ';') {
        ++pos;
        mode = Mode::LineComment;
        return false;
      }
      if (*p == '[') {
        if (tag_after_result_at(pos)) return true;
        ++pos;
        continue;
      }
      if (!continues_movetext(pos, in_comment)) break;
    }
    if (in_comment) return comment_line_break(pos);
    end_content_line(pos);
    return false;
  }

  // What continues_movetext does for each of `breaks` (nothing before them is blank).
  void pass_plain_line_breaks(const detail::PlainLineBreaks& breaks) {
    const std::size_t last = static_cast<std::size_t>(breaks.last - buffer.get());
    content_end = std::max(content_end, offset_of(last));
    content_line = line + breaks.count - 1;
    line += breaks.count;
    line_indent = 0;
    line_had_bom = false;
    line_begin = offset_of(static_cast<std::size_t>(breaks.next_line - buffer.get()));
  }

  // The common line break inside movetext: the game goes on and the next line starts with a
  // byte that step_line_start would only hand back to step_movetext (movetext, '{' or ';';
  // not a blank, '[', '%' or a BOM, which decide more). Then the break is taken here and the
  // scan goes on, instead of a round through step() per line. False leaves the break to the
  // general path.
  bool continues_movetext(std::size_t terminator, bool in_comment) {
    if (!open || !has_movetext || has_result || blank_after_movetext) return false;
    std::size_t next = terminator + 1;
    if (buffer[terminator] == '\r' && next < data_end && buffer[next] == '\n') ++next;
    if (next >= data_end || near_end(next)) return false;
    if (!detail::is_plain_line_start(buffer[next])) return false;
    if (!in_comment && line_ends_with_result(terminator)) return false;
    note_content_line_end(terminator);
    consume_line_break(terminator);
    return true;
  }

  bool step() {
    switch (mode) {
      case Mode::LineStart:
        return step_line_start();
      case Mode::Movetext:
        return step_movetext();
      case Mode::BraceComment:
        return has_movetext || !open ? step_movetext() : step_leading_comment();
      case Mode::LineComment:
        return step_line_comment();
      case Mode::TagPair:
        return step_tag_pair();
      case Mode::AfterTag:
        return step_after_tag();
    }
    return false;
  }

  // Scans until a game is complete; false at the end of the input.
  bool advance() {
    if (!sniffed) {
      const std::size_t window =
          std::min(kSniffBytes, max_capacity - options.buffer_bytes - kTagPairWindow);
      while (!at_end && data_end < window) fill();
      sniff();
    }
    for (;;) {
      if (!at_end && (data_end - pos < kLookahead || wants_more)) {
        wants_more = false;
        fill();
        continue;
      }
      if (pos >= data_end) {
        if (!open) return false;
        if (mode != Mode::LineStart) note_content_line_end(data_end);
        finish_game();
        mode = Mode::LineStart;
        return true;
      }
      if (step()) return true;
    }
  }

  void deliver(RawGame& game) {
    std::string_view text;
    if (ready_dropped) {
      text = ready_prefix;
    } else {
      text = std::string_view(buffer.get() + index_of(ready_begin),
                              static_cast<std::size_t>(ready_end - ready_begin));
    }
    game = RawGame{};
    game.original_size = ready_end - ready_begin;
    if (text.size() > options.max_game_bytes) {
      text = text.substr(
          0, detail::cut_at_character(text.data(), text.size(), options.max_game_bytes));
      game.truncated = true;
    }
    game.truncated = game.truncated || ready_dropped;
    if (game.truncated) {
      game.dropped_from = ready_dropped ? ready_dropped_from : TextPos{0, 0, 0};
      game.end_line = ready_end_line;
    }
    game.continued_after_blank_line = ready_continued;
    const detail::TextKind kind = detail::classify_text(text);
    if (kind == detail::TextKind::Invalid || (kind == detail::TextKind::Utf8 && detector.forced()))
        [[unlikely]] {
      // Detection looks at the input from this game on, as far as it is in memory.
      const std::string_view window =
          ready_dropped
              ? text
              : std::string_view(text.data(),
                                 static_cast<std::size_t>(buffer.get() + data_end - text.data()));
      const CodePage& page = detector.choose(text, window.substr(0, 1u << 20));
      decode_code_page(page, text, decoded);
      text = decoded;
      game.code_page = &page;
      game.encoding_forced = detector.forced() != nullptr;
    }
    game.ascii_only = kind == detail::TextKind::Ascii;
    game.text = text;
    if (!game.truncated && !game.code_page && !ready_tag_lines.empty()) {
      game.tag_lines = ReadTagLines{ready_tag_lines.data(), text.data(),
                                    static_cast<std::uint32_t>(ready_tag_lines.size())};
    }
    game.start = ready_start;
    game.index = ++games;
    game.had_bom = ready_bom;
  }
};

std::size_t text_index(const RawGame& game, std::uint64_t offset) {
  const std::size_t bytes = static_cast<std::size_t>(offset - game.start.offset);
  if (!game.code_page) return bytes;
  std::size_t at = 0;
  for (std::size_t characters = 0; characters < bytes && at < game.text.size(); ++characters) {
    ++at;
    while (at < game.text.size() && (static_cast<unsigned char>(game.text[at]) & 0xC0) == 0x80)
      ++at;
  }
  return at;
}

GameSplitter::GameSplitter(InputSource& source, SplitterOptions options)
    : impl_(std::make_unique<Impl>(source, options)) {}

GameSplitter::~GameSplitter() = default;

bool GameSplitter::next(RawGame& game) {
  if (!impl_->advance()) return false;
  impl_->deliver(game);
  return true;
}

std::optional<TextPos> GameSplitter::binary_data_at() const {
  return impl_->binary_at;
}

InputSource& GameSplitter::source() {
  return impl_->source;
}

}  // namespace pgn
