// Every position of the published unwinnability test vector, both sides, under the default
// node budget: the class must match, every witness must replay to mate, and at most 1% of
// the answers may be undetermined (never one the material decides).
#include <chrono>

#include "winnable_vector.hpp"

namespace pgn::testing_winnable {
namespace {

TEST(WinnableVector, EveryPositionMatchesItsPublishedClass) {
  const std::vector<VectorCase> cases = load_vector();
  ASSERT_EQ(cases.size(), 901u) << "test vector missing or changed: " << shared_dir();
  WinnabilityAnalyzer analyzer;
  VectorTally tally;
  const auto start = std::chrono::steady_clock::now();
  for (const VectorCase& c : cases) check_case(analyzer, c, tally);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%d positions, %d undetermined answers, %.2f s\n", tally.positions,
              tally.undetermined, seconds);
  // The goal is 1% of the answers; the current method leaves 9 of the 1,802 (0.5%)
  // undetermined under the default budget (docs/unwinnability.md lists them). The budget
  // counts nodes, so the count does not depend on the machine: one answer lost fails the
  // test.
  EXPECT_LE(tally.undetermined, 9);
  EXPECT_EQ(tally.undetermined_material, 0);
}

}  // namespace
}  // namespace pgn::testing_winnable
