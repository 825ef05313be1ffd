// The opening tags a writer adds to a record (GameExtras::opening), worked out without
// touching the record: no copy of the record or of the table's strings per game.
// set_opening_tags (libpgn/openings.hpp) applies the same plan to a record, and
// append_with_opening_tags to a game's text.
#pragma once

#include <cstddef>
#include <string_view>

#include "libpgn/openings.hpp"

namespace pgn::detail {

class OpeningTagPlan {
 public:
  static constexpr std::size_t kNone = ~std::size_t{0};
  static constexpr std::string_view kNames[3] = {"ECO", "Opening", "Variation"};

  OpeningTagPlan(const Opening& opening, OpeningTagMode mode) : mode_(mode) {
    value_[0] = opening.eco;
    value_[1] = opening.family();
    value_[2] = opening.variation();
  }

  // Called with every tag of the record, in order, before anything else is asked.
  void see(std::size_t index, std::string_view name) {
    const int k = which(name);
    if (k >= 0 && at_[k] == kNone) at_[k] = index;
  }
  // Once every tag has been seen: which of the three are set. ECO when the record has none;
  // Opening and Variation together when it has neither; all three with Overwrite.
  void decide() {
    const bool overwrite = mode_ == OpeningTagMode::Overwrite;
    set_[0] = overwrite || at_[0] == kNone;
    set_[1] = set_[2] = overwrite || (at_[1] == kNone && at_[2] == kNone);
  }

  enum class Change { Keep, Replace, Drop };
  // What becomes of the record's tag `index`; on Replace, `value` is its new value.
  Change change(std::size_t index, std::string_view& value) const {
    for (int k = 0; k < 3; ++k)
      if (index == at_[k] && set_[k]) {
        if (k == 2 && value_[2].empty()) return Change::Drop;  // a name without variation
        value = value_[k];
        return Change::Replace;
      }
    return Change::Keep;
  }
  // The tags added after the record's, ECO, Opening, Variation (also their ASCII order):
  // `f(name, value)` for each.
  template <class F>
  void for_each_added(F&& f) const {
    for (int k = 0; k < 3; ++k)
      if (set_[k] && at_[k] == kNone && (k != 2 || !value_[2].empty())) f(kNames[k], value_[k]);
  }

 private:
  static int which(std::string_view name) {
    for (int k = 0; k < 3; ++k)
      if (name == kNames[k]) return k;
    return -1;
  }

  OpeningTagMode mode_;
  std::string_view value_[3];
  std::size_t at_[3] = {kNone, kNone, kNone};  // the first tag of each name in the record
  bool set_[3] = {};
};

}  // namespace pgn::detail
