// Turns what the checks of one game find into the game's report: the severity of each
// problem (strict mode, ignored codes), the error and warning counts, the column of its place
// and the input line around it.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "check/severity_rules.hpp"
#include "libpgn/diagnostics.hpp"
#include "libpgn/splitter.hpp"

namespace pgn {

class DiagnosticsBuilder {
 public:
  explicit DiagnosticsBuilder(const SeverityRules& rules) : rules_(rules) {}

  // Starts the report of `game` (cleared, with the game's number and start).
  void begin(const RawGame& game, GameReport& report);
  // Ends it: a game with more problems than are listed gets one saying how many were left out.
  void finish();

  // Adds a problem unless its code is ignored; nullptr when it is not listed (ignored, or past
  // the listing limit: then only counted), else the entry, for the caller to complete.
  Diagnostic* add(Code code, TextPos pos, std::string message);
  // The same at warning severity (an error in strict mode), for a code whose default is error:
  // text read in a way it was not written (a syntax warning).
  Diagnostic* add_warning(Code code, TextPos pos, std::string message);
  bool ignored(Code code) const { return rules_.ignores(code); }
  Severity severity(Code code) const { return rules_.of(code); }

  GameReport& report() { return *report_; }
  const RawGame& game() const { return *game_; }

  // Problems in input order, so a report reads top to bottom like the file.
  static void sort_by_position(GameReport& report);

 private:
  Diagnostic* add_as(Code code, Severity severity, TextPos pos, std::string message);
  Diagnostic* list(Code code, Severity severity, TextPos pos, std::string message);
  std::uint32_t column_of(TextPos pos);
  void fill_source_line(Diagnostic& d, TextPos pos) const;

  const SeverityRules rules_;
  const RawGame* game_ = nullptr;
  GameReport* report_ = nullptr;
  std::uint64_t unlisted_ = 0;  // problems counted but not listed
  struct ColumnCache {
    std::uint32_t line = 0;  // 0: nothing counted in this game yet (lines start at 1)
    std::size_t at = 0;      // offset in the game's text
    std::uint32_t column = 0;
  } column_cache_;
};

}  // namespace pgn
