// pgn convert: replays every game and writes it again as normalized PGN, JSON, UCI, LAN, FEN or
// EPD, optionally in another notation, or as one CSV row of tags and verdict per game. Games with
// errors are passed on unchanged, skipped, or cut after their last good move.
// The run itself is convert_files in libpgn/convert_run.hpp; this file holds the options, the
// outputs and the summary.
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli_common.hpp"
#include "cli_options.hpp"
#include "commands.hpp"
#include "libpgn/convert_run.hpp"
#include "libpgn/report.hpp"
#include "sqlite_output.hpp"

namespace po = boost::program_options;

namespace pgn::cli {
namespace {

// "games written N, skipped N, truncated N"
std::string tally_line(const ConvertTotals& totals, const char* written_as = "games written") {
  std::string s = written_as;
  s += ' ' + std::to_string(totals.written) + ", skipped " + std::to_string(totals.skipped) +
       ", truncated " + std::to_string(totals.truncated);
  return s;
}

// Where the run's output and problems go: the games to the output (with --in-place one per
// input) or the rows to the database, the problems to standard error.
class ConvertOutput final : public ConvertSink {
 public:
  // `outputs`: the one output of the run, or with --in-place one per input.
  ConvertOutput(const std::vector<OutputFile*>& outputs, bool in_place, SqliteOutput* database,
                ReportWriter& diagnostics, Progress& progress)
      : outputs_(outputs),
        in_place_(in_place),
        database_(database),
        diagnostics_(diagnostics),
        progress_(progress) {}

  bool output_closed() const { return output_closed_; }
  // --max-per-code N: the first N problems of each code on standard error, then a count.
  void cap_per_code(std::uint64_t n) { filter_.max_per_code = n; }
  void write_held_back() const { filter_.write_held_back(stderr); }
  bool output_failed() const { return output_failed_; }
  int output_errno() const { return output_errno_; }

  void problem(const std::string& file, const Diagnostic& d) override {
    diagnostics_.problem(file, d);
  }
  void game_problem(const std::string& file, const Diagnostic& d) override {
    if (filter_.shows(d)) diagnostics_.problem(file, d);
  }
  void begin_file(std::size_t index, const std::string& name) override {
    if (database_) database_->begin_file(index, name);
  }
  bool write(std::size_t file, std::string_view text) override {
    if (database_) return database_->insert(text);
    if (output_closed_ || output_failed_ || text.empty()) return true;
    OutputFile& output = *outputs_[in_place_ ? file : 0];
    if (std::fwrite(text.data(), 1, text.size(), output.stream()) == text.size()) {
      output.wrote(text.size());
      return true;
    }
    output_errno_ = errno;
    if (errno == EPIPE)
      output_closed_ = true;  // the reader has all it wanted (pgn convert ... | head)
    else
      output_failed_ = true;
    return false;
  }
  bool input_done(std::size_t file, const std::string& error) override {
    if (database_) database_->end_file(error);
    if (!in_place_ || !error.empty() || output_failed_) return true;
    // --in-place, done with this input: its temporary file is closed now, so that rewriting
    // many inputs holds no descriptor per input; it is renamed with the others at the end.
    std::string failure;
    if (outputs_[file]->finish(failure)) return true;
    output_errno_ = errno;
    output_failed_ = true;
    return false;
  }
  void progress(const RunSummary& summary, std::size_t file, std::uint64_t offset) override {
    progress_.update(summary, file, offset);
  }

 private:
  const std::vector<OutputFile*>& outputs_;
  bool in_place_;
  SqliteOutput* database_;  // --to sqlite
  ReportWriter& diagnostics_;
  ProblemFilter filter_;
  Progress& progress_;
  bool output_closed_ = false, output_failed_ = false;
  int output_errno_ = 0;
};

// --columns and --bom (csv only): the writer's columns, and the text each output begins with.
bool csv_columns(const po::variables_map& vm, WriterOptions& writer, const std::string& list,
                 std::string& header) {
  if (writer.format != OutputFormat::Csv) {
    if (!vm.count("columns") && !vm.count("bom")) return true;
    std::fprintf(stderr, "pgn convert: --columns and --bom apply to --to csv\n");
    return false;
  }
  if (vm.count("moves")) {  // a row per move, in fixed columns
    if (vm.count("columns")) {
      std::fprintf(stderr,
                   "pgn convert: --columns chooses the columns of a game's row; --moves writes a "
                   "row per move in its own columns (%s)\n",
                   listed(csv_move_columns(true), ",", ",").c_str());
      return false;
    }
    writer.csv_moves = true;
    if (vm.count("bom")) header = "\xEF\xBB\xBF";
    append_csv_header(csv_move_columns(vm.count("fen") > 0), header);
    return true;
  }
  writer.csv_columns = default_csv_columns();
  if (vm.count("columns")) {
    writer.csv_columns.clear();
    for (std::size_t at = 0; at <= list.size();) {
      std::size_t end = list.find(',', at);
      if (end == std::string::npos) end = list.size();
      std::string name = list.substr(at, end - at);
      name.erase(0, name.find_first_not_of(' '));
      name.erase(name.find_last_not_of(' ') + 1);
      if (name.empty()) {
        std::fprintf(stderr, "pgn convert: --columns: an empty column name in '%s'\n",
                     list.c_str());
        return false;
      }
      writer.csv_columns.push_back(std::move(name));
      at = end + 1;
    }
  }
  if (vm.count("bom")) header = "\xEF\xBB\xBF";
  append_csv_header(writer.csv_columns, header);
  return true;
}

constexpr CommandHelp kHelp{
    "convert", "[options] FILE... | -",
    "Replays every game and writes it again: normalized PGN (export format), JSON, JSON Lines, "
    "UCI, long algebraic, FEN or EPD, optionally in another notation; or one CSV row per game "
    "(tags, plies, verdict, problem counts). Reads PGN (.pgn, .zst, "
    ".gz, .bz2, by content) and JSON (its own output, lichess exports, records with a \"pgn\" "
    "field). Games with errors are written unchanged and reported on standard error, unless "
    "--skip-invalid or --truncate-invalid.",
    "Exit status: 0 every game converted, 1 games with errors were found (and written "
    "unchanged, skipped or truncated) or games could not be written in the chosen format, 2 "
    "usage or I/O failure or an interrupt."};

// The writers' formats and sqlite, which the convert command writes through a database of its
// own (tools/pgn/sqlite_output) rather than a text writer.
std::vector<std::string> convert_format_names() {
  std::vector<std::string> names = names_of(output_format_names());
  names.emplace_back("sqlite");
  return names;
}

struct ConvertArgs : OptionTable {
  CommonOptions common;
  std::string to = "pgn";
  std::string to_lang;
  std::string columns;
  std::uint64_t line_width = 79;
  std::uint64_t max_per_code = 0;
  ConvertArgs() {
    add_standard_options(options);
    const std::string to_help = listed(convert_format_names()) + " (the last one given wins)";
    const std::string columns_help = "csv: the columns, comma-separated: tag names, or " +
                                     listed(names_of(csv_fields())) +
                                     " (default: " + listed(default_csv_columns(), ",", ",") + ")";
    options.add_options()  //
        ("to,t",
         choice_value(&to, convert_format_names())->value_name("FORMAT")->default_value("pgn"),
         to_help.c_str())  //
        ("to-lang", choice_value(&to_lang, notation_codes())->value_name("LANG"),
         "write moves and results in this notation (pgn and lan; e.g. ru, de, de-spoken)")  //
        ("output,o", po::value<std::string>()->value_name("FILE"),
         "write to FILE (replaced only when the run completes; never an input)")  //
        ("in-place",
         "replace each input FILE by its converted games (all replaced together, through "
         "temporary files, only when the run completes; plain files only)")  //
        ("fen",
         "json, jsonl, sqlite and csv --moves: add the FEN after every move (bughouse: both "
         "pockets)")  //
        ("board", po::value<std::string>()->value_name("A|B"),
         "bughouse: write board A or B of each match as a PGN game with its drops")  //
        ("moves", "sqlite, csv: a row per main-line move (SAN, UCI, clock, eval)")   //
        ("columns", po::value(&columns)->value_name("LIST"), columns_help.c_str())   //
        ("bom",
         "csv: begin with a UTF-8 byte order mark, for spreadsheet programs that need one")  //
        ("keep-suffixes", "write !, ?, !!, ??, !?, ?! instead of $1..$6")                    //
        ("line-width", count_value(line_width, 0, 100'000),
         "pgn, lan: movetext lines of at most N characters (0: each game's movetext on one "
         "line)")  //
        ("eco", po::value<std::string>()->implicit_value("add", "")->value_name("[=overwrite]"),
         "add ECO, Opening and Variation tags naming the opening (by the deepest position of "
         "the main line in the opening table); tags a game has are kept, with --eco=overwrite "
         "they are replaced")                                   //
        ("no-comments", "leave out comments")                   //
        ("no-variations", "leave out variations")               //
        ("no-nags", "leave out NAGs (and suffix annotations)")  //
        ("skip-invalid", "leave out games with errors")         //
        ("truncate-invalid",
         "write games with errors up to their last good move, with a comment naming the problem "
         "and the result *")                                                       //
        ("warnings", "report warnings on standard error too (errors always are)")  //
        ("max-per-code", count_value(max_per_code, 0, ~std::uint64_t{0}),
         "report at most N problems of each code, then how many more there were (0: no "
         "limit)")  //
        ("quiet,q", "no summary on standard error");
    add_common_options(options, common);
    add_variant_option(options, common);
  }
};

int run_convert(int argc, char** argv) {
  ConvertArgs args;
  auto& common = args.common;
  auto& to = args.to;
  auto& to_lang = args.to_lang;
  auto& line_width = args.line_width;
  auto& max_per_code = args.max_per_code;
  auto& options = args.options;
  auto& columns = args.columns;
  po::variables_map vm;
  static char eco_add[] = "--eco=add";
  spell_out_implicit_value(argc, argv, "--eco", eco_add);
  std::vector<std::string> files;
  if (int status; !parse_file_command(kHelp, argc, argv, options, vm, files, status)) return status;

  ConvertRunSettings settings;
  WriterOptions& writer = settings.writer;
  settings.sqlite = to == "sqlite";
  if (!settings.sqlite && !output_format_from_name(to, writer.format)) {
    std::fprintf(stderr, "pgn convert: unknown output format '%s' (%s)\n", to.c_str(),
                 listed(convert_format_names(), ", ", ", ").c_str());
    return kExitFailure;
  }
  if (!csv_columns(vm, writer, columns, settings.header)) return kExitFailure;
  const bool json_out = writer.format == OutputFormat::Json || writer.format == OutputFormat::Jsonl;
  writer.fen = vm.count("fen") > 0;
  if (writer.csv_moves) {
    // --fen adds the FEN column of the move rows (csv_columns above).
  } else if (settings.sqlite || vm.count("moves")) {
    settings.sqlite_options.moves = vm.count("moves") > 0;
    settings.sqlite_options.fen = writer.fen;
    if (const char* problem = sqlite_usage_problem(settings.sqlite, vm)) {
      std::fprintf(stderr, "pgn convert: %s\n", problem);
      return kExitFailure;
    }
  } else if (writer.fen && !json_out) {
    std::fprintf(stderr,
                 "pgn convert: --fen applies to --to json and jsonl, and to sqlite and csv with "
                 "--moves (--to fen writes positions alone)\n");
    return kExitFailure;
  }
  writer.keep_suffixes = vm.count("keep-suffixes") > 0;
  writer.line_width = line_width;
  writer.comments = vm.count("no-comments") == 0;
  writer.variations = vm.count("no-variations") == 0;
  writer.nags = vm.count("no-nags") == 0;
  if (vm.count("skip-invalid") && vm.count("truncate-invalid")) {
    std::fprintf(stderr,
                 "pgn convert: --skip-invalid and --truncate-invalid "
                 "exclude each other\n");
    return kExitFailure;
  }
  if (vm.count("skip-invalid")) settings.invalid = InvalidGames::Skip;
  if (vm.count("board")) {
    const std::string& board = vm["board"].as<std::string>();
    if (board != "A" && board != "B" && board != "a" && board != "b") {
      std::fprintf(stderr, "pgn convert: --board takes A or B, not '%s'\n", board.c_str());
      return kExitFailure;
    }
    settings.bughouse_board = (board == "A" || board == "a") ? 0 : 1;
  }
  if (vm.count("eco")) {
    const std::string& mode = vm["eco"].as<std::string>();
    if (mode != "add" && mode != "overwrite") {
      std::fprintf(stderr, "pgn convert: --eco takes no value or =overwrite, not '%s'\n",
                   mode.c_str());
      return kExitFailure;
    }
    settings.eco = true;
    if (mode == "overwrite") settings.eco_mode = OpeningTagMode::Overwrite;
  }
  if (vm.count("truncate-invalid")) settings.invalid = InvalidGames::Truncate;

  std::string error;
  if (!apply_common_options(vm, common, settings.validate, error)) {
    std::fprintf(stderr, "pgn convert: %s\n", error.c_str());
    return kExitFailure;
  }
  if (!to_lang.empty()) {
    if (writer.format != OutputFormat::Pgn && writer.format != OutputFormat::Lan) {
      std::fprintf(stderr, "pgn convert: --to-lang applies to --to pgn and lan\n");
      return kExitFailure;
    }
    for (const auto& table : common.loaded_notations)
      if (table->code == to_lang) writer.notation = table.get();
    if (!writer.notation) writer.notation = find_notation(to_lang);
    if (!writer.notation) {
      std::string known;
      for (const std::string& code : notation_codes()) known += " " + code;
      std::fprintf(stderr, "pgn convert: unknown notation '%s'; known:%s\n", to_lang.c_str(),
                   known.c_str());
      return kExitFailure;
    }
  }

  // Inputs: PGN or JSON, told apart by content.
  auto& names = files;
  const bool in_place = vm.count("in-place") > 0;
  std::vector<std::unique_ptr<OutputFile>> owned;
  std::vector<OutputFile*> outputs;
  SqliteOutput database;
  if (settings.sqlite) {
    // Inputs loaded before are left out here, so the database's tally is the run's.
    if (!database.open(vm["output"].as<std::string>(), names, settings.sqlite_options))
      return kExitFailure;
    outputs.push_back(owned.emplace_back(std::make_unique<OutputFile>()).get());
  } else if (!open_game_outputs(vm, names, "convert", owned, outputs)) {
    return kExitFailure;
  }
  const std::vector<Source> sources = sources_for(names, InputFormat::Detect);
  const bool color = isatty(STDERR_FILENO) && common.color != "never";
  auto diagnostics =
      ReportWriter::create(ReportFormat::Text, stderr, color || common.color == "always");

  settings.warnings = vm.count("warnings") > 0;
  settings.output_per_input = in_place;
  Progress progress(names, vm);
  ConvertOutput output(outputs, in_place, settings.sqlite ? &database : nullptr, *diagnostics,
                       progress);
  output.cap_per_code(max_per_code);
  install_interrupt_handler();
  settings.pipeline = pipeline_options(common);
  settings.run_stop = &run_stop();
  const auto started = std::chrono::steady_clock::now();
  ConvertTotals totals = convert_files(sources, settings, output);
  RunSummary& summary = totals.summary;
  summary.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  progress.clear();
  output.write_held_back();
  diagnostics->finish(summary);

  if (output.output_closed()) return kExitOk;  // a reader that stopped early is no failure
  if (output.output_failed())
    std::fprintf(stderr, "pgn convert: cannot write %s: %s\n",
                 vm.count("output") ? vm["output"].as<std::string>().c_str()
                 : in_place         ? "a temporary file"
                                    : "standard output",
                 std::strerror(output.output_errno()));
  const bool complete = !summary.files_failed && !summary.interrupted && !output.output_failed();
  const bool output_ok = (settings.sqlite ? database.settle(complete)
                                          : settle_outputs(outputs, complete, "convert")) &&
                         !output.output_failed();
  if (!vm.count("quiet")) {
    // What was committed: to a file or in place, nothing unless the run completed.
    std::string verdict = tally_line(totals);
    if (settings.sqlite)
      verdict = database.verdict(totals.written);
    else if ((in_place || vm.count("output")) && !(complete && output_ok))
      verdict = "nothing written (" + tally_line(totals, "games converted") + ')';
    else if (in_place)
      verdict = std::to_string(names.size()) + " file" + (names.size() == 1 ? "" : "s") +
                " rewritten in place; " + verdict;
    print_summary(stderr, summary, verdict);
  }
  if (!output_ok) return kExitFailure;
  if (totals.left_out)
    std::fprintf(stderr,
                 "pgn convert: %llu game%s not written: %s moves were not replayed (see above), "
                 "and --to %s needs replayed moves\n",
                 (unsigned long long)totals.left_out, totals.left_out == 1 ? "" : "s",
                 totals.left_out == 1 ? "its" : "their", to.c_str());
  if (summary.files_failed || summary.interrupted) return kExitFailure;
  return summary.games_with_errors || totals.left_out ? kExitProblems : kExitOk;
}

const RegisterCommand registration{
    {"convert",
     "write games as normalized PGN, JSON, UCI, LAN, FEN, EPD or CSV, or in another "
     "notation, or load them into an SQLite database",
     run_convert, document_command<ConvertArgs, kHelp>}};

}  // namespace
}  // namespace pgn::cli
