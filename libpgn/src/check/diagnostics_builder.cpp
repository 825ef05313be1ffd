#include "check/diagnostics_builder.hpp"

#include <algorithm>
#include <string_view>
#include <utility>

#include "libpgn/parser.hpp"
#include "text/text_scan.hpp"

namespace pgn {
namespace {
// A game can carry millions of problems (a line of stray braces): the report lists the first
// kMaxListedProblems, counts the rest, and ends with one saying how many were left out.
constexpr std::size_t kMaxListedProblems = 1000;
}  // namespace

void DiagnosticsBuilder::begin(const RawGame& game, GameReport& report) {
  game_ = &game;
  report_ = &report;
  report = GameReport{};
  report.index = game.index;
  report.start = game.start;
  unlisted_ = 0;
  column_cache_ = {};
}

void DiagnosticsBuilder::finish() {
  if (!unlisted_) return;
  // Counted with the problems it stands for, which are already in the totals.
  list(Code::LimitExceeded, Severity::Error, game_->start,
       std::to_string(unlisted_) + " more problems in this game are not listed");
  --report_->errors;
}

Diagnostic* DiagnosticsBuilder::add(Code code, TextPos pos, std::string message) {
  return add_as(code, severity(code), pos, std::move(message));
}

Diagnostic* DiagnosticsBuilder::add_warning(Code code, TextPos pos, std::string message) {
  return add_as(code, rules_.of_warning(), pos, std::move(message));
}

Diagnostic* DiagnosticsBuilder::add_as(Code code, Severity s, TextPos pos, std::string message) {
  if (rules_.ignores(code)) return nullptr;
  if (report_->problems.size() >= kMaxListedProblems) {
    SeverityRules::count(s, *report_);
    ++unlisted_;
    return nullptr;
  }
  return list(code, s, pos, std::move(message));
}

Diagnostic* DiagnosticsBuilder::list(Code code, Severity severity, TextPos pos,
                                     std::string message) {
  Diagnostic& d = report_->problems.emplace_back();
  d.code = code;
  d.severity = severity;
  d.game = game_->index;
  d.offset = pos.offset;
  d.line = pos.line;
  d.column = column_of(pos);
  d.message = std::move(message);
  fill_source_line(d, pos);
  SeverityRules::count(d.severity, *report_);
  return &d;
}

// Columns the parser left uncounted (wants_columns): counted here for the few positions
// reported, from the last one found when it is on the same line and earlier, so that many
// problems on one long line do not each count from the line's start.
std::uint32_t DiagnosticsBuilder::column_of(TextPos pos) {
  if (pos.column != 0) return pos.column;
  const RawGame& game = *game_;
  const std::string_view text = game.text;
  if (pos.offset < game.start.offset) return column_at(game, pos);
  const std::size_t at = std::min<std::size_t>(text_index(game, pos.offset), text.size());
  if (column_cache_.line != pos.line || column_cache_.at > at) {
    column_cache_ = {pos.line, at, column_at(game, pos)};
    return column_cache_.column;
  }
  column_cache_.column += static_cast<std::uint32_t>(detail::count_code_points(
      text.data() + column_cache_.at, text.data() + at, text.data() + text.size()));
  column_cache_.at = at;
  return column_cache_.column;
}

// The input line around `pos`, cut to a window when the line is long.
void DiagnosticsBuilder::fill_source_line(Diagnostic& d, TextPos pos) const {
  std::string_view text = game_->text;
  if (pos.offset < game_->start.offset) return;
  std::size_t at = std::min<std::size_t>(text_index(*game_, pos.offset), text.size());
  constexpr std::size_t kWindow = 120;
  // The line's ends are looked for only around `at`: a problem on a line of megabytes must
  // not cost a scan of the whole line.
  const std::size_t look_from = at > kWindow ? at - kWindow : 0;
  std::size_t begin = text.substr(look_from, at - look_from).rfind('\n');
  begin = begin == std::string_view::npos ? look_from : look_from + begin + 1;
  std::size_t end = text.substr(at, kWindow + 1).find('\n');
  end = end == std::string_view::npos ? std::min(text.size(), at + kWindow + 1) : at + end;
  if (end > begin && text[end - 1] == '\r') --end;
  std::size_t from = begin;
  if (end - begin > kWindow && at - begin > kWindow / 2) from = at - kWindow / 2;
  while (from > begin && (static_cast<unsigned char>(text[from]) & 0xC0) == 0x80) --from;
  std::size_t to = std::min(end, from + kWindow);
  while (to < end && (static_cast<unsigned char>(text[to]) & 0xC0) == 0x80) ++to;
  // A cut line is marked with "..." at the cut ends.
  d.source_line = from > begin ? "..." : "";
  d.source_line.append(text.substr(from, to - from));
  if (to < end) d.source_line += "...";
  for (char& c : d.source_line)
    if (c == '\t' || c == '\r') c = ' ';
  std::uint32_t caret = from > begin ? 4 : 1;
  for (std::size_t i = from; i < at && i < to; ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++caret;
  d.source_column = caret;
}

void DiagnosticsBuilder::sort_by_position(GameReport& report) {
  std::stable_sort(report.problems.begin(), report.problems.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.offset < b.offset; });
}

}  // namespace pgn
