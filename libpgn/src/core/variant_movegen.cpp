// Legal move generation for the variants, and their perft.
//
// Variants that keep standard check rules (crazyhouse, three-check, king of the hill, racing
// kings, horde's black) run the standard generator and add or remove what differs: drops,
// moves that give check. The others have a pseudo-legal generator of their own: antichess
// (every pseudo-legal move is legal, captures compulsory), horde's kingless white, and
// atomic, whose explosions are easiest judged on the position after the move.
#include "core/bitboard.hpp"
#include "core/movegen_impl.hpp"
#include "core/variant_rules.hpp"
#include "libpgn/movegen.hpp"
#include "libpgn/position.hpp"

namespace pgn {
namespace {

using namespace bb;
using namespace movegen;

constexpr Bitboard kHill = square_bb(D4) | square_bb(E4) | square_bb(D5) | square_bb(E5);

// What a pseudo-legal generator allows beyond the standard moves.
enum class PseudoRules { Antichess, Atomic, Horde };

// Pseudo-legal moves of `us` to `capture_to` (captures, en passant included when
// when `en_passant_to` holds its square), `quiet_to` (moves to empty squares) and castling with the
// rook on `castle_to`, by pieces of type `only` (NoPieceType: all).
template <PseudoRules R, Color us, typename Sink>
Sink pseudo_legal(const Position& pos, Sink sink, Bitboard capture_to, Bitboard quiet_to,
                  Bitboard castle_to, Bitboard en_passant_to, PieceType only) {
  constexpr Color them = ~us;
  constexpr Direction up = pawn_push(us);
  constexpr Direction up_west = us == White ? NorthWest : SouthWest;
  constexpr Direction up_east = us == White ? NorthEast : SouthEast;
  constexpr Bitboard seventh_rank = rank_bb(relative_rank(us, 6));
  // Horde: pawns on the first rank step twice as well.
  constexpr Bitboard double_step_from =
      rank_bb(relative_rank(us, 2)) | (R == PseudoRules::Horde ? rank_bb(relative_rank(us, 1)) : 0);
  const bool all = only == NoPieceType;
  const Bitboard occupied = pos.pieces(), empty = ~occupied;
  capture_to &= pos.pieces(them);
  quiet_to &= empty;
  const Bitboard to = capture_to | quiet_to;

  if (all || only == Pawn) {
    const Bitboard pawns = pos.pieces(us, Pawn);
    const Bitboard lower = pawns & ~seventh_rank, upper = pawns & seventh_rank;
    const Bitboard single = shift<up>(lower) & empty;
    sink.template add_pawn_moves<up>(single & quiet_to);
    sink.template add_pawn_moves<2 * up>(shift<up>(single & double_step_from) & empty & quiet_to);
    sink.template add_pawn_moves<up_west>(shift<up_west>(lower) & capture_to);
    sink.template add_pawn_moves<up_east>(shift<up_east>(lower) & capture_to);
    if (upper) {
      for (Bitboard b = upper; b;) {
        const Square from = pop_lsb(b);
        Bitboard targets =
            (shift<up>(square_bb(from)) & quiet_to) | (pawn_attacks(us, from) & capture_to);
        while (targets) {
          const Square target = pop_lsb(targets);
          for (PieceType p : {Queen, Rook, Bishop, Knight})
            sink.add(Move(from, target, Move::Promotion, p));
          if constexpr (R == PseudoRules::Antichess) sink.add(Move::king_promotion(from, target));
        }
      }
    }
    const Square ep = pos.ep_square();
    if (ep != NoSquare && (en_passant_to & square_bb(ep)))
      for (Bitboard b = pawn_attacks(them, ep) & pawns; b;)
        sink.add(Move(pop_lsb(b), ep, Move::EnPassant));
  }
  if (all || only == Knight)
    for (Bitboard b = pos.pieces(us, Knight); b;) {
      const Square from = pop_lsb(b);
      sink.add_targets(from, knight_attacks(from) & to);
    }
  Bitboard diagonal = 0, straight = 0;
  if (all || only == Bishop) diagonal |= pos.pieces(us, Bishop);
  if (all || only == Rook) straight |= pos.pieces(us, Rook);
  if (all || only == Queen) {
    diagonal |= pos.pieces(us, Queen);
    straight |= pos.pieces(us, Queen);
  }
  for (Bitboard b = diagonal; b;) {
    const Square from = pop_lsb(b);
    sink.add_targets(from, bishop_attacks(from, occupied) & to);
  }
  for (Bitboard b = straight; b;) {
    const Square from = pop_lsb(b);
    sink.add_targets(from, rook_attacks(from, occupied) & to);
  }
  if (all || only == King) {
    // An atomic king cannot capture: it would explode itself.
    const Bitboard king_to = R == PseudoRules::Atomic ? quiet_to : to;
    for (Bitboard b = pos.pieces(us, King); b;) {
      const Square from = pop_lsb(b);
      sink.add_targets(from, king_attacks(from) & king_to);
    }
    if (castle_to && (pos.castling_rights() & (us == White ? 3 : 12))) {
      for (CastleSide side : {KingSide, QueenSide}) {
        const Square rook = pos.castling_rook(us, side);
        if (pos.can_castle(us, side) && (castle_to & square_bb(rook)) &&
            !(pos.castling_path(us, side) & occupied))
          sink.add(Move(lsb(pos.pieces(us, King)), rook, Move::Castling));
      }
    }
  }
  return sink;
}

// Whether `us` has any capture (antichess makes them compulsory).
template <Color us>
bool has_capture(const Position& pos) {
  constexpr Color them = ~us;
  const Bitboard theirs = pos.pieces(them), occupied = pos.pieces();
  const Bitboard pawns = pos.pieces(us, Pawn);
  if (pawn_attacks_bb<us>(pawns) & theirs) return true;
  const Square ep = pos.ep_square();
  if (ep != NoSquare && (pawn_attacks(them, ep) & pawns)) return true;
  for (Bitboard b = pos.pieces(us, Knight); b;)
    if (knight_attacks(pop_lsb(b)) & theirs) return true;
  for (Bitboard b = pos.pieces(us, King); b;)
    if (king_attacks(pop_lsb(b)) & theirs) return true;
  for (Bitboard b = pos.pieces(us, Bishop) | pos.pieces(us, Queen); b;)
    if (bishop_attacks(pop_lsb(b), occupied) & theirs) return true;
  for (Bitboard b = pos.pieces(us, Rook) | pos.pieces(us, Queen); b;)
    if (rook_attacks(pop_lsb(b), occupied) & theirs) return true;
  return false;
}

// Whether an atomic king on `s` (lifted from `occupied` where it was) is attacked by `them`.
// Next to the enemy king it is safe: no piece can take it without exploding its own king.
bool atomic_attacked(const Position& pos, Square s, Color them, Bitboard occupied) {
  const Bitboard their_king = pos.pieces(them, King);
  if (king_attacks(s) & their_king) return false;
  return (pos.attackers_to(s, occupied) & pos.pieces(them) & ~their_king) != 0;
}

bool atomic_legal(const Position& pos, Move m) {
  const Color us = pos.side_to_move(), them = ~us;
  if (m.kind() == Move::Castling) {
    if (pos.in_check()) return false;
    const Square king = pos.king_square(us);
    const Square king_to = relative_square(us, m.to() > m.from() ? G1 : C1);
    // The squares the king crosses are judged with the rook still in place, its destination
    // on the position after castling (below), where touching the enemy king makes it safe.
    const Bitboard lifted = pos.pieces() ^ square_bb(king);
    for (Bitboard path = between(king, king_to); path;)
      if (atomic_attacked(pos, pop_lsb(path), them, lifted)) return false;
  }
  Position after = pos;
  after.make_variant_move<Variant::Atomic>(m);
  if (!after.pieces(us, King)) return false;
  if (!after.pieces(them, King)) return true;
  return !atomic_attacked(after, after.king_square(us), them, after.pieces());
}

bool three_check_over(const Position& pos) {
  return pos.checks_given(White) >= 3 || pos.checks_given(Black) >= 3;
}

}  // namespace

bool racing_kings_over(const Position& pos) {
  const Bitboard goal_kings = pos.pieces(King) & kRank8;
  if (!goal_kings) return false;
  const Bitboard black_king = pos.pieces(Black, King);
  if (pos.side_to_move() == White || (goal_kings & black_king) || !black_king) return true;
  // White is home; black, to move, still draws by getting home at once.
  const Square from = lsb(black_king);
  for (Bitboard b = king_attacks(from) & kRank8 & ~pos.pieces(Black); b;) {
    const Square s = pop_lsb(b);
    if (!(pos.attackers_to(s, pos.pieces() ^ square_bb(from)) & pos.pieces(White))) return false;
  }
  return true;
}

bool variant_over(const Position& pos) {
  switch (pos.variant()) {
    case Variant::Standard:
    case Variant::Crazyhouse:
    case Variant::Bughouse:
      return false;
    case Variant::Antichess:
      return !pos.pieces(White) || !pos.pieces(Black);
    case Variant::Atomic:
      return !pos.pieces(White, King) || !pos.pieces(Black, King);
    case Variant::Horde:
      return !pos.pieces(White);
    case Variant::KingOfTheHill:
      return (pos.pieces(King) & kHill) != 0;
    case Variant::RacingKings:
      return racing_kings_over(pos);
    case Variant::ThreeCheck:
      return three_check_over(pos);
  }
  return false;
}

namespace {

// The squares among `destinations` where the side to move may drop a piece in crazyhouse,
// pocket and pawn ranks aside: empty ones, and in check only those that block a single
// check (a drop never uncovers one). The generator and the legality test both ask here.
Bitboard crazyhouse_drop_squares(const Position& pos, Bitboard destinations) {
  const Bitboard checkers = pos.checkers();
  if (more_than_one(checkers)) return 0;
  Bitboard drop_to = ~pos.pieces() & destinations;
  if (checkers) drop_to &= between(pos.king_square(pos.side_to_move()), lsb(checkers));
  return drop_to;
}

constexpr Bitboard pawn_drop_ranks = ~(kRank1 | kRank8);

}  // namespace

bool crazyhouse_drop_is_legal(const Position& pos, Move drop) {
  const PieceType type = drop.drop_piece();
  if (type == King || pos.pocket_count(pos.side_to_move(), type) == 0) return false;
  const Bitboard allowed = type == Pawn ? pawn_drop_ranks : ~Bitboard(0);
  return (crazyhouse_drop_squares(pos, square_bb(drop.to())) & allowed) != 0;
}

bool bughouse_check_unblockable(const Position& pos) {
  const Bitboard checkers = pos.checkers();
  if (!checkers) return false;
  if (more_than_one(checkers)) return true;
  return (between(pos.king_square(pos.side_to_move()), lsb(checkers)) & ~pos.pieces()) == 0;
}

namespace {

template <Variant V, Color us, typename Sink>
Sink generate_variant(const Position& pos, Sink sink, Bitboard destinations, PieceType only) {
  constexpr Color them = ~us;
  if constexpr (V == Variant::Standard) {
    return generate<us>(pos, sink, destinations, only);
  } else if constexpr (V == Variant::Crazyhouse || V == Variant::Bughouse) {
    sink = generate<us>(pos, sink, destinations, only);
    const Bitboard drop_to = crazyhouse_drop_squares(pos, destinations);
    if (!drop_to) return sink;
    for (PieceType type : {Pawn, Knight, Bishop, Rook, Queen}) {
      if (!pos.pocket_count(us, type) || (only != NoPieceType && only != type)) continue;
      sink.add_drops(type, type == Pawn ? drop_to & pawn_drop_ranks : drop_to);
    }
    return sink;
  } else if constexpr (V == Variant::ThreeCheck) {
    if (three_check_over(pos)) return sink;
    return generate<us>(pos, sink, destinations, only);
  } else if constexpr (V == Variant::KingOfTheHill) {
    if (pos.pieces(King) & kHill) return sink;
    return generate<us>(pos, sink, destinations, only);
  } else if constexpr (V == Variant::RacingKings) {
    if (racing_kings_over(pos)) return sink;
    MoveList moves;
    generate<us>(pos, ListSink{&moves}, destinations, only);
    for (Move m : moves)
      if (!pos.gives_check(m)) sink.add(m);
    return sink;
  } else if constexpr (V == Variant::Horde) {
    if (!pos.pieces(White)) return sink;
    if (pos.pieces(us, King)) return generate<us>(pos, sink, destinations, only);
    return pseudo_legal<PseudoRules::Horde, us>(pos, sink, destinations, destinations, 0,
                                                destinations, only);
  } else if constexpr (V == Variant::Antichess) {
    if (!pos.pieces(them) || !pos.pieces(us)) return sink;
    if (has_capture<us>(pos))
      return pseudo_legal<PseudoRules::Antichess, us>(pos, sink, destinations, 0, 0, destinations,
                                                      only);
    return pseudo_legal<PseudoRules::Antichess, us>(pos, sink, 0, destinations, destinations, 0,
                                                    only);
  } else {
    static_assert(V == Variant::Atomic);
    if (!pos.pieces(us, King) || !pos.pieces(them, King)) return sink;
    MoveList moves;
    pseudo_legal<PseudoRules::Atomic, us>(pos, ListSink{&moves}, destinations, destinations,
                                          destinations, destinations, only);
    for (Move m : moves)
      if (atomic_legal(pos, m)) sink.add(m);
    return sink;
  }
}

template <Variant V, typename Sink>
void generate_for(const Position& pos, Sink& sink, Bitboard destinations, PieceType only) {
  if (pos.side_to_move() == White)
    sink = generate_variant<V, White>(pos, sink, destinations, only);
  else
    sink = generate_variant<V, Black>(pos, sink, destinations, only);
}

template <typename Sink>
void generate_any(const Position& pos, Sink& sink, Bitboard destinations, PieceType only) {
  switch (pos.variant()) {
    case Variant::Standard:
      return generate_for<Variant::Standard>(pos, sink, destinations, only);
    case Variant::Antichess:
      return generate_for<Variant::Antichess>(pos, sink, destinations, only);
    case Variant::Atomic:
      return generate_for<Variant::Atomic>(pos, sink, destinations, only);
    case Variant::Crazyhouse:
      return generate_for<Variant::Crazyhouse>(pos, sink, destinations, only);
    case Variant::Horde:
      return generate_for<Variant::Horde>(pos, sink, destinations, only);
    case Variant::KingOfTheHill:
      return generate_for<Variant::KingOfTheHill>(pos, sink, destinations, only);
    case Variant::RacingKings:
      return generate_for<Variant::RacingKings>(pos, sink, destinations, only);
    case Variant::ThreeCheck:
      return generate_for<Variant::ThreeCheck>(pos, sink, destinations, only);
    case Variant::Bughouse:
      return generate_for<Variant::Bughouse>(pos, sink, destinations, only);
  }
}

// Copy-make: a variant move can change pockets, counters and whole neighbourhoods, and a
// copy of the position is cheaper to take than all of that is to record and undo.
template <Variant V>
std::uint64_t perft_variant_below(const Position& pos, int depth) {
  if (depth == 1) {
    CountSink sink;
    generate_for<V>(pos, sink, ~Bitboard{0}, NoPieceType);
    return sink.count;
  }
  MoveList list;
  ListSink sink{&list};
  generate_for<V>(pos, sink, ~Bitboard{0}, NoPieceType);
  std::uint64_t nodes = 0;
  for (Move m : list) {
    Position child = pos;
    child.make_variant_move<V>(m);
    nodes += perft_variant_below<V>(child, depth - 1);
  }
  return nodes;
}

}  // namespace

void generate_legal_variant(const Position& pos, MoveList& list) {
  ListSink sink{&list};
  generate_any(pos, sink, ~Bitboard{0}, NoPieceType);
}

void generate_legal_variant_to(const Position& pos, Square to, PieceType type, MoveList& list) {
  if (to >= NoSquare) return;
  ListSink sink{&list};
  generate_any(pos, sink, square_bb(to), type);
}

std::uint64_t count_legal_variant(const Position& pos) {
  CountSink sink;
  generate_any(pos, sink, ~Bitboard{0}, NoPieceType);
  return sink.count;
}

std::uint64_t perft_variant(Position& pos, int depth) {
  if (depth <= 0) return 1;
  switch (pos.variant()) {
    case Variant::Standard:
      return perft(pos, depth);
    case Variant::Antichess:
      return perft_variant_below<Variant::Antichess>(pos, depth);
    case Variant::Atomic:
      return perft_variant_below<Variant::Atomic>(pos, depth);
    case Variant::Crazyhouse:
      return perft_variant_below<Variant::Crazyhouse>(pos, depth);
    case Variant::Horde:
      return perft_variant_below<Variant::Horde>(pos, depth);
    case Variant::KingOfTheHill:
      return perft_variant_below<Variant::KingOfTheHill>(pos, depth);
    case Variant::RacingKings:
      return perft_variant_below<Variant::RacingKings>(pos, depth);
    case Variant::ThreeCheck:
      return perft_variant_below<Variant::ThreeCheck>(pos, depth);
    case Variant::Bughouse:
      return perft_variant_below<Variant::Bughouse>(pos, depth);
  }
  return 0;
}

}  // namespace pgn
