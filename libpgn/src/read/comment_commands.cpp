// The one reader of the comment commands [%clk], [%emt], [%eval] and [%timestamp]
// (libpgn/comment_commands.hpp).
#include "libpgn/comment_commands.hpp"

#include <cstdint>
#include <cstring>

namespace pgn {
namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// Reads 1 to `max_digits` digits at the front of `s`; false when there is none or too many.
bool take_number(std::string_view& s, std::uint64_t& value, std::size_t max_digits = 18) {
  std::size_t n = 0;
  value = 0;
  while (n < s.size() && is_digit(s[n])) {
    if (n == max_digits) return false;
    value = value * 10 + std::uint64_t(s[n] - '0');
    ++n;
  }
  s.remove_prefix(n);
  return n > 0;
}

// The 7 bytes "H:MM:SS" at `s` (how lichess writes every clock), in seconds.
bool read_short_time(const char* s, double& seconds) {
  const auto digit = [&](int i) { return unsigned(s[i] - '0'); };
  if (s[1] != ':' || s[4] != ':' || digit(0) > 9 || digit(2) > 5 || digit(3) > 9 || digit(5) > 5 ||
      digit(6) > 9)
    return false;
  seconds = double(digit(0) * 3600 + (digit(2) * 10 + digit(3)) * 60 + digit(5) * 10 + digit(6));
  return true;
}

// "H:MM:SS", "H:MM:SS.f..." or "M:SS" (minutes and seconds below 60 after the first field),
// in seconds.
bool read_time(std::string_view s, double& seconds) {
  if (s.size() == 7 && read_short_time(s.data(), seconds)) return true;
  std::uint64_t fields[3];
  int count = 0;
  for (;;) {
    if (count == 3 || !take_number(s, fields[count], count == 0 ? 9 : 2)) return false;
    if (count > 0 && fields[count] >= 60) return false;
    ++count;
    if (s.empty() || s.front() != ':') break;
    s.remove_prefix(1);
  }
  if (count < 2) return false;
  double fraction = 0;
  if (!s.empty() && s.front() == '.') {
    s.remove_prefix(1);
    double scale = 0.1;
    if (s.empty() || !is_digit(s.front())) return false;
    while (!s.empty() && is_digit(s.front())) {
      fraction += scale * (s.front() - '0');
      scale /= 10;
      s.remove_prefix(1);
    }
  }
  if (!s.empty()) return false;
  double total = 0;
  for (int i = 0; i < count; ++i) total = total * 60 + double(fields[i]);
  seconds = total + fraction;
  return true;
}

// "0.31", "-1.5", "+3", ".5" in pawns, as centipawns rounded half away from zero.
bool read_pawns(std::string_view s, std::int32_t& centipawns) {
  const char* p = s.data();
  const char* const end = p + s.size();
  const auto digit_at = [&] { return unsigned(*p - '0'); };
  bool negative = false;
  if (p < end && (*p == '-' || *p == '+')) {
    negative = *p == '-';
    ++p;
  }
  std::uint64_t whole = 0;
  int whole_digits = 0;
  for (; p < end && digit_at() < 10; ++p) {
    if (++whole_digits > 7) return false;
    whole = whole * 10 + digit_at();
  }
  std::uint64_t hundredths = 0;
  if (p < end && *p == '.') {
    ++p;
    if (whole_digits == 0 && (p == end || digit_at() >= 10)) return false;
    int place = 0;
    bool round_up = false;
    for (; p < end && digit_at() < 10; ++p, ++place) {
      if (place < 2)
        hundredths = hundredths * 10 + digit_at();
      else if (place == 2)
        round_up = digit_at() >= 5;
    }
    for (; place < 2; ++place) hundredths *= 10;
    hundredths += round_up ? 1 : 0;
  } else if (whole_digits == 0) {
    return false;
  }
  if (p != end) return false;
  const std::int64_t value = std::int64_t(whole * 100 + hundredths);
  centipawns = std::int32_t(negative ? -value : value);
  return true;
}

// The evaluation of "[%eval ...]", or nothing when `s` is not one.
std::optional<Evaluation> read_eval(std::string_view s) {
  Evaluation eval;
  if (const std::size_t comma = s.find(','); comma != std::string_view::npos) {
    std::string_view depth = trim(s.substr(comma + 1));
    std::uint64_t value = 0;
    if (!take_number(depth, value, 4) || !depth.empty()) return std::nullopt;
    eval.depth = std::uint32_t(value);
    s = trim(s.substr(0, comma));
  }
  if (!s.empty() && s.front() == '#') {
    s.remove_prefix(1);
    bool negative = false;
    if (!s.empty() && (s.front() == '-' || s.front() == '+')) {
      negative = s.front() == '-';
      s.remove_prefix(1);
    }
    std::uint64_t moves = 0;
    if (!take_number(s, moves, 4) || !s.empty()) return std::nullopt;
    eval.mate = negative ? -std::int32_t(moves) : std::int32_t(moves);
    return eval;
  }
  std::int32_t centipawns = 0;
  if (!read_pawns(s, centipawns)) return std::nullopt;
  eval.centipawns = centipawns;
  return eval;
}

enum class Command : std::uint8_t { Other, Clock, Emt, Eval, Timestamp };

Command command_named(std::string_view name) {
  switch (name.size()) {
    case 3:
      if (name == "clk") return Command::Clock;
      if (name == "emt") return Command::Emt;
      return Command::Other;
    case 4:
      return name == "eval" ? Command::Eval : Command::Other;
    case 9:
      return name == "timestamp" ? Command::Timestamp : Command::Other;
    default:
      return Command::Other;
  }
}

void warn(std::vector<CommentCommandWarning>* warnings, std::string_view command,
          std::size_t offset, std::string_view written, const char* expected) {
  if (!warnings) return;
  CommentCommandWarning& w = warnings->emplace_back();
  w.command = command;
  w.offset = offset;
  w.message = "[%";
  w.message += command;
  if (!written.empty()) {
    w.message += ' ';
    w.message += written;
  }
  w.message += "]: ";
  w.message += expected;
}

}  // namespace

void read_comment_commands(std::string_view comment, CommentCommands& out,
                           std::vector<CommentCommandWarning>* warnings) {
  // Byte loops rather than find(): comments are short, and validation reads every one that
  // holds a command (lichess writes one after each move); a comment without one costs a
  // memchr.
  const char* const begin = comment.data();
  const char* const end = begin + comment.size();
  const char* p = begin;
  for (;;) {
    // A memchr call costs more than a short loop over what is left of a lichess comment.
    if (end - p < 64) {
      while (p < end && *p != '[') ++p;
      if (end - p < 2) return;
    } else {
      p = static_cast<const char*>(std::memchr(p, '[', std::size_t(end - p)));
      if (!p || end - p < 2) return;
    }
    if (p[1] != '%') {
      ++p;
      continue;
    }
    const char* const open = p;
    // "[%clk 0:05:00]", the command of every lichess move, read at once.
    if (end - open >= 14 && open[13] == ']' && std::memcmp(open + 2, "clk ", 4) == 0) {
      double seconds = 0;
      if (read_short_time(open + 6, seconds)) {
        out.clock = seconds;
        p = open + 14;
        continue;
      }
    }
    // "[%eval 0.17]", lichess's evaluation in pawns, likewise (a mate, a depth or blanks take
    // the general way below).
    if (end - open >= 9 && std::memcmp(open + 2, "eval ", 5) == 0) {
      const char* q = open + 7;
      while (q < end && *q != ']') ++q;
      std::int32_t centipawns = 0;
      if (q < end && *q == ']' && read_pawns({open + 7, std::size_t(q - open - 7)}, centipawns)) {
        out.eval = Evaluation{centipawns, std::nullopt, std::nullopt};
        p = q + 1;
        continue;
      }
    }
    const char* name_end = open + 2;
    while (name_end < end && *name_end != ']' &&
           !(static_cast<unsigned char>(*name_end) <= ' ' && is_blank(*name_end)))
      ++name_end;
    const std::string_view name(open + 2, std::size_t(name_end - open - 2));
    const Command command = command_named(name);
    const char* close = name_end;
    while (close < end && *close != ']') ++close;
    const std::size_t at = std::size_t(open - begin);
    if (close == end) {
      if (command != Command::Other)
        warn(warnings, name, at, trim({name_end, std::size_t(end - name_end)}),
             "closing ] expected");
      return;
    }
    const std::string_view value = trim({name_end, std::size_t(close - name_end)});
    switch (command) {
      case Command::Clock:
      case Command::Emt: {
        double seconds = 0;
        if (read_time(value, seconds))
          (command == Command::Clock ? out.clock : out.emt) = seconds;
        else
          warn(warnings, name, at, value,
               command == Command::Clock ? "clock expected as H:MM:SS or H:MM:SS.f"
                                         : "move time expected as H:MM:SS or H:MM:SS.f");
        break;
      }
      case Command::Eval:
        if (std::optional<Evaluation> eval = read_eval(value))
          out.eval = eval;
        else
          warn(warnings, name, at, value,
               "evaluation expected in pawns (0.31) or as a mate (#-3), optionally with ,depth");
        break;
      case Command::Timestamp: {
        std::string_view digits = value;
        std::uint64_t n = 0;
        if (take_number(digits, n) && digits.empty())
          out.timestamp = n;
        else
          warn(warnings, name, at, value, "timestamp expected as a whole number");
        break;
      }
      case Command::Other:
        break;
    }
    p = close + 1;
  }
}

}  // namespace pgn
