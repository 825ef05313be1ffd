// `pgn winnable`: whether a side can still checkmate by some sequence of legal moves (FIDE
// Laws 6.9 and 5.2.2), for positions given as FENs, one per line.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli_common.hpp"
#include "cli_options.hpp"
#include "commands.hpp"
#include "libpgn/json_writer.hpp"
#include "libpgn/position.hpp"
#include "libpgn/report.hpp"
#include "libpgn/san.hpp"
#include "libpgn/variant.hpp"
#include "libpgn/winnable.hpp"

namespace pgn::cli {
namespace {

// The witness in SAN, each move written by the one move writer in the position it is made in.
std::vector<std::string> witness_san(const Position& start, const std::vector<Move>& moves) {
  std::vector<std::string> san;
  Position pos = start;
  for (Move m : moves) {
    std::string text;
    append_san(pos, m, text);
    san.push_back(std::move(text));
    pos.play(m);
  }
  return san;
}

double thread_seconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

struct Settings {
  bool sides[2] = {true, true};
  bool json = false;
  bool screen = false;
};

struct Totals {
  std::uint64_t positions = 0, bad = 0, verdicts[3] = {0, 0, 0};
  double slowest_seconds = 0;   // the longest one decision (one side of one position) took
  double decision_seconds = 0;  // all decisions together, without reading and writing
};

// Every record starts with the number of its line in the input: "7: " or {"line": 7, .
void begin_text_record(std::uint64_t number, std::string& out) {
  out += std::to_string(number) + ": ";
}
JsonWriter& begin_json_record(std::optional<JsonWriter>& json, std::uint64_t number,
                              std::string& out) {
  json.emplace(out, JsonWriter::Spacing::Spaced);
  return json->begin_object().key("line").number(number);
}

void decide_line(WinnabilityAnalyzer& analyzer, const Settings& settings, const Position& pos,
                 std::uint64_t number, std::string_view fen, std::string& out, Totals& totals) {
  std::optional<JsonWriter> json;
  if (settings.json) {
    begin_json_record(json, number, out).key("fen").string(fen);
  } else {
    begin_text_record(number, out);
    append_terminal_text(out, fen);
  }
  for (Color side : {White, Black}) {
    if (!settings.sides[side]) continue;
    // Processor time of this thread: on a shared machine, wall time says more about the
    // other processes than about the decision.
    const double start = thread_seconds();
    const WinnabilityResult r =
        settings.screen ? analyzer.screen(pos, side) : analyzer.decide(pos, side);
    const double took = thread_seconds() - start;
    totals.slowest_seconds = std::max(totals.slowest_seconds, took);
    totals.decision_seconds += took;
    ++totals.verdicts[int(r.verdict)];
    const char* name = side == White ? "white" : "black";
    const std::vector<std::string> moves = witness_san(pos, r.witness);
    if (json) {
      json->key(name).begin_object().key("verdict").string(winnability_code(r.verdict));
      if (r.verdict == Winnability::Winnable) {
        json->key("moves").begin_array();
        for (const std::string& m : moves) json->string(m);
        json->end_array();
      } else if (r.verdict == Winnability::Unwinnable) {
        json->key("reason").string(unwinnable_proof_code(r.proof));
      }
      json->key("nodes").number(r.nodes).end_object();
    } else {
      out += "; ";
      out += name;
      out += ' ';
      out += winnability_code(r.verdict);
      for (const std::string& m : moves) {
        out += ' ';
        out += m;
      }
      if (r.verdict == Winnability::Winnable && moves.empty()) out += " (mate on the board)";
      if (r.verdict == Winnability::Unwinnable) {
        out += " (";
        out += unwinnable_proof_code(r.proof);
        out += ')';
      }
    }
  }
  if (json)
    json->end_object().newline();
  else
    out += '\n';
}

// The record of a line that is not decided: its number, the reason and, unless the line
// was too long to keep, its text.
void reject_line(const Settings& settings, std::uint64_t number, std::string_view text,
                 const std::string& reason, std::string& out) {
  if (!settings.json) {
    begin_text_record(number, out);
    out += "rejected: ";
    append_terminal_text(out, reason);
    out += '\n';
    return;
  }
  std::optional<JsonWriter> json;
  begin_json_record(json, number, out);
  if (!text.empty()) json->key("fen").string(text);
  json->key("rejected").string(reason).end_object().newline();
}

// Longest line read: a FEN takes under 100 bytes. A longer line is read to its end in
// constant memory and rejected.
constexpr std::size_t kMaxLineBytes = 4096;

// Reads the next line (without its '\n') into `line`, at most kMaxLineBytes of it; `too_long`
// says more followed. False at the end of the input.
bool read_line(std::istream& in, std::string& line, bool& too_long) {
  line.clear();
  too_long = false;
  std::streambuf& buffer = *in.rdbuf();
  for (int c = buffer.sbumpc(); c != std::char_traits<char>::eof(); c = buffer.sbumpc()) {
    if (c == '\n') return true;
    if (line.size() < kMaxLineBytes)
      line += char(c);
    else
      too_long = true;
  }
  return !line.empty() || too_long;
}

// Decides every FEN of `in`, one record per line that is not blank nor a comment; a line
// that is no FEN of standard chess or Chess960 gets a record with the reason, and is also
// reported on standard error.
void run_stream(std::istream& in, const std::string& name, WinnabilityAnalyzer& analyzer,
                const Settings& settings, Totals& totals) {
  std::string line, out;
  std::uint64_t number = 0;
  bool too_long = false;
  auto reject = [&](std::string_view text, const std::string& reason) {
    ++totals.bad;
    out.clear();
    reject_line(settings, number, text, reason, out);
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fflush(stdout);
    std::fprintf(stderr, "%s:%llu: %s\n", terminal_text(name).c_str(),
                 static_cast<unsigned long long>(number), terminal_text(reason).c_str());
  };
  while (read_line(in, line, too_long)) {
    ++number;
    if (too_long) {
      reject({}, "line longer than " + std::to_string(kMaxLineBytes) + " bytes");
      continue;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::size_t begin = line.find_first_not_of(" \t");
    if (begin == std::string::npos || line[begin] == '#') continue;  // blank or comment
    const std::size_t end = line.find_last_not_of(" \t");
    const std::string_view fen = std::string_view(line).substr(begin, end + 1 - begin);
    FenResult parsed = Position::from_fen(fen, Variant::Standard, false, FenMaterial::Any);
    if (!parsed.ok()) {
      // A pocket, check counters or a kingless horde: a variant position, not a bad one.
      const char* variant = nullptr;
      for (Variant v : {Variant::Crazyhouse, Variant::ThreeCheck, Variant::Horde})
        if (!variant && Position::from_fen(fen, v, false, FenMaterial::Any).ok())
          variant = variant_name(v);
      std::string reason;
      if (variant) {
        reason.append("'").append(fen).append("' is a ").append(variant);
        reason += " position: pgn winnable decides standard chess and Chess960 only";
      } else {
        reason.append("invalid FEN (").append(fen_error_code(parsed.error)).append("): ");
        reason += parsed.message;
      }
      reject(fen, reason);
      continue;
    }
    ++totals.positions;
    out.clear();
    decide_line(analyzer, settings, parsed.position, number, fen, out, totals);
    std::fwrite(out.data(), 1, out.size(), stdout);
  }
}

constexpr CommandHelp kHelp{
    "winnable", "[--side white|black|both] [--limit NODES] [--fen FEN | FILE... | -]",
    "Decides whether a side can still checkmate by some sequence of legal moves (FIDE Laws "
    "6.9: a player who runs out of time loses only if the opponent could mate; 5.2.2: a "
    "position where neither side can is dead). Reads FENs, one per line (4 to 6 fields; blank "
    "lines and lines starting with # are skipped), from the files, or from standard input. "
    "Writes one record per other line, starting with its line number: the FEN, then per side "
    "'winnable MOVES...' (a legal sequence ending in mate, in SAN), 'unwinnable (PROOF)' or "
    "'undetermined' (the node budget ran out); or 'rejected: REASON' for a line that is no "
    "FEN of standard chess (or longer than 4096 bytes).",
    "Exit status: 0 when every line was a valid FEN, 1 when some were not (each is rejected "
    "in its record and on standard error with its line number, and the run goes on), 2 on a "
    "usage error, an unreadable file or a failed write. The count of positions and the time go "
    "to standard error."};

// The largest --limit: far beyond anything that ends in reasonable time, small enough that
// node counts never overflow.
constexpr std::uint64_t kMaxWinnableNodes = 1'000'000'000'000;

struct WinnableArgs : OptionTable {
  std::string side = "both", format = "text", fen;
  std::uint64_t limit = kDefaultWinnableNodes;
  WinnableArgs() {
    add_standard_options(options);
    options.add_options()  //
        ("side,s", po::value(&side)->value_name("SIDE")->default_value("both"),
         "white, black or both: the side that would mate")  //
        ("limit,l", count_value(limit, 1, kMaxWinnableNodes),
         "node budget per side and position")                                      //
        ("fen,f", po::value(&fen)->value_name("FEN"), "decide this one position")  //
        ("format", po::value(&format)->value_name("FORMAT")->default_value("text"),
         "text or jsonl")  //
        ("screen",
         "only the cheap screen for bulk use: 'unwinnable' when proved by material, a pawn "
         "wall or a walk over at most 1000 positions, else 'undetermined' (most likely "
         "winnable); no witnesses");
  }
};

int run_winnable(int argc, char** argv) {
  WinnableArgs args;
  auto& side = args.side;
  auto& format = args.format;
  auto& fen = args.fen;
  auto& limit = args.limit;
  auto& options = args.options;
  po::options_description hidden;
  hidden.add_options()("input", po::value<std::vector<std::string>>(), "inputs");
  po::positional_options_description positional;
  positional.add("input", -1);
  po::variables_map vm;
  if (!parse_command_line(kHelp, argc, argv, options, hidden, positional, vm)) return kExitFailure;
  if (handled_help_or_version(kHelp, options, vm)) return kExitOk;
  const std::vector<std::string> files =
      vm.count("input") ? vm["input"].as<std::vector<std::string>>() : std::vector<std::string>{};
  Settings settings;
  if (side == "white") {
    settings.sides[Black] = false;
  } else if (side == "black") {
    settings.sides[White] = false;
  } else if (side != "both") {
    std::fprintf(stderr, "pgn winnable: --side must be white, black or both, not '%s'\n",
                 side.c_str());
    return kExitFailure;
  }
  if (format != "text" && format != "jsonl") {
    std::fprintf(stderr, "pgn winnable: --format must be text or jsonl, not '%s'\n",
                 format.c_str());
    return kExitFailure;
  }
  settings.json = format == "jsonl";
  settings.screen = vm.count("screen") != 0;
  if (vm.count("fen") && !files.empty()) {
    std::fprintf(stderr, "pgn winnable: give either --fen or input files, not both\n");
    return kExitFailure;
  }

  WinnabilityAnalyzer analyzer(limit);
  Totals totals;
  const auto start = std::chrono::steady_clock::now();
  if (vm.count("fen")) {
    std::istringstream one(fen);
    run_stream(one, "--fen", analyzer, settings, totals);
  } else if (files.empty()) {
    run_stream(std::cin, "<stdin>", analyzer, settings, totals);
  } else {
    for (const std::string& file : files) {
      if (file == "-") {
        run_stream(std::cin, "<stdin>", analyzer, settings, totals);
        continue;
      }
      std::ifstream in(file);
      if (!in) {
        std::fprintf(stderr, "pgn winnable: cannot read %s\n", file.c_str());
        return kExitFailure;
      }
      run_stream(in, file, analyzer, settings, totals);
    }
  }
  OutputFile standard_output;  // not opened: standard output, flushed and checked
  const bool output_ok = settle_output(standard_output, true, "winnable");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::fprintf(
      stderr,
      "%llu positions (%llu winnable, %llu unwinnable, %llu undetermined answers), "
      "%llu invalid lines, %.3f s, %.0f positions/s; decisions alone %.3f s CPU, %.0f "
      "positions/s, slowest %.3f ms\n",
      static_cast<unsigned long long>(totals.positions),
      static_cast<unsigned long long>(totals.verdicts[0]),
      static_cast<unsigned long long>(totals.verdicts[1]),
      static_cast<unsigned long long>(totals.verdicts[2]),
      static_cast<unsigned long long>(totals.bad), seconds,
      seconds > 0 ? double(totals.positions) / seconds : 0.0, totals.decision_seconds,
      totals.decision_seconds > 0 ? double(totals.positions) / totals.decision_seconds : 0.0,
      totals.slowest_seconds * 1000);
  if (!output_ok) return kExitFailure;
  return totals.bad ? kExitProblems : kExitOk;
}

static RegisterCommand reg{
    {"winnable", "whether a side can still mate (FIDE 6.9 timeouts, 5.2.2 dead positions)",
     run_winnable, document_command<WinnableArgs, kHelp>}};

}  // namespace
}  // namespace pgn::cli
