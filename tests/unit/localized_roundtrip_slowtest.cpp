// English -> X -> English and X -> English -> X for every built-in notation X, on every
// standard-chess game of the real corpora in ../shared/corpora/real.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "libpgn/pipeline.hpp"
#include "libpgn/source.hpp"
#include "libpgn/writers.hpp"
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

// Every built-in table's output reads back under --lang auto: TWIC 944 written in each
// notation (as pgn convert --to-lang writes it) and validated with the notation detected per
// game, the file's other games as evidence (as pgn validate reads it), has no illegal game.
class DetectingWorker final : public pgn::BatchWorker {
 public:
  void process(pgn::GameBatch& batch) override {
    batch.reports.resize(batch.games.size());
    validator_.set_neighbours(batch.games);
    for (std::size_t i = 0; i < batch.games.size(); ++i)
      validator_.validate(batch.games[i], batch.reports[i]);
  }

 private:
  pgn::ValidateOptions options_;
  pgn::GameValidator validator_{options_};
};

class IllegalCounter final : public pgn::BatchConsumer {
 public:
  std::uint64_t games = 0, illegal = 0;
  std::string first;
  void batch(pgn::GameBatch& batch) override {
    for (const pgn::GameReport& report : batch.reports) {
      ++games;
      for (const pgn::Diagnostic& d : report.problems)
        if (d.code == pgn::Code::IllegalMove) {
          if (illegal++ == 0) first = d.message + " (read as " + report.notation + ")";
          break;
        }
    }
  }
};

TEST(LocalizedRoundTripSlow, EveryNotationReadsBackUnderAutomaticDetection) {
  const std::string path = std::string(LIBPGN_SHARED_DIR) + "/corpora/real/twic944.pgn";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no shared corpora at " << path;
  // The games, validated in English, once.
  std::string error;
  auto source = pgn::InputSource::open(path, error);
  ASSERT_TRUE(source) << error;
  pgn::GameSplitter splitter(*source);
  pgn::ValidateOptions english;
  english.notation = &pgn::english_notation();
  pgn::GameValidator validator(english);
  std::vector<pgn::GameRecord> records;
  pgn::RawGame game;
  pgn::GameReport report;
  while (splitter.next(game)) {
    records.emplace_back();
    validator.validate(game, report, &records.back());
    ASSERT_FALSE(report.has_errors()) << "game " << game.index;
  }
  ASSERT_GT(records.size(), 2900u);
  for (const pgn::Notation* n : pgn::builtin_notations()) {
    pgn::WriterOptions options;
    options.notation = n;
    pgn::GameWriter writer(options);
    std::string text;
    for (const pgn::GameRecord& record : records) writer.write(record, text);
    pgn::PipelineOptions pipeline;
    pipeline.threads = 2;
    IllegalCounter counter;
    pgn::run_pipeline(
        {pgn::Source::bytes(n->code + ".pgn", text)}, pipeline,
        [] { return std::make_unique<DetectingWorker>(); }, counter);
    EXPECT_EQ(counter.games, records.size()) << n->code;
    EXPECT_EQ(counter.illegal, 0u) << n->code << ": " << counter.first;
  }
}

}  // namespace
