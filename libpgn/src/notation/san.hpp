// What san.cpp and variant_san.cpp offer the rest of the library besides the public SAN
// writer: the origin coordinates SAN names, which the spoken writer names alike, and the
// board facts the resolvers, the writer and the sentences of move_errors.cpp share, and the
// plain SAN resolver the replay inlines into its per-move path.
#pragma once

#include <bit>
#include <cstdint>
#include <string_view>

#include "core/bitboard.hpp"
#include "libpgn/position.hpp"
#include "libpgn/san.hpp"
#include "libpgn/types.hpp"
#include "notation/move_text.hpp"

namespace pgn::detail {

// Which coordinates of a piece move's origin SAN names, written or spoken, to tell it from
// the other pieces of its type that can legally go to the same square (PGN standard 8.2.3.4):
// the file if that suffices, else the rank, else both. None for pawns, kings and castling.
struct SanOrigin {
  bool file = false;
  bool rank = false;
};
SanOrigin san_origin(const Position& pos, Move m);
// The same for a move in a variant position, by the variant's legal moves (variant_san.cpp).
SanOrigin variant_san_origin(const Position& pos, Move m);
// Whether a move in a variant position captures (a drop never does).
bool variant_move_captures(const Position& pos, Move m);

inline Square lowest_square(Bitboard b) {
  return Square(std::countr_zero(b));
}
// Enemy pieces attacking `s` when the board holds `occupied` (pieces not in it are gone).
inline Bitboard enemy_attackers(const Position& pos, Square s, Bitboard occupied, Color enemy) {
  return pos.attackers_to(s, occupied) & pos.pieces(enemy) & occupied;
}
inline Square king_destination(Color c, CastleSide side) {
  return relative_square(c, side == KingSide ? G1 : C1);
}
inline Square rook_destination(Color c, CastleSide side) {
  return relative_square(c, side == KingSide ? F1 : D1);
}
// Castling in any variant (an antichess promotion to king shares its encoding).
inline bool is_castling(Move m) {
  return m.kind() == Move::Castling && !m.is_king_promotion();
}
// Whether a variant position's board moves follow the standard rules while its game goes on
// (crazyhouse, king of the hill, three-check): the standard resolver and writer serve them.
bool standard_board_moves(const Position& pos);

// A token of plain English SAN resolved straight from its bytes (resolve_plain_san): the move,
// what the token claims beside it, and whether it is already the move's canonical SAN
// without its sign (as written_as_canonical_san would say).
struct PlainSan {
  Move move;
  std::uint8_t check_mark = 0;  // as MoveText::check_mark: 0 none, 1 '+', 2 '#'
  bool canonical = false;
};

inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
inline constexpr Bitboard kFileH = kFileA << 7;
constexpr Bitboard file_bb(int file) {
  return kFileA << file;
}

// Squares from which a pawn of colour `c` attacks `to`.
inline Bitboard pawn_attackers_of(Color c, Square to) {
  const Bitboard b = square_bb(to);
  if (c == White) return ((b & ~kFileA) >> 9) | ((b & ~kFileH) >> 7);
  return ((b & ~kFileH) << 9) | ((b & ~kFileA) << 7);
}

// Pieces of `us` of `type` that could move to `to` the way that piece moves, whether or not
// the move would leave their king in check.
[[gnu::always_inline]] inline Bitboard pieces_reaching(const Position& pos, Color us,
                                                       PieceType type, Square to) {
  const Bitboard target = square_bb(to);
  if (pos.pieces(us) & target) return 0;
  const Bitboard ours = pos.pieces(us, type);
  // Only the one piece type's attack set: a full attackers_to() costs six lookups.
  if (type != Pawn) return ours ? bb::attacks(type, to, pos.pieces()) & ours : 0;
  if ((pos.pieces(~us) & target) || to == pos.ep_square()) return pawn_attackers_of(us, to) & ours;
  const int back = us == White ? -8 : 8;
  const int one = to + back;
  if (one < 0 || one > 63) return 0;
  if (ours & square_bb(Square(one))) return square_bb(Square(one));
  const int two = one + back;
  if (relative_rank(us, rank_of(to)) == 3 && !(pos.pieces() & square_bb(Square(one))) &&
      (ours & square_bb(Square(two))))
    return square_bb(Square(two));
  return 0;
}

// What a move from `from` to `to` captures: the enemy piece there, or for a pawn moving
// diagonally onto an empty square, the pawn it passes (en passant).
inline Bitboard captured_by(const Position& pos, Color us, Square from, Square to) {
  const Bitboard target = square_bb(to) & pos.pieces(~us);
  if (target) return target;
  if (type_of(pos.piece_on(from)) == Pawn && file_of(from) != file_of(to))
    return square_bb(Square(us == White ? to - 8 : to + 8));
  return 0;
}

// keeps_king_safe's full test, out of line: few moves need it, and the resolvers' usual path
// keeps fewer registers without its call.
[[gnu::noinline]] bool keeps_king_safe_by_attacks(const Position& pos, Color us, Square from,
                                                  Square to);

// Exact legality of a move the piece can make by its movement (castling aside): afterwards no
// enemy piece, apart from the one captured, attacks the own king. One attack lookup instead
// of generating moves keeps resolving and writing fast. NotEnPassant: the caller knows the
// move is no en-passant capture (resolve_plain_san leaves those to resolve_move).
template <bool NotEnPassant = false>
[[gnu::always_inline]] inline bool keeps_king_safe(const Position& pos, Color us, Square from,
                                                   Square to) {
  const Square king = pos.king_square(us);
  // Most moves: no check to answer, the king stays, and no enemy slider stands on the line
  // through king and `from`, so leaving `from` uncovers nothing. En passant also lifts the
  // passed pawn, so it always takes the full test.
  if (!pos.in_check() && from != king &&
      (NotEnPassant || !(type_of(pos.piece_on(from)) == Pawn && file_of(from) != file_of(to) &&
                         pos.piece_on(to) == NoPiece))) {
    const Color them = ~us;
    // The line through king and `from` (empty when there is none) can only be uncovered by
    // the sliders of its kind: rooks on a straight line, bishops on a diagonal (no square is
    // on both). Picked by index, not branched on: whether `from` is on a line from the king
    // is close to random.
    const bool straight = (bb::kRookRays[king] >> from) & 1;
    const Bitboard sliders =
        pos.pieces(them, PieceType(Bishop + straight)) | pos.pieces(them, Queen);
    if (!(bb::line(king, from) & sliders)) return true;
  }
  return keeps_king_safe_by_attacks(pos, us, from, to);
}

// resolve_plain_san's castling: "O-O" or "O-O-O" without its sign.
[[gnu::noinline]] bool resolve_plain_castling(const Position& pos, std::string_view castle,
                                              std::uint8_t check_mark, PlainSan& out);

// The moves nearly every PGN file is made of: [NBRQK][file][x]square or O-O / O-O-O, with
// '+' or '#', that exactly one own piece can legally play, no promotion. Resolves them without
// building a MoveText; false for every other token and for any move that is not that plain
// (ambiguous, illegal, en passant...): parse_move_text and resolve_move then read it and
// explain it, so that what is reported never depends on this path. When true, the answer is
// theirs (tests/unit/san_test.cpp compares the two).
// Defined here so that the replay's per-move path inlines it (the call, its saved registers
// and the answer passed through memory were a tenth of its cost).
[[gnu::always_inline]] inline bool resolve_plain_san(const Position& pos, std::string_view token,
                                                     PlainSan& out) {
  const char* p = token.data();
  const char* end = p + token.size();
  const std::uint8_t check_mark = take_check_sign(p, end);
  const auto is_file = [](char c) { return c >= 'a' && c <= 'h'; };
  const auto is_rank = [](char c) { return c >= '1' && c <= '8'; };
  if (end - p < 2 || !is_file(end[-2]) || !is_rank(end[-1]))
    return resolve_plain_castling(pos, std::string_view(p, std::size_t(end - p)), check_mark, out);
  const Square to = make_square(end[-2] - 'a', end[-1] - '1');
  end -= 2;
  const bool capture = end > p && end[-1] == 'x';
  if (capture) --end;
  PieceType piece = Pawn;
  if (p < end && *p >= 'B' && *p <= 'R') {
    switch (*p) {
      case 'N':
        piece = Knight;
        break;
      case 'B':
        piece = Bishop;
        break;
      case 'R':
        piece = Rook;
        break;
      case 'Q':
        piece = Queen;
        break;
      case 'K':
        piece = King;
        break;
      default:
        return false;
    }
    ++p;
  }
  int from_file = -1;
  if (p < end && is_file(*p)) from_file = *p++ - 'a';
  // A from-rank, a promotion, any other byte: the general path.
  if (p != end) return false;
  // resolve_move's usual move, the same steps.
  const Color us = pos.side_to_move();
  Bitboard reaching = pieces_reaching(pos, us, piece, to);
  if (from_file >= 0) reaching &= file_bb(from_file);
  if (capture) reaching &= ~(pos.pieces(us, Pawn) & file_bb(file_of(to)));
  if (!reaching || (reaching & (reaching - 1))) return false;
  const Square from = lowest_square(reaching);
  const bool captures = pos.piece_on(to) != NoPiece;
  if (piece == Pawn &&
      (relative_rank(us, rank_of(to)) == 7 ||
       (file_of(from) != file_of(to) && !((from_file >= 0 || capture) && captures))))
    return false;
  if (!keeps_king_safe<true>(pos, us, from, to)) return false;
  out.move = Move(from, to);
  out.check_mark = check_mark;
  out.canonical =
      capture == captures && (piece == Pawn ? (from_file >= 0) == captures : from_file < 0);
  return true;
}

// A resolution that found no move: why, the square that shows it, the pieces it names. The
// standard and the variant resolvers both answer with it.
inline MoveResolution failure(MoveError error, Square culprit = NoSquare, Bitboard candidates = 0) {
  MoveResolution r;
  r.error = error;
  r.culprit = culprit;
  r.candidates = candidates;
  return r;
}

}  // namespace pgn::detail
