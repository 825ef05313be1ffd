// The tag-value checks (RE2 formats for Date, Round, Elo, TimeControl, ...; FEN and SetUp;
// Variant) on arbitrary values. Random bytes seldom form a tag pair, so this target builds
// the game around the value: the first byte picks the tag (and whether a FEN/SetUp pair
// goes with it), the rest is the value, escaped as a PGN writer would.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "libpgn/reader.hpp"
#include "libpgn/validator.hpp"
#include "libpgn/writers.hpp"

namespace {

constexpr std::string_view kTagNames[] = {
    "Date",     "EventDate",   "UTCDate", "Round",       "Result", "WhiteElo",
    "BlackElo", "TimeControl", "ECO",     "SetUp",       "Time",   "UTCTime",
    "PlyCount", "FEN",         "Variant", "Termination", "Event",  "White",
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t selector = data[0];
  const std::string_view value(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::string_view name = kTagNames[selector % std::size(kTagNames)];

  // The value as written in a file (escaped) and, for the raw path, unescaped again.
  std::string escaped;
  pgn::append_tag_value(value, escaped);
  if (pgn::unescape_tag_value(escaped).size() > value.size()) std::abort();

  std::string game = "[" + std::string(name) + " \"" + escaped + "\"]\n";
  if (selector & 0x40) game += "[SetUp \"1\"]\n";
  if (selector & 0x80) game += "[FEN \"" + escaped + "\"]\n";
  game += (selector & 0x20) ? "\n1. e4 e5 2. Nf3 *\n" : "\n*\n";

  static const pgn::ValidateOptions options;
  static pgn::GameValidator validator(options);
  pgn::RawGame raw;
  raw.text = game;
  raw.index = 1;
  raw.original_size = game.size();
  pgn::GameReport report;
  pgn::GameRecord record;
  validator.validate(raw, report, &record);
  if (report.index != 1) std::abort();
  return 0;
}
