// The spoken-notation reader on arbitrary word sequences (words split at spaces).
#include <cstdint>
#include <string_view>
#include <vector>

#include "libpgn/notation.hpp"
#include "libpgn/position.hpp"
#include "libpgn/san.hpp"
#include "libpgn/spoken.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find(' ', at);
    if (end == std::string_view::npos) end = text.size();
    if (end > at) words.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  const pgn::Position start;
  for (const pgn::Notation* n : pgn::builtin_notations()) {
    if (!n->spoken) continue;
    (void)pgn::looks_spoken(text, *n);
    std::size_t first = 0;
    while (first < words.size()) {
      pgn::MoveText move;
      pgn::MoveTextError error = pgn::MoveTextError::None;
      std::size_t used = pgn::parse_spoken_move(
          std::span<const std::string_view>(words).subspan(first), move, error, *n);
      if (used == 0) break;
      (void)pgn::resolve_move(start, move);
      first += used;
    }
  }
  return 0;
}
