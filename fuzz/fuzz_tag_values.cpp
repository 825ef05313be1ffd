// The tag-value checks (RE2 formats for Date, Round, Elo, TimeControl, ...; FEN and SetUp;
// Variant) on arbitrary values. Random bytes seldom form a tag pair, so this target builds
// the game around the value: the first byte picks the tag (and whether a FEN/SetUp pair
// goes with it), the rest is the value, escaped as a PGN writer would. The value is also
// handed to the typed readers of tags.hpp (Round, Elo, TimeControl, whole numbers), each held
// to its is_ check (what one accepts, the other does) and to what it promises of its value.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/reader.hpp"
#include "libpgn/tags.hpp"
#include "libpgn/validator.hpp"
#include "libpgn/writers.hpp"

namespace {

void check(bool holds) {
  if (!holds) std::abort();
}

bool all_digits(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "1 to 18 digits and nothing else", the whole numbers of these tags.
bool is_whole_number(std::string_view text) {
  return !text.empty() && text.size() <= 18 && all_digits(text);
}

// A list tag's value (Round, TimeControl) as its reader read it, against its is_ check: "?"
// unknown, "-" the kind of no value, else one item per piece between separators.
template <class Value, class Item>
void check_list(std::string_view value, const std::optional<Value>& read, bool accepted,
                typename Value::Kind listed, typename Value::Kind dash,
                std::vector<Item> Value::*items, char separator) {
  check(read.has_value() == accepted);
  if (!read) return;
  check((read->kind == Value::Kind::Unknown) == (value == "?"));
  check((read->kind == dash) == (value == "-"));
  const std::size_t pieces = std::size_t(std::count(value.begin(), value.end(), separator)) + 1;
  check(((*read).*items).size() == (read->kind == listed ? pieces : 0));
}

void check_round(std::string_view value) {
  using Kind = pgn::Round::Kind;
  const std::optional<pgn::Round> round = pgn::read_round(value);
  check_list(value, round, pgn::is_round(value), Kind::Numbered, Kind::NotApplicable,
             &pgn::Round::parts, '.');
  if (!round) return;
  for (std::uint64_t part : round->parts) check(part < 1000000000000000000u);
}

void check_elo(std::string_view value) {
  const std::optional<int> elo = pgn::read_elo(value);
  check(pgn::is_elo(value) == (elo || value == "?" || value == "-" || value.empty()));
  check(elo.has_value() == (!value.empty() && value.size() <= 4 && all_digits(value)));
  if (!elo) return;
  check(*elo >= 0 && *elo <= 9999);
  check(pgn::read_tag_number(value) == std::optional<std::int64_t>(*elo));
}

void check_tag_number(std::string_view value) {
  using pgn::NumberReading;
  const std::optional<std::int64_t> digits = pgn::read_tag_number(value, NumberReading::Digits);
  const std::optional<std::int64_t> signed_ = pgn::read_tag_number(value, NumberReading::Signed);
  check(digits.has_value() == is_whole_number(value));
  if (digits) check(*digits >= 0 && signed_ == digits);
  // What the signed reading reads: blanks around, a sign, then the digits alone.
  std::string_view bare = value;
  while (!bare.empty() && bare.front() == ' ') bare.remove_prefix(1);
  while (!bare.empty() && bare.back() == ' ') bare.remove_suffix(1);
  const bool minus = !bare.empty() && bare.front() == '-';
  if (!bare.empty() && (bare.front() == '+' || minus)) bare.remove_prefix(1);
  check(signed_.has_value() == is_whole_number(bare));
  if (signed_) check(*signed_ == (minus ? -1 : 1) * *pgn::read_tag_number(bare));
}

void check_time_control(std::string_view value) {
  using Kind = pgn::TimeControl::Kind;
  const std::optional<pgn::TimeControl> control = pgn::read_time_control(value);
  check_list(value, control, pgn::is_time_control(value), Kind::Periods, Kind::None,
             &pgn::TimeControl::periods, ':');
  if (!control) return;
  for (const pgn::TimeControlPeriod& period : control->periods) {
    // Infinite for seconds beyond a double, never negative nor NaN.
    check(period.seconds >= 0 && period.increment >= 0);
    if (period.kind != pgn::TimeControlPeriod::Kind::Sudden) check(period.increment == 0);
    if (period.kind != pgn::TimeControlPeriod::Kind::Moves) check(period.moves == 0);
  }
}

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
  check_round(value);
  check_elo(value);
  check_tag_number(value);
  check_time_control(value);
  // The value as written in a file (escaped) and, for the raw path, unescaped again.
  std::string escaped;
  pgn::append_tag_value(value, escaped);
  if (pgn::unescape_tag_value(escaped).size() > value.size()) std::abort();

  // Appended piece by piece: GCC 12 takes "[" + std::string(name) for overlapping copies.
  std::string game = "[";
  game.append(name).append(" \"").append(escaped).append("\"]\n");
  if (selector & 0x40) game += "[SetUp \"1\"]\n";
  if (selector & 0x80) game.append("[FEN \"").append(escaped).append("\"]\n");
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
