// How games are read and checked, as `pgn validate` reads them: the notation (--lang), the rules
// of untagged games (--variant), strict mode, ignored codes and the limits. The reading API
// takes them in ReadOptions (games.hpp); the command line's validator is built from the same.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "libpgn/diagnostics.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/parse_limits.hpp"
#include "libpgn/variant.hpp"

namespace pgn {

struct ValidateOptions {
  // nullptr: detect the notation per game (English first, then every built-in table whose
  // symbols fit the game). Otherwise this notation is used for every game.
  const Notation* notation = nullptr;
  // Extra tables to consider when detecting (the user's own tables).
  std::vector<const Notation*> extra_notations;
  bool strict = false;                     // warnings count as errors
  std::array<bool, kCodeCount> ignored{};  // codes not reported
  bool check_tags = true;
  bool check_suffixes = true;
  std::uint32_t max_plies = 100000;  // per line of play; beyond it: limit-exceeded
  ParseLimits parse_limits;
  bool include_fen = true;  // put the FEN before a bad move in diagnostics
  // An ECO tag that no named position of the main line has is a bad-tag warning naming the
  // code the moves give, by the library's opening table (`pgn validate --check-eco`).
  bool check_eco = false;
  // The rule set of games without a Variant tag (`--variant`). A game's own tag still wins,
  // with a bad-tag warning when it names other rules than these. Unset: standard chess, and
  // an untagged game that fails where another rule set reads it gets that set named.
  std::optional<VariantName> variant;
};

}  // namespace pgn
