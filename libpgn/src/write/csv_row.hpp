// One game as a CSV row (OutputFormat::Csv): its tags and the validator's verdict, in the
// columns the caller chose (see csv_fields() in libpgn/writers.hpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "libpgn/game_record.hpp"
#include "libpgn/writers.hpp"

namespace pgn::detail {

// Appends `value` as one RFC 4180 field: quoted, with its quotes doubled, when it holds '"',
// ',', CR or LF; as it is otherwise (bytes are kept, as the PGN writer keeps them).
void append_csv_field(std::string_view value, std::string& out);

class CsvRowWriter {
 public:
  // Appends the row, ended by CRLF (`columns` empty: the default ones). With
  // extras.opening, the ECO, Opening and Variation columns hold what the PGN writer would
  // write for them.
  void append(const GameRecord& record, const GameExtras& extras,
              const std::vector<std::string>& columns, std::string& out);

 private:
  // Each column's computed field (kTag for a tag), worked out once per list of columns.
  static constexpr int kTag = -1;
  const std::vector<std::string>* resolved_for_ = nullptr;
  std::vector<int> fields_;
  std::vector<std::string> default_columns_;
  std::string cell_;  // a computed cell's text, reused
};

}  // namespace pgn::detail
