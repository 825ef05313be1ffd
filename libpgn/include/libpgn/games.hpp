// Reading games for programs built on libpgn: the one game model for users and the two ways to
// get it (run/games.cpp).
//
//   for (const pgn::PlayedGame& game : pgn::Games("games.pgn.zst"))
//     for (const pgn::PlayedMove& move : game.moves) std::cout << move.san << ' ';
//
// Each game is read the way `pgn validate` reads it: any compression (zstd, gzip, bzip2, by
// content), PGN or JSON records, the notation detected per game (or the one given), every
// variant the library knows, and its problems found. Per game: its tags, its result as written
// and its outcome, and per main-line move its SAN and the move (24 bytes), the comments kept
// per game with the clock and evaluation they give read on demand; the position after any
// move, and its UCI form, are made on demand from the start position (PlayedGame::position,
// MainLineCursor), so that reading a game costs about what validating it costs. Or a GameVisitor is
// handed the board and each move (replay_games), or a PlayedGameReader makes the model of games
// split by the caller. A bughouse match is one game whose moves say which of its two boards they
// were played on. docs/cpp.md says how to use it and what may change.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
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

namespace detail {
// Fills a SanText from the validator's packed record of a move: internal to the reading API
// (libpgn/src/run/games.cpp).
struct SanTextFill;
}  // namespace detail

// A move's canonical English SAN, kept in the move itself: no allocation, and filled with one
// copy. Canonical SAN is at most 12 bytes (a piece, its origin square, the capture, the
// destination, a promotion, a Seirawan gating "/H" and its square, the check sign). Reads as
// a std::string_view.
class SanText {
 public:
  static constexpr std::size_t kCapacity = 15;
  SanText() = default;
  SanText(std::string_view san)  // NOLINT(google-explicit-constructor): a text, as a string's
      : size_(std::uint8_t(std::min(san.size(), kCapacity))) {
    std::memcpy(bytes_, san.data(), size_);
  }
  operator std::string_view() const {
    return {bytes_, size_};
  }  // NOLINT(google-explicit-constructor)
  std::string_view view() const { return {bytes_, size_}; }
  const char* data() const { return bytes_; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  std::string str() const { return std::string(bytes_, size_); }
  // The SAN as one number, for a program that keeps many moves compactly: a SAN of 1 to 7
  // bytes (most are) gives its bytes, the first lowest, with its size in the top byte (so
  // that two such SANs are equal when their numbers are, and the top bit is never set); a
  // longer one gives 0. One load: the bytes after the text are kept zero up to the eighth.
  std::uint64_t packed() const {
    if (size_ - 1u >= 7u) return 0;
    std::uint64_t bytes;
    std::memcpy(&bytes, bytes_, 8);
    return (bytes & kLowSeven) | (std::uint64_t(size_) << 56);
  }
  friend bool operator==(const SanText& a, std::string_view b) { return a.view() == b; }
  friend std::ostream& operator<<(std::ostream& out, const SanText& san) {
    return out << san.view();
  }

 private:
  friend struct detail::SanTextFill;
  static constexpr std::uint64_t kLowSeven = (std::uint64_t(1) << 56) - 1;
  char bytes_[kCapacity]{};
  std::uint8_t size_ = 0;
};

// A main-line move, 24 bytes: walking a game's moves reads little memory. Its comments and
// their clock and evaluation are kept in the game (PlayedGame::comments_after, clock, eval,
// mate, emt), and its position is made on demand (PlayedGame::position, MainLineCursor).
struct PlayedMove {
  std::uint32_t ply = 0;  // its number in the main line, from 1 (half-moves from the start)
  Move move;              // the legal move
  // Bughouse: the board the move was played on (0: A, 1: B); 0 otherwise.
  std::uint8_t board = 0;
  SanText san;  // canonical English SAN, check sign included ("Nf3", "exd8=Q+")
};
static_assert(sizeof(PlayedMove) <= 24, "moves are walked by the million: keep them small");

// A tag pair of a game, read from the game's text: valid while the game is, until it is read
// into again.
struct TagPair {
  std::string_view name;
  std::string_view value;  // unescaped
};

// A main-line comment and where it stands, read from its game's text as a TagPair is.
struct PlayedComment {
  std::uint32_t ply = 0;  // after this many main-line moves (0: before the first)
  std::string_view text;
};

namespace detail {
// Where a game's tag pairs and comments are in its text: the text is one buffer per game,
// filled once by the validator's reading and reused from game to game, where a string per
// tag and per comment cost an allocation each (a lichess game has a comment after every move).
struct TagSpan {
  std::uint32_t name_begin, name_size, value_begin, value_size;
  TagPair read(const char* text) const {
    return {{text + name_begin, name_size}, {text + value_begin, value_size}};
  }
};
struct CommentSpan {
  std::uint32_t ply, begin, size;
  PlayedComment read(const char* text) const { return {ply, {text + begin, size}}; }
};
// Makes a PlayedGame from the validator's reading (libpgn/src/run/games.cpp).
struct PlayedGameFill;
}  // namespace detail

// A game's tags or comments, in order: a view of the game, each read as a TagPair or a
// PlayedComment. Valid while the game is, until it is read into again.
template <typename Span>
class GameTextView {
 public:
  using value_type = decltype(std::declval<const Span&>().read(nullptr));

  class iterator {
   public:
    using value_type = GameTextView::value_type;
    using difference_type = std::ptrdiff_t;
    // Its values are made when read (no reference into the game): a forward iterator for
    // std::ranges, an input iterator for the algorithms before them.
    using iterator_concept = std::forward_iterator_tag;
    using iterator_category = std::input_iterator_tag;
    iterator() = default;
    value_type operator*() const { return at_->read(text_); }
    iterator& operator++() {
      ++at_;
      return *this;
    }
    iterator operator++(int) {
      iterator was = *this;
      ++at_;
      return was;
    }
    bool operator==(const iterator& other) const { return at_ == other.at_; }

   private:
    friend class GameTextView;
    iterator(const char* text, const Span* at) : text_(text), at_(at) {}
    const char* text_ = nullptr;
    const Span* at_ = nullptr;
  };

  GameTextView() = default;
  GameTextView(const char* text, std::span<const Span> spans) : text_(text), spans_(spans) {}
  std::size_t size() const { return spans_.size(); }
  bool empty() const { return spans_.empty(); }
  value_type operator[](std::size_t i) const { return spans_[i].read(text_); }
  value_type front() const { return spans_.front().read(text_); }
  value_type back() const { return spans_.back().read(text_); }
  iterator begin() const { return {text_, spans_.data()}; }
  iterator end() const { return {text_, spans_.data() + spans_.size()}; }

 private:
  const char* text_ = nullptr;
  std::span<const Span> spans_;
};
using GameTags = GameTextView<detail::TagSpan>;
using GameComments = GameTextView<detail::CommentSpan>;

// What the comments after a move say in their [%clk], [%eval] and [%emt] commands (the last
// comment that gives one wins).
struct MoveCommands {
  std::optional<double> clock;  // seconds on the mover's clock
  std::optional<double> eval;   // pawns, positive when White is better
  std::optional<long> mate;     // moves to mate, negative when Black mates
  std::optional<double> emt;    // seconds the move took ([%emt])
};

struct PlayedGame {
  std::uint64_t index = 0;  // 1-based number of the game in its input
  // Where the game's first byte is in its input: the byte offset (of the decompressed input),
  // the line and column.
  TextPos input_start;
  Position start;                 // before the first move
  std::vector<PlayedMove> moves;  // the main line, as far as it is legal
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
  // The main-line half-moves replayed, as `pgn validate` counts them: moves.size(), or more
  // when the moves stop at a null move ("Z0", "--", in the main line or a variation: an
  // error the replay passes over).
  std::uint32_t plies = 0;
  std::vector<Diagnostic> problems;  // errors and warnings, as `pgn validate` reports them
  std::uint32_t errors = 0;
  std::uint32_t warnings = 0;
  // A bughouse match: board B before the first move (`start` is board A), and both boards
  // after each move (A, B), a capture's piece in the partner's pocket. Empty otherwise: the
  // positions of other games are made on demand.
  std::optional<Position> start_b;
  std::vector<std::array<Position, 2>> bughouse_boards;
  // A bughouse match: the clock after each move, as its comments give it in any of the forms
  // of match records (BPGN's "{12.3}" too). Empty otherwise.
  std::vector<std::optional<double>> bughouse_clocks;

  // The tag pairs in input order, values unescaped.
  GameTags tags() const { return {text_.data(), tag_spans_}; }
  // The value of the first tag called `name`, or "" if there is none; find_tag tells a tag
  // given empty from none.
  std::string_view tag(std::string_view name) const { return find_tag(name).value_or(""); }
  std::optional<std::string_view> find_tag(std::string_view name) const {
    for (const TagPair pair : tags())
      if (pair.name == name) return pair.value;
    return std::nullopt;
  }
  bool has_errors() const { return errors != 0; }

  // The main line's comments in order (those before the first move at ply 0): comments_after
  // and the commands they give (clock(ply), eval, mate, emt, commands_of) read them.
  GameComments comments() const { return {text_.data(), comment_spans_}; }
  // The comments after the first `ply` moves (0: before the first move), in order.
  GameComments comments_after(std::size_t ply) const {
    const auto [first, last] =
        std::equal_range(comment_spans_.begin(), comment_spans_.end(), ply, ByPly{});
    return {text_.data(), std::span<const detail::CommentSpan>(first, last)};
  }
  // The commands of the ply-th move's comments, read from them at each call (reading a game
  // reads no command: most programs ask for none). A bughouse match's: its clock alone
  // (bughouse_clocks).
  MoveCommands commands_of(std::size_t ply) const;
  // The values the ply-th move's comments give (empty where they give none): the seconds on
  // the mover's clock, the evaluation in pawns (White's side), the moves to mate (negative:
  // Black mates), the seconds the move took.
  std::optional<double> clock(std::size_t ply) const { return commands_of(ply).clock; }
  std::optional<double> eval(std::size_t ply) const { return commands_of(ply).eval; }
  std::optional<long> mate(std::size_t ply) const { return commands_of(ply).mate; }
  std::optional<double> emt(std::size_t ply) const { return commands_of(ply).emt; }

  // The position after the first `ply` moves (0: the start), replayed from the start each
  // call: for positions in turn, a MainLineCursor plays each move once. A bughouse match:
  // the board the ply-th move was played on (board A at 0). `ply` at most moves.size().
  Position position(std::size_t ply) const;
  // The FEN after the first `ply` moves (0: the start), replayed as position() is (a
  // MainLineCursor's fen() is not). A bughouse match: both boards as `pgn convert --to fen`
  // writes them, "A | B" with holdings and '~' on promoted pieces. `ply` at most
  // moves.size().
  std::string fen(std::size_t ply) const;

 private:
  friend struct detail::PlayedGameFill;
  // Comments by ply, for the binary search above.
  struct ByPly {
    bool operator()(const detail::CommentSpan& c, std::size_t ply) const { return c.ply < ply; }
    bool operator()(std::size_t ply, const detail::CommentSpan& c) const { return ply < c.ply; }
  };
  // The tags' names and values and the comments, back to back, and where each is.
  std::string text_;
  std::vector<detail::TagSpan> tag_spans_;
  std::vector<detail::CommentSpan> comment_spans_;
};

// Walks a game's main line from its start, playing each move once: the board before and after
// each move, its UCI form, the FEN, at the cost of one move played per step. The game must
// outlive the cursor.
class MainLineCursor {
 public:
  explicit MainLineCursor(const PlayedGame& game);
  std::size_t ply() const { return ply_; }  // moves played so far
  bool at_end() const { return ply_ == game_->moves.size(); }
  // The position after ply() moves. A bughouse match: the board the last move was played on
  // (board A at the start); board(b) is either board.
  const Position& board() const;
  const Position& board(std::uint8_t b) const;
  // The move to be played next (not at_end()), and its UCI form ("g1f3", "e1g1" for O-O,
  // "P@e4" for a drop).
  const PlayedMove& next_move() const { return game_->moves[ply_]; }
  std::string next_uci() const;
  // Plays the next move (not at_end()).
  void advance();
  // To the position after `ply` moves (at most moves.size()): forward from here, or from the
  // start when it is behind.
  void seek(std::size_t ply);
  // The FEN of board() (a bughouse match: both boards, as PlayedGame::fen), without
  // replaying the moves again.
  std::string fen() const;

 private:
  const PlayedGame* game_;
  std::size_t ply_ = 0;
  Position board_;  // after ply_ moves (other games than bughouse matches)
};

struct ReadOptions {
  // Worker threads that read games while the caller looks at them; 0: one per hardware
  // thread. Games come in input order whatever the count.
  unsigned threads = 1;
  // How games are read: the notation (nullptr: detected per game), the rules of games without
  // a Variant tag, strict mode, ignored codes, limits.
  ValidateOptions validate;
  // False: the games keep no comments (comments() is empty, and clock(), eval(), mate(),
  // emt() and commands_of() give none), for a program that reads tags and moves alone:
  // copying lichess's clock comment after every move is a twentieth of reading its games.
  bool comments = true;
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
  // False: the games read keep no comments (as ReadOptions::comments); true by default.
  void set_comments(bool keep);
  // `game`'s buffers are reused: once they have grown, reading a game allocates nothing (its
  // tags and comments share one text, each move's SAN is kept in the move).
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
  // A main-line move: `board` is the position before it (in a bughouse match, of the board
  // the move is played on).
  virtual void move(const Position& /*board*/, const PlayedMove& /*move*/) {}
  virtual void end_game(const PlayedGame& /*game*/) {}
};

// Reads every game of `source` for `visitor`, in input order, on the calling thread; returns
// Games::error() ("" when the input was read to its end).
std::string replay_games(Source source, GameVisitor& visitor, ReadOptions options = {});

}  // namespace pgn
