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

  // The games read together with the next ones (a batch of one file): when a game has two
  // different legal readings, the notation the other games of the batch are plainly written
  // in decides it. The batch is the same whatever the thread count, so is the answer.
  void set_neighbours(const RawGame* games, std::size_t count) {
    neighbours_ = games;
    neighbour_count_ = count;
    evidence_known_ = false;
  }
  // Like read(), then settles a game with several legal readings by the neighbours' notation.
  void read_with_evidence(const RawGame& game, GameReport& report, GameRecord* record,
                          Reader& reader);

  // The name a game's reading is listed under: the table's code, or the codes of every
  // built-in table that reads moves exactly alike ("cs/sk"): the moves cannot tell them apart.
  static std::string reading_name(const Notation& n);

 private:
  // The notation most of the neighbours were read in without doubt (nullptr: none).
  const Notation* batch_notation(Reader& reader);

  const RawGame* neighbours_ = nullptr;
  std::size_t neighbour_count_ = 0;
  bool evidence_known_ = false;
  const Notation* evidence_ = nullptr;
  // The legal readings of the game last read, the one used first; empty unless there were two.
  std::vector<const Notation*> readings_;
  // The tables that read that game as the one used does (its twins in reading_name aside).
  std::vector<const Notation*> read_alike_;
  // The notation of the game last read (English included); nullptr when no reading was legal.
  const Notation* last_winner_ = nullptr;

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
