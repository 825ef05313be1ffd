// Blocked positions: a pawn wall that can never change, and pieces that can never get round
// it. Too many pieces shuffle behind such walls for a search to enumerate their positions,
// but where each piece can ever go is a small flood fill.
//
// Why this is sound (docs/unwinnability.md has the long form). Every piece is given the set
// of squares it could reach if the pawns never moved, moving through any square without a
// pawn (other pieces are treated as absent, which can only add squares); a king avoids the
// squares the opposing pawns attack. The pawns are proved never to move if every pawn has a
// pawn right in front of it, has nothing to capture now, no opposing piece can ever stand on
// a square it attacks, and no opposing piece can ever capture it (a king only an undefended
// pawn, a pawn's defence by another pawn being permanent). By induction on the moves, as long
// as no pawn has moved every piece stays within its set, so no pawn can make the first move:
// the wall is permanent, nothing promotes, and the sets hold forever.
//
// A mate then needs a square s the losing king can reach, a check on s by one of the winner's
// pieces (a king never checks; a pawn's check would keep the king off s), and each square
// next to s taken: by a pawn, by the loser's own piece, by a winner's piece, or attacked by
// the winner. If no square passes these tests with the sets above, no mate can ever happen.
#include "analysis/blocked.hpp"

#include <bit>

#include "core/bitboard.hpp"

namespace pgn::analysis {
namespace {

using bb::attacks;
using bb::king_attacks;

Bitboard squares_of(Bitboard b, auto&& per_square) {
  Bitboard out = 0;
  for (; b; b &= b - 1) out |= per_square(Square(std::countr_zero(b)));
  return out;
}

// Squares a piece of `type` on `start` can ever reach while the pawns stand still.
Bitboard reach(PieceType type, Square start, Bitboard pawns, Bitboard forbidden) {
  Bitboard seen = square_bb(start), frontier = seen;
  while (frontier) {
    Bitboard next = squares_of(frontier, [&](Square s) { return attacks(type, s, pawns); });
    next &= ~(pawns | forbidden | seen);
    seen |= next;
    frontier = next;
  }
  return seen;
}

// Squares a piece of `type` attacks from anywhere in `region`, pawns the only obstacles.
Bitboard attacks_from(PieceType type, Bitboard region, Bitboard pawns) {
  return squares_of(region, [&](Square s) { return attacks(type, s, pawns); });
}

}  // namespace

bool blocked_unwinnable(const Position& pos, Color side) {
  if (pos.ep_square() != NoSquare) return false;
  const Bitboard pawns = pos.pieces(Pawn);
  const Bitboard pawns_of[2] = {pos.pieces(White, Pawn), pos.pieces(Black, Pawn)};
  // Every pawn stands right behind another man (a pawn, or a king that can never move: see
  // below; kings are never captured).
  const Bitboard fronts = (pawns_of[White] << 8) | (pawns_of[Black] >> 8);
  if (fronts & ~pos.pieces()) return false;
  const Bitboard pawn_attacks[2] = {bb::pawn_attacks_bb<White>(pawns_of[White]),
                                    bb::pawn_attacks_bb<Black>(pawns_of[Black])};
  if ((pawn_attacks[White] & pawns_of[Black]) || (pawn_attacks[Black] & pawns_of[White]))
    return false;

  Bitboard piece_reach[2] = {0, 0}, piece_attacks[2] = {0, 0};
  Bitboard king_reach[2] = {0, 0}, king_zone[2] = {0, 0};
  Bitboard unmovable[2] = {0, 0};  // men that can never leave their square
  Bitboard reach_of[2][16];        // each piece's own set (kings and pawns aside)
  int pieces_of[2] = {0, 0};
  for (Color c : {White, Black}) {
    for (Bitboard b = pos.pieces(c) & ~pawns; b; b &= b - 1) {
      const Square s = Square(std::countr_zero(b));
      const PieceType type = type_of(pos.piece_on(s));
      if (type == King) {
        king_reach[c] = reach(King, s, pawns, pawn_attacks[~c]);
        king_zone[c] = attacks_from(King, king_reach[c], pawns);
        if (king_reach[c] == square_bb(s)) unmovable[c] |= square_bb(s);
      } else {
        const Bitboard r = reach(type, s, pawns, 0);
        if (pieces_of[c] < 16) reach_of[c][pieces_of[c]++] = r;
        piece_reach[c] |= r;
        piece_attacks[c] |= attacks_from(type, r, pawns);
        if (r == square_bb(s)) unmovable[c] |= square_bb(s);
      }
    }
  }
  // A man that never moves blocks the pawn in front of it for good if it is never taken
  // either (a king never is; another piece must stand where no opposing piece or king can
  // ever attack).
  Bitboard fixed_men = 0;
  for (Color c : {White, Black})
    fixed_men |= unmovable[c] & (pos.pieces(King) | ~(piece_attacks[~c] | king_zone[~c]));
  if (fronts & ~(pawns | fixed_men)) return false;
  // Attacks that last: a king's or a knight's cannot be blocked.
  Bitboard fixed_attacks[2] = {0, 0};
  for (Color c : {White, Black})
    for (Bitboard b = fixed_men & pos.pieces(c) & (pos.pieces(King) | pos.pieces(Knight)); b;
         b &= b - 1) {
      const Square s = Square(std::countr_zero(b));
      fixed_attacks[c] |= attacks(type_of(pos.piece_on(s)), s, pawns);
    }
  // The wall never moves: nothing can ever be captured by a pawn or capture one.
  for (Color c : {White, Black}) {
    if (pawn_attacks[c] & piece_reach[~c]) return false;
    if (piece_attacks[~c] & pawns_of[c]) return false;
    // A king takes only undefended pawns; a pawn's defence lasts, and so does that of a
    // king or knight that never moves.
    if (king_zone[~c] & pawns_of[c] & ~(pawn_attacks[c] | fixed_attacks[c])) return false;
  }

  const Color loser = ~side;
  const Bitboard checkable = piece_attacks[side] & king_reach[loser];
  // Squares next to the mated king that something other than the loser's own pieces could
  // take, and those only the loser's pieces (one square each) could block.
  const Bitboard taken_without_king =
      pawns | pawn_attacks[side] | piece_reach[side] | piece_attacks[side];
  // The flights left to the loser's own pieces, one square each: no more of them than pieces
  // that can reach any of them.
  auto blockable = [&](Bitboard left) {
    if (left & ~piece_reach[loser]) return false;
    int blockers = 0;
    for (int i = 0; i < pieces_of[loser]; ++i) blockers += (reach_of[loser][i] & left) != 0;
    return std::popcount(left) <= blockers;
  };
  for (Bitboard b = checkable; b; b &= b - 1) {
    const Square s = Square(std::countr_zero(b));
    const Bitboard flights = king_attacks(s) & ~taken_without_king;
    // The winning king stands on one square, at least two files or ranks from s, and covers
    // only the flights next to it.
    bool possible = blockable(flights);
    const Bitboard posts = king_reach[side] & attacks_from(King, king_attacks(s), 0) &
                           ~king_attacks(s) & ~square_bb(s);
    for (Bitboard k = posts; k && !possible; k &= k - 1)
      possible = blockable(flights & ~king_attacks(Square(std::countr_zero(k))));
    if (possible) return false;  // a mate here is not ruled out
  }
  return true;
}

}  // namespace pgn::analysis
