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
// below an opposing pawn on their file or below a man that can never move (a king or piece
// boxed in for good, which also walls the others in), and no pawn can ever capture or be
// captured. Every man is given the squares it could ever stand on; a mate needs one square
// the losing king can reach where some choice of one square per man gives check and takes
// every flight.
// Slower than blocked_unwinnable (a small search per square). False says nothing.
bool forming_wall_unwinnable(const Position& pos, Color side);

// The cheap gate in front of those two tests when every position of a game is checked for a
// dead position (FIDE 5.2.2), a few bitboard operations. Either no pawn can step (the locked
// structure of blocked_unwinnable), or there is no queen nor rook and every pawn without an
// opposing pawn ahead on its file has a man right in front (only a man that never moves
// stops a passed pawn for good). A queen or a rook is shut out only by a wall from edge to
// edge that no pawn can cross, or boxed in by men that never move; while pawns can still
// step, that is left to the search.

// The squares in front of pawns without an opposing pawn ahead on their file.
inline Bitboard passed_pawn_fronts(const Position& pos) {
  const Bitboard white = pos.pieces(White, Pawn), black = pos.pieces(Black, Pawn);
  Bitboard up = white, down = black;
  for (int shift : {8, 16, 32}) {
    up |= up << shift;
    down |= down >> shift;
  }
  return ((white & ~down) << 8) | ((black & ~up) >> 8);
}

// The squares that keep the gate shut: in front of every pawn that can step when a queen or
// a rook is on the board; else in front of pawns without an opposing pawn ahead on their
// file, empty or held by a piece or king that can move now (one that can never move has
// every step taken, a king's also by squares opposing pawns attack). The per-ply filter asks
// the cheaper question first (passed_pawn_fronts all taken).
Bitboard wall_gaps(const Position& pos);

// False when neither test can prove both sides.
inline bool pawns_could_wall_in(const Position& pos) {
  return pos.pieces(Pawn) && !wall_gaps(pos);
}

}  // namespace pgn::analysis
