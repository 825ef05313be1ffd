// FEN parsing must reject or accept any bytes without crashing; what it accepts must write
// back to a FEN that parses to the same position.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "libpgn/position.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  for (bool chess960 : {false, true}) {
    pgn::FenResult parsed = pgn::Position::from_fen(text, chess960);
    if (!parsed.ok()) continue;
    pgn::FenResult again = pgn::Position::from_fen(parsed.position.fen(), chess960);
    if (!again.ok() || again.position.key() != parsed.position.key()) std::abort();
    pgn::MoveList moves;
    pgn::generate_legal(parsed.position, moves);
    for (pgn::Move m : moves) {
      pgn::Position next = parsed.position;
      next.play(m);
    }
  }
  return 0;
}
