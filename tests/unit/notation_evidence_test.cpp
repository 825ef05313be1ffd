// Notation detection with a file's other games as evidence: a game that reads as two legal,
// different games is settled by the notation the rest of its batch is plainly written in, the
// same way whatever the thread count; and a game that reads alike in several tables is listed
// under all of them, not under the first.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/game_record.hpp"
#include "libpgn/pipeline.hpp"
#include "libpgn/source.hpp"
#include "libpgn/validator.hpp"

namespace pgn {
namespace {

// Only pawn moves, rook-or-queen moves written V, and nothing else: Slovak and Czech read
// 4. Va4 as the rook from a1, Hungarian as the queen from d1 (through c2 and b3). Both legal.
const std::string kRookOrQueen =
    "[Event \"both\"]\n[Result \"*\"]\n\n1. a4 h6 2. a5 h5 3. c3 h4 4. Va4 *\n\n";
const std::string kSlovak =
    "[Event \"sk\"]\n[Result \"*\"]\n\n1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 *\n\n"
    "[Event \"sk\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 e6 3. Jc3 Jf6 4. Sg5 Se7 *\n\n";
const std::string kHungarian =
    "[Event \"hu\"]\n[Result \"*\"]\n\n1. e4 e5 2. Hf3 Hc6 3. Fb5 a6 *\n\n";

struct Read {
  GameReport report;
  std::string last_move;  // SAN of the game's last move, from the record
};

class RecordingWorker final : public BatchWorker {
 public:
  explicit RecordingWorker(bool evidence) : evidence_(evidence) {}
  void process(GameBatch& batch) override {
    batch.reports.resize(batch.games.size());
    batch.output.clear();
    if (evidence_) validator_.set_neighbours(batch.games);
    for (std::size_t i = 0; i < batch.games.size(); ++i) {
      GameRecord record;
      validator_.validate(batch.games[i], batch.reports[i], &record);
      std::string_view last;
      for (const GameEvent& e : record.events)
        if (e.kind == GameEvent::MoveEvent) last = record.text(e);
      batch.output += last;
      batch.output += '\n';
    }
  }

 private:
  bool evidence_;
  ValidateOptions options_;
  GameValidator validator_{options_};
};

class Collector final : public BatchConsumer {
 public:
  std::vector<Read> games;
  void batch(GameBatch& batch) override {
    std::size_t at = 0;
    for (GameReport& report : batch.reports) {
      const std::size_t end = batch.output.find('\n', at);
      games.push_back({report, batch.output.substr(at, end - at)});
      at = end + 1;
    }
  }
};

std::vector<Read> read_file(const std::string& text, bool evidence = true, unsigned threads = 1,
                            std::size_t batch_bytes = 1u << 20) {
  PipelineOptions options;
  options.threads = threads;
  options.batch_bytes = batch_bytes;
  Collector collector;
  run_pipeline(
      {Source::bytes("games.pgn", text)}, options,
      [evidence] { return std::make_unique<RecordingWorker>(evidence); }, collector);
  return collector.games;
}

bool ambiguous(const GameReport& r) {
  for (const Diagnostic& d : r.problems)
    if (d.code == Code::AmbiguousNotation) return true;
  return false;
}

TEST(NotationEvidence, AGameAloneWithTwoReadingsIsReportedAsAmbiguous) {
  const auto games = read_file(kRookOrQueen);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(ambiguous(games[0].report));
}

TEST(NotationEvidence, ASlovakFileSettlesAGameHungarianAlsoReads) {
  const auto games = read_file(kSlovak + kRookOrQueen + kSlovak);
  ASSERT_EQ(games.size(), 5u);
  for (const Read& game : games) EXPECT_FALSE(ambiguous(game.report)) << game.report.notation;
  EXPECT_EQ(games[2].report.notation.substr(0, 5), "cs/sk");
  EXPECT_EQ(games[2].last_move, "Ra4");
  // Without the other games as evidence, the same game stays in doubt.
  EXPECT_TRUE(ambiguous(read_file(kSlovak + kRookOrQueen, false)[2].report));
}

TEST(NotationEvidence, AHungarianFileReadsTheSameGameInHungarian) {
  const auto games = read_file(kHungarian + kRookOrQueen + kHungarian);
  ASSERT_EQ(games.size(), 3u);
  EXPECT_FALSE(ambiguous(games[1].report));
  EXPECT_EQ(games[1].report.notation.substr(0, 2), "hu");
  EXPECT_EQ(games[1].last_move, "Qa4");
  EXPECT_EQ(games[1].report.plies, 7u);
}

TEST(NotationEvidence, TheAnswerIsTheSameWhateverTheThreadCount) {
  // Many batches, Slovak and Hungarian ones, each with a game both read.
  std::string text;
  for (int i = 0; i < 300; ++i)
    text += (i / 50) % 2 ? kHungarian + kRookOrQueen : kSlovak + kRookOrQueen;
  const auto one = read_file(text, true, 1, 4096);
  for (unsigned threads : {2u, 4u}) {
    const auto many = read_file(text, true, threads, 4096);
    ASSERT_EQ(many.size(), one.size());
    for (std::size_t i = 0; i < one.size(); ++i) {
      EXPECT_EQ(many[i].report.notation, one[i].report.notation) << i;
      EXPECT_EQ(many[i].last_move, one[i].last_move) << i;
      EXPECT_EQ(ambiguous(many[i].report), ambiguous(one[i].report)) << i;
    }
  }
  std::size_t queens = 0;
  for (const Read& game : one) queens += game.last_move == "Qa4";
  EXPECT_GT(queens, 0u);
}

TEST(NotationEvidence, ReadingsAlikeAreListedTogether) {
  // Czech and Slovak share every letter: the moves cannot tell which, so both are named.
  const auto games = read_file(kSlovak);
  EXPECT_EQ(games[0].report.notation.substr(0, 5), "cs/sk");
  // A game only Czech reads (X for mate) is Czech alone.
  const auto czech = read_file(
      "[Event \"cs\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Sc4 Jc6 3. Dh5 Jf6 4. Dxf7X 1-0\n\n");
  EXPECT_EQ(czech[0].report.notation, "cs");
}

}  // namespace
}  // namespace pgn
