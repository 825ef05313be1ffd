#include "libpgn/pipeline.hpp"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include "check/severity_rules.hpp"
#include "io/source_open.hpp"
#include "libpgn/games.hpp"
#include "libpgn/validator.hpp"
#include "read/json_games.hpp"
#include "read/tag_lines.hpp"

namespace pgn {

unsigned resolve_thread_count(unsigned threads) {
  if (threads > 0) return threads;
  unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : hw;
}

namespace {

// A cache line of its own: the reading thread writes next to where it allocated the slot
// while another thread processes the batch.
struct alignas(64) Slot {
  GameBatch batch;
  bool done = false;
};

// Cuts one input into batches of whole games; the batch owns copies of the games' bytes
// because the splitter's buffer is reused, each followed by the tag lines the splitter read in
// it (read/tag_lines.hpp), which so stay with the text wherever the batch's text goes. JSON input
// comes as games already, with their origins, and records that could not be read.
class Batcher {
 public:
  Batcher(GameSplitter* splitter, JsonGameReader* json, const InputSource& bytes,
          std::size_t batch_bytes)
      : splitter_(splitter), json_(json), bytes_(bytes), batch_bytes_(batch_bytes) {}

  // Fills `batch` with the next games; false when the input has no more.
  bool fill(GameBatch& batch) {
    batch.text.clear();
    batch.games.clear();
    batch.reports.clear();
    batch.output.clear();
    batch.input_bytes = 0;
    batch.origins.clear();
    batch.unreadable.clear();
    offsets_.clear();
    tag_line_offsets_.clear();
    std::size_t text_bytes = 0;  // the games' own bytes: what the batch's size is counted in
    // A batch ends with the game that crosses batch_bytes_: room for the usual one up front
    // spares a new slot its doubling copies (each slot in flight grows its own text).
    constexpr std::size_t kLastGameRoom = 64u << 10;
    batch.text.reserve(batch_bytes_ + kLastGameRoom);
    RawGame game;
    // Each game also costs its RawGame and GameReport: counting that keeps a batch of tiny
    // games (10 million "*") as small as a batch of real ones.
    constexpr std::size_t kBytesPerGame = 256;
    while (text_bytes + batch.games.size() * kBytesPerGame < batch_bytes_) {
      if (json_) {
        if (!next_json(game, batch)) break;
      } else if (!splitter_->next(game)) {
        break;
      }
      offsets_.push_back(batch.text.size());
      tag_line_offsets_.push_back(detail::append_game_text(game, batch.text));
      text_bytes += game.text.size();
      batch.input_bytes += game.original_size ? game.original_size : game.text.size();
      batch.games.push_back(game);
    }
    batch.raw_offset = bytes_.raw_offset();
    for (std::size_t i = 0; i < batch.games.size(); ++i)
      detail::rebind_kept_game(batch.games[i], batch.text, offsets_[i], tag_line_offsets_[i]);
    return !batch.games.empty() || !batch.unreadable.empty();
  }

 private:
  // The next JSON game into `game` and its origin into the batch. A record that cannot be
  // read goes to batch.unreadable, unless games are in the batch already: it then opens the
  // next batch, so that problems stay in input order.
  bool next_json(RawGame& game, GameBatch& batch) {
    for (;;) {
      if (!pending_) {
        if (!json_->next(pending_game_, pending_origin_, problem_)) return false;
        pending_ = true;
      }
      if (problem_.empty()) break;
      if (!batch.games.empty()) return false;
      Diagnostic d;
      d.code = Code::Syntax;
      d.severity = Severity::Error;
      d.game = pending_game_.index;
      d.offset = pending_origin_.at.offset;
      d.line = pending_origin_.at.line;
      d.column = pending_origin_.at.column;
      d.message =
          "JSON record " + std::to_string(pending_origin_.record) + " cannot be read: " + problem_;
      batch.unreadable.push_back(std::move(d));
      pending_ = false;
    }
    pending_ = false;
    game = pending_game_;
    batch.origins.push_back(std::move(pending_origin_));
    return true;
  }

  GameSplitter* splitter_;
  JsonGameReader* json_;
  const InputSource& bytes_;  // for how far into the file (compressed bytes) reading is
  std::size_t batch_bytes_;
  std::vector<std::size_t> offsets_;
  std::vector<std::size_t> tag_line_offsets_;
  bool pending_ = false;  // a JSON game or problem read but not yet placed
  RawGame pending_game_;
  RecordOrigin pending_origin_;
  std::string problem_;
};

// The warning is built, not sent, so that it goes to the consumer after the file's batches.
bool take_no_games_warning(const GameSplitter& splitter, std::uint64_t games,
                           const std::string& error, Diagnostic& warning) {
  return error.empty() && no_games_warning(splitter, games, warning);
}

bool stopped(const PipelineOptions& options) {
  return options.stop && options.stop->load(std::memory_order_relaxed);
}

// Hands filled batches to the workers and the processed ones, in input order, to the consumer.
// With one thread the calling thread does the work itself: no queues, no copies beyond the
// batch. With more, the calling thread reads and keeps a batch it has just filled to process
// itself whenever enough are queued to keep the worker threads busy meanwhile. It then needs
// no core of its own: where the threads asked for take every core it runs beside one worker
// thread fewer, so that no thread waits for a core (three busy threads on two cores preempt
// each other, and a worker could wait for a reader that has no core), and the batches it keeps
// are still in its own cache.
class BatchRunner {
 public:
  BatchRunner(unsigned threads, const std::function<std::unique_ptr<BatchWorker>()>& make_worker,
              BatchConsumer& consumer)
      : consumer_(consumer), max_in_flight_(3 * std::size_t(threads) + 1) {
    caller_worker_ = make_worker();
    if (threads == 1) return;
    const unsigned cores = std::thread::hardware_concurrency();
    const unsigned worker_threads = threads < cores ? threads : threads - 1;
    workers_.reserve(worker_threads);
    for (unsigned t = 0; t < worker_threads; ++t)
      workers_.emplace_back([this, &make_worker] { work(make_worker()); });
  }

  ~BatchRunner() {
    {
      std::lock_guard lock(mutex_);
      closing_ = true;
    }
    work_ready_.notify_all();
    for (auto& t : workers_) t.join();
  }

  // A batch to fill (its buffers keep their capacity from earlier use).
  GameBatch& acquire() {
    if (free_slots_.empty()) free_slots_.push_back(std::make_unique<Slot>());
    return free_slots_.back()->batch;
  }

  // Processes the batch acquire() returned, and consumes what is done.
  void submit() {
    std::unique_ptr<Slot> slot = std::move(free_slots_.back());
    free_slots_.pop_back();
    if (workers_.empty()) {
      caller_worker_->process(slot->batch);
      consumer_.batch(slot->batch);
      free_slots_.push_back(std::move(slot));
      return;
    }
    Slot* const filled = slot.get();
    filled->done = false;
    bool keep;
    {
      std::lock_guard lock(mutex_);
      // Kept when every worker thread has a batch queued beyond the one it may be finishing.
      keep = queue_.size() > workers_.size();
      if (!keep) queue_.push_back(filled);
      in_flight_.push_back(std::move(slot));
    }
    if (keep)
      process_here(filled);
    else
      work_ready_.notify_one();
    while (consume_oldest(false)) {
    }
    while (in_flight_.size() >= max_in_flight_) settle_one();
  }

  // Consumes every batch still in flight (a file's reports come before its end_file).
  void drain() {
    while (!in_flight_.empty()) settle_one();
  }

 private:
  void work(std::unique_ptr<BatchWorker> worker) {
    std::unique_lock lock(mutex_);
    for (;;) {
      work_ready_.wait(lock, [&] { return closing_ || !queue_.empty(); });
      if (queue_.empty()) return;
      Slot* slot = queue_.front();
      queue_.pop_front();
      lock.unlock();
      worker->process(slot->batch);
      lock.lock();
      slot->done = true;
      // Only the calling thread waits, and only for the oldest batch.
      if (slot == in_flight_.front().get()) work_done_.notify_one();
    }
  }

  void process_here(Slot* slot) {
    caller_worker_->process(slot->batch);
    std::lock_guard lock(mutex_);
    slot->done = true;
  }

  // Consumes the oldest batch if it is done, else processes the oldest queued one, else waits
  // for the oldest: the calling thread waits only while every batch in flight is being
  // processed.
  void settle_one() {
    if (consume_oldest(false)) return;
    Slot* queued = nullptr;
    {
      std::lock_guard lock(mutex_);
      if (!queue_.empty()) {
        queued = queue_.front();
        queue_.pop_front();
      }
    }
    if (queued)
      process_here(queued);
    else
      consume_oldest(true);
  }

  bool consume_oldest(bool wait) {
    std::unique_ptr<Slot> slot;
    {
      std::unique_lock lock(mutex_);
      if (in_flight_.empty()) return false;
      if (!in_flight_.front()->done) {
        if (!wait) return false;
        work_done_.wait(lock, [&] { return in_flight_.front()->done; });
      }
      slot = std::move(in_flight_.front());
      in_flight_.pop_front();
    }
    consumer_.batch(slot->batch);
    free_slots_.push_back(std::move(slot));
    return true;
  }

  BatchConsumer& consumer_;
  const std::size_t max_in_flight_;
  std::unique_ptr<BatchWorker> caller_worker_;  // the calling thread's

  std::mutex mutex_;
  std::condition_variable work_ready_;  // workers wait for batches
  std::condition_variable work_done_;   // the reader waits for the oldest batch
  std::deque<Slot*> queue_;             // batches waiting for a worker thread
  bool closing_ = false;
  std::vector<std::thread> workers_;

  // Slots in input order; recycled so that batch buffers keep their capacity.
  std::deque<std::unique_ptr<Slot>> in_flight_;
  std::vector<std::unique_ptr<Slot>> free_slots_;
};

}  // namespace

template <class Report>
void GameBatch::locate_in_record(std::size_t i, Report& report,
                                 const ValidateOptions& options) const {
  const RecordOrigin& origin = origins[i];
  const RawGame& game = games[i];
  for (Diagnostic& d : report.problems) {
    std::string where = "JSON record " + std::to_string(origin.record);
    if (origin.pgn_field) {
      // Lines and columns of the "pgn" text itself.
      where += ", \"pgn\"";
      if (d.line)
        where += " line " + std::to_string(d.line) + " column " + std::to_string(d.column);
    } else if (d.ply != 0 || d.offset != game.start.offset) {
      // Problems about the whole game (a missing tag) are at its start: no field for them.
      const std::string_view field = origin.field_at(d.offset - game.start.offset);
      if (!field.empty()) where += ", " + std::string(field);
    }
    d.message += " (" + where + ")";
    d.offset = origin.at.offset;
    d.line = origin.at.line;
    d.column = origin.at.column;
    d.source_line.clear();  // the line shown would be of the PGN made from the record
    d.source_column = 0;
  }
  const SeverityRules rules(options);
  if (origin.lost.empty() || rules.ignores(Code::BadTag)) return;
  for (const std::string& what : origin.lost) {
    Diagnostic d;
    d.code = Code::BadTag;
    d.severity = rules.of_warning();
    d.game = report.index;
    d.offset = origin.at.offset;
    d.line = origin.at.line;
    d.column = origin.at.column;
    d.message = "the record's " + what +
                " cannot be written as a PGN tag (its name has a blank, '\"' or ']') and is "
                "left out (JSON record " +
                std::to_string(origin.record) + ")";
    ++(d.severity == Severity::Error ? report.errors : report.warnings);
    report.problems.push_back(std::move(d));
  }
}
template void GameBatch::locate_in_record(std::size_t, GameReport&, const ValidateOptions&) const;
template void GameBatch::locate_in_record(std::size_t, PlayedGame&, const ValidateOptions&) const;

void ValidatingWorker::process(GameBatch& batch) {
  batch.reports.resize(batch.games.size());
  begin_batch(batch);
  validator_.set_neighbours(batch.games);
  for (std::size_t i = 0; i < batch.games.size(); ++i) {
    validate(batch.games[i], batch.reports[i]);
    batch.locate(i, batch.reports[i], options_);
    game(batch, i);
  }
  end_batch(batch);
}

void SummaryConsumer::batch(GameBatch& batch) {
  const std::string& name = *batch.file_name;
  for (const Diagnostic& d : batch.unreadable) {
    summary_.add_unreadable(d);
    problem(name, d);
  }
  for (GameReport& report : batch.reports) {
    summary_.add(report);
    game(name, report);
  }
  summary_.input_bytes += batch.input_bytes;
  end_batch(batch);
}

void SummaryConsumer::file_warning(std::size_t, const std::string& name,
                                   const Diagnostic& warning) {
  summary_.add_file_warning(warning);
  problem(name, warning);
}

void SummaryConsumer::end_file(std::size_t index, const std::string& name, const std::string& error,
                               std::uint64_t games_read) {
  input_done(index, error);
  ++summary_.files;
  if (error.empty()) return;
  ++summary_.files_failed;
  ++summary_.errors;
  ++summary_.by_code[int(Code::Io)];
  failed_input(name, input_problem(error, games_read));
}

bool no_games_warning(const GameSplitter& splitter, std::uint64_t games, Diagnostic& warning) {
  warning = Diagnostic{};
  warning.code = Code::Syntax;
  warning.severity = Severity::Warning;
  if (const std::optional<TextPos> at = splitter.binary_data_at()) {
    warning.offset = at->offset;
    warning.line = at->line;
    warning.column = at->column;
    warning.message = "not PGN: binary data at byte " + std::to_string(at->offset) +
                      " (a control character before any tag); the input was not read";
    return true;
  }
  if (games > 0) return false;
  warning.message = "no games found";
  return true;
}

void run_pipeline(const std::vector<Source>& sources, const PipelineOptions& options,
                  const std::function<std::unique_ptr<BatchWorker>()>& make_worker,
                  BatchConsumer& consumer) {
  BatchRunner runner(resolve_thread_count(options.threads), make_worker, consumer);
  for (std::size_t i = 0; i < sources.size() && !stopped(options); ++i) {
    const std::string& name = sources[i].name();
    consumer.begin_file(i, name);
    std::string error;
    std::uint64_t games = 0;
    bool warn = false;
    Diagnostic warning;
    std::unique_ptr<InputSource> opened = open_source(sources[i], error, options.stop);
    if (opened) {
      const bool is_json = reads_as_json(sources[i].format(), opened);
      const InputSource& bytes = *opened;  // owned by the splitter's or JSON reader's side
      std::unique_ptr<GameSplitter> splitter;
      std::unique_ptr<JsonGameReader> json;
      if (is_json)
        json = std::make_unique<JsonGameReader>(std::move(opened), options.splitter);
      else
        splitter = std::make_unique<GameSplitter>(*opened, options.splitter);
      Batcher batcher(splitter.get(), json.get(), bytes, options.batch_bytes);
      while (!stopped(options)) {
        GameBatch& batch = runner.acquire();
        batch.file_index = i;
        batch.file_name = &name;
        if (!batcher.fill(batch)) break;
        games += batch.games.size();
        runner.submit();
      }
      error = json ? json->error() : bytes.error();
      warn =
          splitter && !stopped(options) && take_no_games_warning(*splitter, games, error, warning);
    }
    runner.drain();
    if (warn) consumer.file_warning(i, name, warning);
    consumer.end_file(i, name, error, games);
  }
}

}  // namespace pgn
