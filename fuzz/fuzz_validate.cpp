// The whole reading path on arbitrary bytes: splitting, encoding detection, the PGN parser,
// tag checks (RE2), notation detection and replay. Every game read must be accounted for,
// and a game that replays without errors must survive the writers: its PGN export read
// back replays the same moves without errors.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "libpgn/reader.hpp"
#include "libpgn/validator.hpp"
#include "libpgn/writers.hpp"
#include "split_games.hpp"

namespace {

bool has_move_errors(const pgn::GameReport& report) {
  for (const pgn::Diagnostic& d : report.problems) {
    if (d.code == pgn::Code::IllegalMove || d.code == pgn::Code::AmbiguousMove ||
        d.code == pgn::Code::Syntax || d.code == pgn::Code::BadFen)
      return true;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  static const pgn::ValidateOptions options = [] {
    pgn::ValidateOptions o;
    o.max_plies = 2000;
    o.parse_limits.max_variation_depth = 200;
    o.parse_limits.max_comment_bytes = 4096;
    return o;
  }();
  static pgn::GameValidator validator(options);
  static pgn::GameValidator checker(options);
  static pgn::GameWriter pgn_writer(pgn::WriterOptions{});
  static pgn::GameWriter json_writer([] {
    pgn::WriterOptions o;
    o.format = pgn::OutputFormat::Json;
    o.fen = true;
    return o;
  }());
  static pgn::GameWriter uci_writer([] {
    pgn::WriterOptions o;
    o.format = pgn::OutputFormat::Uci;
    return o;
  }());

  auto source = pgn::InputSource::from_memory(bytes);
  pgn::GameReport report, again;
  pgn::GameRecord record, record_again;
  std::string text;
  const fuzz::SplitLimits limits{.max_game_bytes = 1 << 16, .buffer_bytes = 4096};
  fuzz::for_each_game(*source, limits, [&](const pgn::RawGame& game) {
    validator.validate(game, report, &record);
    if (report.index != game.index) std::abort();
    if (report.errors == 0 && report.problems.size() > report.warnings) std::abort();

    text.clear();
    pgn::GameExtras extras;
    extras.report = &report;
    json_writer.write(record, text, extras);
    uci_writer.write(record, text);
    if (!record.complete || game.truncated || has_move_errors(report)) return;

    text.clear();
    pgn_writer.write(record, text);
    pgn::RawGame written;
    written.text = text;
    written.index = 1;
    written.original_size = text.size();
    checker.validate(written, again, &record_again);
    if (has_move_errors(again) || again.moves_replayed != report.moves_replayed) std::abort();
  });
  return 0;
}
