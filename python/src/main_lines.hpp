// What Python reads of a batch's games, compact: each game's model (a pgn::PlayedGame of the
// public reading API, libpgn/games.hpp, read into one game per worker, kept in that core's
// cache) reduced to its tags, its main-line SAN and a header (its number and place, result,
// variant, notation, counts, problems). A batch of whole models is about 3.3 KB a game, 24
// bytes a move, written on the worker's core and read on the interpreter's: iterating games
// cost a tenth more CPU than this store of about 1.2 KB a game. Games are appended one after
// another into flat buffers, so once they have grown nothing is allocated per game or per
// move: each SAN is one number (its bytes and size), each tag two ranges of one text.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "libpgn/games.hpp"

namespace pgn::python {

class MainLineRecords {
 public:
  struct Tag {
    std::uint32_t name_begin, value_begin;  // in texts(); values unescaped
    std::uint32_t name_size, value_size;
  };
  // A game: where its tags, moves and problems are in the batch's, and what Python reads of
  // its model beyond them.
  struct Game {
    std::uint32_t tag_begin, tag_end;          // in tags()
    std::uint32_t move_begin, move_end;        // in moves()
    std::uint32_t problem_begin, problem_end;  // in problems()
    std::uint32_t notation_begin, variant_begin;
    std::uint8_t notation_size, variant_size;
    std::optional<GameResult> result;
    bool replayed, complete;
    std::uint32_t plies, errors, warnings;
    std::uint64_t index;
    TextPos start;
  };

  // A SAN of 1 to 7 bytes is one number: its bytes (little-endian, the first lowest) and its
  // size in the top byte (never 0, never the top bit: SanText::packed()); a longer one has the
  // top bit set, its size in bits 48-62 and its offset in the texts below them. The interned
  // strs are keyed by the packed form (interned.hpp).
  static bool is_packed(std::uint64_t move) { return (move >> 63) == 0; }
  // A bughouse move's board letter, in the case of the side that moved (the side to move
  // after it is the other), and a colon: "A:", "b:", as Game.moves and uci() write them.
  static std::string board_prefix(const PlayedGame& game, const PlayedMove& m) {
    const bool black = game.bughouse_boards[m.ply - 1][m.board].side_to_move() == White;
    return {char((m.board ? 'B' : 'A') + (black ? 'a' - 'A' : 0)), ':'};
  }
  // The SAN of moves()[i], packed or not.
  std::string_view san(const std::uint64_t& move, char (&buffer)[8]) const {
    if (!is_packed(move))
      return {texts_.data() + (move & kOffsetMask), std::size_t(move >> 48 & 0x7FFF)};
    std::memcpy(buffer, &move, 8);
    return {buffer, std::size_t(move >> 56)};
  }

  // A game read into `game`: its tags, main-line SAN (unless `with_moves` is false) and
  // header appended, its problems moved out of it.
  void add_game(PlayedGame& game, bool with_moves) {
    Game g;
    g.tag_begin = std::uint32_t(tags_.size());
    add_tags(game.tags());
    g.tag_end = std::uint32_t(tags_.size());
    g.move_begin = std::uint32_t(move_count_);
    if (with_moves) {
      std::uint64_t* out = room_for_moves(game.moves.size());
      if (game.start_b) [[unlikely]] {
        for (const PlayedMove& m : game.moves)
          *out++ = packed(SanText(board_prefix(game, m) + m.san.str()));
      } else {
        // The few SANs longer than 7 bytes (0 packed) are written again after.
        bool longer = false;
        for (const PlayedMove& m : game.moves) {
          const std::uint64_t san = m.san.packed();
          longer |= san == 0;
          *out++ = san;
        }
        if (longer) [[unlikely]] {
          std::uint64_t* const first = out - game.moves.size();
          for (std::size_t k = 0; k < game.moves.size(); ++k)
            if (first[k] == 0) first[k] = packed(game.moves[k].san);
        }
      }
    }
    g.move_end = std::uint32_t(move_count_);
    g.problem_begin = std::uint32_t(problems_.size());
    for (Diagnostic& d : game.problems) problems_.push_back(std::move(d));
    game.problems.clear();
    g.problem_end = std::uint32_t(problems_.size());
    // Nearly every game of a batch has the notation and variant of the one before.
    g.notation_begin = text_of(game.notation, last_notation_);
    g.notation_size = std::uint8_t(game.notation.size());
    g.variant_begin = text_of(game.variant, last_variant_);
    g.variant_size = std::uint8_t(game.variant.size());
    g.result = game.result;
    g.replayed = game.replayed;
    g.complete = game.complete;
    g.plies = game.plies;
    g.errors = game.errors;
    g.warnings = game.warnings;
    g.index = game.index;
    g.start = game.input_start;
    games_.push_back(g);
  }

  // A move's SAN as moves() keeps it: packed, or a longer one in the texts.
  std::uint64_t packed(const SanText& san) {
    const std::uint64_t packed = san.packed();
    if (packed != 0) [[likely]]
      return packed;
    const std::uint64_t move =
        (std::uint64_t(1) << 63) | (std::uint64_t(san.size() & 0x7FFF) << 48) | texts_.size();
    texts_.append(san.view());
    return move;
  }

  void clear() {
    games_.clear();
    tags_.clear();
    move_count_ = 0;
    texts_.clear();
    problems_.clear();
    last_notation_ = last_variant_ = {};
  }
  // Room for games of about `text_bytes` of movetext, so that adding them does not reallocate.
  void reserve(std::size_t games, std::size_t text_bytes) {
    games_.reserve(games);
    tags_.reserve(games * 16);
    reserve_moves(text_bytes / 6);
    texts_.reserve(games * 256 + text_bytes / 16);
  }

  // The reading side.
  std::size_t size() const { return games_.size(); }
  const Game& game(std::size_t i) const { return games_[i]; }
  const Tag* tags_begin(std::size_t i) const { return tags_.data() + games_[i].tag_begin; }
  const Tag* tags_end(std::size_t i) const { return tags_.data() + games_[i].tag_end; }
  const std::uint64_t* moves_begin(std::size_t i) const {
    return moves_.get() + games_[i].move_begin;
  }
  const std::uint64_t* moves_end(std::size_t i) const { return moves_.get() + games_[i].move_end; }
  std::span<const Diagnostic> problems(std::size_t i) const {
    return {problems_.data() + games_[i].problem_begin, problems_.data() + games_[i].problem_end};
  }
  std::string_view tag_name(const Tag& t) const {
    return {texts_.data() + t.name_begin, t.name_size};
  }
  std::string_view tag_value(const Tag& t) const {
    return {texts_.data() + t.value_begin, t.value_size};
  }
  std::string_view notation(std::size_t i) const {
    return {texts_.data() + games_[i].notation_begin, games_[i].notation_size};
  }
  std::string_view variant(std::size_t i) const {
    return {texts_.data() + games_[i].variant_begin, games_[i].variant_size};
  }

 private:
  // The tags, copied: the game keeps their names and values back to back in one text, in
  // order, so they are copied at once (a name and a value appended at a time cost twice what
  // the rest of the store did), each one's place moved by where the copy starts.
  void add_tags(const GameTags tags) {
    if (tags.empty()) return;
    const char* const first = tags.front().name.data();
    const TagPair last = tags.back();
    const std::size_t size = std::size_t(last.value.data() + last.value.size() - first);
    const std::size_t base = texts_.size();
    const std::size_t tag_begin = tags_.size();
    texts_.append(first, size);
    tags_.resize(tag_begin + tags.size());
    Tag* out = tags_.data() + tag_begin;
    for (const TagPair t : tags) {
      const auto name = std::size_t(t.name.data() - first);
      const auto value = std::size_t(t.value.data() - first);
      if (name > size || value > size || value + t.value.size() > size) [[unlikely]] {
        // Not one text in order: each name and value appended on its own.
        texts_.resize(base);
        tags_.resize(tag_begin);
        for (const TagPair u : tags) {
          const auto at = std::uint32_t(texts_.size());
          texts_.append(u.name).append(u.value);
          tags_.push_back({at, at + std::uint32_t(u.name.size()), std::uint32_t(u.name.size()),
                           std::uint32_t(u.value.size())});
        }
        return;
      }
      *out++ = {std::uint32_t(base + name), std::uint32_t(base + value),
                std::uint32_t(t.name.size()), std::uint32_t(t.value.size())};
    }
  }
  // Where `text` is in the texts: the place of the last game's when it is the same.
  struct TextRange {
    std::uint32_t begin = 0, size = 0;
  };
  std::uint32_t text_of(std::string_view text, TextRange& last) {
    if (text.size() == last.size &&
        std::memcmp(texts_.data() + last.begin, text.data(), last.size) == 0)
      return last.begin;
    last = {std::uint32_t(texts_.size()), std::uint32_t(text.size())};
    texts_.append(text);
    return last.begin;
  }
  // Room for `n` more moves, their count grown by n: written over at once, so not zeroed
  // first (a vector's resize filled them with zeros).
  std::uint64_t* room_for_moves(std::size_t n) {
    reserve_moves(move_count_ + n);
    std::uint64_t* room = moves_.get() + move_count_;
    move_count_ += n;
    return room;
  }
  void reserve_moves(std::size_t n) {
    if (n <= move_room_) return;
    move_room_ = std::max(2 * move_room_, n);
    std::unique_ptr<std::uint64_t[]> grown(new std::uint64_t[move_room_]);
    if (move_count_) std::memcpy(grown.get(), moves_.get(), move_count_ * 8);
    moves_ = std::move(grown);
  }

  static constexpr std::uint64_t kOffsetMask = (std::uint64_t(1) << 48) - 1;
  std::vector<Game> games_;
  std::vector<Tag> tags_;
  std::unique_ptr<std::uint64_t[]> moves_;
  std::size_t move_count_ = 0, move_room_ = 0;
  std::string texts_;
  std::vector<Diagnostic> problems_;
  // The notation and variant of the last game, in the texts.
  TextRange last_notation_, last_variant_;
};

}  // namespace pgn::python
