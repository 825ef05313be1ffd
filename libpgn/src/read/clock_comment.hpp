// The comments lichess writes after every move, " [%clk H:MM:SS] " and, in analysed games,
// " [%eval 0.17] [%clk H:MM:SS] ", recognised in place: the validator checks every comment's
// commands, and these forms (all but a few of a lichess dump's) need no reading. Anything else
// goes to read_comment_commands.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "libpgn/load_bytes.hpp"

namespace pgn::detail {

// Whether `text` is exactly " [%clk H:MM:SS] " with a well-formed time (minutes and seconds
// below 60): such a comment holds one command and it reads. Always inline: the profile-guided
// build otherwise left it a call on every ply of a lichess game.
[[gnu::always_inline]] inline bool is_plain_clock_comment(std::string_view text) {
  if (text.size() != 16) return false;
  // Two 8-byte words. The fixed bytes are compared at once; each digit, xor '0', is 0-9 (or
  // 0-5 for tens of minutes and seconds) when adding 0x76 (0x7a) to it leaves its top bit
  // clear. The patterns are built in memory order, as the words are loaded.
  constexpr auto word = [](std::array<unsigned char, 8> bytes) {
    return std::bit_cast<std::uint64_t>(bytes);
  };
  constexpr std::uint64_t kFirst = word({' ', '[', '%', 'c', 'l', 'k', ' ', '0'});
  constexpr std::uint64_t kSecond = word({':', '0', '0', ':', '0', '0', ']', ' '});
  constexpr std::uint64_t kFirstDigits = word({0, 0, 0, 0, 0, 0, 0, 0xff});
  constexpr std::uint64_t kSecondDigits = word({0, 0xff, 0xff, 0, 0xff, 0xff, 0, 0});
  constexpr std::uint64_t kFirstLimits = word({0, 0, 0, 0, 0, 0, 0, 0x76});
  constexpr std::uint64_t kSecondLimits = word({0, 0x7a, 0x76, 0, 0x7a, 0x76, 0, 0});
  constexpr std::uint64_t kTopBits = 0x8080808080808080u;
  std::uint64_t first = detail::load_bytes<std::uint64_t>(text.data());
  std::uint64_t second = detail::load_bytes<std::uint64_t>(text.data() + 8);
  first ^= kFirst;  // zero where the fixed bytes match, the digit's value where a digit is
  second ^= kSecond;
  const std::uint64_t fixed = (first & ~kFirstDigits) | (second & ~kSecondDigits);
  const std::uint64_t digits_first = first & kFirstDigits;
  const std::uint64_t digits_second = second & kSecondDigits;
  const std::uint64_t over = ((digits_first + kFirstLimits) | digits_first) |
                             ((digits_second + kSecondLimits) | digits_second);
  return (fixed | (over & kTopBits)) == 0;
}

// Whether the `size` bytes at `value` are an evaluation as lichess writes it: "0.17", "-1.5"
// (one to three digits, one or two after the point) or a mate, "#3" or "#-3" (one to three
// digits), forms read_comment_commands reads. Eight bytes are read from `value`: the caller
// has them.
inline bool is_plain_eval_value(const char* value, std::size_t size) {
  if (size < 2 || size > 7) return false;
  std::uint64_t bytes = detail::load_bytes<std::uint64_t>(value);
  // The top bit of each byte that is not a digit (as in is_plain_clock_comment), of the first
  // `size` bytes.
  const std::uint64_t x = bytes ^ 0x3030303030303030u;
  const std::uint64_t not_digit = ((x + 0x7676767676767676u) | x) & 0x8080808080808080u &
                                  ((std::uint64_t(1) << (8 * size)) - 1);
  const bool minus_first = value[0] == '-';
  if (value[0] == '#') {
    // "#", then "-" or not, then digits only.
    const bool minus = value[1] == '-';
    const std::uint64_t expected = 0x80u | (minus ? 0x8000u : 0u);
    const std::size_t digits = size - 1 - minus;
    return not_digit == expected && value[0] == '#' && digits >= 1 && digits <= 3;
  }
  // "-" or not, digits, one '.', one or two digits.
  const std::uint64_t point = not_digit & ~std::uint64_t(minus_first ? 0x80u : 0u);
  if (point == 0 || (point & (point - 1)) != 0) return false;  // exactly one other byte
  const std::size_t at = std::size_t(std::countr_zero(point)) / 8;
  const std::size_t whole = at - minus_first;
  const std::size_t fraction = size - 1 - at;
  return value[at] == '.' && whole >= 1 && whole <= 3 && fraction >= 1 && fraction <= 2;
}

// Whether `text` is one of lichess's two comment forms with well-formed values.
inline bool is_plain_lichess_comment(std::string_view text) {
  if (text.size() == 16) return is_plain_clock_comment(text);
  // " [%eval V] [%clk H:MM:SS] ": 8 bytes before the value, its "]" and the clock's 16 after.
  constexpr std::string_view kEval = " [%eval ";
  const std::size_t n = text.size();
  return n > kEval.size() + 17 && text.substr(0, kEval.size()) == kEval && text[n - 17] == ']' &&
         is_plain_clock_comment(text.substr(n - 16)) &&
         is_plain_eval_value(text.data() + kEval.size(), n - 17 - kEval.size());
}

}  // namespace pgn::detail
