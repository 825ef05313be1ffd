// Games out of bytes: GameSplitter cuts an InputSource into whole games without understanding
// moves; each RawGame is valid UTF-8 (games in a single-byte code page are decoded) and knows where
// it started (TextPos). Constant memory: a game larger than the limit is cut and flagged, never
// buffered whole. Defined in read/splitter.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "libpgn/input.hpp"
#include "libpgn/raw_game.hpp"

namespace pgn {

// Where the input byte at `offset` (a TextPos::offset inside the game) is in game.text: the
// same distance for UTF-8 input; in a game decoded from a code page each input byte became
// one character, which may take more bytes.
std::size_t text_index(const RawGame& game, std::uint64_t offset);

struct SplitterOptions {
  std::size_t max_game_bytes = 8u << 20;  // games beyond this are cut (reported by the caller)
  std::size_t buffer_bytes = 1u << 20;
  // The code page of every game that is not ASCII (--encoding); nullptr: UTF-8, and the code
  // page of a game that is not valid UTF-8 is detected (EncodingDetector).
  const CodePage* encoding = nullptr;
};

// Cuts an input into games. A game starts at a tag section ('[' at the start of a line
// outside comments) that follows movetext or a termination marker, or after a blank-line
// separated chunk of movetext; comments, ';' lines and '%' lines are understood so that a
// '[' inside them never starts a game.
class GameSplitter {
 public:
  explicit GameSplitter(InputSource& source, SplitterOptions options = {});
  ~GameSplitter();
  // Next game, or false at the end of input (or at a fault: see source().error()).
  bool next(RawGame& game);
  InputSource& source();
  // Set when the input's first bytes hold binary data (a control byte before any '['): where
  // that byte is. Such an input yields no games.
  std::optional<TextPos> binary_data_at() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pgn
