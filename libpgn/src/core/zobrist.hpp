// Zobrist key parts for code outside position.cpp (the variant make-move), internal to the
// legality core. The keys themselves live in position.cpp.
#pragma once

#include <cstdint>

#include "libpgn/types.hpp"

namespace pgn {

std::uint64_t zobrist_piece_key(Piece p, Square s);
std::uint64_t zobrist_castling_key(int rights);
std::uint64_t zobrist_en_passant_key(Square ep);
std::uint64_t zobrist_side_key();
std::uint64_t pocket_key(Piece p, int count);
std::uint64_t checks_given_key(Color c, int count);

}  // namespace pgn
