// Round trips between English SAN and every built-in notation, over real games:
//   English -> X -> English gives back the same SAN, and
//   X -> English -> X gives back the same text (X's canonical form, as the writer writes it).
// Shared by the fast test (a sample of games) and the slow test (every real game).
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "libpgn/notation.hpp"
#include "libpgn/reader.hpp"
#include "libpgn/san.hpp"
#include "libpgn/spoken.hpp"
#include "libpgn/validator.hpp"

namespace roundtrip {

// Reads one move written in `n` (a SAN-like token, or a spoken phrase).
inline bool read_move(const pgn::Position& pos, const std::string& text, const pgn::Notation& n,
                      pgn::Move& move) {
  pgn::MoveText parsed;
  pgn::MoveTextError error = pgn::MoveTextError::None;
  if (n.spoken) {
    std::vector<std::string_view> words;
    std::size_t at = 0;
    while (at < text.size()) {
      std::size_t end = text.find(' ', at);
      if (end == std::string::npos) end = text.size();
      words.push_back(std::string_view(text).substr(at, end - at));
      at = end + 1;
    }
    if (pgn::parse_spoken_move(words, parsed, error, n) != words.size()) return false;
  } else if (pgn::parse_move_text(text, parsed, error, &n) != text.size()) {
    return false;
  }
  pgn::MoveResolution r = pgn::resolve_move(pos, parsed);
  move = r.move;
  return r.ok();
}

struct Totals {
  std::uint64_t games = 0;
  std::uint64_t moves = 0;
  std::uint64_t failures = 0;
};

// Checks every main-line move of every replayable game of `path` (at most `max_games`, 0 =
// all) in every built-in notation. Failures are reported with gtest (the first few in full).
inline Totals check_file(const std::string& path, std::uint64_t max_games) {
  Totals totals;
  std::string error;
  auto source = pgn::InputSource::open(path, error);
  if (!source) {
    ADD_FAILURE() << error;
    return totals;
  }
  pgn::GameSplitter splitter(*source);
  pgn::ValidateOptions options;
  options.notation = &pgn::english_notation();
  options.check_tags = false;
  pgn::GameValidator validator(options);
  pgn::GameReport report;
  pgn::GameRecord record;
  pgn::RawGame game;
  std::string written, english, again;
  while (splitter.next(game) && (max_games == 0 || totals.games < max_games)) {
    validator.validate(game, report, &record);
    // Broken games, and variant games: the notations' property is about standard SAN (the
    // variants' SAN has its own tests, and spoken tables have no words for drops).
    if (!record.complete || report.plies == 0 || record.start.variant() != pgn::Variant::Standard)
      continue;
    ++totals.games;
    pgn::Position pos = record.start;
    int depth = 0;
    for (const pgn::GameEvent& e : record.events) {
      if (e.kind == pgn::GameEvent::VariationBegin) ++depth;
      if (e.kind == pgn::GameEvent::VariationEnd) --depth;
      if (depth != 0 || e.kind != pgn::GameEvent::MoveEvent) continue;
      ++totals.moves;
      for (const pgn::Notation* n : pgn::builtin_notations()) {
        written.clear();
        pgn::append_san(pos, e.move, written, n);
        pgn::Move back;
        // English -> X -> English.
        bool ok = read_move(pos, written, *n, back) && back == e.move;
        if (ok) {
          english.clear();
          pgn::append_san(pos, back, english);
          ok = english == record.text(e);
        }
        // X -> English -> X.
        if (ok) {
          pgn::MoveText parsed;
          pgn::MoveTextError parse_error = pgn::MoveTextError::None;
          ok = pgn::parse_move_text(english, parsed, parse_error) == english.size();
          pgn::MoveResolution r = pgn::resolve_move(pos, parsed);
          again.clear();
          if (ok && r.ok()) pgn::append_san(pos, r.move, again, n);
          ok = ok && r.ok() && again == written;
        }
        if (!ok && ++totals.failures <= 5)
          ADD_FAILURE() << path << " game " << game.index << ": " << record.text(e)
                        << " written in " << n->code << " as \"" << written
                        << "\" does not round-trip (FEN " << pos.fen() << ")";
      }
      pos.play(e.move);
    }
  }
  return totals;
}

}  // namespace roundtrip
