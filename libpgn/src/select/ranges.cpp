// Value ranges (numbers, dates, ECO codes), material patterns and the FIDE comparison of
// positions: the small languages of `pgn select`'s conditions.
#include <algorithm>
#include <bit>
#include <climits>

#include "libpgn/select.hpp"
#include "libpgn/tags.hpp"

namespace pgn {
namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// A whole number of up to 18 digits: a bound of a range, a part of a date, and a rating as
// the tags layer reads a number (read_tag_number). Deliberately more lenient than read_elo's
// one to four digits, so that a range also finds the ratings of five digits some files carry.
bool parse_number(std::string_view text, std::int64_t& out) {
  const std::optional<std::int64_t> n = read_tag_number(text);
  if (n) out = *n;
  return n.has_value();
}

// The lowest and highest value a single written value stands for: "2019" covers every day of
// 2019, "B" every code from B00 to B99.
bool parse_bound(std::string_view text, RangeKind kind, std::int64_t& low, std::int64_t& high) {
  switch (kind) {
    case RangeKind::Number:
      if (!parse_number(text, low)) return false;
      high = low;
      return true;
    case RangeKind::Eco:
      if (text.empty() || text[0] < 'A' || text[0] > 'E') return false;
      if (text.size() == 1) {
        low = std::int64_t(text[0] - 'A') * 100;
        high = low + 99;
        return true;
      }
      if (text.size() != 3 || !is_digit(text[1]) || !is_digit(text[2])) return false;
      low = high = (text[0] - 'A') * 100 + (text[1] - '0') * 10 + (text[2] - '0');
      return true;
    case RangeKind::Date: {
      // yyyy[.mm[.dd]], with '.' or '-' between the parts; "??" for an unknown month or day
      // (PGN's own form, 2019.??.??) stands for all of them, as a part left out does.
      std::int64_t parts[3] = {0, 0, 0};
      int count = 0, unknown = 0;
      for (std::size_t begin = 0;;) {
        std::size_t end = text.find_first_of(".-", begin);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view part = text.substr(begin, end - begin);
        if (count + unknown == 3) return false;
        if (part == "??" && count > 0) {
          ++unknown;
        } else if (unknown || !parse_number(part, parts[count])) {
          return false;
        } else {
          ++count;
        }
        if (end == text.size()) break;
        begin = end + 1;
      }
      // The month and day of a calendar date, the one rule of tags.hpp (the leap years repeat
      // every 400 years, so any year written is taken modulo 400).
      const auto small = [&](int i) { return int(std::min<std::int64_t>(parts[i], 99)); };
      if (count >= 2 &&
          !is_calendar_date(int(parts[0] % 400), small(1), count == 3 ? small(2) : Date::kUnknown))
        return false;
      low = parts[0] * 10000 + parts[1] * 100 + parts[2];
      high = count == 1 ? low + 1299 : count == 2 ? low + 99 : low;
      return true;
    }
  }
  return false;
}

const char* kind_example(RangeKind kind) {
  switch (kind) {
    case RangeKind::Number:
      return "a number such as 2600";
    case RangeKind::Date:
      return "a date such as 2019, 2019.05, 2019.05.03 or 2019.??.??";
    case RangeKind::Eco:
      return "an ECO code such as B90, or a letter A-E";
  }
  return "";
}

}  // namespace

bool parse_value_range(std::string_view text, RangeKind kind, ValueRange& out, std::string& error) {
  out = ValueRange{};
  std::int64_t low = 0, high = 0;
  auto bad = [&](std::string_view part) {
    // Appended: GCC 12 warns (-Wrestrict) on a literal + std::string chain.
    error.clear();
    error.append(1, '\'').append(part).append("' is not ").append(kind_example(kind));
    error.append(" (in '").append(text).append("')");
    return false;
  };
  if (const std::size_t dots = text.find(".."); dots != std::string_view::npos) {
    const std::string_view from = text.substr(0, dots), to = text.substr(dots + 2);
    if (from.empty() && to.empty()) return bad(text);
    if (!from.empty()) {
      if (!parse_bound(from, kind, low, high)) return bad(from);
      out.low = low;
    }
    if (!to.empty()) {
      if (!parse_bound(to, kind, low, high)) return bad(to);
      out.high = high;
    }
    if (out.low > out.high) {
      error = "the range '" + std::string(text) + "' is empty";
      return false;
    }
    return true;
  }
  std::string_view op;
  for (std::string_view candidate : {">=", "<=", ">", "<", "="})
    if (text.starts_with(candidate)) {
      op = candidate;
      break;
    }
  const std::string_view value = text.substr(op.size());
  if (!parse_bound(value, kind, low, high)) return bad(value);
  if (op == ">=")
    out.low = low;
  else if (op == ">")
    out.low = high + 1;
  else if (op == "<=")
    out.high = high;
  else if (op == "<")
    out.high = low - 1;
  else
    out.low = low, out.high = high;
  return true;
}

bool value_of(std::string_view v, RangeKind kind, std::int64_t& out) {
  switch (kind) {
    case RangeKind::Number:
      return parse_number(v, out);
    case RangeKind::Eco: {
      std::int64_t high;
      return v.size() == 3 && parse_bound(v, kind, out, high);
    }
    case RangeKind::Date: {
      // A date as validate reads it ("2019.05.03", "2019.??.??", "2019.05.??"), its year known.
      const std::optional<Date> date = read_date(v);
      if (!date || date->year == Date::kUnknown) return false;
      out = date->number();
      return true;
    }
  }
  return false;
}

bool MaterialPattern::parse(std::string_view text, MaterialPattern& out, std::string& error) {
  out = MaterialPattern{};
  // Kings may be written or not; each other letter is one piece; '*' after a letter allows
  // any number more of that piece (so "Q*" is zero or more queens), '+' one or more, and a
  // '*' on its own any further material of that side.
  bool seen_lower = false;
  bool king_written[2] = {false, false};
  PieceType last = NoPieceType;
  Color last_color = White;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '*' || c == '+') {
      if (last == NoPieceType || last == King) {
        if (c == '+') {
          error =
              "'+' must follow a piece letter in the material pattern '" + std::string(text) + "'";
          return false;
        }
        const Color side = seen_lower ? Black : White;
        for (int t = Pawn; t <= Queen; ++t) out.more_allowed_[side][t] = true;
        continue;
      }
      out.more_allowed_[last_color][last] = true;
      if (c == '*') --out.minimum_[last_color][last];
      last = NoPieceType;
      continue;
    }
    const bool lower = c >= 'a' && c <= 'z';
    const char upper = lower ? char(c - 32) : c;
    PieceType type = NoPieceType;
    switch (upper) {
      case 'K':
        type = King;
        break;
      case 'Q':
        type = Queen;
        break;
      case 'R':
        type = Rook;
        break;
      case 'B':
        type = Bishop;
        break;
      case 'N':
        type = Knight;
        break;
      case 'P':
        type = Pawn;
        break;
      default:
        error.clear();
        error.append(1, '\'').append(1, c);
        error.append(
            "' is not a piece letter (KQRBNP for White, kqrbnp for Black) in the material pattern "
            "'");
        error.append(text).append("'");
        return false;
    }
    if (!lower && seen_lower) {
      error = "White's pieces (capitals) come before Black's in the material pattern '" +
              std::string(text) + "'";
      return false;
    }
    seen_lower = seen_lower || lower;
    const Color side = lower ? Black : White;
    if (type == King) {
      if (king_written[side]) {
        error = "a side has one king, in the material pattern '" + std::string(text) + "'";
        return false;
      }
      king_written[side] = true;
    } else {
      if (out.minimum_[side][type] >= 16) {
        error = "too many pieces in the material pattern '" + std::string(text) + "'";
        return false;
      }
      ++out.minimum_[side][type];
    }
    last = type;
    last_color = side;
  }
  if (text.empty()) {
    error = "the material pattern is empty";
    return false;
  }
  return true;
}

bool MaterialPattern::matches(const Position& pos) const {
  for (int c = 0; c < 2; ++c)
    for (int t = Pawn; t <= Queen; ++t) {
      const int count = std::popcount(pos.pieces(Color(c), PieceType(t)));
      if (count < minimum_[c][t] || (count > minimum_[c][t] && !more_allowed_[c][t])) return false;
    }
  return true;
}

void append_game_as_read(std::string_view text, std::string& out) {
  out.append(text);
  const std::string_view eol = text.find("\r\n") != std::string_view::npos ? "\r\n" : "\n";
  if (!std::string_view(out).ends_with(eol)) out.append(eol);
  if (!std::string_view(out).substr(0, out.size() - eol.size()).ends_with(eol)) out.append(eol);
}

bool same_position(const Position& a, const Position& b) {
  if (a.side_to_move() != b.side_to_move() || a.castling_rights() != b.castling_rights() ||
      a.ep_square() != b.ep_square() || a.pieces(White) != b.pieces(White) ||
      a.pieces(Black) != b.pieces(Black))
    return false;
  for (int t = Pawn; t <= King; ++t)
    if (a.pieces(PieceType(t)) != b.pieces(PieceType(t))) return false;
  if (a.variant() != b.variant()) return false;
  if (a.variant() == Variant::Standard) return true;
  if (a.promoted() != b.promoted()) return false;
  for (Color c : {White, Black}) {
    if (a.checks_given(c) != b.checks_given(c)) return false;
    for (int t = Pawn; t <= King; ++t)
      if (a.pocket_count(c, PieceType(t)) != b.pocket_count(c, PieceType(t))) return false;
  }
  return true;
}

}  // namespace pgn
