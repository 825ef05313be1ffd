// A whole dedupe run, the driver of `pgn dedupe`, on the top floor (run/dedupe_run.cpp): it
// reads the inputs with the pipeline and keys them with the indexes of libpgn/dedupe.hpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/dedupe.hpp"
#include "libpgn/pipeline.hpp"

namespace pgn {

// A whole dedupe run (the driver of `pgn dedupe`): a first reading keys every game on all
// cores into a DuplicateIndex and notes its GamePlace; with prefix_min_plies, one more
// reading per group of whole-game keys finds truncated copies; a second reading, in input
// order, hands each game's bytes to the output or, when it is a copy, to the copies. An input
// that can be read once only (standard input, a pipe or a process substitution) is kept in an
// unnamed temporary file first; an input that changed between the readings is an error.

struct DedupeSettings {
  DuplicateRules rules;
  ValidateOptions validate;
  PipelineOptions pipeline;  // threads, splitter limits; `stop` (SIGINT) ends the run early
  std::uint64_t memory = std::uint64_t{2} << 30;  // for the indexes, before they spill
  std::string temp_dir = "/tmp";  // spill files and kept inputs (unnamed, removed at once)
  bool keep_copies = false;       // hand the copies' bytes to DedupeSink::copies
};

// What the run tells its caller, in input order. `file` is an index into the inputs.
class DedupeSink {
 public:
  virtual ~DedupeSink() = default;
  // A problem that ends the run (a temporary file that fails, an input that changed).
  virtual void error(const std::string& message) = 0;
  // A game longer than the splitter's budget: written, never called a copy.
  virtual void not_compared(std::size_t /*file*/, const RawGame& /*game*/) {}
  // An input that could not be read to its end; `games_read` games before it were.
  virtual void failed_input(std::size_t /*file*/, const std::string& /*error*/,
                            std::uint64_t /*games_read*/) {}
  // A copy, before its bytes: `found.line`/`found.file` are its place, the original's too.
  virtual void duplicate(const Duplicate& /*found*/) {}
  // The games kept and (with keep_copies) the copies, as read, a megabyte or so at a time.
  virtual void kept(std::string_view games) = 0;
  virtual void copies(std::string_view /*games*/) {}
  // The inputs as they are read, once those read once only are kept (by their temporary
  // files' names), before the first reading.
  virtual void inputs(const std::vector<std::string>& /*paths*/) {}
  // Progress: `count` readings in all, reading `index` now; after each batch, games seen
  // (summary.games), input bytes and where in which file.
  virtual void readings(std::size_t /*count*/) {}
  virtual void begin_reading(std::size_t /*index*/) {}
  virtual void progress(const RunSummary& /*seen*/, std::size_t /*file*/,
                        std::uint64_t /*offset*/) {}
};

struct DedupeTotals {
  // False when the run stopped short (stopped, an input unreadable or changed, a failed
  // temporary file): the output then holds only the games before that point.
  bool complete = false;
  // Why the run ended before reading a game: an input that can be read once only could not be
  // kept (an error said why), or was being kept when the run was stopped; no temporary file
  // for the games' places (an error said so).
  enum class NotStarted : std::uint8_t { No, InputNotKept, Stopped, NoTempFile };
  NotStarted not_started = NotStarted::No;
  std::uint64_t games = 0;       // of the first reading
  std::uint64_t unreadable = 0;  // games longer than the budget, not compared
  std::uint64_t files_failed = 0;
  std::uint64_t written = 0, duplicates = 0;
  std::uint64_t by_kind[Duplicate::kKinds] = {};
  std::uint64_t not_reached = 0;  // games of the first reading the second did not reach
  bool index_spilled = false;
  std::uint64_t index_partitions = 0;
  bool prefix_spilled = false;
  std::size_t prefix_passes = 0;
};

// Runs dedupe over the inputs named `files` ("-" is standard input).
DedupeTotals dedupe_files(const std::vector<std::string>& files, const DedupeSettings& settings,
                          DedupeSink& sink);

}  // namespace pgn
