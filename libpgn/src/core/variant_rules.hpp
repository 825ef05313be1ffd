// Variant rule helpers shared inside the legality core (variant_movegen.cpp defines them).
#pragma once

#include <cstdint>

#include "libpgn/position.hpp"

namespace pgn {

// The game is over by the variant's own rule (not by mate or stalemate); such a position has
// no legal moves.
bool variant_over(const Position& pos);
// Racing kings: a king is home and the game cannot go on (black's last chance included).
bool racing_kings_over(const Position& pos);
// Number of legal moves under the position's variant.
std::uint64_t count_legal_variant(const Position& pos);

}  // namespace pgn
