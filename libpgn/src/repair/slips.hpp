// The evident slips of a scorekeeper: a wrong piece letter, a wrong file or rank, two
// characters swapped, a capture sign too many or too few. Used only on request
// (pgn fix --repair-illegal), and only when exactly one legal move fits. A move written in
// another notation is compared in its table's terms, so a Russian "Ф:f6" is the same slip as
// the English "Qxf6", and a spoken phrase with a wrong rank word as a wrong rank.
#pragma once

#include <string>
#include <string_view>

#include "libpgn/notation.hpp"
#include "libpgn/position.hpp"

namespace pgn::repair {

struct Slip {
  Move move;
  std::string san;             // the move meant, in SAN
  std::string spelled;         // the move meant, written in the game's notation (SAN for English)
  const char* kind = nullptr;  // which slip: "a wrong rank", ...
};

// The one legal move in `pos` that `written`, an illegal move in notation `table` (nullptr:
// English SAN), is a slip for; false when no legal move or more than one fits.
bool find_slip(const Position& pos, std::string_view written, const Notation* table, Slip& slip);

}  // namespace pgn::repair
