// What san.cpp and variant_san.cpp offer the rest of the library besides the public SAN
// writer: the origin coordinates SAN names, which the spoken writer names alike, and the
// board facts the resolvers, the writer and the sentences of move_errors.cpp share.
#pragma once

#include <bit>
#include <cstdint>
#include <string_view>

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

inline Square lowest_square(Bitboard b) {
  return Square(std::countr_zero(b));
}
// Enemy pieces attacking `s` when the board holds `occupied` (pieces not in it are gone).
inline Bitboard enemy_attackers(const Position& pos, Square s, Bitboard occupied, Color enemy) {
  return pos.attackers_to(s, occupied) & pos.pieces(enemy) & occupied;
}
inline Square king_destination(Color c, CastleSide side) {
  return relative_square(c, side == KingSide ? G1 : C1);
}
inline Square rook_destination(Color c, CastleSide side) {
  return relative_square(c, side == KingSide ? F1 : D1);
}
// Castling in any variant (an antichess promotion to king shares its encoding).
inline bool is_castling(Move m) {
  return m.kind() == Move::Castling && !m.is_king_promotion();
}
// Whether a variant position's board moves follow the standard rules while its game goes on
// (crazyhouse, king of the hill, three-check): the standard resolver and writer serve them.
bool standard_board_moves(const Position& pos);

// A token of plain English SAN resolved straight from its bytes (resolve_plain_san): the move,
// what the token claims beside it, and whether it is already the move's canonical SAN
// without its sign (as written_as_canonical_san would say).
struct PlainSan {
  Move move;
  std::uint8_t check_mark = 0;  // as MoveText::check_mark: 0 none, 1 '+', 2 '#'
  bool canonical = false;
};
// The moves nearly every PGN file is made of: [NBRQK][file][x]square or O-O / O-O-O, with
// '+' or '#', that exactly one own piece can legally play, no promotion. Resolves them without
// building a MoveText; false for every other token and for any move that is not that plain
// (ambiguous, illegal, en passant...): parse_move_text and resolve_move then read it and
// explain it, so that what is reported never depends on this path. When true, the answer is
// theirs (tests/unit/san_test.cpp compares the two).
bool resolve_plain_san(const Position& pos, std::string_view token, PlainSan& out);

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
