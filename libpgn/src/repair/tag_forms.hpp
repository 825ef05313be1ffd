// Tag values written in a form the PGN standard does not use, read back into its form when
// the reading is unambiguous: dates (2021-03-04, 4.3.2021 with a day above 12), rounds
// (1.0 from a spreadsheet, "Round 3"), results (1:0, ½-½, 0.5-0.5).
#pragma once

#include <string>
#include <string_view>

#include "libpgn/types.hpp"

namespace pgn::repair {

enum class FormReading : std::uint8_t {
  Standard,   // already in the standard's form
  Mended,     // `out` holds the standard form
  Ambiguous,  // more than one reading (04.03.2021); `why` says which
  Unreadable  // no reading at all
};

// Date, EventDate, UTCDate: YYYY.MM.DD with ?? for unknown parts.
FormReading read_date(std::string_view value, std::string& out, std::string& why);
// Round: digits separated by dots, ? or -.
FormReading read_round(std::string_view value, std::string& out, std::string& why);
// Result tag or termination marker: 1-0, 0-1, 1/2-1/2, * (standard forms), or a common other
// spelling. Localized markers are read by ResultForms; this adds what no table lists.
bool read_result_spelling(std::string_view value, GameResult& out);

}  // namespace pgn::repair
