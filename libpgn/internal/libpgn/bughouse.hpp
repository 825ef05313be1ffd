// Bughouse: reading and replaying BPGN, the record of a match on two boards.
//
// Four players (WhiteA and BlackB against BlackA and WhiteB), moves written `12A. Nf3` (the
// board's letter, its case the side) in the order played, drops `N@f3`. Each board is a
// Position under Variant::Bughouse; the match passes every captured piece to the capturer's
// partner at once (a promoted one as a pawn), so a drop is checked against what was passed
// before it. docs/bughouse.md lists the dialects read and the rules checked. The match is
// read on the validator's floor (check/bughouse.cpp); its writers are libpgn/bughouse_writers.hpp.
//
//   pgn::BughouseMatch match;
//   pgn::GameReport report;
//   pgn::read_bughouse_match(raw_game, options, report, match);
//   for (const pgn::BughouseMove& m : match.moves) std::cout << "AB"[m.board] << m.san << "\n";
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "libpgn/diagnostics.hpp"
#include "libpgn/game_report.hpp"
#include "libpgn/position.hpp"
#include "libpgn/splitter.hpp"

namespace pgn {

struct ValidateOptions;  // validator.hpp: strict mode and ignored codes apply here too

struct BughouseMove {
  std::uint8_t board = 0;             // 0: board A, 1: board B
  Color side = White;                 // upper-case letter: White
  std::uint32_t number = 0;           // the board's move number as written
  Move move;                          // the legal move
  std::string san;                    // canonical SAN (drops "N@f3", '#' only for a bughouse mate)
  std::string uci;                    // e2e4, e7e8q, N@f3
  std::optional<double> clock;        // seconds left on the mover's clock, when a comment says
  std::optional<double> elapsed;      // bughouse.pro's [ts=...]: seconds since the match began
  std::vector<std::string> comments;  // the comments after the move, clocks included
  // With BughouseDetail::Positions: both boards' pockets after the move, "[Nb]" per board
  // (the FEN holdings), and the FEN of the board moved on.
  std::array<std::string, 2> pockets;
  std::string fen;
};

// How the Result tag was read against the end of the match: bughouse.pro and bughouse-db use
// the team meaning (1-0: WhiteA and BlackB won), bughousedb.com's FICS exports the colour that
// won on the board where the match ended.
enum class MatchResultReading : std::uint8_t { None, Team, BoardColour };

struct BughouseMatch {
  std::vector<std::pair<std::string, std::string>> tags;  // input order
  std::array<Position, 2> start;                          // board A, board B
  std::array<Position, 2> final;                          // after the last move replayed
  bool chess960 = false;
  std::vector<BughouseMove> moves;  // as replayed, in the order written
  // With BughouseDetail::Positions: both boards after each move (boards_after[i] for moves[i]).
  std::vector<std::array<Position, 2>> boards_after;
  // The Result tag's, else the movetext's marker; none when neither gives one. Its meaning
  // (the team's or the colour's on the deciding board) is `reading`.
  std::optional<GameResult> result;
  MatchResultReading reading = MatchResultReading::None;
  int deciding_board = -1;     // the board whose end ended the match (-1: not known)
  std::string end;             // "checkmate on board B", "BlackA forfeits on time", ""
  bool complete = false;       // every move was replayed
  bool block_written = false;  // one board's moves in a block: their order is not known

  std::string_view tag(std::string_view name) const;
  // The two boards "A | B" as FEN with holdings and '~' on promoted pieces.
  std::string fen() const;
};

// Whether a Variant tag value names bughouse, alone ("Bughouse", "bughouse") or with other
// rules ("Bughouse Chess960", bughouse.pro's "Bughouse Accolade Chess960 DuckChess").
bool names_bughouse(std::string_view variant_tag);
// Whether a game's text is a bughouse record: a Variant tag naming bughouse, or movetext
// that starts with a board move number ("1A.", "1b.").
bool is_bughouse_text(std::string_view text);

// What read_bughouse_match keeps of each move beyond its board, side, number and Move.
enum class BughouseDetail : std::uint8_t {
  Verdict,    // nothing more: the report is what validation needs
  Moves,      // SAN, UCI, clocks and comments
  Positions,  // and both boards, their pockets and the moved board's FEN after every move
};

// Reads and replays one BPGN record, filling `report` (as GameValidator::validate does) and
// `match`. Every record gives one report, however broken.
void read_bughouse_match(const RawGame& game, const ValidateOptions& options, GameReport& report,
                         BughouseMatch& match, BughouseDetail detail = BughouseDetail::Moves);

}  // namespace pgn
