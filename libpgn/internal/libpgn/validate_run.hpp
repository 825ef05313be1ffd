// A whole validation run, the driver of `pgn validate`, on the top floor (run/validate_run.cpp):
// the pipeline reads the inputs, a ValidatingWorker validates each game, and the caller gets,
// in input order, every game's report and the problems that are no game's, with the run counted
// in one RunSummary.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "libpgn/pipeline.hpp"

namespace pgn {

struct ValidateRunSettings {
  ValidateOptions validate;
  PipelineOptions pipeline;  // threads, splitter limits; `stop` (SIGINT) ends the run early
};

// What the run tells its caller, in input order, each after it was counted.
class ValidateSink {
 public:
  virtual ~ValidateSink() = default;
  // A problem that is in no game's report: a record that cannot be read, a warning about a
  // whole input.
  virtual void problem(const std::string& file_name, const Diagnostic& d) = 0;
  // An input that could not be read to its end (an io error).
  virtual void failed_input(const std::string& file_name, const Diagnostic& d) {
    problem(file_name, d);
  }
  // A game's report, counted in the run's summary already: the sink may take from it (its
  // problems, say) rather than copy.
  virtual void game(const std::string& /*file_name*/, GameReport& /*report*/) {}
  // After each batch: the summary so far, and how far into which file reading got.
  virtual void progress(const RunSummary& /*summary*/, std::size_t /*file*/,
                        std::uint64_t /*offset*/) {}
};

// Validates every game of `sources`; the summary has no seconds.
RunSummary validate_files(const std::vector<Source>& sources, const ValidateRunSettings& settings,
                          ValidateSink& sink);

}  // namespace pgn
