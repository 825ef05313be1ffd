// The small languages of pgn select: ranges, dates, ECO codes, material patterns, and the
// repetition rule's comparison of positions; then whole selections on games in memory.
#include "libpgn/select.hpp"

#include <gtest/gtest.h>

namespace pgn {
namespace {

ValueRange range(std::string_view text, RangeKind kind = RangeKind::Number) {
  ValueRange r;
  std::string error;
  EXPECT_TRUE(parse_value_range(text, kind, r, error)) << text << ": " << error;
  return r;
}

TEST(ValueRange, Forms) {
  EXPECT_EQ(range(">=2600").low, 2600);
  EXPECT_EQ(range(">2600").low, 2601);
  EXPECT_EQ(range("<2600").high, 2599);
  EXPECT_EQ(range("<=2600").high, 2600);
  EXPECT_TRUE(range("40..").contains(40));
  EXPECT_FALSE(range("40..").contains(39));
  EXPECT_TRUE(range("..40").contains(40));
  EXPECT_FALSE(range("..40").contains(41));
  EXPECT_TRUE(range("2500").contains(2500));
  EXPECT_FALSE(range("=2500").contains(2501));
}

TEST(ValueRange, Rejected) {
  ValueRange r;
  std::string error;
  for (std::string_view bad : {"", "..", ">=", "abc", "30..20", "1e3"})
    EXPECT_FALSE(parse_value_range(bad, RangeKind::Number, r, error)) << bad;
  EXPECT_FALSE(parse_value_range("2019.13", RangeKind::Date, r, error));
  EXPECT_FALSE(parse_value_range("F10", RangeKind::Eco, r, error));
  EXPECT_FALSE(parse_value_range("2019.01.02.03", RangeKind::Date, r, error));
  // PGN's unknown month or day only after the known parts, and the year is always known.
  for (std::string_view bad : {"2019.??.05", "????.??.??", "2019.??.??.??", "??"})
    EXPECT_FALSE(parse_value_range(bad, RangeKind::Date, r, error)) << bad;
}

TEST(ValueRange, PartialDatesCoverTheirDays) {
  const ValueRange years = range("2019..2021", RangeKind::Date);
  std::int64_t v;
  ASSERT_TRUE(value_of("2019.01.01", RangeKind::Date, v));
  EXPECT_TRUE(years.contains(v));
  ASSERT_TRUE(value_of("2021.12.31", RangeKind::Date, v));
  EXPECT_TRUE(years.contains(v));
  ASSERT_TRUE(value_of("2022.01.01", RangeKind::Date, v));
  EXPECT_FALSE(years.contains(v));
  ASSERT_TRUE(value_of("2020.??.??", RangeKind::Date, v));
  EXPECT_TRUE(years.contains(v));
  EXPECT_FALSE(value_of("????.??.??", RangeKind::Date, v));
  const ValueRange after = range(">2019.05", RangeKind::Date);
  ASSERT_TRUE(value_of("2019.05.31", RangeKind::Date, v));
  EXPECT_FALSE(after.contains(v));
  ASSERT_TRUE(value_of("2019.06.01", RangeKind::Date, v));
  EXPECT_TRUE(after.contains(v));
}

TEST(ValueRange, UnknownMonthsAndDaysAreWrittenAsInPgn) {
  const ValueRange year = range("2019.??.??", RangeKind::Date);
  EXPECT_EQ(year.low, range("2019", RangeKind::Date).low);
  EXPECT_EQ(year.high, range("2019", RangeKind::Date).high);
  const ValueRange may = range("2019.05.??", RangeKind::Date);
  EXPECT_EQ(may.low, range("2019.05", RangeKind::Date).low);
  EXPECT_EQ(may.high, range("2019.05", RangeKind::Date).high);
  EXPECT_EQ(range("2018.??.??..2019.05.??", RangeKind::Date).high, may.high);
}

TEST(ValueRange, Eco) {
  const ValueRange sicilian = range("B90..B99", RangeKind::Eco);
  std::int64_t v;
  ASSERT_TRUE(value_of("B92", RangeKind::Eco, v));
  EXPECT_TRUE(sicilian.contains(v));
  ASSERT_TRUE(value_of("C00", RangeKind::Eco, v));
  EXPECT_FALSE(sicilian.contains(v));
  EXPECT_TRUE(range("C", RangeKind::Eco).contains(v));
  EXPECT_FALSE(value_of("?", RangeKind::Eco, v));
}

Position fen(std::string_view text) {
  FenResult r = Position::from_fen(text);
  EXPECT_TRUE(r.ok()) << text << ": " << r.message;
  return r.position;
}

bool material(std::string_view pattern, std::string_view position) {
  MaterialPattern p;
  std::string error;
  EXPECT_TRUE(MaterialPattern::parse(pattern, p, error)) << pattern << ": " << error;
  return p.matches(fen(position));
}

TEST(MaterialPattern, Grammar) {
  const char* krpkr = "8/8/4k3/3r4/8/3PK3/4R3/8 w - - 0 1";
  EXPECT_TRUE(material("KRPkr", krpkr));
  EXPECT_TRUE(material("RPr", krpkr));  // kings implied
  EXPECT_FALSE(material("KRkr", krpkr));
  EXPECT_TRUE(material("KRP*kr", krpkr));
  EXPECT_TRUE(material("KRP+kr", krpkr));
  EXPECT_TRUE(material("KR*P*kr", krpkr));
  EXPECT_FALSE(material("KRPPkr", krpkr));
  EXPECT_TRUE(material("KRPk*", krpkr));  // a lone * : any other black material
  EXPECT_FALSE(material("KRPk", krpkr));
  const char* kqkq = "8/8/4k3/3q4/8/4K3/4Q3/8 w - - 0 1";
  EXPECT_TRUE(material("KQ*kq*", kqkq));
  EXPECT_TRUE(material("KQ*kq*", "8/8/4k3/8/8/4K3/8/8 w - - 0 1"));
  EXPECT_FALSE(material("KQ*kq*", krpkr));
  EXPECT_FALSE(material("KQ+kq+", "8/8/4k3/8/8/4K3/8/8 w - - 0 1"));
}

TEST(MaterialPattern, Rejected) {
  MaterialPattern p;
  std::string error;
  EXPECT_FALSE(MaterialPattern::parse("", p, error));
  EXPECT_FALSE(MaterialPattern::parse("KXk", p, error));
  EXPECT_NE(error.find("'X' is not a piece letter"), std::string::npos) << error;
  EXPECT_FALSE(MaterialPattern::parse("kK", p, error));
  EXPECT_FALSE(MaterialPattern::parse("KKk", p, error));
  EXPECT_FALSE(MaterialPattern::parse("+Kk", p, error));
}

TEST(SamePosition, RepetitionRule) {
  // The clocks do not count.
  EXPECT_TRUE(same_position(fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1"),
                            fen("4k3/8/8/8/8/8/8/4K2R w K - 12 40")));
  // Castling rights, side to move and placement do.
  EXPECT_FALSE(
      same_position(fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1")));
  EXPECT_FALSE(
      same_position(fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), fen("4k3/8/8/8/8/8/8/4K2R b K - 0 1")));
  // An en passant square only counts when the capture is possible: after 1. e4 nothing can
  // take on e3.
  EXPECT_TRUE(same_position(fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
                            fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")));
  EXPECT_FALSE(same_position(fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"),
                             fen("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1")));
}

int selected(const Selection& s, std::string_view pgn_text) {
  ValidateOptions options;
  GameSelector selector(s, options);
  auto source = InputSource::from_memory(pgn_text);
  GameSplitter splitter(*source);
  RawGame game;
  int n = 0;
  while (splitter.next(game)) n += selector.decide(game).selected;
  return n;
}

constexpr std::string_view kGames =
    "[Event \"a\"]\n[White \"Carlsen, Magnus\"]\n[Black \"Nakamura, Hikaru\"]\n"
    "[Result \"1-0\"]\n[WhiteElo \"2850\"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 1-0\n\n"
    "[Event \"b\"]\n[White \"Anand\"]\n[Black \"Carlsen\"]\n[Result \"0-1\"]\n\n"
    "1. Nf3 d6 2. e4 c5 3. Nc3 Nc6 0-1\n\n"
    "[Event \"c\"]\n[White \"X\"]\n[Black \"Y\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n";

TEST(Selection, TranspositionsAndConditions) {
  std::string error;
  {
    Selection s;
    ASSERT_TRUE(s.add_moves("1. e4 c5 2. Nf3 d6", false, {}, error)) << error;
    EXPECT_EQ(selected(s, kGames), 2);  // game b reaches it in another order
  }
  {
    Selection s;
    ASSERT_TRUE(s.add_text(Selection::Kind::Player, "CARLSEN", false, error));
    ASSERT_TRUE(s.add_text(Selection::Kind::Result, "0-1", false, error));
    EXPECT_EQ(selected(s, kGames), 1);
    s.set_any(true);
    EXPECT_EQ(selected(s, kGames), 2);
  }
  {
    Selection s;
    ASSERT_TRUE(s.add_verdict(Selection::Kind::WithCode, "illegal-move", false, error));
    EXPECT_EQ(selected(s, kGames), 1);
    Selection n;
    ASSERT_TRUE(n.add_verdict(Selection::Kind::Valid, "", true, error));
    EXPECT_EQ(selected(n, kGames), 1);
  }
  {
    Selection s;
    ASSERT_TRUE(s.add_range(Selection::Kind::Ply, "6..", false, error));
    EXPECT_EQ(selected(s, kGames), 2);
    Selection e;
    ASSERT_TRUE(e.add_range(Selection::Kind::Elo, ">2800", true, error));
    EXPECT_EQ(selected(e, kGames), 2);
  }
  Selection bad;
  EXPECT_FALSE(bad.add_player_regex("a(b", false, error));
  EXPECT_NE(error.find("'a(b'"), std::string::npos) << error;
  EXPECT_FALSE(bad.add_moves("1. e4 e5 2. Ke3", false, {}, error));
}

// A position condition the start position answers is decided without reading the moves: a
// game whose tag section the main-line reader would give up on is not sent to the validator.
TEST(Selection, TheStartPositionAnswersWithoutTheMoves) {
  std::string error;
  Selection s;
  ASSERT_TRUE(s.add_fen(Position::kStartFen, false, error)) << error;
  GameSelector selector(s, ValidateOptions{});
  for (std::string_view text : {"[Event \"x\"]\n\n1. e4 e5 *\n", "[Event \"x\"\n\n1. e4 e5 *\n"}) {
    RawGame game;
    game.text = text;
    const SelectOutcome outcome = selector.decide(game);
    EXPECT_TRUE(outcome.selected) << text;
    EXPECT_FALSE(outcome.replayed) << text;
  }
}

TEST(AppendGameAsRead, KeepsBytesAndLineEnds) {
  std::string out;
  append_game_as_read("[Event \"a\"]\r\n\r\n1. e4 *", out);
  EXPECT_EQ(out, "[Event \"a\"]\r\n\r\n1. e4 *\r\n\r\n");
  out.clear();
  append_game_as_read("1. e4 *\n\n", out);
  EXPECT_EQ(out, "1. e4 *\n\n");
  out.clear();
  append_game_as_read("1. e4 *\n", out);
  EXPECT_EQ(out, "1. e4 *\n\n");
  out.clear();
  append_game_as_read("1. e4  {x}   *\n\n\n", out);
  EXPECT_EQ(out, "1. e4  {x}   *\n\n\n");
}

}  // namespace
}  // namespace pgn
