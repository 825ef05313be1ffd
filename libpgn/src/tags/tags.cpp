// The strict readers of tag values and the escapes of a tag value (libpgn/tags.hpp); the
// lenient readings are in tag_forms.cpp.
#include "libpgn/tags.hpp"

#include "tags/tag_forms.hpp"
#include "tags/tag_value.hpp"

namespace pgn {
namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// Past the digits at p (at least one), or nullptr.
const char* digits(const char* p, const char* end) {
  const char* start = p;
  while (p < end && is_digit(*p)) ++p;
  return p == start ? nullptr : p;
}

// Past "digits" or "digits.digits" at p, or nullptr.
const char* seconds(const char* p, const char* end) {
  p = digits(p, end);
  if (p && p < end && *p == '.') p = digits(p + 1, end);
  return p;
}

// Past one period of a time control at p ("40/7200", "300+2", "300", "*60"), or nullptr.
const char* time_control_period(const char* p, const char* end) {
  if (p < end && *p == '*') return seconds(p + 1, end);
  const char* q = digits(p, end);
  if (q && q < end && *q == '/') return seconds(q + 1, end);
  q = seconds(p, end);
  if (q && q < end && *q == '+') q = seconds(q + 1, end);
  return q;
}

// "?", "-", or one or more items separated by `separator`, each read by `item`.
bool unknown_or_list(std::string_view text, char separator,
                     const char* (*item)(const char*, const char*)) {
  if (text == "?" || text == "-") return true;
  const char* p = text.data();
  const char* const end = p + text.size();
  for (;;) {
    if (!(p = item(p, end))) return false;
    if (p == end) return true;
    if (*p++ != separator) return false;
  }
}

}  // namespace

bool is_calendar_date(int year, int month, int day) {
  if (month != Date::kUnknown && (month < 1 || month > 12)) return false;
  if (day == Date::kUnknown) return true;
  static constexpr int kDays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (day < 1 || day > (month == Date::kUnknown ? 31 : kDays[month - 1])) return false;
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return !(month == 2 && day == 29 && year != Date::kUnknown && !leap);
}

namespace {
// The parts of a date in the standard's form, whatever their values; false when not so written.
bool date_in_form(std::string_view text, Date& d) {
  if (text.size() != 10 || text[4] != '.' || text[7] != '.') return false;
  d.year = tags::date_part(text.substr(0, 4));
  d.month = tags::date_part(text.substr(5, 2));
  d.day = tags::date_part(text.substr(8, 2));
  return d.year != tags::kNoDatePart && d.month != tags::kNoDatePart && d.day != tags::kNoDatePart;
}
}  // namespace

bool has_date_form(std::string_view text) {
  Date d;
  return date_in_form(text, d);
}

std::optional<Date> read_date(std::string_view text) {
  Date d;
  if (!date_in_form(text, d) || !is_calendar_date(d.year, d.month, d.day)) return std::nullopt;
  return d;
}

bool is_round(std::string_view text) {
  return unknown_or_list(text, '.', digits);
}

bool is_elo(std::string_view text) {
  if (text == "?" || text == "-" || text.empty()) return true;
  if (text.size() > 4) return false;
  for (char c : text)
    if (!is_digit(c)) return false;
  return true;
}

bool is_time_control(std::string_view text) {
  return unknown_or_list(text, ':', time_control_period);
}

std::string unescape_tag_value(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\' && i + 1 < raw.size() && (raw[i + 1] == '"' || raw[i + 1] == '\\')) ++i;
    out.push_back(raw[i]);
  }
  return out;
}

void append_tag_value(std::string_view value, std::string& out) {
  tags::append_tag_value_to(value, out);
}

}  // namespace pgn
