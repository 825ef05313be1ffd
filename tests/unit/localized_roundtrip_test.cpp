// English -> X -> English and X -> English -> X for every built-in notation X, on a sample
// of real games (the whole corpora: localized_roundtrip_slowtest).
#include "localized_roundtrip.hpp"

#include <filesystem>

namespace {

const std::string kShared = LIBPGN_SHARED_DIR;

TEST(LocalizedRoundTrip, SampleOfRealGamesInEveryNotation) {
  const std::string files[] = {"/corpora/real/twic0920.pgn", "/corpora/real/lichess_db_1000k.pgn",
                               "/corpora/edge/python-chess/immortal-games.pgn"};
  std::uint64_t moves = 0;
  for (const auto& file : files) {
    const std::string path = kShared + file;
    if (!std::filesystem::exists(path)) GTEST_SKIP() << "no shared corpora at " << kShared;
    roundtrip::Totals t = roundtrip::check_file(path, 60);
    EXPECT_EQ(t.failures, 0u) << path;
    EXPECT_GT(t.games, 0u) << path;
    moves += t.moves;
  }
  EXPECT_GT(moves, 5000u);
}

TEST(LocalizedRoundTrip, BundledDemoGames) {
  roundtrip::Totals t =
      roundtrip::check_file(std::string(LIBPGN_SOURCE_DIR) + "/corpora/demo/classics.pgn", 0);
  EXPECT_EQ(t.failures, 0u);
  EXPECT_EQ(t.games, 5u);
}

}  // namespace
