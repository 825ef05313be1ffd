// What English's quick reading leaves in its trace for the notation detector: the first
// token and the first bytes of the tokens that are not pawn moves, whichever path (plain SAN
// from the bytes, or a MoveText) resolved each move.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "check/diagnostics_builder.hpp"
#include "check/replay.hpp"
#include "check/severity_rules.hpp"
#include "check/tag_checks.hpp"
#include "libpgn/result_forms.hpp"
#include "robustness.hpp"

namespace pgn {
namespace {

struct QuickReading {
  ValidateOptions options;
  ResultForms results;
  DiagnosticsBuilder diagnostics{SeverityRules(options)};
  GameReplay replay{options, results, diagnostics};
  RawGame game = testing::raw_game("");
  GameReport report;

  explicit QuickReading(ReadingTrace::Mode mode) {
    diagnostics.begin(game, report);
    replay.begin_reading(nullptr, nullptr);
    replay.begin_game();
    replay.start(GameTags{}, VariantName{});
    replay.trace().mode = mode;
  }
  void play(const std::vector<std::string_view>& tokens) {
    for (std::string_view token : tokens) replay.move(token, TextPos{});
  }
};

// "Nbd2" names its file and "exd5" captures: both are read through a MoveText; the others
// are plain SAN, resolved from their bytes.
const std::vector<std::string_view> kGame = {"e4",   "e5",  "Nf3", "Nc6",  "Bb5", "a6",
                                             "O-O",  "Nf6", "d4",  "exd4", "Re1", "Be7",
                                             "Nbd2", "d6",  "Kh1", "Qd7"};

TEST(ReadingTrace, QuickReadingKeepsTheFirstTokenAndThePieceLetters) {
  QuickReading r(ReadingTrace::Mode::Letters);
  r.play(kGame);
  ASSERT_EQ(r.report.moves_replayed, kGame.size());
  const ReadingTrace& trace = r.replay.trace();
  ASSERT_EQ(trace.read_tokens.size(), 1u);
  EXPECT_EQ(trace.read_tokens.front(), "e4");
  const detail::ByteSet letters = trace.letters();
  for (char piece : std::string_view("NBROKQ")) EXPECT_TRUE(letters.has(piece)) << piece;
  // Pawn moves start with their file: no file letter is a piece letter.
  for (char file = 'a'; file <= 'h'; ++file) EXPECT_FALSE(letters.has(file)) << file;
  EXPECT_FALSE(letters.has('P'));
}

TEST(ReadingTrace, OffRecordsNoToken) {
  QuickReading r(ReadingTrace::Mode::Off);
  r.play(kGame);
  EXPECT_TRUE(r.replay.trace().read_tokens.empty());
}

TEST(ReadingTrace, FullKeepsEveryTokenAndBothBytes) {
  QuickReading r(ReadingTrace::Mode::Full);
  r.play(kGame);
  const ReadingTrace& trace = r.replay.trace();
  EXPECT_EQ(trace.read_tokens, kGame);
  EXPECT_TRUE(trace.letters().has('b'));  // "Nbd2"'s second byte
}

TEST(ReadingTrace, ANewGameStartsEmpty) {
  QuickReading r(ReadingTrace::Mode::Letters);
  r.play(kGame);
  r.diagnostics.begin(r.game, r.report);
  r.replay.begin_game();
  r.replay.start(GameTags{}, VariantName{});
  r.play({"d4", "d5"});
  const ReadingTrace& trace = r.replay.trace();
  ASSERT_EQ(trace.read_tokens.size(), 1u);
  EXPECT_EQ(trace.read_tokens.front(), "d4");
  for (char piece : std::string_view("NBROKQ")) EXPECT_FALSE(trace.letters().has(piece)) << piece;
}

}  // namespace
}  // namespace pgn
