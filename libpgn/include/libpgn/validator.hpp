// Game validation: replays every move of a game (variations included) on the legality core
// and checks results, tags and the rules that end games automatically.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "libpgn/diagnostics.hpp"
#include "libpgn/game_record.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/parser.hpp"
#include "libpgn/splitter.hpp"
#include "libpgn/variant.hpp"

namespace pgn {

struct ValidateOptions {
  // nullptr: detect the notation per game (English first, then every built-in table whose
  // symbols fit the game). Otherwise this notation is used for every game.
  const Notation* notation = nullptr;
  // Extra tables to consider when detecting (the user's own tables).
  std::vector<const Notation*> extra_notations;
  bool strict = false;                     // warnings count as errors
  std::array<bool, kCodeCount> ignored{};  // codes not reported
  bool check_tags = true;
  bool check_suffixes = true;
  std::uint32_t max_plies = 100000;  // per line of play; beyond it: limit-exceeded
  ParseLimits parse_limits;
  bool include_fen = true;  // put the FEN before a bad move in diagnostics
  // An ECO tag that no named position of the main line has is a bad-tag warning naming the
  // code the moves give (libpgn/openings.hpp).
  bool check_eco = false;
  // The rule set of games without a Variant tag (`--variant`). A game's own tag still wins,
  // with a bad-tag warning when it names other rules than these. Unset: standard chess, and
  // an untagged game that fails where another rule set reads it gets that set named.
  std::optional<VariantName> variant;
};

// Validates games one after another; reuses its buffers, so keep one per thread.
class GameValidator {
 public:
  explicit GameValidator(const ValidateOptions& options);
  ~GameValidator();
  GameValidator(const GameValidator&) = delete;
  GameValidator& operator=(const GameValidator&) = delete;

  // With `record`, also keeps the replayed game (tags, resolved moves with SAN, comments,
  // NAGs, variations) for writers.
  void validate(const RawGame& game, GameReport& report, GameRecord* record = nullptr);
  // The same, keeping only the tags and the main line's SAN (as far as it was replayed, as a
  // GameRecord's main line): for a reader that wants only those, at a fraction of the cost.
  void validate(const RawGame& game, GameReport& report, MainLineRecord& main_line);
  // After validate(): the Zobrist keys of the main line's positions as far as they were
  // replayed, the start position's first (for classify_opening_by_keys, openings.hpp).
  std::span<const std::uint64_t> main_line_keys() const;

  // The games validated next, all of one input (a pipeline batch). When notations are
  // detected, a game that reads as two different legal games is settled by the notation
  // these games are plainly written in, instead of being reported as ambiguous. Without it,
  // each game is judged alone. `games` must outlive the calls to validate() that follow.
  void set_neighbours(const std::vector<RawGame>& games);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pgn
