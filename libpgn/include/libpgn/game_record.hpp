// A replayed game: what the validator saw, with every move resolved to a legal Move and its
// canonical SAN. Writers (PGN export, JSON, UCI, FEN, localized text) work from this record.
//
// Movetext is a flat list of events in input order; variations are bracketed by
// VariationBegin/VariationEnd events, so nesting needs no recursion, and the events' texts
// share one string, so a record reused from game to game allocates nothing.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "libpgn/position.hpp"
#include "libpgn/types.hpp"

namespace pgn {

struct GameEvent {
  enum Kind : std::uint8_t { MoveEvent, Comment, Nag, VariationBegin, VariationEnd };
  Kind kind = MoveEvent;
  std::uint16_t nag = 0;  // Nag: the value ($n; suffix annotations are turned into Nag events)
  Move move;              // MoveEvent: the legal move
  // MoveEvent: its canonical SAN; Comment: the comment's text. Both are kept in the record's
  // `texts`: GameRecord::text() gives them.
  std::size_t text_begin = 0;
  std::size_t text_size = 0;
};

struct GameRecord {
  std::vector<std::pair<std::string, std::string>> tags;  // input order, values unescaped
  Position start;  // the position before the first move (FEN tag or standard)
  bool from_fen = false;
  bool chess960 = false;
  std::vector<GameEvent> events;
  // The events' texts one after another: one string for the record instead of one per event
  // (a string per clock comment cost an allocation, or a copy into a recycled one, each).
  std::string texts;
  std::string result;           // normalized: "1-0", "0-1", "1/2-1/2", "*" ("" = none given)
  bool complete = true;         // false: a move could not be replayed; events stop before it
  std::string problem;          // when !complete: the message of the first error
  std::string notation = "en";  // the notation the game was read in
  // false: the validator leaves comments out of the record, for a reader that wants only the
  // tags and moves (keeping every clock comment was a fifth of what recording cost on lichess
  // games). A setting of the reader: clear() leaves it.
  bool keeps_comments = true;

  // The SAN of a move event, the text of a comment event (empty for the others).
  std::string_view text(const GameEvent& e) const {
    return std::string_view(texts.data() + e.text_begin, e.text_size);
  }
  GameEvent& add_move(Move move, std::string_view san) {
    GameEvent& e = add_text(GameEvent::MoveEvent, san);
    e.move = move;
    return e;
  }
  GameEvent& add_comment(std::string_view text) { return add_text(GameEvent::Comment, text); }
  // A Nag, VariationBegin or VariationEnd event.
  void add(GameEvent::Kind kind, std::uint16_t nag = 0) {
    GameEvent& e = events.emplace_back();
    e.kind = kind;
    e.nag = nag;
  }

  void clear() {
    tags.clear();
    start = Position();
    from_fen = chess960 = false;
    events.clear();
    texts.clear();
    result.clear();
    complete = true;
    problem.clear();
    notation = "en";
  }

 private:
  GameEvent& add_text(GameEvent::Kind kind, std::string_view text) {
    GameEvent& e = events.emplace_back();
    e.kind = kind;
    e.text_begin = texts.size();
    e.text_size = text.size();
    texts.append(text);
    return e;
  }
};

}  // namespace pgn
