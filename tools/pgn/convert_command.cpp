// pgn convert: replays every game and writes it again as normalized PGN, JSON, UCI, LAN, FEN or
// EPD, optionally in another notation, or as one CSV row of tags and verdict per game. Games with
// errors are passed on unchanged, skipped, or cut after their last good move.
#include <unistd.h>

#include <algorithm>
#include <atomic>
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
#include "libpgn/bughouse_writers.hpp"
#include "libpgn/openings.hpp"
#include "libpgn/pipeline.hpp"
#include "libpgn/report.hpp"
#include "libpgn/sqlite.hpp"
#include "libpgn/validator.hpp"
#include "libpgn/writers.hpp"
#include "sqlite_output.hpp"

namespace po = boost::program_options;

namespace pgn::cli {
namespace {

enum class InvalidGames { Unchanged, Skip, Truncate };

struct ConvertSettings {
  WriterOptions writer;
  InvalidGames invalid = InvalidGames::Unchanged;
  bool eco = false;  // --eco: opening tags from the classification
  OpeningTagMode eco_mode = OpeningTagMode::KeepExisting;
  bool sqlite = false;  // --to sqlite: rows for the database instead of text
  SqliteOptions sqlite_options;
  int bughouse_board = -1;  // --board A|B: one board of each bughouse match, as PGN
};

// What happened to the games: convert's own tally, beside the run's summary. Workers add a
// batch's counts at its end; every batch a worker processes is consumed, so the tally matches
// what the consumer saw.
struct ConvertTally {
  std::atomic<std::uint64_t> written{0}, skipped{0}, truncated{0};

  std::string line(const char* written_as = "games written") const {
    std::string s = written_as;
    s += ' ' + std::to_string(written.load()) + ", skipped " + std::to_string(skipped.load()) +
         ", truncated " + std::to_string(truncated.load());
    return s;
  }
};

struct BatchCounts {
  std::uint64_t written = 0, skipped = 0, truncated = 0;
};

bool has_problem(const GameReport& report, Code code) {
  for (const Diagnostic& d : report.problems)
    if (d.code == code) return true;
  return false;
}

// The first error ("illegal move 2.Nf7: no white knight can reach f7"), for the comment that ends a
// truncated game.
std::string first_error(const GameReport& report, const GameRecord& record) {
  for (const Diagnostic& d : report.problems)
    if (d.severity == Severity::Error) return d.message;
  return record.problem;
}

class ConvertWorker final : public ValidatingWorker {
 public:
  ConvertWorker(const ValidateOptions& validate, const ConvertSettings& settings,
                ConvertTally& tally)
      : ValidatingWorker(validate),
        settings_(settings),
        tally_(tally),
        writer_(settings.writer),
        rows_(settings.sqlite_options) {}

 private:
  void begin_batch(GameBatch& batch) override {
    batch.output.clear();
    counts_ = BatchCounts{};
    counts_.skipped = batch.unreadable.size();  // records of a JSON input that cannot be read
  }
  void validate(const RawGame& game, GameReport& report) override {
    validator_.validate(game, report, &record_);
  }
  void game(GameBatch& batch, std::size_t i) override {
    const OutputFormat format = settings_.writer.format;
    // A CSV row describes any game, whatever could be replayed of it.
    const bool csv = format == OutputFormat::Csv;
    const bool text_formats = format == OutputFormat::Pgn || format == OutputFormat::Json ||
                              format == OutputFormat::Jsonl || csv;
    const RawGame& game = batch.games[i];
    GameReport& report = batch.reports[i];
    // A bughouse match (two boards) goes to the bughouse writers; a database row or a CSV row
    // describes it as any game.
    if (report.variant.rfind("Bughouse", 0) == 0 && !settings_.sqlite && !csv) [[unlikely]] {
      convert_bughouse(game, report, batch.output, counts_);
      return;
    }
    // A game the record cannot hold whole: not replayed (a variant), or cut at a null move.
    const bool partial = !record_.complete || has_problem(report, Code::UnsupportedVariant);
    GameExtras extras;
    extras.report = &report;

    if (report.has_errors() && settings_.invalid == InvalidGames::Skip) {
      ++counts_.skipped;
      return;
    }
    if (settings_.sqlite) {  // every game has its row, with its verdict and problems
      if (batch.origins.empty())
        rows_.write(record_, report, game.index, game.start, batch.output);
      else  // read from JSON: where its record is
        rows_.write(record_, report, batch.origins[i].record, batch.origins[i].at, batch.output);
      ++counts_.written;
      return;
    }
    if (report.has_errors() && settings_.invalid == InvalidGames::Truncate) {
      closing_ = first_error(report, record_);
      extras.closing_comment = closing_;
      extras.unknown_result = true;
      name_opening(extras);
      append(batch.output, extras);
      ++counts_.truncated;
      return;
    }
    if (report.has_errors() || partial) {
      // Passed on unchanged where the format can carry the input text; elsewhere what could be
      // replayed is written. A game cut at --max-game-bytes cannot be passed on whole: it is
      // not written, and its error says so.
      if (game.truncated && text_formats && !csv) {
        note_not_written(report);
        ++counts_.skipped;
      } else if (text_formats) {
        if (format == OutputFormat::Pgn) {
          separate(batch.output);
          // Interrupted (the output is thrown away): a huge game is not copied first.
          if (!interrupted()) append_unchanged_game(game.text, batch.output);
        } else {
          extras.unchanged_text = game.text;
          append(batch.output, extras);
        }
        ++counts_.written;
      } else if (has_problem(report, Code::UnsupportedVariant) || record_.events.empty()) {
        ++counts_.skipped;
      } else {
        append(batch.output, extras);
        ++counts_.truncated;
      }
      return;
    }
    name_opening(extras);
    append(batch.output, extras);
    ++counts_.written;
  }
  void end_batch(GameBatch&) override {
    tally_.written.fetch_add(counts_.written, std::memory_order_relaxed);
    tally_.skipped.fetch_add(counts_.skipped, std::memory_order_relaxed);
    tally_.truncated.fetch_add(counts_.truncated, std::memory_order_relaxed);
  }

  static void note_not_written(GameReport& report) {
    for (Diagnostic& d : report.problems)
      if (d.code == Code::LimitExceeded && d.message.rfind("the game is ", 0) == 0) {
        d.message += "; the game is not written (it cannot be passed on whole)";
        return;
      }
  }
  // A bughouse match (two boards: the game record holds one), written by the bughouse
  // writers: BPGN or one board as PGN, JSON, or the two-board FEN.
  [[gnu::cold, gnu::noinline]] void convert_bughouse(const RawGame& game, GameReport& report,
                                                     std::string& out, BatchCounts& counts) {
    const OutputFormat format = settings_.writer.format;
    if (report.has_errors() && settings_.invalid == InvalidGames::Skip) {
      ++counts.skipped;
      return;
    }
    if (report.has_errors() && settings_.invalid == InvalidGames::Unchanged &&
        format == OutputFormat::Pgn && settings_.bughouse_board < 0) {
      append_unchanged_game(game.text, out);
      ++counts.written;
      return;
    }
    GameReport again;
    read_bughouse_match(game, options_, again, match_,
                        settings_.writer.fen ? BughouseDetail::Positions : BughouseDetail::Moves);
    if (!report.replayed && format != OutputFormat::Pgn) {
      ++counts.skipped;
      return;
    }
    const bool truncated = report.has_errors();
    switch (format) {
      case OutputFormat::Pgn:
        if (settings_.bughouse_board >= 0)
          append_bughouse_board_pgn(match_, settings_.bughouse_board, out);
        else
          append_bpgn(match_, out);
        break;
      case OutputFormat::Json:
      case OutputFormat::Jsonl:
        separate(out);
        append_bughouse_json(match_, out, settings_.writer.fen);
        if (format == OutputFormat::Jsonl) out += '\n';
        break;
      case OutputFormat::Fen:
        out += match_.fen();
        out += '\n';
        break;
      default:  // uci, lan, epd: one board's formats
        ++counts.skipped;
        return;
    }
    ++(truncated ? counts.truncated : counts.written);
  }
  // --eco: the opening tags from the record's main line (no tags when it reaches no named
  // position), which the writer sets as it writes the tags: the record is not changed.
  void name_opening(GameExtras& extras) const {
    if (!settings_.eco || record_.chess960 || record_.start.variant() != Variant::Standard) return;
    // From the keys the validator's replay kept: no position is made again.
    extras.opening = classify_opening_by_keys(validator_.main_line_keys(), false).opening;
    extras.opening_mode = settings_.eco_mode;
  }
  void append(std::string& out, const GameExtras& extras) {
    separate(out);
    writer_.write(record_, out, extras);
  }
  // --to json: games inside a batch are separated here, batches by the consumer.
  void separate(std::string& out) const {
    if (settings_.writer.format == OutputFormat::Json && !out.empty())
      out.append(kJsonArraySeparator);
  }

  const ConvertSettings& settings_;
  ConvertTally& tally_;
  GameWriter writer_;
  SqliteRowWriter rows_;
  GameRecord record_;
  BughouseMatch match_;
  std::string closing_;
  BatchCounts counts_;  // the batch's, added to the tally at its end
};

class ConvertConsumer final : public SummaryConsumer {
 public:
  // `outputs`: the one output of the run, or with --in-place one per input.
  ConvertConsumer(const std::vector<OutputFile*>& outputs, ReportWriter& diagnostics,
                  bool report_warnings, OutputFormat format, RunSummary& summary,
                  Progress& progress, std::atomic<bool>& stop)
      : SummaryConsumer(summary),
        outputs_(outputs),
        output_(outputs.front()),
        diagnostics_(diagnostics),
        report_warnings_(report_warnings),
        json_array_(format == OutputFormat::Json),
        carries_unreplayed_(format == OutputFormat::Pgn || format == OutputFormat::Json ||
                            format == OutputFormat::Jsonl || format == OutputFormat::Csv),
        progress_(progress),
        stop_(stop) {}

  void open_output() {
    wrote_game_ = false;
    if (json_array_) write(kJsonArrayOpen);
    write(header_);
  }
  // What each output begins with (the CSV header row).
  void set_header(std::string header) { header_ = std::move(header); }
  void close_output() {
    if (json_array_) write(wrote_game_ ? kJsonArrayClose : std::string_view("]\n"));
  }
  // --in-place: each input's games go to its own output, a whole JSON array each.
  void begin_file(std::size_t index, const std::string& name) override {
    if (database_) database_->begin_file(index, name);
    if (outputs_.size() < 2 && !in_place_) return;
    output_ = outputs_[index];
    open_output();
  }
  void set_in_place() { in_place_ = true; }
  void set_database(SqliteOutput& database) { database_ = &database; }
  bool output_closed() const { return output_closed_; }
  // --max-per-code N: the first N problems of each code on standard error, then a count.
  void cap_per_code(std::uint64_t n) { filter_.max_per_code = n; }
  void write_held_back() const { filter_.write_held_back(stderr); }
  // Games without errors that the output format could not hold (not replayed).
  std::uint64_t games_left_out() const { return games_left_out_; }
  bool output_failed() const { return output_failed_; }
  int output_errno() const { return output_errno_; }

 private:
  void problem(const std::string& file, const Diagnostic& d) override {
    // A file warning is shown without --warnings: a file that gave nothing to convert is not
    // per-game detail.
    diagnostics_.problem(file, d);
  }
  void game(const std::string& file, const GameReport& report) override {
    // A game whose moves were not replayed has no moves to write in uci, lan, fen or epd:
    // why it was left out is said whatever --warnings says.
    const bool left_out = !report.replayed && !report.has_errors() && !carries_unreplayed_;
    if (left_out) ++games_left_out_;
    for (const Diagnostic& d : report.problems)
      if ((d.severity == Severity::Error || report_warnings_ ||
           (left_out && d.code == Code::UnsupportedVariant)) &&
          filter_.shows(d))
        diagnostics_.problem(file, d);
  }
  void end_batch(GameBatch& batch) override {
    if (interrupted()) stop_ = true;
    // Once interrupted the output is thrown away: a huge game is not written first.
    if (database_ && !stop_) {
      if (!database_->insert(batch.output)) stop_ = true;
    } else if (!batch.output.empty() && !stop_) {
      if (json_array_ && wrote_game_) write(kJsonArraySeparator);
      write(batch.output);
      wrote_game_ = true;
    }
    progress_.update(summary_, batch.file_index, batch.raw_offset);
  }
  void input_done(std::size_t, const std::string& error) override {
    if (database_) database_->end_file(error);
    if (!in_place_) return;
    close_output();
    // Done with this input: its temporary file is closed now, so that rewriting many
    // inputs holds no descriptor per input; it is renamed with the others at the end.
    std::string failure;
    if (error.empty() && !output_failed_ && !output_->finish(failure)) {
      output_errno_ = errno;
      output_failed_ = true;
      stop_ = true;
    }
  }

  void write(std::string_view text) {
    if (output_closed_ || output_failed_ || text.empty()) return;
    if (std::fwrite(text.data(), 1, text.size(), output_->stream()) == text.size()) {
      output_->wrote(text.size());
      return;
    }
    output_errno_ = errno;
    if (errno == EPIPE)
      output_closed_ = true;  // the reader has all it wanted (pgn convert ... | head)
    else
      output_failed_ = true;
    stop_ = true;
  }

  const std::vector<OutputFile*>& outputs_;
  OutputFile* output_;  // where the games of the file being read go
  bool in_place_ = false;
  SqliteOutput* database_ = nullptr;  // --to sqlite
  ReportWriter& diagnostics_;
  bool report_warnings_;
  ProblemFilter filter_;
  bool json_array_;
  std::string header_;
  bool carries_unreplayed_;  // the format can pass a game on unchanged
  std::uint64_t games_left_out_ = 0;
  Progress& progress_;
  std::atomic<bool>& stop_;
  bool wrote_game_ = false;
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

  ConvertSettings settings;
  WriterOptions& writer = settings.writer;
  settings.sqlite = to == "sqlite";
  if (!settings.sqlite && !output_format_from_name(to, writer.format)) {
    std::fprintf(stderr, "pgn convert: unknown output format '%s' (%s)\n", to.c_str(),
                 listed(convert_format_names(), ", ", ", ").c_str());
    return kExitFailure;
  }
  std::string header;
  if (!csv_columns(vm, writer, columns, header)) return kExitFailure;
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

  ValidateOptions validate_options;
  std::string error;
  if (!apply_common_options(vm, common, validate_options, error)) {
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

  RunSummary summary;
  ConvertTally tally;
  Progress progress(names, vm);
  std::atomic<bool>& stop = run_stop();
  ConvertConsumer consumer(outputs, *diagnostics, vm.count("warnings") > 0, writer.format, summary,
                           progress, stop);
  consumer.cap_per_code(max_per_code);
  consumer.set_header(std::move(header));
  if (in_place) consumer.set_in_place();
  if (settings.sqlite) consumer.set_database(database);
  install_interrupt_handler();
  PipelineOptions pipeline = pipeline_options(common);
  pipeline.stop = &stop;
  const auto started = std::chrono::steady_clock::now();
  if (!in_place) consumer.open_output();
  run_pipeline(
      sources, pipeline,
      [&] { return std::make_unique<ConvertWorker>(validate_options, settings, tally); }, consumer);
  if (!in_place) consumer.close_output();
  summary.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  summary.interrupted = interrupted();
  progress.clear();
  consumer.write_held_back();
  diagnostics->finish(summary);

  if (consumer.output_closed()) return kExitOk;  // a reader that stopped early is no failure
  if (consumer.output_failed())
    std::fprintf(stderr, "pgn convert: cannot write %s: %s\n",
                 vm.count("output") ? vm["output"].as<std::string>().c_str()
                 : in_place         ? "a temporary file"
                                    : "standard output",
                 std::strerror(consumer.output_errno()));
  const bool complete = !summary.files_failed && !summary.interrupted && !consumer.output_failed();
  const bool output_ok = (settings.sqlite ? database.settle(complete)
                                          : settle_outputs(outputs, complete, "convert")) &&
                         !consumer.output_failed();
  if (!vm.count("quiet")) {
    // What was committed: to a file or in place, nothing unless the run completed.
    std::string verdict = tally.line();
    if (settings.sqlite)
      verdict = database.verdict(tally.written);
    else if ((in_place || vm.count("output")) && !(complete && output_ok))
      verdict = "nothing written (" + tally.line("games converted") + ')';
    else if (in_place)
      verdict = std::to_string(names.size()) + " file" + (names.size() == 1 ? "" : "s") +
                " rewritten in place; " + verdict;
    print_summary(stderr, summary, verdict);
  }
  if (!output_ok) return kExitFailure;
  if (consumer.games_left_out())
    std::fprintf(stderr,
                 "pgn convert: %llu game%s not written: %s moves were not replayed (see above), "
                 "and --to %s needs replayed moves\n",
                 (unsigned long long)consumer.games_left_out(),
                 consumer.games_left_out() == 1 ? "" : "s",
                 consumer.games_left_out() == 1 ? "its" : "their", to.c_str());
  if (summary.files_failed || summary.interrupted) return kExitFailure;
  return summary.games_with_errors || consumer.games_left_out() ? kExitProblems : kExitOk;
}

const RegisterCommand registration{
    {"convert",
     "write games as normalized PGN, JSON, UCI, LAN, FEN, EPD or CSV, or in another "
     "notation, or load them into an SQLite database",
     run_convert, document_command<ConvertArgs, kHelp>}};

}  // namespace
}  // namespace pgn::cli
