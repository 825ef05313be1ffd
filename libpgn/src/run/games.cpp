// The game model's readers (libpgn/games.hpp): the pipeline runs on a thread of its own, its
// workers validate each game with its record and make the PlayedGame from it, and the caller
// takes the games in input order from a short queue.
#include "libpgn/games.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

#include "libpgn/game_record.hpp"
#include "libpgn/pipeline.hpp"
#include "libpgn/tags.hpp"

namespace pgn {
namespace {

// The game model of a validated game: its report and record, the main line replayed from the
// start with each move's UCI, position and comment commands.
void make_played_game(const RawGame& raw, GameReport& report, const GameRecord& record,
                      PlayedGame& game) {
  game.index = raw.index;
  game.tags = record.tags;
  game.start = record.start;
  game.moves.clear();
  game.leading_comments.clear();
  Position position = record.start;
  for_each_main_line_event(record, [&](const GameEvent& e, std::uint32_t ply) {
    if (e.kind == GameEvent::MoveEvent) {
      PlayedMove& move = game.moves.emplace_back();
      move.ply = ply;
      move.move = e.move;
      move.san = record.text(e);
      move.uci = to_uci(position, e.move);
      play_recorded_move(position, e.move);
      move.after = position;
    } else if (e.kind == GameEvent::Comment) {
      if (game.moves.empty()) {
        game.leading_comments.emplace_back(record.text(e));
        return;
      }
      PlayedMove& move = game.moves.back();
      move.comments.emplace_back(record.text(e));
      const CommentCommands commands = read_comment_commands(record.text(e));
      if (commands.clock) move.clock = commands.clock;
      if (commands.eval && commands.eval->centipawns) move.eval = commands.eval->pawns();
      if (commands.eval && commands.eval->mate) move.mate = commands.eval->mate;
    }
  });
  game.result = report.result;
  game.outcome = report.outcome;
  game.notation = report.notation;
  game.variant = report.variant;
  game.replayed = report.replayed;
  game.complete = record.complete;
  game.problems = std::move(report.problems);
  game.errors = report.errors;
  game.warnings = report.warnings;
}

// A JSON record that could not be read: a game without tags or moves, with the one error.
PlayedGame unreadable_game(const Diagnostic& problem) {
  PlayedGame game;
  game.replayed = false;
  game.complete = false;
  game.problems.push_back(problem);
  game.errors = 1;
  return game;
}

}  // namespace

struct Games::Stream {
  ReadOptions options;
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<std::vector<PlayedGame>> ready;  // batches of games, in input order
  std::size_t taken = 0;                      // games of ready.front() handed out
  std::size_t max_ready = 0;
  bool finished = false;
  std::atomic<bool> stop{false};
  std::string error;
  // The games a worker made of a batch, until the consumer takes them in order.
  std::vector<std::pair<const GameBatch*, std::vector<PlayedGame>>> made;
  std::thread thread;

  class Worker final : public BatchWorker {
   public:
    explicit Worker(Stream& stream) : stream_(stream), validator_(stream.options.validate) {}
    void process(GameBatch& batch) override {
      std::vector<PlayedGame> games;
      games.reserve(batch.unreadable.size() + batch.games.size());
      for (const Diagnostic& problem : batch.unreadable) games.push_back(unreadable_game(problem));
      batch.reports.resize(batch.games.size());
      validator_.set_neighbours(batch.games);
      for (std::size_t i = 0; i < batch.games.size(); ++i) {
        GameReport& report = batch.reports[i];
        validator_.validate(batch.games[i], report, &record_);
        batch.locate(i, report, stream_.options.validate);
        make_played_game(batch.games[i], report, record_, games.emplace_back());
      }
      std::lock_guard lock(stream_.mutex);
      stream_.made.emplace_back(&batch, std::move(games));
    }

   private:
    Stream& stream_;
    GameValidator validator_;
    GameRecord record_;
  };

  class Consumer final : public BatchConsumer {
   public:
    explicit Consumer(Stream& stream) : stream_(stream) {}
    void batch(GameBatch& batch) override {
      std::unique_lock lock(stream_.mutex);
      auto it = std::find_if(stream_.made.begin(), stream_.made.end(),
                             [&](const auto& entry) { return entry.first == &batch; });
      std::vector<PlayedGame> games = std::move(it->second);
      stream_.made.erase(it);
      // The caller takes games more slowly than the workers make them: wait for room.
      stream_.changed.wait(
          lock, [&] { return stream_.ready.size() < stream_.max_ready || stream_.stop.load(); });
      if (!games.empty()) stream_.ready.push_back(std::move(games));
      stream_.changed.notify_all();
    }
    void end_file(std::size_t, const std::string&, const std::string& error,
                  std::uint64_t) override {
      std::lock_guard lock(stream_.mutex);
      stream_.error = error;
    }

   private:
    Stream& stream_;
  };

  void run(Source source) {
    PipelineOptions pipeline;
    pipeline.threads = options.threads;
    pipeline.stop = &stop;
    Consumer consumer(*this);
    try {
      run_pipeline(
          {std::move(source)}, pipeline, [this] { return std::make_unique<Worker>(*this); },
          consumer);
    } catch (const std::exception& e) {
      std::lock_guard lock(mutex);
      error = e.what();
    }
    std::lock_guard lock(mutex);
    finished = true;
    changed.notify_all();
  }
};

Games::Games(Source source, ReadOptions options) : stream_(std::make_unique<Stream>()) {
  stream_->options = std::move(options);
  stream_->max_ready = 2 * resolve_thread_count(stream_->options.threads) + 2;
  stream_->thread = std::thread([stream = stream_.get(), source = std::move(source)]() mutable {
    stream->run(std::move(source));
  });
}

Games::~Games() {
  {
    std::lock_guard lock(stream_->mutex);
    stream_->stop = true;
    stream_->changed.notify_all();
  }
  stream_->thread.join();
}

bool Games::next(PlayedGame& game) {
  Stream& s = *stream_;
  std::unique_lock lock(s.mutex);
  s.changed.wait(lock, [&] { return !s.ready.empty() || s.finished; });
  if (s.ready.empty()) return false;
  game = std::move(s.ready.front()[s.taken]);
  if (++s.taken == s.ready.front().size()) {
    s.ready.pop_front();
    s.taken = 0;
    s.changed.notify_all();
  }
  return true;
}

std::string Games::error() const {
  std::lock_guard lock(stream_->mutex);
  return stream_->error;
}

std::string replay_games(Source source, GameVisitor& visitor, ReadOptions options) {
  Games games(std::move(source), std::move(options));
  PlayedGame game;
  while (games.next(game)) {
    if (!visitor.begin_game(game)) continue;
    const Position* board = &game.start;
    for (const PlayedMove& move : game.moves) {
      visitor.move(*board, move);
      board = &move.after;
    }
    visitor.end_game(game);
  }
  return games.error();
}

}  // namespace pgn
