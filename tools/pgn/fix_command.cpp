// pgn fix: writes every game with the faults that can be mended mechanically mended (see
// libpgn/repair.hpp), and says every change on standard error or as JSON Lines (--report).
// The run itself is repair_files in libpgn/repair_run.hpp; this file holds the options, the
// outputs and the summary.
#include <sys/stat.h>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "cli_common.hpp"
#include "cli_options.hpp"
#include "commands.hpp"
#include "libpgn/json_writer.hpp"
#include "libpgn/repair_run.hpp"
#include "libpgn/report.hpp"

namespace po = boost::program_options;

namespace pgn::cli {
namespace {

// "N mended (M cut at an illegal move), ..." after what was written.
std::string tally_line(const RepairTotals& totals) {
  std::string s = std::to_string(totals.mended) + " mended (" + std::to_string(totals.cut) +
                  " cut at an illegal move), " + std::to_string(totals.already_right) +
                  " needing no change, " + std::to_string(totals.unchanged) +
                  " passed on as they were";
  std::string kinds;
  for (std::size_t k = 0; k < totals.by_kind.size(); ++k)
    if (totals.by_kind[k]) {
      kinds += kinds.empty() ? "" : ", ";
      kinds +=
          std::string(repair_kind_name(RepairKind(k))) + " " + std::to_string(totals.by_kind[k]);
    }
  if (!kinds.empty()) s += "\nchanges: " + kinds;
  return s;
}

// Writes a stream, noting the first failure; EPIPE (a reader that stopped) is no failure.
struct Sink {
  std::FILE* file = nullptr;
  OutputFile* output = nullptr;
  bool closed = false, failed = false;
  int error = 0;
  bool write(std::string_view text) {
    if (closed || failed || text.empty()) return true;
    if (std::fwrite(text.data(), 1, text.size(), file) == text.size()) {
      if (output) output->wrote(text.size());
      return true;
    }
    error = errno;
    (errno == EPIPE ? closed : failed) = true;
    return false;
  }
};

// The run's problems on standard error, its changes and games to the sinks.
class FixReport final : public RepairSink {
 public:
  // `games`: one sink, or with --in-place one per input.
  FixReport(std::vector<Sink>& games, Sink& changes, ReportWriter& problems, Progress& progress)
      : games_(games), changes_(changes), problems_(problems), progress_(progress) {}

  void problem(const std::string& file, const Diagnostic& d) override {
    problems_.problem(file, d);
  }
  bool batch(std::size_t file, std::string_view changes, std::string_view games) override {
    return changes_.write(changes) && games_for(file).write(games);
  }
  bool input_done(std::size_t file, const std::string& error) override {
    // --in-place, done with this input: its temporary file is closed now, so that rewriting
    // many inputs holds no descriptor per input; it is renamed with the others at the end.
    std::string failure;
    if (Sink& games = games_for(file);
        games_.size() > 1 && error.empty() && !games.failed && !games.output->finish(failure)) {
      games.error = errno;
      games.failed = true;
      return false;
    }
    return true;
  }
  void progress(const RunSummary& summary, std::size_t file, std::uint64_t offset) override {
    progress_.update(summary, file, offset);
  }

 private:
  Sink& games_for(std::size_t file) { return games_[games_.size() == 1 ? 0 : file]; }

  std::vector<Sink>& games_;
  Sink& changes_;
  ReportWriter& problems_;
  Progress& progress_;
};

constexpr CommandHelp kHelp{
    "fix", "[options] FILE... | -",
    "Writes every game with the faults that can be mended mechanically mended: result tag and "
    "termination marker set from the final position (or the Result tag, where the position "
    "does not decide), moves after the end of the game dropped, missing Seven Tag Roster tags "
    "added, dates, rounds and results in the standard's form, check signs and SAN corrected. "
    "An illegal move ends its line, the rest kept in a comment. Every change (file, line, "
    "game, what it was, what it is now) is said on standard error, or as JSON Lines with "
    "--report. Legal moves are never changed.",
    "Exit status: 0 every game written without a fault left, 1 games were cut at an illegal "
    "move or passed on with faults that cannot be mended, 2 usage or I/O failure or an "
    "interrupt."};

struct FixArgs : OptionTable {
  CommonOptions common;
  std::uint64_t line_width = 79;
  FixArgs() {
    add_standard_options(options);
    options.add_options()  //
        ("output,o", po::value<std::string>()->value_name("FILE"),
         "write the games to FILE (replaced only when the run completes; never an input)")  //
        ("in-place",
         "replace each input FILE by its mended games (all replaced together, through "
         "temporary files, only when the run completes; plain files only)")  //
        ("report", po::value<std::string>()->value_name("FILE"),
         "write the changes to FILE (- for standard output) as JSON Lines instead of text on "
         "standard error")                                                            //
        ("dry-run,n", "write no game: only say what would change")                    //
        ("keep-dropped", "keep moves played after the end of the game in a comment")  //
        ("keep-notation",
         "keep moves as written (localized letters, 0-0, extra disambiguation); only wrong "
         "check signs are corrected")  //
        ("repair-illegal",
         "replace an illegal move by the one legal move it is an evident slip for (a wrong "
         "piece letter, file or rank, two characters swapped, a wrong capture sign), when "
         "exactly one fits; each guess is reported")  //
        ("line-width", count_value(line_width, 0, 100'000),
         "movetext lines of at most N characters (0: each game's movetext on one line)")  //
        ("quiet,q", "no summary on standard error");
    add_common_options(options, common);
    add_variant_option(options, common);
  }
};

int run_fix(int argc, char** argv) {
  FixArgs args;
  auto& common = args.common;
  auto& line_width = args.line_width;
  auto& options = args.options;
  po::variables_map vm;
  std::vector<std::string> files;
  if (int status; !parse_file_command(kHelp, argc, argv, options, vm, files, status)) return status;
  RepairRunSettings settings;
  settings.dry_run = vm.count("dry-run") > 0;
  settings.repair.keep_dropped = vm.count("keep-dropped") > 0;
  settings.repair.keep_notation = vm.count("keep-notation") > 0;
  settings.repair.repair_illegal = vm.count("repair-illegal") > 0;
  const bool jsonl = vm.count("report") > 0;
  settings.changes = jsonl ? ChangeFormat::JsonLines : ChangeFormat::Text;
  settings.writer.format = OutputFormat::Pgn;
  settings.writer.keep_suffixes = true;  // "!" stays "!": only faults change
  settings.writer.line_width = line_width;

  std::string error;
  if (!apply_common_options(vm, common, settings.validate, error)) {
    std::fprintf(stderr, "pgn fix: %s\n", error.c_str());
    return kExitFailure;
  }
  const auto& names = files;
  const bool in_place = vm.count("in-place") > 0;
  if (settings.dry_run && (vm.count("output") || in_place)) {
    std::fprintf(stderr, "pgn fix: --dry-run writes no game; %s makes no sense with it\n",
                 in_place ? "--in-place" : "-o");
    return kExitFailure;
  }
  const std::vector<Source> sources = sources_for(names, InputFormat::Detect);

  std::vector<std::unique_ptr<OutputFile>> games_files;
  std::vector<OutputFile*> outputs;
  if (!open_game_outputs(vm, names, "fix", games_files, outputs)) return kExitFailure;
  OutputFile report_file;
  outputs.push_back(&report_file);
  const bool report_to_stdout = vm.count("report") && vm["report"].as<std::string>() == "-";
  if (report_to_stdout && !settings.dry_run && !vm.count("output") && !in_place) {
    std::fprintf(stderr,
                 "pgn fix: --report - needs -o FILE or --dry-run (the games go to "
                 "standard output)\n");
    return kExitFailure;
  }
  if (vm.count("report") && !report_to_stdout &&
      !report_file.open(vm["report"].as<std::string>(), names, error)) {
    std::fprintf(stderr, "pgn fix: %s\n", error.c_str());
    return kExitFailure;
  }
  std::vector<Sink> games;
  for (std::size_t i = 0; i + 1 < outputs.size(); ++i)
    games.push_back({outputs[i]->stream(), outputs[i]});
  Sink changes{jsonl ? report_file.stream() : stderr, jsonl ? &report_file : nullptr};
  const bool color = isatty(STDERR_FILENO) && common.color != "never";
  auto problems =
      ReportWriter::create(ReportFormat::Text, stderr, color || common.color == "always");

  Progress progress(names, vm);
  FixReport report(games, changes, *problems, progress);
  install_interrupt_handler();
  settings.pipeline = pipeline_options(common);
  settings.run_stop = &run_stop();
  const auto started = std::chrono::steady_clock::now();
  RepairTotals totals = repair_files(sources, settings, report);
  RunSummary& summary = totals.summary;
  summary.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  progress.clear();
  if (jsonl) {
    std::string line;
    JsonWriter json(line);
    json.begin_object().key("type").string("summary");
    json.key("files").number(summary.files);
    json.key("files_failed").number(summary.files_failed);
    json.key("games").number(summary.games);
    json.key("games_mended").number(totals.mended);
    json.key("games_cut").number(totals.cut);
    json.key("games_needing_no_change").number(totals.already_right);
    json.key("games_passed_on").number(totals.unchanged);
    json.key("dry_run").boolean(settings.dry_run);
    json.key("interrupted").boolean(summary.interrupted);
    json.key("changes_by_kind").begin_object();
    for (std::size_t k = 0; k < totals.by_kind.size(); ++k)
      json.key(repair_kind_name(RepairKind(k))).number(totals.by_kind[k]);
    json.end_object().end_object().newline().flush();
    changes.write(line);
  }

  bool output_ok = true, closed = false;
  std::vector<Sink*> sinks{&changes};
  for (Sink& sink : games) sinks.push_back(&sink);
  for (Sink* sink : sinks) {
    closed = closed || (sink->closed && sink != &changes);
    if (!sink->failed) continue;
    output_ok = false;
    const std::string name = sink->output && sink->output->is_file() ? sink->output->path()
                             : sink->file == stderr                  ? "standard error"
                                                                     : "standard output";
    std::fprintf(stderr, "pgn fix: cannot write %s: %s\n", name.c_str(),
                 std::strerror(sink->error));
  }
  const bool complete = !summary.files_failed && !summary.interrupted && output_ok;
  if (closed) {
    // A reader that stopped early is no failure; what it did not read is not written.
    settle_outputs(outputs, false, "fix");
    return kExitOk;
  }
  output_ok = settle_outputs(outputs, complete, "fix") && output_ok;
  const bool committed = complete && output_ok;
  if (!vm.count("quiet")) {
    const std::string files_rewritten = std::to_string(names.size()) + " file" +
                                        (names.size() == 1 ? "" : "s") + " rewritten in place; ";
    const std::string verdict = settings.dry_run ? "dry run, nothing written: "
                                : !committed && (in_place || vm.count("output") > 0)
                                    ? "nothing written: "
                                : !output_ok ? "output failed: "
                                : in_place   ? files_rewritten + "games written: "
                                             : "games written: ";
    print_summary(stderr, summary, verdict + tally_line(totals));
  }
  if (!output_ok || !complete) return kExitFailure;
  return totals.cut || totals.unchanged_with_errors ? kExitProblems : kExitOk;
}

const RegisterCommand registration{
    {"fix", "write games with mechanical faults mended, and say every change", run_fix,
     document_command<FixArgs, kHelp>}};

}  // namespace
}  // namespace pgn::cli
