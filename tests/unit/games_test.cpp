// The game model for users (libpgn/games.hpp): Games and replay_games over every kind of input,
// the per-move SAN and comment commands, the positions and UCI made on demand, typed results,
// threads, errors; and every game of the shared corpora against its whole record replayed.
#include "libpgn/games.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <optional>
#include <ranges>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "corpus_batches.hpp"
#include "libpgn/bughouse.hpp"
#include "libpgn/comment_commands.hpp"
#include "libpgn/game_record.hpp"
#include "libpgn/movegen.hpp"
#include "libpgn/reader.hpp"
#include "libpgn/validator.hpp"
#include "libpgn/variant.hpp"

namespace pgn {
namespace {

constexpr std::string_view kScholarsMate =
    "[Event \"a\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
    "{Before} 1. e4 {[%clk 0:03:00] [%eval 0.3]} e5 {[%clk 0:02:59.5]} 2. Qh5 (2. Nf3 Nc6) "
    "Nc6 {[%eval #3]} 3. Bc4 Nf6?? {[%eval 9.5,20]} 4. Qxf7# 1-0\n\n"
    "[Event \"b\"]\n[Result \"*\"]\n\n1. d4 d5 2. O-O *\n";

std::vector<PlayedGame> read_all(Source source, ReadOptions options = {}) {
  std::vector<PlayedGame> games;
  Games reader(std::move(source), std::move(options));
  PlayedGame game;
  while (reader.next(game)) games.push_back(game);
  EXPECT_EQ(reader.error(), "");
  return games;
}

// Each move's UCI form, from a cursor over the game.
std::vector<std::string> uci_of(const PlayedGame& game) {
  std::vector<std::string> uci;
  for (MainLineCursor cursor(game); !cursor.at_end(); cursor.advance())
    uci.push_back(cursor.next_uci());
  return uci;
}

// SanText shows users a text to read: the reading API's fill from the validator's packed
// moves is no member of it.
template <class T>
concept FilledFromPackedBytes = requires(T san) {
  san.assign_short("e4", std::size_t(2));
};
static_assert(!FilledFromPackedBytes<SanText>);

TEST(CommentCommands, ClockEvaluationAndMate) {
  CommentCommands c = read_comment_commands("[%clk 1:02:03.5] [%eval -1.25,20]");
  ASSERT_TRUE(c.clock && c.eval);
  EXPECT_DOUBLE_EQ(*c.clock, 3723.5);
  EXPECT_DOUBLE_EQ(*c.eval->pawns(), -1.25);
  EXPECT_FALSE(c.eval->mate);
  c = read_comment_commands("good move [%eval #-3 ]");
  ASSERT_TRUE(c.eval);
  EXPECT_EQ(c.eval->mate, -3);
  EXPECT_FALSE(c.eval->pawns() || c.clock);
  c = read_comment_commands("[%clk 1::00] [%eval x] [%emt 0:00:01]");
  EXPECT_FALSE(c.clock || c.eval);
  EXPECT_FALSE(read_comment_commands("[%clk 0:01:00").clock);  // no closing bracket
}

TEST(Games, TagsMovesPositionsAndComments) {
  const std::vector<PlayedGame> games =
      read_all(Source::bytes("t.pgn", std::string(kScholarsMate)));
  ASSERT_EQ(games.size(), 2u);
  const PlayedGame& g = games[0];
  EXPECT_EQ(g.index, 1u);
  EXPECT_EQ(g.tag("White"), "W");
  EXPECT_EQ(g.tag("Nope"), "");
  ASSERT_EQ(g.moves.size(), 7u);  // the variation is not part of the main line
  EXPECT_EQ(g.moves[1].san, "e5");
  EXPECT_EQ(g.moves[6].san, "Qxf7#");
  EXPECT_EQ(uci_of(g)[6], "h5f7");
  EXPECT_EQ(g.moves[6].ply, 7u);
  EXPECT_EQ(g.position(1).fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(g.fen(1), g.position(1).fen());
  EXPECT_TRUE(g.position(7).is_checkmate());
  EXPECT_EQ(g.position(0).fen(), g.start.fen());
  // A cursor goes forward a move at a time, and back by starting again.
  MainLineCursor cursor(g);
  cursor.seek(7);
  EXPECT_TRUE(cursor.at_end());
  EXPECT_TRUE(cursor.board().is_checkmate());
  cursor.seek(1);
  EXPECT_EQ(cursor.fen(), g.fen(1));
  EXPECT_EQ(cursor.next_move().san, "e5");
  EXPECT_EQ(cursor.next_uci(), "e7e5");
  // A cursor's FEN is its board's, the game's FEN after as many moves.
  for (cursor.seek(0); !cursor.at_end(); cursor.advance())
    EXPECT_EQ(cursor.fen(), g.fen(cursor.ply()));
  // Comments and their commands are the game's, found by ply.
  ASSERT_EQ(g.comments_after(0).size(), 1u);
  EXPECT_EQ(g.comments_after(0)[0].text, "Before");
  ASSERT_EQ(g.comments_after(1).size(), 1u);
  EXPECT_EQ(g.comments_after(1)[0].text, "[%clk 0:03:00] [%eval 0.3]");
  EXPECT_EQ(g.comments_after(1)[0].ply, 1u);
  EXPECT_TRUE(g.comments_after(3).empty());
  EXPECT_TRUE(g.comments_after(7).empty());
  EXPECT_EQ(g.comments().size(), 5u);  // the variation's are not the main line's
  EXPECT_EQ(g.clock(1), 180.0);
  EXPECT_EQ(g.eval(1), 0.3);
  EXPECT_EQ(g.clock(2), 179.5);
  EXPECT_FALSE(g.eval(2));
  EXPECT_EQ(g.mate(4), 3);
  EXPECT_EQ(g.eval(6), 9.5);
  EXPECT_FALSE(g.clock(7));
  EXPECT_FALSE(g.clock(0));
  EXPECT_EQ(g.commands_of(4).mate, 3);
  EXPECT_FALSE(g.commands_of(4).clock || g.commands_of(4).eval || g.commands_of(4).emt);
  EXPECT_FALSE(g.commands_of(5).mate || g.commands_of(5).clock);
  EXPECT_EQ(g.result, GameResult::WhiteWins);
  EXPECT_EQ(g.outcome.result, GameResult::WhiteWins);
  EXPECT_EQ(g.outcome.reason, EndReason::Checkmate);
  EXPECT_TRUE(g.complete && g.replayed);
  EXPECT_FALSE(g.has_errors());

  // An illegal move: the main line stops before it, and the problem says why.
  const PlayedGame& h = games[1];
  EXPECT_EQ(h.index, 2u);
  EXPECT_EQ(h.moves.size(), 2u);
  EXPECT_FALSE(h.complete);
  EXPECT_TRUE(h.has_errors());
  EXPECT_TRUE(std::any_of(h.problems.begin(), h.problems.end(),
                          [](const Diagnostic& d) { return d.code == Code::IllegalMove; }));
  EXPECT_EQ(h.result, GameResult::Unknown);
}

// A game's tags and comments are views of one text per game: in input order, values
// unescaped, a tag given empty told from one not given, and nothing left of a game read
// before into the same object (its text longer, with more tags and comments).
static_assert(std::forward_iterator<GameTags::iterator>);
static_assert(std::ranges::forward_range<GameComments>);

TEST(Games, TagAndCommentViews) {
  PlayedGameReader reader;
  RawGame raw;
  raw.index = 1;
  raw.text =
      "[Event \"A \\\"quoted\\\" name\"]\n[Site \"\"]\n[White \"W\"]\n[Black \"B\"]\n"
      "[Annotator \"someone with a long name\"]\n\n"
      "{first} 1. e4 {a} {b} e5 {c} 2. Nf3 *\n";
  PlayedGame game;
  reader.read(raw, game);
  const GameTags tags = game.tags();
  ASSERT_EQ(tags.size(), 5u);
  std::vector<std::string> names;
  for (const TagPair tag : tags) names.emplace_back(tag.name);
  EXPECT_EQ(names, (std::vector<std::string>{"Event", "Site", "White", "Black", "Annotator"}));
  EXPECT_EQ(tags[0].value, "A \"quoted\" name");
  EXPECT_EQ(tags.back().value, "someone with a long name");
  EXPECT_EQ(game.find_tag("Site"), std::optional<std::string_view>(""));
  EXPECT_FALSE(game.find_tag("Round"));
  EXPECT_EQ(game.tag("Black"), "B");
  const GameComments comments = game.comments();
  ASSERT_EQ(comments.size(), 4u);
  EXPECT_EQ(comments.front().text, "first");
  EXPECT_EQ(comments.front().ply, 0u);
  std::vector<std::string> after_first;
  for (const PlayedComment c : game.comments_after(1)) after_first.emplace_back(c.text);
  EXPECT_EQ(after_first, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(game.comments_after(2).front().text, "c");
  EXPECT_TRUE(game.comments_after(3).empty());
  // A shorter game read into the same object: its own tags and comments only.
  raw.text = "[White \"X\"]\n\n1. d4 {z} *\n";
  reader.read(raw, game);
  ASSERT_EQ(game.tags().size(), 1u);
  EXPECT_EQ(game.tags()[0].name, "White");
  EXPECT_EQ(game.tags()[0].value, "X");
  EXPECT_EQ(game.tag("Black"), "");
  ASSERT_EQ(game.comments().size(), 1u);
  EXPECT_EQ(game.comments()[0].text, "z");
  EXPECT_EQ(game.comments()[0].ply, 1u);
  // A game moved elsewhere reads the same (its views are made from where its text is now).
  std::vector<PlayedGame> moved;
  moved.push_back(std::move(game));
  moved.resize(100);
  EXPECT_EQ(moved[0].tag("White"), "X");
  EXPECT_EQ(moved[0].comments()[0].text, "z");
}

TEST(Games, NotationsVariantsAndJson) {
  // German piece letters are detected; the model's SAN is English.
  std::vector<PlayedGame> games = read_all(
      Source::path(std::string(LIBPGN_SOURCE_DIR) + "/corpora/localized/de-ruy-lopez.pgn"));
  ASSERT_FALSE(games.empty());
  EXPECT_TRUE(games[0].notation.starts_with("de/")) << games[0].notation;
  EXPECT_EQ(games[0].moves[2].san, "Nf3");
  EXPECT_EQ(games[0].result, GameResult::Unknown);  // its "*"
  // A crazyhouse drop, in UCI as lichess writes it.
  games = read_all(Source::bytes("zh.pgn",
                                 "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 "
                                 "3. Nc3 Qa5 4. P@e4 *\n"));
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].variant, "Crazyhouse");
  ASSERT_EQ(games[0].moves.size(), 7u);
  EXPECT_EQ(uci_of(games[0])[6], "P@e4");
  EXPECT_EQ(games[0].position(7).variant(), Variant::Crazyhouse);
  EXPECT_EQ(games[0].fen(7), "rnb1kbnr/ppp1pppp/8/q7/4P3/2N5/PPPP1PPP/R1BQKBNR[p] b KQkq - 0 4");
  // JSON records are games too; a record that cannot be read is one with an error.
  games = read_all(Source::bytes(
      "g.json",
      "{\"moves\":\"e4 e5 Nf3\",\"winner\":\"white\",\"status\":\"resign\"}\n{\"moves\": [}\n"));
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].moves.size(), 3u);
  EXPECT_EQ(games[0].outcome.result, GameResult::WhiteWins);
  EXPECT_TRUE(games[1].has_errors());
  EXPECT_TRUE(games[1].moves.empty());
}

TEST(Games, ThreadsKeepTheOrder) {
  std::string many;
  for (int i = 0; i < 5000; ++i) many += kScholarsMate;  // more than one batch
  ReadOptions one, four;
  four.threads = 4;
  const auto a = read_all(Source::bytes("m.pgn", many), one);
  const auto b = read_all(Source::bytes("m.pgn", many), four);
  ASSERT_EQ(a.size(), 10000u);
  ASSERT_EQ(b.size(), a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(b[i].index, i + 1);
    ASSERT_EQ(b[i].moves.size(), a[i].moves.size());
  }
  // Leaving early stops the reading thread.
  Games reader(Source::bytes("m.pgn", many), four);
  PlayedGame game;
  ASSERT_TRUE(reader.next(game));
}

TEST(Games, RangeForAndErrors) {
  int moves = 0;
  for (const PlayedGame& game : Games(Source::bytes("t.pgn", std::string(kScholarsMate))))
    moves += int(game.moves.size());
  EXPECT_EQ(moves, 9);
  Games missing("/nonexistent/games.pgn");
  PlayedGame game;
  EXPECT_FALSE(missing.next(game));
  EXPECT_NE(missing.error().find("/nonexistent/games.pgn"), std::string::npos);
}

// A board-tracking visitor: the board it is handed is the one before each move.
class Checker final : public GameVisitor {
 public:
  bool begin_game(const PlayedGame& game) override {
    board_ = game.start;
    return game.index != 2;
  }
  void move(const Position& board, const PlayedMove& move) override {
    EXPECT_EQ(board.fen(), board_.fen());
    EXPECT_TRUE(board.is_legal(move.move));
    board_.play(move.move);
    ++moves;
  }
  void end_game(const PlayedGame& game) override { ends.push_back(game.index); }
  int moves = 0;
  std::vector<std::uint64_t> ends;

 private:
  Position board_;
};

TEST(Games, ReplayingVisitor) {
  Checker checker;
  std::string three(kScholarsMate);
  three += "[Event \"c\"]\n\n1. Nf3 *\n";
  EXPECT_EQ(replay_games(Source::bytes("t.pgn", three), checker), "");
  EXPECT_EQ(checker.moves, 8);  // game 2 skipped
  EXPECT_EQ(checker.ends, (std::vector<std::uint64_t>{1, 3}));
}

// A bughouse match is one game: each move says its board, and the position after it is both
// boards, a capture passing its piece to the partner on the other board.
TEST(Games, BughouseMovesKeepTheirBoards) {
  const std::vector<PlayedGame> games = read_all(Source::bytes(
      "b.bpgn", "[Variant \"Bughouse\"]\n[Result \"*\"]\n\n1A. e4 1a. d5 1B. Nf3 2A. exd5 *\n"));
  ASSERT_EQ(games.size(), 1u);
  const PlayedGame& g = games[0];
  ASSERT_TRUE(g.start_b.has_value());
  ASSERT_EQ(g.moves.size(), 4u);
  EXPECT_EQ(g.moves[2].board, 1);
  EXPECT_EQ(uci_of(g)[2], "g1f3");
  EXPECT_EQ(g.position(3).fen(), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R[] b KQkq - 1 1");
  EXPECT_EQ(g.moves[3].board, 0);
  EXPECT_EQ(g.moves[3].san, "exd5");
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
  EXPECT_EQ(g.fen(0), start + " | " + start);
  // White's capture on board A goes to their partner, Black on board B.
  EXPECT_EQ(g.fen(4),
            "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 2 | "
            "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R[p] b KQkq - 1 1");
  // A move on board B leaves board A as it was.
  EXPECT_EQ(g.fen(3).substr(0, g.fen(3).find(" | ")), g.fen(2).substr(0, g.fen(2).find(" | ")));
}

// PlayedGameReader makes the same model of a game as Games.
TEST(Games, ReaderOfOneGame) {
  const std::vector<PlayedGame> games =
      read_all(Source::bytes("t.pgn", std::string(kScholarsMate)));
  const std::string_view text = kScholarsMate.substr(0, kScholarsMate.find("[Event \"b\"]"));
  RawGame raw;
  raw.text = text;
  raw.index = 1;
  PlayedGameReader reader;
  PlayedGame game;
  reader.read(raw, game);
  ASSERT_EQ(game.moves.size(), games[0].moves.size());
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    EXPECT_EQ(game.moves[i].san, games[0].moves[i].san);
    EXPECT_EQ(game.fen(i + 1), games[0].fen(i + 1));
    EXPECT_EQ(game.clock(i + 1), games[0].clock(i + 1));
  }
  EXPECT_EQ(game.fen(0), games[0].start.fen());
  EXPECT_EQ(game.outcome.reason, EndReason::Checkmate);
  // Read into a game that held a longer one: nothing of that one is left.
  PlayedGame reused = games[0];
  raw.text = "[Event \"x\"]\n\n1. d4 {[%clk 0:01:00]} *\n";
  reader.read(raw, reused);
  ASSERT_EQ(reused.moves.size(), 1u);
  EXPECT_EQ(reused.moves[0].san, "d4");
  EXPECT_EQ(reused.clock(1), 60.0);
  EXPECT_FALSE(reused.eval(1));
  ASSERT_EQ(reused.comments().size(), 1u);
  EXPECT_EQ(reused.comments()[0].ply, 1u);
  EXPECT_EQ(reused.comments()[0].text, "[%clk 0:01:00]");
  ASSERT_EQ(reused.tags().size(), 1u);
  EXPECT_EQ(reused.tags()[0].name, "Event");
  EXPECT_EQ(reused.tags()[0].value, "x");
  EXPECT_EQ(reused.tag("White"), "");
}

// Each game says where it starts in its input (offset, line), as `pgn validate` does.
TEST(Games, WhereEachGameStarts) {
  const std::vector<PlayedGame> games =
      read_all(Source::bytes("t.pgn", "\n\n" + std::string(kScholarsMate)));
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].input_start.offset, 2u);
  EXPECT_EQ(games[0].input_start.line, 3u);
  const std::size_t second = 2 + kScholarsMate.find("[Event \"b\"]");
  EXPECT_EQ(games[1].input_start.offset, second);
  EXPECT_EQ(games[1].input_start.line, 10u);
  RawGame raw;
  raw.text = kScholarsMate.substr(kScholarsMate.find("[Event \"b\"]"));
  raw.start = {100, 7, 1};
  PlayedGame game;
  PlayedGameReader().read(raw, game);
  EXPECT_EQ(game.input_start.offset, 100u);
  EXPECT_EQ(game.input_start.line, 7u);
}

// A reader told to keep no comments gives the same tags, moves and problems, and no comment
// or what comments say.
TEST(Games, ReadingWithoutComments) {
  ReadOptions options;
  options.comments = false;
  const std::vector<PlayedGame> bare =
      read_all(Source::bytes("t.pgn", std::string(kScholarsMate)), options);
  const std::vector<PlayedGame> full = read_all(Source::bytes("t.pgn", std::string(kScholarsMate)));
  ASSERT_EQ(bare.size(), full.size());
  ASSERT_FALSE(full[0].comments().empty());
  EXPECT_EQ(full[0].clock(1), 180.0);
  for (std::size_t g = 0; g < bare.size(); ++g) {
    EXPECT_TRUE(bare[g].comments().empty());
    EXPECT_EQ(bare[g].tags().size(), full[g].tags().size());
    EXPECT_EQ(bare[g].problems.size(), full[g].problems.size());
    ASSERT_EQ(bare[g].moves.size(), full[g].moves.size());
    for (std::size_t i = 0; i < bare[g].moves.size(); ++i) {
      EXPECT_EQ(bare[g].moves[i].san, full[g].moves[i].san);
      EXPECT_FALSE(bare[g].clock(i + 1));
    }
  }
  // The reader's own switch, and back.
  RawGame raw;
  raw.text = kScholarsMate.substr(0, kScholarsMate.find("[Event \"b\"]"));
  raw.index = 1;
  PlayedGameReader reader;
  PlayedGame game;
  reader.set_comments(false);
  reader.read(raw, game);
  EXPECT_TRUE(game.comments().empty());
  EXPECT_EQ(game.moves.size(), 7u);
  EXPECT_FALSE(game.eval(1));
  reader.set_comments(true);
  reader.read(raw, game);
  EXPECT_EQ(game.comments().size(), full[0].comments().size());
  EXPECT_EQ(game.eval(1), 0.3);
}

// A null move in the main line is an error the replay passes over: the moves stop before it,
// the plies count the moves replayed as `pgn validate` does.
TEST(Games, PliesCountTheMovesAfterANullMove) {
  const std::vector<PlayedGame> games =
      read_all(Source::bytes("t.pgn",
                             "[Event \"n\"]\n\n1. e4 e5 2. Nf3 Z0 3. Bc4 Nf6 *\n\n"
                             "[Event \"m\"]\n\n1. d4 d5 *\n"));
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].moves.size(), 3u);
  EXPECT_EQ(games[0].plies, 6u);
  EXPECT_TRUE(games[0].has_errors());
  EXPECT_EQ(games[1].plies, 2u);
  EXPECT_EQ(games[1].moves.size(), 2u);
}

// A SAN as one number: its bytes and size, the same for a move read from a game (into a game
// whose moves held longer SAN before) as for the text made anew; 0 for a longer text.
TEST(Games, SanAsOneNumber) {
  EXPECT_EQ(SanText("e4").packed(),
            std::uint64_t('e') | std::uint64_t('4') << 8 | std::uint64_t(2) << 56);
  EXPECT_EQ(SanText("Qh4xe1+").packed() >> 56, 7u);
  EXPECT_EQ(SanText("Qh4xe1+").packed() & 0xFF, std::uint64_t('Q'));
  EXPECT_EQ(SanText("Nf3/Hg1+").packed(), 0u);
  EXPECT_EQ(SanText("").packed(), 0u);
  std::vector<PlayedGame> games = read_all(Source::bytes("t.pgn", std::string(kScholarsMate)));
  ASSERT_EQ(games.size(), 2u);
  PlayedGame reused = games[0];
  RawGame raw;
  raw.text = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 d5 3. exd5 *\n";
  raw.index = 1;
  PlayedGameReader().read(raw, reused);
  ASSERT_EQ(reused.moves.size(), 5u);
  for (const PlayedGame* game : {&games[0], &games[1], &reused})
    for (const PlayedMove& move : game->moves) {
      EXPECT_NE(move.san.packed(), 0u) << move.san;
      EXPECT_EQ(move.san.packed(), SanText(move.san.view()).packed()) << move.san;
    }
}

// What the model held before positions were made on demand, made here as it was: the game's
// whole record (GameValidator with a GameRecord), its main line replayed from the start, a
// position, UCI form and comments per move. Every game of the shared corpora (real games,
// edge cases, localized, variant and Chess960 files, bughouse matches), read in batches as the
// pipeline reads them, must give the same moves, SAN, comments, clocks and positions.
class WholeRecordReplay {
 public:
  static std::vector<std::string> texts(GameComments comments) {
    std::vector<std::string> out;
    for (const PlayedComment c : comments) out.emplace_back(c.text);
    return out;
  }
  static std::vector<std::pair<std::string, std::string>> pairs(GameTags tags) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const TagPair tag : tags) out.emplace_back(tag.name, tag.value);
    return out;
  }
  explicit WholeRecordReplay(const ValidateOptions& options) : validator_(options) {}
  void set_neighbours(const std::vector<RawGame>& games) { validator_.set_neighbours(games); }

  void check(const RawGame& raw, const PlayedGame& game, const std::string& where) {
    SCOPED_TRACE(where);
    GameReport report;
    validator_.validate(raw, report, &record_);
    EXPECT_EQ(game.notation, report.notation);
    EXPECT_EQ(game.errors, report.errors);
    if (report.variant.starts_with("Bughouse")) {
      check_bughouse(raw, game);
      return;
    }
    EXPECT_EQ(pairs(game.tags()), record_.tags);
    EXPECT_EQ(game.start.fen(), record_.start.fen());
    EXPECT_EQ(game.complete, record_.complete);
    Position position = record_.start;
    std::vector<std::string> leading;
    std::size_t ply = 0;
    MainLineCursor cursor(game);
    for_each_main_line_event(record_, [&](const GameEvent& e, std::uint32_t) {
      if (e.kind == GameEvent::MoveEvent) {
        ASSERT_LT(ply, game.moves.size());
        const PlayedMove& move = game.moves[ply];
        EXPECT_EQ(move.san, record_.text(e));
        EXPECT_EQ(move.move, e.move);
        EXPECT_EQ(cursor.next_uci(), to_uci(position, e.move));
        play_recorded_move(position, e.move);
        cursor.advance();
        ++ply;
        EXPECT_EQ(cursor.board().fen(), position.fen());
        EXPECT_EQ(cursor.board().key(), position.key());
      } else if (e.kind == GameEvent::Comment) {
        if (ply == 0)
          leading.emplace_back(record_.text(e));
        else
          comments_[ply - 1].emplace_back(record_.text(e));
      }
    });
    EXPECT_EQ(ply, game.moves.size());
    EXPECT_EQ(texts(game.comments_after(0)), leading);
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
      EXPECT_EQ(texts(game.comments_after(i + 1)), comments_[i]) << "ply " << i + 1;
      comments_[i].clear();
    }
    // Positions on demand, replayed from the start.
    EXPECT_EQ(game.position(game.moves.size()).fen(), position.fen());
    EXPECT_EQ(game.fen(game.moves.size()), position.fen());
  }

 private:
  // A match's moves and both boards after each, as the match reader gives them.
  void check_bughouse(const RawGame& raw, const PlayedGame& game) {
    BughouseMatch match;
    GameReport again;
    read_bughouse_match(raw, ValidateOptions{}, again, match, BughouseDetail::Positions);
    ASSERT_EQ(game.moves.size(), match.moves.size());
    ASSERT_TRUE(game.start_b);
    std::vector<std::string> uci = uci_of(game);
    for (std::size_t i = 0; i < match.moves.size(); ++i) {
      EXPECT_EQ(game.moves[i].san, match.moves[i].san);
      EXPECT_EQ(game.moves[i].board, match.moves[i].board);
      EXPECT_EQ(game.clock(i + 1), match.moves[i].clock);
      EXPECT_EQ(texts(game.comments_after(i + 1)), match.moves[i].comments);
      EXPECT_EQ(uci[i], match.moves[i].uci);
      EXPECT_EQ(game.fen(i + 1),
                match.boards_after[i][0].fen() + " | " + match.boards_after[i][1].fen());
    }
  }

  GameValidator validator_;
  GameRecord record_;
  std::vector<std::vector<std::string>> comments_ = std::vector<std::vector<std::string>>(100000);
};

TEST(Games, EveryCorpusGameAsItsWholeRecordReplayed) {
  const std::vector<std::string> files = test::shared_corpus_files(
      {"/corpora/edge", "/corpora/localized", "/corpora/variants", "/corpora/bughouse"});
  if (files.empty()) GTEST_SKIP() << "no shared corpora";
  std::uint64_t games = 0, moves = 0, bughouse = 0, variants = 0;
  for (const std::string& file : files) {
    std::vector<std::string> texts;
    std::vector<RawGame> batch;
    const std::string error = test::read_batch(file, texts, batch);
    ASSERT_EQ(error, "");
    PlayedGameReader reader;
    WholeRecordReplay whole(ValidateOptions{});
    reader.set_neighbours(batch);
    whole.set_neighbours(batch);
    PlayedGame played;  // one game reused, as Games reuses them
    for (const RawGame& g : batch) {
      reader.read(g, played);
      whole.check(g, played, file + " game " + std::to_string(g.index));
      ++games;
      moves += played.moves.size();
      bughouse += played.start_b.has_value();
      variants += !played.variant.empty();
      if (::testing::Test::HasFailure()) return;
    }
  }
  EXPECT_GT(games, 5000u);
  EXPECT_GT(moves, 250000u);
  EXPECT_GT(bughouse, 10u);
  EXPECT_GT(variants, 100u);
}

}  // namespace
}  // namespace pgn
