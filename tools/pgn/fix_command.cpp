// pgn fix: writes every game with the faults that can be mended mechanically mended (see
// libpgn/repair.hpp), and says every change on standard error or as JSON Lines (--report).
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
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
#include "libpgn/pipeline.hpp"
#include "libpgn/repair.hpp"
#include "libpgn/report.hpp"
#include "libpgn/writers.hpp"

namespace po = boost::program_options;

namespace pgn::cli {
namespace {

struct FixSettings {
  RepairOptions repair;
  WriterOptions writer;
  bool dry_run = false;
  bool jsonl = false;  // the changes as JSON Lines (--report FILE), else text on stderr
};

// What happened to the games, added up by the workers.
struct FixTally {
  std::atomic<std::uint64_t> mended{0}, already_right{0}, cut{0}, unchanged{0};
  std::atomic<std::uint64_t> unchanged_with_errors{0};  // faults left in the output
  std::array<std::atomic<std::uint64_t>, std::size_t(RepairKind::Count)> by_kind{};

  // "N mended (M cut at an illegal move), ..." after what was written.
  std::string line() const {
    std::string s = std::to_string(mended.load()) + " mended (" + std::to_string(cut.load()) +
                    " cut at an illegal move), " + std::to_string(already_right.load()) +
                    " needing no change, " + std::to_string(unchanged.load()) +
                    " passed on as they were";
    std::string kinds;
    for (std::size_t k = 0; k < by_kind.size(); ++k)
      if (by_kind[k].load()) {
        kinds += kinds.empty() ? "" : ", ";
        kinds +=
            std::string(repair_kind_name(RepairKind(k))) + " " + std::to_string(by_kind[k].load());
      }
    if (!kinds.empty()) s += "\nchanges: " + kinds;
    return s;
  }
};

// One line on standard error. Its values come from the input, so the line is escaped for
// the terminal as a whole (append_terminal_text).
void append_change_text(std::string& out, const std::string& file, std::uint64_t game,
                        const Repair& r) {
  std::string line = file + ":" + std::to_string(r.line) + ":" + std::to_string(r.column) +
                     ": game " + std::to_string(game);
  if (r.ply) line += ", ply " + std::to_string(r.ply);
  if (!r.variation.empty()) line += ", variation " + r.variation;
  line += ": ";
  line += repair_kind_name(r.kind);
  line += ": ";
  if (r.kind == RepairKind::NotMended) {
    line += r.why;
  } else {
    line += r.was.empty() ? "(none)" : r.was;
    line += " -> ";
    line += r.now.empty() ? "(removed)" : r.now;
    line += " (" + r.why + ")";
  }
  append_terminal_text(out, line);
  out += '\n';
}

void append_change_json(std::string& out, const std::string& file, std::uint64_t game,
                        const Repair& r, bool passed_on) {
  JsonWriter json(out);
  json.begin_object().key("file").string(file);
  json.key("game").number(game);
  json.key("line").number(r.line);
  json.key("column").number(r.column);
  json.key("ply").number(r.ply);
  json.key("variation").string(r.variation);
  json.key("kind").string(repair_kind_name(r.kind));
  json.key("was").string(r.was);
  json.key("now").string(r.now);
  json.key("why").string(r.why);
  json.key("game_passed_on").boolean(passed_on);
  json.end_object().newline();
}

class FixWorker final : public BatchWorker {
 public:
  FixWorker(const ValidateOptions& validate, const FixSettings& settings, FixTally& tally)
      : settings_(settings),
        tally_(tally),
        repairer_(validate, settings.repair),
        writer_(settings.writer) {}

  void process(GameBatch& batch) override {
    batch.reports.resize(batch.games.size());
    batch.output.clear();
    batch.notes.clear();
    repairer_.set_neighbours(batch.games);
    std::uint64_t mended = 0, right = 0, cut = 0, unchanged = 0;
    std::array<std::uint64_t, std::size_t(RepairKind::Count)> kinds{};
    for (std::size_t i = 0; i < batch.games.size(); ++i) {
      const RawGame& game = batch.games[i];
      repairer_.repair(game, fixed_);
      batch.reports[i] = fixed_.report;
      for (const Repair& r : fixed_.repairs) {
        ++kinds[std::size_t(r.kind)];
        if (settings_.jsonl)
          append_change_json(batch.notes, *batch.file_name, game.index, r, fixed_.unchanged);
        else
          append_change_text(batch.notes, *batch.file_name, game.index, r);
      }
      if (fixed_.unchanged && !fixed_.mended_text.empty()) {
        // Passed on in its own words, with guessed moves put in (a spoken notation).
        ++mended;
        if (fixed_.changes() < fixed_.repairs.size()) tally_.unchanged_with_errors++;
        if (!settings_.dry_run) append_unchanged_game(fixed_.mended_text, batch.output);
        continue;
      }
      if (fixed_.unchanged) {
        ++unchanged;
        if (fixed_.report.has_errors()) tally_.unchanged_with_errors++;
        // Interrupted (the output is thrown away): a huge game is not copied first.
        if (!settings_.dry_run && !interrupted()) append_unchanged_game(game.text, batch.output);
        continue;
      }
      if (fixed_.changes())
        ++mended;
      else
        ++right;
      if (fixed_.cut) ++cut;
      if (settings_.dry_run) continue;
      GameExtras extras;
      extras.closing_comment = fixed_.closing_comment;
      writer_.write(fixed_.record, batch.output, extras);
    }
    tally_.mended += mended;
    tally_.already_right += right;
    tally_.cut += cut;
    tally_.unchanged += unchanged;
    for (std::size_t k = 0; k < kinds.size(); ++k) tally_.by_kind[k] += kinds[k];
  }

 private:
  const FixSettings& settings_;
  FixTally& tally_;
  GameRepairer repairer_;
  GameWriter writer_;
  RepairedGame fixed_;
};

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

class FixConsumer final : public SummaryConsumer {
 public:
  // `games`: one sink, or with --in-place one per input.
  FixConsumer(std::vector<Sink>& games, Sink& changes, ReportWriter& problems, RunSummary& summary,
              Progress& progress, std::atomic<bool>& stop)
      : SummaryConsumer(summary),
        games_(games),
        changes_(changes),
        problems_(problems),
        progress_(progress),
        stop_(stop) {}

 private:
  void problem(const std::string& file, const Diagnostic& d) override {
    problems_.problem(file, d);
  }
  void end_batch(GameBatch& batch) override {
    if (interrupted()) stop_ = true;
    Sink& games = games_[games_.size() == 1 ? 0 : batch.file_index];
    // Once interrupted the output is thrown away: a huge game is not written first.
    if (!stop_ && (!changes_.write(batch.notes) || !games.write(batch.output))) stop_ = true;
    progress_.update(summary_, batch.file_index, batch.raw_offset);
  }
  void input_done(std::size_t index, const std::string& error) override {
    // --in-place, done with this input: its temporary file is closed now, so that rewriting
    // many inputs holds no descriptor per input; it is renamed with the others at the end.
    std::string failure;
    if (Sink& games = games_[games_.size() == 1 ? 0 : index];
        games_.size() > 1 && error.empty() && !games.failed && !games.output->finish(failure)) {
      games.error = errno;
      games.failed = true;
      stop_ = true;
    }
  }

  std::vector<Sink>& games_;
  Sink& changes_;
  ReportWriter& problems_;
  Progress& progress_;
  std::atomic<bool>& stop_;
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
  FixSettings settings;
  settings.dry_run = vm.count("dry-run") > 0;
  settings.repair.keep_dropped = vm.count("keep-dropped") > 0;
  settings.repair.keep_notation = vm.count("keep-notation") > 0;
  settings.repair.repair_illegal = vm.count("repair-illegal") > 0;
  settings.jsonl = vm.count("report") > 0;
  settings.writer.format = OutputFormat::Pgn;
  settings.writer.keep_suffixes = true;  // "!" stays "!": only faults change
  settings.writer.line_width = line_width;

  ValidateOptions validate_options;
  std::string error;
  if (!apply_common_options(vm, common, validate_options, error)) {
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
  Sink changes{settings.jsonl ? report_file.stream() : stderr,
               settings.jsonl ? &report_file : nullptr};
  const bool color = isatty(STDERR_FILENO) && common.color != "never";
  auto problems =
      ReportWriter::create(ReportFormat::Text, stderr, color || common.color == "always");

  RunSummary summary;
  FixTally tally;
  Progress progress(names, vm);
  std::atomic<bool>& stop = run_stop();
  FixConsumer consumer(games, changes, *problems, summary, progress, stop);
  install_interrupt_handler();
  PipelineOptions pipeline = pipeline_options(common);
  pipeline.stop = &stop;
  const auto started = std::chrono::steady_clock::now();
  run_pipeline(
      sources, pipeline,
      [&] { return std::make_unique<FixWorker>(validate_options, settings, tally); }, consumer);
  summary.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  summary.interrupted = interrupted();
  progress.clear();
  if (settings.jsonl) {
    std::string line;
    JsonWriter json(line);
    json.begin_object().key("type").string("summary");
    json.key("files").number(summary.files);
    json.key("files_failed").number(summary.files_failed);
    json.key("games").number(summary.games);
    json.key("games_mended").number(tally.mended.load());
    json.key("games_cut").number(tally.cut.load());
    json.key("games_needing_no_change").number(tally.already_right.load());
    json.key("games_passed_on").number(tally.unchanged.load());
    json.key("dry_run").boolean(settings.dry_run);
    json.key("interrupted").boolean(summary.interrupted);
    json.key("changes_by_kind").begin_object();
    for (std::size_t k = 0; k < tally.by_kind.size(); ++k)
      json.key(repair_kind_name(RepairKind(k))).number(tally.by_kind[k].load());
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
    print_summary(stderr, summary, verdict + tally.line());
  }
  if (!output_ok || !complete) return kExitFailure;
  return tally.cut.load() || tally.unchanged_with_errors.load() ? kExitProblems : kExitOk;
}

const RegisterCommand registration{
    {"fix", "write games with mechanical faults mended, and say every change", run_fix,
     document_command<FixArgs, kHelp>}};

}  // namespace
}  // namespace pgn::cli
