// Attack tables and bit tricks behind the legality core (internal to libpgn).
//
// Every table is a compile-time constant, so there is nothing to initialise and any number of
// threads may use them from the first instruction on. Slider attacks use PEXT indexing when the
// build targets BMI2 and multiply-shift magics otherwise; both index the same kind of dense
// per-square table.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "libpgn/types.hpp"

namespace pgn::bb {

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kFileH = kFileA << 7;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard kRank8 = kRank1 << 56;
constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

constexpr Bitboard file_bb(int file) {
  return kFileA << file;
}
constexpr Bitboard rank_bb(int rank) {
  return kRank1 << (8 * rank);
}

constexpr int popcount(Bitboard b) {
#if defined(__POPCNT__)
  return std::popcount(b);
#else
  // Without the POPCNT instruction the compiler calls a library routine; this inline
  // bit-parallel sum is several times faster in the move counting loops.
  b -= (b >> 1) & 0x5555555555555555ULL;
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return int((b * 0x0101010101010101ULL) >> 56);
#endif
}
constexpr bool more_than_one(Bitboard b) {
  return (b & (b - 1)) != 0;
}
inline Square lsb(Bitboard b) {
  return Square(std::countr_zero(b));
}
inline Square msb(Bitboard b) {
  return Square(63 - std::countl_zero(b));
}
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

// Square offsets of the eight directions.
enum Direction : int {
  North = 8,
  South = -8,
  East = 1,
  West = -1,
  NorthEast = 9,
  NorthWest = 7,
  SouthEast = -7,
  SouthWest = -9,
};

// Moves every bit one step in `d`, dropping bits that would wrap around the board edge.
template <Direction d>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (d == North) return b << 8;
  if constexpr (d == South) return b >> 8;
  if constexpr (d == East) return (b & ~kFileH) << 1;
  if constexpr (d == West) return (b & ~kFileA) >> 1;
  if constexpr (d == NorthEast) return (b & ~kFileH) << 9;
  if constexpr (d == NorthWest) return (b & ~kFileA) << 7;
  if constexpr (d == SouthEast) return (b & ~kFileH) >> 7;
  if constexpr (d == SouthWest) return (b & ~kFileA) >> 9;
}

constexpr Direction pawn_push(Color c) {
  return c == White ? North : South;
}

// All squares attacked by pawns of colour `c` standing on `pawns`.
template <Color c>
constexpr Bitboard pawn_attacks_bb(Bitboard pawns) {
  return c == White ? shift<NorthWest>(pawns) | shift<NorthEast>(pawns)
                    : shift<SouthWest>(pawns) | shift<SouthEast>(pawns);
}

// One slider's lookup data for one square.
struct SliderSquare {
  Bitboard mask;  // relevant occupancy: the rays without their last square
#if !defined(__BMI2__)
  Bitboard magic;
  unsigned shift;
#endif
  const Bitboard* attacks;

  unsigned index(Bitboard occupied) const {
#if defined(__BMI2__)
    return unsigned(_pext_u64(occupied, mask));
#else
    return unsigned(((occupied & mask) * magic) >> shift);
#endif
  }
};

// Defined in bitboard.cpp.
extern const std::array<SliderSquare, 64> kRookSliders;
extern const std::array<SliderSquare, 64> kBishopSliders;
extern const std::array<std::array<Bitboard, 64>, 2> kPawnAttacks;
extern const std::array<Bitboard, 64> kKnightAttacks;
extern const std::array<Bitboard, 64> kKingAttacks;
// By piece type: knight and king attacks; empty for the other types.
extern const std::array<std::array<Bitboard, 64>, kPieceTypeCount> kLeaperAttacks;
extern const std::array<Bitboard, 64> kRookRays;    // rook attacks on an empty board
extern const std::array<Bitboard, 64> kBishopRays;  // bishop attacks on an empty board
// By piece (colour and type): the squares it attacks from each square on an empty board.
extern const std::array<std::array<Bitboard, 64>, kPieceCount> kEmptyBoardAttacks;
extern const std::array<std::array<Bitboard, 64>, 64> kBetween;
extern const std::array<std::array<Bitboard, 64>, 64> kLine;

inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const SliderSquare& e = kRookSliders[s];
  return e.attacks[e.index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const SliderSquare& e = kBishopSliders[s];
  return e.attacks[e.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}
inline Bitboard pawn_attacks(Color c, Square s) {
  return kPawnAttacks[c][s];
}
inline Bitboard knight_attacks(Square s) {
  return kKnightAttacks[s];
}
inline Bitboard king_attacks(Square s) {
  return kKingAttacks[s];
}

// Attacks of a non-pawn piece type from `s` (none for a pawn). Without a branch on the type:
// which piece a move names is close to random, and a mispredicted jump on it costs more than
// the slider lookups this makes for every type.
[[gnu::always_inline]] inline Bitboard attacks(PieceType type, Square s, Bitboard occupied) {
  const Bitboard diagonal = Bitboard{0} - Bitboard{type == Bishop || type == Queen};
  const Bitboard straight = Bitboard{0} - Bitboard{type == Rook || type == Queen};
  return kLeaperAttacks[type][s] | (bishop_attacks(s, occupied) & diagonal) |
         (rook_attacks(s, occupied) & straight);
}

// Squares strictly between a and b when they share a rank, file or diagonal; else empty.
inline Bitboard between(Square a, Square b) {
  return kBetween[a][b];
}
// The whole line (edge to edge) through a and b when they are aligned; else empty.
inline Bitboard line(Square a, Square b) {
  return kLine[a][b];
}
inline bool aligned(Square a, Square b, Square c) {
  return (line(a, b) & square_bb(c)) != 0;
}

}  // namespace pgn::bb
