#include "repair/tag_forms.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace pgn::repair {
namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// A byte a tag value cannot hold: the PGN writer writes it as a space (append_tag_value).
bool is_control(char c) {
  return static_cast<unsigned char>(c) < 0x20 || c == 0x7F;
}

// The value as `pgn fix` will write it: control characters as spaces. The forms are read from
// this, so that a value reads the same before and after fix has written it.
std::string_view as_written(std::string_view value, std::string& copy) {
  if (std::none_of(value.begin(), value.end(), is_control)) return value;
  copy.assign(value);
  for (char& c : copy)
    if (is_control(c)) c = ' ';
  return copy;
}

std::string_view trim(std::string_view v) {
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
  return v;
}

// A part of a date: digits, or question marks (unknown); -1 for unknown, -2 for neither.
int date_part(std::string_view part) {
  if (part.empty()) return -2;
  bool all_unknown = true, all_digits = true;
  for (char c : part) {
    all_unknown &= c == '?';
    all_digits &= is_digit(c);
  }
  if (all_unknown) return -1;
  if (!all_digits || part.size() > 4) return -2;
  int n = 0;
  for (char c : part) n = n * 10 + (c - '0');
  return n;
}

bool is_standard_date(std::string_view v) {
  if (v.size() != 10 || v[4] != '.' || v[7] != '.') return false;
  const int year = date_part(v.substr(0, 4)), month = date_part(v.substr(5, 2)),
            day = date_part(v.substr(8, 2));
  if (year == -2 || month == -2 || day == -2) return false;
  return (month == -1 || (month >= 1 && month <= 12)) && (day == -1 || (day >= 1 && day <= 31));
}

void append_two(std::string& out, int n) {
  if (n < 0) {
    out += "??";
    return;
  }
  out += char('0' + n / 10);
  out += char('0' + n % 10);
}

std::string standard_date(int year, int month, int day) {
  std::string out;
  if (year < 0)
    out = "????";
  else
    for (int div = 1000; div; div /= 10) out += char('0' + year / div % 10);
  out += '.';
  append_two(out, month);
  out += '.';
  append_two(out, day);
  return out;
}

bool month_ok(int m) {
  return m == -1 || (m >= 1 && m <= 12);
}
bool day_ok(int d) {
  return d == -1 || (d >= 1 && d <= 31);
}

}  // namespace

FormReading read_date(std::string_view value, std::string& out, std::string& why) {
  std::string written;
  value = as_written(value, written);
  if (is_standard_date(value)) return FormReading::Standard;
  const std::string_view v = trim(value);
  if (v.empty() || v == "?" || v == "-") {
    out = "????.??.??";
    return FormReading::Mended;
  }
  std::vector<std::string_view> parts;
  std::size_t begin = 0;
  for (std::size_t i = 0; i <= v.size(); ++i)
    if (i == v.size() || v[i] == '-' || v[i] == '.' || v[i] == '/') {
      parts.push_back(v.substr(begin, i - begin));
      begin = i + 1;
    }
  if (parts.size() > 3) return FormReading::Unreadable;
  std::array<int, 3> n{-1, -1, -1};
  for (std::size_t i = 0; i < parts.size(); ++i) {
    n[i] = date_part(parts[i]);
    if (n[i] == -2) return FormReading::Unreadable;
  }
  const bool year_first = parts[0].size() == 4;
  const bool year_last = parts.size() == 3 && parts[2].size() == 4 && parts[0].size() <= 2;
  if (year_first) {
    for (std::size_t i = 1; i < parts.size(); ++i)
      if (parts[i].size() > 2) return FormReading::Unreadable;
    if (month_ok(n[1]) && day_ok(n[2])) {
      out = standard_date(n[0], n[1], n[2]);
      return out == value ? FormReading::Standard : FormReading::Mended;
    }
    // YYYY.DD.MM: read so only when the middle number can be no month.
    if (parts.size() == 3 && n[1] > 12 && day_ok(n[1]) && month_ok(n[2]) && n[2] != -1) {
      out = standard_date(n[0], n[2], n[1]);
      why = "the day and the month were swapped";
      return FormReading::Mended;
    }
    return FormReading::Unreadable;
  }
  if (year_last) {
    const int a = n[0], b = n[1], year = n[2];
    const bool day_first = day_ok(a) && month_ok(b), month_first = month_ok(a) && day_ok(b);
    if (day_first && month_first && a != b) {
      why = "day.month.year and month.day.year both fit";
      return FormReading::Ambiguous;
    }
    if (day_first) {
      out = standard_date(year, b, a);
      return FormReading::Mended;
    }
    if (month_first) {
      out = standard_date(year, a, b);
      return FormReading::Mended;
    }
  }
  return FormReading::Unreadable;
}

FormReading read_round(std::string_view value, std::string& out, std::string& /*why*/) {
  // digits(.digits)*, ? or -
  auto standard = [](std::string_view v) {
    if (v == "?" || v == "-") return true;
    bool digit_before = false;
    for (char c : v) {
      if (is_digit(c))
        digit_before = true;
      else if (c == '.' && digit_before)
        digit_before = false;
      else
        return false;
    }
    return digit_before;
  };
  std::string written;
  value = as_written(value, written);
  std::string_view v = trim(value);
  // "Round 3", "Rd. 3", "R3": the word says nothing the number does not.
  for (std::string_view word : {"round", "rd.", "rd", "r"}) {
    if (v.size() > word.size()) {
      bool same = true;
      for (std::size_t i = 0; i < word.size(); ++i)
        same &= char(v[i] | 0x20) == word[i] || v[i] == word[i];
      if (same && (is_digit(v[word.size()]) || v[word.size()] == ' ')) {
        v = trim(v.substr(word.size()));
        break;
      }
    }
  }
  if (v.empty()) v = "?";
  std::string mended(v);
  // "1.0", "12.00": a number a spreadsheet wrote as a decimal. A sub-round is never 0.
  const std::size_t dot = mended.find('.');
  if (dot != std::string::npos && dot > 0 && mended.find('.', dot + 1) == std::string::npos &&
      mended.find_first_not_of('0', dot + 1) == std::string::npos && dot + 1 < mended.size())
    mended.resize(dot);
  if (!standard(mended)) return FormReading::Unreadable;
  if (mended == value) return FormReading::Standard;
  out = mended;
  return FormReading::Mended;
}

bool read_result_spelling(std::string_view value, GameResult& out) {
  std::string v;
  for (char c : value)
    if (c != ' ' && !is_control(c)) v += c;  // blanks, as the writer writes controls
  if (standard_result(v, out)) return true;
  struct Form {
    std::string_view text;
    GameResult result;
  };
  static constexpr Form kForms[] = {
      {"1:0", GameResult::WhiteWins}, {"0:1", GameResult::BlackWins},
      {"1–0", GameResult::WhiteWins}, {"0–1", GameResult::BlackWins},
      {"½-½", GameResult::Draw},      {"½:½", GameResult::Draw},
      {"½–½", GameResult::Draw},      {"½", GameResult::Draw},
      {"1/2", GameResult::Draw},      {"1/2:1/2", GameResult::Draw},
      {"0.5-0.5", GameResult::Draw},  {"0,5-0,5", GameResult::Draw},
      {"0.5:0.5", GameResult::Draw},  {"?", GameResult::Unknown},
      {"", GameResult::Unknown},
  };
  for (const Form& f : kForms)
    if (v == f.text) {
      out = f.result;
      return true;
    }
  return false;
}

}  // namespace pgn::repair
