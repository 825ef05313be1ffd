// Finding duplicate games (`pgn dedupe`) in inputs of any size.
//
// A game is known by a 128-bit key made from the Zobrist keys of its start position and of
// every position of its main line, in order: the same start and the same moves give the same
// key whatever the tags, comments and layout. DuplicateKeyer (one per thread) makes a game's
// DuplicateEntry; DuplicateIndex collects the entries of a whole run in 48 bytes each, in
// memory up to a budget and then in partition files on disk (partitioned by key, so each
// partition is decided alone in memory), and gives back the duplicates in input order.
// GamePlace and PlacedGameReader let a second reading take games from a plain file by where
// the first found them.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/splitter.hpp"
#include "libpgn/validator.hpp"

namespace pgn {

// What makes one game the same as another beyond its moves.
struct DuplicateRules {
  std::vector<std::string> same_tags;  // these tags must be equal too
  bool fuzzy_players = false;          // White/Black in same_tags compared as "surname, initial"
  enum class Keep : std::uint8_t { First, MostTags, MostAnnotated } keep = Keep::First;
  // Not 0: DuplicateKeyer also gives the key each beginning of the main line of at least this
  // many plies would have as a whole game, to find truncated copies.
  std::uint32_t prefix_min_plies = 0;
  // A main line shorter than this (a forfeit scored after one move, a miniature, a quick
  // repetition) is played move for move by different people: such games are copies only when
  // their players also match (as surname and initial, see fuzzy_player_name).
  std::uint32_t short_game_plies = 10;
};

// "Carlsen, M." / "Carlsen,Magnus" / "carlsen magnus" -> "carlsen m": the surname (before the
// comma, or the last word when there is none) and the first initial, lower case.
std::string fuzzy_player_name(std::string_view name);

// One game, as the index keeps it (48 bytes).
struct DuplicateEntry {
  std::uint64_t key_high = 0, key_low = 0;  // moves (and same_tags) key
  std::uint64_t ordinal = 0;                // 0-based game number in the whole run
  std::uint64_t line = 0;                   // where the game starts in its file
  std::uint32_t file = 0;                   // index of its file
  std::uint32_t score = 0;                  // tags or annotations, for --keep
  std::uint32_t players = 0;                // hash of White and Black exactly as written
  std::uint16_t fuzzy_players = 0;  // hash of fuzzy_player_name of both (names the kind only)
  std::uint8_t result = 0;          // the Result tag: 0 none, 1 1-0, 2 0-1, 3 draw, 4 *
  std::uint8_t kind = 0;            // 0 moves replayed; 1 key of the movetext's text
};
static_assert(sizeof(DuplicateEntry) == 48);

// Makes entries; keeps buffers, so keep one per thread.
class DuplicateKeyer {
 public:
  DuplicateKeyer(const DuplicateRules& rules, const ValidateOptions& validate);
  ~DuplicateKeyer();
  DuplicateKeyer(const DuplicateKeyer&) = delete;
  DuplicateKeyer& operator=(const DuplicateKeyer&) = delete;
  // Fills everything but ordinal, line and file. A game whose moves cannot all be replayed
  // is keyed by the text of its movetext instead, so that copies of it are still found.
  void key(const RawGame& game, DuplicateEntry& entry);
  // The games keyed next, all of one input: see GameValidator::set_neighbours.
  void set_neighbours(const std::vector<RawGame>& games);
  // After key(), with prefix_min_plies: the key_high of each shorter beginning of the game.
  const std::vector<std::uint64_t>& prefix_keys() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A game found to be a copy of another.
struct Duplicate {
  enum Kind : std::uint8_t {
    Exact,             // same moves (and same_tags), same players as written, same result
    PlayersSpelled,    // same moves, same result; the same players written differently
    DifferentPlayers,  // same moves, same result; other players
    DifferentResult,   // same moves; another Result tag
    Prefix,            // the copy's moves are the beginning of the kept game's (--prefix)
  };
  static constexpr int kKinds = 5;
  std::uint64_t ordinal = 0;  // the copy (not written)
  std::uint64_t line = 0;
  std::uint32_t file = 0;
  Kind kind = Exact;
  std::uint64_t original_ordinal = 0;  // the game kept
  std::uint64_t original_line = 0;
  std::uint32_t original_file = 0;
};
const char* duplicate_kind_name(Duplicate::Kind kind);  // "exact", "players-spelled", ...

class DuplicateIndex {
 public:
  // `memory_bytes`: entries kept in memory before spilling to `spill_dir` (a directory that
  // exists; partition files are made and removed there).
  DuplicateIndex(const DuplicateRules& rules, std::uint64_t memory_bytes, std::string spill_dir);
  ~DuplicateIndex();
  // Entries come in ordinal order. False with `error` when spilling failed.
  bool add(const DuplicateEntry& entry, std::string& error);
  // Decides every group of copies. False with `error` when a spill file failed.
  bool finish(std::string& error);
  // After finish: the duplicates in ordinal order, one at a time; false after the last.
  bool next(Duplicate& out);
  std::uint64_t games() const;
  bool spilled() const;
  std::uint64_t partitions() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// With --prefix: the key_high of every whole game that was replayed (16 bytes a game), for the
// beginnings of other games to be looked up in. In memory up to a budget; past it, partition
// files by key, and the lookups go one group of partitions (as many as fit the budget) at a
// time, each group over a new reading of the inputs.
class PrefixIndex {
 public:
  struct Final {
    std::uint64_t key = 0, ordinal = 0;
  };
  PrefixIndex(std::uint64_t memory_bytes, std::string spill_dir);
  ~PrefixIndex();
  // Keys come in ordinal order. False with `error` when spilling failed.
  bool add(std::uint64_t key, std::uint64_t ordinal, std::string& error);
  bool finish(std::string& error);
  // After finish: the groups to load and look up in one after the other (1 when in memory).
  std::size_t groups() const;
  bool load(std::size_t group, std::string& error);
  // In the group loaded: the games whose key is `key`, in ordinal order.
  std::span<const Final> find(std::uint64_t key) const;
  bool spilled() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Where a game's bytes are in its input, noted by a first reading (16 bytes a game) so that a
// second reading can take the game from a plain file without cutting it into games again.
struct GamePlace {
  std::uint64_t offset = 0;         // of the game's first byte
  std::uint32_t line = 0;           // of that byte
  std::uint32_t size : 27 = 0;      // bytes in the input
  std::uint32_t code_page : 5 = 0;  // CodePage::id the splitter decoded them from; 0: UTF-8
  static constexpr std::uint32_t kMaxSize = (1u << 27) - 1;
};
static_assert(sizeof(GamePlace) == 16);

// The place of a game the splitter gave; false when its text is not its input's bytes (cut at
// --max-game-bytes, after a byte order mark, longer than GamePlace::kMaxSize).
bool place_of(const RawGame& game, GamePlace& place);

// Reads games back by their places from a file that is read as it is on disk: a regular
// file, not compressed.
class PlacedGameReader {
 public:
  // Whether `path` is such a file (standard input must first be kept in one).
  static bool readable_in_place(const std::string& path);
  ~PlacedGameReader();
  bool open(const std::string& path, std::string& error);
  // The game's text as the splitter gave it (decoded if it was); valid until the next call.
  // False with `error` when the file cannot be read or no longer holds the game.
  bool text(const GamePlace& place, std::string_view& out, std::string& error);

 private:
  int fd_ = -1;
  std::string path_;
  std::string window_;  // the file's bytes [window_begin_, window_end_)
  std::uint64_t window_begin_ = 0, window_end_ = 0;
  std::string decoded_;
};

}  // namespace pgn
