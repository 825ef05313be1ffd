// `pgn perft`: counts the leaf nodes of the legal move tree, the standard proof that move
// generation is right (compare with published counts or another engine's `go perft`).
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>

#include "cli_common.hpp"
#include "cli_options.hpp"
#include "commands.hpp"
#include "libpgn/position.hpp"
#include "libpgn/variant.hpp"

namespace pgn::cli {
namespace {

constexpr int kMaxDepth = 32;

constexpr CommandHelp kHelp{
    "perft", "[--variant NAME] [--fen FEN] [--chess960] [--divide] DEPTH",
    "Counts the positions reachable in exactly DEPTH plies (perft), the usual check that a "
    "move generator is complete and correct. Prints 'Nodes searched: N'; time and speed go to "
    "standard error.",
    "Exit status: 0 on success, 2 on a usage error, a bad FEN or a failed write."};

struct PerftArgs : OptionTable {
  std::string fen, variant_text;
  std::uint32_t depth = 0;
  PerftArgs() {
    add_standard_options(options);
    options.add_options()  //
        ("fen,f", po::value<std::string>(&fen)->value_name("FEN"),
         "start from this position (FEN with 4 to 6 fields, or EPD, plus the variant's own "
         "fields); default: the variant's initial position")  //
        ("variant,v", po::value<std::string>(&variant_text)->value_name("NAME"),
         "rules to count under: antichess, atomic, crazyhouse, horde, kingofthehill, "
         "racingkings, 3check, chess960 or standard (the default); case, spaces and hyphens "
         "do not matter")  //
        ("chess960",
         "read the FEN as Chess960: castling rights may name rook files "
         "(X-FEN or Shredder-FEN) and castling moves print as king-takes-rook")  //
        ("divide,d", "print each root move (UCI form) with the leaf count below it");
  }
};

int run_perft(int argc, char** argv) {
  PerftArgs args;
  auto& fen = args.fen;
  auto& variant_text = args.variant_text;
  auto& depth = args.depth;
  auto& visible = args.options;
  po::options_description hidden;
  hidden.add_options()("depth", count_value(depth, 0, kMaxDepth), "plies to search");
  po::positional_options_description positional;
  positional.add("depth", 1);

  po::variables_map vm;
  if (!parse_command_line(kHelp, argc, argv, visible, hidden, positional, vm)) return kExitFailure;
  if (handled_help_or_version(kHelp, visible, vm)) return kExitOk;
  if (!vm.count("depth") || vm["depth"].defaulted()) {
    std::fprintf(stderr, "pgn perft: missing DEPTH (see 'pgn perft --help')\n");
    return kExitFailure;
  }

  VariantName variant = parse_variant_name(variant_text);
  if (!variant.known) {
    std::fprintf(stderr, "pgn perft: unknown variant '%s' (see 'pgn perft --help')\n",
                 variant_text.c_str());
    return kExitFailure;
  }
  if (fen.empty()) fen = variant_start_fen(variant.variant);
  FenResult parsed =
      Position::from_fen(fen, variant.variant, variant.chess960 || vm.count("chess960") != 0);
  if (!parsed.ok()) {
    std::fprintf(stderr, "pgn perft: invalid FEN (%s): %s\n", fen_error_code(parsed.error),
                 parsed.message.c_str());
    return kExitFailure;
  }
  Position& pos = parsed.position;
  const Rules& rules = rules_for(pos.variant());

  auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  if (vm.count("divide") && depth > 0) {
    MoveList moves;
    rules.generate_legal(pos, moves);
    for (Move m : moves) {
      Position child = pos;
      rules.play(child, m);
      std::uint64_t below = rules.perft(child, depth - 1);
      nodes += below;
      std::printf("%s: %llu\n", to_uci(pos, m).c_str(), static_cast<unsigned long long>(below));
    }
    std::printf("\n");
  } else {
    nodes = rules.perft(pos, depth);
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::printf("Nodes searched: %llu\n", static_cast<unsigned long long>(nodes));
  OutputFile standard_output;  // not opened: standard output, flushed and checked
  if (!settle_output(standard_output, true, "perft")) return kExitFailure;
  std::fprintf(stderr, "Time: %.3f s, %.0f nodes/s\n", seconds,
               seconds > 0 ? double(nodes) / seconds : 0.0);
  return kExitOk;
}

static RegisterCommand reg{{"perft", "count leaf nodes of the move tree (move generator proof)",
                            run_perft, document_command<PerftArgs, kHelp>}};

}  // namespace
}  // namespace pgn::cli
