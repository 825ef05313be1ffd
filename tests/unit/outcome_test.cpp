// The outcome of a game (its result and why it ended) and the result forms of the notation
// tables, read by the parser and the validator from the tables' data.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "libpgn/notation.hpp"
#include "libpgn/reader.hpp"
#include "libpgn/result_forms.hpp"
#include "libpgn/types.hpp"
#include "libpgn/validator.hpp"
#include "validate_text.hpp"

namespace pgn {
namespace {

GameReport check(const std::string& text, const ValidateOptions& options = {}) {
  return testing::validate_text(text, options);
}

bool has(const GameReport& report, Code code) {
  for (const Diagnostic& d : report.problems)
    if (d.code == code) return true;
  return false;
}

TEST(Outcome, CheckmateStalemateAndDeadPositions) {
  GameReport mate = check("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0");
  EXPECT_EQ(mate.outcome.result, GameResult::WhiteWins);
  EXPECT_EQ(mate.outcome.reason, EndReason::Checkmate);
  EXPECT_TRUE(mate.outcome.decisive());
  EXPECT_EQ(mate.outcome.winner(), White);

  // Sam Loyd's ten-move stalemate.
  GameReport stalemate = check(
      "1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 "
      "8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6 1/2-1/2");
  EXPECT_EQ(stalemate.outcome.result, GameResult::Draw);
  EXPECT_EQ(stalemate.outcome.reason, EndReason::Stalemate);
  EXPECT_EQ(stalemate.errors, 0u);

  GameReport bare_kings =
      check("[SetUp \"1\"]\n[FEN \"8/8/8/4k3/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 Kd4 1/2-1/2");
  EXPECT_EQ(bare_kings.outcome.reason, EndReason::InsufficientMaterial);

  GameReport unfinished = check("1. e4 e5 *");
  EXPECT_EQ(unfinished.outcome.result, GameResult::Unknown);
  EXPECT_EQ(unfinished.outcome.reason, EndReason::Unknown);
}

TEST(Outcome, AutomaticDrawsAndTime) {
  std::string shuffle;
  for (int i = 0; i < 4; ++i) shuffle += "Nf3 Nf6 Ng1 Ng8 ";
  GameReport fivefold = check(shuffle + "1/2-1/2");
  EXPECT_EQ(fivefold.outcome.reason, EndReason::FivefoldRepetition);
  GameReport fourfold = check("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 1/2-1/2");
  EXPECT_EQ(fourfold.outcome.reason, EndReason::Unknown);

  GameReport flag =
      check("[Result \"0-1\"]\n[Termination \"time forfeit\"]\n\n1. e4 e5 2. Nf3 Nc6 0-1");
  EXPECT_EQ(flag.outcome.result, GameResult::BlackWins);
  EXPECT_EQ(flag.outcome.reason, EndReason::Time);
}

// The crosstable forms and decimal draws are data of en.json: read as results, not rejected
// as unknown markers.
TEST(ResultForms, TableFormsAreResults) {
  GameResult read;
  ASSERT_TRUE(ResultForms::builtin().read("+:-", read));
  EXPECT_EQ(read, GameResult::WhiteWins);
  ASSERT_TRUE(ResultForms::builtin().read("0.5-0.5", read));
  EXPECT_EQ(read, GameResult::Draw);
  EXPECT_FALSE(ResultForms::builtin().contains("1-1"));

  GameReport forfeit = check("1. e4 e5 +:-");
  EXPECT_EQ(forfeit.result, GameResult::WhiteWins);
  EXPECT_FALSE(has(forfeit, Code::Syntax));
}

// A user's table adds a result form: the parser then ends the movetext there, and the
// validator reads it as the result the table says.
TEST(ResultForms, UserTableAddsAForm) {
  std::ifstream in(LIBPGN_SOURCE_DIR "/localization/en.json");
  std::stringstream json;
  json << in.rdbuf();
  std::string text = json.str();
  const std::string code = "\"code\": \"en\"";
  ASSERT_NE(text.find(code), std::string::npos);
  text.replace(text.find(code), code.size(), "\"code\": \"en-dash\"");
  const std::string draws = "\"draw\": [";
  text.insert(text.find(draws) + draws.size(), "\"\xC2\xBD\xC2\xB7\xC2\xBD\", ");
  std::string error;
  auto table = parse_notation_json(text, error);
  ASSERT_TRUE(table) << error;

  const std::string game = "1. e4 e5 \xC2\xBD\xC2\xB7\xC2\xBD";  // "½·½", a middle dot
  GameReport without = check(game);
  EXPECT_FALSE(without.result.has_value());
  EXPECT_TRUE(without.has_errors());

  ValidateOptions options;
  options.extra_notations.push_back(table.get());
  GameReport with = check(game, options);
  EXPECT_EQ(with.result, GameResult::Draw);
  EXPECT_EQ(with.outcome.result, GameResult::Draw);
  EXPECT_FALSE(with.has_errors());
}

}  // namespace
}  // namespace pgn
