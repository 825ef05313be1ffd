// What san.cpp offers the rest of the library besides the public SAN writer: the origin
// coordinates SAN names, which the spoken writer names alike.
#pragma once

#include "libpgn/position.hpp"
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

}  // namespace pgn::detail
