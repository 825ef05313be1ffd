// How the fuzz targets split their bytes into games: as the library splits an input, with
// small limits so that one input stays quick, and every game checked to be numbered in turn.
#pragma once
#include <cstdint>
#include <cstdlib>

#include "libpgn/reader.hpp"

namespace fuzz {

struct SplitLimits {
  std::size_t max_game_bytes = 1 << 14;
  std::size_t buffer_bytes = 0;  // 0: the splitter's own
  std::uint64_t max_games = 0;   // 0: every game
};

// Hands `visit` each game of `source` in turn; a game's text lasts until `visit` returns.
template <typename Visit>
void for_each_game(pgn::InputSource& source, const SplitLimits& limits, Visit&& visit) {
  pgn::SplitterOptions options;
  options.max_game_bytes = limits.max_game_bytes;
  if (limits.buffer_bytes != 0) options.buffer_bytes = limits.buffer_bytes;
  pgn::GameSplitter splitter(source, options);
  pgn::RawGame game;
  std::uint64_t games = 0;
  while ((limits.max_games == 0 || games < limits.max_games) && splitter.next(game)) {
    if (game.index != ++games) std::abort();
    visit(game);
  }
}

}  // namespace fuzz
