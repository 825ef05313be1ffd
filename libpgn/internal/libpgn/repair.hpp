// Repairing games: the faults validation finds that can be mended mechanically, mended, and
// every change said (where, what it was, what it is now). Defined in src/repair/repair.cpp.
//
//   pgn::GameRepairer repairer(validate_options, repair_options);
//   pgn::RepairedGame fixed;
//   repairer.repair(raw_game, fixed);
//   if (!fixed.unchanged) writer.write(fixed.record, out, {.closing_comment = fixed.closing});
//
// A legal move is never changed (only its spelling, with check signs, unless keep_notation);
// an illegal move is not guessed at unless repair_illegal, and then only when exactly one
// legal move fits an evident slip.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "libpgn/diagnostics.hpp"
#include "libpgn/game_record.hpp"
#include "libpgn/game_report.hpp"
#include "libpgn/splitter.hpp"
#include "libpgn/validator.hpp"

namespace pgn {

struct RepairOptions {
  bool keep_dropped = false;    // moves after the end of the game kept in a comment
  bool keep_notation = false;   // moves kept as written (only wrong check signs corrected)
  bool repair_illegal = false;  // an illegal move with exactly one evident slip is replaced
};

// What kind of change a Repair is. Stable names (repair_kind_name) for reports.
enum class RepairKind : std::uint8_t {
  Result,        // "result": the Result tag and/or the termination marker set
  MissingTag,    // "missing-tag": a Seven Tag Roster tag added with "?"
  TagForm,       // "tag-form": a tag value rewritten to the standard's form
  DuplicateTag,  // "duplicate-tag": a repeated roster tag dropped (the first value is kept)
  CheckSign,     // "check-sign": + or # added, removed or corrected
  Notation,      // "notation": a legal move respelled as SAN
  DroppedMoves,  // "dropped-moves": moves after checkmate, stalemate or a variant's end
  IllegalCut,    // "illegal-move-cut": the line ends before an illegal move; the rest is kept
                 // in a comment
  GuessedMove,   // "guessed-move": --repair-illegal replaced an illegal move by the one slip
  Encoding,      // "encoding": a game in a single-byte code page written as UTF-8
  NotMended,     // "not-mended": a fault that cannot be mended mechanically (reported only)
  Count
};
const char* repair_kind_name(RepairKind kind);

struct Repair {
  RepairKind kind = RepairKind::Result;
  std::uint32_t line = 0;    // in the input, 1-based
  std::uint32_t column = 0;  // in characters, 1-based
  std::uint32_t ply = 0;     // 0: not about a move
  std::string variation;     // "" for the main line, as in Diagnostic
  std::string was;           // the text as it was ("" when there was none)
  std::string now;           // the text as it is written now ("" when removed)
  std::string why;           // a sentence for people
};

// One game after repair.
struct RepairedGame {
  GameReport report;  // what validation found in the input (before any repair)
  GameRecord record;  // the game to write (when !unchanged)
  // A comment after the last move of the main line: the moves cut or dropped there.
  std::string closing_comment;
  // The game cannot be written from its record (a syntax error, a bad FEN, a variant that is
  // not replayed, a game over a limit): it is to be passed on as it was, and NotMended
  // repairs say why.
  bool unchanged = false;
  // A game passed on whose moves were guessed (repair_illegal, a spoken notation): its text
  // with the moves meant put in, to be passed on instead of the input's. Empty otherwise.
  std::string mended_text;
  bool cut = false;  // the main line was cut at an illegal move
  std::vector<Repair> repairs;
  std::uint32_t changes() const;  // repairs other than NotMended
};

// Repairs games one after another; reuses its buffers, so keep one per thread.
class GameRepairer {
 public:
  GameRepairer(const ValidateOptions& validate, const RepairOptions& options);
  ~GameRepairer();
  GameRepairer(const GameRepairer&) = delete;
  GameRepairer& operator=(const GameRepairer&) = delete;

  void repair(const RawGame& game, RepairedGame& out);
  // The games repaired next, all of one input: see GameValidator::set_neighbours. A game's
  // notation is then decided as validation decides it.
  void set_neighbours(const std::vector<RawGame>& games);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pgn
