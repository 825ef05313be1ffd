// The results a reader recognizes: the PGN standard's markers and the result forms of the
// notation tables (their `results` lists), for the parser, the validator and the commands that
// read results; and the marker a table writes. Defined in notation/notation.cpp.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "libpgn/notation.hpp"
#include "libpgn/types.hpp"

namespace pgn {

// The termination markers and Result tag values a reader recognizes: the PGN standard's
// four (read_result in tags.hpp), and the result forms of the built-in tables and of any
// table added, each with the result it stands for.
class ResultForms {
 public:
  ResultForms();  // the standard forms and those of the built-in tables
  // Also those of the tables a reading is given (ValidateOptions::extra_notations, then its
  // chosen notation): the forms the validator reads, for every command that reads results.
  ResultForms(std::span<const Notation* const> extra, const Notation* chosen);
  static const ResultForms& builtin();
  void add(const Notation& table);

  // Whether `text` is a result form; cheap when it is not (most tokens asked about).
  bool contains(std::string_view text) const {
    return !text.empty() && first_bytes_[static_cast<unsigned char>(text[0])] && find(text);
  }
  // The result `text` stands for: a standard form, else in `preferred` first, else in the
  // tables in the order they were added. False when no table lists it.
  bool read(std::string_view text, GameResult& out, const Notation* preferred = nullptr) const;

 private:
  const GameResult* find(std::string_view text) const;
  std::vector<std::pair<std::string, GameResult>> forms_;
  std::array<bool, 256> first_bytes_{};
};

// The marker `notation` writes for `result` (the first of its forms), or the standard one.
std::string_view written_result(GameResult result, const Notation* notation);

}  // namespace pgn
