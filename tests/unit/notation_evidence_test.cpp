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
#include "libpgn/repair.hpp"
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

bool has(const GameReport& r, Code code) {
  for (const Diagnostic& d : r.problems)
    if (d.code == code) return true;
  return false;
}
bool ambiguous(const GameReport& r) {
  return has(r, Code::AmbiguousNotation);
}
bool illegal(const GameReport& r) {
  return has(r, Code::IllegalMove);
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

const Diagnostic* first_error(const GameReport& r) {
  for (const Diagnostic& d : r.problems)
    if (d.severity == Severity::Error) return &d;
  return nullptr;
}

// Issue 28 item 5: which reading a game that no notation replays whole is reported in.
TEST(NotationEvidence, AnEnglishGameThatFailsInEnglishIsReportedInEnglish) {
  // Russian reads K as a knight and gets further (Kf3 is Nf3), then fails on Nc6.
  auto games = read_file("[Event \"k\"]\n[Result \"*\"]\n\n1. e4 e5 2. Kf3 Nc6 3. Bc4 Nf6 *\n\n");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].report.notation, "en");
  const Diagnostic* error = first_error(games[0].report);
  ASSERT_NE(error, nullptr);
  EXPECT_EQ(error->ply, 3u);
  EXPECT_EQ(error->message, "illegal move 2.Kf3: no white king can reach f3");
  // A promotion to king in standard chess: Russian reads =K as a knight.
  games = read_file(
      "[Event \"p\"]\n[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n"
      "1. a8=K Kg6 2. Kb2 *\n\n");
  EXPECT_EQ(games[0].report.notation, "en");
  error = first_error(games[0].report);
  ASSERT_NE(error, nullptr);
  EXPECT_EQ(error->ply, 1u);
  // Antichess promotes to kings: the hint for untagged games names it.
  EXPECT_EQ(error->message,
            "illegal move 1.a8=K: a pawn cannot promote to a king: is this antichess? use "
            "--variant antichess");
}

TEST(NotationEvidence, AGameWithCyrillicLettersIsNeverReadAsEnglish) {
  // A Russian typo (Кg3 for Кf3): English and Russian both stop at ply 3.
  const auto games =
      read_file("[Event \"r\"]\n[Result \"*\"]\n\n1. e4 e5 2. Кg3 Кc6 3. Сc4 Кf6 *\n\n");
  EXPECT_EQ(games[0].report.notation.substr(0, 2), "ru");
  const Diagnostic* error = first_error(games[0].report);
  ASSERT_NE(error, nullptr);
  EXPECT_EQ(error->ply, 3u);
  EXPECT_EQ(error->message, "illegal move 2.Кg3: no white knight can reach g3");
}

// A Finnish forfeit: R is a knight in Finnish, Estonian, Afrikaans and Icelandic, and no
// rook can move first in English.
const std::string kKnightForfeit = "[Event \"f\"]\n[Result \"1-0\"]\n\n1. Rf3 1-0\n\n";
const std::string kFinnish =
    "[Event \"fi\"]\n[Result \"*\"]\n\n1. e4 e5 2. Rf3 Rc6 3. Lb5 a6 4. De2 *\n\n";
const std::string kEnglish =
    "[Event \"en\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Qe2 *\n\n";

TEST(NotationEvidence, AGameInEnglishLettersThatOnlyAnotherTableReadsIsInDoubtAlone) {
  const auto games = read_file(kKnightForfeit);
  EXPECT_TRUE(ambiguous(games[0].report));
  EXPECT_FALSE(illegal(games[0].report));
}

TEST(NotationEvidence, TheFileSettlesAGameInEnglishLettersThatEnglishFails) {
  auto games = read_file(kFinnish + kKnightForfeit + kFinnish);
  ASSERT_EQ(games.size(), 3u);
  EXPECT_FALSE(ambiguous(games[1].report));
  EXPECT_FALSE(illegal(games[1].report));
  EXPECT_EQ(games[1].last_move, "Nf3");
  // Among English games the same game is English, with its illegal move.
  games = read_file(kEnglish + kKnightForfeit + kEnglish);
  EXPECT_EQ(games[1].report.notation, "en");
  EXPECT_FALSE(ambiguous(games[1].report));
  EXPECT_TRUE(illegal(games[1].report));
}

// One decision: fix reads a game in the notation validation reads it in.
class RepairingWorker final : public BatchWorker {
 public:
  void process(GameBatch& batch) override {
    batch.reports.resize(batch.games.size());
    batch.output.clear();
    repairer_.set_neighbours(batch.games);
    for (std::size_t i = 0; i < batch.games.size(); ++i) {
      RepairedGame fixed;
      repairer_.repair(batch.games[i], fixed);
      batch.reports[i] = fixed.report;
      std::string_view last;
      for (const GameEvent& e : fixed.record.events)
        if (e.kind == GameEvent::MoveEvent) last = fixed.record.text(e);
      batch.output += last;
      batch.output += '\n';
    }
  }

 private:
  ValidateOptions options_;
  GameRepairer repairer_{options_, RepairOptions{}};
};

TEST(NotationEvidence, FixDecidesAsValidateDoes) {
  const std::string text = kFinnish + kKnightForfeit + kFinnish;
  Collector collector;
  run_pipeline(
      {Source::bytes("games.pgn", text)}, PipelineOptions{},
      [] { return std::make_unique<RepairingWorker>(); }, collector);
  const auto validated = read_file(text);
  ASSERT_EQ(collector.games.size(), validated.size());
  for (std::size_t i = 0; i < validated.size(); ++i) {
    EXPECT_EQ(collector.games[i].report.notation, validated[i].report.notation) << i;
    EXPECT_EQ(collector.games[i].report.warnings, validated[i].report.warnings) << i;
    EXPECT_EQ(collector.games[i].report.errors, validated[i].report.errors) << i;
    EXPECT_EQ(collector.games[i].last_move, validated[i].last_move) << i;
  }
}

}  // namespace
}  // namespace pgn
