// The larger entries of the shared perft suites (see perft_suites.hpp for the limits): every
// variant entry over the unit test's limit, and standard entries up to kSlowLimit nodes.
#include "perft_suites.hpp"

namespace pgn::test {
namespace {

TEST(PerftSuitesSlow, LargeEntriesMatchPublishedCounts) {
  int checked = 0, left = 0;
  for (const PerftEntry& e : read_perft_suites()) {
    if (in_unit_test(e)) continue;
    if (e.nodes > kSlowLimit) {
      ASSERT_EQ(e.variant, Variant::Standard) << "variant entry over the slow limit: " << e.id;
      ++left;
      continue;
    }
    expect_perft(e);
    ++checked;
  }
  EXPECT_GT(checked, 6000);
  std::printf("%d entries checked, %d standard entries over %llu nodes left to perft_slowtest\n",
              checked, left, static_cast<unsigned long long>(kSlowLimit));
}

}  // namespace
}  // namespace pgn::test
