// The four results a game can be scored with, read from a termination marker or a Result
// tag in any known notation.
#pragma once

#include <string_view>

#include "libpgn/notation.hpp"

namespace pgn {

// Index of a result in Notation::results.
enum ResultKind : int { WhiteWins = 0, BlackWins = 1, Draw = 2, Unknown = 3, NoResult = 4 };
inline constexpr const char* kResultText[] = {"1-0", "0-1", "1/2-1/2", "*", ""};

// `preferred` is tried before the built-in tables; NoResult when no table knows the text.
ResultKind parse_result(std::string_view text, const Notation* preferred);

}  // namespace pgn
