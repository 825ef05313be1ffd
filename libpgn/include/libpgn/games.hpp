// Reading games for programs built on libpgn: the one game model for users and the two ways to
// get it (run/games.cpp).
//
//   for (const pgn::PlayedGame& game : pgn::Games("games.pgn.zst"))
//     for (const pgn::PlayedMove& move : game.moves) std::cout << move.san << ' ';
//
// Each game is read the way `pgn validate` reads it: any compression (zstd, gzip, bzip2, by
// content), PGN or JSON records, the notation detected per game (or the one given), every
// variant the library knows, and its problems found. Per game: its tags, its result as written
// and its outcome, and per main-line move its SAN, its UCI form, the position after it and the
// clock and evaluation its comments give. Or a GameVisitor is handed the board and each move
// (replay_games), or a PlayedGameReader makes the model of games split by the caller. A bughouse
// match is one game whose moves say which of its two boards they were played on.
// docs/cpp.md says how to use it and what may change.
#pragma once

#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "libpgn/comment_commands.hpp"
#include "libpgn/diagnostics.hpp"
#include "libpgn/position.hpp"
#include "libpgn/raw_game.hpp"
#include "libpgn/source.hpp"
#include "libpgn/types.hpp"
#include "libpgn/validate_options.hpp"
#include "libpgn/variant.hpp"

namespace pgn {

struct PlayedMove {
  std::uint32_t ply = 0;  // its number in the main line, from 1 (half-moves from the start)
  Move move;              // the legal move
  std::string san;        // canonical English SAN, check sign included ("Nf3", "exd8=Q+")
  std::string uci;        // UCI form ("g1f3", "e1g1" for O-O, "P@e4" for a drop, "0000")
  Position after;         // the position after the move
  std::vector<std::string> comments;  // the comments after the move, in order
  // From the comments' [%clk] and [%eval] commands (the last comment that gives one wins).
  std::optional<double> clock;  // seconds on the mover's clock
  std::optional<double> eval;   // pawns, positive when White is better
  std::optional<long> mate;     // moves to mate, negative when Black mates
  std::optional<double> emt;    // seconds the move took ([%emt])
  // Bughouse: the board the move was played on (0: A, 1: B), which `after` is; 0 otherwise.
  std::uint8_t board = 0;
};

struct PlayedGame {
  std::uint64_t index = 0;                                // 1-based number of the game in its input
  std::vector<std::pair<std::string, std::string>> tags;  // in input order, values unescaped
  Position start;                                         // before the first move
  std::vector<PlayedMove> moves;                          // the main line, as far as it is legal
  std::vector<std::string> leading_comments;              // comments before the first move
  // The termination marker after the moves, none when the game has none.
  std::optional<GameResult> result;
  // The result as scored (Unknown when none is given) and why the game ended, when the final
  // position shows it (checkmate, stalemate, an automatic draw) or a tag says so.
  Outcome outcome;
  std::string notation = "en";  // the notation the moves were written in
  std::string variant;          // the rules, as lichess names them ("Crazyhouse"); "" standard
  // False when the moves were not replayed (a variant the library does not play, a bad FEN).
  bool replayed = true;
  // False when a main-line move could not be played: `moves` stops before it.
  bool complete = true;
  std::vector<Diagnostic> problems;  // errors and warnings, as `pgn validate` reports them
  std::uint32_t errors = 0;
  std::uint32_t warnings = 0;
  // A bughouse match: board B before the first move (`start` is board A), and after each move
  // the board it was not played on, its pocket fed by what the move captured (empty otherwise:
  // kept out of PlayedMove, which every move of every game fills).
  std::optional<Position> start_b;
  std::vector<Position> other_boards;

  // The value of the first tag called `name`, or "" if there is none.
  std::string_view tag(std::string_view name) const {
    for (const auto& [n, v] : tags)
      if (n == name) return v;
    return {};
  }
  bool has_errors() const { return errors != 0; }
  // The FEN after the first `ply` moves (0: the start). A bughouse match: both boards as
  // `pgn convert --to fen` writes them, "A | B" with holdings and '~' on promoted pieces.
  // `ply` at most moves.size().
  std::string fen(std::size_t ply) const;
};

struct ReadOptions {
  // Worker threads that read games while the caller looks at them; 0: one per hardware
  // thread. Games come in input order whatever the count.
  unsigned threads = 1;
  // How games are read: the notation (nullptr: detected per game), the rules of games without
  // a Variant tag, strict mode, ignored codes, limits.
  ValidateOptions validate;
};

// The games of one input, in order. Reading starts on construction, on a thread of its own.
class Games {
 public:
  explicit Games(Source source, ReadOptions options = {});
  // A file by name ("-": standard input).
  explicit Games(std::string path, ReadOptions options = {})
      : Games(Source::path(std::move(path)), std::move(options)) {}
  ~Games();  // stops reading and waits for the reading thread
  Games(const Games&) = delete;
  Games& operator=(const Games&) = delete;

  // The next game; false at the end of the input, or when it could not be read further (then
  // error() says why).
  bool next(PlayedGame& game);
  // Why the input was not read to its end: it could not be opened, read or decompressed; ""
  // when it was (or while it is being read).
  std::string error() const;

  // For range-for: each game lives until the iterator moves on.
  class iterator {
   public:
    using value_type = PlayedGame;
    using difference_type = std::ptrdiff_t;
    const PlayedGame& operator*() const { return games_->current_; }
    const PlayedGame* operator->() const { return &games_->current_; }
    iterator& operator++() {
      if (!games_->next(games_->current_)) games_ = nullptr;
      return *this;
    }
    void operator++(int) { ++*this; }
    bool operator==(std::default_sentinel_t) const { return games_ == nullptr; }

   private:
    friend class Games;
    explicit iterator(Games* games) : games_(games) {}
    Games* games_;
  };
  iterator begin() { return ++iterator(this); }
  std::default_sentinel_t end() { return {}; }

 private:
  struct Stream;
  std::unique_ptr<Stream> stream_;
  PlayedGame current_;
};

// The game model of games the caller splits (a RawGame: its text and where it starts), read
// as Games reads them: one reader per thread.
class PlayedGameReader {
 public:
  explicit PlayedGameReader(ValidateOptions options = {});
  ~PlayedGameReader();
  PlayedGameReader(const PlayedGameReader&) = delete;
  PlayedGameReader& operator=(const PlayedGameReader&) = delete;
  // The games read with this one (Games reads a batch at a time): the warnings that compare
  // a game with its neighbours look at them. The games must outlive the reads.
  void set_neighbours(const std::vector<RawGame>& games);
  void read(const RawGame& raw, PlayedGame& game);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A visitor that replays games: it is handed each game and the board before each of its
// main-line moves.
class GameVisitor {
 public:
  virtual ~GameVisitor() = default;
  // A game's tags, result and problems are known; false skips its moves.
  virtual bool begin_game(const PlayedGame& /*game*/) { return true; }
  // A main-line move: `board` is the position before it, `move.after` the one after.
  virtual void move(const Position& /*board*/, const PlayedMove& /*move*/) {}
  virtual void end_game(const PlayedGame& /*game*/) {}
};

// Reads every game of `source` for `visitor`, in input order, on the calling thread; returns
// Games::error() ("" when the input was read to its end).
std::string replay_games(Source source, GameVisitor& visitor, ReadOptions options = {});

}  // namespace pgn
