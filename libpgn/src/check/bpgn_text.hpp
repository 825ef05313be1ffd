// The text of a BPGN record cut into tags and board moves (check/bpgn_text.cpp), before any
// move is replayed: the dialects differ in layout only (tags on one line, no blank line after
// them, CRLF, comments glued to clocks, `$146@g4`), and all come out the same here.
//
// One pass over the bytes, no copy of a move or a comment: moves and comments are views into
// the game's text, and places are byte indexes, made lines and offsets (pos_of) only for a
// message.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/splitter.hpp"
#include "libpgn/types.hpp"

namespace pgn::bughouse {

struct TextTag {
  std::string_view name;
  std::string value;  // unescaped
  std::uint32_t at = 0;
};

struct TextMove {
  // How the move is written beside SAN: chess.com's pawn drop `@e3` and knight drop
  // `$146@g4` (NAG 146 is the knight glyph) are P@e3 and N@g4.
  enum class Form : std::uint8_t { San, PawnDrop, GarbledKnight };

  std::string_view written;    // the move's token as written
  std::uint32_t at = 0;        // byte index of its move number
  std::uint32_t number = 0;    // the board's move number
  std::uint32_t comments = 0;  // its first comment in RecordText::comments
  std::uint32_t comment_count = 0;
  std::uint8_t board = 0;
  Color side = White;
  Form form = Form::San;

  // The move as SAN: `written`, or its reading in `scratch` for the chess.com forms.
  std::string_view san(std::string& scratch) const {
    return form == Form::San ? written : rewritten(scratch);
  }

 private:
  std::string_view rewritten(std::string& scratch) const;
};

struct TextProblem {
  bool error = true;  // false: a warning
  std::string message;
  std::uint32_t at = 0;
};

struct RecordText {
  const RawGame* game = nullptr;
  std::vector<TextTag> tags;
  std::vector<TextMove> moves;
  std::vector<std::string_view> comments;  // of all moves, in order; views into the text
  std::uint32_t opening_comments = 0;      // how many come before the first move
  std::optional<GameResult> result;        // the termination marker (none when not written)
  std::uint32_t result_at = 0;
  std::vector<TextProblem> problems;

  // The place of a byte index of the game's text, as the reports give it.
  TextPos pos_of(std::uint32_t at) const;
  std::span<const std::string_view> comments_of(const TextMove& move) const {
    return {comments.data() + move.comments, move.comment_count};
  }
};

// Cuts `game` into tags and moves (views into game.text).
void read_record_text(const RawGame& game, RecordText& out);

// Whether the first movetext token after the tags of `text` is a board move number.
bool starts_with_board_move(std::string_view text);

}  // namespace pgn::bughouse
