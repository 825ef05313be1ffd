// Stalemates a king's arrival forces, for the pawn-wall proof (see stalemate.cpp).
#pragma once

#include "core/bitboard.hpp"

namespace pgn::analysis {

// A side reduced to its king and pawns that can never move, the wall standing: what the
// proof knows about it when the opposing king arrives on `arrival`.
struct StalemateQuery {
  Bitboard own_pawns;           // the side's pawns after the arrival (a captured one removed)
  Bitboard enemy_pawn_attacks;  // squares the opposing pawns attack
  Bitboard all_pawns;           // every pawn before the arrival (they block lines)
  Bitboard king_squares;        // every square the side's king can ever stand on
  Square arrival;               // where the opposing king arrives (by a move or a capture)
  Bitboard from;                // squares the opposing king may arrive from
  bool enemy_diagonal_sliders;  // the opponent has a bishop or a queen
  bool enemy_straight_sliders;  // the opponent has a rook or a queen
};

// True when, wherever the side's king stands (on one of `king_squares` not next to the
// arrival square), the arrival leaves the side without a legal move and not in check: the
// game ends there in stalemate. False says nothing.
bool arrival_stalemates(const StalemateQuery& q);

}  // namespace pgn::analysis
