// Legal move generation straight from check and pin information (no make/test/unmake),
// perft and UCI move text.
//
// One generator serves three consumers: a move list, a bare counter (perft's last ply and the
// game-end tests, which need no moves, only how many there are) and the SAN fast path that
// wants only moves to one square by one piece type.
#include "libpgn/movegen.hpp"

#include <cstring>
#include <string>

#include "core/bitboard.hpp"
#include "core/movegen_impl.hpp"
#include "libpgn/position.hpp"

namespace pgn {
namespace {

using namespace bb;
using namespace movegen;

std::uint64_t count_legal(const Position& pos) {
  CountSink sink;
  generate_for_side(pos, sink, ~Bitboard{0}, NoPieceType);
  return sink.count;
}

std::uint64_t perft_below_root(Position& pos, int depth) {
  if (depth == 1) return count_legal(pos);
  MoveList list;
  generate_legal(pos, list);
  std::uint64_t nodes = 0;
  UndoInfo undo;
  for (Move m : list) {
    pos.do_move(m, undo);
    nodes += perft_below_root(pos, depth - 1);
    pos.undo_move(m, undo);
  }
  return nodes;
}

}  // namespace

void generate_legal(const Position& pos, MoveList& list) {
  ListSink sink{&list};
  generate_for_side(pos, sink, ~Bitboard{0}, NoPieceType);
}

void generate_legal_to(const Position& pos, Square to, PieceType type, MoveList& list) {
  if (to >= NoSquare) return;
  ListSink sink{&list};
  generate_for_side(pos, sink, square_bb(to), type);
}

namespace {

// Whether the king of `us` can step to a square no enemy attacks: the usual way out of a
// check, found without generating the other moves.
template <Color us>
bool king_can_step(const Position& pos) {
  const Square king = lsb(pos.pieces(us, King));
  const Bitboard without_king = pos.pieces() ^ square_bb(king);
  for (Bitboard b = king_attacks(king) & ~pos.pieces(us); b;)
    if (!attacked_by<~us>(pos, pop_lsb(b), without_king)) return true;
  return false;
}

}  // namespace

bool Position::has_legal_move() const {
  const bool king_steps =
      side_to_move() == White ? king_can_step<White>(*this) : king_can_step<Black>(*this);
  return king_steps || count_legal(*this) != 0;
}

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  return perft_below_root(pos, depth);
}

std::string to_uci(const Position& pos, Move m) {
  char text[5];
  return std::string(text, write_uci(m, pos.is_chess960(), text));
}

std::size_t write_uci(Move m, bool chess960, char* out) {
  const auto square = [&](std::size_t at, Square s) {
    out[at] = char('a' + file_of(s));
    out[at + 1] = char('1' + rank_of(s));
  };
  if (m.is_null()) {
    std::memcpy(out, "0000", 4);
    return 4;
  }
  if (m.is_drop()) {
    out[0] = "PNBRQK"[m.drop_piece() - Pawn];
    out[1] = '@';
    square(2, m.to());
    return 4;
  }
  Square from = m.from(), to = m.to();
  square(0, from);
  if (m.is_king_promotion()) {
    square(2, to);
    out[4] = 'k';
    return 5;
  }
  // Standard castling is written as the king's two-square move on its back rank.
  if (m.kind() == Move::Castling && !chess960)
    to = make_square(file_of(to > from ? G1 : C1), rank_of(from));
  square(2, to);
  if (m.kind() != Move::Promotion) return 4;
  out[4] = " pnbrqk"[m.promotion()];
  return 5;
}

}  // namespace pgn
