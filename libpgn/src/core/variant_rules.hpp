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
// Whether a drop is legal in a crazyhouse position: a piece of the pocket, an empty square,
// no pawn on the first or last rank, and the king not left in check. Answers what
// is_legal_in_variant would without generating the moves to the square.
bool crazyhouse_drop_is_legal(const Position& pos, Move drop);
// Bughouse: the side to move is in check and no drop could ever block it (a contact or knight
// check, or a double check), so with no legal move it is mated even if its partner could
// pass it any piece.
bool bughouse_check_unblockable(const Position& pos);
// Number of legal moves under the position's variant.
std::uint64_t count_legal_variant(const Position& pos);

// generate_legal, generate_legal_to and perft (movegen.hpp) under the position's variant
// (standard included): drops, compulsory captures, explosions, no moves once the variant's
// game is over. Callers reach them through the per-game Rules table (variant.hpp), so the
// standard functions stay free of any variant test.
void generate_legal_variant(const Position& pos, MoveList& list);
void generate_legal_variant_to(const Position& pos, Square to, PieceType type, MoveList& list);
std::uint64_t perft_variant(Position& pos, int depth);

}  // namespace pgn
