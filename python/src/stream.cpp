#include "stream.hpp"

#include "libpgn/pipeline.hpp"
#include "libpgn/played_games.hpp"
#include "libpgn/validator.hpp"

namespace pgn::python {

namespace {
// Batches' games whose chunks are done, kept for the next batches: their models' buffers, once
// grown, take a game without allocating, and a fresh one's pages cost the kernel as much to
// hand out as filling them costs.
constexpr std::size_t kSpareBatches = 4;
struct SpareGames {
  std::mutex mutex;
  std::vector<BatchGames> kept;
};
// Never destroyed: games may outlive every static (they are freed at interpreter exit).
SpareGames& spare_games() {
  static auto* spare = new SpareGames;
  return *spare;
}
}  // namespace

BatchGames take_batch_games() {
  SpareGames& spare = spare_games();
  std::lock_guard lock(spare.mutex);
  if (spare.kept.empty()) return BatchGames();
  BatchGames games = std::move(spare.kept.back());
  spare.kept.pop_back();
  return games;
}

void give_back_batch_games(BatchGames&& games) {
  games.text.clear();
  games.games.clear();
  SpareGames& spare = spare_games();
  std::lock_guard lock(spare.mutex);
  if (spare.kept.size() < kSpareBatches) spare.kept.push_back(std::move(games));
}

// Validates a batch's games; what it keeps beyond the reports waits in the stream's side table
// (GameBatch carries only reports and one output string) until the consumer takes it.
class GameStream::Worker final : public ValidatingWorker {
 public:
  explicit Worker(GameStream& stream)
      : ValidatingWorker(stream.settings_.validate), stream_(stream) {}

 private:
  bool keeps_games() const { return stream_.settings_.mode != StreamMode::Problems; }
  void begin_batch(GameBatch& batch) override {
    extra_ = Chunk();
    if (keeps_games()) {
      extra_.games = take_batch_games();
      // Sized, not cleared: the games' buffers are filled again as they are.
      extra_.games.played.resize(batch.games.size());
    }
  }
  // read_games keeps each game's model, made from the validator's reading of its main line.
  void validate(const RawGame& game, GameReport& report) override {
    if (stream_.settings_.mode == StreamMode::Games)
      validator_.validate(game, report, main_line_);
    else
      validator_.validate(game, report);
  }
  void game(GameBatch& batch, std::size_t i) override {
    const StreamMode mode = stream_.settings_.mode;
    if (mode == StreamMode::Games)
      make_played_game(batch.games[i], batch.reports[i], main_line_, options_,
                       extra_.games.played[i]);
    else if (mode == StreamMode::Tags)
      read_played_game_tags(batch.games[i], extra_.games.played[i]);
  }
  void end_batch(GameBatch& batch) override {
    if (keeps_games()) stream_.side_.put(batch, std::move(extra_));
  }

  GameStream& stream_;
  MainLineRecord main_line_;  // Games mode
  Chunk extra_;               // the batch's games beyond the reports, for the side table
};

class GameStream::Consumer final : public BatchConsumer {
 public:
  explicit Consumer(GameStream& stream) : stream_(stream) {}

  void batch(GameBatch& batch) override {
    Chunk chunk;
    if (stream_.settings_.mode != StreamMode::Problems) chunk = stream_.side_.take(batch);
    if (stream_.settings_.mode == StreamMode::Games) {
      // The games' bytes go with the chunk (the batch gets the chunk's spare buffers): the
      // views are moved to where the bytes are now, which a short string's swap changes.
      const char* old_text = batch.text.data();
      chunk.games.text.swap(batch.text);
      // A text short enough to sit inside the string object (a batch of one tiny game) would
      // be copied by each move of the chunk, leaving the views behind: it is put on the heap,
      // which moves keep in place.
      chunk.games.text.reserve(sizeof(std::string) + 1);
      chunk.games.games.swap(batch.games);
      for (RawGame& g : chunk.games.games)
        g.text =
            std::string_view(chunk.games.text.data() + (g.text.data() - old_text), g.text.size());
    }
    chunk.reports.swap(batch.reports);
    chunk.input_bytes = batch.input_bytes;
    chunk.unreadable.swap(batch.unreadable);
    stream_.chunks_.push(std::move(chunk));
  }

  void file_warning(std::size_t, const std::string&, const Diagnostic& warning) override {
    std::lock_guard lock(stream_.mutex_);
    stream_.file_warnings_.push_back(warning);
  }

  void end_file(std::size_t, const std::string&, const std::string& error,
                std::uint64_t games_read) override {
    stream_.chunks_.set_error(error);
    std::lock_guard lock(stream_.mutex_);
    stream_.games_read_ = games_read;
  }

 private:
  GameStream& stream_;
};

GameStream::GameStream(Source source, StreamSettings settings)
    : settings_(std::move(settings)),
      name_(source.name()),
      chunks_(2 * resolve_thread_count(settings_.threads) + 2) {
  chunks_.start([this, source = std::move(source)]() mutable {
    PipelineOptions options;
    options.threads = settings_.threads;
    options.splitter.encoding = settings_.encoding;
    options.stop = chunks_.stop_flag();
    Consumer consumer(*this);
    std::vector<Source> sources{std::move(source)};
    run_pipeline(
        sources, options, [this] { return std::make_unique<Worker>(*this); }, consumer);
    sources.clear();  // a reading function lets go of its file object here, on this thread
  });
}

GameStream::~GameStream() {
  chunks_.close();
}

void GameStream::stop() {
  chunks_.stop();
}

GameStream::Next GameStream::next(Chunk& chunk, std::chrono::milliseconds patience) {
  return chunks_.next(chunk, patience);
}

}  // namespace pgn::python
