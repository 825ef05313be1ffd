// One game as a CSV row (OutputFormat::Csv): its tags and the validator's verdict, in the
// columns the caller chose (see csv_fields() in libpgn/writers.hpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "libpgn/comment_commands.hpp"
#include "libpgn/game_record.hpp"
#include "libpgn/writers.hpp"
#include "write/record_walk.hpp"

namespace pgn::detail {

// Appends `value` as one RFC 4180 field: quoted, with its quotes doubled, when it holds '"',
// ',', CR or LF; as it is otherwise (bytes are kept, as the PGN writer keeps them).
void append_csv_field(std::string_view value, std::string& out);

class CsvRowWriter {
 public:
  // Appends the row, ended by CRLF (`columns` empty: the default ones). With
  // extras.opening, the ECO, Opening and Variation columns hold what the PGN writer would
  // write for them.
  void append(const GameRecord& record, const GameExtras& extras,
              const std::vector<std::string>& columns, std::string& out);

 private:
  // Each column's computed field (kTag for a tag), worked out once per list of columns.
  static constexpr int kTag = -1;
  const std::vector<std::string>* resolved_for_ = nullptr;
  std::vector<int> fields_;
  std::vector<std::string> default_columns_;
  std::string cell_;  // a computed cell's text, reused
};

// The main line's moves as CSV rows (WriterOptions::csv_moves), a sink of RecordWalker's walk
// with positions and comments: a row per move, ended by CRLF, in csv_move_columns()' order.
class CsvMoveRows {
 public:
  CsvMoveRows(std::string& out, std::uint64_t game, bool fen) : out_(out), game_(game), fen_(fen) {}

  void leading_comment(std::string_view) {}
  void move(const WalkedMove& m);
  void nag(int) {}
  void comment(std::string_view text) { read(text); }
  void comment_after_variations(std::string_view text) { read(text); }
  void variation_begin() {}
  void variation_end() {}
  void move_end();
  void main_line_end() {}

 private:
  void read(std::string_view text) {
    if (in_move_ && has_comment_command(text)) read_comment_commands(text, commands_);
  }

  std::string& out_;
  std::uint64_t game_;
  bool fen_;
  // The move's cells, taken when it is walked (the walk's positions move on).
  std::uint32_t ply_ = 0;
  std::string_view san_;
  std::string uci_, fen_text_;
  CommentCommands commands_;
  bool in_move_ = false;
};

}  // namespace pgn::detail
