// The legality core: a bitboard position with make/unmake and FEN (core/position.cpp,
// core/fen.cpp), the variant move generation (core/variant_movegen.cpp), and, through
// movegen.hpp, standard legal move generation.
//
// Position is a small value type (copying it is cheap and is how callers keep a position
// for later, e.g. at the start of a variation). do_move/undo_move serve search-like uses
// (perft); play() is the simple in-place form used when replaying a game.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "libpgn/movegen.hpp"
#include "libpgn/types.hpp"

namespace pgn {

// Why a FEN was rejected. Codes are stable: they appear in diagnostics and docs.
enum class FenError : std::uint8_t {
  None = 0,
  FieldCount,       // "fen-fields": no field, or more than 6 space-separated fields
  BadPiece,         // "fen-piece": a character in the board field that is no piece
  BadRank,          // "fen-rank": a rank that is not exactly 8 squares, or not 8 ranks
  KingCount,        // "fen-kings": a side has no king or more than one
  SideToMove,       // "fen-side": side field is not w or b
  OpponentInCheck,  // "fen-check": the side not to move is in check
  PawnOnBackRank,   // "fen-pawn-rank": a pawn on rank 1 or 8
  BadCastling,      // "fen-castling": malformed castling field, or a right the position cannot have
  BadEnPassant,     // "fen-en-passant": malformed, or no pawn could just have made a double step
  BadClock,         // "fen-clock": half-move clock or full-move number not a valid number
  TooManyCheckers,  // "fen-checkers": more checkers than any legal position can have
  BadPocket,        // "fen-pocket": a crazyhouse pocket that is malformed or not crazyhouse
  BadCheckCount,    // "fen-checks": three-check counters malformed, misplaced or impossible
  BadMaterial,      // "fen-material": more men than any game of the variant can have
};

// Stable short code, e.g. "fen-castling".
const char* fen_error_code(FenError e);

struct FenResult;

namespace detail {
struct PositionBuilder;  // the FEN reader (core/fen.cpp), which fills a Position's state
}

// Whether from_fen requires material that a game can reach (see from_fen).
enum class FenMaterial : std::uint8_t { Reachable, Any };

// How castling rights are written in FEN: standard KQkq, X-FEN (KQkq where unambiguous,
// file letters otherwise) or Shredder-FEN (always file letters, e.g. HAha).
enum class CastlingNotation : std::uint8_t { Auto, XFen, Shredder };

// The checkers and the key in the order the position keeps them, copied as one 16-byte block.
struct UndoInfo {
  Bitboard checkers;
  std::uint64_t key;
  Piece captured;
  Square ep_square;
  std::uint8_t castling_rights;
  std::uint16_t halfmove_clock;
};

class Position {
 public:
  static constexpr std::string_view kStartFen =
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

  // The standard starting position.
  Position();

  // Strict FEN parsing. With chess960, castling fields may name rook files (X-FEN/Shredder)
  // and rooks need not stand on the corner squares. Standard KQkq in a Chess960 position
  // means the outermost rook on that side. Without it, a FEN whose castling rights only
  // Chess960 can have is read as Chess960 (is_chess960() says so), in every variant.
  static FenResult from_fen(std::string_view fen, bool chess960 = false);
  // The same for a variant: crazyhouse pockets ("[Qn]" after the board or a ninth rank
  // "/Qn") and promoted pieces ("Q~"); three-check counters, remaining checks "3+3" after
  // the en-passant field or checks given "+0+1" after the move counters; kingless horde
  // white; any number of kings in antichess. Four fields (EPD) are enough, fewer are read
  // with defaults (FenResult::fields_defaulted).
  // FenMaterial::Any skips the check that the material can arise in a game (nine pawns, more
  // promoted pieces than missing pawns): composed positions, such as the published
  // unwinnability test set, break it and the rules still apply to them.
  static FenResult from_fen(std::string_view fen, Variant variant, bool chess960 = false,
                            FenMaterial material = FenMaterial::Reachable);
  // Variant fields are written as lichess does: pockets in brackets, checks given "+W+B".
  std::string fen(CastlingNotation notation = CastlingNotation::Auto) const;

  // Board queries.
  Piece piece_on(Square s) const { return board_[s]; }
  Bitboard pieces() const { return by_color_[White] | by_color_[Black]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType t) const { return by_type_[t]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
  Square king_square(Color c) const;
  Color side_to_move() const { return side_; }
  Square ep_square() const { return ep_square_; }  // only set when a capture is really possible
  int halfmove_clock() const { return halfmove_clock_; }
  int fullmove_number() const { return fullmove_number_; }
  int ply() const { return 2 * (fullmove_number_ - 1) + side_; }  // plies since move 1 of White
  std::uint64_t key() const { return key_; }
  bool is_chess960() const { return chess960_; }
  Variant variant() const { return variant_; }
  // Crazyhouse: pieces of type t in c's pocket, and the pieces on the board that were pawns
  // (they return to a pocket as pawns).
  int pocket_count(Color c, PieceType t) const { return pocket_[c][t]; }
  Bitboard promoted() const { return promoted_; }
  // Three-check: checks `c` has given.
  int checks_given(Color c) const { return checks_given_[c]; }

  // Castling rights: 4 bits, White king side = 1, White queen side = 2, Black = 4, 8.
  std::uint8_t castling_rights() const { return castling_rights_; }
  bool can_castle(Color c, CastleSide side) const {
    return castling_rights_ & (1 << (c * 2 + side));
  }
  // The square of the rook that castles on that side (meaningful only with the right).
  Square castling_rook(Color c, CastleSide side) const { return castling_rook_[c * 2 + side]; }
  // Squares other than the king's and the rook's that must be empty to castle on that side.
  Bitboard castling_path(Color c, CastleSide side) const { return castling_path_[c * 2 + side]; }

  // Check and attack information.
  Bitboard checkers() const { return checkers_; }
  bool in_check() const { return checkers_ != 0; }
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  bool is_attacked(Square s, Color by) const;
  // Pieces of colour `c` that are pinned to their king.
  Bitboard pinned(Color c) const;

  // The queries below, do_move/play and generate_legal* follow standard rules (and Chess960
  // castling). A position of another variant is asked through libpgn/variant.hpp
  // (is_legal_in_variant, variant_gives_check, game_outcome) and played with play_variant.
  //
  // Legality of a well-formed move (one that generate_legal could have produced or a
  // corruption of one); callers use it to validate moves from outside.
  bool is_legal(Move m) const;
  bool gives_check(Move m) const;
  // Piece that a move captures (NoPiece if none; the pawn for en passant).
  Piece captured_piece(Move m) const;
  // Whether a move captures (en passant does; castling, even onto its own rook, does not).
  bool is_capture(Move m) const {
    return m.kind() == Move::EnPassant || (m.kind() != Move::Castling && board_[m.to()] != NoPiece);
  }

  void do_move(Move m, UndoInfo& undo);
  void undo_move(Move m, const UndoInfo& undo);
  void play(Move m) {
    UndoInfo undo;
    do_move(m, undo);
  }
  // Plays a legal move under the position's own rules, whatever its variant (drops,
  // explosions, pockets, check counts); slower than play() because it asks the variant.
  void play_variant(Move m);
  // play_variant() for a variant known at compile time; V must be variant().
  template <Variant V>
  void make_variant_move(Move m);
  // Bughouse: puts `count` pieces of type t into c's pocket (a negative count takes them
  // out), as the partner's captures on the other board pass them over.
  void add_to_pocket(Color c, PieceType t, int count);
  // Passes the turn (PGN's "--" null move); only legal when not in check.
  void play_null();
  // True when the side to move has at least one legal move.
  bool has_legal_move() const;

  // Game-end queries for the side to move.
  bool is_checkmate() const;
  bool is_stalemate() const;
  // True when `c` cannot possibly give mate with its material (bare king, or king with a
  // single minor piece, or only bishops on squares of one colour with no other material on
  // either side that could help).
  bool has_insufficient_material(Color c) const;
  // Neither side can mate: the FIDE "dead position" cases that material alone decides.
  bool is_insufficient_material() const {
    return has_insufficient_material(White) && has_insufficient_material(Black);
  }

 private:
  friend struct detail::PositionBuilder;

  // Checkers of the side to move under the variant's idea of check.
  Bitboard variant_checkers() const;
  std::uint64_t variant_key_part() const;

  // An empty board, the starting point of FEN parsing.
  struct EmptyTag {};
  explicit Position(EmptyTag);

  void put_piece(Piece p, Square s) {
    board_[s] = p;
    by_type_[type_of(p)] |= square_bb(s);
    by_color_[color_of(p)] |= square_bb(s);
  }
  void remove_piece(Square s) {
    Piece p = board_[s];
    board_[s] = NoPiece;
    by_type_[type_of(p)] ^= square_bb(s);
    by_color_[color_of(p)] ^= square_bb(s);
  }
  void move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard change = square_bb(from) | square_bb(to);
    board_[from] = NoPiece;
    board_[to] = p;
    by_type_[type_of(p)] ^= change;
    by_color_[color_of(p)] ^= change;
  }
  // do_move's parts: the undo record and the key's turn and en-passant parts; castling,
  // en passant and promotion; the rights, side and key every move ends with; the en-passant
  // square after a double step, when a capture there is legal.
  std::uint64_t start_move(UndoInfo& undo);
  void do_special_move(Move m, UndoInfo& undo);
  void end_move(std::size_t from, std::size_t to, std::uint64_t key, std::size_t us);
  void record_en_passant(Square passed);
  std::uint64_t compute_key() const;
  Bitboard compute_checkers() const;
  // compute_checkers() for the side to move right after a plain move from `from` to `to`.
  Bitboard checkers_after_normal_move(Square from, Square to) const;
  // Whether the side to move can legally capture en passant on `ep` (the square a pawn of
  // the other side just passed).
  bool en_passant_capture_legal(Square ep) const;

  Piece board_[64];
  Bitboard by_type_[kPieceTypeCount];
  Bitboard by_color_[2];
  Bitboard checkers_;
  std::uint64_t key_;
  Square castling_rook_[4];
  Bitboard castling_path_[4];  // squares that must be empty for castling
  Square ep_square_;
  Color side_;
  std::uint8_t castling_rights_;
  std::uint8_t castling_mask_[64];  // rights lost when a move touches this square
  std::uint16_t halfmove_clock_;
  std::uint16_t fullmove_number_;
  bool chess960_;
  Variant variant_;
  std::uint8_t checks_given_[2];
  std::uint8_t pocket_[2][kPieceTypeCount];
  Bitboard promoted_;
};

inline Square Position::king_square(Color c) const {
  return Square(std::countr_zero(pieces(c, King)));
}

struct FenResult {
  Position position;
  FenError error = FenError::None;
  std::string message;  // human-readable detail, e.g. "rank 3 has 9 squares"
  // Fewer than 4 fields were given ("8/8/8/8/8/8/Q7/K6k w"): the side to move, castling
  // rights and en passant square left out were read as w, - and -.
  bool fields_defaulted = false;
  bool ok() const { return error == FenError::None; }
};

}  // namespace pgn
