// FEN parsing must reject or accept any bytes without crashing, in every variant; what it
// accepts must write back to a FEN that parses to the same position, and every legal move of
// it must play.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "libpgn/position.hpp"
#include "libpgn/variant.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  for (int v = 0; v < pgn::kVariantCount; ++v) {
    const pgn::Variant variant = pgn::Variant(v);
    for (bool chess960 : {false, true}) {
      pgn::FenResult parsed = pgn::Position::from_fen(text, variant, chess960);
      if (!parsed.ok()) continue;
      pgn::FenResult again = pgn::Position::from_fen(parsed.position.fen(), variant, chess960);
      if (!again.ok() || again.position.key() != parsed.position.key()) std::abort();
      const pgn::Rules& rules = pgn::rules_for(variant);
      pgn::MoveList moves;
      rules.generate_legal(parsed.position, moves);
      for (pgn::Move m : moves) {
        pgn::Position next = parsed.position;
        rules.play(next, m);
        (void)pgn::game_outcome(next);
      }
    }
  }
  return 0;
}
