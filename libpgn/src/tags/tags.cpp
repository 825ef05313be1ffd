// The strict readers of tag values and the escapes of a tag value (libpgn/tags.hpp); the
// lenient readings are in tag_forms.cpp.
#include "libpgn/tags.hpp"

#include <charconv>
#include <limits>

#include "tags/tag_forms.hpp"
#include "tags/tag_value.hpp"

namespace pgn {
namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// The longest whole number these tags hold: 18 digits always fit an int64.
constexpr std::ptrdiff_t kMaxDigits = 18;

// Past a whole number of 1 to 18 digits at p, its value in `value`; nullptr otherwise.
const char* whole_number(const char* p, const char* end, std::uint64_t& value) {
  const char* q = p;
  while (q < end && is_digit(*q)) ++q;
  if (q == p || q - p > kMaxDigits) return nullptr;
  value = 0;
  for (; p < q; ++p) value = value * 10 + std::uint64_t(*p - '0');
  return q;
}

// Past "digits" or "digits.digits" at p, its value in `*value` unless that is null (a check
// reads no number); nullptr otherwise.
const char* seconds(const char* p, const char* end, double* value) {
  const char* q = p;
  while (q < end && is_digit(*q)) ++q;
  if (q == p) return nullptr;
  if (q < end && *q == '.') {
    const char* fraction = ++q;
    while (q < end && is_digit(*q)) ++q;
    if (q == fraction) return nullptr;
  }
  if (value && std::from_chars(p, q, *value).ec == std::errc::result_out_of_range)
    *value = std::numeric_limits<double>::infinity();
  return q;
}

// Past one period of a time control at p ("40/7200", "300+2", "300", "*60"), read into
// `period` (its seconds when `read_seconds`); nullptr otherwise.
const char* time_control_period(const char* p, const char* end, TimeControlPeriod& period,
                                bool read_seconds) {
  using Kind = TimeControlPeriod::Kind;
  period = {};
  double* const time = read_seconds ? &period.seconds : nullptr;
  double* const increment = read_seconds ? &period.increment : nullptr;
  if (p < end && *p == '*') {
    period.kind = Kind::Sandclock;
    return seconds(p + 1, end, time);
  }
  const char* q = whole_number(p, end, period.moves);
  if (q && q < end && *q == '/') {
    period.kind = Kind::Moves;
    return seconds(q + 1, end, time);
  }
  period.moves = 0;
  q = seconds(p, end, time);
  if (q && q < end && *q == '+') q = seconds(q + 1, end, increment);
  return q;
}

// One or more items separated by `separator`, each read by `item(p, end)` (past it, or
// nullptr).
template <class Item>
bool list_of(std::string_view text, char separator, Item item) {
  const char* p = text.data();
  const char* const end = p + text.size();
  for (;;) {
    if (!(p = item(p, end))) return false;
    if (p == end) return true;
    if (*p++ != separator) return false;
  }
}

// The rules of read_round and read_time_control, each item handed to `take` as it is read:
// is_round and is_time_control read with the same rule and keep nothing (the validator checks
// every game's tags, so its checks allocate nothing).
template <class Take>
bool round_parts(std::string_view text, Take take) {
  return list_of(text, '.', [&](const char* p, const char* end) {
    std::uint64_t part = 0;
    p = whole_number(p, end, part);
    if (p) take(part);
    return p;
  });
}

template <class Take>
bool time_control_periods(std::string_view text, Take take, bool read_seconds = true) {
  return list_of(text, ':', [&](const char* p, const char* end) {
    TimeControlPeriod period;
    p = time_control_period(p, end, period, read_seconds);
    if (p) take(period);
    return p;
  });
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

namespace {
// "?" (the value's Kind::Unknown), "-" (`dash`), or the items `scan` reads into `items`.
template <class Value, class Item, class Scan>
std::optional<Value> read_listed(std::string_view text, typename Value::Kind listed,
                                 typename Value::Kind dash, std::vector<Item> Value::*items,
                                 Scan scan) {
  Value value;
  value.kind = text == "?" ? Value::Kind::Unknown : text == "-" ? dash : listed;
  if (value.kind != listed) return value;
  if (!scan(text, [&](const Item& item) { (value.*items).push_back(item); })) return std::nullopt;
  return value;
}

// `text` as a whole number of 1 to 18 digits (whole_number), or nothing.
std::optional<std::uint64_t> whole_text_number(std::string_view text) {
  std::uint64_t n = 0;
  const char* end = text.data() + text.size();
  if (text.empty() || whole_number(text.data(), end, n) != end) return std::nullopt;
  return n;
}
}  // namespace

std::optional<Round> read_round(std::string_view text) {
  return read_listed(text, Round::Kind::Numbered, Round::Kind::NotApplicable, &Round::parts,
                     [](std::string_view t, auto take) { return round_parts(t, take); });
}

bool is_round(std::string_view text) {
  return text == "?" || text == "-" || round_parts(text, [](std::uint64_t) {});
}

std::optional<int> read_elo(std::string_view text) {
  if (text.size() > 4) return std::nullopt;
  const std::optional<std::uint64_t> rating = whole_text_number(text);
  if (!rating) return std::nullopt;
  return int(*rating);
}

bool is_elo(std::string_view text) {
  return text == "?" || text == "-" || text.empty() || read_elo(text);
}

std::optional<std::int64_t> read_tag_number(std::string_view text, NumberReading reading) {
  bool negative = false;
  if (reading == NumberReading::Signed) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
      negative = text[0] == '-';
      text.remove_prefix(1);
    }
  }
  const std::optional<std::uint64_t> n = whole_text_number(text);
  if (!n) return std::nullopt;
  return negative ? -std::int64_t(*n) : std::int64_t(*n);
}

std::optional<TimeControl> read_time_control(std::string_view text) {
  return read_listed(text, TimeControl::Kind::Periods, TimeControl::Kind::None,
                     &TimeControl::periods,
                     [](std::string_view t, auto take) { return time_control_periods(t, take); });
}

bool is_time_control(std::string_view text) {
  return text == "?" || text == "-" ||
         time_control_periods(
             text, [](const TimeControlPeriod&) {}, false);
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
