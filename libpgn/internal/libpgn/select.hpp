// Selecting games by conditions (`pgn select`): tags, players, ratings, dates, results, ECO
// ranges, positions reached in the main line, material held for some plies and the
// validator's verdict.
//
// A Selection is built once (each add_* checks its text and says what is wrong with it) and
// is then shared, read-only, by one GameSelector per thread. The selector decides from the
// tag section alone when it can (a tag parse stops at the first move) and replays the game
// only when a condition needs the moves.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/position.hpp"
#include "libpgn/splitter.hpp"
#include "libpgn/validator.hpp"

namespace pgn {

// An inclusive range of integers. Written as "N", "=N", ">=N", ">N", "<=N", "<N", "A..B",
// "A.." or "..B" (dates and ECO codes use the same forms, see parse_value_range).
struct ValueRange {
  std::int64_t low = INT64_MIN;
  std::int64_t high = INT64_MAX;
  bool contains(std::int64_t v) const { return v >= low && v <= high; }
};

// What a range's values are: whole numbers, PGN dates ("2019", "2019.05", "2019.05.03"; a
// partial date stands for all the days it covers) or ECO codes ("B90", or "B" for B00..B99).
enum class RangeKind : std::uint8_t { Number, Date, Eco };
bool parse_value_range(std::string_view text, RangeKind kind, ValueRange& out, std::string& error);
// A tag value as a number of that kind (dates: yyyymmdd with unknown "??" parts as 0); false
// when it is not one (missing, "?", "????.??.??", "-").
bool value_of(std::string_view tag_value, RangeKind kind, std::int64_t& out);

// A material pattern: which pieces each side has, e.g. "KRPkr" or "KQ*kq*" (see
// docs/select.md for the grammar). Kings are implied.
class MaterialPattern {
 public:
  static bool parse(std::string_view text, MaterialPattern& out, std::string& error);
  bool matches(const Position& pos) const;

 private:
  // Per colour and piece type (Pawn..Queen): the least count, and whether more are allowed.
  std::uint8_t minimum_[2][kPieceTypeCount] = {};
  bool more_allowed_[2][kPieceTypeCount] = {};
};

// Positions compared as FIDE's repetition rule compares them: the same pieces on the same
// squares, the same side to move, the same castling rights and the same en passant capture
// possibility (the core keeps an en passant square only when a capture is really possible);
// and the same rule set with its own state: the pockets and the promoted pieces in
// crazyhouse, the checks given in three-check.
bool same_position(const Position& a, const Position& b);

class Selection {
 public:
  enum class Kind : std::uint8_t {
    Tag,         // name=value, exact
    TagRegex,    // name=RE2 pattern, partial match
    TagMissing,  // name
    Elo,         // either player's rating in range
    WhiteElo,
    BlackElo,
    Date,
    Eco,
    Player,       // substring of White or Black, ASCII case-insensitive
    PlayerRegex,  // RE2 on White or Black
    Result,       // the Result tag
    Variant,      // the Variant tag ("standard" also matches a game without one)
    // Conditions that need the moves:
    Ply,          // main-line plies in range
    Termination,  // the termination marker in the movetext
    Position,     // a position reached in the main line
    Material,     // a material pattern held for N consecutive main-line positions
    Valid,        // replayed with no errors
    WithErrors,
    WithCode,
  };

  Selection();
  ~Selection();
  Selection(Selection&&) noexcept;
  Selection& operator=(Selection&&) noexcept;

  // Each returns false with `error` saying what is wrong with `text`. `negated` inverts the
  // condition.
  bool add_tag(std::string_view text, bool negated, std::string& error);  // "White=Carlsen"
  bool add_tag_regex(std::string_view text, bool negated, std::string& error);
  bool add_tag_missing(std::string_view name, bool negated, std::string& error);
  bool add_range(Kind kind, std::string_view text, bool negated, std::string& error);
  bool add_text(Kind kind, std::string_view text, bool negated, std::string& error);  // Player,
  // Result, Variant, Termination
  bool add_player_regex(std::string_view pattern, bool negated, std::string& error);
  // The FEN is read under `variant`'s rules (crazyhouse pockets, three-check counters) and
  // matches positions of games of that rule set only (see same_position).
  bool add_fen(std::string_view fen, bool negated, std::string& error,
               Variant variant = Variant::Standard);
  // A line of moves from the standard position, in any notation the validator reads.
  bool add_moves(std::string_view moves, bool negated, const ValidateOptions& read_with,
                 std::string& error);
  bool add_material(std::string_view pattern, std::uint32_t plies, bool negated,
                    std::string& error);
  bool add_verdict(Kind kind, std::string_view code, bool negated, std::string& error);

  void set_any(bool any) { any_ = any; }  // OR instead of AND
  bool empty() const;
  bool needs_moves() const;
  // A condition looks at the main line's positions (--fen, --moves, --material, --ply).
  bool needs_positions() const;

 private:
  friend class GameSelector;
  struct Condition;
  std::vector<std::unique_ptr<Condition>> conditions_;  // tag conditions first
  bool any_ = false;
  void add(std::unique_ptr<Condition> c);
};

// Appends a game's text exactly as it was read, then the line ends that make the blank line
// separating it from the next game (in the game's own line-end style) where it has none.
void append_game_as_read(std::string_view text, std::string& out);

// Why a game was or was not selected, for the run's accounting.
struct SelectOutcome {
  bool selected = false;
  bool replayed = false;     // the moves were replayed (a condition needed them)
  bool moves_cut = false;    // replayed only up to an error: later positions were not seen
  bool not_checked = false;  // the moves could not be replayed at all (variant, bad FEN)
};

// Decides game after game; keeps buffers, so keep one per thread.
class GameSelector {
 public:
  GameSelector(const Selection& selection, const ValidateOptions& validate);
  ~GameSelector();
  GameSelector(const GameSelector&) = delete;
  GameSelector& operator=(const GameSelector&) = delete;

  // With `replay`, the game is replayed even when its tags decided it (for writers).
  SelectOutcome decide(const RawGame& game, bool replay = false);
  // The games decided next, all of one input: see GameValidator::set_neighbours.
  void set_neighbours(const std::vector<RawGame>& games);
  // After decide() replayed the game: its report and record.
  const GameReport& report() const;
  const GameRecord& record() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pgn
