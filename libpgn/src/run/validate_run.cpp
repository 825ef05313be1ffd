// The driver of a validation run (validate_files, libpgn/validate_run.hpp): ValidatingWorker as
// it is, and a SummaryConsumer that hands the caller what it counted.
#include "libpgn/validate_run.hpp"

#include <memory>

namespace pgn {
namespace {

class ValidateConsumer final : public SummaryConsumer {
 public:
  ValidateConsumer(RunSummary& summary, ValidateSink& sink)
      : SummaryConsumer(summary), sink_(sink) {}

 private:
  void problem(const std::string& file, const Diagnostic& d) override { sink_.problem(file, d); }
  void failed_input(const std::string& file, const Diagnostic& d) override {
    sink_.failed_input(file, d);
  }
  void game(const std::string& file, GameReport& report) override { sink_.game(file, report); }
  void end_batch(GameBatch& batch) override {
    sink_.progress(summary_, batch.file_index, batch.raw_offset);
  }

  ValidateSink& sink_;
};

}  // namespace

RunSummary validate_files(const std::vector<Source>& sources, const ValidateRunSettings& settings,
                          ValidateSink& sink) {
  RunSummary summary;
  ValidateConsumer consumer(summary, sink);
  run_pipeline(
      sources, settings.pipeline,
      [&] { return std::make_unique<ValidatingWorker>(settings.validate); }, consumer);
  summary.interrupted =
      settings.pipeline.stop && settings.pipeline.stop->load(std::memory_order_relaxed);
  return summary;
}

}  // namespace pgn
