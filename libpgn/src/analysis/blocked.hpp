// Proof of unwinnability for positions whose pawns can never move again (see blocked.cpp).
#pragma once

#include "libpgn/position.hpp"

namespace pgn::analysis {

// True when it is proved that no pawn of `pos` can ever move or be captured, and that with
// that pawn wall `side` can never mate: no square its opponent's king can ever stand on can
// both be checked by one of `side`'s pieces and have every flight square possibly taken.
// False says nothing.
bool blocked_unwinnable(const Position& pos, Color side);

// The same for a wall that is still forming: pawns may step forward, but only into squares
// below an opposing pawn on their file, and no pawn can ever capture or be captured. Every
// man is given the squares it could ever stand on; a mate needs one square the losing king
// can reach where some choice of one square per man gives check and takes every flight.
// Slower than blocked_unwinnable (a small search per square). False says nothing.
bool forming_wall_unwinnable(const Position& pos, Color side);

}  // namespace pgn::analysis
