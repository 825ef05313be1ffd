// The game model (libpgn/games.hpp) made from the validator's reading of a game, for readers
// that run a pipeline of their own (the Python module's read_games and to_dataframe):
// run/games.cpp.
#pragma once

#include "libpgn/game_record.hpp"
#include "libpgn/game_report.hpp"
#include "libpgn/games.hpp"
#include "libpgn/raw_game.hpp"
#include "libpgn/validate_options.hpp"

namespace pgn {

// `game` made of `raw` as GameValidator::validate(raw, report, record) read it: the record's
// tags, comments and main line copied once into the game's buffers (reused: a game read into
// a game of the same size allocates nothing), the report's problems swapped into the game.
void make_played_game(const RawGame& raw, GameReport& report, const MainLineRecord& record,
                      const ValidateOptions& options, PlayedGame& game);

// `game` made of `raw`'s tags alone, values unescaped, read without validating the game: for
// a reader that wants the tags and not the moves (the Python module's to_dataframe). The rest
// of `game` is left as it was.
void read_played_game_tags(const RawGame& raw, PlayedGame& game);

}  // namespace pgn
