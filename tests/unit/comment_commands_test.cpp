// The reader of [%clk], [%emt], [%eval] and [%timestamp] in move comments.
#include "libpgn/comment_commands.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pgn {
namespace {

CommentCommands read(std::string_view comment,
                     std::vector<CommentCommandWarning>* warnings = nullptr) {
  CommentCommands c;
  read_comment_commands(comment, c, warnings);
  return c;
}

TEST(CommentCommands, ClockInHoursMinutesSeconds) {
  EXPECT_DOUBLE_EQ(*read("[%clk 0:05:00]").clock, 300.0);
  EXPECT_DOUBLE_EQ(*read("[%clk 1:05:22]").clock, 3922.0);
  EXPECT_DOUBLE_EQ(*read("[%clk 0:00:59.9]").clock, 59.9);
  EXPECT_DOUBLE_EQ(*read("[%clk 12:00:00.25]").clock, 43200.25);
  EXPECT_DOUBLE_EQ(*read("[%clk 4:59]").clock, 299.0);  // minutes and seconds
  EXPECT_FALSE(read("[%clk 0:05:00]").emt);
}

TEST(CommentCommands, ElapsedMoveTime) {
  const CommentCommands c = read("[%emt 0:00:07] [%clk 0:04:53]");
  EXPECT_DOUBLE_EQ(*c.emt, 7.0);
  EXPECT_DOUBLE_EQ(*c.clock, 293.0);
}

TEST(CommentCommands, EvalInPawnsAsCentipawns) {
  EXPECT_EQ(*read("[%eval 0.31]").eval->centipawns, 31);
  EXPECT_EQ(*read("[%eval -1.5]").eval->centipawns, -150);
  EXPECT_EQ(*read("[%eval +3]").eval->centipawns, 300);
  EXPECT_EQ(*read("[%eval 0]").eval->centipawns, 0);
  EXPECT_EQ(*read("[%eval .5]").eval->centipawns, 50);
  EXPECT_EQ(*read("[%eval 0.125]").eval->centipawns, 13);  // rounded half away from zero
  EXPECT_EQ(*read("[%eval -0.124]").eval->centipawns, -12);
  EXPECT_FALSE(read("[%eval 0.31]").eval->mate);
  EXPECT_FALSE(read("[%eval 0.31]").eval->depth);
}

TEST(CommentCommands, EvalMates) {
  EXPECT_EQ(*read("[%eval #-3]").eval->mate, -3);
  EXPECT_EQ(*read("[%eval #7]").eval->mate, 7);
  EXPECT_EQ(*read("[%eval #+2]").eval->mate, 2);
  EXPECT_FALSE(read("[%eval #-3]").eval->centipawns);
}

TEST(CommentCommands, EvalWithDepth) {
  const Evaluation e = *read("[%eval 0.31,20]").eval;
  EXPECT_EQ(*e.centipawns, 31);
  EXPECT_EQ(*e.depth, 20u);
  const Evaluation m = *read("[%eval #-3, 18]").eval;
  EXPECT_EQ(*m.mate, -3);
  EXPECT_EQ(*m.depth, 18u);
}

TEST(CommentCommands, ChessComTimestamp) {
  const CommentCommands c = read("[%clk 0:02:59.9][%timestamp 15]");
  EXPECT_EQ(*c.timestamp, 15u);
  EXPECT_DOUBLE_EQ(*c.clock, 179.9);
}

TEST(CommentCommands, AmongTextAndOtherCommands) {
  const CommentCommands c =
      read("A fine move. [%csl Gd4,Re5] [%eval 0.17] [%cal Ge2e4] then [%clk 0:01:00]");
  EXPECT_EQ(*c.eval->centipawns, 17);
  EXPECT_DOUBLE_EQ(*c.clock, 60.0);
  EXPECT_TRUE(read("no commands here").empty());
  EXPECT_TRUE(read("[%csl Gd4]").empty());
}

TEST(CommentCommands, LaterCommentsOfAMoveAddToTheSameValues) {
  CommentCommands c;
  read_comment_commands("[%eval 0.2]", c);
  read_comment_commands("[%clk 0:00:10]", c);
  read_comment_commands("[%eval #1]", c);
  EXPECT_DOUBLE_EQ(*c.clock, 10.0);
  EXPECT_EQ(*c.eval->mate, 1);
  EXPECT_FALSE(c.eval->centipawns);
}

TEST(CommentCommands, MalformedCommandsAreWarningsNamingTheCommand) {
  struct Case {
    const char* comment;
    const char* command;
  };
  for (const Case& k :
       {Case{"[%clk 5 minutes]", "clk"}, Case{"[%clk 0:61:00]", "clk"}, Case{"[%clk]", "clk"},
        Case{"[%clk 0:05:00.]", "clk"}, Case{"[%emt -0:00:01]", "emt"},
        Case{"[%eval good]", "eval"}, Case{"[%eval #]", "eval"}, Case{"[%eval 0.3,]", "eval"},
        Case{"[%eval 1.2.3]", "eval"}, Case{"[%timestamp 1.5]", "timestamp"},
        Case{"[%clk 0:05:00", "clk"}}) {
    std::vector<CommentCommandWarning> warnings;
    const CommentCommands c = read(k.comment, &warnings);
    EXPECT_TRUE(c.empty()) << k.comment;
    ASSERT_EQ(warnings.size(), 1u) << k.comment;
    EXPECT_EQ(warnings[0].command, k.command);
    EXPECT_EQ(warnings[0].offset, 0u);
    EXPECT_NE(warnings[0].message.find(std::string("[%") + k.command), std::string::npos)
        << warnings[0].message;
  }
}

TEST(CommentCommands, AMalformedCommandLeavesTheOthers) {
  std::vector<CommentCommandWarning> warnings;
  const CommentCommands c = read("good {[%clk x}] [%eval 0.5]", &warnings);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].message, "[%clk x}]: clock expected as H:MM:SS or H:MM:SS.f");
  EXPECT_EQ(warnings[0].offset, 6u);
  EXPECT_EQ(*c.eval->centipawns, 50);
  EXPECT_FALSE(c.clock);
}

TEST(CommentCommands, UnknownCommandsAreNoWarnings) {
  std::vector<CommentCommandWarning> warnings;
  read("[%csl junk] [%mdl 8192] [%", &warnings);
  EXPECT_TRUE(warnings.empty());
  EXPECT_FALSE(has_comment_command("just text [ % ]"));
  EXPECT_TRUE(has_comment_command("x [%clk 0:00:01]"));
}

// lichess's "[%clk H:MM:SS]" is read at once; what that reading refuses is read as any other.
TEST(CommentCommands, ShortClocksReadAsLongOnes) {
  const CommentCommands one = read(" [%clk 9:59:59] ");
  EXPECT_EQ(*one.clock, 35999.0);
  const CommentCommands two = read("[%clk 0:05:00][%clk 0:04:59]");
  EXPECT_EQ(*two.clock, 299.0);
  const CommentCommands long_hours = read("[%clk 10:00:00]");
  EXPECT_EQ(*long_hours.clock, 36000.0);
  std::vector<CommentCommandWarning> warnings;
  const CommentCommands bad = read("[%clk 0:60:00] [%clk 0:0a:00]", &warnings);
  EXPECT_FALSE(bad.clock);
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_EQ(warnings[1].offset, 15u);
}

}  // namespace
}  // namespace pgn
