// A whole conversion run, the driver of `pgn convert`, on the top floor (run/convert_run.cpp):
// the pipeline reads the inputs, a validator per worker replays each game with its record and
// a GameWriter writes it again (libpgn/writers.hpp; a bughouse match through the bughouse
// writers, a database row through SqliteRowWriter), and the caller gets, in input order, the
// output's text and the problems to say, with the input counted as `pgn validate` counts it.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/openings.hpp"
#include "libpgn/pipeline.hpp"
#include "libpgn/sqlite.hpp"
#include "libpgn/writers.hpp"

namespace pgn {

// What becomes of a game with errors: passed on unchanged (where the format can carry its
// text; elsewhere what could be replayed of it), left out, or cut after its last good move.
enum class InvalidGames : std::uint8_t { Unchanged, Skip, Truncate };

struct ConvertRunSettings {
  ValidateOptions validate;
  WriterOptions writer;      // the format and how games are written in it
  PipelineOptions pipeline;  // threads, splitter limits; `stop` (SIGINT) ends the run early
  InvalidGames invalid = InvalidGames::Unchanged;
  bool eco = false;  // opening tags from the classification
  OpeningTagMode eco_mode = OpeningTagMode::KeepExisting;
  bool sqlite = false;  // rows for a database (SqliteRowWriter) instead of text
  SqliteOptions sqlite_options;
  int bughouse_board = -1;  // 0 or 1: one board of each bughouse match, as PGN
  bool warnings = false;    // a game's warnings are said too (its errors always are)
  // Each input's games are an output of their own (--in-place), each begun with `header` and,
  // for JSON, a whole array; otherwise the run's games are one output.
  bool output_per_input = false;
  std::string header;  // what each output begins with (the CSV header row)
  // The run's own stop, read and set: an output that failed sets it, and a caller whose SIGINT
  // handler sets it too ends a run blocked on a pipe at once. Null: the run keeps one of its own.
  std::atomic<bool>* run_stop = nullptr;
};

// What the run tells its caller, in input order. `file` is an index into the sources.
class ConvertSink {
 public:
  virtual ~ConvertSink() = default;
  // A problem counted in the summary that is in no game's report (always said): a record that
  // cannot be read, a warning about a whole input, an input not read to its end.
  virtual void problem(const std::string& file_name, const Diagnostic& d) = 0;
  // A problem of a game that is to be said: an error, a warning with `warnings`, and why a game
  // the format could not hold was left out.
  virtual void game_problem(const std::string& file_name, const Diagnostic& d) = 0;
  virtual void begin_file(std::size_t /*file*/, const std::string& /*name*/) {}
  // Text of the output (`file`'s own with output_per_input): what an output begins and ends
  // with, and each batch's games; not called for games once the run is stopped. With `sqlite`,
  // each batch's rows, empty or not. False stops the run (an output failed).
  virtual bool write(std::size_t file, std::string_view text) = 0;
  // Done with an input, before it is counted (`error` when it was not read to its end), after
  // its output was ended. False stops the run.
  virtual bool input_done(std::size_t /*file*/, const std::string& /*error*/) { return true; }
  // After each batch: the summary so far, and how far into which file reading got.
  virtual void progress(const RunSummary& /*summary*/, std::size_t /*file*/,
                        std::uint64_t /*offset*/) {}
};

struct ConvertTotals {
  RunSummary summary;  // the input, as `pgn validate` counts it (no seconds)
  std::uint64_t written = 0, skipped = 0, truncated = 0;
  // Games without errors that the format could not hold (their moves were not replayed).
  std::uint64_t left_out = 0;
};

// Runs the conversion over `sources`.
ConvertTotals convert_files(const std::vector<Source>& sources, const ConvertRunSettings& settings,
                            ConvertSink& sink);

}  // namespace pgn
