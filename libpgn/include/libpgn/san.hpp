// Moves as text: the one move parser (SAN and the forms real files contain, in any notation
// table) and the one move writer (canonical SAN, or another notation's letters).
//
// Parsing has two steps. parse_move_text() reads the characters alone into a MoveText
// (what the writer said: piece, squares, capture, promotion...). resolve_move() then finds
// the one legal move in a position that matches it, or says precisely why none or more than
// one does.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "libpgn/position.hpp"
#include "libpgn/types.hpp"

namespace pgn {

struct Notation;  // libpgn/notation.hpp; nullptr below means English SAN

struct MoveText {
  enum Kind : std::uint8_t { Normal, CastleShort, CastleLong, Null };
  Kind kind = Normal;
  // Piece letter as written: Pawn when none was written for a SAN pawn move, NoPieceType when
  // the form does not say (UCI / coordinate forms like e2e4).
  PieceType piece = Pawn;
  std::int8_t from_file = -1;  // 0..7 when given
  std::int8_t from_rank = -1;  // 0..7 when given
  Square to = NoSquare;
  PieceType promotion = NoPieceType;
  bool capture = false;          // a capture sign was written
  bool en_passant_mark = false;  // "e.p." / "ep" was written
  // What the check suffix claimed: 0 none, 1 check ('+'), 2 mate ('#'), 3 "++" (mate in
  // FIDE/German usage, double check in Russian/Czech usage: let the position decide).
  std::uint8_t check_mark = 0;
  std::uint8_t nag = 0;  // suffix annotation as NAG: ! = 1, ? = 2, !! = 3, ?? = 4, !? = 5, ?! = 6
  // The token was exactly [NBRQK][file][rank][x]square[=NBRQ][+#] in English letters: the
  // shape of SAN, though not necessarily canonical SAN (see written_as_canonical_san).
  bool plain = false;
};

enum class MoveTextError : std::uint8_t {
  None = 0,
  Empty,
  UnknownPiece,     // a letter that is no piece in this notation
  BadSquare,        // destination missing or malformed
  BadPromotion,     // promotion sign without a valid piece
  TrailingGarbage,  // characters after a complete move
};

// Reads one move token (no spaces inside, except for notations that define multi-word
// moves). Returns the number of bytes consumed on success (0 on error, with `error` set).
// `notation` nullptr means English SAN with the common lenient forms: 0-0, e.p., e8Q, e8/Q,
// e8(Q), long algebraic e2e4 / e2-e4 / Ng1-f3 / Ng1xf3, UCI e7e8q, suffixes !? etc.
std::size_t parse_move_text(std::string_view token, MoveText& out, MoveTextError& error,
                            const Notation* notation = nullptr);

namespace detail {
// parse_move_text with a table, reading it by trying the table's words one by one, without
// the index and the plain path: the reference that tests compare parse_move_text with.
std::size_t parse_move_text_word_by_word(std::string_view token, MoveText& out,
                                         MoveTextError& error, const Notation& notation);
// A set of byte values.
struct ByteSet {
  std::array<std::uint64_t, 4> words{};
  void add(unsigned char b) { words[b >> 6] |= std::uint64_t{1} << (b & 63); }
  bool has(unsigned char b) const { return (words[b >> 6] >> (b & 63)) & 1; }
  bool within(const ByteSet& other) const {
    return ((words[0] & ~other.words[0]) | (words[1] & ~other.words[1]) |
            (words[2] & ~other.words[2]) | (words[3] & ~other.words[3])) == 0;
  }
};
// Every byte a move of `notation` can contain (a token, or a word of a spoken phrase): a
// token with any other byte is no move in that notation.
const ByteSet& move_alphabet(const Notation& notation);
// Which coordinates of a piece move's origin SAN names, written or spoken, to tell it from
// the other pieces of its type that can legally go to the same square (PGN standard 8.2.3.4):
// the file if that suffices, else the rank, else both. None for pawns, kings and castling.
struct SanOrigin {
  bool file = false;
  bool rank = false;
};
SanOrigin san_origin(const Position& pos, Move m);
}  // namespace detail

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
};

const char* move_error_code(MoveError e);  // e.g. "illegal-move", "ambiguous-move"

struct MoveResolution {
  Move move;  // valid when error == None
  MoveError error = MoveError::None;
  Bitboard candidates = 0;    // Ambiguous: the squares of the pieces that could all move
  Square culprit = NoSquare;  // e.g. the attacked square castling passes, or the pinning piece
  bool ok() const { return error == MoveError::None; }
};

MoveResolution resolve_move(const Position& pos, const MoveText& text);

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
inline std::string to_san(const Position& pos, Move m) {
  std::string s;
  append_san(pos, m, s);
  return s;
}
// Long algebraic: e2-e4, Ng1-f3, Bf1xb5+, O-O (with a notation table for the letters).
void append_lan(const Position& pos, Move m, std::string& out, const Notation* notation = nullptr);

}  // namespace pgn
