// pgn dedupe: writes each game once, in input order, and reports every copy. The run itself
// (two readings, the index, the spooling of inputs read once only) is dedupe_files in
// libpgn/dedupe_run.hpp; this file holds the options, the outputs and the report.
#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "cli_common.hpp"
#include "cli_options.hpp"
#include "commands.hpp"
#include "libpgn/dedupe_run.hpp"
#include "libpgn/report.hpp"
#include "libpgn/validator.hpp"

namespace po = boost::program_options;

namespace pgn::cli {
namespace {

// The run's reports on standard error, its games to the outputs, its progress line.
class DedupeReport final : public DedupeSink {
 public:
  DedupeReport(const std::vector<std::string>& names, const po::variables_map& vm,
               OutputFile& output, OutputFile& duplicates, bool quiet)
      : names_(names), vm_(vm), output_(output), duplicates_(duplicates), quiet_(quiet) {}

  void error(const std::string& message) override {
    std::fprintf(stderr, "pgn dedupe: %s\n", message.c_str());
  }
  void not_compared(std::size_t file, const RawGame& game) override {
    if (!quiet_)
      std::fprintf(stderr,
                   "%s:%u: game %llu is longer than --max-game-bytes and cannot be read "
                   "whole; written, not compared\n",
                   terminal_text(names_[file]).c_str(), unsigned(game.start.line),
                   static_cast<unsigned long long>(game.index));
  }
  void failed_input(std::size_t file, const std::string& error, std::uint64_t games_read) override {
    print_input_failure(names_[file], error, games_read);
  }
  void duplicate(const Duplicate& found) override {
    if (!quiet_)
      std::fprintf(stderr, "%s:%llu: duplicate (%s) of %s:%llu\n",
                   terminal_text(names_[found.file]).c_str(),
                   static_cast<unsigned long long>(found.line), duplicate_kind_name(found.kind),
                   terminal_text(names_[found.original_file]).c_str(),
                   static_cast<unsigned long long>(found.original_line));
  }
  void kept(std::string_view games) override { output_.write(games); }
  void copies(std::string_view games) override { duplicates_.write(games); }
  void inputs(const std::vector<std::string>& paths) override {
    progress_ = std::make_unique<Progress>(paths, vm_);
  }
  void readings(std::size_t count) override { progress_->set_readings(count); }
  void begin_reading(std::size_t index) override { progress_->begin_reading(index); }
  void progress(const RunSummary& seen, std::size_t file, std::uint64_t offset) override {
    progress_->update(seen, file, offset);
  }
  void clear_progress() {
    if (progress_) progress_->clear();
  }

 private:
  const std::vector<std::string>& names_;  // the inputs as named on the command line
  const po::variables_map& vm_;
  OutputFile& output_;
  OutputFile& duplicates_;
  bool quiet_;
  std::unique_ptr<Progress> progress_;  // once the inputs to read are known
};

// "2G", "512M", "64K" or bytes.
bool parse_size(const std::string& text, std::uint64_t& out) {
  if (text.empty()) return false;
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits == 0 || digits > 15) return false;
  out = std::stoull(text.substr(0, digits));
  const std::string unit = text.substr(digits);
  if (unit == "K" || unit == "k")
    out <<= 10;
  else if (unit == "M" || unit == "m")
    out <<= 20;
  else if (unit == "G" || unit == "g")
    out <<= 30;
  else if (!unit.empty())
    return false;
  return true;
}

constexpr CommandHelp kHelp{
    "dedupe", "[options] FILE... | -",
    "Writes each game once, in input order and byte for byte as it was, keeping the first copy "
    "(or the one with the most tags or annotations). Two games are copies when they have the "
    "same start position and the same main line of moves, whatever their tags and comments "
    "(--same-tags adds tags). Every copy is reported on standard error as FILE:LINE of the "
    "copy and of the game kept, with its kind: exact, players-spelled-differently, "
    "different-players, different-result or prefix. The inputs are read twice; standard input, "
    "a pipe or a process substitution is kept in a temporary file for the second reading, and "
    "an input that changed in between is an error. Memory: 48 bytes per game up to --memory, "
    "then partition files in --temp-dir.",
    "Exit status: 0 when the run completed, 2 on usage errors, unreadable or changed input, a "
    "failed spill file or output, or an interrupt."};

struct DedupeArgs : OptionTable {
  CommonOptions common;
  std::string keep = "first", memory_text = "2G", same_tags;
  std::uint32_t prefix_min_plies = 10;
  DedupeArgs() {
    add_standard_options(options);
    options.add_options()  //
        ("keep",
         choice_value(&keep, {"first", "most-tags", "most-annotated"})
             ->value_name("WHICH")
             ->default_value("first"),
         "which copy is written: first, most-tags or most-annotated (comments, NAGs, "
         "variations); ties go to the first")  //
        ("duplicates", po::value<std::string>()->value_name("FILE"),
         "write the copies that are left out to FILE")  //
        ("same-tags", po::value(&same_tags)->value_name("TAGS"),
         "copies must also have these tags equal, e.g. White,Black,Date")  //
        ("fuzzy-players",
         "with --same-tags White or Black: compare names as surname and first initial "
         "(\"Carlsen, M.\" = \"Carlsen,Magnus\")")  //
        ("prefix",
         "also find truncated copies: a game whose main line is the beginning of another's "
         "(the longer is kept; costs another replay and 16 bytes per game, within --memory)")  //
        ("prefix-min-plies", count_value(prefix_min_plies, 1, 100000),
         "with --prefix: only beginnings of at least N plies count")  //
        ("memory", po::value(&memory_text)->value_name("SIZE")->default_value("2G"),
         "memory for the index (48 bytes per game, 64 with --prefix); past it, partition files "
         "in --temp-dir")  //
        ("temp-dir", po::value<std::string>()->value_name("DIR"),
         "where partition files go (default: $TMPDIR or /tmp)")  //
        ("output,o", po::value<std::string>()->value_name("FILE"),
         "write to FILE (replaced only when the run completes)")  //
        ("quiet,q", "no report and no summary on standard error");
    add_common_options(options, common);
    add_variant_option(options, common);
  }
};

int run_dedupe(int argc, char** argv) {
  DedupeArgs args;
  auto& common = args.common;
  auto& keep = args.keep;
  auto& memory_text = args.memory_text;
  auto& same_tags = args.same_tags;
  auto& prefix_min_plies = args.prefix_min_plies;
  auto& options = args.options;
  po::variables_map vm;
  std::vector<std::string> files;
  if (int status; !parse_file_command(kHelp, argc, argv, options, vm, files, status)) return status;
  DuplicateRules rules;
  if (keep == "first")
    rules.keep = DuplicateRules::Keep::First;
  else if (keep == "most-tags")
    rules.keep = DuplicateRules::Keep::MostTags;
  else if (keep == "most-annotated")
    rules.keep = DuplicateRules::Keep::MostAnnotated;
  else {
    std::fprintf(stderr, "pgn dedupe: --keep takes first, most-tags or most-annotated, not '%s'\n",
                 keep.c_str());
    return kExitFailure;
  }
  for (std::size_t begin = 0; begin < same_tags.size();) {
    std::size_t end = same_tags.find(',', begin);
    if (end == std::string::npos) end = same_tags.size();
    if (end > begin) rules.same_tags.push_back(same_tags.substr(begin, end - begin));
    begin = end + 1;
  }
  rules.fuzzy_players = vm.count("fuzzy-players") > 0;
  if (vm.count("prefix")) rules.prefix_min_plies = prefix_min_plies;
  if (rules.fuzzy_players &&
      std::find(rules.same_tags.begin(), rules.same_tags.end(), "White") == rules.same_tags.end() &&
      std::find(rules.same_tags.begin(), rules.same_tags.end(), "Black") == rules.same_tags.end()) {
    std::fprintf(stderr,
                 "pgn dedupe: --fuzzy-players compares White and Black, which only count with "
                 "--same-tags White,Black\n");
    return kExitFailure;
  }
  std::uint64_t memory = 0;
  if (!parse_size(memory_text, memory) || memory < (64u << 10)) {
    std::fprintf(stderr,
                 "pgn dedupe: --memory takes a size of at least 64K such as 512M or 2G, "
                 "not '%s'\n",
                 memory_text.c_str());
    return kExitFailure;
  }
  ValidateOptions validate_options;
  validate_options.include_fen = false;
  validate_options.check_tags = false;
  validate_options.check_suffixes = false;
  std::string error;
  if (!apply_common_options(vm, common, validate_options, error)) {
    std::fprintf(stderr, "pgn dedupe: %s\n", error.c_str());
    return kExitFailure;
  }
  std::string temp_dir = vm.count("temp-dir")    ? vm["temp-dir"].as<std::string>()
                         : std::getenv("TMPDIR") ? std::getenv("TMPDIR")
                                                 : "/tmp";

  const auto names = files;
  OutputFile output, duplicates;
  if (vm.count("output") && !output.open(vm["output"].as<std::string>(), names, error)) {
    std::fprintf(stderr, "pgn dedupe: %s\n", error.c_str());
    return kExitFailure;
  }
  if (vm.count("duplicates") &&
      !duplicates.open(vm["duplicates"].as<std::string>(), names, error)) {
    std::fprintf(stderr, "pgn dedupe: %s\n", error.c_str());
    return kExitFailure;
  }
  const bool quiet = vm.count("quiet") > 0;
  install_interrupt_handler();
  const auto started = std::chrono::steady_clock::now();
  DedupeSettings settings;
  settings.rules = rules;
  settings.validate = validate_options;
  settings.pipeline = pipeline_options(common);
  settings.memory = memory;
  settings.temp_dir = temp_dir;
  settings.keep_copies = vm.count("duplicates") > 0;
  DedupeReport report(names, vm, output, duplicates, quiet);
  const DedupeTotals totals = dedupe_files(files, settings, report);
  using NotStarted = DedupeTotals::NotStarted;
  if (totals.not_started == NotStarted::NoTempFile) return kExitFailure;
  if (totals.not_started != NotStarted::No) {
    settle_outputs({&output, &duplicates}, false, "dedupe");
    if (!quiet)
      std::fprintf(stderr, "%s; nothing written\n",
                   totals.not_started == NotStarted::Stopped ? "interrupted" : "failed");
    return kExitFailure;
  }
  const bool complete = totals.complete;
  report.clear_progress();
  const bool output_ok = settle_outputs({&output, &duplicates}, complete, "dedupe");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (!quiet) {
    // What was committed: a file output only when the run completed; standard output gets
    // the games before the run stopped. The counts add up to the games of the first reading.
    const bool committed = complete && output_ok;
    std::fprintf(stderr, "%s%llu games", interrupted() ? "interrupted: " : "",
                 static_cast<unsigned long long>(totals.games));
    if (!committed && (output.is_file() || !output_ok)) {
      std::fprintf(stderr, ": nothing written");
    } else {
      std::fprintf(stderr, ": %llu written, %llu duplicates",
                   static_cast<unsigned long long>(totals.written),
                   static_cast<unsigned long long>(totals.duplicates));
      const char* separator = " (";
      for (int k = 0; k < Duplicate::kKinds; ++k)
        if (totals.by_kind[k]) {
          std::fprintf(stderr, "%s%llu %s", separator,
                       static_cast<unsigned long long>(totals.by_kind[k]),
                       duplicate_kind_name(Duplicate::Kind(k)));
          separator = ", ";
        }
      if (totals.duplicates) std::fputc(')', stderr);
      if (totals.not_reached)
        std::fprintf(stderr, ", %llu not written (the run stopped before them)",
                     static_cast<unsigned long long>(totals.not_reached));
    }
    if (totals.files_failed)
      std::fprintf(stderr, "; %llu input%s could not be read",
                   static_cast<unsigned long long>(totals.files_failed),
                   totals.files_failed == 1 ? "" : "s");
    if (totals.unreadable)
      std::fprintf(stderr, ", %llu not compared (cannot be read whole)",
                   static_cast<unsigned long long>(totals.unreadable));
    if (totals.index_spilled)
      std::fprintf(stderr, "; index spilled to %llu partitions",
                   static_cast<unsigned long long>(totals.index_partitions));
    if (totals.prefix_spilled)
      std::fprintf(stderr, "; prefix keys spilled, looked up in %zu passes", totals.prefix_passes);
    std::fprintf(stderr, "; %.2f s\n", seconds);
  }
  return complete && output_ok ? kExitOk : kExitFailure;
}

const RegisterCommand registration{
    {"dedupe", "write each game once; report every copy and the game it copies", run_dedupe,
     document_command<DedupeArgs, kHelp>}};

}  // namespace
}  // namespace pgn::cli
