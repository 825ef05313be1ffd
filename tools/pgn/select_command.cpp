// pgn select: writes the games that match conditions on tags, players, positions, material
// and the validator's verdict, byte for byte as they were in the input and in input order.
// The run itself is select_games in libpgn/select_run.hpp; this file holds the options, the
// conditions read from them, the output and the report.
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "cli_common.hpp"
#include "cli_options.hpp"
#include "commands.hpp"
#include "libpgn/select_run.hpp"
#include "libpgn/terminal_text.hpp"
#include "libpgn/variant.hpp"

namespace po = boost::program_options;

namespace pgn::cli {
namespace {

// The run's notes and failed inputs on standard error, its games to the output, its progress.
class SelectReport final : public SelectSink {
 public:
  SelectReport(OutputFile& output, Progress& progress, bool quiet)
      : output_(output), progress_(progress), quiet_(quiet) {}

  void note(const std::string& file, const Diagnostic& note) override {
    if (!quiet_)
      std::fprintf(stderr, "%s:%u: %s\n", terminal_text(file).c_str(), unsigned(note.line),
                   terminal_text(note.message).c_str());
  }
  void games(std::string_view text) override { output_.write(text); }
  void failed_input(const std::string& file, const std::string& error,
                    std::uint64_t games_read) override {
    print_input_failure(file, error, games_read);
  }
  void progress(const RunSummary& seen, std::size_t file, std::uint64_t offset) override {
    progress_.update(seen, file, offset);
  }

 private:
  OutputFile& output_;
  Progress& progress_;
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
  SelectSettings settings;
  ValidateOptions& validate_options = settings.validate;
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
    settings.add_eco = true;
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
  Progress progress(files, vm);
  SelectReport report(output, progress, quiet);
  settings.pipeline = pipeline_options(common);
  install_interrupt_handler();
  const auto started = std::chrono::steady_clock::now();
  const SelectTotals totals =
      select_games(sources_for(files, InputFormat::Pgn), selection, settings, report);
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
