// The one reading of a tag pair's syntax, `[Name "value"]`, and of a tag section, for every
// code that finds tags in a game's text: the parser (its hot path; inline), the splitter
// (which reads a window of the input that may end inside a pair), the opening tags' edits of
// a game's text and the validator's test for a game of tags only. Values are given as
// written, escapes in them.
#pragma once

#include <array>
#include <string_view>

#include "text/text_scan.hpp"

namespace pgn::tags {

// Blanks inside a tag pair: space, tab, vertical tab, form feed.
inline constexpr std::array<bool, 256> make_tag_blanks() {
  std::array<bool, 256> table{};
  table[' '] = table['\t'] = table['\v'] = table['\f'] = true;
  return table;
}
inline constexpr std::array<bool, 256> kTagBlank = make_tag_blanks();
inline bool is_tag_blank(char c) {
  return kTagBlank[static_cast<unsigned char>(c)];
}

// Bytes that end a tag name: blanks, line ends, '"' and ']'.
inline constexpr std::array<bool, 256> make_tag_name_ends() {
  std::array<bool, 256> table = make_tag_blanks();
  table['\n'] = table['\r'] = table['"'] = table[']'] = true;
  return table;
}
inline constexpr std::array<bool, 256> kEndsTagName = make_tag_name_ends();

// The first byte in [q, end) that ends a tag name, or `end`. A tag line is read by the
// splitter and the parser: 16 bytes a step hold most names, with the bytes up to the space
// and '"', ']' as candidates, each confirmed by the table.
inline const char* tag_name_end(const char* q, const char* end) {
#if defined(__SSE2__)
  const __m128i space = _mm_set1_epi8(' ');
  while (end - q >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
    const __m128i candidates = _mm_or_si128(
        _mm_cmpeq_epi8(_mm_max_epu8(v, space), space),
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8(']'))));
    for (auto mask = static_cast<std::uint32_t>(_mm_movemask_epi8(candidates)); mask != 0;
         mask &= mask - 1) {
      const char* at = q + detail::count_trailing_zeros(mask);
      if (kEndsTagName[static_cast<unsigned char>(*at)]) return at;
    }
    q += 16;
  }
#endif
  while (q < end && !kEndsTagName[static_cast<unsigned char>(*q)]) ++q;
  return q;
}

struct TagPairScan {
  std::string_view name;              // may be empty (a pair without a name)
  const char* value_begin = nullptr;  // past the opening quote; null when none follows the name
  const char* value_end = nullptr;    // the closing quote; null when the line has no `"]`
  // Past the ']' of a whole pair; else where the scan stopped: the byte that is not the
  // opening quote, or the end of the line that has no closing `"]`.
  const char* stop = nullptr;
  bool stray_quote = false;  // a '"' inside the value that no ']' follows
  bool whole() const { return value_end != nullptr; }
};

// Reads the tag pair whose '[' is at `open`. A quote followed by blanks and ']' closes the
// value; a quote followed by anything else is taken as part of it (stray_quote), and a later
// one may close it. A value never runs past its line.
inline TagPairScan scan_tag_pair(const char* open, const char* end) {
  TagPairScan t;
  const char* q = open + 1;
  while (q < end && is_tag_blank(*q)) ++q;
  const char* name_begin = q;
  q = tag_name_end(q, end);
  t.name = std::string_view(name_begin, static_cast<std::size_t>(q - name_begin));
  while (q < end && is_tag_blank(*q)) ++q;
  if (q == end || *q != '"') {
    t.stop = q;
    return t;
  }
  t.value_begin = q + 1;
  for (q = t.value_begin;;) {
    q = detail::find_any<'"', '\\', '\n', '\r'>(q, end);
    if (q == end || *q == '\n' || *q == '\r') break;
    if (*q == '\\') {
      q += (q + 1 < end && q[1] != '\n' && q[1] != '\r') ? 2 : 1;
      continue;
    }
    const char* r = q + 1;
    while (r < end && is_tag_blank(*r)) ++r;
    if (r < end && *r == ']') {
      t.value_end = q;
      t.stop = r + 1;
      return t;
    }
    t.stray_quote = true;
    ++q;
  }
  t.stop = q;
  return t;
}

// Past the next ']' on the line from `from`, or at the line's end (or `end`): where the
// parser reads on after a tag pair it could not read.
inline const char* past_rest_of_tag(const char* from, const char* end) {
  const char* stop = detail::find_any<']', '\n', '\r', ']'>(from, end);
  return (stop < end && *stop == ']') ? stop + 1 : stop;
}

struct TagPairResume {
  const char* at;  // where reading goes on
  // False when `end` came before `at` was known: a reader of a window of the input reads on.
  bool known;
};

// Where the parser reads on after the pair scanned as `t` (by scan_tag_pair up to `end`):
// past the ']' of a whole pair; after a name that no quoted value follows, past the next ']'
// on the line; after a value without its end, at the end of its line.
inline TagPairResume resume_after_tag_pair(const TagPairScan& t, const char* end) {
  if (t.whole()) return {t.stop, true};
  if (t.value_begin != nullptr) return {t.stop, t.stop < end};
  const char* stop = detail::find_any<']', '\n', '\r', ']'>(t.stop, end);
  if (stop == end) return {end, false};
  return {*stop == ']' ? stop + 1 : stop, true};
}

// The end of the tag section at the start of [begin, end): the first byte that is neither a
// blank, a line end nor part of a tag pair (malformed pairs end where the parser reads on
// after them); `end` when nothing else follows the tags.
inline const char* skip_tag_section(const char* begin, const char* end) {
  const char* p = begin;
  for (;;) {
    while (p < end && (is_tag_blank(*p) || *p == '\n' || *p == '\r')) ++p;
    if (p == end || *p != '[') return p;
    p = resume_after_tag_pair(scan_tag_pair(p, end), end).at;
  }
}

}  // namespace pgn::tags
