// Moves as text in a variant position (antichess, atomic, crazyhouse, horde, king of the hill,
// racing kings, three-check): resolving a MoveText against the variant's legal moves, the
// reasons a move is not legal there, and what the one move writer (san.cpp) asks of a variant
// position: which pieces a SAN origin must tell apart, whether a move captures.
//
// Standard games never come here: the replay chooses these functions once per game.
#include <bit>
#include <cstdlib>
#include <string>

#include "core/bitboard.hpp"
#include "core/variant_rules.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/san.hpp"
#include "libpgn/variant.hpp"
#include "notation/san.hpp"

namespace pgn {
namespace {

using bb::file_bb;
using bb::lsb;
using bb::rank_bb;

using detail::failure;
using detail::is_castling;
using detail::standard_board_moves;

// Pieces of `us` of `type` that could go to `to` by their movement alone, ignoring what the
// variant forbids (check, compulsory captures, explosions): the candidates an error names.
Bitboard movers_to(const Position& pos, Color us, PieceType type, Square to) {
  const Bitboard ours = pos.pieces(us, type);
  if (!ours || (pos.pieces(us) & square_bb(to))) return 0;
  if (type != Pawn) return bb::attacks(type, to, pos.pieces()) & ours;
  Bitboard from = 0;
  const int back = us == White ? -8 : 8;
  const bool occupied = pos.piece_on(to) != NoPiece;
  for (int df : {-1, 1}) {
    const int file = file_of(to) + df;
    const int s = to + back + df;
    if (file >= 0 && file < 8 && s >= 0 && s < 64 && (occupied || to == pos.ep_square()))
      from |= square_bb(Square(s)) & ours;
  }
  const int one = to + back;
  if (!occupied && one >= 0 && one < 64) {
    if (ours & square_bb(Square(one))) {
      from |= square_bb(Square(one));
    } else if (pos.piece_on(Square(one)) == NoPiece && one + back >= 0 && one + back < 64) {
      // The double step from the second rank, and in horde from the first as well.
      const int rank = relative_rank(us, rank_of(Square(one + back)));
      if (rank == 1 || (rank == 0 && pos.variant() == Variant::Horde))
        from |= square_bb(Square(one + back)) & ours;
    }
  }
  return from;
}

PieceType written_type(const Position& pos, const MoveText& text) {
  if (text.piece != NoPieceType) return text.piece;
  if (text.from_file >= 0 && text.from_rank >= 0) {
    const Piece p = pos.piece_on(make_square(text.from_file, text.from_rank));
    if (p != NoPiece && color_of(p) == pos.side_to_move()) return type_of(p);
  }
  return NoPieceType;
}

// Whether a legal move is what the text names: its origin coordinates, the capture sign of a
// pawn, the promotion piece.
bool matches(const Position& pos, const MoveText& text, Move m) {
  if (m.is_drop() || is_castling(m)) return false;
  const Square from = m.from();
  if (text.from_file >= 0 && file_of(from) != text.from_file) return false;
  if (text.from_rank >= 0 && rank_of(from) != text.from_rank) return false;
  if (type_of(pos.piece_on(from)) == Pawn) {
    // "d5" is never exd5, and "exd5" never d5 (as under standard rules).
    if (text.capture && file_of(from) == file_of(m.to())) return false;
    if (!text.capture && text.from_file < 0 && file_of(from) != file_of(m.to())) return false;
  }
  const PieceType promotes = m.promotion_piece();
  return promotes == NoPieceType || text.promotion == NoPieceType || promotes == text.promotion;
}

MoveResolution resolve_castling(const Position& pos, const MoveText& text, CastleSide side) {
  MoveList legal;
  generate_legal_variant(pos, legal);
  for (Move m : legal)
    if (is_castling(m) && (m.to() > m.from()) == (side == KingSide)) {
      MoveResolution r;
      r.move = m;
      return r;
    }
  const Color us = pos.side_to_move();
  if (!pos.can_castle(us, side)) return failure(MoveError::CastleRightLost);
  // The right exists: the standard reasons (blocked, through or out of check) explain it
  // where the variant has check; otherwise it is the variant's rule.
  if (pos.pieces(us, King) && pos.variant() != Variant::RacingKings &&
      pos.variant() != Variant::Antichess) {
    const MoveResolution standard = resolve_move(pos, text);
    if (!standard.ok()) return standard;
  }
  return failure(MoveError::VariantRule);
}

}  // namespace

// Crazyhouse, bughouse, king of the hill and three-check move their pieces by standard rules while
// the game goes on: the standard resolver and writer serve their board moves (a tenth of the cost
// of asking the variant's generator), drops and the variant's end aside.
bool detail::standard_board_moves(const Position& pos) {
  switch (pos.variant()) {
    case Variant::Crazyhouse:
    case Variant::Bughouse:
      return true;
    case Variant::KingOfTheHill:
    case Variant::ThreeCheck:
      return !variant_over(pos);
    default:
      return false;
  }
}

bool detail::variant_move_captures(const Position& pos, Move m) {
  return pos.piece_on(m.to()) != NoPiece || (m.kind() == Move::EnPassant && !m.is_drop());
}

detail::SanOrigin detail::variant_san_origin(const Position& pos, Move m) {
  if (standard_board_moves(pos)) return san_origin(pos, m);
  SanOrigin origin;
  const Square from = m.from(), to = m.to();
  const PieceType type = type_of(pos.piece_on(from));
  // Antichess kings are ordinary pieces and may have rivals; elsewhere a king has none.
  if (m.is_drop() || is_castling(m) || type == Pawn ||
      (type == King && pos.variant() != Variant::Antichess))
    return origin;
  // The other pieces of the type that may legally go to the same square in the variant.
  MoveList legal;
  generate_legal_variant_to(pos, to, type, legal);
  Bitboard rivals = 0;
  for (Move other : legal)
    if (!other.is_drop() && !is_castling(other) && other.from() != from)
      rivals |= square_bb(other.from());
  if (!rivals) return origin;
  if (!(rivals & file_bb(file_of(from))))
    origin.file = true;
  else if (!(rivals & rank_bb(rank_of(from))))
    origin.rank = true;
  else
    origin.file = origin.rank = true;
  return origin;
}

namespace {

// Everything but a board move that standard rules resolve: drops, castling, the moves of
// the variants with rules of their own. Kept out of resolve_variant_move so that its common
// case pays for none of this (its stack frame included).
[[gnu::noinline]] MoveResolution resolve_by_variant_rules(const Position& pos,
                                                          const MoveText& text) {
  const Color us = pos.side_to_move();
  switch (text.kind) {
    case MoveText::Null:
      if (pos.in_check()) return failure(MoveError::NullMoveInCheck, lsb(pos.checkers()));
      return MoveResolution{};
    case MoveText::CastleShort:
      return resolve_castling(pos, text, KingSide);
    case MoveText::CastleLong:
      return resolve_castling(pos, text, QueenSide);
    case MoveText::Normal:
    case MoveText::Drop:
      break;
  }
  if (text.to >= NoSquare) return failure(MoveError::NoSuchPiece);
  if (text.kind != MoveText::Drop && standard_board_moves(pos)) return resolve_move(pos, text);
  if (text.kind == MoveText::Drop) {
    if (!has_pockets(pos.variant())) return failure(MoveError::DropOutsideCrazyhouse, text.to);
    if (text.piece == King) return failure(MoveError::VariantRule, text.to);
    const Move drop = Move::drop(text.piece, text.to);
    if (!is_legal_in_variant(pos, drop)) return failure(MoveError::VariantRule, text.to);
    MoveResolution r;
    r.move = drop;
    return r;
  }
  const PieceType type = written_type(pos, text);
  if (text.from_file >= 0 && text.from_rank >= 0 && type == NoPieceType)
    return failure(MoveError::WrongPieceOnSquare, make_square(text.from_file, text.from_rank));
  if (text.promotion == Pawn || (text.promotion == King && pos.variant() != Variant::Antichess))
    return failure(MoveError::BadPromotion, text.to);

  MoveList legal;
  // A king written with both squares may mean castling (e1g1, or king takes rook).
  if (type == King && text.from_file >= 0 && text.from_rank >= 0 &&
      pos.piece_on(make_square(text.from_file, text.from_rank)) == make_piece(us, King) &&
      rank_of(text.to) == text.from_rank && std::abs(file_of(text.to) - text.from_file) >= 2) {
    generate_legal_variant(pos, legal);
    const Square from = make_square(text.from_file, text.from_rank);
    for (Move m : legal)
      if (is_castling(m) && m.from() == from && (m.to() > from) == (text.to > from)) {
        MoveResolution r;
        r.move = m;
        return r;
      }
    legal.size = 0;
  }
  generate_legal_variant_to(pos, text.to, type, legal);
  Move found;
  Bitboard origins = 0;
  bool promotion_missing = false;
  for (Move m : legal) {
    if (!matches(pos, text, m)) continue;
    if (m.promotion_piece() != NoPieceType && text.promotion == NoPieceType) {
      promotion_missing = true;
      continue;
    }
    if (origins & square_bb(m.from())) continue;  // the same origin cannot name two moves
    origins |= square_bb(m.from());
    found = m;
  }
  if (std::popcount(origins) == 1) {
    if (text.promotion != NoPieceType && found.promotion_piece() == NoPieceType)
      return failure(MoveError::BadPromotion, text.to);
    MoveResolution r;
    r.move = found;
    return r;
  }
  if (origins) return failure(MoveError::Ambiguous, text.to, origins);
  if (promotion_missing) return failure(MoveError::PromotionMissing, text.to);

  // No legal move: does any piece reach the square by its movement at all?
  Bitboard reaching = 0;
  for (int t = Pawn; t <= King; ++t)
    if (type == NoPieceType || type == t) reaching |= movers_to(pos, us, PieceType(t), text.to);
  if (text.from_file >= 0) reaching &= file_bb(text.from_file);
  if (text.from_rank >= 0) reaching &= rank_bb(text.from_rank);
  if (!reaching)
    return failure(MoveError::NoSuchPiece,
                   (pos.pieces(us) & square_bb(text.to)) ? text.to : NoSquare);
  return failure(MoveError::VariantRule, text.to, reaching);
}

}  // namespace

MoveResolution resolve_variant_move(const Position& pos, const MoveText& text) {
  // Board moves and castling of the variants whose pieces move by standard rules.
  const bool board_move = (text.kind == MoveText::Normal && text.to < NoSquare) ||
                          text.kind == MoveText::CastleShort || text.kind == MoveText::CastleLong;
  if (board_move && standard_board_moves(pos)) return resolve_move(pos, text);
  return resolve_by_variant_rules(pos, text);
}

std::string describe_variant_rule(const Position& pos, const MoveText& text) {
  const Color us = pos.side_to_move();
  const char* side = us == White ? "white" : "black";
  std::string out;
  if (text.kind == MoveText::Drop && !has_pockets(pos.variant())) {
    out = "drops exist only in crazyhouse";
    out += pos.variant() == Variant::Standard
               ? ", and the game is played by standard rules: " + variant_hint(Variant::Crazyhouse)
               : ", not in " + std::string(variant_name(pos.variant()));
    return out;
  }
  if (text.kind == MoveText::Drop) {
    static constexpr const char* kNames[] = {"piece", "pawn",  "knight", "bishop",
                                             "rook",  "queen", "king"};
    const PieceType type = text.piece;
    const Bitboard back_ranks = rank_bb(0) | rank_bb(7);
    if (type == King || pos.pocket_count(us, type) == 0) {
      out = std::string(side) + " has no " + kNames[type] + " in its pocket";
    } else if (pos.piece_on(text.to) != NoPiece) {
      out = "the square is occupied";
    } else if (type == Pawn && (back_ranks & square_bb(text.to))) {
      out = "a pawn cannot be dropped on the first or last rank";
    } else {
      out = "the drop leaves the king in check";
    }
    return out;
  }
  if (variant_over(pos)) return std::string("the game is already over");
  switch (pos.variant()) {
    case Variant::Antichess:
      return "captures are compulsory in antichess, and this move captures nothing";
    case Variant::Atomic:
      if (text.capture || pos.piece_on(text.to) != NoPiece) {
        if (written_type(pos, text) == King) return "a king cannot capture in atomic";
        return "the capture would explode the own king, or leave it in check";
      }
      return "the move leaves the own king in check (atomic)";
    case Variant::RacingKings:
      return "the move gives check or leaves the own king in check, which racing kings forbids";
    case Variant::Horde:
      return "the move leaves the own king in check";
    default:
      return pos.in_check() ? "the move leaves the king in check"
                            : "the move exposes the king to an attack";
  }
}

}  // namespace pgn
