// The main-line reader for programs (libpgn/main_line.hpp): the moves, boards, annotations and
// ends of known games; stopping; giving up with the reason and the place; FEN and variant
// starts; and, over the shared corpora, the same board after every move as the public game
// model (Games and MainLineCursor) gives.
#include "libpgn/main_line.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "libpgn/games.hpp"
#include "libpgn/notation.hpp"

namespace pgn {
namespace {

// Writes down every hook, and stops after `stop_after` moves when asked.
class Recorder final : public MainLineVisitor {
 public:
  std::vector<std::string> events;  // "tag Name=value", "start FEN", "move san FEN", ...
  std::vector<std::string> boards;  // the FEN after each move
  std::vector<MainLineEnd> ends;
  std::uint32_t stop_after = 0;  // 0: never

  void begin_game(const RawGame&) override { events.push_back("begin"); }
  bool tag(std::string_view name, std::string_view value) override {
    events.push_back("tag " + std::string(name) + "=" + std::string(value));
    return true;
  }
  bool start(const Position& board) override {
    events.push_back("start " + board.fen());
    return true;
  }
  bool move(const Position& board, Move, std::string_view san) override {
    events.push_back("move " + std::string(san));
    boards.push_back(board.fen());
    return stop_after == 0 || boards.size() < stop_after;
  }
  void nag(int value) override { events.push_back("nag " + std::to_string(value)); }
  void comment(std::string_view text) override { events.push_back("comment " + std::string(text)); }
  void variation() override { events.push_back("variation"); }
  void end_game(const MainLineEnd& end) override { ends.push_back(end); }
};

MainLineEnd read(std::string_view text, Recorder& recorder, const MainLineOptions& options = {}) {
  RawGame game;
  game.text = text;
  return read_main_line(game, recorder, options);
}

TEST(MainLine, HandsOverEveryMainLineEventAndTheBoardAfterEachMove) {
  Recorder r;
  const MainLineEnd end = read(
      "[White \"A \\\"B\\\"\"]\n[Result \"1-0\"]\n\n{before} 1. e4 $1 e5 2. Qh5 (2. Nf3 Nc6) "
      "Nc6 3. Bc4 Nf6?? {mate next} 4. Qxf7# 1-0\n",
      r);
  EXPECT_EQ(end.status, MainLineStatus::Complete);
  EXPECT_EQ(end.problem, MainLineProblem::None);
  EXPECT_EQ(end.plies, 7u);
  const std::vector<std::string> expected = {
      "begin",
      "tag White=A \\\"B\\\"",  // as written, escapes kept
      "tag Result=1-0",
      "comment before",  // a comment before the moves may come before start()
      "start rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "move e4",
      "nag 1",
      "move e5",
      "move Qh5",
      "variation",
      "move Nc6",
      "move Bc4",
      "move Nf6??",
      "nag 4",  // the suffix, after its move
      "comment mate next",
      "move Qxf7#"};
  EXPECT_EQ(r.events, expected);
  ASSERT_EQ(r.boards.size(), 7u);
  EXPECT_EQ(r.boards[0], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(r.boards[6], "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
  ASSERT_EQ(r.ends.size(), 1u);
  EXPECT_EQ(r.ends[0].status, MainLineStatus::Complete);
}

TEST(MainLine, AHookThatAnswersFalseStopsTheGame) {
  Recorder r;
  r.stop_after = 3;
  const MainLineEnd end = read("1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 *", r);
  EXPECT_EQ(end.status, MainLineStatus::Stopped);
  EXPECT_EQ(end.plies, 3u);
  EXPECT_EQ(r.boards.size(), 3u);
  EXPECT_EQ(r.events.back(), "move c4");
  EXPECT_EQ(r.ends.size(), 1u);  // end_game still comes
}

TEST(MainLine, GivesUpAtAnIllegalMoveWithItsPlaceAndTheBoardBeforeIt) {
  Recorder r;
  const MainLineEnd end = read("[Event \"x\"]\n\n1. e4 e5\n2. Nf3 Ke3 3. Bc4 *\n", r);
  EXPECT_EQ(end.status, MainLineStatus::GaveUp);
  EXPECT_EQ(end.problem, MainLineProblem::IllegalMove);
  EXPECT_EQ(end.at.line, 4u);
  EXPECT_EQ(end.at.column, 8u);
  EXPECT_EQ(end.at.offset, 29u);
  EXPECT_EQ(end.plies, 3u);
  ASSERT_EQ(r.boards.size(), 3u);  // the last board handed over is the one Ke3 is not legal on
  EXPECT_EQ(r.boards.back(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  EXPECT_EQ(r.ends.at(0).problem, MainLineProblem::IllegalMove);
}

TEST(MainLine, SaysWhyItGaveUp) {
  const std::map<std::string, MainLineProblem> games = {
      {"1. e4 -- 2. d4 *", MainLineProblem::NullMove},
      {"1. e4 e9 *", MainLineProblem::NotAMove},
      {"1. e4 e5 ) 2. d4 *", MainLineProblem::Syntax},
      {"[Event \"x\"\n\n1. e4 *", MainLineProblem::Syntax},
      {"[FEN \"8/8/8 w\"]\n\n1. e4 *", MainLineProblem::BadFen},
      {"[Variant \"Bughouse\"]\n\n1. e4 *", MainLineProblem::UnplayedVariant},
      {"[Variant \"Shogi\"]\n\n1. e4 *", MainLineProblem::UnplayedVariant},
  };
  for (const auto& [text, problem] : games) {
    Recorder r;
    const MainLineEnd end = read(text, r);
    EXPECT_EQ(end.status, MainLineStatus::GaveUp) << text;
    EXPECT_EQ(end.problem, problem) << text;
  }
  Recorder after;  // nothing is handed over once it gave up
  read("1. e4 e5 ) 2. d4 {late} *", after);
  EXPECT_EQ(after.boards.size(), 2u);
  EXPECT_EQ(after.events.back(), "move e5");
}

TEST(MainLine, StartsFromTheFenTagAndPlaysTheVariantOfTheGame) {
  Recorder fen;
  EXPECT_EQ(read("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *", fen).status,
            MainLineStatus::Complete);
  EXPECT_EQ(fen.boards.back(), "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2");

  Recorder crazyhouse;  // a drop of the pawn taken
  EXPECT_EQ(read("[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Nf6 3. P@e4 *", crazyhouse).status,
            MainLineStatus::Complete);
  ASSERT_EQ(crazyhouse.boards.size(), 5u);
  EXPECT_EQ(crazyhouse.boards[2], "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[P] b KQkq - 0 2");
  EXPECT_EQ(crazyhouse.boards[4],
            "rnbqkb1r/ppp1pppp/5n2/3P4/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 3");

  Recorder untagged;  // the options' rules for a game without a Variant tag
  MainLineOptions atomic;
  atomic.variant = parse_variant_name("atomic");
  EXPECT_EQ(read("1. e4 d5 2. exd5 *", untagged, atomic).status, MainLineStatus::Complete);
  EXPECT_EQ(untagged.boards.back(), "rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
}

TEST(MainLine, ReadsTheNotationGiven) {
  constexpr std::string_view kGerman = "1. e4 e5 2. Sf3 Sc6 3. Lb5 *";
  Recorder english, german;
  EXPECT_EQ(read(kGerman, english).problem, MainLineProblem::NotAMove);
  MainLineOptions options;
  options.notation = find_notation("de");
  ASSERT_NE(options.notation, nullptr);
  EXPECT_EQ(read(kGerman, german, options).status, MainLineStatus::Complete);
  EXPECT_EQ(german.boards.back(),
            "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
}

// Every game of a file through read_main_lines, and the FEN after each of its moves.
class Boards final : public MainLineVisitor {
 public:
  struct Game {
    MainLineEnd end;
    std::vector<std::string> fens;
  };
  std::vector<Game> games;
  void begin_game(const RawGame&) override { games.emplace_back(); }
  bool move(const Position& board, Move, std::string_view) override {
    games.back().fens.push_back(board.fen());
    return true;
  }
  void end_game(const MainLineEnd& end) override { games.back().end = end; }
};

TEST(MainLine, EveryBoardAsTheGameModelsCursorGivesIt) {
  const std::string shared = LIBPGN_SHARED_DIR;
  const std::vector<std::string> files = {shared + "/corpora/real/twic0920.pgn",
                                          shared + "/corpora/real/lichess_db_1000k.pgn",
                                          shared + "/corpora/variants/Allan-Cao/games.pgn",
                                          shared + "/corpora/variants/pychess/zh.pgn",
                                          shared + "/corpora/variants/pychess/atomic.pgn",
                                          shared + "/corpora/variants/pgn4web/chess960wch06.pgn"};
  if (!std::filesystem::exists(files[0])) GTEST_SKIP() << "no shared corpora";
  std::uint64_t compared = 0, moves = 0;
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    Boards boards;
    ASSERT_EQ(read_main_lines(Source::path(file), boards), "");
    Games games(file);
    std::size_t i = 0;
    for (const PlayedGame& game : games) {
      ASSERT_LT(i, boards.games.size());
      const Boards::Game& read = boards.games[i++];
      if (read.end.status != MainLineStatus::Complete) continue;
      SCOPED_TRACE("game " + std::to_string(game.index));
      EXPECT_TRUE(game.replayed && game.complete);
      ASSERT_EQ(read.fens.size(), game.moves.size());
      std::size_t ply = 0;
      for (MainLineCursor cursor(game); !cursor.at_end(); ++ply) {
        cursor.advance();
        ASSERT_EQ(read.fens[ply], cursor.board().fen()) << "ply " << ply + 1;
      }
      ++compared;
      moves += game.moves.size();
    }
    EXPECT_EQ(games.error(), "");
    EXPECT_EQ(i, boards.games.size());
  }
  EXPECT_GT(compared, 3000u);
  EXPECT_GT(moves, 200000u);
}

TEST(MainLine, ReadsJsonRecordsAndSaysWhichHoldNoGame) {
  Boards boards;
  const std::string json =
      "{\"pgn\": \"[White \\\"a\\\"]\\n\\n1. e4 e5 *\"}\n{\"moves\": 3}\n"
      "{\"pgn\": \"1. d4 *\"}\n";
  EXPECT_EQ(read_main_lines(Source::bytes("records.jsonl", json, InputFormat::Json), boards), "");
  ASSERT_EQ(boards.games.size(), 3u);
  EXPECT_EQ(boards.games[0].fens.size(), 2u);
  EXPECT_EQ(boards.games[1].end.problem, MainLineProblem::UnreadableRecord);
  EXPECT_EQ(boards.games[2].end.status, MainLineStatus::Complete);
  EXPECT_EQ(boards.games[2].fens.size(), 1u);
  EXPECT_NE(read_main_lines(Source::path("no/such/file.pgn"), boards), "");
}

}  // namespace
}  // namespace pgn
