// A king and one minor piece mate only with the loser's own men on the flights the two
// cannot take. Queens (and often rooks) standing there can take the checker or step into the
// line of a bishop's check, so some materials can never be mated. Without pawns the material
// only shrinks, so enumerating every mate pattern settles the question once for good:
//
// for each square s of the mated king, each square c of the checker (a knight's jump or a
// bishop's diagonal from s, on the bishop's colour), and each square k of the winning king
// (not next to s), the flights of s that neither k nor the checker covers must each hold one
// of the loser's men (bishops on their own colour). The pattern is a mate only if no blocker
// can take the checker or step between it and s, and the mated king cannot take it. Every
// other square is left empty (the loser's other men may have been taken), and the checker's
// cover is counted as if no blocker stood in its way: both can only admit more patterns, so
// finding none is a proof.
#include "analysis/lone_minor.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <unordered_map>

#include "core/bitboard.hpp"

namespace pgn::analysis {
namespace {

using bb::attacks;
using bb::kDarkSquares;
using bb::king_attacks;

// The loser's men that may block, by kind; light and dark bishops apart.
enum Blocker { kQueen, kRook, kLightBishop, kDarkBishop, kKnight, kBlockerKinds };

struct Pattern {
  Square king, checker, winner_king;
  PieceType checker_type;
  Bitboard line;  // squares between the checker and the king
  int available[kBlockerKinds];
};

PieceType type_of_blocker(int kind) {
  switch (kind) {
    case kQueen:
      return Queen;
    case kRook:
      return Rook;
    case kKnight:
      return Knight;
    default:
      return Bishop;
  }
}

constexpr int kMaxFlights = 8;

// Whether the flights in `left` can be filled so that no blocker frees the king; `placed`
// are the squares filled so far (blockers already checked against the final occupancy at
// the end).
bool fill(Pattern& p, Bitboard left, Bitboard placed, Square* squares, int* kinds, int n) {
  if (!left) {
    const Bitboard occupied =
        placed | square_bb(p.king) | square_bb(p.winner_king) | square_bb(p.checker);
    for (int i = 0; i < n; ++i) {
      const Bitboard reach = attacks(type_of_blocker(kinds[i]), squares[i], occupied);
      if (reach & (square_bb(p.checker) | p.line)) return false;  // takes or blocks the check
    }
    return true;
  }
  if (n >= kMaxFlights) return false;  // never: a king has eight flights at most
  const Square f = Square(std::countr_zero(left));
  const bool dark = kDarkSquares & square_bb(f);
  for (int kind = 0; kind < kBlockerKinds; ++kind) {
    if (!p.available[kind]) continue;
    if ((kind == kLightBishop && dark) || (kind == kDarkBishop && !dark)) continue;
    --p.available[kind];
    squares[n] = f;
    kinds[n] = kind;
    const bool mate = fill(p, left & (left - 1), placed | square_bb(f), squares, kinds, n + 1);
    ++p.available[kind];
    if (mate) return true;
  }
  return false;
}

bool some_mate(PieceType checker_type, bool dark_bishop, const int (&available)[kBlockerKinds]) {
  int blockers = 0;
  for (int n : available) blockers += n;
  Pattern p{};
  p.checker_type = checker_type;
  for (int i = 0; i < kBlockerKinds; ++i) p.available[i] = available[i];
  Square squares[kMaxFlights];
  int kinds[kMaxFlights];
  for (int s = 0; s < 64; ++s) {
    p.king = Square(s);
    Bitboard checkers = attacks(checker_type, p.king, 0);
    if (checker_type == Bishop) checkers &= dark_bishop ? kDarkSquares : ~kDarkSquares;
    for (Bitboard cb = checkers; cb; cb &= cb - 1) {
      p.checker = Square(std::countr_zero(cb));
      p.line = bb::between(p.checker, p.king);
      const Bitboard flights = king_attacks(p.king);
      for (int k = 0; k < 64; ++k) {
        p.winner_king = Square(k);
        const Bitboard kb = square_bb(p.winner_king);
        if (kb & (flights | square_bb(p.king) | square_bb(p.checker) | p.line)) continue;
        const Bitboard cover = king_attacks(p.winner_king) | attacks(checker_type, p.checker, kb);
        // A checker next to the king must be defended by the winning king.
        if ((flights & square_bb(p.checker)) &&
            !(king_attacks(p.winner_king) & square_bb(p.checker)))
          continue;
        const Bitboard left = flights & ~cover & ~square_bb(p.checker);
        if (std::popcount(left) > blockers) continue;
        if (fill(p, left, 0, squares, kinds, 0)) return true;
      }
    }
  }
  return false;
}

}  // namespace

bool lone_minor_cannot_mate(const Position& pos, Color side) {
  if (pos.pieces(Pawn)) return false;
  const Bitboard own = pos.pieces(side) ^ pos.pieces(side, King);
  if (std::popcount(own) != 1 || !(own & (pos.pieces(Knight) | pos.pieces(Bishop)))) return false;
  const PieceType checker = (own & pos.pieces(Knight)) ? Knight : Bishop;
  const bool dark = own & kDarkSquares;
  const Color loser = ~side;
  int available[kBlockerKinds] = {std::popcount(pos.pieces(loser, Queen)),
                                  std::popcount(pos.pieces(loser, Rook)),
                                  std::popcount(pos.pieces(loser, Bishop) & ~kDarkSquares),
                                  std::popcount(pos.pieces(loser, Bishop) & kDarkSquares),
                                  std::popcount(pos.pieces(loser, Knight))};
  // More than eight of a kind fill every flight as well as eight.
  std::uint32_t key = (checker == Knight ? 1 : dark ? 2 : 3);
  for (int& n : available) {
    n = std::min(n, 8);
    key = key * 16 + std::uint32_t(n);
  }
  thread_local std::unordered_map<std::uint32_t, bool> known;
  if (auto it = known.find(key); it != known.end()) return it->second;
  const bool proved = !some_mate(checker, dark, available);
  known.emplace(key, proved);
  return proved;
}

}  // namespace pgn::analysis
