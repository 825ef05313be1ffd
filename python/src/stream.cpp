#include "stream.hpp"

#include "libpgn/pipeline.hpp"
#include "libpgn/reader.hpp"
#include "libpgn/validator.hpp"

namespace pgn::python {
namespace {

// Reads a game's tags and stops at its movetext: to_dataframe needs the tags, not the SAN of
// every move, which is what makes keeping a whole record cost twice a validation.
class TagReader final : public Visitor {
 public:
  explicit TagReader(MainLineRecord& record) : record_(record) {}
  Control tag(std::string_view name, std::string_view value, TextPos) override {
    if (value.find('\\') == std::string_view::npos)
      record_.add_tag(name, value);
    else
      record_.add_tag(name, unescape_tag_value(value));
    return Control::Continue;
  }
  Control end_tags() override { return Control::SkipGame; }
  bool wants_move_numbers() const override { return false; }
  bool wants_columns() const override { return false; }

 private:
  MainLineRecord& record_;
};

}  // namespace

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

// Validates a batch's games; what it keeps beyond the reports waits in the stream's side table
// (GameBatch carries only reports and one output string) until the consumer takes it.
class GameStream::Worker final : public ValidatingWorker {
 public:
  explicit Worker(GameStream& stream)
      : ValidatingWorker(stream.settings_.validate), stream_(stream) {
    main_line_.keeps_comments = false;  // the store keeps tags and SAN
  }

 private:
  void begin_batch(GameBatch& batch) override {
    extra_ = Chunk();
    extra_.games = take_game_texts();
    extra_.games.main_lines.reserve(
        batch.games.size(), stream_.settings_.mode == StreamMode::Games ? batch.text.size() : 0);
  }
  // read_games keeps the tags and main-line SAN; the rest (comments, clocks, uci()) comes with
  // the whole record, made again when asked for.
  void validate(const RawGame& game, GameReport& report) override {
    if (stream_.settings_.mode == StreamMode::Games)
      validator_.validate(game, report, main_line_);
    else
      validator_.validate(game, report);
  }
  void game(GameBatch& batch, std::size_t i) override {
    if (stream_.settings_.mode == StreamMode::Tags) {
      main_line_.clear();
      TagReader tags(main_line_);
      parse_game(batch.games[i], tags);
    }
    extra_.games.main_lines.add_game(main_line_);
  }
  void end_batch(GameBatch& batch) override { stream_.side_.put(batch, std::move(extra_)); }

  GameStream& stream_;
  MainLineRecord main_line_;  // Games and Tags modes
  Chunk extra_;               // the batch's games beyond the reports, for the side table
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
    chunk.reports.swap(batch.reports);
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
