// Game validation: replays every move of a game (variations included) on the legality core
// and checks results, tags and the rules that end games automatically.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "libpgn/diagnostics.hpp"
#include "libpgn/game_record.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/reader.hpp"

namespace pgn {

struct ValidateOptions {
  // nullptr: detect the notation per game (English first, then every built-in table whose
  // symbols fit the game). Otherwise this notation is used for every game.
  const Notation* notation = nullptr;
  // Extra tables to consider when detecting (from --notation-file).
  std::vector<const Notation*> extra_notations;
  bool strict = false;                     // warnings count as errors
  std::array<bool, kCodeCount> ignored{};  // codes not reported
  bool check_tags = true;
  bool check_suffixes = true;
  std::uint32_t max_plies = 100000;  // per line of play; beyond it: limit-exceeded
  ParseLimits parse_limits;
  bool include_fen = true;  // put the FEN before a bad move in diagnostics
};

// The outcome of one game.
struct GameReport {
  std::uint64_t index = 0;  // 1-based game number in its input
  TextPos start;
  std::string notation = "en";       // code of the notation the game was read in
  std::uint32_t plies = 0;           // main-line half-moves replayed
  std::uint64_t moves_replayed = 0;  // all moves replayed, variations included
  std::uint32_t errors = 0;          // after --strict and --ignore
  std::uint32_t warnings = 0;
  std::string result;  // normalized termination ("1-0", "0-1", "1/2-1/2", "*", "")
  // False when the moves were not replayed (a variant that is not supported, a bad FEN):
  // such a game without errors is "not checked", not valid.
  bool replayed = true;
  std::vector<Diagnostic> problems;
  bool has_errors() const { return errors != 0; }
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

 private:
  void validate_unsorted(const RawGame& game, GameReport& report, GameRecord* record);
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pgn
