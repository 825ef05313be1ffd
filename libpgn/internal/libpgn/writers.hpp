// Writers: turn a replayed game (GameRecord) into text. PGN export format, long algebraic in
// PGN layout, JSON / JSON Lines, UCI move lists, FEN after every ply, EPD, and CSV (one row of
// tags and verdict per game).
//
// Every writer walks the record in one canonical order, so that the same game always gives
// the same text whatever the order of its annotations in the input:
//   comments before the first move of a line; then per move: the move, its NAGs, the
//   comments right after it, its variations, then the comments that followed its variations.
// NAGs before the first move of a line and variations without a move are dropped. The JSON
// writer keeps exactly this structure, which is why JSON converts back to the same PGN.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/diagnostics.hpp"
#include "libpgn/game_record.hpp"
#include "libpgn/game_report.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/openings.hpp"
#include "libpgn/tags.hpp"

namespace pgn {

enum class OutputFormat : std::uint8_t { Pgn, Json, Jsonl, Uci, Lan, Fen, Epd, Csv };

// "pgn", "json", "jsonl", "uci", "lan", "fen", "epd", "csv".
bool output_format_from_name(std::string_view name, OutputFormat& out);
const char* output_format_name(OutputFormat format);
// Every format's name, in the order above (for help texts and shell completions).
std::vector<std::string_view> output_format_names();

// OutputFormat::Csv: the columns a row can have besides tags, named in lower case (a column
// of any other name is the game's tag of that name, its first value, empty when it has none):
//   game      the game's number in its input (1-based)
//   plies     main-line half-moves replayed
//   verdict   valid, errors, or not-checked (no errors, but the moves were not replayed)
//   errors, warnings   the game's problem counts; codes  its problem codes, space-separated
//   termination        the movetext's termination marker ("" when it has none)
//   variant, notation, start_fen   as the JSON writer names them
std::vector<std::string_view> csv_fields();
// The default columns: the Seven Tag Roster, plies, verdict, errors and warnings.
std::vector<std::string> default_csv_columns();
// Appends the header row (RFC 4180: fields quoted where they hold '"', ',', CR or LF; rows
// end with CRLF). Written once before the games' rows.
void append_csv_header(const std::vector<std::string>& columns, std::string& out);

// OutputFormat::Csv with WriterOptions::csv_moves: the columns of a move's row, "game", "ply",
// "san", "uci", "clock", "emt", "eval_cp", "eval_mate", "eval_depth", "timestamp", then "fen"
// when `fen`.
std::vector<std::string> csv_move_columns(bool fen);

struct WriterOptions {
  OutputFormat format = OutputFormat::Pgn;
  // Pgn and Lan: write moves and the termination marker in this table (nullptr = English,
  // with the record's canonical SAN). Tags are never translated.
  const Notation* notation = nullptr;
  bool fen = false;            // Json: the FEN after every move
  bool keep_suffixes = false;  // NAGs $1..$6 right after a move are written as !, ?, !!, ...
  bool comments = true;
  bool variations = true;
  bool nags = true;
  // Pgn and Lan movetext lines, in characters; 0 writes each game's movetext on one line.
  std::size_t line_width = 79;
  // Csv: the columns (see csv_fields()); empty: default_csv_columns().
  std::vector<std::string> csv_columns;
  // Csv: a row per main-line move instead of one per game, in csv_move_columns(fen)'s columns
  // (the comment commands as numbers, the FEN after the move with `fen`).
  bool csv_moves = false;
};

// What a game's text needs beyond its record.
struct GameExtras {
  const GameReport* report = nullptr;  // Json: "problems"; Csv: the verdict and counts
  // Json: the game's input text, for games that are passed on unchanged (they carry errors).
  std::string_view unchanged_text;
  // A comment after the last move of the main line, e.g. why the game was cut short.
  std::string_view closing_comment;
  bool unknown_result = false;  // write "*" whatever the record's result
  // Pgn, Lan and Json: the tags are written as if set_opening_tags(record, *opening,
  // opening_mode) (libpgn/openings.hpp) had been called, without changing the record.
  const Opening* opening = nullptr;
  OpeningTagMode opening_mode{};
};

// Writes games one after another; reuses its buffers, so keep one per thread.
class GameWriter {
 public:
  explicit GameWriter(const WriterOptions& options);
  ~GameWriter();
  GameWriter(const GameWriter&) = delete;
  GameWriter& operator=(const GameWriter&) = delete;

  // Appends one game in the chosen format. Json writes the object alone (no separator, no
  // newline: see json_array_*); every other format ends the game with its separator.
  void write(const GameRecord& record, std::string& out, const GameExtras& extras = {});

  const WriterOptions& options() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// OutputFormat::Json writes one array: "[\n", the games separated by ",\n", then "\n]\n".
inline constexpr std::string_view kJsonArrayOpen = "[\n";
inline constexpr std::string_view kJsonArraySeparator = ",\n";
inline constexpr std::string_view kJsonArrayClose = "\n]\n";

// Appends a game's input text unchanged, followed by the blank line that separates games
// (whatever whitespace ended the text is replaced by exactly one newline and a blank line).
void append_unchanged_game(std::string_view text, std::string& out);

}  // namespace pgn
