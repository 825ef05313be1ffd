// The whole reading path on arbitrary bytes: splitting, encoding detection, the PGN parser,
// tag checks (RE2), notation detection and replay. Every game read must be accounted for.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "libpgn/reader.hpp"
#include "libpgn/validator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  static const pgn::ValidateOptions options = [] {
    pgn::ValidateOptions o;
    o.max_plies = 2000;
    o.parse_limits.max_variation_depth = 200;
    o.parse_limits.max_comment_bytes = 4096;
    return o;
  }();
  auto source = pgn::InputSource::from_memory(bytes);
  pgn::SplitterOptions splitter_options;
  splitter_options.max_game_bytes = 1 << 16;
  splitter_options.buffer_bytes = 4096;
  pgn::GameSplitter splitter(*source, splitter_options);
  pgn::GameValidator validator(options);
  pgn::GameReport report;
  pgn::GameRecord record;
  pgn::RawGame game;
  std::uint64_t games = 0;
  while (splitter.next(game)) {
    ++games;
    if (game.index != games) std::abort();
    validator.validate(game, report, &record);
    if (report.index != game.index) std::abort();
  }
  return 0;
}
