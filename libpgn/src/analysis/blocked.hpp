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

// The cheap gate in front of those two tests when every position of a game is checked for a
// dead position (FIDE 5.2.2), a few bitboard operations: false when neither test can prove
// both sides. There must be pawns, and either none can step (the locked structure of
// blocked_unwinnable), or every pawn without an opposing pawn ahead on its file has a man
// right in front (only a man that never moves stops a passed pawn for good) and, with a
// queen or a rook on the board, pawns with a man in front stand on all eight files (a piece
// that crosses every square but the walls is shut out only by a wall from edge to edge; a
// pocket of men that never move, while some pawn can still step, is left to the search).
inline bool pawns_could_wall_in(const Position& pos) {
  const Bitboard white = pos.pieces(White, Pawn), black = pos.pieces(Black, Pawn);
  if (!(white | black)) return false;
  const Bitboard occupied = pos.pieces();
  const Bitboard stopped = (white & (occupied >> 8)) | (black & (occupied << 8));
  if (stopped == (white | black)) return true;
  Bitboard up = white, down = black;
  for (int shift : {8, 16, 32}) {
    up |= up << shift;
    down |= down >> shift;
  }
  const Bitboard unfaced = (white & ~down) | (black & ~up);
  if (unfaced & ~stopped) return false;
  if (!(pos.pieces(Queen) | pos.pieces(Rook))) return true;
  Bitboard files = stopped;
  files |= files >> 32;
  files |= files >> 16;
  files |= files >> 8;
  return (files & 0xFF) == 0xFF;
}

}  // namespace pgn::analysis
