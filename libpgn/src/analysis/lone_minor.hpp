// Proof of unwinnability from the material alone: a king and one minor piece against men
// that cannot stand beside their king without freeing it (see lone_minor.cpp).
#pragma once

#include "libpgn/position.hpp"

namespace pgn::analysis {

// True when no pawn is on the board, `side` has its king and one knight or one bishop, and
// no placement whatsoever of those two and of the other side's men (any subset of them) is
// a mate by `side`. Depends on the material only. False says nothing.
bool lone_minor_cannot_mate(const Position& pos, Color side);

}  // namespace pgn::analysis
