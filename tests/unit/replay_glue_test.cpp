// The replay's per-move bookkeeping: dead lines, ply limits, the notation trace. Each is a
// test folded into another on the per-move path (a line's ply limit, the trace's letter
// word); these games take the rare ways through them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "check/replay.hpp"
#include "libpgn/validator.hpp"
#include "validate_text.hpp"

namespace pgn {
namespace {

GameReport validated(const std::string& movetext, const ValidateOptions& options = {}) {
  return testing::validate_text(
      "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n"
      "[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n" +
          movetext,
      options);
}

std::vector<std::string> messages(const GameReport& report, Code code) {
  std::vector<std::string> found;
  for (const Diagnostic& d : report.problems)
    if (d.code == code) found.push_back(d.variation + ": " + d.message);
  return found;
}

// A variation right after the bad move replaces it and is replayed (its own bad move is
// reported); once a move was skipped on the dead line (here one the stale position could
// play), a variation has nothing to replace and is skipped.
TEST(ReplayGlue, DeadLineSkipsMovesAndKeepsTheVariationAfterTheBadMove) {
  const GameReport replaced = validated("1. e4 e5 2. Ke3 (2. Nf3 Nc6 3. Bb6) Nf6 3. d4 *\n");
  const auto replaced_illegal = messages(replaced, Code::IllegalMove);
  ASSERT_EQ(replaced_illegal.size(), 2u);
  EXPECT_NE(replaced_illegal[0].find("Ke3"), std::string::npos);
  EXPECT_NE(replaced_illegal[1].find("Bb6"), std::string::npos);
  EXPECT_EQ(replaced.plies, 2u);

  const GameReport skipped = validated("1. e4 e5 2. Ke3 Nf3 (2. Nf3 Nc6 3. Bb6) 3. d4 *\n");
  const auto skipped_illegal = messages(skipped, Code::IllegalMove);
  ASSERT_EQ(skipped_illegal.size(), 1u);
  EXPECT_NE(skipped_illegal[0].find("Ke3"), std::string::npos);
  EXPECT_EQ(skipped.moves_replayed, 2u);
}

// --max-plies stops the main line once, reported once, whether the limit falls on the first
// move (where an English reading also takes its first token) or later.
TEST(ReplayGlue, PlyLimitOnTheFirstMoveAndLater) {
  for (const std::uint32_t limit : {0u, 1u, 3u}) {
    ValidateOptions options;
    options.max_plies = limit;
    const GameReport report = validated("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n", options);
    EXPECT_EQ(report.plies, limit);
    EXPECT_EQ(messages(report, Code::LimitExceeded).size(), 1u) << limit;
    EXPECT_EQ(report.notation, "en");
  }
}

// A variation's moves are not bound by the main line's limit.
TEST(ReplayGlue, VariationsAreNotBoundByTheMainLinesLimit) {
  ValidateOptions options;
  options.max_plies = 2;
  const GameReport report = validated("1. e4 e5 (1... c5 2. Nf3 d6 3. d4 Qb6) *\n", options);
  EXPECT_EQ(report.plies, 2u);
  EXPECT_EQ(report.moves_replayed, 7u);
  EXPECT_TRUE(messages(report, Code::LimitExceeded).empty());
}

// The quick reading's letter word names its bytes: piece letters and castling's O are
// folded into the compared letters, file letters (plain pawn moves) are not.
TEST(ReplayGlue, PlainLettersFoldIntoTheReadBytes) {
  ReadingTrace trace;
  for (const char c : {'N', 'O', 'K', 'a', 'h', 'e'})
    trace.plain_letters |= std::uint64_t{1} << (static_cast<unsigned char>(c) & 63);
  trace.fold_plain_letters();
  for (const char c : {'N', 'O', 'K'}) EXPECT_TRUE(trace.read_bytes.has(c)) << c;
  for (const char c : {'a', 'h', 'e', 'B', 'Q', '!', '.'})
    EXPECT_FALSE(trace.read_bytes.has(c)) << c;
}

}  // namespace
}  // namespace pgn
