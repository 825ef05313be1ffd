// The legal move generator's building blocks (internal to the legality core): the move sinks
// and the standard generator, shared by standard chess (movegen.cpp) and the variants that
// keep standard check rules (variant_movegen.cpp).
#pragma once

#include "core/bitboard.hpp"
#include "libpgn/position.hpp"

namespace pgn::movegen {

using namespace bb;

// Appends moves to a MoveList.
struct ListSink {
  MoveList* list;

  void add(Move m) { list->push(m); }
  void add_targets(Square from, Bitboard targets) {
    while (targets) list->push(Move(from, pop_lsb(targets)));
  }
  // Pawn moves given by their destinations; each came from `step` squares behind.
  template <int step>
  void add_pawn_moves(Bitboard targets) {
    while (targets) {
      Square to = pop_lsb(targets);
      list->push(Move(Square(to - step), to));
    }
  }
  template <int step>
  void add_promotions(Bitboard targets) {
    while (targets) {
      Square to = pop_lsb(targets);
      push_promotions(Square(to - step), to);
    }
  }
  void add_promotions_from(Square from, Bitboard targets) {
    while (targets) push_promotions(from, pop_lsb(targets));
  }
  void add_drops(PieceType type, Bitboard targets) {
    while (targets) list->push(Move::drop(type, pop_lsb(targets)));
  }

 private:
  void push_promotions(Square from, Square to) {
    for (PieceType p : {Queen, Rook, Bishop, Knight})
      list->push(Move(from, to, Move::Promotion, p));
  }
};

// Counts moves without materialising them.
struct CountSink {
  std::uint64_t count = 0;

  void add(Move) { ++count; }
  void add_targets(Square, Bitboard targets) { count += popcount(targets); }
  template <int step>
  void add_pawn_moves(Bitboard targets) {
    count += popcount(targets);
  }
  template <int step>
  void add_promotions(Bitboard targets) {
    count += 4 * popcount(targets);
  }
  void add_promotions_from(Square, Bitboard targets) { count += 4 * popcount(targets); }
  void add_drops(PieceType, Bitboard targets) { count += popcount(targets); }
};

template <Color them>
inline bool attacked_by(const Position& pos, Square s, Bitboard occupied) {
  return (pawn_attacks(~them, s) & pos.pieces(them, Pawn)) ||
         (knight_attacks(s) & pos.pieces(them, Knight)) ||
         (king_attacks(s) & pos.pieces(them, King)) ||
         (bishop_attacks(s, occupied) & (pos.pieces(them, Bishop) | pos.pieces(them, Queen))) ||
         (rook_attacks(s, occupied) & (pos.pieces(them, Rook) | pos.pieces(them, Queen)));
}

// Our pieces that stand alone between our king and an enemy slider.
template <Color us>
inline Bitboard pinned_pieces(const Position& pos, Square king) {
  constexpr Color them = ~us;
  Bitboard snipers = (kRookRays[king] & (pos.pieces(them, Rook) | pos.pieces(them, Queen))) |
                     (kBishopRays[king] & (pos.pieces(them, Bishop) | pos.pieces(them, Queen)));
  Bitboard occupied = pos.pieces(), pinned = 0;
  while (snipers) {
    Bitboard blockers = between(king, pop_lsb(snipers)) & occupied;
    if (!more_than_one(blockers)) pinned |= blockers;
  }
  return pinned & pos.pieces(us);
}

// Generates the legal moves of `us` (the side to move) that land on `destinations`, made by
// pieces of type `only` (NoPieceType: all). Castling counts as landing on the rook's square.
// The sink travels by value so that a counter stays in a register.
template <Color us, typename Sink>
Sink generate(const Position& pos, Sink sink, Bitboard destinations, PieceType only) {
  constexpr Color them = ~us;
  constexpr Direction up = pawn_push(us);
  constexpr Direction up_west = us == White ? NorthWest : SouthWest;
  constexpr Direction up_east = us == White ? NorthEast : SouthEast;
  constexpr Bitboard seventh_rank = rank_bb(relative_rank(us, 6));
  constexpr Bitboard third_rank = rank_bb(relative_rank(us, 2));
  const bool all_types = only == NoPieceType;

  const Bitboard occupied = pos.pieces();
  const Bitboard ours = pos.pieces(us), theirs = pos.pieces(them);
  const Square king = lsb(pos.pieces(us, King));
  const Bitboard checkers = pos.checkers();

  if (all_types || only == King) {
    Bitboard candidates = king_attacks(king) & ~ours & destinations;
    if (candidates) {
      // A slider's ray goes on behind the king once it steps aside, so test with it lifted.
      Bitboard without_king = occupied ^ square_bb(king);
      Bitboard safe = 0;
      while (candidates) {
        Square to = pop_lsb(candidates);
        if (!attacked_by<them>(pos, to, without_king)) safe |= square_bb(to);
      }
      sink.add_targets(king, safe);
    }
  }
  if (more_than_one(checkers)) return sink;  // double check: only the king may move

  // Squares a non-king move may land on: out of check means capturing or blocking.
  Bitboard target = ~ours & destinations;
  if (checkers) {
    target &= between(king, lsb(checkers)) | checkers;
  } else if (all_types || only == King) {
    for (CastleSide side : {KingSide, QueenSide}) {
      if (!pos.can_castle(us, side)) continue;
      Square rook = pos.castling_rook(us, side);
      if (!(destinations & square_bb(rook)) || (pos.castling_path(us, side) & occupied)) continue;
      Square king_to = relative_square(us, side == KingSide ? G1 : C1);
      Bitboard king_path = between(king, king_to) | square_bb(king_to);
      // With king and rook lifted, a rook that shielded the king's path no longer does.
      Bitboard lifted = occupied ^ square_bb(king) ^ square_bb(rook);
      bool safe = true;
      while (safe && king_path) safe = !attacked_by<them>(pos, pop_lsb(king_path), lifted);
      if (safe) sink.add(Move(king, rook, Move::Castling));
    }
  }
  if (!target && !(all_types || only == Pawn)) return sink;

  const Bitboard pinned = pinned_pieces<us>(pos, king);

  if (all_types || only == Pawn) {
    const Bitboard empty = ~occupied;
    const Bitboard pawns = pos.pieces(us, Pawn);
    const Bitboard free_pawns = pawns & ~pinned;
    const Bitboard lower = free_pawns & ~seventh_rank, upper = free_pawns & seventh_rank;

    Bitboard single = shift<up>(lower) & empty;
    Bitboard twice = shift<up>(single & third_rank) & empty;
    sink.template add_pawn_moves<up>(single & target);
    sink.template add_pawn_moves<2 * up>(twice & target);
    sink.template add_pawn_moves<up_west>(shift<up_west>(lower) & theirs & target);
    sink.template add_pawn_moves<up_east>(shift<up_east>(lower) & theirs & target);
    if (upper) {
      sink.template add_promotions<up>(shift<up>(upper) & empty & target);
      sink.template add_promotions<up_west>(shift<up_west>(upper) & theirs & target);
      sink.template add_promotions<up_east>(shift<up_east>(upper) & theirs & target);
    }

    // A pinned pawn may only move along the pin line, and never while in check.
    if (!checkers) {
      for (Bitboard b = pawns & pinned; b;) {
        Square from = pop_lsb(b);
        Bitboard from_bb = square_bb(from);
        Bitboard one = shift<up>(from_bb) & empty;
        Bitboard moves =
            one | (shift<up>(one & third_rank) & empty) | (pawn_attacks(us, from) & theirs);
        moves &= target & line(king, from);
        if (from_bb & seventh_rank)
          sink.add_promotions_from(from, moves);
        else
          sink.add_targets(from, moves);
      }
    }

    const Square ep = pos.ep_square();
    if (ep != NoSquare && (destinations & square_bb(ep))) {
      const Square victim = Square(int(ep) - int(up));
      // In check the capture must remove the checker or block with the capturing pawn.
      if (!checkers || (checkers & square_bb(victim)) || (target & square_bb(ep))) {
        const Bitboard rook_likes = pos.pieces(them, Rook) | pos.pieces(them, Queen);
        const Bitboard bishop_likes = pos.pieces(them, Bishop) | pos.pieces(them, Queen);
        for (Bitboard b = pawn_attacks(them, ep) & pawns; b;) {
          Square from = pop_lsb(b);
          // Two pawns leave the rank at once, so test the king's lines on the result.
          Bitboard after = (occupied ^ square_bb(from) ^ square_bb(victim)) | square_bb(ep);
          if (!(rook_attacks(king, after) & rook_likes) &&
              !(bishop_attacks(king, after) & bishop_likes))
            sink.add(Move(from, ep, Move::EnPassant));
        }
      }
    }
  }

  if (!target) return sink;

  if (all_types || only == Knight) {
    for (Bitboard b = pos.pieces(us, Knight) & ~pinned; b;) {
      Square from = pop_lsb(b);
      sink.add_targets(from, knight_attacks(from) & target);
    }
  }

  Bitboard diagonal = 0, straight = 0;
  if (all_types || only == Bishop) diagonal |= pos.pieces(us, Bishop);
  if (all_types || only == Rook) straight |= pos.pieces(us, Rook);
  if (all_types || only == Queen) {
    diagonal |= pos.pieces(us, Queen);
    straight |= pos.pieces(us, Queen);
  }
  for (Bitboard b = diagonal & ~pinned; b;) {
    Square from = pop_lsb(b);
    sink.add_targets(from, bishop_attacks(from, occupied) & target);
  }
  for (Bitboard b = straight & ~pinned; b;) {
    Square from = pop_lsb(b);
    sink.add_targets(from, rook_attacks(from, occupied) & target);
  }
  if (!checkers) {
    for (Bitboard b = diagonal & pinned; b;) {
      Square from = pop_lsb(b);
      sink.add_targets(from, bishop_attacks(from, occupied) & target & line(king, from));
    }
    for (Bitboard b = straight & pinned; b;) {
      Square from = pop_lsb(b);
      sink.add_targets(from, rook_attacks(from, occupied) & target & line(king, from));
    }
  }
  return sink;
}

template <typename Sink>
inline void generate_for_side(const Position& pos, Sink& sink, Bitboard destinations,
                              PieceType only) {
  if (pos.side_to_move() == White)
    sink = generate<White>(pos, sink, destinations, only);
  else
    sink = generate<Black>(pos, sink, destinations, only);
}

}  // namespace pgn::movegen
