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

namespace pgn::detail {

// Whether `text` is exactly " [%clk H:MM:SS] " with a well-formed time (minutes and seconds
// below 60): such a comment holds one command and it reads.
inline bool is_plain_clock_comment(std::string_view text) {
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
  std::uint64_t first = 0;
  std::uint64_t second = 0;
  std::memcpy(&first, text.data(), 8);
  std::memcpy(&second, text.data() + 8, 8);
  first ^= kFirst;  // zero where the fixed bytes match, the digit's value where a digit is
  second ^= kSecond;
  const std::uint64_t fixed = (first & ~kFirstDigits) | (second & ~kSecondDigits);
  const std::uint64_t digits_first = first & kFirstDigits;
  const std::uint64_t digits_second = second & kSecondDigits;
  const std::uint64_t over = ((digits_first + kFirstLimits) | digits_first) |
                             ((digits_second + kSecondLimits) | digits_second);
  return (fixed | (over & kTopBits)) == 0;
}

// Whether `value` is an evaluation as lichess writes it, "0.17", "-1.5" or a mate "#-3" (no
// depth): a form read_comment_commands reads.
inline bool is_plain_eval_value(std::string_view value) {
  const char* p = value.data();
  const char* const end = p + value.size();
  const bool mate = p < end && *p == '#';
  p += mate;
  p += p < end && *p == '-';
  const auto digits = [&](int most) {
    const char* first = p;
    while (p < end && p - first < most && unsigned(*p - '0') <= 9) ++p;
    return p > first;
  };
  if (!digits(3)) return false;
  if (mate) return p == end;
  if (p == end || *p != '.') return false;
  ++p;
  return digits(2) && p == end;
}

// Whether `text` is one of lichess's two comment forms with well-formed values.
inline bool is_plain_lichess_comment(std::string_view text) {
  if (text.size() == 16) return is_plain_clock_comment(text);
  // " [%eval V] [%clk H:MM:SS] ": 8 bytes before the value, its "]" and the clock's 16 after.
  constexpr std::string_view kEval = " [%eval ";
  const std::size_t n = text.size();
  return n > kEval.size() + 17 && text.substr(0, kEval.size()) == kEval && text[n - 17] == ']' &&
         is_plain_clock_comment(text.substr(n - 16)) &&
         is_plain_eval_value(text.substr(kEval.size(), n - 17 - kEval.size()));
}

}  // namespace pgn::detail
