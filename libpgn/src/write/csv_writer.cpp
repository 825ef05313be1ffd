// OutputFormat::Csv: one row per game, for spreadsheets and data frames, or one per move.
#include <algorithm>
#include <charconv>
#include <optional>

#include "libpgn/bughouse_teams.hpp"
#include "libpgn/movegen.hpp"
#include "libpgn/report.hpp"
#include "libpgn/variant.hpp"
#include "openings/opening_tags.hpp"
#include "text/decimal.hpp"
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

// A bughouse match, as the validator read it (its rules "Bughouse..."): the record of one whose
// FEN tag gives both boards starts from a standard position.
bool is_bughouse_match(const GameRecord& record, const GameReport* report) {
  return record.start.variant() == Variant::Bughouse ||
         (report && report->variant.starts_with("Bughouse"));
}

void append_field(const GameRecord& record, const GameReport* report, Field field,
                  std::string& cell) {
  cell.clear();
  switch (field) {
    case Field::Game:
      if (report) detail::append_number(cell, report->index);
      break;
    case Field::Plies:
      if (report) detail::append_number(cell, report->plies);
      break;
    case Field::Verdict:
      if (report)
        cell = report->has_errors() ? "errors" : report->replayed ? "valid" : "not-checked";
      break;
    case Field::Errors:
      if (report) detail::append_number(cell, report->errors);
      break;
    case Field::Warnings:
      if (report) detail::append_number(cell, report->warnings);
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
      if (is_bughouse_match(record, report))
        cell = variant_name(Variant::Bughouse);
      else if (record.start.variant() != Variant::Standard)
        cell = variant_name(record.start.variant());
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

std::vector<std::string> csv_move_columns(bool fen) {
  std::vector<std::string> columns = {"game", "ply",     "san",       "uci",        "clock",
                                      "emt",  "eval_cp", "eval_mate", "eval_depth", "timestamp"};
  if (fen) columns.emplace_back("fen");
  return columns;
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
      std::string_view value = tag_cell(record, columns[i], plan);
      // A bughouse match has four players: White and Black are its teams.
      if (value.empty() && (columns[i] == "White" || columns[i] == "Black") &&
          is_bughouse_match(record, extras.report)) {
        cell_ =
            tags::bughouse_team([&](std::string_view name) { return tag_cell(record, name, plan); },
                                columns[i] == "White" ? White : Black);
        value = cell_;
      }
      append_csv_field(value, out);
    }
  }
  out += "\r\n";
}

namespace {

// A cell holding a number (the shortest form that reads back as the same double), or empty.
template <class Number>
void append_number_cell(const std::optional<Number>& value, std::string& out) {
  out += ',';
  if (!value) return;
  char digits[64];
  const auto result = std::to_chars(digits, digits + sizeof digits, *value);
  out.append(digits, result.ptr);
}

}  // namespace

void CsvMoveRows::move(const WalkedMove& m) {
  in_move_ = m.depth == 0;
  if (!in_move_) return;
  ply_ = m.ply + 1;
  san_ = m.san;
  uci_ = m.event->move.is_null() ? std::string("0000") : to_uci(*m.before, m.event->move);
  if (fen_) fen_text_ = m.after->fen();
  commands_ = CommentCommands();
}

void CsvMoveRows::move_end() {
  if (!in_move_) return;
  in_move_ = false;
  detail::append_number(out_, game_);
  out_ += ',';
  detail::append_number(out_, ply_);
  out_ += ',';
  append_csv_field(san_, out_);
  out_ += ',';
  out_ += uci_;
  append_number_cell(commands_.clock, out_);
  append_number_cell(commands_.emt, out_);
  const std::optional<Evaluation>& eval = commands_.eval;
  append_number_cell(eval ? eval->centipawns : std::nullopt, out_);
  append_number_cell(eval ? eval->mate : std::nullopt, out_);
  append_number_cell(eval ? eval->depth : std::nullopt, out_);
  append_number_cell(commands_.timestamp, out_);
  if (fen_) {
    out_ += ',';
    append_csv_field(fen_text_, out_);
  }
  out_ += "\r\n";
}

}  // namespace detail
}  // namespace pgn
