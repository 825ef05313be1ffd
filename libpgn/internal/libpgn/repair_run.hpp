// A whole repair run, the driver of `pgn fix`, on the top floor (run/repair_run.cpp): the
// pipeline reads the inputs, a GameRepairer per worker mends each game (libpgn/repair.hpp),
// and the caller gets, in input order, each batch's changes said and its games written, with
// the input counted as `pgn validate` counts it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/pipeline.hpp"
#include "libpgn/repair.hpp"
#include "libpgn/writers.hpp"

namespace pgn {

// How each change is said: a line of text ("FILE:LINE:COLUMN: game N, ply P: KIND: WAS ->
// NOW (WHY)", escaped for a terminal), or a JSON object per line.
enum class ChangeFormat : std::uint8_t { Text, JsonLines };

struct RepairRunSettings {
  ValidateOptions validate;
  RepairOptions repair;
  WriterOptions writer;      // how mended games are written
  PipelineOptions pipeline;  // threads, splitter limits; `stop` (SIGINT) ends the run early
  bool dry_run = false;      // no game written: only the changes said
  ChangeFormat changes = ChangeFormat::Text;
  // The run's own stop, read and set: an output that failed sets it, and a caller whose SIGINT
  // handler sets it too ends a run blocked on a pipe at once (the reader waits on this flag).
  // Null: the run keeps one of its own.
  std::atomic<bool>* run_stop = nullptr;
};

// What the run tells its caller, in input order. `file` is an index into the sources.
class RepairSink {
 public:
  virtual ~RepairSink() = default;
  // A problem counted in the summary that is in no game's report: a record that cannot be
  // read, a warning about a whole input, an input not read to its end.
  virtual void problem(const std::string& file_name, const Diagnostic& d) = 0;
  // A batch's changes, said in the form asked for, and its games (mended, or passed on as
  // they were); not called once the run is stopped. False stops the run (an output failed).
  virtual bool batch(std::size_t file, std::string_view changes, std::string_view games) = 0;
  // Done with an input, before it is counted (`error` when it was not read to its end).
  // False stops the run.
  virtual bool input_done(std::size_t /*file*/, const std::string& /*error*/) { return true; }
  // After each batch: the summary so far, and how far into which file reading got.
  virtual void progress(const RunSummary& /*summary*/, std::size_t /*file*/,
                        std::uint64_t /*offset*/) {}
};

struct RepairTotals {
  RunSummary summary;                       // the input, as `pgn validate` counts it (no seconds)
  std::uint64_t mended = 0;                 // games changed (or passed on with moves put in)
  std::uint64_t already_right = 0;          // games written again that needed no change
  std::uint64_t cut = 0;                    // of the mended, cut at an illegal move
  std::uint64_t unchanged = 0;              // passed on as they were
  std::uint64_t unchanged_with_errors = 0;  // games written with faults left in them
  std::array<std::uint64_t, std::size_t(RepairKind::Count)> by_kind{};  // changes said
};

// Runs the repair over `sources`.
RepairTotals repair_files(const std::vector<Source>& sources, const RepairRunSettings& settings,
                          RepairSink& sink);

}  // namespace pgn
