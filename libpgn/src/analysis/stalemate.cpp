// Arrivals of a king that end the game in stalemate. Behind a pawn wall, a side left with
// its king and pawns that cannot move has only king moves; some squares the opposing king
// may step to (or take a pawn on) leave that king with none, so the arrival ends the game.
// Such an arrival never helps a mate: a capture that stalemates changes the wall only when
// nothing can follow, and a square of the winning king that it can only reach by
// stalemating the loser is never its square when a mate is given (blocked.cpp uses both).
//
// Why the test is sound. The side's pawns cannot move (the caller's proof: each stands
// behind a man that never moves, and no opposing man can stand where it could capture), so
// its king alone could move. Its king stands on some square l of its set; next to the
// arrival square is impossible (kings never touch). Every step from l is illegal when it
// lands on its own pawn, next to (or on) the arriving king, or on a square an opposing pawn
// attacks (a pawn there is then defended); the opposing pawns have not moved, nor have the
// side's, as the wall stands until this arrival. Other opposing men are ignored: they only
// make more steps illegal. Before the arrival the opponent was to move, so the side was not
// in check; a king move can give check only by uncovering a rook, bishop or queen on the
// line through its from-square, which is excluded when the opponent has no slider of that
// kind or a pawn stands between the two squares (pawns do not move before the arrival).
#include "analysis/stalemate.hpp"

#include <bit>

namespace pgn::analysis {

bool arrival_stalemates(const StalemateQuery& q) {
  using bb::king_attacks;
  const Bitboard guarded = king_attacks(q.arrival) | square_bb(q.arrival);
  const Bitboard illegal = q.own_pawns | guarded | q.enemy_pawn_attacks;
  for (Bitboard b = q.king_squares & ~guarded; b; b &= b - 1) {
    const Square l = Square(std::countr_zero(b));
    if (king_attacks(l) & ~illegal) return false;  // a step is left
    for (Bitboard f = q.from; f; f &= f - 1) {
      const Square from = Square(std::countr_zero(f));
      if (bb::between(l, from) & q.all_pawns) continue;
      const bool diagonal = bb::bishop_attacks(l, 0) & square_bb(from);
      const bool straight = bb::rook_attacks(l, 0) & square_bb(from);
      if ((diagonal && q.enemy_diagonal_sliders) || (straight && q.enemy_straight_sliders))
        return false;  // leaving `from` may uncover a check
    }
  }
  return true;
}

}  // namespace pgn::analysis
