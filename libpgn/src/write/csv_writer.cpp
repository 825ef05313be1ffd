// OutputFormat::Csv: one row per game, for spreadsheets and data frames.
#include <algorithm>
#include <optional>

#include "libpgn/report.hpp"
#include "libpgn/variant.hpp"
#include "openings/opening_tags.hpp"
#include "write/csv_row.hpp"

namespace pgn {
namespace {

// The computed columns, in the order csv_fields() lists them.
enum class Field {
  Game,
  Plies,
  Verdict,
  Errors,
  Warnings,
  Codes,
  Termination,
  Variant,
  Notation,
  StartFen
};
constexpr std::string_view kFieldNames[] = {"game",     "plies",    "verdict",     "errors",
                                            "warnings", "codes",    "termination", "variant",
                                            "notation", "start_fen"};

std::optional<Field> field_named(std::string_view name) {
  const auto* at = std::find(std::begin(kFieldNames), std::end(kFieldNames), name);
  if (at == std::end(kFieldNames)) return std::nullopt;
  return Field(at - std::begin(kFieldNames));
}

// The first value of tag `name`, as the PGN writer would write it with `plan` (--eco).
std::string_view tag_cell(const GameRecord& record, std::string_view name,
                          const std::optional<detail::OpeningTagPlan>& plan) {
  for (std::size_t i = 0; i < record.tags.size(); ++i) {
    if (record.tags[i].first != name) continue;
    std::string_view value = record.tags[i].second;
    if (plan && plan->change(i, value) == detail::OpeningTagPlan::Change::Drop) return {};
    return value;
  }
  std::string_view added;
  if (plan)
    plan->for_each_added([&](std::string_view tag, std::string_view value) {
      if (tag == name) added = value;
    });
  return added;
}

void append_field(const GameRecord& record, const GameReport* report, Field field,
                  std::string& cell) {
  cell.clear();
  switch (field) {
    case Field::Game:
      if (report) cell = std::to_string(report->index);
      break;
    case Field::Plies:
      if (report) cell = std::to_string(report->plies);
      break;
    case Field::Verdict:
      if (report)
        cell = report->has_errors() ? "errors" : report->replayed ? "valid" : "not-checked";
      break;
    case Field::Errors:
      if (report) cell = std::to_string(report->errors);
      break;
    case Field::Warnings:
      if (report) cell = std::to_string(report->warnings);
      break;
    case Field::Codes:
      if (!report) break;
      for (std::size_t i = 0; i < report->problems.size(); ++i) {
        const Code code = report->problems[i].code;
        const bool seen = std::any_of(report->problems.begin(), report->problems.begin() + long(i),
                                      [&](const Diagnostic& d) { return d.code == code; });
        if (seen) continue;
        if (!cell.empty()) cell += ' ';
        cell += code_info(code).name;
      }
      break;
    case Field::Termination:
      cell = result_text(record.result);
      break;
    case Field::Variant:
      if (record.start.variant() != Variant::Standard) cell = variant_name(record.start.variant());
      break;
    case Field::Notation:
      cell = record.notation;
      break;
    case Field::StartFen:
      cell = record.start.fen();
      break;
  }
}

}  // namespace

std::vector<std::string_view> csv_fields() {
  return {std::begin(kFieldNames), std::end(kFieldNames)};
}

void append_csv_header(const std::vector<std::string>& columns, std::string& out) {
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (i) out += ',';
    detail::append_csv_field(columns[i], out);
  }
  out += "\r\n";
}

namespace detail {

void append_csv_field(std::string_view value, std::string& out) {
  if (value.find_first_of("\",\r\n") == std::string_view::npos) {
    out += value;
    return;
  }
  out += '"';
  for (const char c : value) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

void CsvRowWriter::append(const GameRecord& record, const GameExtras& extras,
                          const std::vector<std::string>& chosen, std::string& out) {
  if (chosen.empty() && default_columns_.empty()) default_columns_ = default_csv_columns();
  const std::vector<std::string>& columns = chosen.empty() ? default_columns_ : chosen;
  std::optional<OpeningTagPlan> plan;
  if (extras.opening) {
    plan.emplace(*extras.opening, extras.opening_mode);
    for (std::size_t i = 0; i < record.tags.size(); ++i) plan->see(i, record.tags[i].first);
    plan->decide();
  }
  if (resolved_for_ != &columns || fields_.size() != columns.size()) {
    fields_.clear();
    for (const std::string& name : columns) {
      const std::optional<Field> field = field_named(name);
      fields_.push_back(field ? int(*field) : kTag);
    }
    resolved_for_ = &columns;
  }
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (i) out += ',';
    if (fields_[i] != kTag) {
      append_field(record, extras.report, Field(fields_[i]), cell_);
      append_csv_field(cell_, out);
    } else {
      append_csv_field(tag_cell(record, columns[i], plan), out);
    }
  }
  out += "\r\n";
}

}  // namespace detail
}  // namespace pgn
