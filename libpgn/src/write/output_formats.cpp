// The names of the output formats (libpgn/writers.hpp), as --to takes them.
#include <string_view>
#include <utility>
#include <vector>

#include "libpgn/writers.hpp"

namespace pgn {

bool output_format_from_name(std::string_view name, OutputFormat& out) {
  static constexpr std::pair<std::string_view, OutputFormat> kNames[] = {
      {"pgn", OutputFormat::Pgn}, {"json", OutputFormat::Json}, {"jsonl", OutputFormat::Jsonl},
      {"uci", OutputFormat::Uci}, {"lan", OutputFormat::Lan},   {"fen", OutputFormat::Fen},
      {"epd", OutputFormat::Epd}, {"csv", OutputFormat::Csv}};
  for (const auto& [n, f] : kNames)
    if (n == name) {
      out = f;
      return true;
    }
  return false;
}

const char* output_format_name(OutputFormat format) {
  static constexpr const char* kNames[] = {"pgn", "json", "jsonl", "uci",
                                           "lan", "fen",  "epd",   "csv"};
  return kNames[int(format)];
}

std::vector<std::string_view> output_format_names() {
  std::vector<std::string_view> names;
  for (int f = 0; f <= int(OutputFormat::Csv); ++f)
    names.emplace_back(output_format_name(OutputFormat(f)));
  return names;
}

}  // namespace pgn
