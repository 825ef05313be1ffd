// The one move parser: reads a move as written (SAN and the forms real files contain, in any
// notation table) into a MoveText, what the writer said: piece, squares, capture,
// promotion... The characters alone decide; resolve_move() (san.hpp) then finds the legal
// move in a position.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "libpgn/types.hpp"

namespace pgn {

struct Notation;  // libpgn/notation.hpp; nullptr below means English SAN

struct MoveText {
  // Drop: a crazyhouse drop, `piece` (Pawn when none was written, "@e4") put on `to`.
  enum Kind : std::uint8_t { Normal, CastleShort, CastleLong, Null, Drop };
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

}  // namespace pgn
