// Termination markers and castling written with a dash that is not '-' (en dash, em dash,
// minus sign...), as word processors write them: the parser reads "1–0" as the result 1-0.
// Inline: the parser asks on tokens that end in a byte that is not ASCII.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "libpgn/types.hpp"

namespace pgn::tags {

// Length of a dash that is not '-' at p (en dash, em dash, hyphen, non-breaking hyphen,
// minus sign), or 0.
inline std::size_t other_dash(const char* p, const char* end) {
  if (end - p < 3) return 0;
  const auto b = [&](int i) { return static_cast<unsigned char>(p[i]); };
  if (b(0) == 0xE2 && b(1) == 0x80 && (b(2) >= 0x90 && b(2) <= 0x94)) return 3;  // U+2010-2014
  if (b(0) == 0xE2 && b(1) == 0x88 && b(2) == 0x92) return 3;                    // U+2212
  return 0;
}

// The result of "1–0", "0—1", "1/2–1/2", "½–½" (one dash that is not '-'), or nothing.
inline std::optional<GameResult> result_with_other_dash(std::string_view token) {
  for (std::size_t i = 0; i < token.size(); ++i) {
    const std::size_t dash = other_dash(token.data() + i, token.data() + token.size());
    if (dash == 0) continue;
    const std::string_view before = token.substr(0, i), after = token.substr(i + dash);
    if (before == "1" && after == "0") return GameResult::WhiteWins;
    if (before == "0" && after == "1") return GameResult::BlackWins;
    if ((before == "1/2" || before == "\xC2\xBD") && before == after) return GameResult::Draw;
    return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace pgn::tags
