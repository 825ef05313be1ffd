// FEN reading (strict, with a precise reason for every rejection) and writing.
#include <array>
#include <charconv>
#include <string>
#include <string_view>
#include <vector>

#include "core/bitboard.hpp"
#include "libpgn/position.hpp"

namespace pgn {
namespace {

using namespace bb;

constexpr std::string_view kPieceLetters = " PNBRQK  pnbrqk";

std::string square_name(Square s) {
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}
const char* color_name(Color c) {
  return c == White ? "white" : "black";
}

std::vector<std::string_view> split_fields(std::string_view text) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) fields.push_back(text.substr(start, i - start));
  }
  return fields;
}

// Parses a decimal counter made of digits only (no sign, no spaces) that fits
// 16 bits.
bool parse_counter(std::string_view text, unsigned& value) {
  if (text.empty() || text.size() > 5) return false;
  for (char ch : text)
    if (ch < '0' || ch > '9') return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size() && value <= 0xFFFF;
}

}  // namespace

const char* fen_error_code(FenError e) {
  switch (e) {
    case FenError::None:
      return "ok";
    case FenError::FieldCount:
      return "fen-fields";
    case FenError::BadPiece:
      return "fen-piece";
    case FenError::BadRank:
      return "fen-rank";
    case FenError::KingCount:
      return "fen-kings";
    case FenError::SideToMove:
      return "fen-side";
    case FenError::OpponentInCheck:
      return "fen-check";
    case FenError::PawnOnBackRank:
      return "fen-pawn-rank";
    case FenError::BadCastling:
      return "fen-castling";
    case FenError::BadEnPassant:
      return "fen-en-passant";
    case FenError::BadClock:
      return "fen-clock";
    case FenError::TooManyCheckers:
      return "fen-checkers";
  }
  return "fen-unknown";
}

// Builds positions from FEN text; a friend of Position so it can fill the
// private state.
struct PositionBuilder {
  static FenError parse(Position& pos, std::string_view fen, bool chess960, std::string& message);

 private:
  static FenError parse_board(Position& pos, std::string_view board, std::string& message);
  static FenError parse_castling(Position& pos, std::string_view field, std::string& message);
  static FenError parse_en_passant(Position& pos, std::string_view field, std::string& message);
  static void add_castling_right(Position& pos, Color c, CastleSide side, Square rook);
};

FenError PositionBuilder::parse_board(Position& pos, std::string_view board, std::string& message) {
  int rank = 7, file = 0;
  for (char ch : board) {
    if (ch == '/') {
      if (file != 8) {
        message = "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares";
        return FenError::BadRank;
      }
      if (--rank < 0) {
        message = "the board has more than 8 ranks";
        return FenError::BadRank;
      }
      file = 0;
    } else if (ch >= '1' && ch <= '8') {
      file += ch - '0';
    } else {
      std::size_t index = kPieceLetters.find(ch);
      if (ch == ' ' || index == std::string_view::npos) {
        message = std::string("'") + ch + "' on rank " + std::to_string(rank + 1) +
                  " is neither a piece letter nor a count of 1 to 8 empty squares";
        return FenError::BadPiece;
      }
      if (file < 8) pos.put_piece(Piece(index), make_square(file, rank));
      ++file;
    }
  }
  if (file != 8) {
    message = "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares";
    return FenError::BadRank;
  }
  if (rank != 0) {
    message = "the board has " + std::to_string(8 - rank) + " ranks instead of 8";
    return FenError::BadRank;
  }
  return FenError::None;
}

void PositionBuilder::add_castling_right(Position& pos, Color c, CastleSide side, Square rook) {
  int index = c * 2 + side;
  Square king = pos.king_square(c);
  Square king_to = relative_square(c, side == KingSide ? G1 : C1);
  Square rook_to = relative_square(c, side == KingSide ? F1 : D1);
  pos.castling_rights_ |= std::uint8_t(1 << index);
  pos.castling_rook_[index] = rook;
  pos.castling_path_[index] =
      (between(king, king_to) | square_bb(king_to) | between(rook, rook_to) | square_bb(rook_to)) &
      ~(square_bb(king) | square_bb(rook));
  pos.castling_mask_[king] |= std::uint8_t(3 << (c * 2));
  pos.castling_mask_[rook] |= std::uint8_t(1 << index);
}

FenError PositionBuilder::parse_castling(Position& pos, std::string_view field,
                                         std::string& message) {
  if (field == "-") return FenError::None;
  for (char ch : field) {
    bool upper = ch >= 'A' && ch <= 'Z';
    char lower = upper ? char(ch - 'A' + 'a') : ch;
    std::string right(1, ch);
    if (lower != 'k' && lower != 'q' && (lower < 'a' || lower > 'h')) {
      message = "'" + right + "' in the castling field is not K, Q, k, q or a file letter";
      return FenError::BadCastling;
    }
    Color c = upper ? White : Black;
    int back_rank = relative_rank(c, 0);
    Square king = pos.king_square(c);
    if (rank_of(king) != back_rank) {
      message = "castling right " + right + " but the " + color_name(c) + " king is not on rank " +
                std::to_string(back_rank + 1);
      return FenError::BadCastling;
    }
    Bitboard rooks = pos.pieces(c, Rook) & rank_bb(back_rank);
    CastleSide side;
    Square rook;
    if (lower == 'k' || lower == 'q') {
      side = lower == 'k' ? KingSide : QueenSide;
      if (!pos.chess960_) {
        Square home_king = relative_square(c, E1);
        rook = relative_square(c, side == KingSide ? H1 : A1);
        if (king != home_king) {
          message = "castling right " + right + " but the " + color_name(c) + " king is not on " +
                    square_name(home_king);
          return FenError::BadCastling;
        }
        if (!(rooks & square_bb(rook))) {
          message = "castling right " + right + " but no " + color_name(c) + " rook on " +
                    square_name(rook);
          return FenError::BadCastling;
        }
      } else {
        // KQkq in Chess960 names the outermost rook on that side of the king.
        Bitboard king_file_and_beyond =
            side == KingSide ? ~(square_bb(king) * 2 - 1) : square_bb(king) - 1;
        Bitboard candidates = rooks & king_file_and_beyond;
        if (!candidates) {
          message = "castling right " + right + " but no " + color_name(c) + " rook on the " +
                    (side == KingSide ? "king" : "queen") + " side of the king";
          return FenError::BadCastling;
        }
        rook = side == KingSide ? msb(candidates) : lsb(candidates);
      }
    } else {
      rook = make_square(lower - 'a', back_rank);
      if (!(rooks & square_bb(rook))) {
        message = "castling right " + right + " but no " + color_name(c) + " rook on " +
                  square_name(rook);
        return FenError::BadCastling;
      }
      if (file_of(rook) == file_of(king)) {
        message = "castling right " + right + " names the king's own file";
        return FenError::BadCastling;
      }
      side = file_of(rook) > file_of(king) ? KingSide : QueenSide;
      if (!pos.chess960_ && (king != relative_square(c, E1) ||
                             rook != relative_square(c, side == KingSide ? H1 : A1))) {
        message = "castling right " + right + " names a rook on " + square_name(rook) +
                  " with the king on " + square_name(king) + ", which only Chess960 allows";
        return FenError::BadCastling;
      }
    }
    if (pos.can_castle(c, side)) {
      message = std::string("castling right for ") + color_name(c) +
                (side == KingSide ? " king side" : " queen side") + " given twice";
      return FenError::BadCastling;
    }
    add_castling_right(pos, c, side, rook);
  }
  return FenError::None;
}

FenError PositionBuilder::parse_en_passant(Position& pos, std::string_view field,
                                           std::string& message) {
  if (field == "-") return FenError::None;
  if (field.size() != 2 || field[0] < 'a' || field[0] > 'h' || field[1] < '1' || field[1] > '8') {
    message = "en-passant field '" + std::string(field) + "' is neither a square nor -";
    return FenError::BadEnPassant;
  }
  Square ep = make_square(field[0] - 'a', field[1] - '1');
  Color mover = ~pos.side_;  // the side that would have made the double step
  int expected_rank = relative_rank(mover, 2);
  if (rank_of(ep) != expected_rank) {
    message = "en-passant square " + square_name(ep) + " is not on rank " +
              std::to_string(expected_rank + 1) + " with " + color_name(pos.side_) + " to move";
    return FenError::BadEnPassant;
  }
  Square pawn = Square(ep ^ 8);
  Square origin = relative_square(mover, make_square(file_of(ep), 1));
  if (pos.piece_on(pawn) != make_piece(mover, Pawn)) {
    message = "en-passant square " + square_name(ep) + " but no " + color_name(mover) +
              " pawn on " + square_name(pawn) + " could have just moved there";
    return FenError::BadEnPassant;
  }
  for (Square s : {ep, origin}) {
    if (pos.piece_on(s) != NoPiece) {
      message = "en-passant square " + square_name(ep) + " but " + square_name(s) +
                " is occupied, so the pawn on " + square_name(pawn) +
                " cannot have just moved there";
      return FenError::BadEnPassant;
    }
  }
  // A syntactically right square is kept only when the capture is really
  // possible.
  if (pos.en_passant_capture_legal(ep)) pos.ep_square_ = ep;
  return FenError::None;
}

FenError PositionBuilder::parse(Position& pos, std::string_view fen, bool chess960,
                                std::string& message) {
  pos = Position(Position::EmptyTag{});
  pos.chess960_ = chess960;
  std::vector<std::string_view> fields = split_fields(fen);
  if (fields.size() < 4 || fields.size() > 6) {
    message = "FEN has " + std::to_string(fields.size()) + " fields instead of 4 to 6";
    return FenError::FieldCount;
  }
  if (FenError e = parse_board(pos, fields[0], message); e != FenError::None) return e;

  if (fields[1] != "w" && fields[1] != "b") {
    message = "side to move '" + std::string(fields[1]) + "' is neither w nor b";
    return FenError::SideToMove;
  }
  pos.side_ = fields[1] == "w" ? White : Black;

  for (Color c : {White, Black}) {
    int kings = popcount(pos.pieces(c, King));
    if (kings != 1) {
      message = color_name(c);
      message += kings == 0   ? " has no king"
                 : kings == 2 ? " has two kings"
                              : " has " + std::to_string(kings) + " kings";
      return FenError::KingCount;
    }
  }
  if (Bitboard misplaced = pos.pieces(Pawn) & (kRank1 | kRank8)) {
    Square s = lsb(misplaced);
    message = std::string(color_name(color_of(pos.piece_on(s)))) + " pawn on " + square_name(s) +
              ": pawns never stand on rank 1 or 8";
    return FenError::PawnOnBackRank;
  }

  Color us = pos.side_, them = ~us;
  if (pos.attackers_to(pos.king_square(them), pos.pieces()) & pos.pieces(us)) {
    message = std::string(color_name(them)) + " is not to move but is in check";
    return FenError::OpponentInCheck;
  }
  Bitboard checkers = pos.compute_checkers();
  Bitboard sliders = pos.pieces(Bishop) | pos.pieces(Rook) | pos.pieces(Queen);
  // One move checks with at most the moved piece plus one slider it uncovers.
  if (popcount(checkers) > 2 || (more_than_one(checkers) && !(checkers & sliders))) {
    message = std::string(color_name(us)) + " is in check from";
    for (Bitboard b = checkers; b;) {
      message += ' ';
      message += square_name(pop_lsb(b));
    }
    message += ", which no single move can bring about";
    return FenError::TooManyCheckers;
  }
  pos.checkers_ = checkers;

  if (FenError e = parse_castling(pos, fields[2], message); e != FenError::None) return e;
  if (FenError e = parse_en_passant(pos, fields[3], message); e != FenError::None) return e;

  unsigned halfmove = 0, fullmove = 1;
  if (fields.size() > 4 && !parse_counter(fields[4], halfmove)) {
    message = "half-move clock '" + std::string(fields[4]) + "' is not a number from 0 to 65535";
    return FenError::BadClock;
  }
  if (fields.size() > 5 && (!parse_counter(fields[5], fullmove) || fullmove == 0)) {
    message = "full-move number '" + std::string(fields[5]) + "' is not a number from 1 to 65535";
    return FenError::BadClock;
  }
  pos.halfmove_clock_ = std::uint16_t(halfmove);
  pos.fullmove_number_ = std::uint16_t(fullmove);
  pos.key_ = pos.compute_key();
  return FenError::None;
}

FenResult Position::from_fen(std::string_view fen, bool chess960) {
  FenResult result{Position(EmptyTag{}), FenError::None, {}};
  result.error = PositionBuilder::parse(result.position, fen, chess960, result.message);
  if (!result.ok()) result.position = Position();  // never hand out a half-built board
  return result;
}

std::string Position::fen(CastlingNotation notation) const {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      Piece p = board_[make_square(file, rank)];
      if (p == NoPiece) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += kPieceLetters[p];
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  out += side_ == White ? " w " : " b ";

  std::size_t before = out.size();
  for (Color c : {White, Black}) {
    for (CastleSide side : {KingSide, QueenSide}) {
      if (!can_castle(c, side)) continue;
      Square rook = castling_rook(c, side);
      // X-FEN writes K/Q for the outermost rook and the file only to tell an
      // inner one apart.
      Bitboard outward = side == KingSide ? ~(square_bb(rook) * 2 - 1) : square_bb(rook) - 1;
      bool outermost = !(pieces(c, Rook) & rank_bb(rank_of(rook)) & outward);
      char letter = notation == CastlingNotation::Shredder || !outermost
                        ? char('a' + file_of(rook))
                        : (side == KingSide ? 'k' : 'q');
      out += c == White ? char(letter - 'a' + 'A') : letter;
    }
  }
  if (out.size() == before) out += '-';

  out += ' ';
  out += ep_square_ == NoSquare ? std::string("-") : square_name(ep_square_);
  out += ' ' + std::to_string(halfmove_clock_) + ' ' + std::to_string(fullmove_number_);
  return out;
}

}  // namespace pgn
