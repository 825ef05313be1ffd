#include "check/result_kind.hpp"

namespace pgn {

ResultKind parse_result(std::string_view text, const Notation* preferred) {
  if (text == "1-0") return WhiteWins;
  if (text == "0-1") return BlackWins;
  if (text == "1/2-1/2") return Draw;
  if (text == "*") return Unknown;
  auto match_in = [&](const Notation& n) -> int {
    for (int r = 0; r < 4; ++r)
      for (const auto& form : n.results[r])
        if (form == text) return r;
    return -1;
  };
  if (preferred) {
    if (int r = match_in(*preferred); r >= 0) return ResultKind(r);
  }
  for (const Notation* n : builtin_notations()) {
    if (int r = match_in(*n); r >= 0) return ResultKind(r);
  }
  return NoResult;
}

}  // namespace pgn
