// The report's severity filter, one for `pgn validate --min-severity` and the Python module.
#include "libpgn/min_severity.hpp"

#include <gtest/gtest.h>

namespace pgn {
namespace {

TEST(MinSeverity, ReadsTheTwoLevelsAndNothingElse) {
  Severity level = Severity::Warning;
  ASSERT_TRUE(min_severity_from_name("error", level));
  EXPECT_EQ(level, Severity::Error);
  ASSERT_TRUE(min_severity_from_name("warning", level));
  EXPECT_EQ(level, Severity::Warning);
  level = Severity::Error;
  EXPECT_FALSE(min_severity_from_name("Error", level));
  EXPECT_FALSE(min_severity_from_name("info", level));
  EXPECT_FALSE(min_severity_from_name("", level));
  EXPECT_EQ(level, Severity::Error);  // unchanged by a name it does not know
}

TEST(MinSeverity, ErrorLevelHidesWarningsOnly) {
  Diagnostic warning;
  warning.severity = Severity::Warning;
  Diagnostic error;
  error.severity = Severity::Error;
  EXPECT_TRUE(shown_at(Severity::Warning, warning));
  EXPECT_TRUE(shown_at(Severity::Warning, error));
  EXPECT_FALSE(shown_at(Severity::Error, warning));
  EXPECT_TRUE(shown_at(Severity::Error, error));
}

}  // namespace
}  // namespace pgn
