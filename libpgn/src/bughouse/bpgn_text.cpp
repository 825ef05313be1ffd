// BPGN text into tags and board moves (see bughouse/bpgn_text.hpp).
#include "bughouse/bpgn_text.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "libpgn/bughouse.hpp"

namespace pgn::bughouse {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_board_letter(char c) {
  return c == 'A' || c == 'a' || c == 'B' || c == 'b';
}

// Walks the text keeping the place of every byte: lines, and input offsets (a game decoded
// from a code page had one input byte per character).
class Cursor {
 public:
  explicit Cursor(const RawGame& game) : game_(game), text_(game.text), pos_(game.start) {
    pos_.column = 0;  // counted by the report when needed
  }
  bool done() const { return i_ >= text_.size(); }
  char peek(std::size_t ahead = 0) const {
    return i_ + ahead < text_.size() ? text_[i_ + ahead] : '\0';
  }
  TextPos pos() const { return pos_; }
  std::size_t index() const { return i_; }
  std::string_view rest() const { return text_.substr(i_); }
  void advance() {
    const char c = text_[i_++];
    if (c == '\n') ++pos_.line;
    if (!game_.code_page || (static_cast<unsigned char>(c) & 0xC0) != 0x80) ++pos_.offset;
  }
  // Moves to `index` (not before the cursor) at once: lines and offsets counted in bulk.
  void advance_to(std::size_t index) {
    const std::string_view span = text_.substr(i_, index - i_);
    pos_.line += std::uint32_t(std::count(span.begin(), span.end(), '\n'));
    if (!game_.code_page)
      pos_.offset += span.size();
    else
      for (char c : span) pos_.offset += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    i_ = index;
  }
  void skip_space() {
    std::size_t end = i_;
    while (end < text_.size() && is_space(text_[end])) ++end;
    advance_to(end);
  }
  // The bytes up to (not including) the first of `stops` or a blank.
  std::string_view take_until(std::string_view stops) {
    const std::size_t from = i_;
    std::size_t end = i_;
    while (end < text_.size() && !is_space(text_[end]) &&
           stops.find(text_[end]) == std::string_view::npos)
      ++end;
    advance_to(end);
    return text_.substr(from, end - from);
  }

 private:
  const RawGame& game_;
  std::string_view text_;
  std::size_t i_ = 0;
  TextPos pos_;
};

// `[Name "value"]`; the cursor is on '['. False when it is no tag (then nothing is taken
// beyond the line).
bool read_tag(Cursor& c, RecordText& out) {
  const TextPos at = c.pos();
  c.advance();
  c.skip_space();
  std::string name(c.take_until("\"]["));
  c.skip_space();
  if (name.empty() || c.peek() != '"') {
    out.problems.push_back({true, "not a tag: '[' without a name and a quoted value", at});
    while (!c.done() && c.peek() != '\n' && c.peek() != ']') c.advance();
    if (c.peek() == ']') c.advance();
    return false;
  }
  c.advance();
  std::string value;
  while (!c.done() && c.peek() != '"' && c.peek() != '\n') {
    if (c.peek() == '\\' && (c.peek(1) == '"' || c.peek(1) == '\\')) c.advance();
    value += c.peek();
    c.advance();
  }
  if (c.peek() == '"') c.advance();
  c.skip_space();
  if (c.peek() == ']')
    c.advance();
  else
    out.problems.push_back({false, "tag " + name + " is not closed by ']'", at});
  out.tags.push_back({std::move(name), std::move(value), at});
  return true;
}

std::string_view read_comment(Cursor& c) {
  c.advance();  // '{'
  const std::string_view rest = c.rest();
  const std::size_t close = std::min(rest.find('}'), rest.size());
  const std::string_view text = rest.substr(0, close);
  c.advance_to(c.index() + close);
  if (!c.done()) c.advance();
  return text;
}

bool is_result(std::string_view token) {
  return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*";
}

}  // namespace

void read_record_text(const RawGame& game, RecordText& out) {
  out = RecordText{};
  Cursor c(game);
  bool pending_number = false;
  TextMove next;
  while (true) {
    c.skip_space();
    if (c.done()) break;
    const char ch = c.peek();
    const TextPos at = c.pos();
    if (ch == '[' && out.moves.empty() && !pending_number) {
      read_tag(c, out);
      continue;
    }
    if (ch == '{') {
      const std::string_view comment = read_comment(c);
      if (pending_number || out.moves.empty())
        out.opening_comments.push_back(comment);
      else
        out.moves.back().comments.push_back(comment);
      continue;
    }
    if (ch == ';') {
      while (!c.done() && c.peek() != '\n') c.advance();
      continue;
    }
    if (ch == '(') {
      out.problems.push_back({true, "a variation: BPGN records have none; skipped", at});
      for (int depth = 0; !c.done();) {
        const char v = c.peek();
        c.advance();
        if (v == '(') ++depth;
        if (v == ')' && --depth == 0) break;
      }
      continue;
    }
    std::string_view token = c.take_until("{;(");
    if (token.empty()) {  // a stray ')' or similar
      out.problems.push_back({true, std::string("unexpected '") + ch + "'", at});
      c.advance();
      continue;
    }
    if (is_result(token)) {
      out.result = token;
      out.result_pos = at;
      continue;
    }
    // A move number: digits, the board letter, one or more dots; the move may follow without
    // a blank ("1A.e4").
    std::size_t digits = 0;
    while (digits < token.size() && is_digit(token[digits])) ++digits;
    if (digits > 0 && digits < 10 && digits + 1 < token.size() && is_board_letter(token[digits]) &&
        token[digits + 1] == '.') {
      if (pending_number) out.problems.push_back({true, "move number without a move", next.pos});
      next = TextMove{};
      std::from_chars(token.data(), token.data() + digits, next.number);
      next.board = (token[digits] == 'B' || token[digits] == 'b') ? 1 : 0;
      next.side = std::isupper(static_cast<unsigned char>(token[digits])) ? White : Black;
      next.pos = at;
      pending_number = true;
      std::size_t after = digits + 1;
      while (after < token.size() && token[after] == '.') ++after;
      token.remove_prefix(after);
      if (token.empty()) continue;
    } else if (digits > 0 && digits < token.size() && token[digits] == '.') {
      out.problems.push_back(
          {true, "move number '" + std::string(token) + "' names no board (1A. or 1a.)", at});
      pending_number = false;
      continue;
    }
    if (!pending_number) {
      out.problems.push_back(
          {true, "'" + std::string(token) + "' follows no board move number", at});
      continue;
    }
    std::string san(token);
    // chess.com writes the knight drop N@g4 as `$146@g4`, NAG 146 being the knight glyph.
    if (san.rfind("$146@", 0) == 0) {
      san = "N" + san.substr(4);
      next.garbled_knight = true;
    } else if (san[0] == '@') {
      san = "P" + san;
    }
    next.san = std::move(san);
    out.moves.push_back(std::move(next));
    next = TextMove{};
    pending_number = false;
  }
  if (pending_number) out.problems.push_back({true, "move number without a move", next.pos});
}

bool starts_with_board_move(std::string_view text) {
  std::size_t i = 0;
  const std::size_t n = text.size();
  while (i < n) {
    const char c = text[i];
    if (is_space(c)) {
      ++i;
    } else if (c == '[') {  // a tag (several may share a line)
      std::size_t close = text.find(']', i);
      if (close == std::string_view::npos) return false;
      i = close + 1;
    } else if (c == '{') {
      std::size_t close = text.find('}', i);
      if (close == std::string_view::npos) return false;
      i = close + 1;
    } else {
      break;
    }
  }
  std::size_t digits = i;
  while (digits < n && is_digit(text[digits])) ++digits;
  return digits > i && digits + 1 < n && is_board_letter(text[digits]) && text[digits + 1] == '.';
}

}  // namespace pgn::bughouse

namespace pgn {

bool names_bughouse(std::string_view variant_tag) {
  std::string value(variant_tag);
  for (char& ch : value) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return value.find("bughouse") != std::string::npos;
}

bool is_bughouse_text(std::string_view text) {
  if (bughouse::starts_with_board_move(text)) return true;
  for (std::size_t at = text.find("[Variant"); at != std::string_view::npos;
       at = text.find("[Variant", at + 1)) {
    const std::size_t end = text.find(']', at);
    if (end == std::string_view::npos) return false;
    if (names_bughouse(text.substr(at, end - at))) return true;
  }
  return false;
}

}  // namespace pgn
