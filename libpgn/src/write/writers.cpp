// The writers of libpgn/writers.hpp: PGN export format (and LAN in the same layout), JSON,
// UCI, FEN and EPD, all driven by the canonical walk of record_walk.hpp. CSV rows are
// csv_writer.cpp's, the formats' names output_formats.cpp's.
//
// Why one file of 955 lines: the sinks are the walk's template arguments, instantiated in
// GameWriter::Impl below, and share its number tables and line breaker; one file keeps the
// whole per-move writing path visible to the compiler, which inlines it into the walk.
#include "libpgn/writers.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <vector>

#include "libpgn/append_buffer.hpp"
#include "libpgn/comment_commands.hpp"
#include "libpgn/json_writer.hpp"
#include "libpgn/movegen.hpp"
#include "libpgn/result_forms.hpp"
#include "libpgn/san.hpp"
#include "libpgn/variant.hpp"
#include "openings/opening_tags.hpp"
#include "read/clock_comment.hpp"
#include "tags/tag_value.hpp"
#include "text/decimal.hpp"
#include "text/text_scan.hpp"
#include "write/csv_row.hpp"
#include "write/record_walk.hpp"

namespace pgn {
namespace {

using detail::append_number;
using detail::format_number;
using detail::WalkedMove;

constexpr std::array<std::string_view, 7> kSevenTagRoster = {"Event", "Site",  "Date",  "Round",
                                                             "White", "Black", "Result"};
constexpr std::array<std::string_view, 7> kRosterDefaults = {"?", "?", "????.??.??", "?",
                                                             "?", "?", "*"};
// The index of a name in kSevenTagRoster (its size when it is not there): its size first.
constexpr std::size_t roster_index(std::string_view name) {
  switch (name.size()) {
    case 4:
      return name == "Site" ? 1 : name == "Date" ? 2 : 7;
    case 5:
      return name == "Event"   ? 0
             : name == "Round" ? 3
             : name == "White" ? 4
             : name == "Black" ? 5
                               : 7;
    case 6:
      return name == "Result" ? 6 : 7;
    default:
      return 7;
  }
}
static_assert([] {
  for (std::size_t r = 0; r < kSevenTagRoster.size(); ++r)
    if (roster_index(kSevenTagRoster[r]) != r) return false;
  return roster_index("Sites") == kSevenTagRoster.size();
}());
// Suffix annotations for NAGs 1..6, as --keep-suffixes writes them.
constexpr std::array<std::string_view, 7> kSuffixes = {"", "!", "?", "!!", "??", "!?", "?!"};

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// Move numbers below 1000 as text, made at compile time: formatting took a division per digit
// on every White move.
struct NumberTexts {
  static constexpr std::size_t kCount = 1000;
  char text[kCount][3] = {};
  std::uint8_t size[kCount] = {};
  constexpr NumberTexts() {
    for (std::size_t n = 0; n < kCount; ++n) {
      size[n] = std::uint8_t(n < 10 ? 1 : n < 100 ? 2 : 3);
      for (std::size_t v = n, i = size[n]; i-- > 0; v /= 10) text[n][i] = char('0' + v % 10);
    }
  }
};
constexpr NumberTexts kNumberTexts;

// A move's number as it leads White's move ("12. ") and a Black move that needs it
// ("12... "), for numbers below 1000: 8 bytes each, copied as one word.
struct MoveNumberTexts {
  static constexpr std::size_t kCount = NumberTexts::kCount;
  struct Text {
    char bytes[8] = {};
    std::uint8_t size = 0;
  };
  Text white[kCount], black[kCount];
  constexpr MoveNumberTexts() {
    for (std::size_t n = 0; n < kCount; ++n) {
      const std::size_t digits = kNumberTexts.size[n];
      for (std::size_t i = 0; i < digits; ++i)
        white[n].bytes[i] = black[n].bytes[i] = kNumberTexts.text[n][i];
      white[n].bytes[digits] = '.';
      white[n].bytes[digits + 1] = ' ';
      white[n].size = std::uint8_t(digits + 2);
      for (std::size_t i = 0; i < 3; ++i) black[n].bytes[digits + i] = '.';
      black[n].bytes[digits + 3] = ' ';
      black[n].size = std::uint8_t(digits + 4);
    }
  }
};
constexpr MoveNumberTexts kMoveNumberTexts;

// `value` in decimal: from the table when it is in it, else written at the end of `buffer`.
std::string_view number_text(char (&buffer)[24], std::uint64_t value) {
  if (value < NumberTexts::kCount) return {kNumberTexts.text[value], kNumberTexts.size[value]};
  return format_number(buffer, value);
}

// The record's result; "*" when it has none, or when the game is cut (--truncate-invalid).
GameResult record_result(const GameRecord& record, const GameExtras& extras) {
  if (extras.unknown_result) return GameResult::Unknown;
  return record.result.value_or(GameResult::Unknown);
}

// Moves as the target notation writes them.
void append_move(const WalkedMove& m, const Notation* notation, bool lan, std::string& out) {
  if (m.event->move.is_null()) {
    out += "--";
  } else if (lan) {
    append_lan(*m.before, m.event->move, out, notation);
  } else if (notation) {
    append_san(*m.before, m.event->move, out, notation);
  } else {
    out += m.san;
  }
}

// Whether the space at `at` lies inside a token (`glued` is ascending).
bool is_glued(const std::vector<std::size_t>& glued, std::size_t at) {
  return !glued.empty() && std::binary_search(glued.begin(), glued.end(), at);
}

// The two line breakers below break the one-line movetext that starts at `begin` into lines
// of at most `width` characters, greedily: each line takes as many words as fit, and a word
// longer than a line stands alone. A line break replaces a space, so nothing moves; spaces
// listed in `glued` are not break points.
//
// For ASCII text, where a byte is a character: the break of each line is the last space
// within its width, which memrchr finds.
void break_ascii_lines(std::string& text, std::size_t begin, std::size_t width,
                       const std::vector<std::size_t>& glued) {
  char* const data = text.data();
  const std::size_t end = text.size();
  std::size_t line = begin;
  while (end - line > width) {
    // A break at space q leaves q - line characters on the line: q <= line + width.
    const char* from = data + line + 1;
    std::size_t span = width;
    const void* space;
    while ((space = memrchr(from, ' ', span)) != nullptr &&
           is_glued(glued, std::size_t(static_cast<const char*>(space) - data)))
      span = std::size_t(static_cast<const char*>(space) - from);
    if (space == nullptr) {  // the line's first word is longer than a line: break after it
      std::size_t after = line + width + 1;
      while ((space = std::memchr(data + after, ' ', end - after)) != nullptr &&
             is_glued(glued, std::size_t(static_cast<const char*>(space) - data)))
        after = std::size_t(static_cast<const char*>(space) - data) + 1;
      if (space == nullptr) return;
    }
    const std::size_t at = std::size_t(static_cast<const char*>(space) - data);
    data[at] = '\n';
    line = at + 1;
  }
}

// For any UTF-8 text: characters are counted as an editor counts them, by their lead bytes.
void break_lines(std::string& text, std::size_t begin, std::size_t width,
                 const std::vector<std::size_t>& glued) {
  char* const data = text.data();
  const std::size_t end = text.size();
  constexpr std::size_t kNone = std::string::npos;
  for (std::size_t line = begin;;) {
    std::size_t characters = 0;  // on the line before byte i
    std::size_t last = kNone;    // the last break point within the width
    std::size_t i = line;
    for (; i < end; ++i) {
      const unsigned char c = static_cast<unsigned char>(data[i]);
      if (c == ' ' && i > line && !is_glued(glued, i)) {
        if (characters > width) {
          if (last == kNone) last = i;
          break;
        }
        last = i;
      }
      characters += (c & 0xC0) != 0x80;
    }
    if (i == end && characters <= width) return;  // the rest fits
    if (last == kNone) return;                    // one word to the end
    data[last] = '\n';
    line = last + 1;
  }
}

// Movetext layout: tokens separated by single spaces on lines of at most `width` characters;
// a token longer than a line stands alone on its line. Parentheses stick to the token they
// enclose: "(2. Nc3 Nf6)". The movetext is gathered on one line and broken when complete:
// every space is a break point unless it lies inside a token (a spoken move: "Springer Felix
// drei"), so a comment's words wrap like tokens, and the breaking looks at a few spaces a line
// instead of deciding for every token where it goes.
class LineBreaker {
 public:
  void start(std::string& out, std::size_t width) {
    out_ = &out;
    begin_ = out.size();
    width_ = width;
    opening_ = 0;
    empty_ = ascii_ = true;
    glued_.clear();
    block_.start(out);
  }
  // A token of ASCII characters, in up to three pieces, so that callers need not build it
  // first; a space in it is a break point ("12. e4": number and move in one go).
  [[gnu::always_inline]] void ascii_token(std::string_view text, std::string_view more = {},
                                          std::string_view end = {}) {
    put_token(text, more, end);
  }
  // An ASCII token of two pieces (`lead` may be empty) that each have 8 bytes to read from
  // their start, of which the first `lead_size` and `size` are the token's: each copied as one
  // word, without the branches on their sizes a copy of a few bytes takes.
  [[gnu::always_inline]] void word_token(const char* lead, std::size_t lead_size, const char* text,
                                         std::size_t size) {
    if (opening_ != 0) [[unlikely]] {
      put_token(std::string_view(lead, lead_size), std::string_view(text, size), {});
      return;
    }
    block_.make_room(1 + 8 + 8);
    const bool first = empty_;
    empty_ = false;
    char* p = block_.cursor();
    *p = ' ';
    p += !first;
    if (lead_size != 0) {  // known where the call is inlined
      std::memcpy(p, lead, 8);
      p += lead_size;
    }
    std::memcpy(p, text, 8);
    block_.set_cursor(p + size);
  }
  // Lichess's clock comment, the 16 bytes " [%clk 0:05:00] " at `text`, as the token
  // "{[%clk 0:05:00]}": copied at once, its first and last bytes replaced by the braces.
  [[gnu::always_inline]] void clock_comment_token(const char* text) {
    if (opening_ != 0) [[unlikely]] {
      put_token("{", std::string_view(text + 1, 14), "}");
      return;
    }
    block_.make_room(1 + 16);
    const bool first = empty_;
    empty_ = false;
    char* p = block_.cursor();
    *p = ' ';
    p += !first;
    std::memcpy(p, text, 16);
    p[0] = '{';
    p[15] = '}';
    block_.set_cursor(p + 16);
  }
  // A run of ASCII tokens written by the caller through a pointer, as word_token writes one:
  // each with its space before it, so only after the first token and with no "(" waiting
  // (runs()). From run_begin() on, up to run_limit(); run_flush(p) hands the block to the
  // output and gives where to go on, run_end(p) takes back where the run ended.
  bool runs() const { return !empty_ && opening_ == 0; }
  char* run_begin() { return block_.cursor(); }
  char* run_limit() { return block_.limit(); }
  char* run_flush(char* p) {
    block_.set_cursor(p);
    block_.flush();
    return block_.cursor();
  }
  void run_end(char* p) { block_.set_cursor(p); }
  // Any token; the spaces in it are not break points.
  void token(std::string_view text) {
    const std::size_t at = block_.size() + (empty_ ? 0 : 1) + opening_;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == ' ') glued_.push_back(at + i);
      ascii_ &= static_cast<unsigned char>(text[i]) < 0x80;
    }
    put_token(text, {}, {});
  }
  // Words one space apart, which may go on different lines, `open` before the first and
  // `close` after the last (both ASCII).
  [[gnu::always_inline]] void words(std::string_view open, std::string_view words,
                                    std::string_view close, bool ascii) {
    put_token(open, words, close);
    ascii_ &= ascii;
  }
  // "(" goes in front of the next token.
  void open_parenthesis() { ++opening_; }
  // ")" goes right after the last token.
  void close_parenthesis() {
    if (opening_ > 0) {  // nothing was written inside
      --opening_;
      return;
    }
    block_ += ')';
  }
  void finish() {
    block_.flush();
    if (width_ != 0 && ascii_)
      break_ascii_lines(*out_, begin_, width_, glued_);
    else if (width_ != 0)
      break_lines(*out_, begin_, width_, glued_);
    *out_ += '\n';
  }

 private:
  static constexpr std::size_t kBlockSize = 4096;

  // A space unless this is the first token, the "(" waiting for the token, and its pieces;
  // one check for room in the block for all of them.
  [[gnu::always_inline]] void put_token(std::string_view a, std::string_view b,
                                        std::string_view c) {
    const std::size_t size = 1 + opening_ + a.size() + b.size() + c.size();
    if (size > kBlockSize) [[unlikely]] {
      put_long_token(a, b, c);
      return;
    }
    block_.make_room(size);
    // The members read before the first byte is written (see AppendBuffer::cursor).
    const bool first = empty_;
    std::size_t opening = opening_;
    empty_ = false;
    opening_ = 0;
    char* p = block_.cursor();
    if (!first) *p++ = ' ';
    for (; opening > 0; --opening) *p++ = '(';
    p = AppendBuffer<kBlockSize>::put_at(p, a);
    p = AppendBuffer<kBlockSize>::put_at(p, b);
    p = AppendBuffer<kBlockSize>::put_at(p, c);
    block_.set_cursor(p);
  }
  [[gnu::noinline]] void put_long_token(std::string_view a, std::string_view b,
                                        std::string_view c) {
    if (!empty_) block_ += ' ';
    empty_ = false;
    for (; opening_ > 0; --opening_) block_ += '(';
    block_ += a;
    block_ += b;
    block_ += c;
  }

  std::string* out_ = nullptr;
  std::size_t begin_ = 0;  // where the movetext starts in *out_
  std::size_t width_ = 79;
  std::size_t opening_ = 0;         // "(" waiting for the next token
  bool empty_ = true;               // no token yet
  bool ascii_ = true;               // every byte of the movetext is ASCII: a byte is a character
  std::vector<std::size_t> glued_;  // spaces inside tokens (offsets in *out_), ascending
  // The movetext, appended to the output a block at a time.
  AppendBuffer<kBlockSize> block_;
};

// Whether `p` is the standard starting position, whose FEN is Position::kStartFen: most games
// start there, and making the FEN costs as much as writing a short game's moves.
bool is_standard_start(const Position& p) {
  static const Position start;
  if (p.variant() != Variant::Standard || p.is_chess960() || p.side_to_move() != White ||
      p.castling_rights() != start.castling_rights() || p.ep_square() != start.ep_square() ||
      p.halfmove_clock() != 0 || p.fullmove_number() != 1 || p.pieces(White) != start.pieces(White))
    return false;
  for (PieceType t : {Pawn, Knight, Bishop, Rook, Queen, King})
    if (p.pieces(t) != start.pieces(t)) return false;
  return true;
}

// ---- PGN and LAN ------------------------------------------------------------------------

class PgnSink {
 public:
  PgnSink(const WriterOptions& options, LineBreaker& lines, const GameRecord& record)
      : options_(options),
        lines_(lines),
        start_side_(std::uint32_t(record.start.side_to_move())),
        start_number_(std::uint64_t(record.start.fullmove_number())),
        record_san_(!options.keep_suffixes && options.notation == nullptr &&
                    options.format != OutputFormat::Lan) {}

  void leading_comment(std::string_view text) { write_comment(text); }
  // Inlined into the walk: most moves are the record's SAN with nothing to add, written at
  // once with the number White's moves and a move after a comment or variation take.
  [[gnu::always_inline]] void move(const WalkedMove& m) {
    if (!record_san_ || m.event->move.is_null() || has_pending_) [[unlikely]] {
      move_with_pending(m);
      return;
    }
    const bool white = ((start_side_ + m.ply) & 1) == 0;
    const GameEvent& e = *m.event;
    // A SAN kept in its event has 8 bytes to read (GameEvent::kInPlace): copied as a word.
    const bool san_word = e.text_size <= 8;
    if (!white && !need_number_) {
      if (san_word) [[likely]]
        lines_.word_token({}, 0, e.text.bytes, e.text_size);
      else
        lines_.ascii_token(m.san);
      return;
    }
    need_number_ = false;
    const std::uint64_t number = move_number(m);
    if (san_word && number < MoveNumberTexts::kCount) [[likely]] {
      const MoveNumberTexts::Text& lead =
          white ? kMoveNumberTexts.white[number] : kMoveNumberTexts.black[number];
      lines_.word_token(lead.bytes, lead.size, e.text.bytes, e.text_size);
      return;
    }
    char digits[24];
    const std::string_view number_view = number_text(digits, number);
    if (white)
      lines_.ascii_token(number_view, ". ", m.san);
    else
      lines_.ascii_token(number_view, "... ", m.san);
  }
  // Moves of a line without variations written from `e` on at once, while each is one that
  // move() writes as words (its SAN kept in its event, of at most 8 bytes, a number from the
  // table) and is followed by the next move, or by a clock comment (GameEvent::kPlainClock)
  // and then the next move: all that the walk's move(), plain_clock_comment() and move_end()
  // would write, with this sink's and the line breaker's state in registers instead of
  // members loaded again after every byte stored. `e` is a move; returns the first event not
  // written (a move), `ply` advanced by the moves written.
  [[gnu::always_inline]] const GameEvent* move_run(const GameEvent* e, const GameEvent* end,
                                                   std::uint32_t& ply, bool comments) {
    if (!record_san_ || has_pending_ || !lines_.runs()) return e;
    LineBreaker& lines = lines_;
    const std::uint32_t side = start_side_;
    const std::uint64_t first_number = start_number_;
    bool need_number = need_number_;
    std::uint32_t at = ply;
    // The most a move and its clock comment write: " 999... " is 7 bytes, each word 8, and
    // " {[%clk 0:05:00]}" 17.
    constexpr std::ptrdiff_t kUnit = 1 + 8 + 8 + 17;
    char* const limit = lines.run_limit();
    char* p = lines.run_begin();
    while (end - e >= 2) {
      const GameEvent& move = e[0];
      const GameEvent& after = e[1];
      bool clock = false;
      if (after.kind != GameEvent::MoveEvent) {
        if (after.kind != GameEvent::Comment || after.nag != GameEvent::kPlainClock ||
            end - e < 3 || e[2].kind != GameEvent::MoveEvent)
          break;
        clock = true;
      }
      if (move.text_size > 8 || move.move.is_null()) break;
      const bool white = ((side + at) & 1) == 0;
      const MoveNumberTexts::Text* lead = nullptr;
      if (white || need_number) {
        const std::uint64_t number = first_number + (side + at) / 2;
        if (number >= MoveNumberTexts::kCount) break;
        lead = white ? &kMoveNumberTexts.white[number] : &kMoveNumberTexts.black[number];
      }
      if (limit - p < kUnit) [[unlikely]]
        p = lines.run_flush(p);
      *p++ = ' ';
      if (lead != nullptr) {
        std::memcpy(p, lead->bytes, 8);
        p += lead->size;
      }
      std::memcpy(p, move.text.bytes, 8);
      p += move.text_size;
      need_number = false;
      ++at;
      ++e;
      if (clock) {
        if (comments) {  // as clock_comment_token writes it
          *p = ' ';
          std::memcpy(p + 1, after.text.bytes, 16);
          p[1] = '{';
          p[16] = '}';
          p += 17;
          need_number = true;
        }
        ++e;
      }
    }
    lines.run_end(p);
    need_number_ = need_number;
    ply = at;
    return e;
  }
  // A move written after its suffix annotation or in another form (pending_), or a null move.
  [[gnu::noinline]] void move_with_pending(const WalkedMove& m) {
    flush_move();
    const bool white = ((start_side_ + m.ply) & 1) == 0;
    const bool numbered = white || need_number_;
    need_number_ = false;
    char digits[24];
    const std::string_view digits_view = numbered ? number_text(digits, move_number(m)) : "";
    if (record_san_ && !m.event->move.is_null()) {
      if (numbered)
        lines_.ascii_token(digits_view, white ? ". " : "... ", m.san);
      else
        lines_.ascii_token(m.san);
      return;
    }
    if (numbered) lines_.ascii_token(digits_view, white ? "." : "...");
    // The record's SAN is written from where it is; other forms are made in pending_.
    if (options_.notation || options_.format == OutputFormat::Lan || m.event->move.is_null()) {
      pending_.clear();
      append_move(m, options_.notation, options_.format == OutputFormat::Lan, pending_);
      pending_view_ = pending_;
    } else {
      pending_view_ = m.san;
    }
    has_pending_ = true;
    suffix_written_ = false;
  }
  std::uint64_t move_number(const WalkedMove& m) const {
    return start_number_ + (start_side_ + m.ply) / 2;
  }

  void nag(int value) {
    if (options_.keep_suffixes && has_pending_ && !suffix_written_ && value >= 1 && value <= 6) {
      if (pending_view_.data() != pending_.data()) pending_.assign(pending_view_);
      pending_ += kSuffixes[value];
      pending_view_ = pending_;
      suffix_written_ = true;
      return;
    }
    flush_move();
    char digits[24];
    lines_.ascii_token("$", format_number(digits, std::uint64_t(value)));
  }
  void comment(std::string_view text) { write_comment(text); }
  // Inlined into the walk: lichess writes one after every move (see write_comment).
  [[gnu::always_inline]] void plain_clock_comment(const GameEvent& e) {
    if (has_pending_) [[unlikely]]
      flush_move();
    need_number_ = true;
    lines_.clock_comment_token(e.text.bytes);
  }
  void comment_after_variations(std::string_view text) { write_comment(text); }
  void variation_begin() {
    flush_move();
    lines_.open_parenthesis();
    need_number_ = true;
  }
  void variation_end() {
    flush_move();
    lines_.close_parenthesis();
    need_number_ = true;
  }
  void move_end() { flush_move(); }
  void main_line_end() { flush_move(); }

 private:
  void flush_move() {
    if (!has_pending_) return;
    // English moves are ASCII (SAN, LAN, suffixes) without spaces.
    if (options_.notation == nullptr)
      lines_.ascii_token(pending_view_);
    else
      lines_.token(pending_view_);
    has_pending_ = false;
  }

  // A comment's words, one space apart, which wrap like any other tokens. Its whitespace is
  // normalized and '}' (which cannot stand inside a brace comment) is left out.
  void write_comment(std::string_view text) {
    flush_move();
    need_number_ = true;
    // Lichess's clock comment, one after every move: " [%clk 0:05:00] " is written
    // "{[%clk 0:05:00]}" with nothing to trim, normalize or test for non-ASCII bytes.
    if (detail::is_plain_clock_comment(text)) {
      lines_.ascii_token("{", text.substr(1, 14), "}");
      return;
    }
    // Most other comments are normalized already and written as they are.
    const std::string_view body = trim(text);
    const detail::CommentScan scan = detail::scan_comment(body.data(), body.size());
    if (scan.plain && !scan.brace) {
      lines_.words("{", body, "}", scan.ascii);
      return;
    }
    filtered_.clear();
    for (std::size_t i = 0; i < text.size();) {
      while (i < text.size() && (is_space(text[i]) || text[i] == '}')) ++i;
      if (i == text.size()) break;
      if (!filtered_.empty()) filtered_ += ' ';
      for (; i < text.size() && !is_space(text[i]); ++i)
        if (text[i] != '}') filtered_ += text[i];
    }
    lines_.words("{", filtered_, "}", scan.ascii);
  }
  static std::string_view trim(std::string_view text) {
    // Most comments are " text " or "text": settled by their first and last bytes.
    if (text.size() >= 2 && !is_space(text[1]) && !is_space(text[text.size() - 2]) &&
        text.front() == ' ' && text.back() == ' ')
      return text.substr(1, text.size() - 2);
    std::size_t begin = 0, end = text.size();
    while (begin < end && is_space(text[begin])) ++begin;
    while (end > begin && is_space(text[end - 1])) --end;
    return text.substr(begin, end - begin);
  }

  const WriterOptions& options_;
  LineBreaker& lines_;
  const std::uint32_t start_side_;    // the side to move at the start (White 0)
  const std::uint64_t start_number_;  // the move number at the start
  const bool record_san_;             // moves are written as the record's SAN, as they are
  bool need_number_ = true;
  bool has_pending_ = false;
  bool suffix_written_ = false;
  std::string_view pending_view_;  // the move token waiting for its suffix annotation
  std::string pending_, filtered_;
};

// ---- JSON -------------------------------------------------------------------------------

class JsonSink {
 public:
  JsonSink(const WriterOptions& options, JsonWriter& json, std::vector<std::uint8_t>& fields,
           std::vector<std::string_view>& leading, bool chess960)
      : options_(options), json_(json), fields_(fields), leading_(leading), chess960_(chess960) {
    fields_.assign(1, kNone);
    leading_.clear();
  }

  void leading_comment(std::string_view text) { leading_.push_back(text); }
  void move(const WalkedMove& m) {
    json_.begin_object();
    if (!leading_.empty()) {
      write_string_array(json_.key("comments_before"), leading_);
      leading_.clear();
    }
    json_.key("san").string(m.san);
    // From the move alone: the walk replays the moves only for --fen.
    char uci[5];
    json_.key("uci").string(std::string_view(uci, write_uci(m.event->move, chess960_, uci)));
    if (options_.fen) json_.key("fen").string(m.after->fen());
    fields_.back() = kNone;
    if (line() < commands_.size()) commands_[line()] = CommentCommands();
  }
  void nag(int value) {
    open_field(kNags, "nags");
    json_.number(value);
  }
  void comment(std::string_view text) {
    open_field(kComments, "comments");
    json_.string(text);
    read_commands(text);
  }
  void comment_after_variations(std::string_view text) {
    open_field(kCommentsAfter, "comments_after");
    json_.string(text);
    read_commands(text);
  }
  void variation_begin() {
    open_field(kVariations, "variations");
    json_.begin_array();
    fields_.push_back(kNone);
  }
  void variation_end() {
    json_.end_array();
    fields_.pop_back();
  }
  void move_end() {
    close_field();
    if (line() < commands_.size() && !commands_[line()].empty()) {
      write_commands(commands_[line()]);
      commands_[line()] = CommentCommands();
    }
    json_.end_object();
  }
  void main_line_end() {}

  // Comments of a game without moves.
  const std::vector<std::string_view>& unattached_comments() const { return leading_; }

  static void write_string_array(JsonWriter& json, const std::vector<std::string_view>& texts) {
    json.begin_array();
    for (std::string_view text : texts) json.string(text);
    json.end_array();
  }

 private:
  enum : std::uint8_t { kNone, kNags, kComments, kVariations, kCommentsAfter };

  // The move's array member `name`, opened unless it is the one being written.
  void open_field(std::uint8_t field, std::string_view name) {
    if (fields_.back() == field) return;
    close_field();
    json_.key(name).begin_array();
    fields_.back() = field;
  }
  void close_field() {
    if (fields_.back() != kNone) json_.end_array();
    fields_.back() = kNone;
  }

  // The open line the current move is on (0: the main line).
  std::size_t line() const { return fields_.size() - 1; }

  // The comment commands of the move ([%clk], [%emt], [%eval], [%timestamp]) as numbers
  // beside its comments, which keep their text (docs/convert.md). Per open line, made only
  // when a comment holds a command.
  void read_commands(std::string_view text) {
    if (!has_comment_command(text)) return;
    if (commands_.size() <= line()) commands_.resize(line() + 1);
    read_comment_commands(text, commands_[line()]);
  }
  void write_commands(const CommentCommands& c) {
    if (c.clock) json_.key("clock").number(*c.clock);
    if (c.emt) json_.key("emt").number(*c.emt);
    if (c.eval) {
      json_.key("eval").begin_object();
      if (c.eval->centipawns) json_.key("cp").number(*c.eval->centipawns);
      if (c.eval->mate) json_.key("mate").number(*c.eval->mate);
      if (c.eval->depth) json_.key("depth").number(*c.eval->depth);
      json_.end_object();
    }
    if (c.timestamp) json_.key("timestamp").number(*c.timestamp);
  }

  const WriterOptions& options_;
  JsonWriter& json_;
  std::vector<std::uint8_t>& fields_;  // per open line: the array field of its current move
  std::vector<std::string_view>& leading_;
  std::vector<CommentCommands> commands_;  // per open line: its current move's commands
  bool chess960_;                          // the game's castling moves are written as in Chess960
};

// ---- UCI, FEN, EPD ------------------------------------------------------------------------

class UciSink {
 public:
  // The moves' text needs no position (write_uci): the walk does not replay them.
  UciSink(std::string& out, bool chess960) : out_(out), chess960_(chess960) {}
  void leading_comment(std::string_view) {}
  void move(const WalkedMove& m) {
    out_.make_room(6);
    char* p = out_.cursor();
    if (any_) *p++ = ' ';
    any_ = true;
    out_.set_cursor(p + write_uci(m.event->move, chess960_, p));
  }
  void nag(int) {}
  void comment(std::string_view) {}
  void comment_after_variations(std::string_view) {}
  void variation_begin() {}
  void variation_end() {}
  void move_end() {}
  void main_line_end() {
    out_ += '\n';
    out_.flush();
  }

 private:
  // Gathered and appended a block at a time: two appends to the string per move cost more
  // than making the move's text.
  AppendBuffer<1024> out_;
  bool chess960_;  // castling moves are written as in Chess960 (write_uci)
  bool any_ = false;
};

class PositionSink {
 public:
  PositionSink(std::string& out, bool epd, std::uint64_t game)
      : out_(out), epd_(epd), game_(game) {}
  void leading_comment(std::string_view) {}
  void move(const WalkedMove& m) {
    const std::string fen = m.after->fen();
    if (!epd_) {
      out_ += fen;
      out_ += '\n';
      return;
    }
    // EPD: the first four FEN fields, then the clocks and a name as operations.
    std::size_t fields_end = 0;
    for (int spaces = 0; fields_end < fen.size(); ++fields_end)
      if (fen[fields_end] == ' ' && ++spaces == 4) break;
    out_.append(fen, 0, fields_end);
    out_ += " hmvc ";
    append_number(out_, std::uint64_t(m.after->halfmove_clock()));
    out_ += "; fmvn ";
    append_number(out_, std::uint64_t(m.after->fullmove_number()));
    out_ += "; id \"game ";
    append_number(out_, game_);
    out_ += " ply ";
    append_number(out_, std::uint64_t(m.ply) + 1);
    out_ += "\";\n";
  }
  void nag(int) {}
  void comment(std::string_view) {}
  void comment_after_variations(std::string_view) {}
  void variation_begin() {}
  void variation_end() {}
  void move_end() {}
  void main_line_end() { out_ += '\n'; }

 private:
  std::string& out_;
  bool epd_;
  std::uint64_t game_;
};

}  // namespace

std::vector<std::string> default_csv_columns() {
  std::vector<std::string> columns(kSevenTagRoster.begin(), kSevenTagRoster.end());
  for (const char* field : {"plies", "verdict", "errors", "warnings"}) columns.emplace_back(field);
  return columns;
}

void append_unchanged_game(std::string_view text, std::string& out) {
  std::size_t end = text.size();
  while (end > 0 && is_space(text[end - 1])) --end;
  out.append(text.substr(0, end));
  out += "\n\n";
}

struct GameWriter::Impl {
  explicit Impl(const WriterOptions& o) : options(o) {}

  WriterOptions options;
  detail::RecordWalker walker;
  LineBreaker lines;
  // A tag outside the roster, ordered by its name: the name's first eight bytes as a
  // big-endian number (0 after its end) order names as their bytes do, unless equal.
  struct SortedTag {
    std::uint64_t prefix;
    std::uint32_t index;
  };
  std::vector<SortedTag> tag_order;

  // A copy of min(size, 8) bytes was a call to memcpy per tag.
  static std::uint64_t name_prefix(std::string_view name) {
    std::uint64_t bytes = 0;
    if (name.size() >= 8)
      bytes = detail::load_bytes<std::uint64_t>(name.data());
    else
      detail::copy_text(reinterpret_cast<char*>(&bytes), name.data(), name.size());
    return __builtin_bswap64(bytes);
  }
  std::vector<std::uint8_t> json_fields;
  std::vector<std::string_view> json_leading;
  detail::CsvRowWriter csv;

  detail::WalkOptions walk_options() const {
    detail::WalkOptions w;
    w.comments = options.comments;
    w.variations = options.variations;
    w.nags = options.nags;
    // PGN in another notation or as LAN writes moves from their positions, JSON only its
    // FEN after each move (its UCI text needs no position).
    w.positions = options.notation != nullptr || options.format == OutputFormat::Lan || options.fen;
    return w;
  }

  void write_pgn(const GameRecord& record, std::string& out, const GameExtras& extras) {
    write_tags(record, extras, out);
    out += '\n';
    lines.start(out, options.line_width);
    PgnSink sink(options, lines, record);
    walker.walk(record, walk_options(), extras.closing_comment, sink);
    lines.token(written_result(record_result(record, extras), options.notation));
    lines.finish();
    out += '\n';
  }

  // The Seven Tag Roster in its order (with the standard's placeholders for missing tags),
  // then every other tag in ASCII order of its name. The Result tag always agrees with the
  // termination marker. With extras.opening, the opening tags are set on the way (see
  // openings/opening_tags.hpp).
  void write_tags(const GameRecord& record, const GameExtras& extras, std::string& out) {
    const auto& tags = record.tags;
    std::optional<detail::OpeningTagPlan> plan;
    if (extras.opening) plan.emplace(*extras.opening, extras.opening_mode);
    // One pass sorts the tags into the roster (the first value of each roster tag counts; its
    // repetitions are dropped) and the others, which follow in ASCII order of their names.
    std::array<std::string_view, 7> roster = kRosterDefaults;
    std::array<bool, 7> given{};
    tag_order.clear();
    for (std::uint32_t i = 0; i < tags.size(); ++i) {
      const std::size_t r = roster_index(tags[i].first);
      if (r == kSevenTagRoster.size()) {
        tag_order.push_back({name_prefix(tags[i].first), i});
        if (plan) plan->see(i, tags[i].first);
      } else if (!given[r]) {
        given[r] = true;
        roster[r] = tags[i].second;
      }
    }
    roster[6] = result_text(record_result(record, extras));
    // Most names differ in their first eight bytes: compared as numbers.
    std::sort(tag_order.begin(), tag_order.end(), [&](const SortedTag& a, const SortedTag& b) {
      if (a.prefix != b.prefix) return a.prefix < b.prefix;
      int c = tags[a.index].first.compare(tags[b.index].first);
      return c != 0 ? c < 0 : a.index < b.index;
    });
    // Gathered in a block: a dozen small appends per tag to the string cost more than the rest.
    AppendBuffer<2048> text(out);
    for (std::size_t r = 0; r < kSevenTagRoster.size(); ++r)
      append_tag(kSevenTagRoster[r], roster[r], text);
    if (!plan) {
      for (const SortedTag& t : tag_order)
        append_tag(tags[t.index].first, tags[t.index].second, text);
      text.flush();
      return;
    }
    plan->decide();
    // The added tags (no tag of the record has their names) merged into the sorted ones.
    std::array<std::pair<std::string_view, std::string_view>, 3> added;
    std::size_t added_count = 0, next_added = 0;
    plan->for_each_added([&](std::string_view name, std::string_view value) {
      added[added_count++] = {name, value};
    });
    for (const SortedTag& t : tag_order) {
      const std::uint32_t i = t.index;
      for (; next_added < added_count && added[next_added].first < tags[i].first; ++next_added)
        append_tag(added[next_added].first, added[next_added].second, text);
      std::string_view value = tags[i].second;
      if (plan->change(i, value) != detail::OpeningTagPlan::Change::Drop)
        append_tag(tags[i].first, value, text);
    }
    for (; next_added < added_count; ++next_added)
      append_tag(added[next_added].first, added[next_added].second, text);
    text.flush();
  }

  // Inlined where the tags are written: a call per tag cost a fifth of writing it.
  [[gnu::always_inline]] static void append_tag(std::string_view name, std::string_view value,
                                                AppendBuffer<2048>& out) {
    // Most values need no escape: the tag pair is written at once (see AppendBuffer::cursor).
    const std::size_t size = name.size() + value.size() + 6;
    if (size <= 2048 && tags::needs_no_escape(value)) [[likely]] {
      using Buffer = AppendBuffer<2048>;
      out.make_room(size);
      char* p = out.cursor();
      *p++ = '[';
      p = Buffer::put_at(p, name);
      p = Buffer::put_at(p, " \"");
      p = Buffer::put_at(p, value);
      p = Buffer::put_at(p, "\"]\n");
      out.set_cursor(p);
      return;
    }
    append_escaped_tag(name, value, out);
  }
  [[gnu::noinline]] static void append_escaped_tag(std::string_view name, std::string_view value,
                                                   AppendBuffer<2048>& out) {
    out += '[';
    out += name;
    out += std::string_view(" \"");
    tags::append_tag_value_to(value, out);
    out += std::string_view("\"]\n");
  }

  void write_json(const GameRecord& record, std::string& out, const GameExtras& extras) {
    JsonWriter json(out);
    json.begin_object().key("tags").begin_object();
    if (extras.opening) {
      write_json_tags_with_opening(record, *extras.opening, extras.opening_mode, json);
    } else {
      for (const auto& [name, value] : record.tags) json.key(name).string(value);
    }
    json.end_object();
    json.key("start_fen")
        .string(is_standard_start(record.start) ? Position::kStartFen : record.start.fen());
    if (record.start.variant() != Variant::Standard)
      json.key("variant").string(variant_name(record.start.variant()));
    json.key("moves").begin_array();
    JsonSink sink(options, json, json_fields, json_leading, record.start.is_chess960());
    walker.walk(record, walk_options(), extras.closing_comment, sink);
    json.end_array();
    if (!sink.unattached_comments().empty())
      JsonSink::write_string_array(json.key("comments"), sink.unattached_comments());
    // "" (no termination marker in the input) is kept: the marker's absence is part of the game.
    json.key("result").string(extras.unknown_result || record.result
                                  ? result_text(record_result(record, extras))
                                  : std::string_view());
    json.key("notation").string(record.notation);
    if (!record.complete) json.key("complete").boolean(false).key("problem").string(record.problem);
    json.key("problems").begin_array();
    if (extras.report) {
      for (const Diagnostic& d : extras.report->problems) {
        json.begin_object();
        json.key("code").string(code_info(d.code).name);
        json.key("severity").string(severity_name(d.severity));
        json.key("message").string(d.message);
        json.key("line").number(d.line);
        json.key("column").number(d.column);
        json.key("ply").number(d.ply);
        json.end_object();
      }
    }
    json.end_array();
    if (!extras.unchanged_text.empty()) json.key("pgn").string(extras.unchanged_text);
    json.end_object();
    if (options.format == OutputFormat::Jsonl) json.newline();
  }

  // The record's tags in their order, with the opening tags set by the plan (replaced where
  // they are, added at the end), as the members of the "tags" object.
  static void write_json_tags_with_opening(const GameRecord& record, const Opening& opening,
                                           OpeningTagMode mode, JsonWriter& json) {
    detail::OpeningTagPlan plan(opening, mode);
    for (std::size_t i = 0; i < record.tags.size(); ++i) plan.see(i, record.tags[i].first);
    plan.decide();
    auto tag = [&](std::string_view name, std::string_view value) { json.key(name).string(value); };
    for (std::size_t i = 0; i < record.tags.size(); ++i) {
      std::string_view value = record.tags[i].second;
      if (plan.change(i, value) != detail::OpeningTagPlan::Change::Drop)
        tag(record.tags[i].first, value);
    }
    plan.for_each_added(tag);
  }

  void write(const GameRecord& record, std::string& out, const GameExtras& extras) {
    switch (options.format) {
      case OutputFormat::Pgn:
      case OutputFormat::Lan:
        write_pgn(record, out, extras);
        break;
      case OutputFormat::Json:
      case OutputFormat::Jsonl:
        write_json(record, out, extras);
        break;
      case OutputFormat::Uci: {
        UciSink sink(out, record.start.is_chess960());
        detail::WalkOptions walk = main_line_only();
        walk.positions = false;
        walker.walk(record, walk, {}, sink);
        break;
      }
      case OutputFormat::Fen:
      case OutputFormat::Epd: {
        PositionSink sink(out, options.format == OutputFormat::Epd,
                          extras.report ? extras.report->index : 0);
        walker.walk(record, main_line_only(), {}, sink);
        break;
      }
      case OutputFormat::Csv:
        if (!options.csv_moves) {
          csv.append(record, extras, options.csv_columns, out);
        } else if (!extras.report || extras.report->replayed) {
          detail::CsvMoveRows sink(out, extras.report ? extras.report->index : 0, options.fen);
          detail::WalkOptions walk = main_line_only();
          walk.comments = true;  // for the comment commands
          walker.walk(record, walk, {}, sink);
        }
        break;
    }
  }

  static detail::WalkOptions main_line_only() {
    detail::WalkOptions w;
    w.comments = w.variations = w.nags = false;
    w.positions = true;
    return w;
  }
};

GameWriter::GameWriter(const WriterOptions& options) : impl_(std::make_unique<Impl>(options)) {}
GameWriter::~GameWriter() = default;

void GameWriter::write(const GameRecord& record, std::string& out, const GameExtras& extras) {
  impl_->write(record, out, extras);
}

const WriterOptions& GameWriter::options() const {
  return impl_->options;
}

}  // namespace pgn
