// What san.cpp and variant_san.cpp offer the rest of the library besides the public SAN
// writer: the origin coordinates SAN names, which the spoken writer names alike.
#pragma once

#include "libpgn/position.hpp"
#include "libpgn/san.hpp"
#include "libpgn/types.hpp"

namespace pgn::detail {

// Which coordinates of a piece move's origin SAN names, written or spoken, to tell it from
// the other pieces of its type that can legally go to the same square (PGN standard 8.2.3.4):
// the file if that suffices, else the rank, else both. None for pawns, kings and castling.
struct SanOrigin {
  bool file = false;
  bool rank = false;
};
SanOrigin san_origin(const Position& pos, Move m);
// The same for a move in a variant position, by the variant's legal moves (variant_san.cpp).
SanOrigin variant_san_origin(const Position& pos, Move m);
// Whether a move in a variant position captures (a drop never does).
bool variant_move_captures(const Position& pos, Move m);

// A resolution that found no move: why, the square that shows it, the pieces it names. The
// standard and the variant resolvers both answer with it.
inline MoveResolution failure(MoveError error, Square culprit = NoSquare, Bitboard candidates = 0) {
  MoveResolution r;
  r.error = error;
  r.culprit = culprit;
  r.candidates = candidates;
  return r;
}

}  // namespace pgn::detail
