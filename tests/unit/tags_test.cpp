// The tag layer (libpgn/tags.hpp and libpgn/src/tags/): the one reader of each tag value, the
// tag-pair scanner and the escapes, and the commands that read tags through them agreeing
// with the validator.
#include "libpgn/tags.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "libpgn/dedupe.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/reader.hpp"
#include "libpgn/result_forms.hpp"
#include "libpgn/select.hpp"
#include "libpgn/validator.hpp"
#include "tags/marker_dashes.hpp"
#include "tags/tag_forms.hpp"
#include "tags/tag_scan.hpp"

namespace pgn {
namespace {

constexpr GameResult kAll[] = {GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw,
                               GameResult::Unknown};

TEST(TagResults, StrictReadsTheFourStandardMarkers) {
  for (GameResult r : kAll) EXPECT_EQ(read_result(result_text(r)), r);
  for (std::string_view other : {"1:0", "½-½", "0.5-0.5", "", " 1-0", "1-0 ", "1 - 0", "?"})
    EXPECT_FALSE(read_result(other)) << other;
}

TEST(TagResults, LenientReadsTheSpellingsOfRealFiles) {
  for (GameResult r : kAll) EXPECT_EQ(read_result(result_text(r), ResultReading::Lenient), r);
  const std::pair<std::string_view, GameResult> kSpellings[] = {
      {"1:0", GameResult::WhiteWins},   {"0:1", GameResult::BlackWins},
      {"1 - 0", GameResult::WhiteWins}, {"1\t-0", GameResult::WhiteWins},
      {"1–0", GameResult::WhiteWins},   {"½-½", GameResult::Draw},
      {"0.5-0.5", GameResult::Draw},    {"0,5-0,5", GameResult::Draw},
      {"1/2", GameResult::Draw},        {"?", GameResult::Unknown},
      {"", GameResult::Unknown},        {" 1/2 - 1/2 ", GameResult::Draw},
  };
  for (const auto& [text, result] : kSpellings)
    EXPECT_EQ(read_result(text, ResultReading::Lenient), result) << text;
  for (std::string_view other : {"2-0", "1-1", "white wins", "10", "0-0"})
    EXPECT_FALSE(read_result(other, ResultReading::Lenient)) << other;
}

TEST(TagResults, MarkersWithOtherDashes) {
  EXPECT_EQ(tags::result_with_other_dash("1\u20130"), GameResult::WhiteWins);  // en dash
  EXPECT_EQ(tags::result_with_other_dash("0\u20141"), GameResult::BlackWins);  // em dash
  EXPECT_EQ(tags::result_with_other_dash("1/2\u22121/2"), GameResult::Draw);   // minus sign
  EXPECT_EQ(tags::result_with_other_dash("\u00BD\u2013\u00BD"), GameResult::Draw);
  EXPECT_FALSE(tags::result_with_other_dash("\u00BD\u20131/2"));  // the halves must agree
  EXPECT_FALSE(tags::result_with_other_dash("1-0"));
  EXPECT_FALSE(tags::result_with_other_dash("2\u20130"));
}

TEST(TagResults, TableFormsStartFromTheStandardOnes) {
  const ResultForms& forms = ResultForms::builtin();
  GameResult read;
  for (GameResult r : kAll) {
    ASSERT_TRUE(forms.read(result_text(r), read));
    EXPECT_EQ(read, r);
  }
  ASSERT_TRUE(forms.read("1:0", read));  // German, Russian...: the validator accepts it
  EXPECT_EQ(read, GameResult::WhiteWins);
  EXPECT_FALSE(forms.read("0,5-0,5", read));  // only fix's lenient reading knows this one
  EXPECT_EQ(read_result("0,5-0,5", ResultReading::Lenient), GameResult::Draw);
}

GameReport validate(const std::string& text) {
  RawGame game;
  game.text = text;
  game.index = 1;
  GameValidator validator{ValidateOptions{}};
  GameReport report;
  validator.validate(game, report);
  return report;
}

std::string tagged(std::string_view extra, std::string_view result = "1-0") {
  return "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"W\"]\n"
         "[Black \"B\"]\n[Result \"" +
         std::string(result) + "\"]\n" + std::string(extra) + "\n1. e4 e5 " + std::string(result) +
         "\n";
}

// Where the readers disagreed, the validator's rule holds: it accepts the Result "1:0" of the
// German and Russian tables, so select --result 1-0 picks such a game and dedupe counts its
// result as 1-0 (before, both read only the four standard markers).
TEST(TagResults, SelectAndDedupeReadTheResultAsTheValidatorDoes) {
  const std::string colon = tagged("", "1:0");
  EXPECT_TRUE(validate(colon).problems.empty());
  Selection s;
  std::string error;
  ASSERT_TRUE(s.add_text(Selection::Kind::Result, "1-0", false, error)) << error;
  GameSelector selector(s, ValidateOptions{});
  RawGame game;
  game.text = colon;
  game.index = 1;
  game.original_size = colon.size();
  EXPECT_TRUE(selector.decide(game).selected);
  EXPECT_FALSE(s.add_text(Selection::Kind::Result, "1:0", false, error));  // asked strictly
  EXPECT_EQ(error, "'1:0' is not a result (1-0, 0-1, 1/2-1/2 or *)");

  const DuplicateRules rules;
  DuplicateKeyer keyer(rules, ValidateOptions{});
  DuplicateEntry e;
  keyer.key(game, e);
  EXPECT_EQ(e.result, 1);
  const std::string dash = tagged("", "1-0");
  game.text = dash;
  game.original_size = dash.size();
  DuplicateEntry standard;
  keyer.key(game, standard);
  EXPECT_EQ(standard.result, e.result);
}

TEST(TagDates, CalendarRule) {
  EXPECT_TRUE(is_calendar_date(2023, 1, 31));
  EXPECT_TRUE(is_calendar_date(2023, 4, 30));
  EXPECT_FALSE(is_calendar_date(2023, 4, 31));
  EXPECT_FALSE(is_calendar_date(2023, 2, 29));
  EXPECT_TRUE(is_calendar_date(2024, 2, 29));   // leap year
  EXPECT_FALSE(is_calendar_date(1900, 2, 29));  // a century is not, unless divisible by 400
  EXPECT_TRUE(is_calendar_date(2000, 2, 29));
  EXPECT_FALSE(is_calendar_date(2024, 2, 30));
  EXPECT_FALSE(is_calendar_date(2023, 13, 1));
  EXPECT_FALSE(is_calendar_date(2023, 0, 1));
  EXPECT_FALSE(is_calendar_date(2023, 1, 0));
  // Unknown parts allow what any value would.
  EXPECT_TRUE(is_calendar_date(Date::kUnknown, 2, 29));
  EXPECT_FALSE(is_calendar_date(Date::kUnknown, 2, 30));
  EXPECT_TRUE(is_calendar_date(2023, Date::kUnknown, 31));
  EXPECT_FALSE(is_calendar_date(2023, Date::kUnknown, 32));
  EXPECT_TRUE(is_calendar_date(2023, 2, Date::kUnknown));
  EXPECT_FALSE(is_calendar_date(2023, 13, Date::kUnknown));
}

TEST(TagDates, ReadsTheStandardFormWithUnknownParts) {
  const std::optional<Date> d = read_date("2024.02.29");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->year, 2024);
  EXPECT_EQ(d->month, 2);
  EXPECT_EQ(d->day, 29);
  EXPECT_TRUE(d->complete());
  EXPECT_EQ(d->number(), 20240229);

  const std::optional<Date> partial = read_date("2019.05.??");
  ASSERT_TRUE(partial);
  EXPECT_EQ(partial->day, Date::kUnknown);
  EXPECT_FALSE(partial->complete());
  EXPECT_EQ(partial->number(), 20190500);
  EXPECT_TRUE(read_date("????.??.??"));
  EXPECT_TRUE(read_date("????.02.29"));
  EXPECT_TRUE(read_date("0000.02.29"));  // year 0 is a leap year

  for (std::string_view no : {"2023.02.30", "2023.02.29", "1900.02.29", "2023.04.31", "2023.13.01",
                              "2023.00.10", "2023.01.00", "????.02.30"}) {
    EXPECT_FALSE(read_date(no)) << no;
    EXPECT_TRUE(has_date_form(no)) << no;
  }
  for (std::string_view no :
       {"2023-02-03", "2023.2.3", "23.02.03", "2023.02.03 ", "2023.?2.03", "2023.02.3?", ""}) {
    EXPECT_FALSE(read_date(no)) << no;
    EXPECT_FALSE(has_date_form(no)) << no;
  }
}

// The intended change of this rule: validate accepted 2023.02.30 (any day up to 31).
TEST(TagDates, ValidateHoldsDatesToTheCalendar) {
  const GameReport bad = validate(tagged("[EventDate \"2023.02.30\"]"));
  ASSERT_EQ(bad.problems.size(), 1u);
  EXPECT_EQ(bad.problems[0].code, Code::BadTag);
  EXPECT_EQ(bad.problems[0].message, "EventDate \"2023.02.30\" is not a real calendar date");
  EXPECT_TRUE(validate(tagged("[EventDate \"2024.02.29\"]")).problems.empty());
  EXPECT_TRUE(validate(tagged("[EventDate \"????.02.29\"]")).problems.empty());
  const GameReport form = validate(tagged("[EventDate \"2023-02-03\"]"));
  ASSERT_EQ(form.problems.size(), 1u);
  EXPECT_EQ(form.problems[0].message,
            "EventDate \"2023-02-03\" is not a date in the form YYYY.MM.DD (?? for unknown parts)");
}

TEST(TagDates, SelectComparesCalendarDatesOnly) {
  ValueRange range;
  std::string error;
  EXPECT_TRUE(parse_value_range("2024.02.29", RangeKind::Date, range, error)) << error;
  EXPECT_FALSE(parse_value_range("2023.02.29", RangeKind::Date, range, error));
  EXPECT_EQ(error,
            "'2023.02.29' is not a date such as 2019, 2019.05, 2019.05.03 or 2019.??.?? (in "
            "'2023.02.29')");
  EXPECT_FALSE(parse_value_range("2023.04.31..", RangeKind::Date, range, error));
  EXPECT_TRUE(parse_value_range("2000.02.29", RangeKind::Date, range, error));
  EXPECT_TRUE(parse_value_range("2023-02", RangeKind::Date, range, error));
  std::int64_t value = 0;
  EXPECT_TRUE(value_of("2019.05.??", RangeKind::Date, value));
  EXPECT_EQ(value, 20190500);
  EXPECT_FALSE(value_of("2023.02.30", RangeKind::Date, value));  // no such day
  EXPECT_FALSE(value_of("????.05.03", RangeKind::Date, value));  // no year to compare
}

TEST(TagDates, FixMendsOnlyToCalendarDates) {
  std::string out, why;
  EXPECT_EQ(tags::mend_date("2024.02.29", out, why), tags::FormReading::Standard);
  EXPECT_EQ(tags::mend_date("29.02.2024", out, why), tags::FormReading::Mended);
  EXPECT_EQ(out, "2024.02.29");
  EXPECT_EQ(tags::mend_date("2021-03-04", out, why), tags::FormReading::Mended);
  EXPECT_EQ(out, "2021.03.04");
  // A day that is not in its month is no reading, whatever order it is written in.
  EXPECT_EQ(tags::mend_date("2023.02.30", out, why), tags::FormReading::Unreadable);
  EXPECT_EQ(tags::mend_date("31.04.2021", out, why), tags::FormReading::Unreadable);
  EXPECT_EQ(tags::mend_date("2023.31.01", out, why), tags::FormReading::Mended);  // swapped
  EXPECT_EQ(out, "2023.01.31");
  EXPECT_EQ(tags::mend_date("2023.30.02", out, why), tags::FormReading::Unreadable);
}

TEST(TagRounds, Forms) {
  for (std::string_view yes : {"1", "12", "3.1", "3.1.2", "?", "-", "007"})
    EXPECT_TRUE(is_round(yes)) << yes;
  for (std::string_view no : {"", ".", "1.", ".1", "1..2", "1-2", "R1", "1 ", "??", "--"})
    EXPECT_FALSE(is_round(no)) << no;
  std::string out, why;
  EXPECT_EQ(tags::mend_round("Round 3", out, why), tags::FormReading::Mended);
  EXPECT_EQ(out, "3");
  EXPECT_EQ(tags::mend_round("3.1", out, why), tags::FormReading::Standard);
}

TEST(TagElo, Forms) {
  for (std::string_view yes : {"2850", "0", "800", "", "-", "?"}) EXPECT_TRUE(is_elo(yes)) << yes;
  for (std::string_view no : {"12345", "28.5", "2850 ", "?-", "abc", "--"})
    EXPECT_FALSE(is_elo(no)) << no;
}

TEST(TagTimeControl, Forms) {
  for (std::string_view yes : {"?", "-", "300", "300+2", "10+0.05", "0.5+0.1", "40/7200",
                               "40/7200:3600", "*60", "*0.5", "40/90.5"})
    EXPECT_TRUE(is_time_control(yes)) << yes;
  for (std::string_view no :
       {"", "300+", "+2", "10.", "10.+2", "40/", "40.5/7200", "*", "300:", ":300", "40/7200+",
        "?:300", "40/5400+30" /* no increment after moves/seconds */, "300 + 2", "5 min"})
    EXPECT_FALSE(is_time_control(no)) << no;
}

// Round, PGN standard 9.1.4: "?", "-", or dotted numbers, each part read as a number.
TEST(TagRounds, ReadsTheDottedParts) {
  using Kind = Round::Kind;
  const std::optional<Round> unknown = read_round("?"), none = read_round("-");
  ASSERT_TRUE(unknown && none);
  EXPECT_EQ(unknown->kind, Kind::Unknown);
  EXPECT_TRUE(unknown->parts.empty());
  EXPECT_EQ(none->kind, Kind::NotApplicable);
  const std::pair<std::string_view, std::vector<std::uint64_t>> kRounds[] = {
      {"1", {1}},
      {"3.1", {3, 1}},
      {"3.1.2", {3, 1, 2}},
      {"007", {7}},
      {"12.10", {12, 10}},
      {"999999999999999999", {999999999999999999}},  // 18 digits, the longest part
  };
  for (const auto& [text, parts] : kRounds) {
    const std::optional<Round> round = read_round(text);
    ASSERT_TRUE(round) << text;
    EXPECT_EQ(round->kind, Kind::Numbered) << text;
    EXPECT_EQ(round->parts, parts) << text;
  }
  for (std::string_view no : {"", ".", "1.", ".1", "1..2", "1-2", "R1", "1 ", "??", "--", "+1",
                              "1234567890123456789" /* 19 digits */})
    EXPECT_FALSE(read_round(no)) << no;
}

TEST(TagElo, ReadsOneToFourDigits) {
  EXPECT_EQ(read_elo("2850"), 2850);
  EXPECT_EQ(read_elo("0800"), 800);
  EXPECT_EQ(read_elo("0"), 0);
  for (std::string_view no : {"", "-", "?", "12345", "28.5", "2850 ", " 2850", "+2850", "abc"})
    EXPECT_FALSE(read_elo(no)) << no;
}

TEST(TagNumbers, DigitsAndSignedReadings) {
  EXPECT_EQ(read_tag_number("2850"), 2850);
  EXPECT_EQ(read_tag_number("12345"), 12345);  // more than a rating's four digits
  EXPECT_EQ(read_tag_number("999999999999999999"), 999999999999999999);
  for (std::string_view no : {"", " 2850", "+12", "-4", "1234567890123456789", "12a"})
    EXPECT_FALSE(read_tag_number(no)) << no;
  EXPECT_EQ(read_tag_number("+12", NumberReading::Signed), 12);
  EXPECT_EQ(read_tag_number("-4", NumberReading::Signed), -4);
  EXPECT_EQ(read_tag_number(" 2706 ", NumberReading::Signed), 2706);
  for (std::string_view no : {"", " ", "-", "+", "?", "+-1", "2 706", "\t2706"})
    EXPECT_FALSE(read_tag_number(no, NumberReading::Signed)) << no;
}

// Select compares ratings with the digits reading: a five-digit rating is in a range.
TEST(TagNumbers, SelectReadsRatingsAsDigits) {
  std::int64_t value = 0;
  EXPECT_TRUE(value_of("12345", RangeKind::Number, value));
  EXPECT_EQ(value, 12345);
  EXPECT_FALSE(value_of("-", RangeKind::Number, value));
  EXPECT_FALSE(value_of(" 2700", RangeKind::Number, value));
}

// TimeControl, PGN standard 9.6: each period typed, its numbers read.
TEST(TagTimeControl, ReadsThePeriods) {
  using Kind = TimeControlPeriod::Kind;
  const std::optional<TimeControl> unknown = read_time_control("?"), none = read_time_control("-");
  ASSERT_TRUE(unknown && none);
  EXPECT_EQ(unknown->kind, TimeControl::Kind::Unknown);
  EXPECT_EQ(none->kind, TimeControl::Kind::None);
  EXPECT_TRUE(none->periods.empty());

  struct Case {
    std::string_view text;
    std::vector<TimeControlPeriod> periods;
  };
  const Case kCases[] = {
      {"40/9000", {{Kind::Moves, 40, 9000, 0}}},
      {"300", {{Kind::Sudden, 0, 300, 0}}},
      {"4500+60", {{Kind::Sudden, 0, 4500, 60}}},
      {"10+0.05", {{Kind::Sudden, 0, 10, 0.05}}},
      {"*180", {{Kind::Sandclock, 0, 180, 0}}},
      {"40/90.5", {{Kind::Moves, 40, 90.5, 0}}},
      {"40/7200:20/3600:900+30",
       {{Kind::Moves, 40, 7200, 0}, {Kind::Moves, 20, 3600, 0}, {Kind::Sudden, 0, 900, 30}}},
  };
  for (const Case& c : kCases) {
    const std::optional<TimeControl> control = read_time_control(c.text);
    ASSERT_TRUE(control) << c.text;
    EXPECT_EQ(control->kind, TimeControl::Kind::Periods) << c.text;
    ASSERT_EQ(control->periods.size(), c.periods.size()) << c.text;
    for (std::size_t i = 0; i < c.periods.size(); ++i) {
      const TimeControlPeriod& got = control->periods[i];
      const TimeControlPeriod& want = c.periods[i];
      EXPECT_EQ(got.kind, want.kind) << c.text << " period " << i;
      EXPECT_EQ(got.moves, want.moves) << c.text << " period " << i;
      EXPECT_DOUBLE_EQ(got.seconds, want.seconds) << c.text << " period " << i;
      EXPECT_DOUBLE_EQ(got.increment, want.increment) << c.text << " period " << i;
    }
  }
  for (std::string_view no : {"", "300+", "40/", "*", "300:", "?:300", "40/5400+30", "5 min"})
    EXPECT_FALSE(read_time_control(no)) << no;
}

// Each check is its reader's rule: the same answer for every value, the forms of no value
// aside.
TEST(TagReaders, ChecksAgreeWithTheirReaders) {
  const std::string_view kValues[] = {"",
                                      "?",
                                      "-",
                                      "1",
                                      "3.1",
                                      "1.",
                                      "2850",
                                      "12345",
                                      "28.5",
                                      "300+2",
                                      "10+0.05",
                                      "40/7200",
                                      "*60",
                                      "40/7200:",
                                      "40/90:*5",
                                      "?:300",
                                      "1 ",
                                      "+1",
                                      "1..2",
                                      "0800",
                                      "40/5400+30",
                                      "1234567890123456789",
                                      "1234567890123456789/60",
                                      "99999999999999999999+1"};
  for (std::string_view v : kValues) {
    EXPECT_EQ(is_round(v), read_round(v).has_value()) << v;
    EXPECT_EQ(is_time_control(v), read_time_control(v).has_value()) << v;
    EXPECT_EQ(is_elo(v), v.empty() || v == "?" || v == "-" || read_elo(v).has_value()) << v;
  }
}

tags::TagPairScan scan(std::string_view text) {
  return tags::scan_tag_pair(text.data(), text.data() + text.size());
}

// A tag name ends at a blank, a line end, '"' or ']', and at no other byte: the same with the
// name's end found 16 bytes at a time (room after it) and byte by byte (at the end of the text).
TEST(TagScan, EveryByteEndsANameOrIsPartOfIt) {
  for (int b = 0; b < 256; ++b) {
    const char byte = static_cast<char>(b);
    const bool blank = b == ' ' || b == '\t' || b == '\v' || b == '\f';
    const bool ends = blank || b == '\n' || b == '\r' || b == '"' || b == ']';
    for (std::size_t at = 1; at < 24; ++at) {
      const std::string name = std::string(at, 'N') + byte + "x";
      const std::string expected = ends ? std::string(at, 'N') : name;
      for (const std::string& text : {"[" + name + " ", "[" + name + std::string(40, ' ')}) {
        SCOPED_TRACE(testing::Message()
                     << "byte " << b << " at " << at << ", " << text.size() << " bytes");
        EXPECT_EQ(scan(text).name, expected);
      }
    }
  }
}

TEST(TagScan, WholePairs) {
  const std::string_view text = "[ White \t\"Carlsen, \\\"M\\\"\" ]\n1. e4";
  const tags::TagPairScan t = scan(text);
  ASSERT_TRUE(t.whole());
  EXPECT_EQ(t.name, "White");
  EXPECT_EQ(std::string_view(t.value_begin, std::size_t(t.value_end - t.value_begin)),
            "Carlsen, \\\"M\\\"");
  EXPECT_EQ(t.stop, text.data() + text.find('\n'));
  EXPECT_FALSE(t.stray_quote);
  // A quote that no ']' follows stays in the value.
  const tags::TagPairScan stray = scan("[Event \"the \"big\" one\"]");
  ASSERT_TRUE(stray.whole());
  EXPECT_TRUE(stray.stray_quote);
  EXPECT_EQ(std::string_view(stray.value_begin, std::size_t(stray.value_end - stray.value_begin)),
            "the \"big\" one");
}

TEST(TagScan, BrokenPairs) {
  const std::string_view no_quote = "[Event x]";
  const tags::TagPairScan a = scan(no_quote);
  EXPECT_FALSE(a.whole());
  EXPECT_EQ(a.value_begin, nullptr);
  EXPECT_EQ(a.name, "Event");
  EXPECT_EQ(*a.stop, 'x');
  const std::string_view open = "[Event \"x\nmore\"]";
  const tags::TagPairScan b = scan(open);
  EXPECT_NE(b.value_begin, nullptr);
  EXPECT_FALSE(b.whole());  // a value never runs past its line
  EXPECT_EQ(*b.stop, '\n');
  const tags::TagPairScan c = scan("[\"x\"]");
  EXPECT_TRUE(c.whole());
  EXPECT_TRUE(c.name.empty());
}

// Where the tag section read as the parser reads it ends: the offset of its first byte that
// is no blank, line end or part of a tag pair.
std::size_t tag_section_end(std::string_view text) {
  return std::size_t(tags::skip_tag_section(text.data(), text.data() + text.size()) - text.data());
}

TEST(TagSection, EndsWhereTheMovetextStarts) {
  EXPECT_EQ(tag_section_end(""), 0u);
  EXPECT_EQ(tag_section_end("1. e4 *"), 0u);  // no tags
  EXPECT_EQ(tag_section_end(" \t\r\n"), 4u);
  EXPECT_EQ(tag_section_end("[Event \"a\"]\r\n[Site \"b\"]\n\n1. e4"), 25u);
  // Tags on one line, then movetext on it.
  EXPECT_EQ(tag_section_end("[Event \"a\"] [Site \"b\"] 1. e4"), 23u);
  EXPECT_EQ(tag_section_end("[Event \"a\"][Site \"b\"]{c}"), 21u);
  // A ']', '{' or ';' inside a quoted value, and escaped quotes, are the value's.
  EXPECT_EQ(tag_section_end("[Event \"a] {b} ;c\"]\n"), 20u);
  EXPECT_EQ(tag_section_end("[White \"\\\"x\\\"] 1-0\"]\n*"), 21u);
  // Only tags: the section runs to the end.
  const std::string_view only = "[Event \"a\"]\n[Result \"1-0\"]\n";
  EXPECT_EQ(tag_section_end(only), only.size());
}

TEST(TagSection, MalformedPairsEndWhereTheParserReadsOn) {
  // No quoted value: past the next ']' on the line.
  EXPECT_EQ(tag_section_end("[Event a] 1. e4"), 10u);
  EXPECT_EQ(tag_section_end("[Event x\"y] e4"), 12u);
  EXPECT_EQ(tag_section_end("[] e4"), 3u);
  // A value without its end runs to the end of its line; the next line is read again.
  EXPECT_EQ(tag_section_end("[White \"x\" y] 1. e4\n[Black \"b\"]\n1. d4"), 32u);
  EXPECT_EQ(tag_section_end("[White \"x\n"), 10u);
  EXPECT_EQ(tag_section_end("[Result \"1-0\"]\n[White \"x\" y\n"), 28u);
}

TEST(TagScan, ResumeSaysWhenTheWindowEndedFirst) {
  // A reader of a window of the input (the splitter) learns whether to read on.
  const auto resume = [](std::string_view text) {
    const char* end = text.data() + text.size();
    const tags::TagPairResume r =
        tags::resume_after_tag_pair(tags::scan_tag_pair(text.data(), end), end);
    return std::make_pair(std::size_t(r.at - text.data()), r.known);
  };
  EXPECT_EQ(resume("[Event \"a\"]"), std::make_pair(std::size_t(11), true));
  EXPECT_EQ(resume("[Event \"a\"] "), std::make_pair(std::size_t(11), true));
  EXPECT_EQ(resume("[Event \"a\" "), std::make_pair(std::size_t(11), false));  // `"]` may follow
  EXPECT_EQ(resume("[Event \"a\\"), std::make_pair(std::size_t(10), false));
  EXPECT_EQ(resume("[Event \"a\n"), std::make_pair(std::size_t(9), true));
  EXPECT_EQ(resume("[Event"), std::make_pair(std::size_t(6), false));
  EXPECT_EQ(resume("[Event a"), std::make_pair(std::size_t(8), false));
  EXPECT_EQ(resume("[Event a]"), std::make_pair(std::size_t(9), true));
  EXPECT_EQ(resume("[Event a\r"), std::make_pair(std::size_t(8), true));
}

TEST(TagValues, EscapesRoundTrip) {
  std::string out;
  append_tag_value("Carlsen, \"Magnus\" \\ N\tO", out);
  EXPECT_EQ(out, "Carlsen, \\\"Magnus\\\" \\\\ N O");  // a tab is no tag value's byte
  EXPECT_EQ(unescape_tag_value(out), "Carlsen, \"Magnus\" \\ N O");
  out.clear();
  const std::string plain = "A long value with nothing to escape in it at all";
  append_tag_value(plain, out);
  EXPECT_EQ(out, plain);
  EXPECT_EQ(unescape_tag_value("a\\b"), "a\\b");  // only \" and \\ are escapes
}

// Values are tested a word at a time, their last bytes in one overlapping word: a byte that
// needs a change is found at every place of every short size, as a byte-by-byte escaper finds it.
TEST(TagValues, EveryByteThatNeedsAChangeAtEveryPlace) {
  const auto one_byte_at_a_time = [](std::string_view value) {
    std::string out;
    for (const char c : value) {
      if (c == '"' || c == '\\') out += '\\';
      out += static_cast<unsigned char>(c) < 0x20 || c == 0x7F ? ' ' : c;
    }
    return out;
  };
  for (const char special : {'"', '\\', '\t', '\n', '\x01', '\x1f', '\x7f'}) {
    for (std::size_t size = 1; size <= 20; ++size) {
      for (std::size_t at = 0; at < size; ++at) {
        std::string value(size, 'a');
        value[at] = special;
        std::string out;
        append_tag_value(value, out);
        ASSERT_EQ(out, one_byte_at_a_time(value)) << int(special) << " at " << at << " of " << size;
      }
    }
  }
  for (std::size_t size = 0; size <= 20; ++size) {  // UTF-8 and plain values unchanged
    std::string value;
    while (value.size() < size) value += value.size() % 3 ? "é" : "z";
    std::string out;
    append_tag_value(value, out);
    EXPECT_EQ(out, value);
  }
}

}  // namespace
}  // namespace pgn
