// English -> X -> English and X -> English -> X for every built-in notation X, on every
// standard-chess game of the real corpora in ../shared/corpora/real.
#include <filesystem>

#include "localized_roundtrip.hpp"

namespace {

TEST(LocalizedRoundTripSlow, EveryRealGameInEveryNotation) {
  const std::filesystem::path real = std::filesystem::path(LIBPGN_SHARED_DIR) / "corpora/real";
  if (!std::filesystem::exists(real)) GTEST_SKIP() << "no shared corpora at " << real;
  std::uint64_t games = 0, moves = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(real)) {
    if (!entry.is_regular_file()) continue;
    roundtrip::Totals t = roundtrip::check_file(entry.path().string(), 0);
    EXPECT_EQ(t.failures, 0u) << entry.path();
    games += t.games;
    moves += t.moves;
  }
  // 184,626 games are in real/; a handful are variants or broken and are left out.
  EXPECT_GT(games, 184000u);
  RecordProperty("games", std::to_string(games));
  RecordProperty("moves", std::to_string(moves));
}

}  // namespace
