// GameRecord's texts: a SAN or comment of up to GameEvent::kInPlace bytes is kept in its event,
// a longer one in the record's `texts`, and text() gives either the same way.
#include "libpgn/game_record.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "libpgn/validator.hpp"

namespace pgn {
namespace {

std::vector<std::string> texts_of(const GameRecord& record) {
  std::vector<std::string> texts;
  for (const GameEvent& e : record.events) texts.emplace_back(record.text(e));
  return texts;
}

// The record the validator keeps of one game's text.
GameRecord validated_record(const std::string& text) {
  RawGame game;
  game.text = text;
  game.index = 1;
  GameValidator validator(ValidateOptions{});
  GameReport report;
  GameRecord record;
  validator.validate(game, report, &record);
  return record;
}

TEST(GameRecord, ShortTextsAreKeptInTheirEvents) {
  GameRecord record;
  const std::string sixteen = " [%clk 0:05:00] ";
  const std::string seventeen = " [%clk 10:05:00] ";
  ASSERT_EQ(sixteen.size(), GameEvent::kInPlace);
  record.add_move(Move(Square(12), Square(28)), "e4");
  record.add_comment(sixteen);
  record.add(GameEvent::Nag, 1);
  record.add_comment("");
  EXPECT_EQ(record.texts, "");  // nothing appended: every text is in its event
  record.add_comment(seventeen);
  EXPECT_EQ(record.texts, seventeen);
  EXPECT_EQ(texts_of(record), (std::vector<std::string>{"e4", sixteen, "", "", seventeen}));
  // A copy of the record has its own texts.
  const GameRecord copy = record;
  record.clear();
  EXPECT_EQ(texts_of(copy), (std::vector<std::string>{"e4", sixteen, "", "", seventeen}));
}

TEST(GameRecord, ExtendingATextMovesItToTextsWhenItNoLongerFits) {
  GameRecord record;
  record.add_comment("a long comment that is kept in texts");
  GameEvent& in_place = record.add_move(Move(Square(12), Square(28)), "fifteen bytes..");
  record.extend_text(in_place, "+");  // 16: still in place
  EXPECT_EQ(record.text(record.events.back()), "fifteen bytes..+");
  record.extend_text(record.events.back(), "#");  // 17: moved to texts, then extended there
  record.extend_text(record.events.back(), "!");
  EXPECT_EQ(record.text(record.events.back()), "fifteen bytes..+#!");
  EXPECT_EQ(record.texts, "a long comment that is kept in textsfifteen bytes..+#!");
  EXPECT_EQ(record.text(record.events.front()), "a long comment that is kept in texts");
}

// The validator's record: the SAN with its check or mate sign, made canonical where the token
// was not, and the comments, whatever their size.
TEST(GameRecord, TheValidatorsRecordKeepsSanWithSignsAndComments) {
  const std::string long_comment = "a comment longer than sixteen bytes";
  const GameRecord record =
      validated_record("[Event \"e\"]\n\n1. e4 { [%clk 0:05:00] } e5 2. Qh5 Nc6 3. Bc4 { " +
                       long_comment + " } Nf6 4. Qxf7+ 1-0\n");
  EXPECT_EQ(texts_of(record),
            (std::vector<std::string>{"e4", " [%clk 0:05:00] ", "e5", "Qh5", "Nc6", "Bc4",
                                      " " + long_comment + " ", "Nf6", "Qxf7#"}));
  EXPECT_EQ(record.texts, " " + long_comment + " ");
}

// Only the comments that is_plain_clock_comment accepts are marked kPlainClock: a clock with
// other words, a malformed time, or another command is not.
TEST(GameRecord, TheValidatorMarksPlainClockComments) {
  const GameRecord record = validated_record(
      "[Event \"e\"]\n\n1. e4 { [%clk 0:05:00] } e5 { [%clk 0:05:60] } 2. Nf3 { [%clk 0:04:59] "
      "} Nc6 {[%clk 0:04:58]} 3. Bb5 { [%emt 0:00:01] } a6 { [%clk 1:59:59] } *\n");
  std::vector<std::string> marked, unmarked;
  for (const GameEvent& e : record.events) {
    if (e.kind != GameEvent::Comment) continue;
    (e.nag == GameEvent::kPlainClock ? marked : unmarked).emplace_back(record.text(e));
  }
  EXPECT_EQ(marked,
            (std::vector<std::string>{" [%clk 0:05:00] ", " [%clk 0:04:59] ", " [%clk 1:59:59] "}));
  EXPECT_EQ(unmarked,
            (std::vector<std::string>{" [%clk 0:05:60] ", "[%clk 0:04:58]", " [%emt 0:00:01] "}));
}

// The record's events read as a vector's: grown past their first room, copied, moved, cut and
// lengthened.
TEST(GameRecord, EventsGrowCopyAndResizeAsAVector) {
  GameRecord record;
  for (int i = 0; i < 1000; ++i)
    record.add_move(Move(Square(i % 64), Square((i + 1) % 64)), std::to_string(i));
  ASSERT_EQ(record.events.size(), 1000u);
  EXPECT_GE(record.events.capacity(), 1000u);
  for (int i = 0; i < 1000; ++i) {
    ASSERT_EQ(record.text(record.events[std::size_t(i)]), std::to_string(i));
    ASSERT_EQ(record.events[std::size_t(i)].move, Move(Square(i % 64), Square((i + 1) % 64)));
  }
  GameRecord copy = record;
  record.events.resize(10);
  EXPECT_EQ(record.events.size(), 10u);
  EXPECT_EQ(copy.events.size(), 1000u);
  EXPECT_EQ(copy.text(copy.events.back()), "999");
  record.events.resize(12);  // default events added
  EXPECT_EQ(record.events.back().kind, GameEvent::MoveEvent);
  EXPECT_EQ(record.text(record.events.back()), "");
  GameRecord moved = std::move(copy);
  EXPECT_EQ(moved.events.size(), 1000u);
  EXPECT_EQ(moved.text(moved.events.front()), "0");
  copy = moved;  // assigned after the move
  EXPECT_EQ(copy.events.size(), 1000u);
  copy = copy;  // NOLINT: itself
  EXPECT_EQ(copy.text(copy.events[500]), "500");
  record.clear();
  EXPECT_TRUE(record.events.empty());
  EXPECT_EQ(record.events.begin(), record.events.end());
}

}  // namespace
}  // namespace pgn
