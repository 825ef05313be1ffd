// Pathological inputs: each must be read in one linear pass with memory bounded by the
// per-game budgets, and every game must be accounted for. Inputs are generated on the fly,
// so the test holds none of them. Times and memory are recorded in docs/robustness.md; the
// tests assert what the reader promises (counts, problems reported, a memory ceiling well
// above the budgets) and leave hangs to the CTest timeout.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "libpgn/game.hpp"
#include "libpgn/pipeline.hpp"
#include "libpgn/reader.hpp"
#include "libpgn/validator.hpp"
#include "robustness.hpp"

namespace pgn {
namespace {

using testing::GeneratedSource;
using testing::has_code;
using testing::validate_all;

constexpr std::uint64_t kMiB = 1u << 20;
// Memory a run may add on top of what the process had: several times the 8 MiB game budget
// plus the read buffers and the sanitizers' bookkeeping; holding a 100 MB input (or a
// quadratic structure) goes far over it.
constexpr std::uint64_t kMemoryCeiling = 96 * kMiB;

class Pathological : public ::testing::Test {
 protected:
  std::uint64_t memory_added() const { return memory_.added(); }

 private:
  testing::PeakMemory memory_;
};

const std::string kNextGame =
    "[Event \"next\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

TEST_F(Pathological, HundredMegabyteComment) {
  GeneratedSource source;
  source.add("[Event \"comment\"]\n[Result \"*\"]\n\n1. e4 {")
      .add(std::string(999, 'x') + "\n", 100'000)
      .add("} e5 *\n\n")
      .add(kNextGame);
  ASSERT_GE(source.size(), 100'000'000u);
  const auto totals = validate_all(source);
  EXPECT_EQ(totals.games, 2u);
  EXPECT_EQ(totals.truncated, 1u);  // over the 8 MiB game budget: cut and reported
  ASSERT_EQ(totals.first_reports.size(), 2u);
  EXPECT_TRUE(has_code(totals.first_reports[0], Code::LimitExceeded));
  EXPECT_EQ(totals.first_reports[1].errors, 0u);
  EXPECT_EQ(totals.first_reports[1].plies, 7u);
  EXPECT_LT(memory_added(), kMemoryCeiling);
}

TEST_F(Pathological, CommentOverItsBudgetInsideTheGameBudget) {
  GeneratedSource source;
  source.add("[Event \"comment\"]\n\n1. e4 {").add(std::string(4 * kMiB, 'y')).add("} e5 *\n\n");
  source.add(kNextGame);
  const auto totals = validate_all(source);
  EXPECT_EQ(totals.games, 2u);
  EXPECT_EQ(totals.truncated, 0u);
  ASSERT_EQ(totals.first_reports.size(), 2u);
  const GameReport& big = totals.first_reports[0];
  EXPECT_TRUE(has_code(big, Code::LimitExceeded));  // comment over --max-comment-bytes (1 MiB)
  EXPECT_EQ(big.plies, 2u);                         // the moves around it are still replayed
  EXPECT_EQ(totals.first_reports[1].errors, 0u);
}

TEST_F(Pathological, TenMillionCharacterLine) {
  // 2.5 million plies of knight moves on one line: over the game budget and the ply budget.
  GeneratedSource source;
  source.add("[Event \"line\"]\n\n").add("Nf3 Nf6 Ng1 Ng8 ", 625'000).add("*\n\n").add(kNextGame);
  const auto totals = validate_all(source);
  EXPECT_EQ(totals.games, 2u);
  ASSERT_EQ(totals.first_reports.size(), 2u);
  const GameReport& line = totals.first_reports[0];
  EXPECT_TRUE(has_code(line, Code::LimitExceeded));
  EXPECT_EQ(line.plies, 100'000u);  // --max-plies default
  EXPECT_LT(line.problems.size(), 10u);
  EXPECT_EQ(totals.first_reports[1].errors, 0u);
  EXPECT_LT(memory_added(), kMemoryCeiling);
}

TEST_F(Pathological, TenMillionCharacterLineReplayedWhole) {
  GeneratedSource source;
  source.add("[Event \"line\"]\n[Result \"*\"]\n\n").add("Nf3 Nf6 Ng1 Ng8 ", 625'000).add("*\n");
  ValidateOptions options;
  options.max_plies = 3'000'000;
  SplitterOptions splitter;
  splitter.max_game_bytes = 16 * kMiB;
  const auto totals = validate_all(source, options, splitter);
  ASSERT_EQ(totals.games, 1u);
  const GameReport& line = totals.first_reports[0];
  EXPECT_EQ(line.plies, 2'500'000u);
  EXPECT_EQ(line.errors, 0u);
  EXPECT_TRUE(has_code(line, Code::AutomaticDraw));  // fivefold repetition, reported once
  EXPECT_LT(line.problems.size(), 10u);
}

TEST_F(Pathological, TenMillionCharactersOfStrayBraces) {
  // Every '}' is a syntax problem: reporting them must stay linear and the report bounded
  // (the validator lists 1,000 problems per game and counts the rest, and looks for the
  // source line's ends only around the problem).
  GeneratedSource source;
  source.add("[Event \"braces\"]\n\n1. e4 ").add("} ", 5'000'000).add("*\n\n").add(kNextGame);
  const auto totals = validate_all(source);
  EXPECT_EQ(totals.games, 2u);
  EXPECT_EQ(totals.games_with_errors, 1u);
  EXPECT_LT(totals.max_problems_in_a_game, 100'000u);
  EXPECT_LT(memory_added(), kMemoryCeiling);
}

TEST_F(Pathological, AMillionIllegalVariationsOnOneLine) {
  // Bounded like the stray braces above.
  GeneratedSource source;
  source.add("[Event \"variations\"]\n\n1. e4 ")
      .add("(Zz9) ", 1'000'000)
      .add("*\n\n")
      .add(kNextGame);
  const auto totals = validate_all(source);
  EXPECT_EQ(totals.games, 2u);
  EXPECT_LT(totals.max_problems_in_a_game, 100'000u);
  EXPECT_LT(memory_added(), kMemoryCeiling);
}

// Counts variation events without keeping anything.
class NestingCounter : public Visitor {
 public:
  std::uint64_t opened = 0, closed = 0, moves = 0, limit_errors = 0;
  Control begin_variation(TextPos) override {
    ++opened;
    return Control::Continue;
  }
  void end_variation(TextPos) override { ++closed; }
  Control move(std::string_view, TextPos) override {
    ++moves;
    return Control::Continue;
  }
  void syntax_error(std::string_view message, TextPos) override {
    limit_errors += message.rfind("limit exceeded:", 0) == 0;
  }
};

TEST_F(Pathological, MillionNestedVariationsParseWithoutRecursion) {
  std::string text = "1. e4 ";
  text.append(1'000'000, '(');
  text += "e5";
  text.append(1'000'000, ')');
  text += " *\n";
  const RawGame game = testing::raw_game(text);
  ParseLimits unlimited;
  unlimited.max_variation_depth = 2'000'000;
  NestingCounter counter;
  parse_game(game, counter, unlimited);  // a recursive parser would overflow the stack here
  EXPECT_EQ(counter.opened, 1'000'000u);
  EXPECT_EQ(counter.closed, 1'000'000u);
  EXPECT_EQ(counter.moves, 2u);
  EXPECT_EQ(counter.limit_errors, 0u);

  NestingCounter limited;
  parse_game(game, limited);  // default depth budget: 1,000
  EXPECT_EQ(limited.opened, 1000u);
  EXPECT_EQ(limited.closed, 1000u);
  EXPECT_EQ(limited.limit_errors, 1u);
}

TEST_F(Pathological, MillionNestedVariationsValidated) {
  GeneratedSource source;
  // Each variation holds a move, so each replaces the move before it and opens a level.
  source.add("[Event \"nested\"]\n\n1. e4 ").add("(Nf3 ", 1'000'000).add(")", 1'000'000);
  source.add(" *\n\n").add(kNextGame);
  const auto totals = validate_all(source);
  EXPECT_EQ(totals.games, 2u);
  ASSERT_EQ(totals.first_reports.size(), 2u);
  EXPECT_TRUE(has_code(totals.first_reports[0], Code::LimitExceeded));
  EXPECT_EQ(totals.first_reports[1].errors, 0u);
  EXPECT_LT(memory_added(), kMemoryCeiling);
}

TEST_F(Pathological, MillionNestedVariationsInTheGameModel) {
  // The in-memory tree is as deep as the variation budget allows; building it and freeing
  // it must not recurse on the depth either.
  std::string text = "1. e4 ";
  for (int i = 0; i < 100'000; ++i) text += "( e5 ";
  text.append(100'000, ')');
  text += " *\n";
  auto source = InputSource::from_memory(text);
  ParseLimits limits;
  limits.max_variation_depth = 200'000;
  {
    GameReader reader(*source, {}, limits);
    Game game;
    ASSERT_TRUE(reader.next(game));
    EXPECT_TRUE(game.problems.empty());
    EXPECT_FALSE(reader.next(game));
  }
}

TEST_F(Pathological, HundredThousandTags) {
  GeneratedSource source;
  source.add("[Event \"tags\"]\n");
  for (int i = 0; i < 100'000; ++i) source.add("[Tag" + std::to_string(i) + " \"value\"]\n");
  source.add("\n1. e4 e5 *\n\n").add(kNextGame);
  const auto totals = validate_all(source);
  EXPECT_EQ(totals.games, 2u);
  ASSERT_EQ(totals.first_reports.size(), 2u);
  const GameReport& tags = totals.first_reports[0];
  EXPECT_TRUE(has_code(tags, Code::LimitExceeded));  // more than 1,000 tags, reported once
  EXPECT_EQ(tags.plies, 2u);
  EXPECT_LT(tags.problems.size(), 10u);
  EXPECT_EQ(totals.first_reports[1].errors, 0u);
}

TEST_F(Pathological, HundredThousandPlies) {
  GeneratedSource source;
  source.add("[Event \"plies\"]\n[Result \"*\"]\n\n");
  for (int move = 1; move <= 25'000; ++move) {
    source.add(std::to_string(2 * move - 1) + ". Nf3 Nf6 " + std::to_string(2 * move) +
               ". Ng1 Ng8\n");
  }
  source.add("*\n\n");
  // One ply more than the budget.
  source.add("[Event \"over\"]\n[Result \"*\"]\n\n")
      .add("Nf3 Nf6 Ng1 Ng8\n", 25'000)
      .add("Nf3 *\n");
  const auto totals = validate_all(source);
  EXPECT_EQ(totals.games, 2u);
  ASSERT_EQ(totals.first_reports.size(), 2u);
  EXPECT_EQ(totals.first_reports[0].plies, 100'000u);
  EXPECT_EQ(totals.first_reports[0].errors, 0u);
  EXPECT_EQ(totals.first_reports[1].plies, 100'000u);
  EXPECT_TRUE(has_code(totals.first_reports[1], Code::LimitExceeded));
  EXPECT_EQ(totals.first_reports[1].errors, 1u);
}

TEST_F(Pathological, TenMillionEmptyGames) {
  GeneratedSource source;
  source.add("*\n\n", 10'000'000);
  const auto totals = validate_all(source);
  EXPECT_EQ(totals.games, 10'000'000u);
  EXPECT_EQ(totals.games_valid + totals.games_with_errors, totals.games);
  EXPECT_LT(memory_added(), kMemoryCeiling);
}

// The pipeline's batches hold about a megabyte of games; their bookkeeping per game must
// not make a file of tiny games cost memory in proportion to its number of games.
class CountingConsumer final : public BatchConsumer {
 public:
  std::uint64_t games = 0, valid = 0, with_errors = 0;
  void batch(GameBatch& batch) override {
    for (const GameReport& report : batch.reports) {
      ++games;
      (report.has_errors() ? with_errors : valid) += 1;
    }
  }
};

TEST_F(Pathological, TenMillionEmptyGamesThroughThePipeline) {
  // The batcher counts a per-game cost besides the bytes, so a batch of one-byte games is
  // as small as a batch of real ones.
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("libpgn-empty-games-" + std::to_string(::getpid()) + ".pgn");
  {
    std::ofstream out(path, std::ios::binary);
    const std::string block = [] {
      std::string b;
      for (int i = 0; i < 100'000; ++i) b += "*\n\n";
      return b;
    }();
    for (int i = 0; i < 100; ++i) out << block;
  }
  testing::reset_peak_memory();
  const ValidateOptions options;
  PipelineOptions pipeline;
  pipeline.threads = 2;
  CountingConsumer consumer;
  run_pipeline(
      {Source::path(path.string())}, pipeline,
      [&] { return std::make_unique<ValidatingWorker>(options); }, consumer);
  std::filesystem::remove(path);
  EXPECT_EQ(consumer.games, 10'000'000u);
  EXPECT_EQ(consumer.valid + consumer.with_errors, consumer.games);
  EXPECT_LT(memory_added(), 2 * kMemoryCeiling);
}

TEST_F(Pathological, TagValueWithAMegabyteOfEscapedQuotes) {
  GeneratedSource source;
  source.add("[Event \"")
      .add("\\\"", 512 * 1024)
      .add("\"]\n[Site \"s\"]\n\n1. e4 *\n\n")
      .add(kNextGame);
  const auto totals = validate_all(source);
  EXPECT_EQ(totals.games, 2u);
  ASSERT_EQ(totals.first_reports.size(), 2u);
  EXPECT_EQ(totals.first_reports[0].plies, 1u);
  EXPECT_FALSE(has_code(totals.first_reports[0], Code::Syntax));
  EXPECT_EQ(totals.first_reports[1].errors, 0u);

  // The same value through the game model: unescaped to half a million quotes.
  std::string text = "[Event \"";
  for (int i = 0; i < 512 * 1024; ++i) text += "\\\"";
  text += "\"]\n\n*\n";
  const std::vector<Game> games = read_games(text);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].tag("Event"), std::string(512 * 1024, '"'));
}

TEST_F(Pathological, NulBytesEverywhere) {
  GeneratedSource source;
  static const char start[] = "[Event \"a\0b\"]\n\n1. e4\0 e5 {\0} ";
  source.add(std::string(start, sizeof start - 1)).add(std::string(1, '\0'), 1'000'000);
  source.add(" *\n\n").add(kNextGame).add(std::string(1, '\0'), 1000);
  const auto totals = validate_all(source);
  EXPECT_EQ(totals.games_valid + totals.games_with_errors, totals.games);
  EXPECT_GE(totals.games, 2u);
  EXPECT_LT(totals.max_problems_in_a_game, 100u);  // a run of control bytes is one problem
  EXPECT_EQ(totals.by_code[int(Code::IllegalMove)], 0u);
}

TEST_F(Pathological, InvalidUtf8Everywhere) {
  // Every byte value in tags, comments and movetext, and a long run of lone continuation
  // bytes: decoded from the code page detected and reported, never a crash.
  std::string all_bytes;
  for (int c = 0x80; c < 0x100; ++c) all_bytes += static_cast<char>(c);
  GeneratedSource source;
  source.add("[Event \"" + all_bytes + "\"]\n\n1. e4 {" + all_bytes + "} e5 " + all_bytes +
             " *\n\n");
  source.add("[Event \"x\"]\n\n1. d4 {")
      .add("\x80\xBF", 1'000'000)
      .add("} d5 *\n\n")
      .add(kNextGame);
  const auto totals = validate_all(source);
  EXPECT_EQ(totals.games, 3u);
  EXPECT_GE(totals.by_code[int(Code::Encoding)], 2u);
  ASSERT_EQ(totals.first_reports.size(), 3u);
  EXPECT_EQ(totals.first_reports[1].plies, 2u);
  EXPECT_EQ(totals.first_reports[2].errors, 0u);
}

}  // namespace
}  // namespace pgn
