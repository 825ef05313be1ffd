// Legal move generation under standard rules (Chess960 included), perft and the UCI form of a
// move: the free functions of core/movegen.cpp. position.hpp includes this header; the
// variants' rules are reached through variant.hpp.
#pragma once

#include <cstdint>
#include <string>

#include "libpgn/types.hpp"

namespace pgn {

class Position;

// Legal move generation: appends every legal move of the side to move.
void generate_legal(const Position& pos, MoveList& list);
// Only legal moves that land on `to` made by pieces of type `type` (used to resolve SAN
// quickly); NoPieceType means any piece.
void generate_legal_to(const Position& pos, Square to, PieceType type, MoveList& list);

// Number of leaf nodes at `depth` (perft); counts bulk at the last ply.
std::uint64_t perft(Position& pos, int depth);

// Long algebraic coordinate form used by UCI: e2e4, e7e8q, castling as the king's move
// (e1g1) in standard chess and as king-takes-rook (e1h1) in Chess960.
std::string to_uci(const Position& pos, Move m);
// The same text without the position, which it needs only for the chess960 flag (a castling
// king stands on its own back rank): written at `out` (5 bytes of room), its size returned.
// For writers that do not replay the moves otherwise.
std::size_t write_uci(Move m, bool chess960, char* out);

}  // namespace pgn
