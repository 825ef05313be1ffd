// FEN reading (strict, with a precise reason for every rejection) and writing.
#include <algorithm>
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

// Whether `text` has fewer than the 4 fields of an EPD; split_fields without its vector, for
// every FEN read.
bool leaves_out_fields(std::string_view text) {
  int fields = 0;
  bool in_field = false;
  for (char c : text) {
    const bool blank = c == ' ' || c == '\t';
    if (!blank && !in_field && ++fields == 4) return false;
    in_field = !blank;
  }
  return true;
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
    case FenError::BadPocket:
      return "fen-pocket";
    case FenError::BadCheckCount:
      return "fen-checks";
    case FenError::BadMaterial:
      return "fen-material";
  }
  return "fen-unknown";
}

namespace detail {
// Builds positions from FEN text; a friend of Position so it can fill the
// private state.
struct PositionBuilder {
  static FenError parse(Position& pos, std::string_view fen, Variant variant, bool chess960,
                        FenMaterial material, std::string& message);

 private:
  static FenError parse_board(Position& pos, std::string_view board, std::string& message);
  static FenError split_pocket(Position& pos, std::string_view& board, std::string& message);
  static FenError parse_pocket(Position& pos, std::string_view pocket, std::string& message);
  static FenError take_check_counters(Position& pos, std::vector<std::string_view>& fields,
                                      std::string& message);
  static FenError check_kings(Position& pos, std::string& message);
  static FenError check_material(Position& pos, std::string& message);
  static FenError check_checks(Position& pos, std::string& message);
  static FenError parse_castling(Position& pos, std::string_view field, std::string& message);
  static FenError parse_en_passant(Position& pos, std::string_view field, std::string& message);
  static void add_castling_right(Position& pos, Color c, CastleSide side, Square rook);
};
}  // namespace detail
using detail::PositionBuilder;

FenError PositionBuilder::parse_board(Position& pos, std::string_view board, std::string& message) {
  int rank = 7, file = 0;
  for (char ch : board) {
    if (ch == '~') {
      // Crazyhouse marks a piece that was a pawn; it follows the piece's letter.
      Square marked = file >= 1 && file <= 8 ? make_square(file - 1, rank) : NoSquare;
      PieceType type = marked != NoSquare ? type_of(pos.piece_on(marked)) : NoPieceType;
      if (!has_pockets(pos.variant_)) {
        message = "'~' on rank " + std::to_string(rank + 1) +
                  " marks a promoted piece, which only crazyhouse records";
        return FenError::BadPiece;
      }
      if (type == NoPieceType || type == Pawn || type == King ||
          (pos.promoted_ & square_bb(marked))) {
        message = "'~' on rank " + std::to_string(rank + 1) +
                  " does not follow a knight, bishop, rook or queen";
        return FenError::BadPiece;
      }
      pos.promoted_ |= square_bb(marked);
      continue;
    }
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
  // Where the side to move has no king to expose (antichess, the horde) or explosions decide
  // (atomic), a pawn able to take is enough.
  const bool standard_check = pos.variant_ != Variant::Antichess &&
                              pos.variant_ != Variant::Atomic && pos.pieces(pos.side_, King);
  if (standard_check ? pos.en_passant_capture_legal(ep)
                     : (pawn_attacks(mover, ep) & pos.pieces(pos.side_, Pawn)) != 0)
    pos.ep_square_ = ep;
  return FenError::None;
}

FenError PositionBuilder::split_pocket(Position& pos, std::string_view& board,
                                       std::string& message) {
  std::string_view pocket;
  bool has_pocket = false;
  if (std::size_t open = board.find('['); open != std::string_view::npos) {
    if (board.back() != ']' || board.find(']') != board.size() - 1) {
      message = "pocket '" + std::string(board.substr(open)) + "' is not closed by a final ']'";
      return FenError::BadPocket;
    }
    pocket = board.substr(open + 1, board.size() - open - 2);
    board = board.substr(0, open);
    has_pocket = true;
  } else if (has_pockets(pos.variant_) && std::count(board.begin(), board.end(), '/') == 8) {
    // The other form: the pocket as a ninth rank.
    std::size_t slash = board.rfind('/');
    pocket = board.substr(slash + 1);
    board = board.substr(0, slash);
    has_pocket = true;
  }
  if (!has_pocket) return FenError::None;
  if (!has_pockets(pos.variant_)) {
    message = "a pocket [" + std::string(pocket) + "] exists only in crazyhouse";
    return FenError::BadPocket;
  }
  return parse_pocket(pos, pocket, message);
}

FenError PositionBuilder::parse_pocket(Position& pos, std::string_view pocket,
                                       std::string& message) {
  for (char ch : pocket) {
    std::size_t index = kPieceLetters.find(ch);
    if (ch == ' ' || index == std::string_view::npos || type_of(Piece(index)) == King) {
      message =
          std::string("'") + ch + "' in the pocket is not a pawn, knight, bishop, rook or queen";
      return FenError::BadPocket;
    }
    Piece p = Piece(index);
    if (++pos.pocket_[color_of(p)][type_of(p)] > 30) {
      message = "more pieces of one kind in a pocket than a game has";
      return FenError::BadPocket;
    }
  }
  return FenError::None;
}

namespace {

// "3+3" (checks remaining) or "+1+2" (checks given): the two counts, or false.
bool parse_check_pair(std::string_view text, bool given_form, int& white, int& black) {
  if (given_form) {
    if (text.size() != 4 || text[0] != '+') return false;
    text.remove_prefix(1);
  } else if (text.size() != 3) {
    return false;
  }
  if (text[1] != '+' || text[0] < '0' || text[0] > '9' || text[2] < '0' || text[2] > '9')
    return false;
  white = text[0] - '0';
  black = text[2] - '0';
  return true;
}

}  // namespace

FenError PositionBuilder::take_check_counters(Position& pos, std::vector<std::string_view>& fields,
                                              std::string& message) {
  // Three-check counters come in two places: remaining checks right after the en-passant
  // field ("3+3"), or checks given after the move counters ("+0+0", lichess).
  int found = 0;
  for (std::size_t i = 4; i < fields.size();) {
    int white = 0, black = 0;
    bool given = fields[i].front() == '+';
    if (fields[i].find('+') == std::string_view::npos) {
      ++i;
      continue;
    }
    if (pos.variant_ != Variant::ThreeCheck) {
      message = "'" + std::string(fields[i]) + "' counts checks, which only three-check has";
      return FenError::BadCheckCount;
    }
    if (!parse_check_pair(fields[i], given, white, black)) {
      message = "three-check counter '" + std::string(fields[i]) +
                "' is neither remaining checks (3+3) nor checks given (+0+0)";
      return FenError::BadCheckCount;
    }
    if (given ? i + 1 != fields.size() : i != 4) {
      message = "three-check counter '" + std::string(fields[i]) + "' in the wrong place: " +
                (given ? "checks given (+W+B) come last"
                       : "remaining checks (W+B) follow the en-passant field");
      return FenError::BadCheckCount;
    }
    if (++found > 1) {
      message = "three-check counters given twice";
      return FenError::BadCheckCount;
    }
    if (!given) {
      if (white > 3 || black > 3) {
        message = "three-check counter '" + std::string(fields[i]) + "': at most 3 checks remain";
        return FenError::BadCheckCount;
      }
      white = 3 - white;
      black = 3 - black;
    } else if (white > 3 || black > 3) {
      message = "three-check counter '" + std::string(fields[i]) + "': at most 3 checks are given";
      return FenError::BadCheckCount;
    }
    pos.checks_given_[White] = std::uint8_t(white);
    pos.checks_given_[Black] = std::uint8_t(black);
    fields.erase(fields.begin() + std::ptrdiff_t(i));
  }
  if (pos.checks_given_[White] >= 3 && pos.checks_given_[Black] >= 3) {
    message = "both sides have given three checks; the game ended at the first third check";
    return FenError::BadCheckCount;
  }
  return FenError::None;
}

FenError PositionBuilder::check_kings(Position& pos, std::string& message) {
  if (pos.variant_ == Variant::Antichess) return FenError::None;  // the king is a plain piece
  for (Color c : {White, Black}) {
    int kings = popcount(pos.pieces(c, King));
    // Horde: white is the horde, without a king.
    int expected = pos.variant_ == Variant::Horde && c == White ? 0 : 1;
    if (kings != expected) {
      message = color_name(c);
      message += kings == 0      ? " has no king"
                 : expected == 0 ? " has a king, which the horde never has"
                 : kings == 2    ? " has two kings"
                                 : " has " + std::to_string(kings) + " kings";
      return FenError::KingCount;
    }
  }
  return FenError::None;
}

namespace {

constexpr PieceType kOfficers[] = {Knight, Bishop, Rook, Queen};
constexpr const char* kTypeNames[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};

// Pieces beyond those a side starts with (one queen, two rooks, bishops and knights; one
// king where kings can be promoted to): each came from a promoted pawn.
int promoted_count(const int count[kPieceTypeCount], int sets, bool kings_promote) {
  int extra = 0;
  for (PieceType t : kOfficers) extra += std::max(0, count[t] - sets * (t == Queen ? 1 : 2));
  if (kings_promote) extra += std::max(0, count[King] - sets);
  return extra;
}

std::string plural(int n, std::string_view noun) {
  if (n == 1) return "1 " + std::string(noun);
  if (noun == "man") return std::to_string(n) + " men";
  return std::to_string(n) + ' ' + std::string(noun) + 's';
}

}  // namespace

FenError PositionBuilder::check_material(Position& pos, std::string& message) {
  const Variant v = pos.variant_;
  if (has_pockets(v)) {
    // Pieces change sides through the pockets: only the totals of both sides are bounded;
    // a bughouse board may hold the men of both boards.
    const int sets = v == Variant::Bughouse ? 2 : 1;
    int count[kPieceTypeCount] = {};
    int men = 0;
    for (int t = Pawn; t <= King; ++t) {
      count[t] = popcount(pos.pieces(PieceType(t)) & ~pos.promoted_) + pos.pocket_[White][t] +
                 pos.pocket_[Black][t];
      men += popcount(pos.pieces(PieceType(t))) + pos.pocket_[White][t] + pos.pocket_[Black][t];
    }
    const int was_pawn = count[Pawn] + popcount(pos.promoted_);
    const int extra = promoted_count(count, 2 * sets, false);
    if (men > 32 * sets || was_pawn + extra > 16 * sets) {
      message = men > 32 * sets
                    ? plural(men, "man") + " on the board and in the pockets; a game has " +
                          std::to_string(32 * sets)
                    : plural(was_pawn, "pawn") + " (promoted ones included) and " +
                          plural(extra, "more piece") +
                          " than the sets start with: " + "a game has " +
                          std::to_string(16 * sets) + " pawns";
      return FenError::BadMaterial;
    }
    return FenError::None;
  }
  for (Color c : {White, Black}) {
    int count[kPieceTypeCount] = {};
    for (int t = Pawn; t <= King; ++t) count[t] = popcount(pos.pieces(c, PieceType(t)));
    const int men = popcount(pos.pieces(c));
    // Horde's white starts with 36 pawns and nothing else; racing kings has no pawns to promote.
    const bool horde = v == Variant::Horde && c == White;
    const int start_pawns = horde ? 36 : v == Variant::RacingKings ? 0 : 8;
    const int start_men = horde ? 36 : v == Variant::RacingKings ? 8 : 16;
    const int extra = horde ? men - count[Pawn] : promoted_count(count, 1, v == Variant::Antichess);
    std::string side = color_name(c);
    if (count[Pawn] > start_pawns) {
      message = side + " has " + plural(count[Pawn], "pawn") + "; a side starts with " +
                std::to_string(start_pawns);
    } else if (men > start_men) {
      message =
          side + " has " + plural(men, "man") + "; a side starts with " + std::to_string(start_men);
    } else if (extra > start_pawns - count[Pawn]) {
      message = side + " has " + plural(extra, "promoted piece") + " (";
      bool first = true;
      for (PieceType t : {Queen, Rook, Bishop, Knight, King}) {
        if (!count[t] || (t == King && v != Variant::Antichess)) continue;
        message += (first ? "" : ", ") + plural(count[t], kTypeNames[t]);
        first = false;
      }
      message += ") but only " + plural(start_pawns - count[Pawn], "pawn") + " missing";
    } else {
      continue;
    }
    return FenError::BadMaterial;
  }
  return FenError::None;
}

FenError PositionBuilder::check_checks(Position& pos, std::string& message) {
  Color us = pos.side_, them = ~us;
  const Variant v = pos.variant_;
  if (v == Variant::Antichess) return FenError::None;
  if (v == Variant::RacingKings && pos.compute_checkers()) {
    message = std::string(color_name(us)) + " is in check, which racing kings never allows";
    return FenError::OpponentInCheck;
  }
  const bool kings_touch =
      v == Variant::Atomic && (king_attacks(pos.king_square(us)) & pos.pieces(them, King));
  if (pos.pieces(them, King) && !kings_touch &&
      (pos.attackers_to(pos.king_square(them), pos.pieces()) & pos.pieces(us) &
       ~(v == Variant::Atomic ? pos.pieces(King) : 0))) {
    message = std::string(color_name(them)) + " is not to move but is in check";
    return FenError::OpponentInCheck;
  }
  Bitboard checkers = pos.variant_checkers();
  Bitboard sliders = pos.pieces(Bishop) | pos.pieces(Rook) | pos.pieces(Queen);
  // One move checks with at most the moved piece plus one slider it uncovers (an atomic
  // explosion can uncover more).
  if (v != Variant::Atomic &&
      (popcount(checkers) > 2 || (more_than_one(checkers) && !(checkers & sliders)))) {
    message = std::string(color_name(us)) + " is in check from";
    for (Bitboard b = checkers; b;) {
      message += ' ';
      message += square_name(pop_lsb(b));
    }
    message += ", which no single move can bring about";
    return FenError::TooManyCheckers;
  }
  pos.checkers_ = checkers;
  return FenError::None;
}

FenError PositionBuilder::parse(Position& pos, std::string_view fen, Variant variant, bool chess960,
                                FenMaterial material, std::string& message) {
  pos = Position(Position::EmptyTag{});
  pos.chess960_ = chess960;
  pos.variant_ = variant;
  std::vector<std::string_view> fields = split_fields(fen);
  if (!fields.empty())
    if (FenError e = split_pocket(pos, fields[0], message); e != FenError::None) return e;
  if (fields.size() > 4)
    if (FenError e = take_check_counters(pos, fields, message); e != FenError::None) return e;
  if (fields.empty() || fields.size() > 6) {
    message = fields.empty() ? std::string("FEN is empty")
                             : "FEN has " + std::to_string(fields.size()) + " fields; at most 6";
    return FenError::FieldCount;
  }
  // EPD-style FENs and many tools leave fields out: side to move, castling rights and en
  // passant square are then w, - and - (the counters 0 and 1, as ever).
  static constexpr std::string_view kDefaults[] = {"", "w", "-", "-"};
  while (fields.size() < 4) fields.push_back(kDefaults[fields.size()]);
  if (FenError e = parse_board(pos, fields[0], message); e != FenError::None) return e;

  if (fields[1] != "w" && fields[1] != "b") {
    message = "side to move '" + std::string(fields[1]) + "' is neither w nor b";
    return FenError::SideToMove;
  }
  pos.side_ = fields[1] == "w" ? White : Black;

  if (FenError e = check_kings(pos, message); e != FenError::None) return e;
  // Horde pawns start on the first rank.
  Bitboard back_ranks = variant == Variant::Horde ? kRank8 : kRank1 | kRank8;
  if (Bitboard misplaced = pos.pieces(Pawn) & back_ranks) {
    Square s = lsb(misplaced);
    message = std::string(color_name(color_of(pos.piece_on(s)))) + " pawn on " + square_name(s) +
              (variant == Variant::Horde ? ": pawns never stand on rank 8"
                                         : ": pawns never stand on rank 1 or 8");
    return FenError::PawnOnBackRank;
  }
  if (material == FenMaterial::Reachable)
    if (FenError e = check_material(pos, message); e != FenError::None) return e;
  if (FenError e = check_checks(pos, message); e != FenError::None) return e;

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
  return from_fen(fen, Variant::Standard, chess960);
}

FenResult Position::from_fen(std::string_view fen, Variant variant, bool chess960,
                             FenMaterial material) {
  const auto parse = [&](bool as960) {
    FenResult result{Position(EmptyTag{}), FenError::None, {}};
    result.error =
        PositionBuilder::parse(result.position, fen, variant, as960, material, result.message);
    if (!result.ok()) result.position = Position();  // never hand out a half-built board
    return result;
  };
  FenResult result = parse(chess960);
  result.fields_defaulted = result.ok() && leaves_out_fields(fen);
  // Castling rights only Chess960 has (a king off e1/e8, a rook off the corners, rook files):
  // the position is Chess960, in every variant, whatever the caller assumed.
  if (result.error == FenError::BadCastling && !chess960)
    if (FenResult as960 = parse(true); as960.ok()) {
      as960.fields_defaulted = leaves_out_fields(fen);
      return as960;
    }
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
      if (promoted_ & square_bb(make_square(file, rank))) out += '~';
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  if (has_pockets(variant_)) {
    out += '[';
    for (Color c : {White, Black})
      for (PieceType t : {Queen, Rook, Bishop, Knight, Pawn})
        out.append(pocket_[c][t], kPieceLetters[make_piece(c, t)]);
    out += ']';
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
  if (variant_ == Variant::ThreeCheck)
    out += " +" + std::to_string(checks_given_[White]) + '+' + std::to_string(checks_given_[Black]);
  return out;
}

}  // namespace pgn
