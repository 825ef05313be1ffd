// One game's text validated on its own: the report GameValidator writes for it.
#pragma once

#include <string>

#include "libpgn/reader.hpp"
#include "libpgn/validator.hpp"

namespace pgn::testing {

inline GameReport validate_text(const std::string& text, const ValidateOptions& options = {}) {
  RawGame game;
  game.text = text;  // a view: `text` outlives the validation
  game.index = 1;
  GameValidator validator(options);
  GameReport report;
  validator.validate(game, report);
  return report;
}

}  // namespace pgn::testing
