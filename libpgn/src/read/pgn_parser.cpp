// parse_game() and column_at(): the parser itself is in pgn_parser.hpp.
#include "read/pgn_parser.hpp"

#include <algorithm>
#include <string>
#include <string_view>

#include "libpgn/parser.hpp"
#include "text/text_scan.hpp"

namespace pgn {

void parse_game(const RawGame& game, Visitor& visitor, const ParseLimits& limits) {
  detail::parse_game_with(game, visitor, limits);
}

std::uint32_t column_at(const RawGame& game, TextPos pos) {
  if (pos.column != 0) return pos.column;
  const std::string_view text = game.text;
  const std::size_t at = pos.offset < game.start.offset
                             ? 0
                             : static_cast<std::size_t>(std::min<std::uint64_t>(
                                   pos.offset - game.start.offset, text.size()));
  // Both '\n' and '\r' end a line, as for the parser's line numbers.
  std::size_t line_start = at;
  while (line_start > 0 && text[line_start - 1] != '\n' && text[line_start - 1] != '\r')
    --line_start;
  const std::uint32_t first = line_start == 0 && game.start.column != 0 ? game.start.column : 1;
  const char* base = text.data();
  return first + static_cast<std::uint32_t>(
                     detail::count_code_points(base + line_start, base + at, base + text.size()));
}

std::string unescape_tag_value(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\' && i + 1 < raw.size() && (raw[i + 1] == '"' || raw[i + 1] == '\\')) ++i;
    out.push_back(raw[i]);
  }
  return out;
}

}  // namespace pgn
