// FIDE 5.2.2 in the replay: whether a position of the main line is dead, the cheap gates in
// front of the static tests, and the piece moves that can still change their answer
// (docs/unwinnability.md, "In pgn validate"). Apart from replay.cpp to keep both short.
#include <bit>
#include <string>

#include "analysis/blocked.hpp"
#include "check/replay.hpp"
#include "core/bitboard.hpp"
#include "libpgn/winnable.hpp"

namespace pgn {

namespace {

// Whether the static tests may prove that neither side can mate: for each side, its
// material alone, the screen's filter (could_be_shut_out), or a pawn structure that may
// wall it in (pawns_could_wall_in) against which it has no queen or rook free to move (each
// boxed in by men now) and no pair of minor pieces of the kinds that mate too easily.
bool static_tests_may_prove(const Position& pos) {
  int walls = -1;  // not asked yet
  auto provable = [&](Color side) {
    if (pos.has_insufficient_material(side) || could_be_shut_out(pos, side)) return true;
    if (walls < 0) walls = analysis::pawns_could_wall_in(pos);
    if (!walls) return false;
    // A queen or rook boxed in by its own king stays boxed only while the king cannot move.
    const Bitboard occupied = pos.pieces();
    const Square king = pos.king_square(side);
    const Bitboard king_boxed =
        bb::king_attacks(king) & ~occupied &
                ~(side == White ? bb::pawn_attacks_bb<Black>(pos.pieces(Black, Pawn))
                                : bb::pawn_attacks_bb<White>(pos.pieces(White, Pawn)))
            ? 0
            : square_bb(king);
    for (Bitboard b = pos.pieces(side, Queen) | pos.pieces(side, Rook); b; b &= b - 1) {
      const Square s = Square(std::countr_zero(b));
      const Bitboard around = bb::attacks(type_of(pos.piece_on(s)), s, occupied);
      if (around & ~(occupied & ~(square_bb(king) & ~king_boxed))) return false;
    }
    const Bitboard knights = pos.pieces(side, Knight), bishops = pos.pieces(side, Bishop);
    if (knights && (bishops || bb::more_than_one(knights))) return false;
    return !((bishops & bb::kDarkSquares) && (bishops & ~bb::kDarkSquares));
  };
  return provable(White) && provable(Black);
}

}  // namespace

// Whether neither side can mate in `pos`, with the proof for each side in `proofs`. The
// static tests first, where static_tests_may_prove lets them prove something; when they
// prove one side, the other also gets a walk of at most `walk_nodes` positions. A dead
// position this does not prove is taken as alive (a missed warning, never a false one).
bool GameReplay::proved_dead(const Position& pos, std::string& proofs, std::uint64_t walk_nodes) {
  if (!unwinnability_applies_ || !static_tests_may_prove(pos)) return false;
  WinnabilityAnalyzer& a = analyzer();
  UnwinnableProof white = a.static_proof(pos, White);
  if (white == UnwinnableProof::None && !walk_nodes) return false;
  UnwinnableProof black = a.static_proof(pos, Black);
  if (white == UnwinnableProof::None && black == UnwinnableProof::None) return false;
  auto walked = [&](Color side) {
    const WinnabilityResult r = a.screen(pos, side, walk_nodes);
    return r.verdict == Winnability::Unwinnable ? r.proof : UnwinnableProof::None;
  };
  if (white == UnwinnableProof::None) white = walked(White);
  if (black == UnwinnableProof::None) black = walked(Black);
  if (white == UnwinnableProof::None || black == UnwinnableProof::None) return false;
  proofs = std::string("white: ") + unwinnable_proof_code(white) +
           ", black: " + unwinnable_proof_code(black);
  return true;
}

// The main line's position after a move that passed the filter of after_main_line_move
// (no pawn can step, or they only close a wall), or a game's set-up position: ends the game
// when it is dead. Analysed again only when the pawns or the material changed, or when a
// piece move may have changed the answer.
[[gnu::cold, gnu::noinline]] bool GameReplay::reached_dead_position() {
  const Position& pos = lines_[0].pos;
  const int men = std::popcount(pos.pieces());
  if (!unwinnability_applies_) return false;
  if (pos.pieces(Pawn) == analysed_pawns_ && men == analysed_men_)
    return watching_piece_moves_ && piece_move_ended_game();
  // Let in for a pawn's check alone: nothing to analyse yet, but the king's reply is
  // watched when it may close the gaps (one square next to it).
  const Bitboard gaps = analysis::wall_gaps(pos);
  if (gaps) {
    watching_piece_moves_ =
        !bb::more_than_one(gaps) && (gaps & bb::king_attacks(pos.king_square(pos.side_to_move())));
    analysed_castling_ = pos.castling_rights();
    analysed_with_ep_ = false;
    return false;
  }
  analysed_pawns_ = pos.pieces(Pawn);
  analysed_men_ = men;
  return analyse_for_dead_position();
}

// After a piece move (no capture, no pawn move) in a structure analysed before and not
// proved dead, the static tests can change their answer only when the castling rights or
// the en passant square changed (the pawn-wall tests ask for neither), or when a king left
// a square a pawn attacks: the regions the tests give each man are closed under its moves
// through squares that are not walls (a king's also avoid the squares fixed pawns attack),
// so any other move keeps every man's region, and a man that moved always leaves a free
// square next to it (where it came from, or the line it came along), so it joins no group
// of men jammed together. Only the king may step out of a pawn's check into a box. The
// watch lasts while castling rights remain; otherwise for one move.
[[gnu::cold, gnu::noinline]] bool GameReplay::piece_move_ended_game() {
  const LineState& l = lines_[0];
  const Position& pos = l.pos;
  const bool rights_changed = pos.castling_rights() != analysed_castling_;
  const bool ep_expired = analysed_with_ep_;
  watching_piece_moves_ = analysed_castling_ && !rights_changed;
  if (pos.halfmove_clock() == 0) return false;  // a capture or pawn move the filter let go
  bool again = rights_changed || ep_expired;
  if (!again && type_of(pos.piece_on(l.last_move.to())) == King) {
    const Bitboard pawn_attacks = pos.side_to_move() == White
                                      ? bb::pawn_attacks_bb<White>(pos.pieces(White, Pawn))
                                      : bb::pawn_attacks_bb<Black>(pos.pieces(Black, Pawn));
    again = pawn_attacks & square_bb(l.last_move.from());
  }
  return again && analyse_for_dead_position();
}

bool GameReplay::analyse_for_dead_position() {
  const Position& pos = lines_[0].pos;
  analysed_castling_ = pos.castling_rights();
  analysed_with_ep_ = pos.ep_square() != NoSquare;
  // The next piece moves are watched (piece_move_ended_game) when one may change the answer
  // of the static tests: castling rights or an en passant square, or a pawn giving check;
  // and only where those tests may prove something then. Without pawns the material alone
  // decides.
  watching_piece_moves_ =
      pos.pieces(Pawn) &&
      ((pos.checkers() & pos.pieces(Pawn)) ||
       ((pos.castling_rights() || analysed_with_ep_) && static_tests_may_prove(pos)));
  // A mate on the board ends the game by itself; a stalemate is no dead position to report
  // twice.
  if (!proved_dead(pos, dead_proofs_, 0) || !pos.has_legal_move()) return false;
  watching_piece_moves_ = false;
  drawn_by(EndReason::InsufficientMaterial);
  dead_fen_ = pos.fen();
  return true;
}

std::string GameReplay::dead_position_at() const {
  return automatic_draw_ply_ ? "at ply " + std::to_string(automatic_draw_ply_)
                             : std::string("in its starting position");
}

}  // namespace pgn
