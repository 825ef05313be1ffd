// The CSV writer (OutputFormat::Csv) on records built by hand: RFC 4180 quoting, the computed
// columns, and the opening tags of --eco as the PGN writer would write them.
#include <gtest/gtest.h>

#include <string>

#include "libpgn/variant.hpp"
#include "libpgn/writers.hpp"

namespace pgn {
namespace {

std::string row(const GameRecord& record, const std::vector<std::string>& columns,
                const GameExtras& extras = {}) {
  WriterOptions options;
  options.format = OutputFormat::Csv;
  options.csv_columns = columns;
  GameWriter writer(options);
  std::string out;
  writer.write(record, out, extras);
  return out;
}

TEST(CsvWriter, QuotesWhatRfc4180NeedsQuotedAndNothingElse) {
  GameRecord record;
  record.tags = {{"White", "Morphy, Paul"},
                 {"Black", "say \"hi\""},
                 {"Event", "one\r\ntwo"},
                 {"Site", "lone\ncr\r"},
                 {"Round", "plain ёж"}};
  EXPECT_EQ(row(record, {"White", "Black", "Event", "Site", "Round", "Date"}),
            "\"Morphy, Paul\",\"say \"\"hi\"\"\",\"one\r\ntwo\",\"lone\ncr\r\",plain ёж,\r\n");
  std::string header;
  append_csv_header({"a,b", "c\"", "d"}, header);
  EXPECT_EQ(header, "\"a,b\",\"c\"\"\",d\r\n");
}

TEST(CsvWriter, ComputedColumnsComeFromTheReport) {
  GameRecord record;
  record.tags = {{"White", "A"}, {"White", "second value"}};
  record.result = GameResult::WhiteWins;
  GameReport report;
  report.index = 7;
  report.plies = 12;
  report.errors = 1;
  report.warnings = 2;
  for (Code code : {Code::MissingTag, Code::IllegalMove, Code::MissingTag})
    report.problems.emplace_back().code = code;
  GameExtras extras;
  extras.report = &report;
  const std::vector<std::string> columns = {"game",   "White",    "plies", "verdict",
                                            "errors", "warnings", "codes", "termination"};
  EXPECT_EQ(row(record, columns, extras), "7,A,12,errors,1,2,missing-tag illegal-move,1-0\r\n");
  report.errors = 0;
  report.replayed = false;
  EXPECT_EQ(row(record, {"verdict"}, extras), "not-checked\r\n");
  report.replayed = true;
  EXPECT_EQ(row(record, {"verdict"}, extras), "valid\r\n");
  EXPECT_EQ(row(record, {"verdict", "errors"}), ",\r\n") << "no report: no verdict";
}

TEST(CsvWriter, NumbersAreWrittenWhole) {
  GameRecord record;
  GameReport report;
  report.index = 18446744073709551615ull;
  report.plies = 0;
  report.errors = 4294967295u;
  report.warnings = 10;
  GameExtras extras;
  extras.report = &report;
  EXPECT_EQ(row(record, {"game", "plies", "errors", "warnings"}, extras),
            "18446744073709551615,0,4294967295,10\r\n");
}

// A bughouse match names four players and no White or Black: those columns hold its teams,
// White the one 1-0 scores for (WhiteA and BlackB, partners sitting crosswise).
TEST(CsvWriter, BughouseWhiteAndBlackAreTheTeams) {
  GameRecord record;
  record.start = variant_start_position(Variant::Bughouse);
  record.tags = {{"WhiteA", "Alice"}, {"BlackA", "Bob"}, {"WhiteB", "Charlie"}, {"BlackB", "Dave"}};
  EXPECT_EQ(row(record, {"White", "Black", "WhiteA"}), "Alice & Dave,Bob & Charlie,Alice\r\n");
  record.tags = {{"WhiteA", "Alice"}, {"WhiteB", "Charlie"}};
  EXPECT_EQ(row(record, {"White", "Black"}), "Alice & ?,? & Charlie\r\n");
  record.tags = {{"Event", "no players named"}};
  EXPECT_EQ(row(record, {"White", "Black"}), ",\r\n");
  // A White or Black tag of its own is written as it is.
  record.tags = {{"WhiteA", "Alice"}, {"BlackB", "Dave"}, {"White", "Team Alice"}};
  EXPECT_EQ(row(record, {"White", "Black"}), "Team Alice,\r\n");
  // Other games are not matches: no team is made up from such tags.
  record.start = Position();
  record.tags = {{"WhiteA", "Alice"}, {"BlackB", "Dave"}};
  EXPECT_EQ(row(record, {"White", "Black", "variant"}), ",,\r\n");
  // A match whose FEN tag gives both boards: its record starts from a standard position, the
  // validator's report names its rules.
  GameReport report;
  report.variant = "Bughouse (result: team)";
  GameExtras extras;
  extras.report = &report;
  EXPECT_EQ(row(record, {"White", "Black", "variant"}, extras), "Alice & Dave,,Bughouse\r\n");
}

TEST(CsvWriter, DefaultColumnsAreTheRosterAndTheVerdict) {
  std::string header;
  append_csv_header(default_csv_columns(), header);
  EXPECT_EQ(header, "Event,Site,Date,Round,White,Black,Result,plies,verdict,errors,warnings\r\n");
  // No columns chosen: the default ones.
  GameRecord record;
  record.tags = {{"White", "A"}, {"Result", "1-0"}};
  EXPECT_EQ(row(record, {}), ",,,,A,,1-0,,,,\r\n");
}

TEST(CsvWriter, OpeningTagsAsThePgnWriterSetsThem) {
  GameRecord record;
  record.tags = {{"ECO", "Z99"}, {"Opening", "Old"}};
  const Opening opening{"C20", "King's Pawn Game: Wayward Queen Attack", "1. e4 e5 2. Qh5", 3};
  GameExtras extras;
  extras.opening = &opening;
  extras.opening_mode = OpeningTagMode::KeepExisting;
  EXPECT_EQ(row(record, {"ECO", "Opening", "Variation"}, extras), "Z99,Old,\r\n");
  extras.opening_mode = OpeningTagMode::Overwrite;
  EXPECT_EQ(row(record, {"ECO", "Opening", "Variation"}, extras),
            "C20,King's Pawn Game,Wayward Queen Attack\r\n");
  record.tags.clear();
  extras.opening_mode = OpeningTagMode::KeepExisting;
  EXPECT_EQ(row(record, {"ECO", "Opening", "Variation"}, extras),
            "C20,King's Pawn Game,Wayward Queen Attack\r\n");
}

}  // namespace
}  // namespace pgn
