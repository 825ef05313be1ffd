// The values of a game's tags, read and written one way everywhere: results, dates, rounds,
// ratings and time controls, and a tag value's escapes. `pgn validate` checks tags with these
// readers, `select` and `dedupe` compare games with them, and the writers escape with them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

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
    return std::int64_t(year) * 10000 + (month == kUnknown ? 0 : month) * 100 +
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

// Round: digits separated by dots ("3", "3.1"), "?" (unknown) or "-" (not applicable).
bool is_round(std::string_view text);
// WhiteElo, BlackElo: one to four digits, "-" or "?" (no rating), or empty.
bool is_elo(std::string_view text);
// TimeControl: "?", "-", or periods separated by ':', each "moves/seconds" (40/7200),
// "seconds" or "seconds+increment" (300+2), or "*seconds" (sandclock). Seconds may have a
// fraction: cutechess writes increments such as 10+0.05.
bool is_time_control(std::string_view text);

// ---- tag values as written --------------------------------------------------------------

// Decodes \" and \\ in a tag value as written.
std::string unescape_tag_value(std::string_view raw);

// Appends `value` as the inside of a PGN tag value: \ and " escaped, control characters
// (which a tag value cannot hold) turned into spaces.
void append_tag_value(std::string_view value, std::string& out);

}  // namespace pgn
