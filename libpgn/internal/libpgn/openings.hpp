// Opening classification: the ECO code and name of a game's opening, by position.
//
// The table is lichess's opening table (data/eco/*.tsv, 3,807 named lines), compiled into the
// library and indexed once, at first use, by position. A game is named by the deepest
// position of its main line that the table names, so a transposed move order gets the name
// of the line it reaches. Positions are compared as FIDE's repetition rule compares them:
// the same pieces on the same squares, the same side to move, the same castling rights and
// the same en passant capture possibility. See docs/eco.md.
#pragma once

#include <bitset>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "libpgn/game_record.hpp"
#include "libpgn/position.hpp"

namespace pgn {

// One line of the table.
struct Opening {
  std::string_view eco;    // "B90"
  std::string_view name;   // "Sicilian Defense: Najdorf Variation, English Attack"
  std::string_view moves;  // the line as the table writes it: "1. e4 c5 2. Nf3 d6 ..."
  std::uint16_t plies = 0;
  // The name up to its first ": " (the Opening tag), and after it (the Variation tag; empty
  // when the name has no colon).
  std::string_view family() const;
  std::string_view variation() const;
};

// Every line of the table, in its order (a.tsv to e.tsv, row by row).
std::span<const Opening> opening_table();

// The line that names `pos`, or nullptr. Where several lines of the table reach the same
// position, the position is named by the last of them in table order (as lichess names it).
const Opening* opening_at(const Position& pos);

// The most plies any line of the table has: a main line is followed no further than this.
std::uint32_t opening_table_depth();

struct OpeningClassification {
  const Opening* opening = nullptr;  // the deepest named position's line; nullptr: none reached
  std::uint32_t ply = 0;             // main-line plies played to reach it
  std::bitset<500> codes;            // the ECO code of every named position the line passes
  // Whether the main line passes a named position of the code `eco` ("B90").
  bool passes(std::string_view eco) const;
};

// Classifies a replayed game by its main line (from its start position, which need not be
// the standard one). Standard chess only: a variant or Chess960 game is not classified.
// Costs one make-move and one hash lookup per ply, for at most opening_table_depth() plies.
OpeningClassification classify_opening(const GameRecord& record);

// The same from the Zobrist keys of a standard game's main-line positions, start first (as
// GameValidator::main_line_keys gives them after replaying the game): no make-move, one
// lookup per key, a position identified by its key as the repetition rule's check does. The
// caller makes sure the game is standard chess. With `every_code` false only the deepest
// named position is looked for, from the last position backwards (`codes` stays empty):
// what naming a game needs, with the fewest lookups.
OpeningClassification classify_opening_by_keys(std::span<const std::uint64_t> main_line_keys,
                                               bool every_code = true);

// pgn validate --check-eco: the message of the bad-tag warning for an ECO tag that no named
// position of a standard game's main line has, naming the code the moves give; "" when the
// tag agrees, the game reaches no named position, or the tag is no code ("?").
std::string eco_tag_contradiction(std::string_view eco_tag,
                                  std::span<const std::uint64_t> main_line_keys);

// How --eco treats opening tags a game already has.
enum class OpeningTagMode : std::uint8_t {
  // ECO is added when missing; Opening and Variation are added when the game has neither.
  KeepExisting,
  // The three tags are set from the classification (Variation removed when the name has no
  // variation part).
  Overwrite,
};

// Sets the opening tags of a record (for writers) from `opening`.
void set_opening_tags(GameRecord& record, const Opening& opening, OpeningTagMode mode);

// Appends a game's text as it was, with only its opening tags added or changed: new tags go
// after the last tag, on lines of their own in the game's line-end style; nothing else in
// the text moves.
void append_with_opening_tags(std::string_view game_text, const Opening& opening,
                              OpeningTagMode mode, std::string& out);

}  // namespace pgn
