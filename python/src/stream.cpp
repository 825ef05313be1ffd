#include "stream.hpp"

#include "libpgn/pipeline.hpp"

namespace pgn::python {

namespace {
// Stores whose batches are done, kept for the next batches: a fresh store's pages cost the
// kernel as much to hand out as filling them costs.
constexpr std::size_t kSpareStores = 4;
struct SpareTexts {
  std::mutex mutex;
  std::vector<GameTexts> kept;
};
// Never destroyed: games may outlive every static (they are freed at interpreter exit).
SpareTexts& spare_texts() {
  static auto* spare = new SpareTexts;
  return *spare;
}
}  // namespace

GameTexts take_game_texts() {
  SpareTexts& spare = spare_texts();
  std::lock_guard lock(spare.mutex);
  if (spare.kept.empty()) return GameTexts();
  GameTexts texts = std::move(spare.kept.back());
  spare.kept.pop_back();
  return texts;
}

void give_back_game_texts(GameTexts&& texts) {
  texts.clear();
  SpareTexts& spare = spare_texts();
  std::lock_guard lock(spare.mutex);
  if (spare.kept.size() < kSpareStores) spare.kept.push_back(std::move(texts));
}

// Reads a batch's games with the public reading API, each into the worker's one PlayedGame
// (its buffers reused, kept in this core's cache), and appends what Python reads of it to the
// batch's compact store, which waits in the stream's side table (GameBatch carries only
// reports and one output string) until the consumer takes it. The games keep no comments:
// the store takes none, and a game's comments are read again with its model when asked for.
class GameStream::Worker final : public BatchWorker {
 public:
  explicit Worker(GameStream& stream) : stream_(stream), reader_(stream.settings_.validate) {
    reader_.set_comments(false);
  }

  void process(GameBatch& batch) override {
    const bool with_moves = stream_.settings_.mode == StreamMode::Games;
    Chunk chunk;
    chunk.games = take_game_texts();
    MainLineRecords& store = chunk.games.main_lines;
    store.reserve(batch.games.size(), with_moves ? batch.text.size() : 0);
    reader_.set_neighbours(batch.games);
    for (std::size_t i = 0; i < batch.games.size(); ++i) {
      reader_.read(batch.games[i], game_);
      batch.locate(i, game_, stream_.settings_.validate);
      store.add_game(game_, with_moves);
    }
    stream_.side_.put(batch, std::move(chunk));
  }

 private:
  GameStream& stream_;
  PlayedGameReader reader_;
  PlayedGame game_;
};

class GameStream::Consumer final : public BatchConsumer {
 public:
  explicit Consumer(GameStream& stream) : stream_(stream) {}

  void batch(GameBatch& batch) override {
    Chunk chunk = stream_.side_.take(batch);
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
    stream_.chunks_.push(std::move(chunk));
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
