// A planned helpmate: the losing king driven into a corner and boxed in there by its own men,
// each man routed to its square along the shortest way the pawns leave it (see
// planned_mate.cpp and docs/unwinnability.md, step 5).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "libpgn/position.hpp"

namespace pgn::analysis {

// Called on a position where every man of a plan stands on its square, with the corner the
// plan boxes the losing king into: true when it found the mate from there, its moves in the
// vector.
using FinishMate = std::function<bool(const Position&, Square corner, std::vector<Move>&)>;

// Tries the mating nets of `winner` in the corners, cheapest first, while `nodes` (shared with
// the caller, which may count its own `finish` nodes there too) stays below `node_limit`.
// True with the whole line (the routing, then the finish) in `witness`; the caller replays it.
bool planned_mate(const Position& root, Color winner, std::uint64_t node_limit,
                  std::uint64_t& nodes, const FinishMate& finish, std::vector<Move>& witness);

}  // namespace pgn::analysis
