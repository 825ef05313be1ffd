// Finds the notation a game is written in when none was chosen: the game is read in the
// candidate tables (English, the built-in ones, the user's) until one replays it whole, and
// a second, different legal reading is reported as ambiguous.
#pragma once

#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

#include "check/replay.hpp"
#include "libpgn/diagnostics.hpp"
#include "libpgn/game_record.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/san.hpp"
#include "libpgn/splitter.hpp"
#include "libpgn/validator.hpp"
#include "notation/move_text.hpp"

namespace pgn {

class NotationDetector {
 public:
  // Reads and checks a whole game in one notation (nullptr = English), filling `report`,
  // and `record` when given; trace() tells how the reading went.
  class Reader {
   public:
    virtual void read(const RawGame& game, GameReport& report, const Notation* notation,
                      GameRecord* record) = 0;
    virtual ReadingTrace& trace() = 0;

   protected:
    ~Reader() = default;
  };

  explicit NotationDetector(const ValidateOptions& options) : options_(options) {}

  // The game checked in the notation found for it; problems not yet in input order.
  void read(const RawGame& game, GameReport& report, GameRecord* record, Reader& reader);

 private:
  bool first_token_is_spoken(const Notation& n, const ReadingTrace& trace);

  const ValidateOptions& options_;
  // The notation the previous game was read in: the next game most likely uses it too.
  const Notation* last_detected_ = nullptr;
  // The candidate tables, best-ranked first, and this game's order of trying them.
  std::vector<const Notation*> ranked_notations_, notation_order_;
  std::vector<const detail::ByteSet*> ranked_alphabets_;  // move_alphabet of each ranked table
  // The tokens of the winning reading and what they say (kept to reuse their memory).
  std::vector<std::string_view> winner_tokens_;
  std::vector<MoveText> winner_texts_;
  std::vector<std::size_t> check_order_;
  // Per spoken table, whether a game's first token is one of its words: English games start
  // with a few tokens (e4, d4, Nf3 ...), and comparing words with their spellings is slow.
  std::unordered_map<const Notation*, std::unordered_map<std::string, bool>> spoken_first_words_;
};

}  // namespace pgn
