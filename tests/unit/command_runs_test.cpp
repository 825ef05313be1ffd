// The library's drivers of pgn select, pgn fix, pgn convert and pgn validate (select_games,
// repair_files, convert_files, validate_files): what they hand their sinks, in input order over
// several inputs and threads, and how they count.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <string>
#include <vector>

#include "libpgn/convert_run.hpp"
#include "libpgn/repair_run.hpp"
#include "libpgn/select_run.hpp"
#include "libpgn/validate_run.hpp"

namespace pgn {
namespace {

// A mate with its signs and result missing, then a game that needs no change.
constexpr std::string_view kMate =
    "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *\n";
constexpr std::string_view kShort =
    "[Event \"b\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"x\"]\n"
    "[Black \"y\"]\n[Result \"1-0\"]\n\n1. d4 d5 1-0\n";

// `count` games, kMate and kShort in turn, each with its Event numbered.
std::string games(int count) {
  std::string text;
  for (int i = 0; i < count; ++i) {
    std::string game(i % 2 ? kShort : kMate);
    game.replace(game.find('"') + 1, 1, std::to_string(i));
    text += game + "\n";
  }
  return text;
}

// A run whose sink asks it to stop at its second output (`outputs` counts them): nothing is
// handed on after that, and the input, 200 games of a batch or two each, is not read to its end.
template <class Run>
void expect_stopped_at_the_second_output(const std::size_t& outputs, Run run) {
  const RunSummary summary = run(std::vector<Source>{Source::bytes("in", games(200))});
  EXPECT_EQ(outputs, 2u);
  EXPECT_LT(summary.games, 200u);
}

struct SelectRecorder final : SelectSink {
  std::string written;
  std::vector<std::string> notes, failed;
  std::size_t progress_calls = 0;
  void note(const std::string& file, const Diagnostic& d) override {
    notes.push_back(file + ":" + std::to_string(d.line) + ": " + d.message);
  }
  void games(std::string_view text) override { written += text; }
  void failed_input(const std::string& file, const std::string&, std::uint64_t read) override {
    failed.push_back(file + " after " + std::to_string(read));
  }
  void progress(const RunSummary&, std::size_t, std::uint64_t) override { ++progress_calls; }
};

TEST(SelectGames, ChosenGamesInInputOrderAcrossInputsAndThreads) {
  Selection selection;
  std::string error;
  ASSERT_TRUE(selection.add_range(Selection::Kind::Ply, ">=7", false, error)) << error;
  SelectSettings settings;
  settings.pipeline.threads = 3;
  settings.pipeline.batch_bytes = 256;  // a batch or two per game
  const std::string first = games(40), second = games(7);
  SelectRecorder sink;
  const SelectTotals totals =
      select_games({Source::bytes("first", first), Source::path("/no/such/input.pgn"),
                    Source::bytes("second", second)},
                   selection, settings, sink);
  // The mates (7 plies), byte for byte, in input order.
  std::string expected;
  for (int i = 0; i < 40; i += 2)
    append_game_as_read(games(i + 1).substr(games(i).size()), expected);
  for (int i = 0; i < 7; i += 2)
    append_game_as_read(games(i + 1).substr(games(i).size()), expected);
  EXPECT_EQ(sink.written, expected);
  EXPECT_EQ(totals.files, 3u);
  EXPECT_EQ(totals.files_failed, 1u);
  EXPECT_EQ(sink.failed, std::vector<std::string>{"/no/such/input.pgn after 0"});
  EXPECT_EQ(totals.games, 47u);
  EXPECT_EQ(totals.selected, 24u);
  EXPECT_EQ(totals.noted, 0u);
  EXPECT_GT(sink.progress_calls, 2u);

  // Inverted and counted only: the others are counted, nothing is written.
  settings.invert = true;
  settings.count_only = true;
  SelectRecorder counted;
  EXPECT_EQ(select_games({Source::bytes("first", first)}, selection, settings, counted).selected,
            20u);
  EXPECT_TRUE(counted.written.empty());
}

TEST(SelectGames, GamesNotExaminedWholeAreNoted) {
  Selection selection;
  std::string error;
  ASSERT_TRUE(selection.add_range(Selection::Kind::Ply, ">=1", false, error)) << error;
  SelectSettings settings;
  settings.pipeline.splitter.max_game_bytes = 200;
  const std::string long_game =
      "[Event \"long\"]\n[Comment \"" + std::string(400, 'x') + "\"]\n\n1. e4 *\n\n";
  const std::string bad_fen =
      "[Event \"fen\"]\n[SetUp \"1\"]\n[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n";
  SelectRecorder sink;
  const SelectTotals totals =
      select_games({Source::bytes("in", std::string(kMate) + "\n" + long_game + bad_fen)},
                   selection, settings, sink);
  EXPECT_EQ(totals.games, 3u);
  EXPECT_EQ(totals.selected, 1u);
  EXPECT_EQ(totals.unreadable, 1u);
  EXPECT_EQ(totals.noted, 2u);
  ASSERT_EQ(sink.notes.size(), 2u);
  EXPECT_EQ(sink.notes[0],
            "in:6: game 2 is longer than --max-game-bytes and cannot be read whole; not examined");
  EXPECT_EQ(sink.notes[1].rfind("in:11: game 3: moves not replayed (", 0), 0u) << sink.notes[1];
}

struct RepairRecorder final : RepairSink {
  std::string changes, written;
  std::vector<std::string> problems, inputs_done;
  std::size_t batches = 0, stop_after = 0;  // 0: never stop
  void problem(const std::string& file, const Diagnostic& d) override {
    problems.push_back(file + ": " + d.message);
  }
  bool batch(std::size_t, std::string_view said, std::string_view games) override {
    changes += said;
    written += games;
    return ++batches != stop_after;
  }
  bool input_done(std::size_t file, const std::string& error) override {
    inputs_done.push_back(std::to_string(file) + (error.empty() ? "" : " failed"));
    return true;
  }
};

TEST(RepairFiles, ChangesAndGamesInInputOrderCountedAsValidateCounts) {
  RepairRunSettings settings;
  settings.pipeline.threads = 2;
  settings.pipeline.batch_bytes = 256;
  const std::string text = games(30);
  RepairRecorder sink;
  const RepairTotals totals =
      repair_files({Source::bytes("in", text), Source::path("/no/such/input.pgn")}, settings, sink);
  EXPECT_EQ(totals.summary.files, 2u);
  EXPECT_EQ(totals.summary.files_failed, 1u);
  EXPECT_EQ(totals.summary.games, 30u);
  EXPECT_EQ(totals.mended, 15u);
  EXPECT_EQ(totals.already_right, 15u);
  EXPECT_EQ(totals.by_kind[std::size_t(RepairKind::CheckSign)], 15u);
  EXPECT_EQ(totals.by_kind[std::size_t(RepairKind::MissingTag)], 15u * 5);
  EXPECT_EQ(sink.inputs_done, (std::vector<std::string>{"0", "1 failed"}));
  ASSERT_EQ(sink.problems.size(), 1u);
  EXPECT_NE(sink.problems[0].find("/no/such/input.pgn"), std::string::npos);
  // Each mate said in order, its game written after the changes of its batch.
  for (int i = 0; i < 30; i += 2) {
    const std::string event = "[Event \"" + std::to_string(i) + "\"]";
    const std::size_t at = sink.written.find(event);
    ASSERT_NE(at, std::string::npos) << event;
    EXPECT_EQ(sink.written.compare(sink.written.find("4. ", at), 14, "4. Qxf7# 1-0\n\n"), 0);
    // kMate is 5 lines with its blank one, kShort 10.
    EXPECT_NE(sink.changes.find("in:" + std::to_string(4 + 15 * (i / 2)) + ":35: game " +
                                std::to_string(i + 1) + ", ply 7: check-sign: Qxf7 -> Qxf7#"),
              std::string::npos)
        << i;
  }
}

TEST(RepairFiles, JsonLinesDryRunAndAStopFromTheSink) {
  RepairRunSettings settings;
  settings.pipeline.batch_bytes = 256;
  settings.dry_run = true;
  settings.changes = ChangeFormat::JsonLines;
  RepairRecorder sink;
  repair_files({Source::bytes("in", std::string(kMate))}, settings, sink);
  EXPECT_TRUE(sink.written.empty());
  EXPECT_NE(sink.changes.find("{\"file\":\"in\",\"game\":1,\"line\":4,\"column\":35,\"ply\":7,"
                              "\"variation\":\"\",\"kind\":\"check-sign\",\"was\":\"Qxf7\","
                              "\"now\":\"Qxf7#\",\"why\":\"the move mates\","
                              "\"game_passed_on\":false}\n"),
            std::string::npos)
      << sink.changes;

  // An output that fails stops the run: no batch after it is handed on.
  settings.dry_run = false;
  RepairRecorder stopping;
  stopping.stop_after = 2;
  expect_stopped_at_the_second_output(stopping.batches, [&](const std::vector<Source>& in) {
    return repair_files(in, settings, stopping).summary;
  });
}

struct ConvertRecorder final : ConvertSink {
  std::map<std::size_t, std::string> written;  // by output
  std::vector<std::string> problems, inputs_done;
  std::vector<Diagnostic> said;
  std::size_t writes = 0, fail_at = 0;  // fail_at: the write that fails (0: none)
  void problem(const std::string& file, const Diagnostic& d) override {
    problems.push_back(file + ": " + d.message);
  }
  void game_problem(const std::string&, const Diagnostic& d) override { said.push_back(d); }
  bool write(std::size_t file, std::string_view text) override {
    written[file] += text;
    return ++writes != fail_at;
  }
  bool input_done(std::size_t file, const std::string& error) override {
    inputs_done.push_back(std::to_string(file) + (error.empty() ? "" : " failed"));
    return true;
  }
};

std::size_t occurrences(const std::string& text, std::string_view what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(ConvertFiles, OneJsonArrayWhateverTheBatchesOrOnePerInput) {
  ConvertRunSettings settings;
  settings.writer.format = OutputFormat::Json;
  const std::string first = games(40), second = games(7);
  const std::vector<Source> sources = {Source::bytes("first", first), Source::bytes("empty", ""),
                                       Source::bytes("second", second)};
  ConvertRecorder whole;
  const ConvertTotals totals = convert_files(sources, settings, whole);
  EXPECT_EQ(totals.summary.files, 3u);
  EXPECT_EQ(totals.summary.games, 47u);
  EXPECT_EQ(totals.written, 47u);
  ASSERT_EQ(whole.written.size(), 1u);
  const std::string& array = whole.written[0];
  EXPECT_EQ(array.rfind("[\n", 0), 0u);
  EXPECT_EQ(array.compare(array.size() - 3, 3, "\n]\n"), 0);
  EXPECT_EQ(occurrences(array, "\"Event\""), 47u);
  EXPECT_EQ(whole.problems.size(), 1u);  // "no games found" in the empty input

  // Many batches on several threads: the same array, batches joined as games are.
  settings.pipeline.threads = 3;
  settings.pipeline.batch_bytes = 256;
  ConvertRecorder batched;
  convert_files(sources, settings, batched);
  EXPECT_EQ(batched.written, whole.written);

  // One output per input, each a whole array, an empty one for the empty input.
  settings.output_per_input = true;
  ConvertRecorder per_input;
  convert_files(sources, settings, per_input);
  ConvertRecorder first_alone;
  settings.output_per_input = false;
  convert_files({Source::bytes("first", first)}, settings, first_alone);
  EXPECT_EQ(per_input.written[0], first_alone.written[0]);
  EXPECT_EQ(per_input.written[1], "[\n]\n");
  EXPECT_EQ(occurrences(per_input.written[2], "\"Event\""), 7u);
  EXPECT_EQ(per_input.inputs_done, (std::vector<std::string>{"0", "1", "2"}));
}

TEST(ConvertFiles, GamesWithErrorsSkippedOrCutAndTheProblemsSaid) {
  // An illegal second move for White (a king cannot go from e1 to e3).
  const std::string text =
      std::string(kMate) + "\n[Event \"c\"]\n\n1. e4 e5 2. Ke3 *\n\n" + std::string(kShort);
  ConvertRunSettings settings;
  settings.header = "; converted\n";
  settings.invalid = InvalidGames::Skip;
  ConvertRecorder skipped;
  ConvertTotals totals = convert_files({Source::bytes("in", text)}, settings, skipped);
  EXPECT_EQ(totals.written, 2u);
  EXPECT_EQ(totals.skipped, 1u);
  EXPECT_EQ(totals.summary.games_with_errors, 1u);
  EXPECT_EQ(skipped.written[0].rfind("; converted\n[Event \"a\"]", 0), 0u) << skipped.written[0];
  EXPECT_EQ(skipped.written[0].find("Ke3"), std::string::npos);
  // Errors only, unless warnings are asked for.
  ASSERT_FALSE(skipped.said.empty());
  for (const Diagnostic& d : skipped.said) EXPECT_EQ(d.severity, Severity::Error) << d.message;
  settings.warnings = true;
  ConvertRecorder with_warnings;
  convert_files({Source::bytes("in", text)}, settings, with_warnings);
  EXPECT_GT(with_warnings.said.size(), skipped.said.size());

  // Cut after its last good move, the error in a comment, the result unknown.
  settings.invalid = InvalidGames::Truncate;
  ConvertRecorder cut;
  totals = convert_files({Source::bytes("in", text)}, settings, cut);
  EXPECT_EQ(totals.written, 2u);
  EXPECT_EQ(totals.truncated, 1u);
  const std::size_t game = cut.written[0].find("[Event \"c\"]");
  ASSERT_NE(game, std::string::npos);
  const std::size_t moves = cut.written[0].find("1. e4 e5 {", game);
  ASSERT_NE(moves, std::string::npos) << cut.written[0];
  EXPECT_LT(cut.written[0].find("Ke3", moves), cut.written[0].find("} *", moves));
}

TEST(ConvertFiles, AnOutputThatFailsStopsTheRun) {
  ConvertRunSettings settings;
  settings.pipeline.batch_bytes = 256;
  ConvertRecorder failing;
  failing.fail_at = 2;
  expect_stopped_at_the_second_output(failing.writes, [&](const std::vector<Source>& in) {
    return convert_files(in, settings, failing).summary;
  });
}

struct ValidateRecorder final : ValidateSink {
  std::vector<std::string> problems, failed;
  std::vector<std::uint64_t> games;  // each report's game number, in the order handed on
  std::uint64_t errors = 0;
  std::size_t progress_calls = 0;
  void problem(const std::string& file, const Diagnostic& d) override {
    problems.push_back(file + ": " + d.message);
  }
  void failed_input(const std::string& file, const Diagnostic&) override { failed.push_back(file); }
  void game(const std::string&, GameReport& report) override {
    games.push_back(report.index);
    errors += report.errors;
  }
  void progress(const RunSummary&, std::size_t, std::uint64_t) override { ++progress_calls; }
};

// `games` games, every `every`th of them (the first included) with an illegal move.
std::string games_with_illegal_moves(int games, int every) {
  std::string text;
  for (int i = 0; i < games; ++i)
    text += i % every ? std::string(kShort) + "\n" : "[Event \"c\"]\n\n1. e4 e5 2. Ke3 *\n\n";
  return text;
}

TEST(ValidateFiles, ReportsInInputOrderCountedOnce) {
  ValidateRunSettings settings;
  settings.pipeline.threads = 3;
  settings.pipeline.batch_bytes = 256;
  const std::string text = games_with_illegal_moves(30, 5);
  ValidateRecorder sink;
  const RunSummary summary = validate_files(
      {Source::bytes("in", text), Source::path("/no/such/input.pgn"), Source::bytes("empty", "")},
      settings, sink);
  EXPECT_EQ(summary.files, 3u);
  EXPECT_EQ(summary.files_failed, 1u);
  EXPECT_EQ(summary.games, 30u);
  // The six illegal moves, each in its game's report, and the input that could not be read
  // (an error, but no game).
  EXPECT_EQ(sink.errors, 6u);
  EXPECT_EQ(summary.errors, 7u);
  EXPECT_EQ(summary.games_with_errors, 6u);
  std::vector<std::uint64_t> in_order(30);
  for (std::uint64_t i = 0; i < 30; ++i) in_order[i] = i + 1;
  EXPECT_EQ(sink.games, in_order);
  EXPECT_EQ(sink.failed, std::vector<std::string>{"/no/such/input.pgn"});
  ASSERT_EQ(sink.problems.size(), 1u);  // "no games found" in the empty input
  EXPECT_EQ(sink.problems[0].rfind("empty: ", 0), 0u) << sink.problems[0];
  EXPECT_GT(sink.progress_calls, 2u);
  EXPECT_FALSE(summary.interrupted);
}

// The sink may take a game's problems rather than copy them: the run has counted them already.
TEST(ValidateFiles, TheSinkTakesTheProblemsOfAReportCountedBefore) {
  struct TakingSink final : ValidateSink {
    std::vector<Diagnostic> taken;
    void problem(const std::string&, const Diagnostic&) override {}
    void game(const std::string&, GameReport& report) override {
      for (Diagnostic& d : report.problems) taken.push_back(std::move(d));
      report.problems.clear();
    }
  };
  ValidateRunSettings settings;
  settings.pipeline.threads = 2;
  settings.pipeline.batch_bytes = 256;
  const std::string text = games_with_illegal_moves(12, 3);
  TakingSink sink;
  const RunSummary summary = validate_files({Source::bytes("in", text)}, settings, sink);
  EXPECT_EQ(summary.games_with_errors, 4u);
  EXPECT_EQ(summary.errors, 4u);
  EXPECT_EQ(sink.taken.size(), summary.errors + summary.warnings);
  EXPECT_EQ(std::count_if(sink.taken.begin(), sink.taken.end(),
                          [](const Diagnostic& d) { return d.code == Code::IllegalMove; }),
            4);
}

}  // namespace
}  // namespace pgn
