// Moves as text in a position: resolve_move() finds the one legal move a MoveText (see
// move_text.hpp, the one move parser) names, or says precisely why none or more than one
// does; append_san() is the one move writer (canonical SAN, or another notation's letters).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "libpgn/move_text.hpp"
#include "libpgn/position.hpp"
#include "libpgn/types.hpp"

namespace pgn {

struct Notation;  // libpgn/notation.hpp; nullptr below means English SAN

// Why a move text matches no single legal move. Codes are stable.
enum class MoveError : std::uint8_t {
  None = 0,
  NoSuchPiece,  // no piece of that kind can reach the square (by its movement)
  Pinned,       // the only candidates are pinned and would expose the king
  KingInCheck,  // the move leaves or puts the own king in check (king moves, checks not answered)
  CastleThroughCheck,  // king passes through an attacked square
  CastleOutOfCheck,    // castling while in check
  CastleIntoCheck,     // king lands on an attacked square
  CastleRightLost,     // the king or that rook has moved
  CastleBlocked,       // pieces stand between king and rook
  EnPassantUnavailable,
  PromotionMissing,      // a pawn reaches the last rank without naming a piece
  BadPromotion,          // promotion to a pawn or king, or a promotion letter off the last rank
  Ambiguous,             // more than one legal move matches
  WrongPieceOnSquare,    // coordinate form: the from square is empty or holds the opponent's piece
  NullMoveInCheck,       // null move while in check
  CaptureWrittenAsPush,  // a pawn capture without the file it leaves ("d5" for exd5);
                         // candidates: the pawns that could capture
  // Variants (resolve_variant_move):
  DropOutsideCrazyhouse,  // "N@f3" in a game whose rules have no pockets
  // The piece moves that way, but the variant forbids it (a capture is compulsory, an explosion
  // would take the own king, a drop from an empty pocket).
  VariantRule,
};

const char* move_error_code(MoveError e);  // e.g. "illegal-move", "ambiguous-move"

struct MoveResolution {
  Move move;  // valid when error == None
  MoveError error = MoveError::None;
  Bitboard candidates = 0;    // Ambiguous: the squares of the pieces that could all move
  Square culprit = NoSquare;  // e.g. the attacked square castling passes, or the pinning piece
  bool ok() const { return error == MoveError::None; }
};

// Under standard rules (and Chess960 castling): the replay of a standard game calls it for
// every move. A position of another variant goes to resolve_variant_move.
MoveResolution resolve_move(const Position& pos, const MoveText& text);
// Under the position's variant: its legal moves (drops, promotion to king in antichess,
// compulsory captures, explosions) decide, and disambiguation counts only those.
MoveResolution resolve_variant_move(const Position& pos, const MoveText& text);

// Whether the token `text` was read from (on the plain path) is already the canonical SAN of
// the move `r` resolved it to in `pos`, apart from the check sign: a writer may then copy the
// token (without its sign) instead of calling append_san_unchecked. A piece move written
// without an origin resolved only because no other piece of its type could legally go there,
// which is when canonical SAN names no origin either. Castling and every other form take
// append_san_unchecked; so do tokens with a wrong capture sign or a needless origin.
inline bool written_as_canonical_san(const Position& pos, const MoveText& text,
                                     const MoveResolution& r) {
  if (!text.plain || text.from_rank >= 0 || r.move.kind() == Move::Castling) return false;
  const bool captures = pos.is_capture(r.move);
  if (text.capture != captures) return false;
  if (text.piece == Pawn) return (text.from_file >= 0) == captures;
  return text.from_file < 0;
}

// A sentence explaining a failed resolution, e.g. "no black knight can reach f3",
// "king passes through f1, attacked by the bishop on c4", "rooks on a1 and f1 can both go
// to d1". `written` is the move as the input wrote it.
std::string describe_move_error(const Position& pos, const MoveText& text,
                                const MoveResolution& resolution);

// The one move writer. Appends canonical SAN (minimal disambiguation, O-O, =Q, + and #)
// to `out`. With a notation table, its piece letters and conventions are used instead.
void append_san(const Position& pos, Move m, std::string& out, const Notation* notation = nullptr);
// The same in two halves, for a caller that makes the move anyway: the SAN without its '+' or
// '#' (not for spoken notations), then the sign read off the position after the move, which
// spares testing the move for check a second time.
void append_san_unchecked(const Position& pos, Move m, std::string& out,
                          const Notation* notation = nullptr);
void append_check_sign(const Position& after, std::string& out, const Notation* notation = nullptr);
// English SAN's sign for the move that led to `after`: "#" for mate, "+" for check, else "".
// The one place of that rule: append_check_sign falls back on it, and the replay's recording
// writes it without a scratch string.
inline const char* english_check_sign(const Position& after) {
  if (!after.in_check()) return "";
  return after.is_checkmate() ? "#" : "+";
}
inline std::string to_san(const Position& pos, Move m) {
  std::string s;
  append_san(pos, m, s);
  return s;
}
// Long algebraic: e2-e4, Ng1-f3, Bf1xb5+, O-O (with a notation table for the letters).
void append_lan(const Position& pos, Move m, std::string& out, const Notation* notation = nullptr);

// The writer for a variant position (append_san and append_lan forward such positions here;
// append_san_unchecked and append_check_sign are for standard positions only): drops "N@f3"
// and "P@e4" with the table's letters, "=K" in antichess, disambiguation by the variant's
// legal moves, '+' where the variant has check and '#' on every move that wins the game in
// the variant's own way (mate, an explosion, the hill, the third check, the goal rank,
// antichess's last piece or last move), as lichess writes it.
void append_variant_san(const Position& pos, Move m, std::string& out,
                        const Notation* notation = nullptr);
void append_variant_san_unchecked(const Position& pos, Move m, std::string& out,
                                  const Notation* notation = nullptr);
void append_variant_check_sign(const Position& after, std::string& out,
                               const Notation* notation = nullptr);
void append_variant_lan(const Position& pos, Move m, std::string& out,
                        const Notation* notation = nullptr);
// Whether the game in `after` (a variant position) is won, by mate or the variant's own end:
// where the variant writer puts '#'.
bool variant_game_won(const Position& after);
// Why the variant forbids the move `text` names (MoveError::VariantRule, or a drop outside
// crazyhouse), as a sentence.
std::string describe_variant_rule(const Position& pos, const MoveText& text);

}  // namespace pgn
