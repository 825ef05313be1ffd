// A whole select run, the driver of `pgn select`, on the top floor (run/select_run.cpp): the
// pipeline reads the inputs, a GameSelector per worker decides each game (libpgn/select.hpp),
// and the games chosen go to the caller in input order, byte for byte as they were read (or,
// with `normalize`, in the export format; with `add_eco`, with their opening tags).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/openings.hpp"
#include "libpgn/pipeline.hpp"
#include "libpgn/select.hpp"

namespace pgn {

struct SelectSettings {
  ValidateOptions validate;  // how games are read when a condition needs their moves
  PipelineOptions pipeline;  // threads, splitter limits; `stop` (SIGINT) ends the run early
  bool invert = false;       // the games not selected are the ones written
  bool count_only = false;   // nothing written: the games chosen are only counted
  bool normalize = false;    // games without errors written in the export format
  bool add_eco = false;      // opening tags from the classification on every game written
  OpeningTagMode eco_mode = OpeningTagMode::KeepExisting;
};

// What the run tells its caller, in input order; `file` is a source's name.
class SelectSink {
 public:
  virtual ~SelectSink() = default;
  // A game that could not be examined whole: longer than the splitter's budget (not examined
  // at all), its moves not replayed though a condition needs them, or replayed only up to an
  // error though a position condition needs them. `note.line` is the game's first line,
  // `note.message` says which and why.
  virtual void note(const std::string& /*file*/, const Diagnostic& /*note*/) {}
  // The games written, a batch at a time; not called once the run is stopped.
  virtual void games(std::string_view text) = 0;
  // An input that could not be read to its end; `games_read` games before it were.
  virtual void failed_input(const std::string& /*file*/, const std::string& /*error*/,
                            std::uint64_t /*games_read*/) {}
  // After each batch: games seen (summary.games), input bytes, and how far into which source
  // (by its index) reading got.
  virtual void progress(const RunSummary& /*seen*/, std::size_t /*file*/,
                        std::uint64_t /*offset*/) {}
};

struct SelectTotals {
  std::uint64_t files = 0, files_failed = 0, games = 0;
  std::uint64_t selected = 0;    // games chosen (with invert: not selected), written or counted
  std::uint64_t noted = 0;       // notes given (SelectSink::note)
  std::uint64_t unreadable = 0;  // of those, games longer than the budget
};

// Runs `selection` over `sources`.
SelectTotals select_games(const std::vector<Source>& sources, const Selection& selection,
                          const SelectSettings& settings, SelectSink& sink);

}  // namespace pgn
