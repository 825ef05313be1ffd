// The one escaper of tag values, as a template so that the PGN writer appends into its
// AppendBuffer as directly as into a std::string (append_tag_value in libpgn/tags.hpp).
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#include "text/text_scan.hpp"

namespace pgn::tags {

// Whether one of the eight bytes of `word` needs a change in a tag value: a control byte
// (below 0x20, or 0x7F), '"' or '\\'. Exact for "any byte": the borrows that make these
// tests inexact for single bytes only reach bytes above one that matched.
inline bool needs_tag_escape(std::uint64_t word) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
  const auto zero_byte = [](std::uint64_t x) { return (x - kOnes) & ~x & kHigh; };
  return (((word - 0x20 * kOnes) & ~word & kHigh) | zero_byte(word ^ ('"' * kOnes)) |
          zero_byte(word ^ ('\\' * kOnes)) | zero_byte(word ^ (0x7F * kOnes))) != 0;
}

// Whether the bytes of `value` from `i` to its end, fewer than eight, need no change: read as
// one word that overlaps the bytes before `i` (which need none), or, in a value under eight
// bytes, as overlapping halves (a value under four bytes padded with spaces).
inline bool tail_needs_no_escape(std::string_view value, std::size_t i) {
  const char* const p = value.data();
  const std::size_t n = value.size();
  if (i == n) return true;
  if (n >= 8) return !needs_tag_escape(detail::load_bytes<std::uint64_t>(p + n - 8));
  std::uint64_t word;
  if (n >= 4) {
    word = detail::load_bytes<std::uint32_t>(p) |
           std::uint64_t(detail::load_bytes<std::uint32_t>(p + n - 4)) << 32;
  } else {
    const auto byte = [](char c) { return std::uint64_t(static_cast<unsigned char>(c)); };
    word = byte(p[0]) | byte(p[n / 2]) << 8 | byte(p[n - 1]) << 16 | 0x2020202020ull << 24;
  }
  return !needs_tag_escape(word);
}

// Whether `value` is written as it is: eight bytes at a time, the last ones at once (most
// values are a name or a date of a few words).
[[gnu::always_inline]] inline bool needs_no_escape(std::string_view value) {
  std::size_t i = 0;
  while (i + 8 <= value.size() &&
         !needs_tag_escape(detail::load_bytes<std::uint64_t>(value.data() + i)))
    i += 8;
  return i + 8 <= value.size() ? false : tail_needs_no_escape(value, i);
}

// append_tag_value() into a std::string or an AppendBuffer.
template <class Out>
void append_tag_value_to(std::string_view value, Out& out) {
  if (needs_no_escape(value)) {
    out += value;
    return;
  }
  std::size_t plain = 0;  // start of the run of characters that need no change
  std::size_t i = 0;      // the words before the first change are skipped again
  while (i + 8 <= value.size() &&
         !needs_tag_escape(detail::load_bytes<std::uint64_t>(value.data() + i)))
    i += 8;
  for (; i < value.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(value[i]);
    if (c >= 0x20 && c != '"' && c != '\\' && c != 0x7F) continue;
    out += value.substr(plain, i - plain);
    plain = i + 1;
    if (c == '"' || c == '\\') {
      out += '\\';
      out += char(c);
    } else {
      out += ' ';  // a control character, which a tag value cannot hold
    }
  }
  out += value.substr(plain);
}

}  // namespace pgn::tags
