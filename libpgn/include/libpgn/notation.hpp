// Notation tables: how one language writes moves. The tables are data (localization/*.json,
// embedded into the library); this header is their in-memory form. The one move parser
// (parse_move_text) and the one move writer (append_san) take a table; nullptr = English SAN.
#pragma once

#include <array>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "libpgn/types.hpp"

namespace pgn {

namespace detail {
// The move parser's index of a table (its first bytes, its castling forms): an internal type of
// libpgn/src/notation/move_text.cpp, built on the table's first use.
struct NotationIndex;
// Where a table keeps its index once built, and frees it. A copy of the table starts without
// one; a table must not change once used. Only the move parser reads or fills it.
class NotationIndexSlot {
 public:
  NotationIndexSlot() = default;
  NotationIndexSlot(const NotationIndexSlot&) noexcept {}
  NotationIndexSlot& operator=(const NotationIndexSlot&) noexcept;
  ~NotationIndexSlot();

 private:
  friend struct detail::NotationIndex;
  NotationIndex* built_ = nullptr;  // published with std::atomic_ref: threads may race to build
};
}  // namespace detail

// Every list holds UTF-8 strings; the first entry of a list is what the writer uses, the
// rest are accepted when reading. An empty list means "not written in this notation".
struct Notation {
  std::string code;     // "en", "ru", "de-spoken", ...
  std::string name;     // "English", "Russian", ...
  bool spoken = false;  // moves are phrases of words (e.g. "Springer Felix drei")

  // Indexed by PieceType (Pawn..King). For Pawn: letters accepted but never written.
  std::array<std::vector<std::string>, kPieceTypeCount> pieces;
  std::vector<std::string> castle_short;  // "O-O", "0-0", ...
  std::vector<std::string> castle_long;   // "O-O-O", "0-0-0", ...
  std::vector<std::string> capture;    // "x", ":", "×" (first = written; may be empty = omitted)
  std::vector<std::string> move_dash;  // long-form separators "-", "–", "—"
  std::vector<std::string> check;      // "+"
  std::vector<std::string> mate;       // "#", "X"
  std::vector<std::string> double_check;  // "++" where it means double check (Russian)
  std::vector<std::string> promotion;     // forms before the piece: "=", "/", "(" ; "" = none
  std::vector<std::string> en_passant;    // "e.p.", "ep", "е.п."
  // Look-alike letters accepted as file letters, indexed by file a..h (e.g. Cyrillic "а").
  std::array<std::vector<std::string>, 8> file_aliases;
  // Result forms, indexed by GameResult: 0 = "1-0", 1 = "0-1", 2 = "1/2-1/2", 3 = "*".
  std::array<std::vector<std::string>, 4> results;

  // Spoken notations: words for files, ranks, and for the connecting words.
  std::array<std::vector<std::string>, 8> file_words;
  std::array<std::vector<std::string>, 8> rank_words;
  std::vector<std::string> capture_words;    // "schlägt"
  std::vector<std::string> check_words;      // "Schach"
  std::vector<std::string> mate_words;       // "Matt"
  std::vector<std::string> promotion_words;  // "wird", "Umwandlung"
  std::vector<std::string> en_passant_words;
  std::vector<std::string> drop_words;  // a crazyhouse drop: "eingesetzt auf"

  std::string example;  // one game line in this notation, for docs and tests
  // When several notations read a game as the same legal game (German, Swedish and Danish
  // share K D T L S), the one with the lowest number is reported. Default 100.
  int detection_priority = 100;

 private:
  friend struct detail::NotationIndex;
  mutable detail::NotationIndexSlot index_;
};

// All notations built into the library (from localization/*.json), English first.
std::span<const Notation* const> builtin_notations();
// Looks up a built-in notation by code ("ru") or name ("Russian"), case-insensitively.
const Notation* find_notation(std::string_view code_or_name);
// English SAN, the reference table.
const Notation& english_notation();

// Limits of a table, which keep loading and indexing it linear in its size: every string
// of its lists (a piece symbol, a castling form, a phrase...) at most kMaxNotationFormBytes
// bytes, and at most kMaxNotationForms of them in all. The built-in tables use 14 bytes
// and 58 strings at most.
constexpr std::size_t kMaxNotationFormBytes = 64;
constexpr std::size_t kMaxNotationForms = 1000;

// Parses a notation table from JSON text (the localization/*.json format, see
// docs/notation.md). On failure returns nullptr and sets `error` to a message naming the
// problem (and its byte offset where simdjson gives one).
std::unique_ptr<Notation> parse_notation_json(std::string_view json, std::string& error);

}  // namespace pgn
