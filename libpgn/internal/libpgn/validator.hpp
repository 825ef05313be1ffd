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

#include "libpgn/game_record.hpp"
#include "libpgn/game_report.hpp"
#include "libpgn/raw_game.hpp"
#include "libpgn/validate_options.hpp"

namespace pgn {

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
