// JSON input (json_input.hpp) on arbitrary bytes: the record reader, the record-to-PGN
// converter and the PGN it produces, read back by the one reader and validator.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "libpgn/json_input.hpp"
#include "libpgn/pipeline.hpp"
#include "libpgn/reader.hpp"
#include "libpgn/source.hpp"
#include "libpgn/validator.hpp"
#include "split_games.hpp"

namespace {

const pgn::ValidateOptions& options() {
  static const pgn::ValidateOptions o = [] {
    pgn::ValidateOptions v;
    v.max_plies = 2000;
    v.parse_limits.max_variation_depth = 200;
    v.parse_limits.max_comment_bytes = 4096;
    return v;
  }();
  return o;
}

void validate_all(pgn::InputSource& source) {
  pgn::GameValidator validator(options());
  pgn::GameReport report;
  const fuzz::SplitLimits limits{.max_game_bytes = 1 << 16, .buffer_bytes = 4096};
  fuzz::for_each_game(source, limits,
                      [&](const pgn::RawGame& game) { validator.validate(game, report); });
}

// The pipeline's record-by-record reading: bad records are skipped from the next line on,
// every game's problems are moved to its record, and every game is numbered once.
class LocatingWorker final : public pgn::BatchWorker {
 public:
  void process(pgn::GameBatch& batch) override {
    batch.reports.resize(batch.games.size());
    for (std::size_t i = 0; i < batch.games.size(); ++i) {
      validator_.validate(batch.games[i], batch.reports[i]);
      batch.locate(i, batch.reports[i], options());
      for (const pgn::Diagnostic& d : batch.reports[i].problems)
        if (d.line == 0 || !d.source_line.empty()) std::abort();  // not placed at its record
    }
  }

 private:
  pgn::GameValidator validator_{options()};
};

class NumberingConsumer final : public pgn::BatchConsumer {
 public:
  void batch(pgn::GameBatch& batch) override {
    for (const pgn::Diagnostic& d : batch.unreadable)
      if (d.game != ++games_) std::abort();
    for (const pgn::RawGame& game : batch.games)
      if (game.index != ++games_) std::abort();
  }

 private:
  std::uint64_t games_ = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  (void)pgn::looks_like_json(bytes);

  // One record on its own: either PGN text or a reason.
  std::string pgn_text, error;
  if (pgn::json_record_to_pgn(bytes, pgn_text, error)) {
    auto source = pgn::InputSource::from_memory(pgn_text);
    validate_all(*source);
  } else if (error.empty()) {
    std::abort();  // a refusal must say why
  }

  // The streaming reader (arrays and JSON Lines), with a small record budget so the
  // too-large path is reached too.
  pgn::JsonInputOptions json_options;
  json_options.max_record_bytes = 1 << 12;
  auto json_source = pgn::make_json_pgn_source(pgn::InputSource::from_memory(bytes), json_options);
  validate_all(*json_source);

  pgn::PipelineOptions pipeline;
  pipeline.threads = 1;
  pipeline.batch_bytes = 1 << 12;
  pipeline.splitter.max_game_bytes = 1 << 16;
  NumberingConsumer consumer;
  pgn::run_pipeline(
      {pgn::Source::bytes("fuzz", std::string(bytes), pgn::InputFormat::Json)}, pipeline,
      [] { return std::make_unique<LocatingWorker>(); }, consumer);
  return 0;
}
