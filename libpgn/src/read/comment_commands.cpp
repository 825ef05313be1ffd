// Reading the clock and evaluation commands of comments (libpgn/comment_commands.hpp).
#include "libpgn/comment_commands.hpp"

#include <cstdlib>
#include <string>

namespace pgn {
namespace {

// The value of `command` in `comment`: from after it (spaces skipped) to the next ']' (trailing
// spaces dropped); false when the command is not there or has no value.
bool command_value(std::string_view comment, std::string_view command, std::string_view& value) {
  const std::size_t at = comment.find(command);
  if (at == std::string_view::npos) return false;
  std::size_t begin = at + command.size();
  while (begin < comment.size() && comment[begin] == ' ') ++begin;
  const std::size_t end = comment.find(']', begin);
  if (end == std::string_view::npos) return false;
  value = comment.substr(begin, end - begin);
  while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
  return !value.empty();
}

// "1:02:03.5" as seconds: parts separated by ':', each a number.
std::optional<double> clock_seconds(std::string_view value) {
  double total = 0;
  std::size_t begin = 0;
  while (true) {
    const std::size_t colon = std::min(value.find(':', begin), value.size());
    const std::string part(value.substr(begin, colon - begin));
    char* end = nullptr;
    const double x = std::strtod(part.c_str(), &end);
    if (part.empty() || *end) return std::nullopt;
    total = total * 60 + x;
    if (colon == value.size()) return total;
    begin = colon + 1;
  }
}

}  // namespace

CommentCommands read_comment_commands(std::string_view comment) {
  CommentCommands commands;
  std::string_view value;
  if (command_value(comment, "[%clk", value)) commands.clock = clock_seconds(value);
  if (command_value(comment, "[%eval", value)) {
    const std::string text(value.substr(0, value.find(',')));
    char* end = nullptr;
    if (!text.empty() && text[0] == '#') {
      const long mate = std::strtol(text.c_str() + 1, &end, 10);
      if (*end == 0 && end != text.c_str() + 1) commands.mate = mate;
    } else {
      const double pawns = std::strtod(text.c_str(), &end);
      if (*end == 0 && end != text.c_str()) commands.eval = pawns;
    }
  }
  return commands;
}

}  // namespace pgn
