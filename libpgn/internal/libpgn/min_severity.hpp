// The report's severity filter, written once: `pgn validate --min-severity` and the Python
// module's validate(min_severity=...) show the problems at or above a level ("warning" or
// "error"); the summary counts every problem whatever is shown.
#pragma once

#include <string_view>

#include "libpgn/diagnostics.hpp"

namespace pgn {

// The level named "warning" or "error"; false for any other name.
inline bool min_severity_from_name(std::string_view name, Severity& level) {
  if (name == "warning") {
    level = Severity::Warning;
    return true;
  }
  if (name == "error") {
    level = Severity::Error;
    return true;
  }
  return false;
}

// Whether a report showing `level` and above shows `d`.
inline bool shown_at(Severity level, const Diagnostic& d) {
  return d.severity >= level;
}

}  // namespace pgn
