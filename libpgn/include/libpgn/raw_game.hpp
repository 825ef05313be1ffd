// A game's text as the library reads it: RawGame is what the library's splitter cuts out of an
// input (whole, valid UTF-8, knowing where it started) and what a program that splits its games
// itself hands to PlayedGameReader (games.hpp). TextPos is a place in the input.
#pragma once

#include <cstdint>
#include <string_view>

namespace pgn {

struct CodePage;
namespace detail {
struct TagLine;
}

// The tag lines the library's splitter read while cutting the game out, kept so that the
// parser does not read them again (an internal description of `text`; none for a game made
// any other way). They are used only while `text` is still where they were read (`text`
// below), and are valid as long as it is: a game whose text was moved or remade has its tags
// read from the text, with the same results.
struct ReadTagLines {
  const detail::TagLine* lines = nullptr;
  const char* text = nullptr;  // RawGame::text.data() when the lines were read
  std::uint32_t count = 0;
};

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
  // Set by the splitter when every byte of text is ASCII: lets parse_game count columns as
  // bytes. Leaving it false is always correct, just slower on long lines.
  bool ascii_only = false;
  ReadTagLines tag_lines;  // set by the splitter; leave it empty
};

}  // namespace pgn
