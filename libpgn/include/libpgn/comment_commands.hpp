// The commands that annotate a move inside its comment, read as numbers: the clock
// ("[%clk 1:05:22]", "[%clk 0:00:59.9]"), the time the move took ("[%emt 0:00:07]"), an engine
// evaluation ("[%eval 0.31]" in pawns, "[%eval #-3]" a mate, "[%eval 0.31,20]" with its search
// depth) and chess.com's "[%timestamp 15]". The comment itself is not changed: these are read
// from it. Other commands ("[%csl ...]", "[%cal ...]") are passed over.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pgn {

struct Evaluation {
  // Exactly one of the two: centipawns from White's side, or mate in N moves (negative: Black
  // mates; "#0" is a position already mated).
  std::optional<std::int32_t> centipawns;
  std::optional<std::int32_t> mate;
  std::optional<std::uint32_t> depth;  // "[%eval 0.31,20]"

  // The centipawns in pawns (0.31), as the comment wrote them; none for a mate.
  std::optional<double> pawns() const {
    return centipawns ? std::optional<double>(*centipawns / 100.0) : std::nullopt;
  }
};

struct CommentCommands {
  std::optional<double> clock;  // [%clk]: seconds left on the mover's clock after the move
  std::optional<double> emt;    // [%emt]: seconds the move took
  std::optional<Evaluation> eval;
  std::optional<std::uint64_t> timestamp;  // [%timestamp N]: N as written (chess.com)

  bool empty() const { return !clock && !emt && !eval && !timestamp; }
};

// A known command whose value could not be read: the comment is kept as it is, the command
// gives no number.
struct CommentCommandWarning {
  std::string command;     // "clk", "emt", "eval", "timestamp"
  std::size_t offset = 0;  // of its "[%" in the comment
  std::string message;     // "[%clk 5:xx]: clock expected as H:MM:SS or H:MM:SS.f"
};

// Reads the commands of `comment` into `out` (a command given again replaces the earlier
// value, so the comments of one move can be read one after another into the same `out`).
// Malformed known commands are added to `warnings` when it is given.
void read_comment_commands(std::string_view comment, CommentCommands& out,
                           std::vector<CommentCommandWarning>* warnings = nullptr);

// The commands of one comment alone.
inline CommentCommands read_comment_commands(std::string_view comment) {
  CommentCommands out;
  read_comment_commands(comment, out);
  return out;
}

// Whether `comment` may hold a command at all ("[%"): the cheap test before reading.
inline bool has_comment_command(std::string_view comment) {
  return comment.find("[%") != std::string_view::npos;
}

}  // namespace pgn
