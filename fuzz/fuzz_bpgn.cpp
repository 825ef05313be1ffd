// The BPGN reader and the bughouse match replay on arbitrary bytes: every record the splitter
// cuts gives one report whose problems lie inside the record, and a match that replays
// without errors survives the BPGN writer: read back, it replays the same moves without
// errors. JSON, FEN and one-board writers run on every match.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "libpgn/bughouse_writers.hpp"
#include "libpgn/reader.hpp"
#include "libpgn/validator.hpp"
#include "split_games.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  static const pgn::ValidateOptions options = [] {
    pgn::ValidateOptions o;
    o.max_plies = 2000;
    return o;
  }();
  auto source = pgn::InputSource::from_memory(bytes);
  pgn::GameReport report, again;
  pgn::BughouseMatch match, match_again;
  std::string text, json;
  const fuzz::SplitLimits limits{.max_game_bytes = 1 << 16, .buffer_bytes = 4096};
  fuzz::for_each_game(*source, limits, [&](const pgn::RawGame& game) {
    pgn::read_bughouse_match(game, options, report, match, pgn::BughouseDetail::Positions);
    if (report.index != game.index) std::abort();
    for (const pgn::Diagnostic& d : report.problems) {
      if (d.offset < game.start.offset || d.line < game.start.line) std::abort();
      if (d.offset > game.start.offset + game.original_size) std::abort();
    }
    if (report.plies != match.moves.size()) std::abort();
    json.clear();
    pgn::append_bughouse_json(match, json, true);
    for (int board = 0; board < 2; ++board) pgn::append_bughouse_board_pgn(match, board, json);
    json += match.fen();
    if (report.errors != 0 || !match.complete) return;
    text.clear();
    pgn::append_bpgn(match, text);
    pgn::RawGame copy;
    copy.text = text;
    copy.index = game.index;
    pgn::read_bughouse_match(copy, options, again, match_again);
    if (again.errors != 0) std::abort();
    if (match_again.moves.size() != match.moves.size()) std::abort();
    for (std::size_t i = 0; i < match.moves.size(); ++i)
      if (match_again.moves[i].san != match.moves[i].san) std::abort();
  });
  return 0;
}
