// The text of a BPGN record cut into tags and board moves (bughouse/bpgn_text.cpp), before
// any move is replayed: the dialects differ in layout only (tags on one line, no blank line
// after them, CRLF, comments glued to clocks, `$146@g4`), and all come out the same here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/splitter.hpp"
#include "libpgn/types.hpp"

namespace pgn::bughouse {

struct TextTag {
  std::string name, value;
  TextPos pos;
};

struct TextMove {
  std::uint8_t board = 0;
  Color side = White;
  std::uint32_t number = 0;
  std::string san;  // as written, `@e3` and the garbled `$146@g4` made N@g4 / P@e3 below
  TextPos pos;      // of the move number
  std::vector<std::string_view> comments;  // views into the game's text
  bool garbled_knight = false;             // written `$146@g4`
};

struct TextProblem {
  bool error = true;  // false: a warning
  std::string message;
  TextPos pos;
};

struct RecordText {
  std::vector<TextTag> tags;
  std::vector<std::string_view> opening_comments;  // before the first move
  std::vector<TextMove> moves;
  std::string result;  // the termination marker as written ("" none)
  TextPos result_pos;
  std::vector<TextProblem> problems;
};

// Cuts `game` into tags and moves; the comments are views into game.text.
void read_record_text(const RawGame& game, RecordText& out);

// Whether the first movetext token after the tags of `text` is a board move number.
bool starts_with_board_move(std::string_view text);

}  // namespace pgn::bughouse
