// Spoken notations: moves as phrases of words, as announced at the board. The built-in
// table is "de-spoken", the German names the FIDE Laws suggest for games with blind and
// visually impaired players ("Springer Felix drei" = Nf3).
//
// Phrase template written by append_spoken_move and read by parse_spoken_move:
//   <piece> [<from file>] [<from rank>] [<capture>] <file> <rank> [<promotion> <piece>]
//   [<en passant>] [<check> | <mate>]
// a crazyhouse drop: <piece> <drop> <file> <rank> [<check> | <mate>] ("Springer eingesetzt
// auf Felix drei" = N@f3); in a variant game the mate word marks every move that wins, as
// '#' does in its SAN;
// or a castling phrase ("Kurze Rochade") followed by an optional check or mate word.
// Pawn moves name the pawn ("Bauer Eva vier"); pawn captures name the from-file ("Bauer Eva
// schlägt David fünf"), other moves name from-file/rank words exactly where SAN would.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "libpgn/move_text.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/position.hpp"

namespace pgn {

// Appends the phrase for legal move `m` in `pos` to `out` (words separated by single spaces,
// nothing before or after). `n` must be a spoken table (n.spoken).
void append_spoken_move(const Position& pos, Move m, std::string& out, const Notation& n);

// Reads one move from the front of `words`. Returns how many words it used (0 on error, with
// `error` set). Matching ignores case and accepts ä/ae, ö/oe, ü/ue and ß/ss alike. The
// result is the MoveText the SAN parser gives for the same move, so resolve_move() applies.
// A phrase without a piece word ("Eva vier") is read as a pawn move.
std::size_t parse_spoken_move(std::span<const std::string_view> words, MoveText& out,
                              MoveTextError& error, const Notation& n);

// True when `words` are the first words of one of the table's phrases of more words ("en" of
// "en passant"): a reader that has read a move before them waits for the next word, which
// may make them part of that move.
bool spoken_phrase_may_continue(std::span<const std::string_view> words, const Notation& n);

// True when `word` is one of the table's words (piece, file, rank, capture, check, mate,
// promotion, en passant, or a word of a castling phrase), so a reader can tell that the word
// belongs to a spoken move rather than to a SAN token or a comment.
bool looks_spoken(std::string_view word, const Notation& n);

// The form spoken words are compared in: ASCII lower case, with ä ö ü ß (either case)
// spelled ae oe ue ss. "Läufer", "LAEUFER" and "laeufer" all give "laeufer".
std::string fold_spoken_word(std::string_view word);

}  // namespace pgn
