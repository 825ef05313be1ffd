// Problems found in games: one stable code per kind of problem (documented in
// docs/diagnostics.md), a severity, an exact place and a message a person understands.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/types.hpp"

namespace pgn {

enum class Severity : std::uint8_t { Warning, Error };
const char* severity_name(Severity s);  // "warning" / "error"

// The stable codes. Their order is their index in problem counts.
enum class Code : std::uint8_t {
  Syntax,
  IllegalMove,
  AmbiguousMove,
  ResultMismatch,
  WrongResult,
  AutomaticDraw,
  MissingTag,
  BadTag,
  BadFen,
  CheckSuffix,
  NullMove,
  Encoding,
  LimitExceeded,
  AmbiguousNotation,
  UnsupportedVariant,
  Io,
  DeadPosition,
  BadCommentCommand,
  Count
};
constexpr int kCodeCount = int(Code::Count);

struct CodeInfo {
  Code code;
  const char* name;  // "illegal-move"
  Severity default_severity;
  const char* summary;  // one line for SARIF rules and help texts
};
std::span<const CodeInfo> all_codes();
const CodeInfo& code_info(Code c);
// Looks up a code by name; false when unknown.
bool code_from_name(std::string_view name, Code& out);

struct Diagnostic {
  Code code = Code::Syntax;
  Severity severity = Severity::Error;
  std::uint64_t game = 0;    // 1-based index of the game in its file (0: not about a game)
  std::uint64_t offset = 0;  // byte offset in the (decompressed) input
  std::uint32_t line = 0;    // 1-based; 0 = unknown
  std::uint32_t column = 0;  // 1-based, in characters
  std::uint32_t ply = 0;     // 1-based half-move of the game (0 = not about a move)
  std::string variation;     // "" for the main line, else a path such as "12.1/14.2"
  std::string message;
  std::string written;              // the move or text as written in the input
  std::string san;                  // the move in SAN, when it could be resolved
  std::string fen;                  // the position before the move, when it helps
  std::string source_line;          // the input line (or a window of it) the problem is on
  std::uint32_t source_column = 0;  // 1-based caret position in source_line
};

// A problem with an input as a whole, not with one of its games: it could not be opened,
// read or decompressed after `games_read` games. Always an error, whatever is ignored.
Diagnostic input_problem(std::string message, std::uint64_t games_read);

}  // namespace pgn
