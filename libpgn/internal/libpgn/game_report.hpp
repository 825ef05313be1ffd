// What the validator found in one game: its place, notation, counts, result, outcome and
// problems. The command line's reports are written from it; programs read the same in a
// PlayedGame (games.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "libpgn/diagnostics.hpp"
#include "libpgn/raw_game.hpp"
#include "libpgn/types.hpp"

namespace pgn {

// What checking one game found.
struct GameReport {
  std::uint64_t index = 0;  // 1-based game number in its input
  TextPos start;
  std::string notation = "en";       // code of the notation the game was read in
  std::uint32_t plies = 0;           // main-line half-moves replayed
  std::uint64_t moves_replayed = 0;  // all moves replayed, variations included
  std::uint32_t errors = 0;          // after strict and ignored codes (ValidateOptions)
  std::uint32_t warnings = 0;
  // The termination marker, else the Result tag; none when the game gives neither.
  std::optional<GameResult> result;
  // False when the moves were not replayed (a variant that is not supported, a bad FEN):
  // such a game without errors is "not checked", not valid.
  bool replayed = true;
  // The result as scored (Unknown when none is given), and why the game ended when the
  // final position shows it (checkmate, stalemate, no mating material, an automatic draw)
  // or the Termination tag says the game was lost on time.
  Outcome outcome;
  // The rules the game was replayed by, as lichess names them ("Crazyhouse", "Chess960"); empty
  // for standard chess.
  std::string variant;
  std::vector<Diagnostic> problems;
  bool has_errors() const { return errors != 0; }
};

}  // namespace pgn
