// Runs per-game work over many inputs on several threads while keeping input order.
//
// The calling thread reads and splits the inputs into batches of whole games (about a
// megabyte each); worker threads process batches, and so does the calling thread when enough
// are queued for them (then `threads` threads in all where they take every core); the consumer
// sees every batch, in input order, on the calling thread. At most a few batches per thread are
// in flight, so memory stays flat whatever the input size.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "libpgn/diagnostics.hpp"
#include "libpgn/game_report.hpp"
#include "libpgn/json_input.hpp"
#include "libpgn/report.hpp"
#include "libpgn/source.hpp"
#include "libpgn/splitter.hpp"
#include "libpgn/validator.hpp"

namespace pgn {

struct GameBatch {
  std::size_t file_index = 0;
  const std::string* file_name = nullptr;
  std::string text;                 // the games' bytes, each followed by its RawGame::tag_lines
  std::vector<RawGame> games;       // views into `text`
  std::vector<GameReport> reports;  // filled by the worker, one per game
  std::string output;               // filled by the worker (e.g. converted games)
  std::uint64_t input_bytes = 0;    // input bytes the batch covers
  std::uint64_t raw_offset = 0;     // how far into its file (compressed bytes) reading was
  // Games read from JSON: where each came from (one per game; empty for PGN input).
  std::vector<RecordOrigin> origins;
  // Records that could not be read (JSON input), in input order before the batch's games;
  // each counts as a game with an error.
  std::vector<Diagnostic> unreadable;

  // Moves the positions of game `i`'s problems from the PGN text the pipeline made to the
  // user's input: for a game read from JSON, the line and column of its record, with the
  // record and field named in the message; adds a warning for what the record held that PGN
  // cannot (bad-tag). Workers call it after validating each game, with its GameReport or its
  // PlayedGame (libpgn/games.hpp: the same index, problems and counts); nothing for PGN input.
  template <class Report>
  void locate(std::size_t i, Report& report, const ValidateOptions& options) const {
    if (!origins.empty()) locate_in_record(i, report, options);
  }

 private:
  template <class Report>
  void locate_in_record(std::size_t i, Report& report, const ValidateOptions& options) const;
};

class BatchWorker {
 public:
  virtual ~BatchWorker() = default;
  virtual void process(GameBatch& batch) = 0;
};

class BatchConsumer {
 public:
  virtual ~BatchConsumer() = default;
  virtual void begin_file(std::size_t /*index*/, const std::string& /*name*/) {}
  virtual void batch(GameBatch& batch) = 0;
  // `error` is empty when the file was read to its end; otherwise it says what failed and
  // `games_read` games before the failure were still delivered.
  virtual void end_file(std::size_t /*index*/, const std::string& /*name*/,
                        const std::string& /*error*/, std::uint64_t /*games_read*/) {}
  // A warning about a whole file, before its end_file: "no games found" for an input read to
  // its end without a game, "not PGN: binary data at byte N" for one that was not read.
  virtual void file_warning(std::size_t /*index*/, const std::string& /*name*/,
                            const Diagnostic& /*warning*/) {}
};

// The file warning for an input that gave no games (see BatchConsumer::file_warning); false
// when there is nothing to say.
bool no_games_warning(const GameSplitter& splitter, std::uint64_t games, Diagnostic& warning);

struct PipelineOptions {
  unsigned threads = 0;  // threads that process batches, the calling thread's share included;
                         // 0: one per hardware thread
  std::size_t batch_bytes = 1u << 20;
  SplitterOptions splitter;
  const std::atomic<bool>* stop = nullptr;  // set (e.g. by SIGINT) to stop early
};

// Number of threads that process batches `threads` means (0 = hardware concurrency, at least 1).
unsigned resolve_thread_count(unsigned threads);

// The worker of the commands that validate every game (validate, convert, the Python
// module's readers): each game of the batch validated into batch.reports[i] (one validator
// per worker, told the batch's neighbouring games) and located in its JSON record; a
// subclass keeps what it wants of each game in game() and writes the batch's output.
class ValidatingWorker : public BatchWorker {
 public:
  explicit ValidatingWorker(const ValidateOptions& options)
      : options_(options), validator_(options) {}
  void process(GameBatch& batch) final;

 protected:
  virtual void begin_batch(GameBatch& /*batch*/) {}
  // Validates a game; a worker that keeps the game's record validates it with one.
  virtual void validate(const RawGame& game, GameReport& report) {
    validator_.validate(game, report);
  }
  // Game `i` of the batch after validate(), its report located.
  virtual void game(GameBatch& /*batch*/, std::size_t /*i*/) {}
  virtual void end_batch(GameBatch& /*batch*/) {}

  const ValidateOptions& options_;
  GameValidator validator_;
};

// The consumer of the commands that count a run as `pgn validate` does (validate, convert,
// fix): every game's report, records that could not be read, file warnings and inputs that
// could not be read to their end go into one RunSummary, in input order. A subclass says the
// problems and writes the output; the hooks are called after the counting they follow.
class SummaryConsumer : public BatchConsumer {
 public:
  explicit SummaryConsumer(RunSummary& summary) : summary_(summary) {}
  void batch(GameBatch& batch) final;
  void file_warning(std::size_t index, const std::string& name, const Diagnostic& warning) final;
  void end_file(std::size_t index, const std::string& name, const std::string& error,
                std::uint64_t games_read) final;

 protected:
  // A problem counted but not in a game's report: a record that cannot be read, a warning
  // about a whole input.
  virtual void problem(const std::string& file, const Diagnostic& d) = 0;
  // An input that could not be read to its end (an io error, counted).
  virtual void failed_input(const std::string& file, const Diagnostic& d) { problem(file, d); }
  // A game's report, counted; the hook may take from it (its problems, say), since nothing
  // reads it after.
  virtual void game(const std::string& /*file*/, GameReport& /*report*/) {}
  // The batch, counted: its output, the progress.
  virtual void end_batch(GameBatch& /*batch*/) {}
  // Done with an input, before it is counted (with `error` when it failed).
  virtual void input_done(std::size_t /*index*/, const std::string& /*error*/) {}

  RunSummary& summary_;
};

// Reads `sources` one after another, each opened once when its turn comes (see source.hpp);
// begin_file and end_file are called with the source's index and name.
void run_pipeline(const std::vector<Source>& sources, const PipelineOptions& options,
                  const std::function<std::unique_ptr<BatchWorker>()>& make_worker,
                  BatchConsumer& consumer);

}  // namespace pgn
