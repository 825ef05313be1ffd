#include "tags/tag_forms.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "libpgn/tags.hpp"

namespace pgn::tags {
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

}  // namespace

int date_part(std::string_view part) {
  if (part.empty()) return kNoDatePart;
  bool all_unknown = true, all_digits = true;
  for (char c : part) {
    all_unknown &= c == '?';
    all_digits &= is_digit(c);
  }
  if (all_unknown) return Date::kUnknown;
  if (!all_digits || part.size() > 4) return kNoDatePart;
  int n = 0;
  for (char c : part) n = n * 10 + (c - '0');
  return n;
}

FormReading mend_date(std::string_view value, std::string& out, std::string& why) {
  std::string written;
  value = as_written(value, written);
  if (read_date(value)) return FormReading::Standard;
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
  std::array<int, 3> n{Date::kUnknown, Date::kUnknown, Date::kUnknown};
  for (std::size_t i = 0; i < parts.size(); ++i) {
    n[i] = date_part(parts[i]);
    if (n[i] == kNoDatePart) return FormReading::Unreadable;
  }
  const bool year_first = parts[0].size() == 4;
  const bool year_last = parts.size() == 3 && parts[2].size() == 4 && parts[0].size() <= 2;
  if (year_first) {
    for (std::size_t i = 1; i < parts.size(); ++i)
      if (parts[i].size() > 2) return FormReading::Unreadable;
    if (is_calendar_date(n[0], n[1], n[2])) {
      out = standard_date(n[0], n[1], n[2]);
      return out == value ? FormReading::Standard : FormReading::Mended;
    }
    // YYYY.DD.MM: read so only when the middle number can be no month.
    if (parts.size() == 3 && n[1] > 12 && n[2] != Date::kUnknown &&
        is_calendar_date(n[0], n[2], n[1])) {
      out = standard_date(n[0], n[2], n[1]);
      why = "the day and the month were swapped";
      return FormReading::Mended;
    }
    return FormReading::Unreadable;
  }
  if (year_last) {
    const int a = n[0], b = n[1], year = n[2];
    const bool day_first = is_calendar_date(year, b, a), month_first = is_calendar_date(year, a, b);
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

FormReading mend_round(std::string_view value, std::string& out, std::string& /*why*/) {
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
  if (!is_round(mended)) return FormReading::Unreadable;
  if (mended == value) return FormReading::Standard;
  out = mended;
  return FormReading::Mended;
}

}  // namespace pgn::tags

namespace pgn {

std::optional<GameResult> detail::read_result_spelling(std::string_view value) {
  std::string v;
  for (char c : value)
    if (c != ' ' && !tags::is_control(c)) v += c;  // blanks, as the writer writes controls
  if (const std::optional<GameResult> standard = read_result(v)) return standard;
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
    if (v == f.text) return f.result;
  return std::nullopt;
}

}  // namespace pgn
