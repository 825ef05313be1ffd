// Tag values written in a form the PGN standard does not use, read back into its form when
// the reading is unambiguous: dates (2021-03-04, 4.3.2021 with a day above 12), rounds
// (1.0 from a spreadsheet, "Round 3"), results (1:0, ½-½, 0.5-0.5: read_result's lenient
// reading, defined here). `pgn fix` mends tags with them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace pgn::tags {

// A part of a date as written: its number, Date::kUnknown for question marks, or kNoDatePart
// for anything else (empty, other characters, more than four digits).
constexpr int kNoDatePart = -2;
int date_part(std::string_view part);

enum class FormReading : std::uint8_t {
  Standard,   // already in the standard's form
  Mended,     // `out` holds the standard form
  Ambiguous,  // more than one reading (04.03.2021); `why` says which
  Unreadable  // no reading at all
};

// Date, EventDate, UTCDate: YYYY.MM.DD with ?? for unknown parts, a calendar date
// (is_calendar_date in libpgn/tags.hpp).
FormReading mend_date(std::string_view value, std::string& out, std::string& why);
// Round: digits separated by dots, ? or - (is_round).
FormReading mend_round(std::string_view value, std::string& out, std::string& why);

}  // namespace pgn::tags
