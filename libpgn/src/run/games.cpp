// The game model's readers (libpgn/games.hpp): the pipeline runs on a thread of its own, its
// workers validate each game keeping its main line (a MainLineRecord: tags, SAN, moves,
// comments, as the validator's replay gives them) and make the PlayedGame from it, and the
// caller takes the games in input order from a short queue.
#include "libpgn/games.hpp"

#include <array>
#include <cstddef>
#include <cstring>
#include <mutex>
#include <utility>

#include "libpgn/batch_side_table.hpp"
#include "libpgn/bughouse.hpp"
#include "libpgn/game_record.hpp"
#include "libpgn/movegen.hpp"
#include "libpgn/ordered_stream.hpp"
#include "libpgn/pipeline.hpp"
#include "libpgn/tags.hpp"

namespace pgn {

namespace detail {
struct SanTextFill {
  // The SAN of up to 7 bytes packed at `bytes` (a MainLineRecord's: zero after the text, its
  // size in the eighth byte, which packed() masks off), `size` long: one copy.
  static void short_san(SanText& san, const char* bytes, std::size_t size) {
    std::memcpy(san.bytes_, bytes, 8);
    san.size_ = std::uint8_t(size);
  }
};

struct PlayedGameFill {
  static void clear_text(PlayedGame& game) {
    game.text_.clear();
    game.tag_spans_.clear();
    game.comment_spans_.clear();
  }
  static void add_tag(PlayedGame& game, std::string_view name, std::string_view value) {
    std::string& text = game.text_;
    game.tag_spans_.push_back({std::uint32_t(text.size()), std::uint32_t(name.size()),
                               std::uint32_t(text.size() + name.size()),
                               std::uint32_t(value.size())});
    text.append(name).append(value);
  }
  static void add_comment(PlayedGame& game, std::uint32_t ply, std::string_view comment) {
    game.comment_spans_.push_back(
        {ply, std::uint32_t(game.text_.size()), std::uint32_t(comment.size())});
    game.text_.append(comment);
  }

  // A bughouse match's moves, each with both boards after it: the match read again for them
  // (the validator's record holds no bughouse moves; matches are few).
  static void add_bughouse_moves(const RawGame& raw, const ValidateOptions& options,
                                 bool keeps_comments, PlayedGame& game) {
    BughouseMatch match;
    GameReport again;
    read_bughouse_match(raw, options, again, match, BughouseDetail::Positions);
    clear_text(game);
    for (const auto& [name, value] : match.tags) add_tag(game, name, value);
    game.start = match.start[0];
    game.start_b = match.start[1];
    game.complete = match.complete;
    game.moves.resize(match.moves.size());
    game.bughouse_boards = std::move(match.boards_after);
    game.bughouse_clocks.resize(match.moves.size());
    for (std::size_t i = 0; i < match.moves.size(); ++i) {
      const BughouseMove& m = match.moves[i];
      PlayedMove& move = game.moves[i];
      move.ply = std::uint32_t(i + 1);
      move.move = m.move;
      move.san = std::string_view(m.san);
      move.board = m.board;
      if (keeps_comments)
        for (const std::string& c : m.comments) add_comment(game, move.ply, c);
      game.bughouse_clocks[i] = m.clock;
    }
  }

  // The game's tags, comments and main line as the validator kept them: the text with the
  // tags and comments copied once into the game's (its room kept from the game read into it
  // before), and where each is, so that a game read into a game of the same size allocates
  // nothing.
  static void add_main_line(const MainLineRecord& record, PlayedGame& game) {
    game.text_.assign(record.text);
    // The record's places and the game's are alike: copied at once.
    static_assert(sizeof(MainLineRecord::Tag) == sizeof(TagSpan) &&
                  offsetof(MainLineRecord::Tag, name_size) == offsetof(TagSpan, name_size) &&
                  offsetof(MainLineRecord::Tag, value_begin) == offsetof(TagSpan, value_begin) &&
                  offsetof(MainLineRecord::Tag, value_size) == offsetof(TagSpan, value_size));
    game.tag_spans_.resize(record.tags.size());
    if (!record.tags.empty())
      std::memcpy(game.tag_spans_.data(), record.tags.data(), record.tags.size() * sizeof(TagSpan));
    game.comment_spans_.resize(record.comments.size());
    for (std::size_t k = 0; k < record.comments.size(); ++k) {
      const MainLineRecord::Comment& c = record.comments[k];
      game.comment_spans_[k] = {c.ply, c.begin, c.size};
    }
    game.start = record.start;
    // Resized, so that only moves beyond the game read into it before are cleared first, and
    // then written in one loop (appending one at a time cost twice as much).
    const std::size_t plies = record.plies;
    game.moves.resize(plies);
    // The record's arrays read through pointers of their own: the moves written could alias
    // the vectors, which were loaded again for every move.
    PlayedMove* const moves = game.moves.data();
    const std::uint64_t* const sans = record.moves.data();
    const Move* const played = record.played.data();
    for (std::size_t i = 0; i < plies; ++i) {
      const std::uint64_t packed = sans[i];
      PlayedMove& move = moves[i];
      move.ply = std::uint32_t(i + 1);
      move.move = played[i];
      move.board = 0;
      if (MainLineRecord::is_packed(packed)) [[likely]]
        SanTextFill::short_san(move.san, reinterpret_cast<const char*>(&packed),
                               std::size_t(packed >> 56));
      else
        move.san = std::string_view(record.text.data() + MainLineRecord::long_offset(packed),
                                    MainLineRecord::long_size(packed));
    }
  }
};
}  // namespace detail

namespace {

// The game model of a validated game: the record's tags, comments and main line copied once
// into the game's buffers (reused: a game read into a game of the same size allocates
// nothing), the report's problems swapped into the game.
void make_played_game(const RawGame& raw, GameReport& report, const MainLineRecord& record,
                      const ValidateOptions& options, PlayedGame& game) {
  game.index = raw.index;
  game.input_start = report.start;
  game.start_b.reset();
  game.bughouse_boards.clear();
  game.bughouse_clocks.clear();
  if (report.variant.starts_with("Bughouse")) [[unlikely]] {
    detail::PlayedGameFill::add_bughouse_moves(raw, options, record.keeps_comments, game);
  } else {
    detail::PlayedGameFill::add_main_line(record, game);
    game.complete = record.complete;
  }
  game.result = report.result;
  game.outcome = report.outcome;
  game.notation = report.notation;
  game.variant = report.variant;
  game.replayed = report.replayed;
  game.plies = report.plies;
  // Swapped, not moved: the game's room goes to the report, for the next game read into it.
  game.problems.swap(report.problems);
  report.problems.clear();
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
  explicit Stream(ReadOptions o)
      : options(std::move(o)), games(2 * resolve_thread_count(options.threads) + 2) {}

  ReadOptions options;
  // The batch being handed out and how many of its games were, used by the caller's thread
  // alone: a game is taken without a lock.
  std::vector<PlayedGame> current;
  std::size_t taken = 0;
  // The games a worker made of a batch, until the consumer takes them in order.
  BatchSideTable<std::vector<PlayedGame>> made;

  class Worker final : public BatchWorker {
   public:
    explicit Worker(Stream& stream) : stream_(stream), validator_(stream.options.validate) {
      main_line_.keeps_comments = stream.options.comments;
    }
    void process(GameBatch& batch) override {
      std::vector<PlayedGame> games = stream_.take_spare();
      const std::size_t unreadable = batch.unreadable.size();
      games.resize(unreadable + batch.games.size());
      for (std::size_t k = 0; k < unreadable; ++k) games[k] = unreadable_game(batch.unreadable[k]);
      batch.reports.resize(batch.games.size());
      validator_.set_neighbours(batch.games);
      for (std::size_t i = 0; i < batch.games.size(); ++i) {
        GameReport& report = batch.reports[i];
        validator_.validate(batch.games[i], report, main_line_);
        batch.locate(i, report, stream_.options.validate);
        make_played_game(batch.games[i], report, main_line_, stream_.options.validate,
                         games[unreadable + i]);
      }
      stream_.made.put(batch, std::move(games));
    }

   private:
    Stream& stream_;
    GameValidator validator_;
    MainLineRecord main_line_;
  };

  // Batches whose games were all handed out, kept with their games' buffers for the workers
  // to fill again (next() swaps the caller's game with the batch's). A batch is handed back
  // about when the next is made: two are enough.
  static constexpr std::size_t kSpareBatches = 2;
  std::mutex spare_mutex;
  std::vector<std::vector<PlayedGame>> spare;
  std::vector<PlayedGame> take_spare() {
    std::lock_guard lock(spare_mutex);
    if (spare.empty()) return {};
    std::vector<PlayedGame> games = std::move(spare.back());
    spare.pop_back();
    return games;
  }
  void give_spare(std::vector<PlayedGame>&& games) {
    std::lock_guard lock(spare_mutex);
    if (spare.size() < kSpareBatches) spare.push_back(std::move(games));
  }

  class Consumer final : public BatchConsumer {
   public:
    explicit Consumer(Stream& stream) : stream_(stream) {}
    void batch(GameBatch& batch) override {
      std::vector<PlayedGame> games = stream_.made.take(batch);
      if (!games.empty()) stream_.games.push(std::move(games));
    }
    void end_file(std::size_t, const std::string&, const std::string& error,
                  std::uint64_t) override {
      stream_.games.set_error(error);
    }

   private:
    Stream& stream_;
  };

  void run(Source source) {
    PipelineOptions pipeline;
    pipeline.threads = options.threads;
    pipeline.stop = games.stop_flag();
    Consumer consumer(*this);
    run_pipeline(
        {std::move(source)}, pipeline, [this] { return std::make_unique<Worker>(*this); },
        consumer);
  }

  // Batches of games, in input order. Last: its thread ends before the rest goes.
  OrderedStream<std::vector<PlayedGame>> games;
};

Games::Games(Source source, ReadOptions options)
    : stream_(std::make_unique<Stream>(std::move(options))) {
  stream_->games.start([stream = stream_.get(), source = std::move(source)]() mutable {
    stream->run(std::move(source));
  });
}

Games::~Games() {
  stream_->games.close();
}

bool Games::next(PlayedGame& game) {
  Stream& s = *stream_;
  if (s.taken == s.current.size()) {
    // The batch handed out goes back to the workers, its games' buffers to be filled again.
    if (!s.current.empty()) s.give_spare(std::move(s.current));
    if (!s.games.next(s.current)) return false;
    s.taken = 0;
  }
  // A swap: the caller's last game goes back with the batch.
  std::swap(game, s.current[s.taken++]);
  return true;
}

std::string Games::error() const {
  return stream_->games.error();
}

Position PlayedGame::position(std::size_t ply) const {
  MainLineCursor cursor(*this);
  cursor.seek(ply);
  return cursor.board();
}

MoveCommands PlayedGame::commands_of(std::size_t ply) const {
  MoveCommands commands;
  if (start_b) {
    if (ply - 1 < bughouse_clocks.size()) commands.clock = bughouse_clocks[ply - 1];
    return commands;
  }
  if (ply == 0) return commands;
  for (const PlayedComment comment : comments_after(ply)) {
    const CommentCommands c = read_comment_commands(comment.text);
    if (c.clock) commands.clock = c.clock;
    if (c.emt) commands.emt = c.emt;
    if (c.eval && c.eval->centipawns) commands.eval = c.eval->pawns();
    if (c.eval && c.eval->mate) commands.mate = c.eval->mate;
  }
  return commands;
}

std::string PlayedGame::fen(std::size_t ply) const {
  if (!start_b) return position(ply).fen();
  const Position& a = ply == 0 ? start : bughouse_boards[ply - 1][0];
  const Position& b = ply == 0 ? *start_b : bughouse_boards[ply - 1][1];
  return a.fen() + " | " + b.fen();
}

MainLineCursor::MainLineCursor(const PlayedGame& game) : game_(&game), board_(game.start) {}

const Position& MainLineCursor::board(std::uint8_t b) const {
  if (!game_->start_b) return board_;
  if (ply_ == 0) return b == 0 ? game_->start : *game_->start_b;
  return game_->bughouse_boards[ply_ - 1][b];
}

const Position& MainLineCursor::board() const {
  return board(ply_ == 0 ? 0 : game_->moves[ply_ - 1].board);
}

std::string MainLineCursor::next_uci() const {
  const PlayedMove& move = next_move();
  return to_uci(board(move.board), move.move);
}

std::string MainLineCursor::fen() const {
  return game_->start_b ? game_->fen(ply_) : board_.fen();
}

void MainLineCursor::advance() {
  if (!game_->start_b) play_recorded_move(board_, game_->moves[ply_].move);
  ++ply_;
}

void MainLineCursor::seek(std::size_t ply) {
  if (ply < ply_) {
    ply_ = 0;
    board_ = game_->start;
  }
  if (game_->start_b) {
    ply_ = ply;  // both boards are kept after each move
    return;
  }
  while (ply_ < ply) advance();
}

struct PlayedGameReader::Impl {
  explicit Impl(ValidateOptions o) : options(std::move(o)), validator(options) {}
  ValidateOptions options;
  GameValidator validator;
  MainLineRecord main_line;
  GameReport report;
};

PlayedGameReader::PlayedGameReader(ValidateOptions options)
    : impl_(std::make_unique<Impl>(std::move(options))) {}
PlayedGameReader::~PlayedGameReader() = default;

void PlayedGameReader::set_neighbours(const std::vector<RawGame>& games) {
  impl_->validator.set_neighbours(games);
}

void PlayedGameReader::set_comments(bool keep) {
  impl_->main_line.keeps_comments = keep;
}

void PlayedGameReader::read(const RawGame& raw, PlayedGame& game) {
  GameReport& report = impl_->report;  // made anew by validate()
  impl_->validator.validate(raw, report, impl_->main_line);
  make_played_game(raw, report, impl_->main_line, impl_->options, game);
}

std::string replay_games(Source source, GameVisitor& visitor, ReadOptions options) {
  Games games(std::move(source), std::move(options));
  PlayedGame game;
  while (games.next(game)) {
    if (!visitor.begin_game(game)) continue;
    for (MainLineCursor cursor(game); !cursor.at_end(); cursor.advance())
      visitor.move(cursor.board(cursor.next_move().board), cursor.next_move());
    visitor.end_game(game);
  }
  return games.error();
}

}  // namespace pgn
