// The reader of [%clk], [%emt], [%eval] and [%timestamp] in move comments.
#include "libpgn/comment_commands.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "read/clock_comment.hpp"

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

// The validator's in-place test of lichess's " [%clk H:MM:SS] " must never pass a comment
// whose clock does not read, and must pass every one that is exactly that form and reads: every
// byte of the form replaced by every byte value, and every length around it.
TEST(CommentCommands, PlainClockCommentAgreesWithTheReader) {
  const std::string form = " [%clk 0:05:00] ";
  const auto reads_as_one_clean_clock = [](std::string_view text) {
    CommentCommands out;
    std::vector<CommentCommandWarning> warnings;
    read_comment_commands(text, out, &warnings);
    return out.clock && !out.emt && !out.eval && !out.timestamp && warnings.empty();
  };
  EXPECT_TRUE(detail::is_plain_clock_comment(form));
  std::size_t passed = 0;
  for (std::size_t i = 0; i < form.size(); ++i) {
    for (int byte = 0; byte < 256; ++byte) {
      std::string text = form;
      text[i] = char(byte);
      if (!detail::is_plain_clock_comment(text)) continue;
      ++passed;
      EXPECT_TRUE(reads_as_one_clean_clock(text)) << "'" << text << "'";
    }
  }
  // The unchanged form once per position, and each digit's other well-formed values.
  EXPECT_EQ(passed, form.size() + 9 + 5 + 9 + 5 + 9);
  for (const char* text : {" [%clk 9:59:59] ", " [%clk 1:00:00] "})
    EXPECT_TRUE(detail::is_plain_clock_comment(text)) << text;
  for (const char* text : {" [%clk 0:60:00] ", " [%clk 0:05:60] ", "[%clk 0:05:00]",
                           " [%clk 0:05:00]  ", " [%clk 10:05:00] ", " [%clk 0:05:00.5] "})
    EXPECT_FALSE(detail::is_plain_clock_comment(text)) << text;
}

// Lichess's " [%eval V] [%clk H:MM:SS] " likewise: every byte of some well-formed comments
// replaced by every byte value, and bytes left out; whatever the in-place test passes must read
// as a clean clock and evaluation.
TEST(CommentCommands, PlainLichessCommentAgreesWithTheReader) {
  const auto reads_clean = [](std::string_view text) {
    CommentCommands out;
    std::vector<CommentCommandWarning> warnings;
    read_comment_commands(text, out, &warnings);
    return out.clock && out.eval && !out.emt && !out.timestamp && warnings.empty();
  };
  const std::vector<std::string> forms = {
      " [%eval 0.17] [%clk 0:05:00] ", " [%eval -1.5] [%clk 1:59:59] ",
      " [%eval #-3] [%clk 0:00:09] ", " [%eval #12] [%clk 0:00:09] ",
      " [%eval 123.45] [%clk 0:00:09] "};
  std::size_t passed = 0;
  for (const std::string& form : forms) {
    EXPECT_TRUE(detail::is_plain_lichess_comment(form)) << form;
    for (std::size_t i = 0; i < form.size(); ++i) {
      std::string shorter = form;
      shorter.erase(i, 1);
      if (detail::is_plain_lichess_comment(shorter)) {
        ++passed;
        EXPECT_TRUE(reads_clean(shorter)) << "'" << shorter << "'";
      }
      for (int byte = 0; byte < 256; ++byte) {
        std::string text = form;
        text[i] = char(byte);
        if (!detail::is_plain_lichess_comment(text)) continue;
        ++passed;
        EXPECT_TRUE(reads_clean(text)) << "'" << text << "'";
      }
    }
  }
  EXPECT_GT(passed, 0u);
  // Every evaluation lichess writes takes the in-place test, with the value the reader gives.
  for (int centipawns = -99900; centipawns <= 99900; centipawns += 37) {
    for (const char* format : {"%.2f", "%.1f"}) {
      char value[16];
      std::snprintf(value, sizeof value, format, centipawns / 100.0);
      const std::string text = std::string(" [%eval ") + value + "] [%clk 0:01:00] ";
      EXPECT_TRUE(detail::is_plain_lichess_comment(text)) << text;
      EXPECT_TRUE(reads_clean(text)) << text;
    }
  }
  for (int moves = -120; moves <= 120; ++moves) {
    const std::string text = " [%eval #" + std::to_string(moves) + "] [%clk 0:01:00] ";
    EXPECT_TRUE(detail::is_plain_lichess_comment(text)) << text;
    EXPECT_TRUE(reads_clean(text)) << text;
  }
  for (const char* text : {" [%eval 0.17,20] [%clk 0:05:00] ", " [%eval 1234.5] [%clk 0:05:00] ",
                           " [%eval .5] [%clk 0:05:00] ", " [%eval 0.123] [%clk 0:05:00] ",
                           " [%eval #] [%clk 0:05:00] ", " [%eval 0.1] [%clk 0:65:00] ",
                           " [%eval 0.1]  [%clk 0:05:00] "})
    EXPECT_FALSE(detail::is_plain_lichess_comment(text)) << text;
}

}  // namespace
}  // namespace pgn
