// Per-game budgets and broken input at small sizes: each budget, when exceeded, is a
// limit-exceeded problem for that game (never a crash), the game is still counted, and the
// games after it are read normally. The large versions are in robustness_slowtest.cpp.
#include "robustness.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "libpgn/reader.hpp"
#include "libpgn/validator.hpp"

namespace pgn {
namespace {

using testing::has_code;
using testing::validate_all;

const std::string kValidGame =
    "[Event \"ok\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";

testing::ReadTotals validate_text(const std::string& text, const ValidateOptions& options = {},
                                  const SplitterOptions& splitter = {}) {
  auto source = InputSource::from_memory(text);
  return validate_all(*source, options, splitter);
}

TEST(Budgets, PliesPerLine) {
  ValidateOptions options;
  options.max_plies = 10;
  std::string game = "[Event \"long\"]\n\n";
  for (int i = 0; i < 5; ++i) game += "Nf3 Nf6 Ng1 Ng8 ";
  game += "*\n\n";
  const auto totals = validate_text(game + kValidGame, options);
  ASSERT_EQ(totals.games, 2u);
  EXPECT_EQ(totals.first_reports[0].plies, 10u);
  EXPECT_TRUE(has_code(totals.first_reports[0], Code::LimitExceeded));
  EXPECT_TRUE(totals.first_reports[0].has_errors());
  EXPECT_FALSE(totals.first_reports[1].has_errors());
}

TEST(Budgets, VariationDepth) {
  ValidateOptions options;
  options.parse_limits.max_variation_depth = 3;
  const std::string deep = "[Event \"deep\"]\n\n1. e4 (1. d4 (1. c4 (1. Nf3 (1. b3) ) ) ) e5 *\n\n";
  const auto totals = validate_text(deep + kValidGame, options);
  ASSERT_EQ(totals.games, 2u);
  EXPECT_TRUE(has_code(totals.first_reports[0], Code::LimitExceeded));
  EXPECT_EQ(totals.first_reports[0].plies, 2u);  // the main line goes on after the skipped part
  EXPECT_FALSE(totals.first_reports[1].has_errors());

  options.parse_limits.max_variation_depth = 4;
  EXPECT_FALSE(has_code(validate_text(deep, options).first_reports[0], Code::LimitExceeded));
}

TEST(Budgets, CommentBytes) {
  ValidateOptions options;
  options.parse_limits.max_comment_bytes = 100;
  const std::string game = "[Event \"c\"]\n\n1. e4 {" + std::string(101, 'c') + "} e5 ; " +
                           std::string(101, 'd') + "\n2. Nf3 {" + std::string(100, 'e') + "} *\n\n";
  const auto totals = validate_text(game + kValidGame, options);
  ASSERT_EQ(totals.games, 2u);
  EXPECT_EQ(totals.by_code[int(Code::LimitExceeded)], 2u);  // the brace and the ';' comment
  EXPECT_EQ(totals.first_reports[0].plies, 3u);
  EXPECT_FALSE(totals.first_reports[1].has_errors());
}

// Lichess's clock comment, which the validator passes over from its bytes, is held to the
// limit as every comment is: 16 bytes between its braces.
TEST(Budgets, ClockCommentBytes) {
  const std::string game = "[Event \"c\"]\n\n1. e4 { [%clk 0:05:00] } e5 { [%clk 0:04:59] } *\n\n";
  for (const std::uint64_t limit : {15u, 16u}) {
    ValidateOptions options;
    options.parse_limits.max_comment_bytes = limit;
    const auto totals = validate_text(game + kValidGame, options);
    ASSERT_EQ(totals.games, 2u);
    EXPECT_EQ(totals.by_code[int(Code::LimitExceeded)], limit < 16 ? 2u : 0u) << limit;
    EXPECT_EQ(totals.first_reports[0].plies, 2u);
  }
}

TEST(Budgets, GameBytes) {
  SplitterOptions splitter;
  splitter.max_game_bytes = 1000;
  std::string game = "[Event \"big\"]\n\n1. e4 {" + std::string(5000, 'z') + "} *\n\n";
  const auto totals = validate_text(game + kValidGame, {}, splitter);
  ASSERT_EQ(totals.games, 2u);
  EXPECT_EQ(totals.truncated, 1u);
  EXPECT_TRUE(has_code(totals.first_reports[0], Code::LimitExceeded));
  EXPECT_FALSE(totals.first_reports[1].has_errors());
}

TEST(Budgets, TagsPerGame) {
  ValidateOptions options;
  options.parse_limits.max_tags = 20;
  std::string game;
  for (int i = 0; i < 50; ++i) game += "[T" + std::to_string(i) + " \"v\"]\n";
  game += "\n1. e4 *\n\n";
  const auto totals = validate_text(game + kValidGame, options);
  ASSERT_EQ(totals.games, 2u);
  EXPECT_EQ(totals.by_code[int(Code::LimitExceeded)], 1u);
  EXPECT_EQ(totals.first_reports[0].plies, 1u);
}

TEST(BrokenInput, NulBytesAreOneProblemPerRun) {
  static const char raw[] = "[Event \"a\0b\"]\n\n1. e4 \0\0\0 e5 {x\0y} *\n\n";
  const std::string game(raw, sizeof raw - 1);
  const auto totals = validate_text(game + kValidGame);
  ASSERT_EQ(totals.games, 2u);
  EXPECT_EQ(totals.first_reports[0].plies, 2u);
  EXPECT_EQ(totals.by_code[int(Code::Syntax)], 1u);  // the run of three NULs in movetext
  EXPECT_FALSE(totals.first_reports[1].has_errors());
}

TEST(BrokenInput, InvalidUtf8IsDecodedAndReported) {
  const std::string game = "[Event \"Caf\xE9\"]\n[White \"\xFF\xFE\"]\n\n1. e4 {\xC3\x28} e5 *\n\n";
  const auto totals = validate_text(game + kValidGame);
  ASSERT_EQ(totals.games, 2u);
  EXPECT_TRUE(has_code(totals.first_reports[0], Code::Encoding));
  EXPECT_EQ(totals.first_reports[0].plies, 2u);
  EXPECT_FALSE(has_code(totals.first_reports[1], Code::Encoding));
}

TEST(BrokenInput, EscapedQuotesInTagValues) {
  std::string value;
  for (int i = 0; i < 10000; ++i) value += "\\\"\\\\";
  const std::string game = "[Event \"" + value + "\"]\n[Site \"x\\\"]\n\n1. e4 *\n\n";
  const auto totals = validate_text(game + kValidGame);
  ASSERT_EQ(totals.games, 2u);
  EXPECT_EQ(totals.first_reports[0].plies, 1u);
  EXPECT_EQ(unescape_tag_value(value), [] {
    std::string s;
    for (int i = 0; i < 10000; ++i) s += "\"\\";
    return s;
  }());
}

TEST(BrokenInput, EveryCutOfAGameIsAccounted) {
  // Any prefix of a file (a half-downloaded dump) reads as whole games plus one cut game.
  const std::string text =
      kValidGame + "[Event \"two\"]\n\n1. d4 {note (x} d5 (2... e6) 2. c4 $1 *\n\n" + kValidGame;
  for (std::size_t cut = 0; cut <= text.size(); ++cut) {
    const auto totals = validate_text(text.substr(0, cut));
    EXPECT_EQ(totals.games_valid + totals.games_with_errors, totals.games) << cut;
    EXPECT_LE(totals.games, 3u) << cut;
  }
}

// Inputs that once broke the reading path (corpora/regressions/pgn/), each read the way the
// pipeline reads a file: one splitter, one validator for all its games.
TEST(RegressionInputs, EveryFileIsReadAndAccounted) {
  const std::filesystem::path dir =
      std::filesystem::path(LIBPGN_SOURCE_DIR) / "corpora/regressions/pgn";
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::string error;
    auto source = InputSource::open(entry.path().string(), error);
    ASSERT_TRUE(source) << error;
    const auto totals = validate_all(*source);
    EXPECT_GT(totals.games, 0u) << entry.path();
    EXPECT_EQ(totals.games_valid + totals.games_with_errors, totals.games) << entry.path();
    ++files;
  }
  EXPECT_GT(files, 0);
}

TEST(RegressionInputs, NotationDetectionAfterAGermanGame) {
  // The second game reads as English and, differently, as German (B = Bauer); detection
  // that starts with the previous game's notation must still pick English without crashing.
  const auto totals = validate_text(
      "[Event \"de\"]\n[Result \"*\"]\n\n1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 *\n\n"
      "[Event \"en\"]\n[Result \"*\"]\n\n1. d4 d5 2. Bf4 *\n\n");
  ASSERT_EQ(totals.games, 2u);
  EXPECT_EQ(totals.first_reports[0].notation, "de/sv/da/no/hr/sl/sr");  // letters they share
  EXPECT_EQ(totals.first_reports[1].notation, "en");
  EXPECT_EQ(totals.first_reports[1].plies, 3u);
}

// Two legal, different readings are reported whichever notation detection tries first:
// English first (no previous game, or an English one) or the previous game's notation.
TEST(RegressionInputs, AmbiguousNotationWhateverTheOrderOfTrying) {
  const std::string ambiguous = "[Event \"en\"]\n[Result \"*\"]\n\n1. d4 d5 2. Bf4 *\n\n";
  const std::string german =
      "[Event \"de\"]\n[Result \"*\"]\n\n1. e4 e5 2. Sf3 Sc6 3. Sxe5 Sxe5 *\n\n";
  const std::string english =
      "[Event \"en\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Qe7 4. O-O Kd8 5. Re1 *\n\n";
  for (const std::string& text : {ambiguous, english + ambiguous, german + ambiguous}) {
    const auto totals = validate_text(text);
    const GameReport& last = totals.first_reports.back();
    EXPECT_EQ(last.notation, "en") << text;
    EXPECT_TRUE(has_code(last, Code::AmbiguousNotation)) << text;
    for (std::size_t i = 0; i + 1 < totals.first_reports.size(); ++i)
      EXPECT_FALSE(has_code(totals.first_reports[i], Code::AmbiguousNotation)) << text;
  }
  // The case the notation docs give: a rook in English, a knight in Finnish and others.
  const auto rook = validate_text("[Result \"*\"]\n\n1. h4 h5 2. Rh3 *\n");
  EXPECT_TRUE(has_code(rook.first_reports[0], Code::AmbiguousNotation));
}

// Issue 16 item 9, refined by issue 28 item 5: a game written in English letters whose English
// reading fails, and which a notation using the same letters for other pieces reads whole
// ("Kg1" as the Turkish rook move), is in doubt: alone it is said to be (ambiguous-notation);
// among English games it is English with an illegal move (NotationEvidence tests). Letters
// English does not use select the other notation.
TEST(RegressionInputs, EnglishLettersAreReadInEnglish) {
  const auto king = validate_text(
      "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n[Result \"*\"]\n\n1. Kg1 *\n");
  ASSERT_EQ(king.games, 1u);
  EXPECT_TRUE(has_code(king.first_reports[0], Code::AmbiguousNotation));
  EXPECT_FALSE(has_code(king.first_reports[0], Code::IllegalMove));
  // Told it is English, it is.
  ValidateOptions english;
  english.notation = &english_notation();
  const auto told = validate_text(
      "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n[Result \"*\"]\n\n1. Kg1 *\n",
      english);
  EXPECT_TRUE(has_code(told.first_reports[0], Code::IllegalMove));
  const auto turkish = validate_text(
      "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n[Result \"*\"]\n\n"
      "1. Kg1 Şd7 2. Şf2 *\n");
  EXPECT_EQ(turkish.first_reports[0].notation, "tr");
  EXPECT_FALSE(has_code(turkish.first_reports[0], Code::IllegalMove));
}

}  // namespace
}  // namespace pgn
