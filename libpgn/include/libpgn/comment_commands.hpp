// The values of the commands lichess, chess.com and the DGT boards write into comments after a
// move (read/comment_commands.cpp): "[%clk 0:03:00]" is the time left on the mover's clock,
// "[%eval 0.25]" an engine's evaluation in pawns from White's side and "[%eval #-3]" a mate in
// 3 for Black. The one reader of them: the game model (games.hpp) and the Python module use it.
#pragma once

#include <optional>
#include <string_view>

namespace pgn {

struct CommentCommands {
  std::optional<double> clock;  // [%clk H:MM:SS(.s)]: seconds on the clock
  std::optional<double> eval;   // [%eval 0.25]: pawns, positive when White is better
  std::optional<long> mate;     // [%eval #-3]: moves to mate, negative when Black mates
};

// The commands of one comment (a command that is not there, or whose value does not read as a
// number, is left empty). "[%clk" and "[%eval" are found anywhere in the comment; the value
// runs to the next ']', spaces around it ignored, and an evaluation ends at a ',' (lichess
// adds the depth: "[%eval 0.25,20]").
CommentCommands read_comment_commands(std::string_view comment);

}  // namespace pgn
