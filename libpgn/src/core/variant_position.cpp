// Making a move under a variant's rules: drops and pockets (crazyhouse), explosions (atomic),
// checks given (three-check), promotion to king (antichess), double steps from the first rank
// (horde). Standard chess never comes here: Position::do_move stays free of variant tests.
#include "core/bitboard.hpp"
#include "core/zobrist.hpp"
#include "libpgn/position.hpp"

namespace pgn {

using namespace bb;

Bitboard Position::variant_checkers() const {
  switch (variant_) {
    case Variant::Antichess:
    case Variant::RacingKings:  // no move may give check, so no side is ever in check
      return 0;
    case Variant::Atomic: {
      const Bitboard ours = pieces(side_, King), theirs = pieces(~side_, King);
      // A king next to the enemy king cannot be taken: capturing it would explode both.
      if (!ours || !theirs || (king_attacks(lsb(ours)) & theirs)) return 0;
      return compute_checkers();
    }
    case Variant::Horde:
      return pieces(side_, King) ? compute_checkers() : 0;
    default:
      return compute_checkers();
  }
}

void Position::add_to_pocket(Color c, PieceType t, int count) {
  const Piece piece = make_piece(c, t);
  key_ ^= pocket_key(piece, pocket_[c][t]);
  pocket_[c][t] = std::uint8_t(pocket_[c][t] + count);
  key_ ^= pocket_key(piece, pocket_[c][t]);
}

template <Variant V>
void Position::make_variant_move(Move m) {
  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  std::uint64_t key = key_ ^ zobrist_side_key();
  if (ep_square_ != NoSquare) {
    key ^= zobrist_en_passant_key(ep_square_);
    ep_square_ = NoSquare;
  }
  ++halfmove_clock_;
  Bitboard exploded = 0;
  bool double_step = false;

  if (m.is_drop()) {
    const PieceType type = m.drop_piece();
    const Piece piece = make_piece(us, type);
    key ^= pocket_key(piece, pocket_[us][type]);
    --pocket_[us][type];
    key ^= pocket_key(piece, pocket_[us][type]);
    put_piece(piece, to);
    key ^= zobrist_piece_key(piece, to);
    if (type == Pawn) halfmove_clock_ = 0;  // a pawn put down is as irreversible as one moved
  } else if (m.kind() == Move::Castling && !m.is_king_promotion()) {
    const CastleSide side = to > from ? KingSide : QueenSide;
    const Square king_to = relative_square(us, side == KingSide ? G1 : C1);
    const Square rook_to = relative_square(us, side == KingSide ? F1 : D1);
    const Piece king = board_[from], rook = board_[to];
    remove_piece(from);
    remove_piece(to);
    put_piece(king, king_to);
    put_piece(rook, rook_to);
    key ^= zobrist_piece_key(king, from) ^ zobrist_piece_key(king, king_to) ^
           zobrist_piece_key(rook, to) ^ zobrist_piece_key(rook, rook_to);
  } else {
    const Piece moving = board_[from];
    const Square victim = m.kind() == Move::EnPassant ? Square(to ^ 8) : to;
    const Piece captured = board_[victim];
    if (captured != NoPiece) {
      halfmove_clock_ = 0;
      remove_piece(victim);
      key ^= zobrist_piece_key(captured, victim);
      if constexpr (V == Variant::Bughouse) {
        // The captured piece goes to the partner's pocket on the other board (the match
        // passes it); here only the mark of a promoted piece goes.
        promoted_ &= ~square_bb(victim);
      } else if constexpr (V == Variant::Crazyhouse) {
        // A promoted piece goes back to the pocket as the pawn it was.
        const PieceType type = (promoted_ & square_bb(victim)) ? Pawn : type_of(captured);
        promoted_ &= ~square_bb(victim);
        const Piece pocketed = make_piece(us, type);
        key ^= pocket_key(pocketed, pocket_[us][type]);
        ++pocket_[us][type];
        key ^= pocket_key(pocketed, pocket_[us][type]);
      }
    }
    move_piece(from, to);
    key ^= zobrist_piece_key(moving, from) ^ zobrist_piece_key(moving, to);
    if constexpr (has_pockets(V)) {
      if (promoted_ & square_bb(from)) promoted_ ^= square_bb(from) | square_bb(to);
    }
    if (type_of(moving) == Pawn) {
      halfmove_clock_ = 0;
      // Horde pawns stepping twice from the first rank cannot be taken en passant.
      double_step = (int(to) ^ int(from)) == 16 && rank_of(from) == relative_rank(us, 1);
      if (const PieceType promotion = m.promotion_piece(); promotion != NoPieceType) {
        const Piece promoted = make_piece(us, promotion);
        remove_piece(to);
        put_piece(promoted, to);
        key ^= zobrist_piece_key(moving, to) ^ zobrist_piece_key(promoted, to);
        if constexpr (has_pockets(V)) promoted_ |= square_bb(to);
      }
    }
    if constexpr (V == Variant::Atomic) {
      if (captured != NoPiece) {
        // The capturing piece and every piece but a pawn next to the target explode.
        exploded = (king_attacks(to) & pieces() & ~pieces(Pawn)) | square_bb(to);
        for (Bitboard b = exploded; b;) {
          const Square s = pop_lsb(b);
          key ^= zobrist_piece_key(board_[s], s);
          remove_piece(s);
        }
        double_step = false;
      }
    }
  }

  if (castling_rights_) {
    std::uint8_t lost = castling_mask_[from] | castling_mask_[to];
    for (Bitboard b = exploded; b;) lost |= castling_mask_[pop_lsb(b)];
    if (castling_rights_ & lost) {
      key ^= zobrist_castling_key(castling_rights_);
      castling_rights_ &= std::uint8_t(~lost);
      key ^= zobrist_castling_key(castling_rights_);
    }
  }

  side_ = them;
  fullmove_number_ += us;
  // Variants with standard check skip variant_checkers()'s switch.
  if constexpr (has_pockets(V) || V == Variant::KingOfTheHill || V == Variant::ThreeCheck)
    checkers_ = compute_checkers();
  else
    checkers_ = variant_checkers();
  if constexpr (V == Variant::ThreeCheck) {
    if (checkers_ && checks_given_[us] < 3) {
      key ^= checks_given_key(us, checks_given_[us]);
      ++checks_given_[us];
      key ^= checks_given_key(us, checks_given_[us]);
    }
  }

  // The en-passant square, kept only when an enemy pawn could take there.
  if (double_step) {
    const Square passed = Square((int(from) + int(to)) / 2);
    if (pawn_attacks(us, passed) & pieces(them, Pawn)) {
      const bool standard_check = V != Variant::Antichess && V != Variant::Atomic &&
                                  pieces(them, King) && !more_than_one(pieces(them, King));
      if (!standard_check || en_passant_capture_legal(passed)) {
        ep_square_ = passed;
        key ^= zobrist_en_passant_key(passed);
      }
    }
  }
  key_ = key;
}

template void Position::make_variant_move<Variant::Standard>(Move);
template void Position::make_variant_move<Variant::Antichess>(Move);
template void Position::make_variant_move<Variant::Atomic>(Move);
template void Position::make_variant_move<Variant::Crazyhouse>(Move);
template void Position::make_variant_move<Variant::Horde>(Move);
template void Position::make_variant_move<Variant::KingOfTheHill>(Move);
template void Position::make_variant_move<Variant::RacingKings>(Move);
template void Position::make_variant_move<Variant::ThreeCheck>(Move);
template void Position::make_variant_move<Variant::Bughouse>(Move);

void Position::play_variant(Move m) {
  switch (variant_) {
    case Variant::Standard:
      play(m);
      return;
    case Variant::Antichess:
      return make_variant_move<Variant::Antichess>(m);
    case Variant::Atomic:
      return make_variant_move<Variant::Atomic>(m);
    case Variant::Crazyhouse:
      return make_variant_move<Variant::Crazyhouse>(m);
    case Variant::Horde:
      return make_variant_move<Variant::Horde>(m);
    case Variant::KingOfTheHill:
      return make_variant_move<Variant::KingOfTheHill>(m);
    case Variant::RacingKings:
      return make_variant_move<Variant::RacingKings>(m);
    case Variant::ThreeCheck:
      return make_variant_move<Variant::ThreeCheck>(m);
    case Variant::Bughouse:
      return make_variant_move<Variant::Bughouse>(m);
  }
}

}  // namespace pgn
