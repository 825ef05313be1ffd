// The tags and main-line SAN of a batch's games, compact: what Game.tags and Game.moves read,
// instead of a copy of each game's whole record (its events, comments and variations, which
// cost a tenth of a validation to copy). Games are appended one after another into flat
// buffers, so once they have grown nothing is allocated per game or per move: each SAN is one
// number (its bytes and size), each tag two ranges of one text.
#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/game_record.hpp"

namespace pgn::python {

class MainLineRecords {
 public:
  struct Tag {
    std::size_t name_begin, value_begin;  // in texts(); values unescaped
    std::uint32_t name_size, value_size;
  };
  struct Game {
    std::size_t tag_begin, tag_end;    // in tags()
    std::size_t move_begin, move_end;  // in moves()
  };

  // Moves are packed as in a MainLineRecord (libpgn/game_record.hpp).
  static std::uint64_t pack(std::string_view san) { return MainLineRecord::pack(san); }
  static bool is_packed(std::uint64_t move) { return MainLineRecord::is_packed(move); }
  // The SAN of moves()[i], packed or not.
  std::string_view san(const std::uint64_t& move, char (&buffer)[8]) const {
    if (!is_packed(move))
      return {texts_.data() + (move & kOffsetMask), std::size_t(move >> 48 & 0x7FFF)};
    std::memcpy(buffer, &move, 8);
    return {buffer, std::size_t(move >> 56)};
  }

  // A game's tags and main-line SAN, appended: its texts after the others, so that its
  // ranges move by where they start.
  void add_game(const MainLineRecord& game) {
    const std::size_t base = texts_.size();
    texts_.append(game.text);
    for (const MainLineRecord::Tag& t : game.tags)
      tags_.push_back({base + t.name_begin, base + t.value_begin, t.name_size, t.value_size});
    const std::size_t first = moves_.size();
    const std::span<const std::uint64_t> sans = game.sans();
    moves_.insert(moves_.end(), sans.begin(), sans.end());
    for (std::size_t i = first; i < moves_.size(); ++i)
      if (!is_packed(moves_[i]))
        moves_[i] = MainLineRecord::long_move(base + MainLineRecord::long_offset(moves_[i]),
                                              MainLineRecord::long_size(moves_[i]));
    end_game();
  }

  // The current game is complete; the next starts after it.
  void end_game() {
    open_.tag_end = tags_.size();
    open_.move_end = moves_.size();
    games_.push_back(open_);
    open_ = {tags_.size(), tags_.size(), moves_.size(), moves_.size()};
  }
  void clear() {
    games_.clear();
    tags_.clear();
    moves_.clear();
    texts_.clear();
    open_ = {};
  }
  // Room for games of about `text_bytes` of movetext, so that adding them does not reallocate.
  void reserve(std::size_t games, std::size_t text_bytes) {
    games_.reserve(games);
    tags_.reserve(games * 16);
    moves_.reserve(text_bytes / 6);
    texts_.reserve(games * 256 + text_bytes / 16);
  }

  // The reading side.
  std::size_t size() const { return games_.size(); }
  const Game& game(std::size_t i) const { return games_[i]; }
  const Tag* tags_begin(std::size_t i) const { return tags_.data() + games_[i].tag_begin; }
  const Tag* tags_end(std::size_t i) const { return tags_.data() + games_[i].tag_end; }
  const std::uint64_t* moves_begin(std::size_t i) const {
    return moves_.data() + games_[i].move_begin;
  }
  const std::uint64_t* moves_end(std::size_t i) const { return moves_.data() + games_[i].move_end; }
  std::string_view tag_name(const Tag& t) const {
    return {texts_.data() + t.name_begin, t.name_size};
  }
  std::string_view tag_value(const Tag& t) const {
    return {texts_.data() + t.value_begin, t.value_size};
  }

 private:
  static constexpr std::uint64_t kOffsetMask = (std::uint64_t(1) << 48) - 1;
  std::vector<Game> games_;
  std::vector<Tag> tags_;
  std::vector<std::uint64_t> moves_;
  std::string texts_;
  Game open_{};  // where the current game's tags and moves begin
};

}  // namespace pgn::python
