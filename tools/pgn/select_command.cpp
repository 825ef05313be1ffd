// pgn select: writes the games that match conditions on tags, players, positions, material
// and the validator's verdict, byte for byte as they were in the input and in input order.
#include <atomic>
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "cli_common.hpp"
#include "cli_options.hpp"
#include "commands.hpp"
#include "libpgn/openings.hpp"
#include "libpgn/pipeline.hpp"
#include "libpgn/select.hpp"
#include "libpgn/validator.hpp"
#include "libpgn/variant.hpp"
#include "libpgn/writers.hpp"

namespace po = boost::program_options;

namespace pgn::cli {
namespace {

struct SelectSettings {
  bool invert = false;
  bool count_only = false;
  bool normalize = false;
  bool eco = false;  // --add-eco: opening tags from the classification
  OpeningTagMode eco_mode = OpeningTagMode::KeepExisting;
};

class SelectWorker final : public BatchWorker {
 public:
  SelectWorker(const Selection& selection, const ValidateOptions& validate,
               const SelectSettings& settings, std::atomic<std::uint64_t>& selected)
      : settings_(settings),
        selected_(selected),
        selector_(selection, validate),
        validator_(validate),
        writer_(WriterOptions{}),
        positions_(selection.needs_positions()),
        moves_(selection.needs_moves()) {}

  // batch.counter: games written; batch.reports: one entry per game that could not be read or
  // examined whole, with the problem in its message.
  void process(GameBatch& batch) override {
    batch.output.clear();
    batch.reports.clear();
    std::uint64_t written = 0;
    selector_.set_neighbours(batch.games);
    for (const RawGame& game : batch.games) {
      if (game.truncated) {
        note(batch, game,
             "game " + std::to_string(game.index) +
                 " is longer than --max-game-bytes and cannot be read whole; "
                 "not examined");
        continue;
      }
      const SelectOutcome outcome = selector_.decide(game, settings_.normalize);
      if (outcome.not_checked && moves_)
        note(batch, game,
             "game " + std::to_string(game.index) + ": moves not replayed (" + first_problem() +
                 "); its move conditions do not hold");
      else if (outcome.moves_cut && positions_)
        note(batch, game,
             "game " + std::to_string(game.index) + ": replayed up to an error (" +
                 first_problem() + "); later positions were not examined");
      if (outcome.selected == settings_.invert) continue;
      ++written;
      if (settings_.count_only) continue;
      const GameReport& report = selector_.report();
      const Opening* opening = settings_.eco ? opening_of(game, outcome) : nullptr;
      if (settings_.normalize && report.replayed && !report.has_errors() &&
          selector_.record().complete) {
        // The opening tags are set by the writer: the record is not copied.
        GameExtras extras;
        extras.opening = opening;
        extras.opening_mode = settings_.eco_mode;
        writer_.write(selector_.record(), batch.output, extras);
      } else if (opening) {
        // Byte for byte but for the opening tags.
        tagged_.clear();
        append_with_opening_tags(game.text, *opening, settings_.eco_mode, tagged_);
        append_game_as_read(tagged_, batch.output);
      } else {
        append_game_as_read(game.text, batch.output);
      }
    }
    selected_.fetch_add(written, std::memory_order_relaxed);
  }

 private:
  std::string first_problem() const {
    if (!selector_.record().problem.empty()) return selector_.record().problem;
    for (const Diagnostic& d : selector_.report().problems)
      if (d.severity == Severity::Error) return d.message;
    // Not replayed without an error: the warning that says why (a variant, for one).
    for (const Diagnostic& d : selector_.report().problems)
      if (d.code == Code::UnsupportedVariant || d.code == Code::BadFen) return d.message;
    return selector_.record().problem;
  }
  // The opening of a selected game: from the selector's replay when it made one, else from a
  // replay of this game alone.
  const Opening* opening_of(const RawGame& game, const SelectOutcome& outcome) {
    if (outcome.replayed) return classify_opening(selector_.record()).opening;
    validator_.validate(game, report_, &record_);
    return classify_opening(record_).opening;
  }
  static void note(GameBatch& batch, const RawGame& game, std::string message) {
    GameReport& r = batch.reports.emplace_back();
    r.index = game.index;
    r.start = game.start;
    Diagnostic& d = r.problems.emplace_back();
    d.message = std::move(message);
  }

  const SelectSettings& settings_;
  std::atomic<std::uint64_t>& selected_;  // games chosen, over all workers
  GameSelector selector_;
  GameValidator validator_;  // --add-eco: replays selected games the selector did not replay
  GameReport report_;
  GameRecord record_;
  std::string tagged_;  // a game's text with its opening tags
  GameWriter writer_;
  bool positions_;  // games replayed only in part are worth a note
  bool moves_;      // games not replayed at all are worth a note
};

struct SelectTotals {
  std::uint64_t files = 0, files_failed = 0, games = 0, selected = 0, noted = 0, unreadable = 0;
};

class SelectConsumer final : public BatchConsumer {
 public:
  SelectConsumer(OutputFile& output, SelectTotals& totals, Progress& progress, bool quiet)
      : output_(output), totals_(totals), progress_(progress), quiet_(quiet) {}

  void batch(GameBatch& batch) override {
    totals_.games += batch.games.size();
    for (const RawGame& game : batch.games) totals_.unreadable += game.truncated;
    for (const GameReport& r : batch.reports) {
      ++totals_.noted;
      if (!quiet_)
        std::fprintf(stderr, "%s:%u: %s\n", terminal_text(*batch.file_name).c_str(),
                     unsigned(r.start.line), terminal_text(r.problems.front().message).c_str());
    }
    // Once interrupted the output is thrown away: a huge game is not written first.
    if (!batch.output.empty() && !interrupted()) {
      std::fwrite(batch.output.data(), 1, batch.output.size(), output_.stream());
      output_.wrote(batch.output.size());
    }
    summary_.games = totals_.games;
    summary_.input_bytes += batch.input_bytes;
    progress_.update(summary_, batch.file_index, batch.raw_offset);
  }

  void end_file(std::size_t, const std::string& name, const std::string& error,
                std::uint64_t games_read) override {
    ++totals_.files;
    if (error.empty()) return;
    ++totals_.files_failed;
    print_input_failure(name, error, games_read);
  }

 private:
  OutputFile& output_;
  SelectTotals& totals_;
  Progress& progress_;
  RunSummary summary_;  // for the progress line
  bool quiet_;
};

constexpr CommandHelp kHelp{
    "select", "[conditions] FILE... | -",
    "Writes the games that match every condition (with --any: at least one), in input order "
    "and byte for byte as they were in the input. A condition's value starting with ! is "
    "negated (--player '!Carlsen'; write \\! for a value that starts with !). Ranges are N, "
    ">=N, >N, <=N, <N, A..B, A.. or ..B; dates may be partial (2019, 2019.05). Material "
    "patterns are described in docs/select.md.",
    "Exit status: 0 when the run completed (whether or not games matched), 2 on usage errors, "
    "unreadable input or an interrupt."};

// A condition's text with its leading ! taken as negation.
std::string_view negation(std::string_view text, bool& negated) {
  negated = text.starts_with('!');
  if (negated) return text.substr(1);
  if (text.starts_with("\\!")) return text.substr(1);
  return text;
}

using Strings = std::vector<std::string>;
struct SelectArgs : OptionTable {
  CommonOptions common;
  std::uint32_t material_plies = 1;
  SelectArgs() {
    add_standard_options(options);
    options.add_options()  //
        ("tag", po::value<Strings>()->value_name("NAME=VALUE")->composing(),
         "the tag NAME has exactly VALUE")  //
        ("tag-re", po::value<Strings>()->value_name("NAME=RE")->composing(),
         "the tag NAME matches the RE2 regular expression RE (anywhere in the value)")  //
        ("tag-missing", po::value<Strings>()->value_name("NAME")->composing(),
         "the game has no tag NAME")  //
        ("elo", po::value<Strings>()->value_name("RANGE")->composing(),
         "either player's rating (WhiteElo or BlackElo) is in RANGE, e.g. '>=2600'")  //
        ("white-elo", po::value<Strings>()->value_name("RANGE")->composing(),
         "WhiteElo is in RANGE")  //
        ("black-elo", po::value<Strings>()->value_name("RANGE")->composing(),
         "BlackElo is in RANGE")  //
        ("date", po::value<Strings>()->value_name("RANGE")->composing(),
         "the Date tag is in RANGE, e.g. 2019..2021 or '>=2020.06'")  //
        ("ply", po::value<Strings>()->value_name("RANGE")->composing(),
         "the main line has a number of plies in RANGE, e.g. 40..")  //
        ("player", po::value<Strings>()->value_name("TEXT")->composing(),
         "White or Black (in bughouse any of the four players) contains TEXT (ASCII letters "
         "compared without case)")  //
        ("player-re", po::value<Strings>()->value_name("RE")->composing(),
         "White or Black (in bughouse any of the four) matches the RE2 regular expression RE")  //
        ("result", po::value<Strings>()->value_name("RESULT")->composing(),
         "the Result tag is RESULT: 1-0, 0-1, 1/2-1/2 or *")  //
        ("termination", po::value<Strings>()->value_name("RESULT")->composing(),
         "the movetext ends with the termination marker RESULT")  //
        ("variant",
         choice_value<Strings>(nullptr, variant_option_names())->value_name("NAME")->composing(),
         "the Variant tag is NAME, compared without case; games without the tag are read by the "
         "rules of the one NAME given (default: standard)")  //
        ("eco", po::value<Strings>()->value_name("RANGE")->composing(),
         "the ECO tag is in RANGE, e.g. B90..B99 or C")  //
        ("fen", po::value<Strings>()->value_name("FEN")->composing(),
         "the main line reaches the position FEN (pieces, side to move, castling rights, en "
         "passant as in the repetition rule; with --variant, read and compared under that rule "
         "set: pockets, check counters)")  //
        ("moves", po::value<Strings>()->value_name("MOVES")->composing(),
         "the main line reaches the position after MOVES from the start, in any move order, e.g. "
         "'1. e4 c5 2. Nf3 d6'")  //
        ("material", po::value<Strings>()->value_name("PATTERN")->composing(),
         "the main line reaches the material PATTERN (e.g. KRPkr, 'KQ*kq*') and keeps it for "
         "--material-plies positions")  //
        ("material-plies", count_value(material_plies, 1, 100000),
         "positions in a row a --material pattern must hold for")            //
        ("valid", "the game replays with no errors (as pgn validate says)")  //
        ("with-errors", "the game has errors (as pgn validate says)")        //
        ("with-code", po::value<Strings>()->value_name("CODE")->composing(),
         "pgn validate reports a problem CODE, e.g. illegal-move")                //
        ("any", "select games that match at least one condition instead of all")  //
        ("invert", "write the games that are not selected")                       //
        ("count", "write only the number of games selected")                      //
        ("normalize",
         "write selected games in the PGN export format (as pgn convert) instead of as they "
         "were; games with errors stay as they were")  //
        ("add-eco", po::value<std::string>()->implicit_value("add", "")->value_name("[=overwrite]"),
         "add ECO, Opening and Variation tags naming the opening of each game written, as pgn "
         "convert --eco does (the rest of the game stays byte for byte); with "
         "--add-eco=overwrite tags a game has are replaced")  //
        ("output,o", po::value<std::string>()->value_name("FILE"),
         "write to FILE (replaced only when the run completes)")  //
        ("quiet,q", "no summary or per-game notes on standard error");
    add_common_options(options, common);
  }
};

int run_select(int argc, char** argv) {
  SelectArgs args;
  auto& common = args.common;
  auto& material_plies = args.material_plies;
  auto& options = args.options;
  po::variables_map vm;
  static char add_eco[] = "--add-eco=add";
  spell_out_implicit_value(argc, argv, "--add-eco", add_eco);
  std::vector<std::string> files;
  if (int status; !parse_file_command(kHelp, argc, argv, options, vm, files, status)) return status;
  ValidateOptions validate_options;
  validate_options.include_fen = false;
  std::string error;
  if (!apply_common_options(vm, common, validate_options, error)) {
    std::fprintf(stderr, "pgn select: %s\n", error.c_str());
    return kExitFailure;
  }

  Selection selection;
  using K = Selection::Kind;
  auto each = [&](const char* option, auto add) {
    if (!vm.count(option)) return true;
    for (const std::string& value : vm[option].as<Strings>()) {
      bool negated = false;
      const std::string_view text = negation(value, negated);
      if (!add(text, negated)) {
        std::fprintf(stderr, "pgn select: --%s: %s\n", option, error.c_str());
        return false;
      }
    }
    return true;
  };
  auto range = [&](K kind) {
    return [&, kind](std::string_view t, bool n) { return selection.add_range(kind, t, n, error); };
  };
  auto text = [&](K kind) {
    return [&, kind](std::string_view t, bool n) { return selection.add_text(kind, t, n, error); };
  };
  // The rule set --variant names (one, not negated) is that of games without a Variant tag,
  // as in the other commands, and --fen is read under it: a crazyhouse FEN with its pocket
  // needs --variant crazyhouse, and matches crazyhouse games only.
  Variant fen_variant = Variant::Standard;
  if (vm.count("variant")) {
    int named = 0;
    for (const std::string& value : vm["variant"].as<Strings>()) {
      bool negated = false;
      const VariantName name = parse_variant_name(negation(value, negated));
      if (negated || !name.known) continue;
      if (named++ && name.variant != fen_variant) {
        if (vm.count("fen")) {
          std::fprintf(stderr, "pgn select: --fen: several --variant rule sets; give one\n");
          return kExitFailure;
        }
        validate_options.variant.reset();  // several: games without a tag stay standard
        continue;
      }
      fen_variant = name.variant;
      if (named == 1) validate_options.variant = name;
    }
  }
  const bool ok =
      each("tag", [&](std::string_view t, bool n) { return selection.add_tag(t, n, error); }) &&
      each("tag-re",
           [&](std::string_view t, bool n) { return selection.add_tag_regex(t, n, error); }) &&
      each("tag-missing",
           [&](std::string_view t, bool n) { return selection.add_tag_missing(t, n, error); }) &&
      each("elo", range(K::Elo)) && each("white-elo", range(K::WhiteElo)) &&
      each("black-elo", range(K::BlackElo)) && each("date", range(K::Date)) &&
      each("ply", range(K::Ply)) && each("eco", range(K::Eco)) && each("player", text(K::Player)) &&
      each("player-re",
           [&](std::string_view t, bool n) { return selection.add_player_regex(t, n, error); }) &&
      each("result", text(K::Result)) && each("termination", text(K::Termination)) &&
      each("variant", text(K::Variant)) &&
      each("fen", [&](std::string_view t,
                      bool n) { return selection.add_fen(t, n, error, fen_variant); }) &&
      each("moves", [&](std::string_view t,
                        bool n) { return selection.add_moves(t, n, validate_options, error); }) &&
      each("material",
           [&](std::string_view t, bool n) {
             return selection.add_material(t, material_plies, n, error);
           }) &&
      each("with-code", [&](std::string_view t, bool n) {
        return selection.add_verdict(K::WithCode, t, n, error);
      });
  if (!ok) return kExitFailure;
  if (vm.count("valid")) selection.add_verdict(K::Valid, "", false, error);
  if (vm.count("with-errors")) selection.add_verdict(K::WithErrors, "", false, error);
  selection.set_any(vm.count("any") > 0);

  SelectSettings settings;
  settings.invert = vm.count("invert") > 0;
  settings.count_only = vm.count("count") > 0;
  settings.normalize = vm.count("normalize") > 0;
  if (vm.count("add-eco")) {
    const std::string& mode = vm["add-eco"].as<std::string>();
    if (mode != "add" && mode != "overwrite") {
      std::fprintf(stderr, "pgn select: --add-eco takes no value or =overwrite, not '%s'\n",
                   mode.c_str());
      return kExitFailure;
    }
    settings.eco = true;
    if (mode == "overwrite") settings.eco_mode = OpeningTagMode::Overwrite;
  }
  if (settings.count_only && settings.normalize) {
    std::fprintf(stderr, "pgn select: --count writes no games, so --normalize has no use\n");
    return kExitFailure;
  }

  OutputFile output;
  if (vm.count("output") && !output.open(vm["output"].as<std::string>(), files, error)) {
    std::fprintf(stderr, "pgn select: %s\n", error.c_str());
    return kExitFailure;
  }
  const bool quiet = vm.count("quiet") > 0;
  SelectTotals totals;
  std::atomic<std::uint64_t> selected{0};
  Progress progress(files, vm);
  SelectConsumer consumer(output, totals, progress, quiet);
  install_interrupt_handler();
  const auto started = std::chrono::steady_clock::now();
  run_pipeline(
      sources_for(files, InputFormat::Pgn), pipeline_options(common),
      [&] {
        return std::make_unique<SelectWorker>(selection, validate_options, settings, selected);
      },
      consumer);
  totals.selected = selected.load();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  progress.clear();
  if (settings.count_only)
    std::fprintf(output.stream(), "%llu\n", static_cast<unsigned long long>(totals.selected));
  const bool complete = !totals.files_failed && !interrupted();
  const bool output_ok = settle_output(output, complete, "select");
  if (!quiet) {
    std::fprintf(stderr, "%s%llu file%s, %llu games: %llu %s", interrupted() ? "interrupted: " : "",
                 static_cast<unsigned long long>(totals.files), totals.files == 1 ? "" : "s",
                 static_cast<unsigned long long>(totals.games),
                 static_cast<unsigned long long>(totals.selected),
                 settings.invert ? "not selected (written)" : "selected");
    if (totals.unreadable)
      std::fprintf(stderr, ", %llu could not be read",
                   static_cast<unsigned long long>(totals.unreadable));
    if (totals.noted > totals.unreadable)
      std::fprintf(stderr, ", %llu examined in part or not at all",
                   static_cast<unsigned long long>(totals.noted - totals.unreadable));
    // What was committed: a file output only when the run completed.
    if (!output_ok || (!complete && output.is_file())) std::fprintf(stderr, "; nothing written");
    std::fprintf(stderr, "; %.2f s\n", seconds);
  }
  if (!output_ok) return kExitFailure;
  return complete ? kExitOk : kExitFailure;
}

const RegisterCommand registration{
    {"select", "write the games that match conditions on tags, players, positions, material",
     run_select, document_command<SelectArgs, kHelp>}};

}  // namespace
}  // namespace pgn::cli
