// Whole numbers written in decimal, for the text writers' per-game and per-move cells: no
// allocation and no locale, where std::to_string makes a string per number.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace pgn::detail {

// Writes `value` in decimal at the end of `buffer` (24 bytes); returns the digits.
inline std::string_view format_number(char (&buffer)[24], std::uint64_t value) {
  char* end = buffer + sizeof buffer;
  char* p = end;
  do {
    *--p = char('0' + value % 10);
    value /= 10;
  } while (value);
  return std::string_view(p, std::size_t(end - p));
}

inline void append_number(std::string& out, std::uint64_t value) {
  char buffer[24];
  out.append(format_number(buffer, value));
}

}  // namespace pgn::detail
