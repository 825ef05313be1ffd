// The White and Black of a bughouse match in a table with one row per game (CSV, SQLite,
// Python's data frames): a match names four players (WhiteA, BlackA, WhiteB, BlackB) and no
// White or Black. Partners sit crosswise, so White is the team the Result's 1-0 scores for,
// WhiteA and BlackB, written "WhiteA & BlackB" (as bughouse.pro's Outcome tag names teams),
// and Black is BlackA and WhiteB. docs/bughouse.md, "Tables".
#pragma once

#include <string>
#include <string_view>

#include "libpgn/types.hpp"

namespace pgn::tags {

// `side`'s team of a match whose tags `tag(name)` gives ("" for a tag it does not have): its
// two players joined by " & ", "?" for one not named; "" when neither is named.
template <class TagLookup>
std::string bughouse_team(const TagLookup& tag, Color side) {
  const std::string_view first = tag(side == White ? "WhiteA" : "BlackA");
  const std::string_view second = tag(side == White ? "BlackB" : "WhiteB");
  if (first.empty() && second.empty()) return {};
  std::string team(first.empty() ? std::string_view("?") : first);
  team += " & ";
  team += second.empty() ? std::string_view("?") : second;
  return team;
}

}  // namespace pgn::tags
