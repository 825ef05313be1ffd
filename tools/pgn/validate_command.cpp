// pgn validate: replays every move of every game and reports every problem. The run is
// validate_files in libpgn/validate_run.hpp; this file holds the options and the report.
#include <unistd.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "cli_common.hpp"
#include "cli_options.hpp"
#include "commands.hpp"
#include "libpgn/report.hpp"
#include "libpgn/validate_run.hpp"

namespace po = boost::program_options;

namespace pgn::cli {
namespace {

// The report: each problem that passes the filter, with --list-games a line per game.
class ValidateReport final : public ValidateSink {
 public:
  ValidateReport(ReportWriter& writer, ProblemFilter& filter, Progress& progress, bool list_games)
      : writer_(writer), filter_(filter), progress_(progress), list_games_(list_games) {}

  void problem(const std::string& file, const Diagnostic& d) override { writer_.problem(file, d); }
  void failed_input(const std::string& file, const Diagnostic& d) override {
    if (!filter_.summary_only) writer_.problem(file, d);
  }
  void game(const std::string& file, GameReport& report) override {
    for (const Diagnostic& d : report.problems)
      if (filter_.shows(d)) writer_.problem(file, d);
    if (list_games_)
      writer_.game(file, report.index, report.notation, report.variant, report.plies, report.result,
                   report.errors, report.warnings);
  }
  void progress(const RunSummary& summary, std::size_t file, std::uint64_t offset) override {
    progress_.update(summary, file, offset);
  }

 private:
  ReportWriter& writer_;
  ProblemFilter& filter_;
  Progress& progress_;
  bool list_games_;
};

constexpr CommandHelp kHelp{
    "validate", "[options] FILE... | -",
    "Replays every move of every game (variations included) and reports illegal moves, wrong "
    "results and format problems. Reads .pgn, .pgn.zst, .pgn.gz, .pgn.bz2 (by content), JSON "
    "and NDJSON game records as convert does, and standard input (-).",
    "Exit status: 0 no errors (warnings allowed), 1 errors found, 2 usage or I/O failure or an "
    "interrupt."};

struct ValidateArgs : OptionTable {
  CommonOptions common;
  std::string format = "text";
  std::string min_severity = "warning";
  std::uint64_t max_per_code = 0;
  ValidateArgs() {
    add_standard_options(options);
    const std::string format_help =
        listed(names_of(report_format_names())) + " (the last one given wins)";
    options.add_options()  //
        ("format,f",
         choice_value(&format, names_of(report_format_names()))
             ->value_name("FORMAT")
             ->default_value("text"),
         format_help.c_str())  //
        ("output,o", po::value<std::string>()->value_name("FILE"),
         "write the report to FILE (replaced only when the run completes)")  //
        ("strict", "treat warnings as errors")                               //
        ("ignore",
         choice_value<std::vector<std::string>>(nullptr, problem_code_names())
             ->value_name("CODE")
             ->composing(),
         "do not report CODE (repeatable; see docs/diagnostics.md)")   //
        ("no-tag-checks", "do not check tags (missing-tag, bad-tag)")  //
        ("no-check-suffixes", "do not check + and # (check-suffix)")   //
        ("check-eco",
         "an ECO tag that no named position of the main line has is a bad-tag warning naming "
         "the code the moves give (docs/eco.md)")                                                //
        ("errors-only", "report errors only (as --min-severity error); the summary counts all")  //
        ("min-severity",
         choice_value(&min_severity, {"warning", "error"})
             ->value_name("LEVEL")
             ->default_value("warning"),
         "report problems of this severity and above: warning or error")  //
        ("summary-only", "report no problem, only the summary")           //
        ("max-per-code", count_value(max_per_code, 0, ~std::uint64_t{0}),
         "text format: report at most N problems of each code, then how many more there were "
         "(0: no limit)")                                                                       //
        ("list-games", "also report every game: notation read, plies, result, problem counts")  //
        ("quiet,q", "no summary on standard error");
    add_common_options(options, common);
    add_variant_option(options, common);
  }
};

int run_validate(int argc, char** argv) {
  ValidateArgs args;
  auto& common = args.common;
  auto& format = args.format;
  auto& min_severity = args.min_severity;
  auto& max_per_code = args.max_per_code;
  auto& options = args.options;
  po::variables_map vm;
  std::vector<std::string> files;
  if (int status; !parse_file_command(kHelp, argc, argv, options, vm, files, status)) return status;
  ReportFormat report_format;
  if (!report_format_from_name(format, report_format)) {
    std::fprintf(stderr, "pgn validate: unknown format '%s' (%s)\n", format.c_str(),
                 listed(names_of(report_format_names()), ", ", ", ").c_str());
    return kExitFailure;
  }

  ValidateRunSettings settings;
  ValidateOptions& validate_options = settings.validate;
  std::string error;
  if (!apply_common_options(vm, common, validate_options, error)) {
    std::fprintf(stderr, "pgn validate: %s\n", error.c_str());
    return kExitFailure;
  }
  validate_options.strict = vm.count("strict") > 0;
  validate_options.check_tags = vm.count("no-tag-checks") == 0;
  validate_options.check_suffixes = vm.count("no-check-suffixes") == 0;
  validate_options.check_eco = vm.count("check-eco") > 0;
  if (vm.count("ignore")) {
    for (const auto& name : vm["ignore"].as<std::vector<std::string>>()) {
      Code code;
      if (!code_from_name(name, code)) {
        std::fprintf(stderr, "pgn validate: unknown problem code '%s'\n", name.c_str());
        return kExitFailure;
      }
      validate_options.ignored[int(code)] = true;
    }
  }

  OutputFile output;
  if (vm.count("output") && !output.open(vm["output"].as<std::string>(), files, error)) {
    std::fprintf(stderr, "pgn validate: %s\n", error.c_str());
    return kExitFailure;
  }
  ProblemFilter filter;
  if (!min_severity_from_name(min_severity, filter.min_severity)) {
    std::fprintf(stderr, "pgn validate: --min-severity takes warning or error, not '%s'\n",
                 min_severity.c_str());
    return kExitFailure;
  }
  if (vm.count("errors-only")) filter.min_severity = Severity::Error;
  filter.summary_only = vm.count("summary-only") > 0;
  filter.max_per_code = max_per_code;
  if (max_per_code && report_format != ReportFormat::Text) {
    std::fprintf(stderr,
                 "pgn validate: --max-per-code applies to the text format (machine formats "
                 "list every problem; filter them with --min-severity or --ignore)\n");
    return kExitFailure;
  }
  std::FILE* out = output.stream();
  const bool color = report_format == ReportFormat::Text && !vm.count("output") &&
                     isatty(fileno(stdout)) && common.color != "never";
  auto writer = ReportWriter::create(report_format, out, color || common.color == "always");

  const std::vector<Source> sources = sources_for(files, InputFormat::Detect);
  Progress progress(files, vm);
  ValidateReport report(*writer, filter, progress, vm.count("list-games") > 0);
  install_interrupt_handler();
  settings.pipeline = pipeline_options(common);
  const auto started = std::chrono::steady_clock::now();
  RunSummary summary = validate_files(sources, settings, report);
  summary.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  progress.clear();
  if (report_format == ReportFormat::Text) {
    filter.write_held_back(out);
    // The text report of --summary-only is the summary itself.
    if (filter.summary_only) print_summary(out, summary);
  }
  writer->finish(summary);
  if (!settle_output(output, !summary.files_failed && !summary.interrupted, "validate"))
    return kExitFailure;
  const bool summary_in_report = report_format == ReportFormat::Text && filter.summary_only;
  if (!vm.count("quiet") && !(summary_in_report && !vm.count("output")))
    print_summary(stderr, summary);
  if (summary.files_failed || summary.interrupted) return kExitFailure;
  return summary.games_with_errors ? kExitProblems : kExitOk;
}

const RegisterCommand registration{
    {"validate", "replay every move and report illegal moves, wrong results, bad tags",
     run_validate, document_command<ValidateArgs, kHelp>}};

}  // namespace
}  // namespace pgn::cli
