// Basic chess types shared by every module: colours, pieces, squares, bitboards, moves and
// the outcome of a game.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace pgn {

using Bitboard = std::uint64_t;

enum Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) {
  return Color(c ^ 1);
}

enum PieceType : std::uint8_t { NoPieceType = 0, Pawn = 1, Knight, Bishop, Rook, Queen, King };
constexpr int kPieceTypeCount = 7;

// A piece is colour * 8 + type, so the type is the low three bits.
enum Piece : std::uint8_t {
  NoPiece = 0,
  WhitePawn = 1,
  WhiteKnight,
  WhiteBishop,
  WhiteRook,
  WhiteQueen,
  WhiteKing,
  BlackPawn = 9,
  BlackKnight,
  BlackBishop,
  BlackRook,
  BlackQueen,
  BlackKing,
};
constexpr int kPieceCount = 16;
constexpr Piece make_piece(Color c, PieceType t) {
  return Piece(c * 8 + t);
}
constexpr PieceType type_of(Piece p) {
  return PieceType(p & 7);
}
constexpr Color color_of(Piece p) {
  return Color(p >> 3);
}

// Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63.
enum Square : std::uint8_t {
  A1,
  B1,
  C1,
  D1,
  E1,
  F1,
  G1,
  H1,
  A2,
  B2,
  C2,
  D2,
  E2,
  F2,
  G2,
  H2,
  A3,
  B3,
  C3,
  D3,
  E3,
  F3,
  G3,
  H3,
  A4,
  B4,
  C4,
  D4,
  E4,
  F4,
  G4,
  H4,
  A5,
  B5,
  C5,
  D5,
  E5,
  F5,
  G5,
  H5,
  A6,
  B6,
  C6,
  D6,
  E6,
  F6,
  G6,
  H6,
  A7,
  B7,
  C7,
  D7,
  E7,
  F7,
  G7,
  H7,
  A8,
  B8,
  C8,
  D8,
  E8,
  F8,
  G8,
  H8,
  NoSquare = 64,
};
constexpr Square make_square(int file, int rank) {
  return Square(rank * 8 + file);
}
constexpr int file_of(Square s) {
  return s & 7;
}
constexpr int rank_of(Square s) {
  return s >> 3;
}
constexpr Bitboard square_bb(Square s) {
  return Bitboard{1} << s;
}
// The rank as seen by `c`: rank 1 for White is rank 8 for Black.
constexpr int relative_rank(Color c, int rank) {
  return c == White ? rank : 7 - rank;
}
constexpr Square relative_square(Color c, Square s) {
  return Square(s ^ (c * 56));
}

enum CastleSide : std::uint8_t { KingSide = 0, QueenSide = 1 };

// The rule set a position is played under, chosen once per game. Chess960 is standard chess
// with other castling squares (a flag of the position), not a rule set of its own.
enum class Variant : std::uint8_t {
  Standard,
  Antichess,
  Atomic,
  Crazyhouse,
  Horde,
  KingOfTheHill,
  RacingKings,
  ThreeCheck,
  // One board of a bughouse match: crazyhouse whose captures go to the partner's pocket on
  // the other board (the library's bughouse layer plays the match), and mate only by a check that
  // no drop can block.
  Bughouse,
};
constexpr int kVariantCount = 9;
// Variants whose positions have pockets and drops.
constexpr bool has_pockets(Variant v) {
  return v == Variant::Crazyhouse || v == Variant::Bughouse;
}

// A move in 16 bits: from (6), to (6), kind (2), promotion piece (2).
// Castling is encoded king-takes-rook (`to` is the rook's square), which works alike for
// standard chess and Chess960. The null move is from == to == A1 with kind Normal.
// Variants use combinations no standard move has: a crazyhouse drop has from == to (kind
// EnPassant for a pawn, Promotion with the piece for the others), and an antichess promotion
// to king is kind Castling between two ranks (castling never leaves its rank).
class Move {
 public:
  enum Kind : std::uint16_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

  constexpr Move() = default;
  constexpr Move(Square from, Square to, Kind kind = Normal, PieceType promotion = Knight)
      : data_(std::uint16_t(from | (to << 6) | (kind << 12) | ((promotion - Knight) << 14))) {}

  static constexpr Move null() { return Move(); }
  static constexpr Move drop(PieceType type, Square to) {
    return type == Pawn ? Move(to, to, EnPassant) : Move(to, to, Promotion, type);
  }
  static constexpr Move king_promotion(Square from, Square to) { return Move(from, to, Castling); }
  constexpr Square from() const { return Square(data_ & 63); }
  constexpr Square to() const { return Square((data_ >> 6) & 63); }
  constexpr Kind kind() const { return Kind((data_ >> 12) & 3); }
  // Only meaningful for kind() == Promotion.
  constexpr PieceType promotion() const { return PieceType(((data_ >> 14) & 3) + Knight); }
  constexpr bool is_null() const { return data_ == 0; }
  constexpr bool is_drop() const { return from() == to() && kind() != Normal; }
  // Only meaningful for is_drop().
  constexpr PieceType drop_piece() const { return kind() == EnPassant ? Pawn : promotion(); }
  constexpr bool is_king_promotion() const {
    return kind() == Castling && ((from() ^ to()) & 56) != 0;
  }
  // The piece a pawn becomes, in every variant (NoPieceType for a move that promotes nothing).
  constexpr PieceType promotion_piece() const {
    return is_drop()             ? NoPieceType
           : kind() == Promotion ? promotion()
           : is_king_promotion() ? King
                                 : NoPieceType;
  }
  constexpr std::uint16_t raw() const { return data_; }
  constexpr bool operator==(const Move&) const = default;

 private:
  std::uint16_t data_ = 0;
};

// Enough for any legal position of any variant: standard chess has at most 218 moves,
// crazyhouse adds up to five drops per empty square.
constexpr int kMaxMoves = 1024;

struct MoveList {
  // The storage is left uninitialised (the union suppresses Move's zeroing): only the first
  // `size` entries are ever read, and a list is made at every node of a search.
  union {
    Move moves[kMaxMoves];
  };
  int size = 0;

  MoveList() {}

  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
  void push(Move m) { moves[size++] = m; }
  bool contains(Move m) const {
    for (int i = 0; i < size; ++i)
      if (moves[i] == m) return true;
    return false;
  }
};

// ---- how a game ended ----------------------------------------------------------------

// The score of a game as PGN writes it. The order is that of Notation::results.
enum class GameResult : std::uint8_t {
  WhiteWins,  // 1-0
  BlackWins,  // 0-1
  Draw,       // 1/2-1/2
  Unknown,    // *: not known, or the game goes on
};

// Why a game ended, when that is known.
enum class EndReason : std::uint8_t {
  Unknown,  // not said, or the game goes on
  Checkmate,
  Stalemate,
  Resignation,
  Time,                  // a flag fell
  InsufficientMaterial,  // a dead position: no sequence of legal moves can mate
  // The draws the FIDE Laws (9.6) make automatic.
  FivefoldRepetition,
  SeventyFiveMoveRule,
  // The ends of variants (the position shows them, like checkmate).
  KingExploded,      // atomic: a king was blown up
  KingOfTheHill,     // a king reached d4, e4, d5 or e5
  ThirdCheck,        // three-check: a side gave its third check
  NoPieces,          // antichess: the side to move lost every piece, and wins
  NoMoves,           // antichess: the side to move has no legal move, and wins
  HordeDestroyed,    // horde: white has no piece left
  KingReachedGoal,   // racing kings: a king on the eighth rank, the other cannot follow
  BothKingsReached,  // racing kings: black reached it right after white (a draw)
};

struct Outcome {
  GameResult result = GameResult::Unknown;
  EndReason reason = EndReason::Unknown;

  bool decisive() const {
    return result == GameResult::WhiteWins || result == GameResult::BlackWins;
  }
  // The winner of a decisive game.
  Color winner() const { return result == GameResult::WhiteWins ? White : Black; }
  bool draw() const { return result == GameResult::Draw; }
  // Whether why the game ended is known (the board shows it, or a tag says so).
  bool over() const { return reason != EndReason::Unknown; }
};

// "1-0", "0-1", "1/2-1/2", "*".
constexpr std::string_view result_text(GameResult result) {
  constexpr std::string_view kText[] = {"1-0", "0-1", "1/2-1/2", "*"};
  return kText[int(result)];
}
// The result of a game as records and reports keep it, none when no result is given: its
// text, "" for none.
constexpr std::string_view result_text(std::optional<GameResult> result) {
  return result ? result_text(*result) : std::string_view();
}

}  // namespace pgn
