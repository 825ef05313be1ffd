// Proof of unwinnability for positions whose pawns can never move again (see blocked.cpp).
#pragma once

#include "libpgn/position.hpp"

namespace pgn::analysis {

// True when it is proved that no pawn of `pos` can ever move or be captured, and that with
// that pawn wall `side` can never mate: no square its opponent's king can ever stand on can
// both be checked by one of `side`'s pieces and have every flight square possibly taken.
// False says nothing.
bool blocked_unwinnable(const Position& pos, Color side);

}  // namespace pgn::analysis
