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
// the wall is permanent, nothing promotes, and the sets hold forever. Men that can never move
// nor be taken (shut in by the wall, or jammed together, and defended wherever the opposing
// king may step next to them) join the induction: their defence of the squares next to them
// lasts, and the sets are computed again with them as walls.
//
// A mate then needs a square s the losing king can reach, a check on s by one of the winner's
// pieces (a king never checks; a pawn's check would keep the king off s, unless the king
// stands there now: the pawn's last step gave that check, maybe mate, so a king in a pawn's
// check proves nothing), and each square
// next to s taken: by a pawn, by the loser's own piece, by a winner's piece, or attacked by
// the winner. If no square passes these tests with the sets above, no mate can ever happen.
#include "analysis/blocked.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>

#include "analysis/stalemate.hpp"
#include "core/bitboard.hpp"

namespace pgn::analysis {
namespace {

using bb::attacks;
using bb::king_attacks;

// Every square one move of a piece of `type` away from some square of `b`, the board empty
// (a slider's first step). Flood fills by steps are as exact as by whole moves here: other
// pieces are treated as absent, so a slider's move is a line of steps through free squares.
Bitboard step(PieceType type, Bitboard b) {
  using namespace bb;
  const Bitboard diagonal =
      shift<NorthEast>(b) | shift<NorthWest>(b) | shift<SouthEast>(b) | shift<SouthWest>(b);
  const Bitboard straight = shift<North>(b) | shift<South>(b) | shift<East>(b) | shift<West>(b);
  switch (type) {
    case Bishop:
      return diagonal;
    case Rook:
      return straight;
    case Knight: {
      const Bitboard l1 = (b >> 1) & ~bb::kFileH, l2 = (b >> 2) & ~(bb::kFileH | (bb::kFileH >> 1));
      const Bitboard r1 = (b << 1) & ~bb::kFileA, r2 = (b << 2) & ~(bb::kFileA | (bb::kFileA << 1));
      const Bitboard h1 = l1 | r1, h2 = l2 | r2;
      return (h1 << 16) | (h1 >> 16) | (h2 << 8) | (h2 >> 8);
    }
    default:  // king, queen
      return diagonal | straight;
  }
}

// Squares a piece of `type` on `start` can ever reach while the pawns in `walls` stand still.
Bitboard reach(PieceType type, Square start, Bitboard walls, Bitboard forbidden) {
  Bitboard seen = square_bb(start);
  for (Bitboard next = seen; next; seen |= next)
    next = step(type, seen) & ~(walls | forbidden | seen);
  return seen;
}

// Squares a piece of `type` attacks from anywhere in `region`, the walls the only obstacles.
// For a slider `region` must be a reach() set: then every free square its lines cross is in
// the region (and the start is attacked back as soon as the region has another square), and
// a wall square is attacked from the square before it on the line.
Bitboard attacks_from(PieceType type, Bitboard region, Bitboard walls) {
  const Bitboard next = step(type, region);
  return (type == King || type == Knight) ? next : next & (walls | region);
}

}  // namespace

Bitboard wall_gaps(const Position& pos) {
  const Bitboard white = pos.pieces(White, Pawn), black = pos.pieces(Black, Pawn);
  const Bitboard occupied = pos.pieces();
  if (pos.pieces(Queen) | pos.pieces(Rook)) return ((white << 8) | (black >> 8)) & ~occupied;
  const Bitboard fronts = passed_pawn_fronts(pos);
  Bitboard gaps = fronts & ~occupied;
  for (Bitboard b = fronts & occupied & ~pos.pieces(Pawn); b; b &= b - 1) {
    const Square s = Square(std::countr_zero(b));
    const Piece man = pos.piece_on(s);
    Bitboard taken = occupied;
    if (type_of(man) == King)
      taken |= color_of(man) == White ? bb::pawn_attacks_bb<Black>(black)
                                      : bb::pawn_attacks_bb<White>(white);
    if (step(type_of(man), square_bb(s)) & ~taken) gaps |= square_bb(s);
  }
  return gaps;
}

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
  if (pawn_attacks[side] & pos.pieces(~side, King)) return false;  // in a pawn's check now

  // A king that cannot move while the pawns stand still is never taken either: it stands in
  // the way of every other man for as long as the wall does, like a pawn of the wall.
  // Nor can the opposing king ever step next to it.
  Bitboard walls = pawns, king_forbidden[2] = {pawn_attacks[Black], pawn_attacks[White]};
  for (Color c : {White, Black}) {
    const Square k = pos.king_square(c);
    if (reach(King, k, pawns, pawn_attacks[~c]) != square_bb(k)) continue;
    walls |= square_bb(k);
    king_forbidden[~c] |= king_attacks(k);
  }

  Bitboard piece_reach[2], piece_attacks[2], king_reach[2], king_zone[2];
  Bitboard unmovable[2];     // men that can never leave their square
  Bitboard reach_of[2][16];  // each piece's own set (kings and pawns aside)
  int pieces_of[2];
  Bitboard fixed_men = 0, lasting = 0;
  // A piece that never moves nor is taken is a wall too: a second round with them as walls
  // (the first round's sets only have more squares, so what it proved stays proved).
  for (int round = 0; round < 2; ++round) {
    for (Color c : {White, Black}) {
      piece_reach[c] = piece_attacks[c] = king_reach[c] = king_zone[c] = unmovable[c] = 0;
      pieces_of[c] = 0;
    }
    for (Color c : {White, Black}) {
      for (Bitboard b = pos.pieces(c) & ~pawns; b; b &= b - 1) {
        const Square s = Square(std::countr_zero(b));
        const PieceType type = type_of(pos.piece_on(s));
        if (type == King) {
          king_reach[c] = reach(King, s, walls, king_forbidden[c]);
          king_zone[c] = attacks_from(King, king_reach[c], walls);
          if (king_reach[c] == square_bb(s)) unmovable[c] |= square_bb(s);
        } else {
          const Bitboard r = reach(type, s, walls, 0);
          if (pieces_of[c] < 16) reach_of[c][pieces_of[c]++] = r;
          piece_reach[c] |= r;
          piece_attacks[c] |= attacks_from(type, r, walls);
          if (r == square_bb(s)) unmovable[c] |= square_bb(s);
        }
      }
    }
    // Men jammed together: every move of each lands on a wall, on a square a fixed pawn
    // keeps its king from, or on another of them, and none can ever be taken (no opposing
    // piece can attack it, and where the opposing king may step next to it a pawn or another
    // of them defends it). None can make the first move nor be the first taken, so none
    // ever moves (the largest such group: members are dropped until all qualify).
    Bitboard defence[2];
    for (Color c : {White, Black}) {
      Bitboard group = pos.pieces(c) & ~pawns, attacked = 0;
      for (bool changed = true; changed;) {
        changed = false;
        attacked = 0;
        for (Bitboard b = group; b; b &= b - 1) {
          const Square s = Square(std::countr_zero(b));
          attacked |= step(type_of(pos.piece_on(s)), square_bb(s));
        }
        for (Bitboard b = group; b; b &= b - 1) {
          const Square s = Square(std::countr_zero(b));
          const PieceType type = type_of(pos.piece_on(s));
          Bitboard targets = step(type, square_bb(s)) & ~(walls | group);
          if (type == King) targets &= ~king_forbidden[c];
          const Bitboard defenders = pawn_attacks[c] | attacked;
          const bool safe =
              type == King || (!(piece_attacks[~c] & square_bb(s)) &&
                               (!(king_zone[~c] & square_bb(s)) || (defenders & square_bb(s))));
          if (targets || !safe) {
            group &= ~square_bb(s);
            changed = true;
          }
        }
      }
      unmovable[c] |= group;
      defence[c] = pawn_attacks[c] | (group ? attacked : 0);
    }
    // A man that never moves blocks the pawn in front of it for good if it is never taken
    // either (a king never is; another piece must stand where no opposing piece or king can
    // ever attack).
    fixed_men = 0;
    for (Color c : {White, Black})
      fixed_men |= unmovable[c] & (pos.pieces(King) | ~(piece_attacks[~c] | king_zone[~c]));
    // Attacks that last: a king's or a knight's cannot be blocked, nor a slider's on the
    // squares next to it. A man that never moves defends for good if it is never taken: no
    // opposing piece can ever attack it, and a king that may step next to it finds it
    // defended by a pawn. That pawn may itself be defended only by this man: both stand until
    // the first capture of one of them, which the other's defence makes illegal for a king.
    lasting = fixed_men;
    for (Color c : {White, Black})
      lasting |=
          unmovable[c] & ~pos.pieces(King) & ~piece_attacks[~c] & (~king_zone[~c] | defence[c]);
    if (!(lasting & ~walls)) break;
    walls |= lasting;
  }
  if (fronts & ~(pawns | lasting)) return false;
  Bitboard fixed_attacks[2] = {0, 0};
  auto only_king_and_pawns = [&](Color c) {
    return pos.pieces(c) == (pos.pieces(c, King) | pawns_of[c]);
  };
  // The arrival of c's opponent's king on `arrival` (a step, or the capture of a pawn of c).
  auto stalemate_query = [&](Color c, Bitboard own_pawns, Square arrival) {
    const Bitboard sliders = pos.pieces(~c) & ~pos.pieces(~c, Pawn);
    return StalemateQuery{own_pawns,
                          pawn_attacks[~c],
                          pawns,
                          king_reach[c],
                          arrival,
                          king_attacks(arrival) & king_reach[~c],
                          (sliders & (pos.pieces(Bishop) | pos.pieces(Queen))) != 0,
                          (sliders & (pos.pieces(Rook) | pos.pieces(Queen))) != 0};
  };
  for (Color c : {White, Black})
    for (Bitboard b = lasting & pos.pieces(c); b; b &= b - 1) {
      const Square s = Square(std::countr_zero(b));
      const PieceType type = type_of(pos.piece_on(s));
      const Bitboard a = attacks(type, s, pawns);
      fixed_attacks[c] |= (type == King || type == Knight) ? a : a & king_attacks(s);
    }
  // The wall never moves: nothing can ever be captured by a pawn or capture one.
  for (Color c : {White, Black}) {
    if (pawn_attacks[c] & piece_reach[~c]) return false;
    if (piece_attacks[~c] & pawns_of[c]) return false;
    // A king takes only undefended pawns; a pawn's defence lasts, and so does that of a
    // king or knight that never moves. Nor does a capture that always stalemates the pawn's
    // side (stalemate.cpp) matter: the game ends there, so the wall stands while it goes on.
    const Bitboard exposed = king_zone[~c] & pawns_of[c] & ~(pawn_attacks[c] | fixed_attacks[c]);
    for (Bitboard b = exposed; b; b &= b - 1) {
      const Square p = Square(std::countr_zero(b));
      if (!only_king_and_pawns(c) ||
          !arrival_stalemates(stalemate_query(c, pawns_of[c] & ~square_bb(p), p)))
        return false;
    }
  }

  const Color loser = ~side;
  // A square the winning king can only arrive on by stalemating the loser (stalemate.cpp)
  // is never its square when a mate is given, unless it stands there now. Asked only of a
  // post that would complete a mate.
  const bool loser_bare = only_king_and_pawns(loser);
  auto usable_post = [&](Square k) {
    return !loser_bare || k == pos.king_square(side) ||
           !arrival_stalemates(stalemate_query(loser, pawns_of[loser], k));
  };
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
    for (Bitboard k = posts; k && !possible; k &= k - 1) {
      const Square post = Square(std::countr_zero(k));
      possible = blockable(flights & ~king_attacks(post)) && usable_post(post);
    }
    if (possible) return false;  // a mate here is not ruled out
  }
  return true;
}

// A wall still forming (docs/unwinnability.md, "pawn wall"). Hypothesis H: no pawn ever
// captures or is captured. Under H a pawn stays on its file and cannot pass the nearest
// opposing pawn ahead of it (which only comes closer), nor the pawns of its own colour
// between them: its squares are an interval, and a pawn whose interval is its own square is
// fixed for good. Pieces move through every square but those of fixed pawns; kings avoid the
// squares fixed opposing pawns attack. While H holds every man stays within its squares, so
// H can only fail by a move from those sets; when none exists, H holds forever, nothing
// promotes, and a mate must be built from one square per man.
namespace {

// The exact test of one mate square: can one square per man (or none: a man may have been
// taken) give check on `s` and take each of its flights? Subsets of {flights, check} that
// some choice of squares for the men seen so far covers, as a bit set of at most 2^9.
class MateCover {
 public:
  explicit MateCover(Square s) : target_(s), flights_(king_attacks(s)) {
    for (Bitboard b = flights_; b; b &= b - 1) flight_sq_[n_++] = Square(std::countr_zero(b));
    full_ = (1u << (n_ + 1)) - 1;
    masks_[0] = 0;
    count_ = 1;
    present_[0] = 1;
  }
  Square target() const { return target_; }
  Bitboard flights() const { return flights_; }
  bool complete() const { return present_[full_ >> 6] & (std::uint64_t{1} << (full_ & 63)); }

  // The subset a man covers from one square: the flights in `covered`, and the check.
  unsigned mask(Bitboard covered, bool check) const {
    unsigned m = check ? 1u << n_ : 0;
    for (int i = 0; i < n_; ++i)
      if (covered & square_bb(flight_sq_[i])) m |= 1u << i;
    return m;
  }
  // Adds one man, whose squares cover the subsets `choices`.
  void add_man(const unsigned* choices, int n) {
    const int before = count_;
    for (int i = 0; i < before; ++i)
      for (int k = 0; k < n; ++k) {
        const unsigned m = masks_[i] | choices[k];
        std::uint64_t& word = present_[m >> 6];
        const std::uint64_t bit = std::uint64_t{1} << (m & 63);
        if (!(word & bit)) {
          word |= bit;
          masks_[count_++] = std::uint16_t(m);
        }
      }
  }

 private:
  Square target_;
  Bitboard flights_;
  Square flight_sq_[8]{};
  int n_ = 0;
  unsigned full_ = 0;
  std::uint16_t masks_[512]{};
  int count_ = 0;
  std::uint64_t present_[8]{};
};

struct Man {
  Color color;
  PieceType type;
  Bitboard squares;  // where it can ever stand
};

}  // namespace

bool forming_wall_unwinnable(const Position& pos, Color side) {
  if (pos.ep_square() != NoSquare || pos.castling_rights()) return false;
  Man men[32];
  int count = 0;
  Bitboard ranges[2], fixed[2], range_attacks[2], fixed_attacks[2];
  Bitboard piece_reach[2], piece_attacks[2], king_reach[2], walls = 0;
  const Bitboard pawns = pos.pieces(Pawn), occupied = pos.pieces();
  // Pieces and kings that may never move (H also says: they never move nor are taken). Each
  // is a wall for the others and stops a pawn on its file, a passed pawn included. The
  // candidates have every step blocked now (a king's by men or opposing pawn attacks); the
  // largest set whose members all have one square in the sets it gives is kept (below).
  Bitboard frozen = 0;
  for (Bitboard b = occupied & ~pawns; b; b &= b - 1) {
    const Square s = Square(std::countr_zero(b));
    const PieceType type = type_of(pos.piece_on(s));
    const Color c = color_of(pos.piece_on(s));
    const Bitboard free = step(type, square_bb(s)) & ~occupied;
    if (!(type == King ? free & ~(c == White ? bb::pawn_attacks_bb<Black>(pos.pieces(Black, Pawn))
                                             : bb::pawn_attacks_bb<White>(pos.pieces(White, Pawn)))
                       : free))
      frozen |= square_bb(s);
  }
  for (;;) {
    // Pawns that may be taken (by a piece or a king; never by a pawn, under H) stop nothing
    // for good: the set only grows, and the sets of every man with it.
    Bitboard removable = 0;
    for (int round = 0;; ++round) {
      count = 0;
      for (Color c : {White, Black}) {
        ranges[c] = fixed[c] = range_attacks[c] = 0;
        const int step = c == White ? 1 : -1;
        for (Bitboard b = pos.pieces(c, Pawn); b; b &= b - 1) {
          const Square s = Square(std::countr_zero(b));
          int own = 0, r = rank_of(s) + step;
          for (; r >= 0 && r <= 7; r += step) {
            const Square t = make_square(file_of(s), r);
            if (frozen & square_bb(t)) break;  // a man that never moves: the pawn stops below
            const Piece p = pos.piece_on(t);
            if (p == NoPiece || type_of(p) != Pawn || (removable & square_bb(t))) continue;
            if (color_of(p) != c) break;
            ++own;
          }
          if (r < 0 || r > 7) return false;  // nothing stops it for good: it may promote
          const int last = r - step * (1 + own);
          Bitboard range = square_bb(s);
          for (int k = rank_of(s); k != last && k != r;) {
            k += step;
            range |= square_bb(make_square(file_of(s), k));
          }
          ranges[c] |= range;
          if (range == square_bb(s) && !(removable & range)) fixed[c] |= range;
          range_attacks[c] |=
              c == White ? bb::pawn_attacks_bb<White>(range) : bb::pawn_attacks_bb<Black>(range);
          men[count++] = Man{c, Pawn, range};
        }
      }
      // Ranges only grow with `removable`: a capture between pawns possible now stays
      // possible.
      if (round == 0 &&
          ((range_attacks[White] & ranges[Black]) | (range_attacks[Black] & ranges[White])))
        return false;
      walls = fixed[White] | fixed[Black] | frozen;
      fixed_attacks[White] = bb::pawn_attacks_bb<White>(fixed[White]);
      fixed_attacks[Black] = bb::pawn_attacks_bb<Black>(fixed[Black]);
      for (Color c : {White, Black}) piece_reach[c] = piece_attacks[c] = king_reach[c] = 0;
      for (Color c : {White, Black})
        for (Bitboard b = pos.pieces(c) & ~pawns; b; b &= b - 1) {
          const Square s = Square(std::countr_zero(b));
          const PieceType type = type_of(pos.piece_on(s));
          if (type == King) {
            king_reach[c] = reach(King, s, walls, fixed_attacks[~c]);
            continue;
          }
          const Bitboard r = reach(type, s, walls, 0);
          piece_reach[c] |= r;
          piece_attacks[c] |= attacks_from(type, r, walls);
          men[count++] = Man{c, type, r};
        }
      // A pawn may be taken when a piece may attack one of its squares, or a king may while
      // it is not defended for good (a fixed pawn by a fixed pawn).
      Bitboard taken = 0;
      for (int i = 0; i < count; ++i) {
        const Man& man = men[i];
        if (man.type != Pawn) continue;
        const Color c = man.color;
        const Bitboard defended = fixed[c] & fixed_attacks[c];
        if (man.squares & (piece_attacks[~c] | (attacks_from(King, king_reach[~c], 0) & ~defended)))
          taken |= man.squares;
      }
      taken &= pawns;  // named by their squares now
      if (!(taken & ~removable)) break;
      removable |= taken;
    }
    // The frozen men must keep their square in the sets their freezing gives (a king: no
    // step to a square that is neither a wall nor attacked by a fixed pawn; a piece: no step
    // off the walls) and never be taken: no opposing piece nor king may ever attack them.
    // Then, by induction over the moves, none of them ever moves (the others' sets were
    // computed with them as walls); those that fail are dropped and the sets computed again.
    Bitboard kept = frozen;
    for (Bitboard b = frozen; b; b &= b - 1) {
      const Square s = Square(std::countr_zero(b));
      const Color c = color_of(pos.piece_on(s));
      const PieceType type = type_of(pos.piece_on(s));
      const bool still =
          type == King
              ? king_reach[c] == square_bb(s)
              : !(step(type, square_bb(s)) & ~walls) &&
                    !(square_bb(s) & (piece_attacks[~c] | attacks_from(King, king_reach[~c], 0)));
      if (!still) kept &= ~square_bb(s);
    }
    if (kept == frozen) break;
    frozen = kept;
  }
  // H can never fail: no pawn can ever attack a square an opposing pawn or piece may stand on.
  for (Color c : {White, Black})
    if (range_attacks[c] & (piece_reach[~c] | ranges[~c])) return false;

  const Color loser = ~side;
  // What can ever cover a flight (the union test, cheap) and what can ever give check.
  const Bitboard checks = piece_attacks[side] | range_attacks[side];
  const Bitboard coverable = ranges[White] | ranges[Black] | range_attacks[side] |
                             piece_reach[White] | piece_reach[Black] | piece_attacks[side] |
                             attacks_from(King, king_reach[side], 0);
  unsigned choices[64];
  for (Bitboard b = king_reach[loser] & checks; b; b &= b - 1) {
    MateCover cover(Square(std::countr_zero(b)));
    const Square s = cover.target();
    if (cover.flights() & ~coverable) continue;
    const Bitboard near = cover.flights() | square_bb(s);
    // The winning king: any square two steps or more from s.
    int n = 0;
    for (Bitboard k = king_reach[side] & ~(king_attacks(s) | square_bb(s)); k; k &= k - 1) {
      const unsigned m = cover.mask(king_attacks(Square(std::countr_zero(k))), false);
      if (m && std::find(choices, choices + n, m) == choices + n) choices[n++] = m;
    }
    cover.add_man(choices, n);
    for (int i = 0; i < count && !cover.complete(); ++i) {
      const Man& man = men[i];
      n = 0;
      for (Bitboard q = man.squares & ~square_bb(s); q; q &= q - 1) {
        const Square at = Square(std::countr_zero(q));
        Bitboard covered = square_bb(at);
        bool check = false;
        if (man.color == side) {
          const Bitboard a =
              man.type == Pawn ? bb::pawn_attacks(side, at) : attacks(man.type, at, walls);
          covered |= a;
          check = a & square_bb(s);
        }
        if (!(covered & near)) continue;
        const unsigned m = cover.mask(covered, check);
        if (m && std::find(choices, choices + n, m) == choices + n) choices[n++] = m;
      }
      cover.add_man(choices, n);
    }
    if (cover.complete()) return false;  // a mate here is not ruled out
  }
  return true;
}

}  // namespace pgn::analysis
