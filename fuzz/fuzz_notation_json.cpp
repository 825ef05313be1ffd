// Notation tables from JSON (--notation-file): any bytes give a table or a clear error.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "libpgn/notation.hpp"
#include "libpgn/position.hpp"
#include "libpgn/san.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string error;
  auto table =
      pgn::parse_notation_json(std::string_view(reinterpret_cast<const char*>(data), size), error);
  if (!table) {
    if (error.empty()) std::abort();
    return 0;
  }
  // A table that loads must be usable by the one parser and the one writer.
  const pgn::Position start;
  pgn::MoveList moves;
  pgn::generate_legal(start, moves);
  for (pgn::Move m : moves) {
    std::string text;
    pgn::append_san(start, m, text, table.get());
    pgn::MoveText parsed;
    pgn::MoveTextError parse_error = pgn::MoveTextError::None;
    if (!table->spoken) (void)pgn::parse_move_text(text, parsed, parse_error, table.get());
  }
  return 0;
}
