// The severity rules of a run, written once: which codes are not reported (--ignore), the
// severity a problem gets (its code's default; every problem an error in strict mode), and
// how a listed problem counts in its game's report. The validator's diagnostics, notation
// detection and the pipeline's notes on JSON records all follow them.
#pragma once

#include <array>

#include "libpgn/diagnostics.hpp"
#include "libpgn/validator.hpp"

namespace pgn {

class SeverityRules {
 public:
  SeverityRules(bool strict, const std::array<bool, kCodeCount>& ignored)
      : strict_(strict), ignored_(ignored) {}
  explicit SeverityRules(const ValidateOptions& options)
      : SeverityRules(options.strict, options.ignored) {}

  bool ignores(Code code) const { return ignored_[int(code)]; }
  // A problem of `code` at its default severity.
  Severity of(Code code) const {
    return strict_ ? Severity::Error : code_info(code).default_severity;
  }
  // A problem said as a warning whatever its code's default (text read in a way it was not
  // written, a guess between notations).
  Severity of_warning() const { return strict_ ? Severity::Error : Severity::Warning; }

  // Counts a problem of `severity` in the report's errors or warnings.
  static void count(Severity severity, GameReport& report) {
    ++(severity == Severity::Error ? report.errors : report.warnings);
  }

 private:
  bool strict_;
  std::array<bool, kCodeCount> ignored_;
};

}  // namespace pgn
