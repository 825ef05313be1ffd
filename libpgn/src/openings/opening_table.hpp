// The opening table's index, internal to the library (the public side is
// libpgn/openings.hpp): the table's files as compiled into the library (data/eco/*.tsv, the
// definition generated at build time by cmake/EmbedFiles.cmake), read once into an
// open-addressing hash from position to the line that names it.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "libpgn/openings.hpp"
#include "libpgn/position.hpp"
#include "notation/embedded.hpp"

namespace pgn {

std::span<const EmbeddedFile> embedded_opening_files();

// What the repetition rule compares, packed: 64 bytes where a Position takes about 300.
struct PositionSignature {
  Bitboard white = 0;
  std::array<Bitboard, 6> by_type{};  // Pawn..King
  Square ep = NoSquare;               // the core keeps it only when a capture is possible
  Color side = White;
  std::uint8_t castling = 0;

  explicit PositionSignature(const Position& pos);
  bool matches(const Position& pos) const {
    if (pos.side_to_move() != side || pos.castling_rights() != castling || pos.ep_square() != ep ||
        pos.pieces(White) != white)
      return false;
    for (int t = Pawn; t <= King; ++t)
      if (pos.pieces(PieceType(t)) != by_type[t - Pawn]) return false;
    return true;
  }
};

class OpeningIndex {
 public:
  // Reads TSV files (a header row, then "eco<TAB>name<TAB>moves" rows); the views in the
  // Opening entries point into the files' bytes, which must outlive the index. A malformed
  // row or an illegal move throws std::logic_error naming the file and line.
  explicit OpeningIndex(std::span<const EmbeddedFile> files);

  std::span<const Opening> table() const { return openings_; }
  std::uint32_t depth() const { return depth_; }  // the most plies of any line

  // A named position: its key, what the repetition rule compares, its line.
  struct Named {
    std::uint64_t key;
    PositionSignature signature;
    std::uint32_t opening;  // index in openings_: where several lines reach it, the last
    std::uint16_t eco;      // that line's code, "A00".."E99" as 0..499
    std::uint32_t home_pawns;
  };

  // The named position `pos` is, or nullptr. Most positions of a game are not named: a
  // 8 KB filter of key bits, which stays in cache, answers most of them without touching
  // the slots.
  const Named* find_named(const Position& pos) const {
    const std::uint64_t key = pos.key();
    if (!may_be_named(key)) return nullptr;
    for (std::size_t s = key & mask_; slots_[s].named != kEmpty; s = (s + 1) & mask_)
      if (slots_[s].key == key) {
        const Named& n = named_[slots_[s].named];
        if (n.signature.matches(pos)) return &n;
      }
    return nullptr;
  }
  // The named position of that key, without comparing the positions themselves.
  const Named* find_by_key(std::uint64_t key) const {
    if (!may_be_named(key)) return nullptr;
    for (std::size_t s = key & mask_; slots_[s].named != kEmpty; s = (s + 1) & mask_)
      if (slots_[s].key == key) return &named_[slots_[s].named];
    return nullptr;
  }
  // False for most keys of positions no line names; true for every named position's.
  bool may_be_named(std::uint64_t key) const {
    const std::uint64_t bit = (key >> 40) & 0xFFFF;
    return (filter_[bit >> 6] >> (bit & 63)) & 1;
  }
  const Opening* find(const Position& pos) const {
    const Named* n = find_named(pos);
    return n ? &openings_[n->opening] : nullptr;
  }
  const Opening& opening_of(const Named& n) const { return openings_[n.opening]; }

  // False once no named position can follow `pos` any more: each named position keeps at
  // home some set of pawns, and a pawn that has left its home square never returns, so a
  // named position stays reachable only while `pos` keeps at home all the pawns one of them
  // does.
  bool may_reach_named(const Position& pos) const { return may_reach(home_pawns(pos)); }
  bool may_reach(std::uint32_t home_pawns) const {
    return (reachable_[home_pawns >> 6] >> (home_pawns & 63)) & 1;
  }
  // White pawns on rank 2 in bits 0-7, black pawns on rank 7 in bits 8-15.
  static std::uint32_t home_pawns(const Position& pos) {
    return std::uint32_t((pos.pieces(White, Pawn) >> 8) & 0xFF) |
           std::uint32_t((pos.pieces(Black, Pawn) >> 40) & 0xFF00);
  }

 private:
  static constexpr std::uint32_t kEmpty = ~std::uint32_t{0};

  struct Row {  // where a line of the table is written, for errors
    const EmbeddedFile* file;
    std::size_t line;
  };
  void read_file(const EmbeddedFile& file, std::vector<Row>& rows);
  void replay(const std::vector<Row>& rows);
  void name(const Position& pos, std::uint32_t index);
  [[noreturn]] static void fail(const EmbeddedFile& file, std::size_t line,
                                const std::string& what);

  std::vector<Opening> openings_;
  std::vector<Named> named_;  // one per distinct named position
  struct Slot {
    std::uint64_t key = 0;
    std::uint32_t named = kEmpty;  // index in named_, kEmpty for a free slot
  };
  std::vector<Slot> slots_;  // the key beside the index: a miss reads no Named
  // By home_pawns() of a position: whether some named position keeps at home a subset of them.
  std::array<std::uint64_t, (1 << 16) / 64> reachable_{};
  std::array<std::uint64_t, (1 << 16) / 64> filter_{};  // bits 40-55 of every named key
  std::size_t mask_ = 0;
  std::uint32_t depth_ = 0;
};

// The index of the embedded table, built at first use (thread-safe).
const OpeningIndex& opening_index();

// classify_opening (libpgn/openings.hpp) against another table.
OpeningClassification classify_opening(const GameRecord& record, const OpeningIndex& index);

}  // namespace pgn
