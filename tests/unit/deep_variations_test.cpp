// Nested variations that hold moves, with the depth budget raised: memory linear in the depth
// for validation, the game record (convert, select --normalize) and repair (fix). Each level
// once copied the whole variation path ("1.1/1.1/..."), quadratic in the depth: 8,000
// levels took 199 MB. Also a stop request (SIGINT) ends one huge game within milliseconds.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "check/variation_path.hpp"
#include "libpgn/game.hpp"
#include "libpgn/repair.hpp"
#include "libpgn/validator.hpp"
#include "robustness.hpp"

namespace pgn {
namespace {

constexpr std::uint32_t kDepth = 12'000;
// About 1.5 KB a level (a line's positions) plus the text: well under this. The quadratic
// paths took over 400 MB at this depth.
constexpr std::uint64_t kMemoryCeiling = std::uint64_t{64} << 20;

// One game: a first move, then kDepth variations each replacing the move before it, the
// deepest with an illegal move (a problem reported from the bottom of the nesting).
RawGame deep_game(std::string& text) {
  text = "[Event \"deep\"]\n[Result \"*\"]\n\n1. e4 ";
  for (std::uint32_t i = 0; i < kDepth; ++i) text += "(1. d4 ";
  text += "Qxh7 ";
  text.append(kDepth, ')');
  text += " *\n";
  return testing::raw_game(text);
}

const Diagnostic* problem_with(const GameReport& report, Code code) {
  for (const Diagnostic& d : report.problems)
    if (d.code == code) return &d;
  return nullptr;
}

ValidateOptions deep_options() {
  ValidateOptions options;
  options.parse_limits.max_variation_depth = 2 * kDepth;
  return options;
}

class DeepVariations : public ::testing::Test {
 protected:
  std::uint64_t memory_added() const { return memory_.added(); }

  std::string text_;
  RawGame game_ = deep_game(text_);

 private:
  testing::PeakMemory memory_;  // constructed after the game: measures the reading alone
};

TEST_F(DeepVariations, ValidatedAndRecordedInLinearMemory) {
  GameValidator validator(deep_options());
  GameReport report;
  GameRecord record;
  validator.validate(game_, report, &record);
  ASSERT_EQ(report.errors, 1u);
  const Diagnostic* illegal = problem_with(report, Code::IllegalMove);
  ASSERT_NE(illegal, nullptr);
  // The path of the deepest variation: its first and last steps and the count between.
  EXPECT_EQ(illegal->variation,
            "1.1/1.1/1.1/1.1/1.1/1.1/1.1/1.1/(11984 more)/1.1/1.1/1.1/1.1/"
            "1.1/1.1/1.1/1.1");
  EXPECT_LT(memory_added(), kMemoryCeiling);
}

TEST_F(DeepVariations, RepairedInLinearMemory) {
  GameRepairer repairer(deep_options(), RepairOptions{});
  RepairedGame fixed;
  repairer.repair(game_, fixed);
  bool cut_deepest = false;
  for (const Repair& r : fixed.repairs)
    cut_deepest |=
        r.kind == RepairKind::IllegalCut && r.variation.find("/(11984 more)/") != std::string::npos;
  EXPECT_TRUE(cut_deepest);
  EXPECT_LT(memory_added(), kMemoryCeiling);
}

TEST(VariationPath, ShortPathsAreSpelledOutWhole) {
  const VariationStep steps[] = {{}, {12, 1}, {14, 2}, {15, 1}};
  EXPECT_EQ(variation_path(0, [&](std::size_t level) { return steps[level]; }), "");
  EXPECT_EQ(variation_path(3, [&](std::size_t level) { return steps[level]; }), "12.1/14.2/15.1");
}

// A game of 64 MB of moves on one line: a stop request made while it is read ends the
// reading within milliseconds, with the game cut and said so.
TEST(StopRequest, EndsOneHugeGameAtOnce) {
  std::string text = "[Event \"huge\"]\n[Result \"*\"]\n\n1. Nf3 Nf6 ";
  while (text.size() < (std::size_t{64} << 20)) text += "2. Ng1 Ng8 3. Nf3 Nf6 ";
  text += "*\n";
  const RawGame game = testing::raw_game(text);
  std::atomic<bool> stop{false};
  ValidateOptions options;
  options.max_plies = 1'000'000'000;
  options.parse_limits.stop = &stop;
  GameValidator validator(options);
  GameReport report;

  const auto started = std::chrono::steady_clock::now();
  validator.validate(game, report);  // not stopped: read to its end
  const auto whole = std::chrono::steady_clock::now() - started;
  EXPECT_EQ(report.errors, 0u);

  std::thread requester([&] {
    std::this_thread::sleep_for(whole / 10);
    stop = true;
  });
  const auto again = std::chrono::steady_clock::now();
  validator.validate(game, report);
  const auto stopped = std::chrono::steady_clock::now() - again;
  requester.join();
  const Diagnostic* cut = problem_with(report, Code::LimitExceeded);
  ASSERT_NE(cut, nullptr);
  EXPECT_NE(cut->message.find("interrupted"), std::string::npos) << cut->message;
  EXPECT_LT(stopped, whole / 2) << "the whole game took "
                                << std::chrono::duration<double>(whole).count() << " s";
}

}  // namespace
}  // namespace pgn
