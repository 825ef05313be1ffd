// Writing diagnostics for people and machines: text (file:line:col: error[code]: message
// with the source line and a caret), JSON Lines, one JSON document, GitHub workflow
// annotations, SARIF 2.1.0 and a self-contained HTML page with board diagrams.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/diagnostics.hpp"
#include "libpgn/game_report.hpp"
#include "libpgn/terminal_text.hpp"  // the text format's escaping, for the commands too

namespace pgn {

enum class ReportFormat : std::uint8_t { Text, Jsonl, Json, Github, Sarif, Html };
bool report_format_from_name(std::string_view name, ReportFormat& out);
// Every format's name, in the order above (for help texts and shell completions).
std::vector<std::string_view> report_format_names();

struct RunSummary {
  std::uint64_t files = 0;
  std::uint64_t files_failed = 0;  // could not be opened or read to the end
  std::uint64_t games = 0;
  std::uint64_t games_valid = 0;  // games replayed without errors (warnings allowed)
  std::uint64_t games_with_errors = 0;
  // Games without errors whose moves were not replayed (a variant that is not supported):
  // games = valid + with errors + not checked.
  std::uint64_t games_not_checked = 0;
  std::uint64_t games_with_warnings = 0;
  std::uint64_t moves = 0;  // moves replayed, variations included
  std::uint64_t input_bytes = 0;
  std::uint64_t errors = 0;
  std::uint64_t warnings = 0;
  std::array<std::uint64_t, kCodeCount> by_code{};
  double seconds = 0;
  bool interrupted = false;

  // Adds one game's report to the totals (every command and the Python module count alike).
  void add(const GameReport& report);
  // Counts a record of a JSON input that could not be read: a game with one error.
  void add_unreadable(const Diagnostic& problem);
  // Counts a warning about a whole input (no games found, not PGN).
  void add_file_warning(const Diagnostic& warning);
};

class ReportWriter {
 public:
  virtual ~ReportWriter() = default;
  // `color`: ANSI colours in the text format (only when writing to a terminal).
  static std::unique_ptr<ReportWriter> create(ReportFormat format, std::FILE* out, bool color);
  virtual void problem(const std::string& file, const Diagnostic& d) = 0;
  // One line per game, when games are listed: notation read, the variant (GameReport::variant,
  // empty for standard chess), plies, result, counts.
  virtual void game(const std::string& file, std::uint64_t index, const std::string& notation,
                    const std::string& variant, std::uint32_t plies,
                    std::optional<GameResult> result, std::uint32_t errors,
                    std::uint32_t warnings) = 0;
  virtual void finish(const RunSummary& summary) = 0;
};

// The human summary (for stderr): files, games, games with errors, moves, problems by code,
// time and speed. `command_line`, when not empty, is a line of the command's own tally
// printed after the first line (convert: games written, skipped, truncated).
void print_summary(std::FILE* out, const RunSummary& summary, std::string_view command_line = {});
// The first line of that summary, without its line end: "3 files, 120 games: 118 valid, 2 with
// errors, 5 with warnings; 9000 moves replayed".
std::string summary_headline(const RunSummary& summary);

}  // namespace pgn
