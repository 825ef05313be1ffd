// The values of a game's tags, read and written one way everywhere: results, dates, rounds,
// ratings and time controls, and a tag value's escapes. `pgn validate` checks tags with these
// readers, `select` and `dedupe` compare games with them, and the writers escape with them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/types.hpp"

namespace pgn {

// ---- results ---------------------------------------------------------------------------

enum class ResultReading : std::uint8_t {
  // The PGN standard's four termination markers: "1-0", "0-1", "1/2-1/2", "*".
  Strict,
  // Also the spellings real files use for them, as `pgn fix` reads a Result tag: "1:0",
  // "½-½", "0.5-0.5", "1–0" (an en dash), "?" or "" for an unknown result, blanks and
  // control characters anywhere in the value.
  Lenient,
};

namespace detail {
std::optional<GameResult> read_result_spelling(std::string_view text);
}

// The result `text` stands for, or nothing. The result forms of notation tables ("½:½" in
// German) are read by the validator's result reader, which starts from this one.
inline std::optional<GameResult> read_result(std::string_view text,
                                             ResultReading reading = ResultReading::Strict) {
  for (int r = 0; r < 4; ++r)
    if (text == result_text(GameResult(r))) return GameResult(r);
  if (reading == ResultReading::Lenient) return detail::read_result_spelling(text);
  return std::nullopt;
}

// ---- dates -----------------------------------------------------------------------------

// A Date, EventDate or UTCDate value: YYYY.MM.DD, with "????" or "??" for a part not known.
struct Date {
  static constexpr int kUnknown = -1;
  int year = kUnknown;   // 0 to 9999
  int month = kUnknown;  // 1 to 12
  int day = kUnknown;    // 1 to the length of the month

  bool complete() const { return year != kUnknown && month != kUnknown && day != kUnknown; }
  // yyyymmdd with 0 for an unknown month or day, so that dates compare as numbers (the year
  // must be known).
  std::int64_t number() const {
    return std::int64_t(year) * 10000 + std::int64_t(month == kUnknown ? 0 : month) * 100 +
           (day == kUnknown ? 0 : day);
  }
};

// The one rule for a date: a real calendar date of the Gregorian calendar. A month is 1 to 12;
// a day is within its month, February 29 only in a leap year. An unknown part (kUnknown)
// allows what any value of it would: a day up to 31 in an unknown month, February 29 in an
// unknown year.
bool is_calendar_date(int year, int month, int day);

// Whether `text` is written in the PGN standard's form of a date, "YYYY.MM.DD" with "????" or
// "??" parts, be it a calendar date or not.
bool has_date_form(std::string_view text);

// `text` in the PGN standard's form (exactly "YYYY.MM.DD", parts "????"/"??" when unknown)
// naming a calendar date; nothing otherwise. "2023.02.30", "2023.13.01" and "2023-02-03" are
// no dates.
std::optional<Date> read_date(std::string_view text);

// ---- rounds, ratings, time controls ----------------------------------------------------
// Each reader below is the one rule of its tag: its is_ check accepts what it reads and the
// forms it names for "no value", nothing else. A whole number in these tags is read up to 18
// digits (longer is no number).

// A Round value (PGN standard 9.1.4): "?" (unknown), "-" (not applicable), or one or more
// numbers separated by dots, "3.1" being the first game of the third round.
struct Round {
  enum class Kind : std::uint8_t { Numbered, Unknown, NotApplicable };
  Kind kind = Kind::Unknown;
  std::vector<std::uint64_t> parts;  // Numbered: "3.1" is {3, 1}
};
std::optional<Round> read_round(std::string_view text);
bool is_round(std::string_view text);

// A WhiteElo or BlackElo rating: one to four digits ("2850", "0800"); nothing for the forms
// of no rating ("-", "?", "") and anything else ("12345", "2850 ", "28.5").
std::optional<int> read_elo(std::string_view text);
// A rating (read_elo), or "-", "?" or "" for none.
bool is_elo(std::string_view text);

// How a whole number of any tag (a rating, a rating change, a ply count) is read when a value
// beyond the standard's forms is wanted.
enum class NumberReading : std::uint8_t {
  // One to 18 digits and nothing else: as `select` compares ratings.
  Digits,
  // Also blanks around and a sign ("+12", " 2706 "): the Python frames' integer columns.
  Signed,
};
std::optional<std::int64_t> read_tag_number(std::string_view text,
                                            NumberReading reading = NumberReading::Digits);

// One period of a TimeControl (PGN standard 9.6.1).
struct TimeControlPeriod {
  enum class Kind : std::uint8_t {
    Moves,      // "40/9000": `moves` moves in `seconds`
    Sudden,     // "300" or "300+2": the rest of the game in `seconds`, `increment` a move
    Sandclock,  // "*60": a sandclock of `seconds`
  };
  Kind kind = Kind::Sudden;
  std::uint64_t moves = 0;
  double seconds = 0;
  double increment = 0;
};
// A TimeControl value: "?" (unknown), "-" (none), or periods separated by ':' ("40/9000:300").
// Seconds may have a fraction: cutechess writes increments such as 10+0.05.
struct TimeControl {
  enum class Kind : std::uint8_t { Periods, Unknown, None };
  Kind kind = Kind::Unknown;
  std::vector<TimeControlPeriod> periods;  // Periods: in the order they are played
};
std::optional<TimeControl> read_time_control(std::string_view text);
bool is_time_control(std::string_view text);

// ---- tag values as written --------------------------------------------------------------

// Decodes \" and \\ in a tag value as written.
std::string unescape_tag_value(std::string_view raw);

// Appends `value` as the inside of a PGN tag value: \ and " escaped, control characters
// (which a tag value cannot hold) turned into spaces.
void append_tag_value(std::string_view value, std::string& out);

}  // namespace pgn
