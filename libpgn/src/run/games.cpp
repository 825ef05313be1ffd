// The game model's readers (libpgn/games.hpp): the pipeline runs on a thread of its own, its
// workers validate each game with its record and make the PlayedGame from it, and the caller
// takes the games in input order from a short queue.
#include "libpgn/games.hpp"

#include <array>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

#include "libpgn/bughouse.hpp"
#include "libpgn/game_record.hpp"
#include "libpgn/pipeline.hpp"
#include "libpgn/tags.hpp"
#include "run/batch_side_table.hpp"

namespace pgn {
namespace {

// A bughouse match's moves, each with both boards after it: the match read again for them
// (the validator's record holds no bughouse moves; matches are few).
void add_bughouse_moves(const RawGame& raw, const ValidateOptions& options, PlayedGame& game) {
  BughouseMatch match;
  GameReport again;
  read_bughouse_match(raw, options, again, match, BughouseDetail::Positions);
  game.tags = std::move(match.tags);
  game.start = match.start[0];
  game.start_b = match.start[1];
  game.complete = match.complete;
  for (std::size_t i = 0; i < match.moves.size(); ++i) {
    BughouseMove& m = match.moves[i];
    PlayedMove& move = game.moves.emplace_back();
    move.ply = std::uint32_t(i + 1);
    move.move = m.move;
    move.san = std::move(m.san);
    move.uci = std::move(m.uci);
    move.board = m.board;
    move.after = match.boards_after[i][m.board];
    game.other_boards.push_back(match.boards_after[i][m.board ^ 1]);
    move.comments = std::move(m.comments);
    move.clock = m.clock;
  }
}

// Reads a comment's commands into the move it follows.
void add_comment(std::string_view text, PlayedMove& move) {
  move.comments.emplace_back(text);
  const CommentCommands commands = read_comment_commands(text);
  if (commands.clock) move.clock = commands.clock;
  if (commands.emt) move.emt = commands.emt;
  if (commands.eval && commands.eval->centipawns) move.eval = commands.eval->pawns();
  if (commands.eval && commands.eval->mate) move.mate = commands.eval->mate;
}

// The main line of a game's record, replayed from its start.
void add_main_line(const GameRecord& record, PlayedGame& game) {
  Position position = record.start;
  for_each_main_line_event(record, [&](const GameEvent& e, std::uint32_t ply) {
    if (e.kind == GameEvent::MoveEvent) {
      std::string uci = to_uci(position, e.move);
      play_recorded_move(position, e.move);
      // Made whole: a PlayedMove made empty and then assigned cleared its position first.
      game.moves.push_back({ply,
                            e.move,
                            std::string(record.text(e)),
                            std::move(uci),
                            position,
                            {},
                            {},
                            {},
                            {},
                            {},
                            0});
    } else if (e.kind == GameEvent::Comment) {
      if (game.moves.empty()) {
        game.leading_comments.emplace_back(record.text(e));
        return;
      }
      add_comment(record.text(e), game.moves.back());
    }
  });
}

// The game model of a validated game: its report and record, the main line replayed from the
// start with each move's UCI, position and comment commands.
void make_played_game(const RawGame& raw, GameReport& report, const GameRecord& record,
                      const ValidateOptions& options, PlayedGame& game) {
  game.index = raw.index;
  game.moves.clear();
  game.leading_comments.clear();
  game.start_b.reset();
  game.other_boards.clear();
  game.complete = record.complete;
  if (report.variant.starts_with("Bughouse")) [[unlikely]] {
    add_bughouse_moves(raw, options, game);
  } else {
    game.tags = record.tags;
    game.start = record.start;
    game.moves.reserve(report.plies);
    add_main_line(record, game);
  }
  game.result = report.result;
  game.outcome = report.outcome;
  game.notation = report.notation;
  game.variant = report.variant;
  game.replayed = report.replayed;
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
  BatchSideTable<std::vector<PlayedGame>> made;
  std::thread thread;

  class Worker final : public BatchWorker {
   public:
    explicit Worker(Stream& stream) : stream_(stream), validator_(stream.options.validate) {}
    void process(GameBatch& batch) override {
      std::vector<PlayedGame> games;
      const std::size_t unreadable = batch.unreadable.size();
      games.resize(unreadable + batch.games.size());
      for (std::size_t k = 0; k < unreadable; ++k) games[k] = unreadable_game(batch.unreadable[k]);
      batch.reports.resize(batch.games.size());
      validator_.set_neighbours(batch.games);
      for (std::size_t i = 0; i < batch.games.size(); ++i) {
        GameReport& report = batch.reports[i];
        validator_.validate(batch.games[i], report, &record_);
        batch.locate(i, report, stream_.options.validate);
        make_played_game(batch.games[i], report, record_, stream_.options.validate,
                         games[unreadable + i]);
      }
      stream_.made.put(batch, std::move(games));
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
      std::vector<PlayedGame> games = stream_.made.take(batch);
      std::unique_lock lock(stream_.mutex);
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
    const std::vector<PlayedGame> done = std::move(s.ready.front());
    s.ready.pop_front();
    s.taken = 0;
    s.changed.notify_all();
    lock.unlock();  // the batch's games (moves, positions, texts) are freed outside the lock
  }
  return true;
}

std::string Games::error() const {
  std::lock_guard lock(stream_->mutex);
  return stream_->error;
}

std::string PlayedGame::fen(std::size_t ply) const {
  if (!start_b) return ply == 0 ? start.fen() : moves[ply - 1].after.fen();
  std::array<const Position*, 2> boards{&start, &*start_b};
  if (ply > 0) {
    const PlayedMove& last = moves[ply - 1];
    boards[last.board] = &last.after;
    boards[last.board ^ 1] = &other_boards[ply - 1];
  }
  return boards[0]->fen() + " | " + boards[1]->fen();
}

struct PlayedGameReader::Impl {
  explicit Impl(ValidateOptions o) : options(std::move(o)), validator(options) {}
  ValidateOptions options;
  GameValidator validator;
  GameRecord record;
  GameReport report;
};

PlayedGameReader::PlayedGameReader(ValidateOptions options)
    : impl_(std::make_unique<Impl>(std::move(options))) {}
PlayedGameReader::~PlayedGameReader() = default;

void PlayedGameReader::set_neighbours(const std::vector<RawGame>& games) {
  impl_->validator.set_neighbours(games);
}

void PlayedGameReader::read(const RawGame& raw, PlayedGame& game) {
  impl_->report = GameReport();
  impl_->validator.validate(raw, impl_->report, &impl_->record);
  make_played_game(raw, impl_->report, impl_->record, impl_->options, game);
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
