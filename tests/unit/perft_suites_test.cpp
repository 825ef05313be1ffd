// Every published perft suite in the shared data (standard, Chess960 and the lichess
// variants), the small entries of each; perft_suites_slowtest takes the larger ones.
#include "perft_suites.hpp"

namespace pgn::test {
namespace {

TEST(PerftSuites, EveryFileIsReadAndKnown) {
  std::vector<PerftEntry> entries = read_perft_suites();
  ASSERT_GT(entries.size(), 40000u) << "the shared perft suites are missing or cut";
  std::set<std::string> files, variant_files;
  for (const PerftEntry& e : entries) {
    files.insert(e.file);
    if (e.variant != Variant::Standard) variant_files.insert(e.file);
  }
  for (const char* expected :
       {"3check", "atomic", "crazyhouse", "giveaway", "horde", "racingkings"})
    EXPECT_TRUE(variant_files.count(expected)) << expected;
  // A new suite file must be given its rules here, not counted silently as standard chess.
  for (const std::string& f : files)
    EXPECT_TRUE(variant_files.count(f) || f == "chess960" || f == "random" || f == "tricky") << f;
}

TEST(PerftSuites, SmallEntriesMatchPublishedCounts) {
  int checked = 0;
  for (const PerftEntry& e : read_perft_suites()) {
    if (!in_unit_test(e)) continue;
    expect_perft(e);
    ++checked;
  }
  EXPECT_GT(checked, 25000);
}

}  // namespace
}  // namespace pgn::test
