// GameValidator on small games: the tag checks, one tag at a time.
#include "libpgn/validator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <vector>

#include "libpgn/game_record.hpp"
#include "libpgn/reader.hpp"
#include "libpgn/san.hpp"
#include "libpgn/splitter.hpp"

namespace pgn {
namespace {

// The messages of the problems of `codes` that validating `text` finds.
std::vector<std::string> problem_messages(const std::string& text,
                                          std::initializer_list<Code> codes) {
  RawGame game;
  game.text = text;
  game.index = 1;
  ValidateOptions options;
  GameValidator validator(options);
  GameReport report;
  validator.validate(game, report);
  std::vector<std::string> messages;
  for (const Diagnostic& d : report.problems)
    if (std::find(codes.begin(), codes.end(), d.code) != codes.end()) messages.push_back(d.message);
  return messages;
}

// The bad-tag and missing-tag messages for a game with the Seven Tag Roster (with `tag`
// replacing a roster tag of the same name) and a short legal movetext.
std::vector<std::string> tag_problems(const std::string& name, const std::string& value) {
  const std::string roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
  const std::string roster_values[] = {"e", "s", "2024.01.02", "1", "w", "b", "1-0"};
  std::string text;
  for (int i = 0; i < 7; ++i)
    if (roster[i] != name) text += "[" + roster[i] + " \"" + roster_values[i] + "\"]\n";
  text += "[" + name + " \"" + value + "\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
  return problem_messages(text, {Code::BadTag, Code::MissingTag});
}

// The record's SAN is what the SAN writer writes, in the main line and in variations, whether
// it came from the input token (already canonical) or from the writer: checked on every edge
// case file and on a sample of real games, read the default way (English found by detection).
TEST(Validator, RecordedSanIsWhatTheWriterWrites) {
  const std::string shared = LIBPGN_SHARED_DIR;
  if (!std::filesystem::exists(shared + "/corpora")) GTEST_SKIP() << "no shared corpora";
  std::vector<std::string> files = {shared + "/corpora/real/twic0920.pgn",
                                    shared + "/corpora/real/lichess_db_1000k.pgn"};
  for (const auto& entry : std::filesystem::recursive_directory_iterator(shared + "/corpora/edge"))
    if (entry.path().extension() == ".pgn") files.push_back(entry.path().string());
  GameValidator validator(ValidateOptions{});
  GameReport report;
  GameRecord record;
  std::uint64_t moves = 0, in_variations = 0;
  for (const std::string& file : files) {
    std::string error;
    auto source = InputSource::open(file, error);
    ASSERT_TRUE(source) << error;
    GameSplitter splitter(*source);
    RawGame game;
    for (int games = 0; games < 500 && splitter.next(game); ++games) {
      validator.validate(game, report, &record);
      // Each line's position and the position before its last move (where a variation starts).
      std::vector<std::pair<Position, Position>> lines = {{record.start, record.start}};
      for (const GameEvent& e : record.events) {
        if (e.kind == GameEvent::VariationBegin) {
          lines.push_back({lines.back().second, lines.back().second});
        } else if (e.kind == GameEvent::VariationEnd) {
          if (lines.size() > 1) lines.pop_back();
        } else if (e.kind == GameEvent::MoveEvent && !e.move.is_null()) {
          auto& [position, before] = lines.back();
          std::string san;
          append_san(position, e.move, san);
          ASSERT_EQ(record.text(e), san)
              << file << " game " << game.index << " at " << position.fen();
          before = position;
          position.play(e.move);
          ++moves;
          in_variations += lines.size() > 1;
        } else if (e.kind == GameEvent::MoveEvent) {
          break;  // a null move ends what the record holds of its line
        }
      }
    }
  }
  EXPECT_GT(moves, 50000u);
  EXPECT_GT(in_variations, 100u);
}

// A control character in a Variant value counts as a blank, as the PGN writer writes it:
// "From\x01Position" is replayed like "From Position", so a written copy of a game reads
// like the game itself (a fuzzer found a copy replayed where the original was not).
TEST(Validator, ControlCharactersInAVariantNameCountAsBlanks) {
  for (const std::string& variant : {std::string("From Position"), std::string("From\x01Position"),
                                     std::string("From P\0\0osition", 15)}) {
    const std::string text = "[Variant \"" + variant +
                             "\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n"
                             "1. Kd2 Kd7 *\n";
    RawGame game;
    game.text = text;
    game.index = 1;
    GameValidator validator{ValidateOptions{}};
    GameReport report;
    validator.validate(game, report);
    SCOPED_TRACE(variant);
    EXPECT_EQ(report.moves_replayed, 2u);
    for (const Diagnostic& d : report.problems) EXPECT_NE(d.code, Code::UnsupportedVariant);
  }
}

TEST(Validator, EveryCheckedTagAcceptsGoodValues) {
  const std::pair<const char*, const char*> good[] = {
      {"Date", "2024.01.02"},
      {"Date", "1851.??.??"},
      {"EventDate", "????.??.??"},
      {"UTCDate", "2020.12.31"},
      {"Round", "3.1.2"},
      {"Round", "?"},
      {"Result", "1-0"},
      {"WhiteElo", "2850"},
      {"BlackElo", "-"},
      {"TimeControl", "40/7200:3600"},
      {"TimeControl", "300+2"},
      // cutechess writes fractional seconds.
      {"TimeControl", "10+0.05"},
      {"TimeControl", "40/60.5:30+0.25"},
      {"ECO", "B90"},
      // The values recognized before the patterns run, and their edges, which the patterns
      // decide: the same verdict either way.
      {"Round", "1234567890"},
      {"WhiteElo", ""},
      {"WhiteElo", "0"},
      {"ECO", ""},
      {"ECO", "E99"},
      {"ECO", "A00/B01"},
      {"PlyCount", "0"},
      {"PlyCount", "1234567890"},
      {"Time", "12:30:00"},
      {"UTCTime", "23:52:30"},
      {"Round", "6.1"},
      {"Round", "12.3.45"},
      {"Result", "0-1"},
      {"Result", "1/2-1/2"},
      {"Result", "*"},
      {"UTCTime", "??:??:??"},
      {"PlyCount", "7"},
      {"Termination", "normal"},
      {"Annotator", "anything at all"},
  };
  for (const auto& [name, value] : good)
    EXPECT_TRUE(tag_problems(name, value).empty()) << name << " " << value;
}

TEST(Validator, EveryCheckedTagRejectsBadValues) {
  const std::pair<const char*, const char*> bad[] = {
      {"Date", "2024-01-02"},
      {"Date", "2024.13.02"},
      {"EventDate", "24.01.02"},
      {"UTCDate", "2020.12.32"},
      {"Round", "one"},
      {"Result", "2-0"},
      {"WhiteElo", "2700a"},
      {"BlackElo", "12345"},
      {"TimeControl", "5 min"},
      {"TimeControl", "10+.05"},
      {"TimeControl", "10+0,05"},
      {"ECO", "Z99"},
      {"ECO", "F00"},
      {"ECO", "A0"},
      {"ECO", "A000"},
      {"ECO", "a00"},
      {"WhiteElo", "27 0"},
      {"Round", "1."},
      {"PlyCount", ""},
      {"SetUp", "2"},
      {"Time", "12.30"},
      {"UTCTime", "1:2:3"},
      {"PlyCount", "seven"},
      // Near the plain forms recognized before the patterns run: left to the patterns.
      {"Round", ".1"},
      {"Round", "1..2"},
      {"Round", "1.2."},
      {"Result", "1-1"},
      {"Time", "1a:30:00"},
      {"UTCTime", "12:30:0"},
      {"UTCTime", "12-30-00"},
  };
  for (const auto& [name, value] : bad) {
    const std::vector<std::string> problems = tag_problems(name, value);
    ASSERT_EQ(problems.size(), 1u) << name << " " << value;
    EXPECT_EQ(problems[0].rfind(std::string(name) + " \"" + value + "\" is not ", 0), 0u)
        << problems[0];
  }
}

TEST(Validator, MissingRosterTagsAreNamed) {
  // "Events" and "Dates" merely resemble roster tags; Event and Date are missing.
  RawGame game;
  game.text =
      "[Events \"e\"]\n[Site \"s\"]\n[Dates \"2024.01.02\"]\n[Round \"1\"]\n"
      "[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 *\n";
  game.index = 1;
  ValidateOptions options;
  GameValidator validator(options);
  GameReport report;
  validator.validate(game, report);
  ASSERT_EQ(report.problems.size(), 1u);
  EXPECT_EQ(report.problems[0].code, Code::MissingTag);
  EXPECT_EQ(report.problems[0].message, "missing Seven Tag Roster tags: Event, Date");
}

// A game of tags only is told from one whose movetext lacks its termination marker by
// reading the tags as the parser reads them: a value that runs to the end of its line holds
// no movetext, and moves after a pair without a quoted value are movetext.
TEST(Validator, GamesOfTagsOnlyAreReadAsTheParserReadsTheirTags) {
  const auto messages = [](const std::string& text) {
    return problem_messages(text, {Code::MissingTag, Code::ResultMismatch});
  };
  const std::string roster =
      "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"w\"]\n"
      "[Black \"b\"]\n[Result \"1-0\"]\n";
  const std::vector<std::string> tags_only = {
      "a game of tags only: no movetext and no termination marker"};
  EXPECT_EQ(messages(roster + "[Annotator \"a ] b\"] [Remark \"x\"]\n"), tags_only);
  EXPECT_EQ(messages(roster + "[Annotator \"a\" x\n"), tags_only);
  EXPECT_EQ(
      messages(roster + "[Annotator a]\n1. e4\n"),
      std::vector<std::string>{"the movetext has no termination marker (the Result tag says 1-0)"});
}

// One validator over many games remembers the last value accepted per tag: a repeated good
// value is not matched again, but a bad value is reported every time it appears, and a bad
// value after a good one (or a good one after a bad one) is judged on its own.
TEST(Validator, RepeatedTagValuesAreJudgedAlikeInEveryGame) {
  ValidateOptions options;
  GameValidator validator(options);
  auto bad_tags = [&](const std::string& date, const std::string& elo) {
    const std::string text = "[Event \"e\"]\n[Site \"s\"]\n[Date \"" + date +
                             "\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n"
                             "[WhiteElo \"" +
                             elo + "\"]\n\n1. e4 *\n";
    RawGame game;
    game.text = text;
    game.index = 1;
    GameReport report;
    validator.validate(game, report);
    int count = 0;
    for (const Diagnostic& d : report.problems) count += d.code == Code::BadTag;
    return count;
  };
  EXPECT_EQ(bad_tags("2024.01.02", "2700"), 0);
  EXPECT_EQ(bad_tags("2024.01.02", "2700"), 0);
  EXPECT_EQ(bad_tags("2024.13.02", "2700"), 1);
  EXPECT_EQ(bad_tags("2024.13.02", "27x0"), 2);
  EXPECT_EQ(bad_tags("2024.13.02", "27x0"), 2);
  EXPECT_EQ(bad_tags("2024.01.02", "2700"), 0);
  EXPECT_EQ(bad_tags("2024-01-02", "2700"), 1);
}

// Lichess's clock comment is checked in place, and when the game is read without a record
// nothing else is done with it: the same warnings with a record or without, and every
// comment in the record, in order.
TEST(Validator, ClockCommentsReadAlikeWithOrWithoutARecord) {
  const std::string text =
      "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"w\"]\n"
      "[Black \"b\"]\n[Result \"*\"]\n\n"
      "1. e4 { [%clk 0:05:00] } 1... e5 { [%clk 0:65:00] } 2. Nf3 { [%clk 0:04:59] } "
      "2... Nc6 { [%clk 1:00:60] } 3. Bb5 { a move } *\n";
  RawGame game;
  game.text = text;
  game.index = 1;
  GameValidator validator(ValidateOptions{});
  const auto warnings = [](const GameReport& report) {
    std::vector<std::string> out;
    for (const Diagnostic& d : report.problems)
      if (d.code == Code::BadCommentCommand) out.push_back(d.written);
    return out;
  };
  GameReport without;
  validator.validate(game, without);
  const std::vector<std::string> expected = {"[%clk 0:65:00]", "[%clk 1:00:60]"};
  EXPECT_EQ(warnings(without), expected);
  EXPECT_EQ(without.plies, 5u);
  GameReport with;
  GameRecord record;
  validator.validate(game, with, &record);
  EXPECT_EQ(warnings(with), expected);
  std::vector<std::string> comments;
  for (const GameEvent& e : record.events)
    if (e.kind == GameEvent::Comment) comments.emplace_back(record.text(e));
  EXPECT_EQ(comments,
            (std::vector<std::string>{" [%clk 0:05:00] ", " [%clk 0:65:00] ", " [%clk 0:04:59] ",
                                      " [%clk 1:00:60] ", " a move "}));
  // The main-line reading (the game model, read_games' workers): the same warnings whether
  // its record keeps the comments or not (without them it passes over the clock comments at
  // the brace, as the reading without a record does), and every comment kept when it does.
  for (const bool keeps_comments : {true, false}) {
    SCOPED_TRACE(keeps_comments ? "main line with comments" : "main line without comments");
    MainLineRecord main_line;
    main_line.keeps_comments = keeps_comments;
    GameReport report;
    validator.validate(game, report, main_line);
    EXPECT_EQ(warnings(report), expected);
    EXPECT_EQ(report.plies, 5u);
    EXPECT_EQ(main_line.plies, 5u);
    std::vector<std::string> kept;
    for (const MainLineRecord::Comment& c : main_line.comments)
      kept.emplace_back(main_line.comment_text(c));
    EXPECT_EQ(kept, keeps_comments ? comments : std::vector<std::string>{});
  }
}

// Lichess's evaluation-and-clock comment is passed over at its brace when the reading keeps no
// record; any comment near that form must still be read in full: the two readings report the
// same problems at the same places. Odd spacing, the commands in the other order, a value out
// of range or of another form, a brace missing, a comment over the limit, one at the very end.
TEST(Validator, EvalClockCommentsReadAlikeWithOrWithoutARecord) {
  const std::vector<std::string> comments = {
      "{ [%eval 0.17] [%clk 0:05:00] }",       "{ [%eval -1.5] [%clk 0:04:59] }",
      "{ [%eval #-3] [%clk 0:04:58] }",        "{ [%eval #12] [%clk 1:04:58] }",
      "{ [%eval 123.45] [%clk 0:04:57] }",     "{ [%eval 0.17] [%clk 0:65:00] }",
      "{ [%eval 0.17] [%clk 0:05:60] }",       "{ [%eval abc] [%clk 0:05:00] }",
      "{ [%eval 1234.5] [%clk 0:05:00] }",     "{ [%eval 0.123] [%clk 0:05:00] }",
      "{ [%eval #] [%clk 0:05:00] }",          "{ [%eval #-] [%clk 0:05:00] }",
      "{ [%eval 0.17]  [%clk 0:05:00] }",      "{  [%eval 0.17] [%clk 0:05:00] }",
      "{ [%eval 0.17] [%clk 0:05:00]}",        "{ [%clk 0:05:00] [%eval 0.17] }",
      "{ [%eval 0.17][%clk 0:05:00] }",        "{ [%eval 0.17] [%clk 0:05:00] x }",
      "{ [%eval 0.17] [%clk 0:05:00] \n}",     "{ [%eval 0.17] [%clk 0:5:00] }",
      "{ [%eval 0.17] [%clk 0:05:00] ",        "{ [%eval 0.17] [%clk 0:65:00] ] }",
      "{ [%evaluation 0.17] [%clk 0:05:00] }", "{ [%eval 0.1x] [%clk 0:05:00] }",
      "{ [%eval -#3] [%clk 0:05:00] }",        "{ [%eval 0.17] [%clk 10:05:00] }",
  };
  const std::string tags =
      "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"w\"]\n"
      "[Black \"b\"]\n[Result \"*\"]\n\n";
  const auto problems = [](const GameReport& report) {
    std::vector<std::string> out;
    for (const Diagnostic& d : report.problems)
      out.push_back(std::to_string(d.line) + ":" + std::to_string(d.column) + "+" +
                    std::to_string(d.offset) + " " + d.message + " [" + d.written + "]");
    return out;
  };
  const std::string moves[] = {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"};
  for (const std::size_t limit : {std::size_t{1} << 20, std::size_t{28}}) {
    for (const std::string& comment : comments) {
      for (const bool at_end : {false, true}) {
        std::string text = tags;
        for (int ply = 0; ply < 6; ++ply) {
          text += (ply % 2 == 0 ? std::to_string(ply / 2 + 1) + ". "
                                : std::to_string(ply / 2 + 1) + "... ");
          text += moves[ply] + " " + comment + " ";
        }
        if (!at_end) text += "*\n";
        SCOPED_TRACE(testing::Message()
                     << comment << (at_end ? ", at the end" : "") << ", limit " << limit);
        RawGame game;
        game.text = text;
        game.index = 1;
        ValidateOptions options;
        options.parse_limits.max_comment_bytes = limit;
        GameValidator validator(options);
        GameReport without;
        validator.validate(game, without);
        GameReport with;
        GameRecord record;
        validator.validate(game, with, &record);
        EXPECT_EQ(problems(without), problems(with));
        EXPECT_EQ(without.plies, with.plies);
        // The main-line reading passes over the form too when its record keeps no comments.
        for (const bool keeps_comments : {true, false}) {
          MainLineRecord main_line;
          main_line.keeps_comments = keeps_comments;
          GameReport main;
          validator.validate(game, main, main_line);
          EXPECT_EQ(problems(main), problems(with)) << "keeps_comments " << keeps_comments;
          EXPECT_EQ(main.plies, with.plies);
          std::size_t recorded = 0;
          for (const GameEvent& e : record.events) recorded += e.kind == GameEvent::Comment;
          EXPECT_EQ(main_line.comments.size(), keeps_comments ? recorded : 0u);
        }
        // Not two empty lists: the bad clock is reported (six times).
        if (comment.find("0:65:00") != std::string::npos) EXPECT_GE(problems(with).size(), 6u);
      }
    }
  }
}

// Tag values as the splitter hands them over (its tag lines, which say whether a value holds
// a backslash) are unescaped as when the validator reads the text itself: short lines the
// splitter reads from one block, long ones it scans, values with escapes and without.
TEST(Validator, TagValuesFromTheSplittersLinesAreUnescaped) {
  const std::string long_value(40, 'x');
  const std::string text =
      "[Event \"a \\\"b\\\"\"]\n[Site \"c\\\\d\"]\n[Date \"2024.01.02\"]\n"
      "[Round \"1\"]\n[White \"" +
      long_value + "\\\"\"]\n[Black \"" + long_value + "\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n";
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"Event", "a \"b\""},         {"Site", "c\\d"},      {"Date", "2024.01.02"}, {"Round", "1"},
      {"White", long_value + "\""}, {"Black", long_value}, {"Result", "1-0"}};
  auto source = InputSource::from_memory(text);
  GameSplitter splitter(*source);
  RawGame game;
  ASSERT_TRUE(splitter.next(game));
  ASSERT_EQ(game.tag_lines.count, 7u);  // every line described: the splitter's reading is used
  GameValidator validator(ValidateOptions{});
  GameReport report;
  GameRecord record;
  validator.validate(game, report, &record);
  EXPECT_EQ(record.tags, expected);
  RawGame unread = game;
  unread.tag_lines = ReadTagLines{};
  GameRecord from_text;
  validator.validate(unread, report, &from_text);
  EXPECT_EQ(from_text.tags, expected);
}

}  // namespace
}  // namespace pgn
