// Writing a replayed bughouse match (libpgn/bughouse.hpp reads it): normalized BPGN, JSON,
// and one board as a PGN game. On the floor above the writers (bughouse/bughouse_writers.cpp).
#pragma once

#include <string>

#include "libpgn/bughouse.hpp"

namespace pgn {

// Writers. Normalized BPGN: tags in a fixed order, one move per token, clocks as {seconds}.
void append_bpgn(const BughouseMatch& match, std::string& out);
// One JSON object (no newline): players, team result, moves with board, side, SAN, UCI,
// clock; with `pockets`, both boards' holdings and the FEN after every move (the match must
// have been read with BughouseDetail::Positions).
void append_bughouse_json(const BughouseMatch& match, std::string& out, bool pockets);
// One board as a crazyhouse-like PGN game with its drops.
void append_bughouse_board_pgn(const BughouseMatch& match, int board, std::string& out);

}  // namespace pgn
