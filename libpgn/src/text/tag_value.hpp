// Writing a PGN tag value: the escaping the PGN reader undoes. In the ground floor, below
// the stages that write tag pairs: the writers, and the JSON reader that turns records into PGN.
#pragma once

#include <cstdint>
#include <string_view>

#include "text/text_scan.hpp"

namespace pgn::detail {

// Whether one of the eight bytes of `word` needs a change in a tag value: a control byte
// (below 0x20, or 0x7F), '"' or '\\'. Exact for "any byte": the borrows that make these
// tests inexact for single bytes only reach bytes above one that matched.
inline bool needs_tag_escape(std::uint64_t word) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
  const auto zero_byte = [](std::uint64_t x) { return (x - kOnes) & ~x & kHigh; };
  return (((word - 0x20 * kOnes) & ~word & kHigh) | zero_byte(word ^ ('"' * kOnes)) |
          zero_byte(word ^ ('\\' * kOnes)) | zero_byte(word ^ (0x7F * kOnes))) != 0;
}

// A tag value as it stands between the quotes of a tag pair, into a std::string or an
// AppendBuffer: '"' and '\\' escaped, a control character (which a tag value cannot hold)
// written as a space. pgn::append_tag_value (libpgn/writers.hpp) is this into a string.
template <class Out>
void append_tag_value_to(std::string_view value, Out& out) {
  std::size_t plain = 0;  // start of the run of characters that need no change
  std::size_t i = 0;      // most values need none: skipped eight bytes at a time
  while (i + 8 <= value.size() && !needs_tag_escape(load_u64(value.data() + i))) i += 8;
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

}  // namespace pgn::detail
