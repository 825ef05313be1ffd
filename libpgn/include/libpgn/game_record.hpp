// A replayed game: what the validator saw, with every move resolved to a legal Move and its
// canonical SAN. Writers (PGN export, JSON, UCI, FEN, localized text) work from this record.
//
// Movetext is a flat list of events in input order; variations are bracketed by
// VariationBegin/VariationEnd events, so nesting needs no recursion and no allocation per
// node beyond the strings.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "libpgn/position.hpp"
#include "libpgn/types.hpp"

namespace pgn {

struct GameEvent {
  enum Kind : std::uint8_t { MoveEvent, Comment, Nag, VariationBegin, VariationEnd };
  Kind kind = MoveEvent;
  Move move;              // MoveEvent: the legal move
  std::uint16_t nag = 0;  // Nag: the value ($n; suffix annotations are turned into Nag events)
  std::string text;       // MoveEvent: canonical SAN; Comment: the comment text
};

struct GameRecord {
  std::vector<std::pair<std::string, std::string>> tags;  // input order, values unescaped
  Position start;  // the position before the first move (FEN tag or standard)
  bool from_fen = false;
  bool chess960 = false;
  std::vector<GameEvent> events;
  std::string result;           // normalized: "1-0", "0-1", "1/2-1/2", "*" ("" = none given)
  bool complete = true;         // false: a move could not be replayed; events stop before it
  std::string problem;          // when !complete: the message of the first error
  std::string notation = "en";  // the notation the game was read in

  void clear() {
    tags.clear();
    start = Position();
    from_fen = chess960 = false;
    events.clear();
    result.clear();
    complete = true;
    problem.clear();
    notation = "en";
  }
};

}  // namespace pgn
