// BPGN text into tags and board moves (see check/bpgn_text.hpp).
#include "check/bpgn_text.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <string>
#include <string_view>

#include "libpgn/bughouse.hpp"
#include "libpgn/tags.hpp"
#include "tags/tag_scan.hpp"

namespace pgn::bughouse {
namespace {

// Byte classes of the one pass: blanks, and the bytes that end a token.
enum : std::uint8_t { kSpace = 1, kTokenEnd = 2 };
constexpr std::array<std::uint8_t, 256> kClass = [] {
  std::array<std::uint8_t, 256> c{};
  for (unsigned char s : {' ', '\t', '\r', '\n', '\f', '\v'}) c[s] = kSpace | kTokenEnd;
  for (unsigned char s : {'{', ';', '('}) c[s] = kTokenEnd;
  return c;
}();

bool is_space(char c) {
  return kClass[static_cast<unsigned char>(c)] & kSpace;
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_board_letter(char c) {
  return c == 'A' || c == 'a' || c == 'B' || c == 'b';
}
// A termination marker: one of the standard's four (read_result); the reader of the Result
// tag also takes the notation tables' forms.
std::optional<GameResult> result_marker(std::string_view token) {
  // Moves and move numbers start with a letter or another digit, or are longer: one look.
  const char first = token[0];
  if (first != '1' && first != '0' && first != '*') return std::nullopt;
  return read_result(token);
}

// "`before`'token'`after`", appended piece by piece: GCC 12 takes `"'" + std::string(token)`
// for overlapping copies (-Wrestrict).
std::string about_token(std::string_view before, std::string_view token, std::string_view after) {
  std::string message;
  message.reserve(before.size() + token.size() + after.size() + 2);
  message.append(before).append(1, '\'').append(token).append(1, '\'').append(after);
  return message;
}

// The reading of one record: `i` walks the text.
struct Scan {
  std::string_view text;
  RecordText& out;
  std::size_t i = 0;

  bool done() const { return i >= text.size(); }
  char peek(std::size_t ahead = 0) const {
    return i + ahead < text.size() ? text[i + ahead] : '\0';
  }
  void skip_space() {
    while (i < text.size() && is_space(text[i])) ++i;
  }
  std::uint32_t here() const { return std::uint32_t(i); }
  void problem(bool error, std::string message, std::size_t at) {
    out.problems.push_back({error, std::move(message), std::uint32_t(at)});
  }

  // `[Name "value"]`, read as every tag pair is (tags::scan_tag_pair); `i` is on '['. BPGN
  // exports are lenient about the end of a pair: one without its `"]` keeps its value to the
  // end of the line, a warning.
  void tag() {
    const std::size_t at = i;
    const char* const end = text.data() + text.size();
    const tags::TagPairScan pair = tags::scan_tag_pair(text.data() + at, end);
    if (pair.name.empty() || pair.value_begin == nullptr) {
      problem(true, "not a tag: '[' without a name and a quoted value", at);
      i = std::size_t(tags::resume_after_tag_pair(pair, end).at - text.data());
      return;
    }
    std::string_view value(
        pair.value_begin,
        std::size_t((pair.whole() ? pair.value_end : pair.stop) - pair.value_begin));
    if (!pair.whole()) {
      while (!value.empty() && tags::is_tag_blank(value.back())) value.remove_suffix(1);
      if (pair.stray_quote && value.ends_with('"')) value.remove_suffix(1);
      problem(false, "tag " + std::string(pair.name) + " is not closed by ']'", at);
    } else if (pair.stray_quote) {
      problem(false, "tag " + std::string(pair.name) + " has an unescaped '\"' in its value", at);
    }
    i = std::size_t(pair.stop - text.data());
    out.tags.push_back({pair.name, unescape_tag_value(value), std::uint32_t(at)});
  }

  std::string_view comment() {
    ++i;  // '{'
    const std::size_t close = std::min(text.find('}', i), text.size());
    const std::string_view inside = text.substr(i, close - i);
    i = std::min(close + 1, text.size());
    return inside;
  }

  void run();
};

void Scan::run() {
  bool pending_number = false;
  TextMove next;
  while (true) {
    skip_space();
    if (done()) break;
    const char ch = text[i];
    const std::size_t at = i;
    if (ch == '[' && out.moves.empty() && !pending_number) {
      tag();
      continue;
    }
    if (ch == '{') {
      const std::string_view text_of_comment = comment();
      // One between a move number and its move belongs to no move.
      if (out.moves.empty()) {
        out.comments.push_back(text_of_comment);
        ++out.opening_comments;
      } else if (!pending_number) {
        out.comments.push_back(text_of_comment);
        ++out.moves.back().comment_count;
      }
      continue;
    }
    if (ch == ';') {
      const std::size_t end = text.find('\n', i);
      i = end == std::string_view::npos ? text.size() : end;
      continue;
    }
    if (ch == '(') {
      problem(true, "a variation: BPGN records have none; skipped", at);
      for (int depth = 0; !done();) {
        const char v = text[i++];
        if (v == '(') ++depth;
        if (v == ')' && --depth == 0) break;
      }
      continue;
    }
    while (i < text.size() && !(kClass[static_cast<unsigned char>(text[i])] & kTokenEnd)) ++i;
    std::string_view token = text.substr(at, i - at);
    if (token.empty()) {  // a stray ')' or similar
      problem(true, std::string("unexpected '") + ch + "'", at);
      ++i;
      continue;
    }
    if (const std::optional<GameResult> result = result_marker(token)) {
      out.result = result;
      out.result_at = std::uint32_t(at);
      continue;
    }
    // A move number: digits, the board letter, one or more dots; the move may follow without
    // a blank ("1A.e4").
    std::size_t digits = 0;
    std::uint32_t number = 0;
    while (digits < token.size() && is_digit(token[digits]))
      number = number * 10 + std::uint32_t(token[digits++] - '0');
    if (digits > 0 && digits < 10 && digits + 1 < token.size() && is_board_letter(token[digits]) &&
        token[digits + 1] == '.') {
      if (pending_number) problem(true, "move number without a move", next.at);
      next = TextMove{};
      next.number = number;
      next.board = (token[digits] == 'B' || token[digits] == 'b') ? 1 : 0;
      next.side = token[digits] <= 'Z' ? White : Black;
      next.at = std::uint32_t(at);
      pending_number = true;
      std::size_t after = digits + 1;
      while (after < token.size() && token[after] == '.') ++after;
      token.remove_prefix(after);
      if (token.empty()) continue;
    } else if (digits > 0 && digits < token.size() && token[digits] == '.') {
      problem(true, about_token("move number ", token, " names no board (1A. or 1a.)"), at);
      pending_number = false;
      continue;
    }
    if (!pending_number) {
      problem(true, about_token("", token, " follows no board move number"), at);
      continue;
    }
    next.written = token;
    if (token.starts_with("$146@"))
      next.form = TextMove::Form::GarbledKnight;
    else if (token[0] == '@')
      next.form = TextMove::Form::PawnDrop;
    next.comments = std::uint32_t(out.comments.size());
    out.moves.push_back(next);
    pending_number = false;
  }
  if (pending_number) problem(true, "move number without a move", next.at);
}

}  // namespace

std::string_view TextMove::rewritten(std::string& scratch) const {
  switch (form) {
    case Form::San:
      return written;
    case Form::PawnDrop:
      scratch.assign(1, 'P');
      scratch += written;
      return scratch;
    case Form::GarbledKnight:
      scratch.assign(1, 'N');
      scratch += written.substr(4);
      return scratch;
  }
  return written;
}

TextPos RecordText::pos_of(std::uint32_t at) const {
  TextPos pos = game->start;
  pos.column = 0;  // counted by the report when needed
  const std::string_view before = game->text.substr(0, at);
  pos.line += std::uint32_t(std::count(before.begin(), before.end(), '\n'));
  if (!game->code_page) {
    pos.offset += before.size();
  } else {
    // A game decoded from a code page had one input byte per character.
    for (char c : before) pos.offset += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }
  return pos;
}

void read_record_text(const RawGame& game, RecordText& out) {
  out.game = &game;
  out.tags.clear();
  out.moves.clear();
  out.comments.clear();
  out.opening_comments = 0;
  out.result.reset();
  out.result_at = 0;
  out.problems.clear();
  // About one move per 12 bytes in every dialect: one allocation for most records.
  out.moves.reserve(game.text.size() / 12);
  out.comments.reserve(game.text.size() / 12);
  Scan{game.text, out}.run();
}

bool starts_with_board_move(std::string_view text) {
  // Tags (several may share a line) and comments before the first move.
  const char* p = text.data();
  const char* const end = p + text.size();
  for (;;) {
    p = tags::skip_tag_section(p, end);
    if (p == end || *p != '{') break;
    p = std::find(p, end, '}');
    if (p == end) return false;
    ++p;
  }
  const char* digits = p;
  while (digits < end && is_digit(*digits)) ++digits;
  return digits > p && digits + 1 < end && is_board_letter(*digits) && digits[1] == '.';
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
  const char* const end = text.data() + text.size();
  for (std::size_t at = text.find("[Variant"); at != std::string_view::npos;
       at = text.find("[Variant", at + 1)) {
    const tags::TagPairScan pair = tags::scan_tag_pair(text.data() + at, end);
    if (pair.name == "Variant" && pair.whole() &&
        names_bughouse(std::string_view(pair.value_begin, pair.value_end)))
      return true;
  }
  return false;
}

}  // namespace pgn
