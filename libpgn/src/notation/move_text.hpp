// What move_text.cpp offers the rest of the library besides the public parse_move_text: the
// reference reading the tests compare it with, and the alphabet of a table's moves.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "libpgn/move_text.hpp"
#include "libpgn/notation.hpp"

namespace pgn::detail {

// parse_move_text with a table, reading it by trying the table's words one by one, without
// the index and the plain path: the reference that tests compare parse_move_text with.
std::size_t parse_move_text_word_by_word(std::string_view token, MoveText& out,
                                         MoveTextError& error, const Notation& notation);
// A set of byte values.
struct ByteSet {
  std::array<std::uint64_t, 4> words{};
  void add(unsigned char b) { words[b >> 6] |= std::uint64_t{1} << (b & 63); }
  bool has(unsigned char b) const { return (words[b >> 6] >> (b & 63)) & 1; }
  bool within(const ByteSet& other) const {
    return ((words[0] & ~other.words[0]) | (words[1] & ~other.words[1]) |
            (words[2] & ~other.words[2]) | (words[3] & ~other.words[3])) == 0;
  }
};
// The check sign ending a SAN token of three bytes or more, taken off `end`: 1 for '+', 2 for
// '#', 0 when there is none (as MoveText::check_mark).
inline std::uint8_t take_check_sign(const char* begin, const char*& end) {
  if (end - begin < 3 || (end[-1] != '+' && end[-1] != '#')) return 0;
  return *--end == '+' ? 1 : 2;
}
// Every byte a move of `notation` can contain (a token, or a word of a spoken phrase): a
// token with any other byte is no move in that notation.
const ByteSet& move_alphabet(const Notation& notation);

}  // namespace pgn::detail
