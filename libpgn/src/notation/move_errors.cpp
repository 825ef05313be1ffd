// The sentences that say why a move written in a game is not legal in its position
// (describe_move_error, libpgn/san.hpp): named pieces, squares and the rule that forbids
// the move. Cold code, apart from the resolver it explains (san.cpp).
#include <bit>
#include <string>

#include "libpgn/san.hpp"
#include "notation/move_text.hpp"
#include "notation/san.hpp"

namespace pgn {

using detail::enemy_attackers;
using detail::king_destination;
using detail::lowest_square;
using detail::rook_destination;

namespace {

constexpr const char* kPieceNames[kPieceTypeCount] = {"piece", "pawn",  "knight", "bishop",
                                                      "rook",  "queen", "king"};

const char* color_name(Color c) {
  return c == White ? "white" : "black";
}

void append_square(std::string& out, Square s) {
  out += char('a' + file_of(s));
  out += char('1' + rank_of(s));
}

// "the bishop on c4"
void append_piece_on(std::string& out, const Position& pos, Square s) {
  out += "the ";
  out += kPieceNames[type_of(pos.piece_on(s))];
  out += " on ";
  append_square(out, s);
}

// Each enemy piece attacking `s` on the given board, joined: "the bishop on c4".
void append_first_attacker(std::string& out, const Position& pos, Square s, Bitboard occupied,
                           Color enemy) {
  const Bitboard attackers = enemy_attackers(pos, s, occupied, enemy);
  if (attackers) {
    append_piece_on(out, pos, lowest_square(attackers));
  } else {
    out += "an enemy piece";
  }
}

// "a1 and f1", "b1, d2 and f3"
void append_square_list(std::string& out, Bitboard squares) {
  const int count = std::popcount(squares);
  int index = 0;
  for (Bitboard b = squares; b; b &= b - 1, ++index) {
    if (index > 0) out += index == count - 1 ? " and " : ", ";
    append_square(out, lowest_square(b));
  }
}

PieceType written_piece(const Position& pos, const MoveText& text) {
  if (text.piece != NoPieceType) return text.piece;
  if (text.from_file >= 0 && text.from_file < 8 && text.from_rank >= 0 && text.from_rank < 8) {
    const Piece p = pos.piece_on(make_square(text.from_file, text.from_rank));
    if (p != NoPiece) return type_of(p);
  }
  return NoPieceType;
}

void describe_castle_right_lost(std::string& out, const Position& pos, CastleSide side) {
  const Color us = pos.side_to_move();
  out += color_name(us);
  out += side == KingSide ? " cannot castle king side: " : " cannot castle queen side: ";
  if (pos.is_chess960()) {
    out += "the king or that rook has moved";
    return;
  }
  const Square home = relative_square(us, E1);
  const Square rook_home = relative_square(us, side == KingSide ? H1 : A1);
  if (pos.piece_on(home) != make_piece(us, King)) {
    out += "the king has moved";
  } else if (pos.piece_on(rook_home) != make_piece(us, Rook)) {
    out += "there is no rook on ";
    append_square(out, rook_home);
  } else {
    out += "the king or the rook on ";
    append_square(out, rook_home);
    out += " has moved";
  }
}

CastleSide castle_side_written(const Position& pos, const MoveText& text) {
  if (text.kind == MoveText::CastleLong) return QueenSide;
  if (text.kind == MoveText::CastleShort) return KingSide;
  // A king move written as castling: the side is where the king goes.
  const Square king = pos.king_square(pos.side_to_move());
  return text.to != NoSquare && file_of(text.to) < file_of(king) ? QueenSide : KingSide;
}

}  // namespace

std::string describe_move_error(const Position& pos, const MoveText& text,
                                const MoveResolution& resolution) {
  const Color us = pos.side_to_move();
  const Square culprit = resolution.culprit;
  const bool has_culprit = culprit < NoSquare;
  const PieceType type = written_piece(pos, text);
  const bool has_target = text.to < NoSquare;
  std::string out;
  switch (resolution.error) {
    case MoveError::None:
      break;
    case MoveError::NoSuchPiece: {
      if (has_culprit) {
        append_square(out, culprit);
        out += " is occupied by a ";
        out += color_name(us);
        out += ' ';
        out += kPieceNames[type_of(pos.piece_on(culprit))];
        break;
      }
      if (type != NoPieceType && !pos.pieces(us, type)) {
        out += color_name(us);
        out += " has no ";
        out += kPieceNames[type];
        break;
      }
      out += "no ";
      out += color_name(us);
      out += ' ';
      out += kPieceNames[type];
      if (text.from_file >= 0 && text.from_rank >= 0) {
        out += " on ";
        append_square(out, make_square(text.from_file, text.from_rank));
      } else if (text.from_file >= 0 && text.from_file < 8) {
        out += " on the ";
        out += char('a' + text.from_file);
        out += "-file";
      } else if (text.from_rank >= 0 && text.from_rank < 8) {
        out += " on rank ";
        out += char('1' + text.from_rank);
      }
      out += text.capture && type == Pawn ? " can capture on " : " can reach ";
      if (has_target) append_square(out, text.to);
      break;
    }
    case MoveError::Pinned: {
      append_piece_on(out, pos, lowest_square(resolution.candidates));
      out += " is pinned by ";
      append_piece_on(out, pos, culprit);
      break;
    }
    case MoveError::KingInCheck: {
      const bool king_moves =
          resolution.candidates && lowest_square(resolution.candidates) == pos.king_square(us);
      if (king_moves && has_target) {
        out += "the king cannot go to ";
        append_square(out, text.to);
        out += ", attacked by ";
      } else if (pos.in_check()) {
        out += "the move leaves the king in check from ";
      } else {
        out += "the move exposes the king to ";
      }
      if (has_culprit) {
        append_piece_on(out, pos, culprit);
      } else {
        out += "an enemy piece";
      }
      break;
    }
    case MoveError::CastleThroughCheck:
      out += "king passes through ";
      append_square(out, culprit);
      out += ", attacked by ";
      append_first_attacker(out, pos, culprit, pos.pieces(), ~us);
      break;
    case MoveError::CastleOutOfCheck:
      out += color_name(us);
      out += " cannot castle while in check from ";
      append_piece_on(out, pos, culprit);
      break;
    case MoveError::CastleIntoCheck: {
      const CastleSide side = castle_side_written(pos, text);
      const Square king = pos.king_square(us);
      const Square rook = pos.castling_rook(us, side);
      const Bitboard after = (pos.pieces() ^ square_bb(king) ^ square_bb(rook)) |
                             square_bb(king_destination(us, side)) |
                             square_bb(rook_destination(us, side));
      out += "the king would land on ";
      append_square(out, culprit);
      out += ", attacked by ";
      append_first_attacker(out, pos, culprit, after, ~us);
      break;
    }
    case MoveError::CastleRightLost:
      describe_castle_right_lost(out, pos, castle_side_written(pos, text));
      break;
    case MoveError::CastleBlocked:
      out += color_name(us);
      out += castle_side_written(pos, text) == KingSide ? " cannot castle king side: "
                                                        : " cannot castle queen side: ";
      append_piece_on(out, pos, culprit);
      out += " is in the way";
      break;
    case MoveError::CaptureWrittenAsPush: {
      out += "no ";
      out += color_name(us);
      out += " pawn can move straight to ";
      append_square(out, culprit);
      out += "; a pawn capture names the file it leaves: probably ";
      bool first = true;
      for (Bitboard b = resolution.candidates; b; b &= b - 1) {
        if (!first) out += " or ";
        first = false;
        out += char('a' + file_of(lowest_square(b)));
        out += 'x';
        append_square(out, culprit);
      }
      out += " was meant";
      break;
    }
    case MoveError::EnPassantUnavailable: {
      out += "no en passant capture on ";
      append_square(out, culprit);
      // The pawn that would be taken stands behind the capture square.
      const Square passed = Square(us == White ? culprit - 8 : culprit + 8);
      if (pos.piece_on(passed) == make_piece(~us, Pawn)) {
        out += ": the pawn on ";
        append_square(out, passed);
        out += " did not just advance two squares";
      } else {
        out += ": there is nothing to capture";
      }
      break;
    }
    case MoveError::PromotionMissing:
      out += "pawn reaches the last rank without a promotion piece";
      break;
    case MoveError::BadPromotion:
      if (text.promotion == King || text.promotion == Pawn) {
        out += "a pawn cannot promote to a ";
        out += kPieceNames[text.promotion];
      } else {
        out += "only a pawn reaching the last rank can promote";
      }
      break;
    case MoveError::Ambiguous: {
      const int count = std::popcount(resolution.candidates);
      out += kPieceNames[type_of(pos.piece_on(lowest_square(resolution.candidates)))];
      out += "s on ";
      append_square_list(out, resolution.candidates);
      out += count == 2 ? " can both go to " : " can all go to ";
      if (has_target) append_square(out, text.to);
      break;
    }
    case MoveError::WrongPieceOnSquare: {
      const Piece p = pos.piece_on(culprit);
      if (p == NoPiece) {
        out += "there is no piece on ";
        append_square(out, culprit);
      } else {
        out += "the piece on ";
        append_square(out, culprit);
        out += " is a ";
        out += color_name(color_of(p));
        out += ' ';
        out += kPieceNames[type_of(p)];
        out += ", but it is ";
        out += color_name(us);
        out += "'s move";
      }
      break;
    }
    case MoveError::DropOutsideCrazyhouse:
    case MoveError::VariantRule:
      out += describe_variant_rule(pos, text);
      break;
    case MoveError::NullMoveInCheck:
      out += color_name(us);
      out += " cannot pass (null move) while in check from ";
      append_piece_on(out, pos, culprit);
      break;
  }
  return out;
}

}  // namespace pgn
