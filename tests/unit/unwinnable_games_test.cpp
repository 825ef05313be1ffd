// pgn validate on games that FIDE 6.9 (a loss on time to a side that cannot mate) and 5.2.2
// (a dead position ends the game) decide: positions of the published unwinnability test
// vector as games lost on time, checked against their published classes; the lichess games
// lost on time in the shared corpora; dead positions arising during a game.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "libpgn/reader.hpp"
#include "libpgn/validator.hpp"
#include "winnable_vector.hpp"

namespace pgn::testing_winnable {
namespace {

GameReport validate_text(GameValidator& validator, const std::string& text) {
  RawGame game;
  game.text = text;
  game.index = 1;
  GameReport report;
  validator.validate(game, report);
  return report;
}

std::string game_text(const std::string& fen, const std::string& result,
                      const std::string& termination, const std::string& moves) {
  std::string text = "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n";
  text += "[White \"w\"]\n[Black \"b\"]\n[Result \"" + result + "\"]\n";
  text += "[SetUp \"1\"]\n[FEN \"" + fen + " 0 1\"]\n";
  if (!termination.empty()) text += "[Termination \"" + termination + "\"]\n";
  return text + "\n" + moves + (moves.empty() ? "" : " ") + result + "\n";
}

std::vector<const Diagnostic*> problems(const GameReport& report, Code code) {
  std::vector<const Diagnostic*> found;
  for (const Diagnostic& d : report.problems)
    if (d.code == code) found.push_back(&d);
  return found;
}

bool mentions(const Diagnostic* d, const char* text) {
  return d->message.find(text) != std::string::npos;
}

// Every `stride`-th vector position, as a game without moves won on time by each side in
// turn: a wrong-result is reported only where the published class makes the game a draw (the
// winner cannot mate: 6.9; neither side can: a dead position), and for at least `min_share`
// percent of the sides published unable to mate (the filter in front of the analysis lets
// the others through unreported, as it does not prove them).
void check_vector_as_timeouts(int stride, int min_share) {
  const std::vector<VectorCase> cases = load_vector();
  ASSERT_EQ(cases.size(), 901u) << "test vector missing or changed: " << shared_dir();
  GameValidator validator{ValidateOptions{}};
  int unwinnable = 0, reported = 0, games = 0;
  for (std::size_t i = 0; i < cases.size(); i += stride) {
    const VectorCase& c = cases[i];
    for (Color winner : {White, Black}) {
      const GameReport report = validate_text(
          validator, game_text(c.fen, winner == White ? "1-0" : "0-1", "Time forfeit", ""));
      // Positions whose material no game can reach are bad-fen for validate: not games.
      if (!problems(report, Code::BadFen).empty()) continue;
      ++games;
      unwinnable += !c.winnable[winner];
      const auto wrong = problems(report, Code::WrongResult);
      ASSERT_LE(wrong.size(), 1u) << c.fen;
      if (wrong.empty()) continue;
      // A mate on the board scored the other way is wrong whatever the classes say.
      if (mentions(wrong[0], "is checkmated, so the result is")) continue;
      ++reported;
      if (mentions(wrong[0], "6.9")) {
        EXPECT_FALSE(c.winnable[winner])
            << "line " << c.line << " " << c.fen << ": " << wrong[0]->message;
      } else {
        EXPECT_TRUE(mentions(wrong[0], "dead") || mentions(wrong[0], "stalemated") ||
                    mentions(wrong[0], "material"))
            << wrong[0]->message;
        EXPECT_FALSE(c.winnable[White] || c.winnable[Black])
            << "line " << c.line << " " << c.fen << ": " << wrong[0]->message;
      }
    }
  }
  std::printf("%d games lost on time, %d by a side published unable to mate, %d reported\n", games,
              unwinnable, reported);
  EXPECT_GT(games, 0);
  EXPECT_GE(reported * 100, unwinnable * min_share);
}

TEST(UnwinnableGames, VectorTimeoutsMatchThePublishedClasses) {
  // About 80% of the sides published unable to mate are reported (docs/unwinnability.md).
  check_vector_as_timeouts(1, 78);
}

TEST(UnwinnableGames, LichessTimeoutsInTheSharedCorporaAreScoredByTheLaws) {
  const std::string shared = shared_dir();
  if (!std::filesystem::exists(shared + "/corpora/real")) GTEST_SKIP() << "no shared corpora";
  GameValidator validator{ValidateOptions{}};
  int timeouts = 0, replayed = 0, reported = 0;
  for (const auto& entry : std::filesystem::directory_iterator(shared + "/corpora/real")) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("lichess", 0) != 0 || entry.path().extension() != ".pgn") continue;
    std::string error;
    auto source = InputSource::open(entry.path().string(), error);
    ASSERT_TRUE(source) << error;
    GameSplitter splitter(*source);
    RawGame game;
    while (splitter.next(game)) {
      if (game.text.find("[Termination \"Time forfeit\"]") == std::string_view::npos) continue;
      GameReport report;
      validator.validate(game, report);
      if (!report.outcome.decisive()) continue;
      ++timeouts;
      EXPECT_EQ(report.outcome.reason, EndReason::Time) << name << " game " << game.index;
      replayed += report.plies > 0;
      for (const Diagnostic* d : problems(report, Code::WrongResult)) {
        ++reported;
        ADD_FAILURE() << name << " game " << game.index << ": " << d->message;
      }
    }
  }
  // 334 decisive games lost on time, 330 with moves; in every final position the winner can
  // still mate (bench/winnable finds a witness for each), so none is a draw.
  EXPECT_EQ(timeouts, 334);
  EXPECT_EQ(replayed, 330);
  EXPECT_EQ(reported, 0);
}

// White: bishop c1 (dark squares), black: bishop c8 (light) and a knight that White's king
// takes: after 1. Kxe2 the pawns on b-h 4/5 are a wall that neither side's men can pass.
constexpr const char* kWallWithKnight = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/4n3/2B1K3 w - -";

TEST(UnwinnableGames, ADeadPositionEndsTheGameWhereItArises) {
  GameValidator validator{ValidateOptions{}};
  const GameReport report =
      validate_text(validator, game_text(kWallWithKnight, "0-1", "", "1. Kxe2 Kd7 2. Kd2 Kc7"));
  const auto dead = problems(report, Code::DeadPosition);
  ASSERT_EQ(dead.size(), 1u);
  EXPECT_EQ(dead[0]->ply, 1u);
  EXPECT_EQ(dead[0]->severity, Severity::Warning);
  EXPECT_TRUE(mentions(dead[0], "dead position at ply 1 (FIDE Laws 5.2.2)")) << dead[0]->message;
  EXPECT_TRUE(mentions(dead[0], "white: pawn-wall, black: pawn-wall")) << dead[0]->message;
  const auto wrong = problems(report, Code::WrongResult);
  ASSERT_EQ(wrong.size(), 1u);
  EXPECT_TRUE(mentions(wrong[0], "so it is drawn, not 0-1")) << wrong[0]->message;
  EXPECT_EQ(report.outcome.reason, EndReason::InsufficientMaterial);

  // Drawn, and ended right there: nothing to report.
  const GameReport drawn =
      validate_text(validator, game_text(kWallWithKnight, "1/2-1/2", "", "1. Kxe2"));
  EXPECT_TRUE(drawn.problems.empty()) << drawn.problems.front().message;
  EXPECT_EQ(drawn.outcome.reason, EndReason::InsufficientMaterial);

  // The same capture in a variation ends nothing; before it, the knight could still mate.
  const GameReport variation = validate_text(
      validator, game_text(kWallWithKnight, "0-1", "", "1. Kd1 (1. Kxe2 Kd7 2. Kd2) 1... Kd7"));
  EXPECT_TRUE(variation.problems.empty()) << variation.problems.front().message;
}

// After 1... Kxd8 the pawns on c, e and g can still step, but only into the locked files
// (each faces an opposing pawn), and no king can get past them: a dead position that the
// per-ply filter must not skip although pawns can move.
constexpr const char* kFormingWall = "2kN4/p1p1p1p1/P1P1P1P1/2p1p2K/8/8/2P1P1P1/8 b - -";

TEST(UnwinnableGames, ADeadPositionWithPawnsStillToStepIsFound) {
  GameValidator validator{ValidateOptions{}};
  const GameReport report =
      validate_text(validator, game_text(kFormingWall, "1-0", "", "1... Kxd8 2. c4 Kc8 3. Kg5"));
  const auto dead = problems(report, Code::DeadPosition);
  ASSERT_EQ(dead.size(), 1u);
  EXPECT_EQ(dead[0]->ply, 1u);
  EXPECT_TRUE(mentions(dead[0], "white: pawn-wall, black: pawn-wall")) << dead[0]->message;
  const auto wrong = problems(report, Code::WrongResult);
  ASSERT_EQ(wrong.size(), 1u);
  EXPECT_TRUE(mentions(wrong[0], "so it is drawn, not 1-0")) << wrong[0]->message;
}

TEST(UnwinnableGames, ALockedPositionWhereOneSideCanMateIsNotDead) {
  // Published W-: White can still mate (its knight gets through), Black cannot.
  const char* fen = "7b/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N7 b - -";
  GameValidator validator{ValidateOptions{}};
  const GameReport report =
      validate_text(validator, game_text(fen, "1-0", "", "1... Kc7 2. Kf1 Kd7 3. Ke1"));
  EXPECT_TRUE(report.problems.empty()) << report.problems.front().message;
  // Lost on time by White, Black cannot mate: a draw by 6.9, in each way the loss on time
  // is written (the PGN standard, lichess, chess.com).
  for (const char* termination : {"time forfeit", "Time forfeit", "w won on time"}) {
    const GameReport timeout =
        validate_text(validator, game_text(fen, "0-1", termination, "1... Kc7 2. Kf1"));
    const auto wrong = problems(timeout, Code::WrongResult);
    ASSERT_EQ(wrong.size(), 1u) << termination;
    EXPECT_EQ(wrong[0]->message,
              "the game is drawn by FIDE Laws 6.9, not 0-1: white lost on time, but black "
              "cannot mate by any sequence of legal moves (pawn-wall)");
  }
  // Lost on time by Black: White can mate, the result stands; and without a loss on time
  // nothing is asked.
  EXPECT_TRUE(
      problems(validate_text(validator, game_text(fen, "1-0", "Time forfeit", "1... Kc7 2. Kf1")),
               Code::WrongResult)
          .empty());
  EXPECT_TRUE(problems(validate_text(validator, game_text(fen, "0-1", "Normal", "1... Kc7 2. Kf1")),
                       Code::WrongResult)
                  .empty());
}

// The four kinds of dead positions the per-ply filter used to skip (docs/unwinnability.md),
// each beside a game that looks the same and is not dead (nothing may be reported there).
struct DeadAt {
  std::size_t warnings;  // dead-position warnings
  std::uint32_t ply;     // where the position arose
  bool wrong_result;     // a wrong-result that names the dead position
};

DeadAt dead_reports(GameValidator& validator, const std::string& fen, const std::string& result,
                    const std::string& moves) {
  const GameReport report = validate_text(validator, game_text(fen, result, "", moves));
  DeadAt found{0, 0, false};
  for (const Diagnostic* d : problems(report, Code::DeadPosition)) {
    ++found.warnings;
    found.ply = d->ply;
    EXPECT_TRUE(mentions(d, "white: pawn-wall, black: pawn-wall")) << d->message;
  }
  for (const Diagnostic* d : problems(report, Code::WrongResult))
    found.wrong_result |= mentions(d, "the game ended in a dead position");
  for (const Diagnostic& d : report.problems)
    EXPECT_TRUE(d.code == Code::DeadPosition || d.code == Code::WrongResult) << d.message;
  return found;
}

// (a) A queen and rooks boxed in with their king and bishops by their own locked pawns: the
// pawn-wall proof runs whatever the pieces where no pawn can step. With the rook free on h1
// White can still mate.
TEST(UnwinnableGames, HeavyPiecesBoxedInBehindLockedPawns) {
  GameValidator validator{ValidateOptions{}};
  const char* boxed = "8/8/5k2/1p6/1Pp5/B2p4/RKPP4/QRB5 w - -";
  DeadAt dead = dead_reports(validator, boxed, "1-0", "1. c3");
  EXPECT_EQ(dead.warnings, 0u);
  EXPECT_EQ(dead.ply, 0u);
  EXPECT_TRUE(dead.wrong_result);
  dead = dead_reports(validator, boxed, "1/2-1/2", "1. c3 Kg5");
  EXPECT_EQ(dead.warnings, 1u);
  EXPECT_EQ(dead.ply, 1u);
  dead = dead_reports(validator, "8/8/5k2/1p6/1Pp5/B2p4/RKPP4/Q1B4R w - -", "1-0", "1. c3 Kg5");
  EXPECT_EQ(dead.warnings, 0u);
  EXPECT_FALSE(dead.wrong_result);
}

// (b) After 1. h7 the black king on h8 can never move (g8 and g7 are taken for good, h7 is
// defended by g6), so the passed h-pawn never promotes; White's king and bishop are boxed
// in on a1 and b1; only the e-pawns can still step. Without the black pawn on g7 the king
// gets out and the h-pawn promotes.
TEST(UnwinnableGames, APassedPawnBlockedByAKingThatCanNeverMove) {
  GameValidator validator{ValidateOptions{}};
  DeadAt dead =
      dead_reports(validator, "7k/4p1p1/6PP/8/8/p1p5/P1P1P3/KB6 w - -", "1-0", "1. h7 e6 2. e3");
  EXPECT_EQ(dead.warnings, 1u);
  EXPECT_EQ(dead.ply, 1u);
  EXPECT_TRUE(dead.wrong_result);
  dead = dead_reports(validator, "7k/4p3/6PP/8/8/p1p5/P1P1P3/KB6 w - -", "1-0", "1. h7 e6 2. e3");
  EXPECT_EQ(dead.warnings, 0u);
  EXPECT_FALSE(dead.wrong_result);
}

// (c) Dead positions that arise by a king's move: out of a pawn's check into the box in
// front of the passed pawn (1... Kh8; 1... Kf8 leaves the pawn free to promote), and into a
// jam of White's own men (2. Kb2: the queen, rooks and bishops can then never move; 2. Kd1
// leaves them free).
TEST(UnwinnableGames, AKingSteppingIntoABoxItCannotLeave) {
  GameValidator validator{ValidateOptions{}};
  const char* check = "6k1/4p1p1/6PP/8/8/p1p5/P1P1P3/KB6 w - -";
  DeadAt dead = dead_reports(validator, check, "1-0", "1. h7+ Kh8 2. e3 e6");
  EXPECT_EQ(dead.warnings, 1u);
  EXPECT_EQ(dead.ply, 2u);
  EXPECT_TRUE(dead.wrong_result);
  dead = dead_reports(validator, check, "1-0", "1. h7+ Kf8 2. e3 e6");
  EXPECT_EQ(dead.warnings, 0u);
  EXPECT_FALSE(dead.wrong_result);

  const char* jam = "8/8/5k2/1p6/1Ppp4/B1P5/R1KP4/QRB5 b - -";
  dead = dead_reports(validator, jam, "0-1", "1... d3+ 2. Kb2");
  EXPECT_TRUE(dead.wrong_result);
  dead = dead_reports(validator, jam, "1/2-1/2", "1... d3+ 2. Kb2 Kg5");
  EXPECT_EQ(dead.warnings, 1u);
  EXPECT_EQ(dead.ply, 2u);
  dead = dead_reports(validator, jam, "0-1", "1... d3+ 2. Kd1 Kg5");
  EXPECT_EQ(dead.warnings, 0u);
  EXPECT_FALSE(dead.wrong_result);
}

// (d) A set-up position that is dead already, played on with king moves only: the game
// ended before its first move. With a white knight on h1 it is not dead (the knight gets
// through).
TEST(UnwinnableGames, ADeadSetUpPositionEndsTheGameBeforeItsFirstMove) {
  GameValidator validator{ValidateOptions{}};
  const GameReport report =
      validate_text(validator, game_text("2k5/p1p1p1p1/P1P1P1P1/2p1p2K/8/8/2P1P1P1/8 w - -", "1-0",
                                         "", "1. Kg5 Kd8 2. Kh5"));
  const auto dead = problems(report, Code::DeadPosition);
  ASSERT_EQ(dead.size(), 1u);
  EXPECT_EQ(dead[0]->ply, 0u);
  EXPECT_TRUE(mentions(dead[0], "dead position in its starting position")) << dead[0]->message;
  const auto wrong = problems(report, Code::WrongResult);
  ASSERT_EQ(wrong.size(), 1u);
  EXPECT_TRUE(mentions(wrong[0], "ended in a dead position in its starting position"))
      << wrong[0]->message;
  const DeadAt alive = dead_reports(validator, "2k5/p1p1p1p1/P1P1P1P1/2p1p2K/8/8/2P1P1P1/7N w - -",
                                    "1-0", "1. Kg5 Kd8 2. Kh5");
  EXPECT_EQ(alive.warnings, 0u);
  EXPECT_FALSE(alive.wrong_result);
}

}  // namespace
}  // namespace pgn::testing_winnable
