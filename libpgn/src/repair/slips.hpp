// The evident slips of a scorekeeper: a wrong piece letter, a wrong file or rank, two
// characters swapped, a capture sign too many or too few. Used only on request
// (pgn fix --repair-illegal), and only when exactly one legal move fits.
#pragma once

#include <string>
#include <string_view>

#include "libpgn/position.hpp"

namespace pgn::repair {

// The one legal move in `pos` (its SAN in `san`) that `written`, an illegal move, is a slip
// for, and which slip (`slip`); false when no legal move or more than one fits.
bool find_slip(const Position& pos, std::string_view written, std::string& san, std::string& slip);

}  // namespace pgn::repair
