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

namespace pgn {

struct CodePage;

// A place in the input. Lines and columns are 1-based; columns count characters (UTF-8 code
// points), so they match what an editor shows.
struct TextPos {
  std::uint64_t offset = 0;  // byte offset in the (decompressed) input
  std::uint32_t line = 1;
  std::uint32_t column = 1;
};

struct RawGame {
  std::string_view text;    // the game, UTF-8; valid until the next call to next()
  TextPos start;            // where the game's first byte is in the input
  std::uint64_t index = 0;  // 1-based game number in this input
  // Set when the game was decoded from a single-byte code page (detected, or forced by
  // SplitterOptions::encoding); each character of `text` then stands for one input byte.
  const CodePage* code_page = nullptr;
  bool encoding_forced = false;  // code_page is the one the options forced
  bool had_bom = false;
  bool truncated = false;  // the game exceeded max_game_bytes; text holds its beginning
  std::uint64_t original_size =
      0;  // bytes the game really had (== text.size() unless truncated/decoded)
  // For a truncated game: where its first byte not in `text` is (line 0 when the cut was
  // made after the game was whole in memory: then it is at start.offset + text.size()), and
  // the line of its last byte.
  TextPos dropped_from{0, 0, 0};
  std::uint32_t end_line = 0;
  // Where movetext went on after a blank line inside it (line 0: nowhere). The game goes on
  // there; a blank line is only a game boundary after a termination marker.
  TextPos continued_after_blank_line{0, 0, 0};
  // Set by GameSplitter when every byte of text is ASCII: lets parse_game count columns as
  // bytes. Leaving it false is always correct, just slower on long lines.
  bool ascii_only = false;
};

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
