// Chess variants: the names a Variant tag may carry, how a game ends under each rule set, and
// the per-game table of functions through which a replay uses the rules it was given.
//
// The rule set is chosen once per game: a caller looks up `rules_for(variant)` when the game
// starts and calls through it for every move, so standard games keep their direct calls.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "libpgn/position.hpp"
#include "libpgn/types.hpp"

namespace pgn {

// What a Variant tag value names. Matched without regard to case, blanks, hyphens and
// underscores; `known` is false for a variant libpgn does not replay.
struct VariantName {
  Variant variant = Variant::Standard;
  bool chess960 = false;  // standard rules with Chess960 castling ("Chess960", "Fischerandom")
  bool known = true;
};
VariantName parse_variant_name(std::string_view tag_value);

// The name a rule set is given on the command line (`--variant NAME`) and in messages:
// lichess's name in lower case, words joined by '-' ("crazyhouse", "king-of-the-hill"),
// "chess960" for standard rules with Chess960 castling. parse_variant_name reads it back.
std::string variant_option_name(const VariantName& name);
// What an error says of a game without a Variant tag that `v`'s rules read:
// "is this crazyhouse? use --variant crazyhouse".
std::string variant_hint(Variant v);

// lichess's name of a rule set: "Standard", "Antichess", "Atomic", "Crazyhouse", "Horde",
// "King of the Hill", "Racing Kings", "Three-check".
const char* variant_name(Variant v);
// The starting position of a rule set (horde and racing kings have their own).
std::string_view variant_start_fen(Variant v);
// The start position of a variant, ready to play.
Position variant_start_position(Variant v);

// Whether the game in `pos` (under pos.variant()) is over, and how: the core's Outcome with
// the reason (EndReason::Unknown while the game goes on). Checkmate and stalemate follow each
// variant (antichess: the side with no move wins, EndReason::NoMoves).
Outcome game_outcome(const Position& pos);
// Stable short code ("checkmate", "king-exploded", ...) and a sentence for messages.
const char* game_end_code(EndReason end);
const char* game_end_description(EndReason end);

// The FIDE dead-position draw by material, as far as the variant has it: standard chess and
// Chess960 as has_insufficient_material; three-check and atomic only with bare kings; never
// in antichess, crazyhouse (pieces come back), horde, king of the hill or racing kings
// (a king can always walk to its goal).
bool is_variant_insufficient_material(const Position& pos);

// Whether `m` is a legal move of the side to move under the position's variant (drops
// included); gives_check for the variants that have check.
bool is_legal_in_variant(const Position& pos, Move m);
bool variant_gives_check(const Position& pos, Move m);

// The rules of one variant as plain functions, looked up once per game.
struct Rules {
  Variant variant;
  void (*generate_legal)(const Position& pos, MoveList& list);
  void (*generate_legal_to)(const Position& pos, Square to, PieceType type, MoveList& list);
  void (*play)(Position& pos, Move m);
  Outcome (*outcome)(const Position& pos);
  std::uint64_t (*perft)(Position& pos, int depth);
};
const Rules& rules_for(Variant v);

}  // namespace pgn
