// Streaming PGN reading in two layers:
//   1. InputSource + GameSplitter: bytes (file, stdin, .zst/.gz/.bz2 detected by magic bytes)
//      are cut into whole games without understanding moves; each RawGame is valid UTF-8
//      (Latin-1/Windows-1252 games are decoded) and knows where it started. Constant memory:
//      a game larger than the limit is cut and flagged, never buffered whole.
//   2. parse_game(): the lexer/parser for one game's text, reporting events with byte offset,
//      line and column to a Visitor. The visitor can skip a variation or the rest of a game.
// Splitting first is what lets several threads parse and replay games in parallel while the
// output stays in input order.
//
// This header gathers them; each part has its own header, named after the file that
// defines it: input.hpp (io/input.cpp), splitter.hpp (read/splitter.cpp) and parser.hpp
// (read/pgn_parser.cpp). Include the one you need.
#pragma once

#include "libpgn/input.hpp"
#include "libpgn/parser.hpp"
#include "libpgn/splitter.hpp"
