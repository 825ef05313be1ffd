#include "libpgn/pipeline.hpp"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace pgn {

unsigned resolve_thread_count(unsigned threads) {
  if (threads > 0) return threads;
  unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : hw;
}

namespace {

struct Slot {
  GameBatch batch;
  bool done = false;
};

// Cuts one input into batches of whole games; the batch owns copies of the games' bytes
// because the splitter's buffer is reused.
class Batcher {
 public:
  Batcher(GameSplitter& splitter, const InputSource& source, std::size_t batch_bytes)
      : splitter_(splitter), source_(source), batch_bytes_(batch_bytes) {}

  // Fills `batch` with the next games; false when the input has no more games.
  bool fill(GameBatch& batch) {
    batch.text.clear();
    batch.games.clear();
    batch.reports.clear();
    batch.output.clear();
    batch.input_bytes = 0;
    batch.counter = 0;
    offsets_.clear();
    RawGame game;
    // Each game also costs its RawGame and GameReport: counting that keeps a batch of tiny
    // games (10 million "*") as small as a batch of real ones.
    constexpr std::size_t kBytesPerGame = 256;
    while (batch.text.size() + batch.games.size() * kBytesPerGame < batch_bytes_ &&
           splitter_.next(game)) {
      offsets_.push_back(batch.text.size());
      batch.text.append(game.text);
      batch.input_bytes += game.original_size ? game.original_size : game.text.size();
      batch.games.push_back(game);
    }
    batch.raw_offset = source_.raw_offset();
    for (std::size_t i = 0; i < batch.games.size(); ++i) {
      std::size_t end = i + 1 < offsets_.size() ? offsets_[i + 1] : batch.text.size();
      batch.games[i].text = std::string_view(batch.text).substr(offsets_[i], end - offsets_[i]);
    }
    return !batch.games.empty();
  }

 private:
  GameSplitter& splitter_;
  const InputSource& source_;
  std::size_t batch_bytes_;
  std::vector<std::size_t> offsets_;
};

// The warning is built, not sent, so that both paths below send it after the file's batches.
bool take_no_games_warning(const GameSplitter& splitter, std::uint64_t games,
                           const std::string& error, Diagnostic& warning) {
  return error.empty() && no_games_warning(splitter, games, warning);
}

bool stopped(const PipelineOptions& options) {
  return options.stop && options.stop->load(std::memory_order_relaxed);
}

}  // namespace

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

void run_pipeline(const std::vector<std::string>& files, const PipelineOptions& options,
                  const std::function<std::unique_ptr<BatchWorker>()>& make_worker,
                  BatchConsumer& consumer) {
  const unsigned threads = resolve_thread_count(options.threads);

  // One thread: no queues, no copies beyond the batch.
  if (threads == 1) {
    auto worker = make_worker();
    GameBatch batch;
    for (std::size_t i = 0; i < files.size() && !stopped(options); ++i) {
      consumer.begin_file(i, files[i]);
      std::string error;
      std::uint64_t games = 0;
      bool warn = false;
      Diagnostic warning;
      auto source = InputSource::open(files[i], error);
      if (source) {
        GameSplitter splitter(*source, options.splitter);
        Batcher batcher(splitter, *source, options.batch_bytes);
        batch.file_index = i;
        batch.file_name = &files[i];
        while (!stopped(options) && batcher.fill(batch)) {
          games += batch.games.size();
          worker->process(batch);
          consumer.batch(batch);
        }
        error = source->error();
        warn = !stopped(options) && take_no_games_warning(splitter, games, error, warning);
      }
      if (warn) consumer.file_warning(i, files[i], warning);
      consumer.end_file(i, files[i], error, games);
    }
    return;
  }

  std::mutex mutex;
  std::condition_variable work_ready;  // workers wait for batches
  std::condition_variable work_done;   // the reader waits for the oldest batch
  std::deque<Slot*> queue;             // batches waiting for a worker
  bool closing = false;

  std::vector<std::thread> workers;
  workers.reserve(threads);
  for (unsigned t = 0; t < threads; ++t) {
    workers.emplace_back([&] {
      auto worker = make_worker();
      std::unique_lock lock(mutex);
      for (;;) {
        work_ready.wait(lock, [&] { return closing || !queue.empty(); });
        if (queue.empty()) return;
        Slot* slot = queue.front();
        queue.pop_front();
        lock.unlock();
        worker->process(slot->batch);
        lock.lock();
        slot->done = true;
        work_done.notify_all();
      }
    });
  }

  // Slots in input order; recycled so that batch buffers keep their capacity.
  std::deque<std::unique_ptr<Slot>> in_flight;
  std::vector<std::unique_ptr<Slot>> free_slots;
  const std::size_t max_in_flight = 2 * threads + 1;

  auto consume_oldest = [&](bool wait) -> bool {
    std::unique_ptr<Slot> slot;
    {
      std::unique_lock lock(mutex);
      if (in_flight.empty()) return false;
      if (!in_flight.front()->done) {
        if (!wait) return false;
        work_done.wait(lock, [&] { return in_flight.front()->done; });
      }
      slot = std::move(in_flight.front());
      in_flight.pop_front();
    }
    consumer.batch(slot->batch);
    free_slots.push_back(std::move(slot));
    return true;
  };

  for (std::size_t i = 0; i < files.size() && !stopped(options); ++i) {
    consumer.begin_file(i, files[i]);
    std::string error;
    std::uint64_t games = 0;
    bool warn = false;
    Diagnostic warning;
    auto source = InputSource::open(files[i], error);
    if (source) {
      GameSplitter splitter(*source, options.splitter);
      Batcher batcher(splitter, *source, options.batch_bytes);
      for (;;) {
        if (stopped(options)) break;
        std::unique_ptr<Slot> slot;
        if (!free_slots.empty()) {
          slot = std::move(free_slots.back());
          free_slots.pop_back();
        } else {
          slot = std::make_unique<Slot>();
        }
        slot->batch.file_index = i;
        slot->batch.file_name = &files[i];
        if (!batcher.fill(slot->batch)) {
          free_slots.push_back(std::move(slot));
          break;
        }
        games += slot->batch.games.size();
        slot->done = false;
        {
          std::lock_guard lock(mutex);
          queue.push_back(slot.get());
          in_flight.push_back(std::move(slot));
        }
        work_ready.notify_one();
        while (consume_oldest(false)) {
        }
        if (in_flight.size() >= max_in_flight) consume_oldest(true);
      }
      error = source->error();
      warn = !stopped(options) && take_no_games_warning(splitter, games, error, warning);
    }
    // A file's batches are all consumed before the file is closed, so reports of a file
    // come before its end_file.
    while (consume_oldest(true)) {
    }
    if (warn) consumer.file_warning(i, files[i], warning);
    consumer.end_file(i, files[i], error, games);
  }

  {
    std::lock_guard lock(mutex);
    closing = true;
  }
  work_ready.notify_all();
  for (auto& t : workers) t.join();
}

}  // namespace pgn
