// Reading a game's main line straight from its text (read/main_line.cpp): each move token read
// in one notation, resolved on the board and played, and a MainLineVisitor handed the board
// after it. No validation runs: problems are not collected, the notation is not detected,
// variations are passed over, and the first move that cannot be played ends the reading (it
// "gives up", saying why and where). For programs that want positions fast and can send the
// games it gives up on elsewhere (pgn select and pgn dedupe read their games this way, and
// hand those to the validator); games.hpp is the full reading of a game.
//
//   struct Printer final : pgn::MainLineVisitor {
//     bool move(const pgn::Position& board, pgn::Move, std::string_view san) override {
//       std::cout << san << ' ' << board.fen() << '\n';
//       return true;  // false stops reading the game
//     }
//   };
//   Printer printer;
//   pgn::read_main_lines(pgn::Source::path("games.pgn"), printer);
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "libpgn/notation.hpp"
#include "libpgn/position.hpp"
#include "libpgn/raw_game.hpp"
#include "libpgn/source.hpp"
#include "libpgn/types.hpp"
#include "libpgn/variant.hpp"

namespace pgn {

// How reading a game's main line ended.
enum class MainLineStatus : std::uint8_t {
  Complete,  // every main-line move was played
  Stopped,   // a hook of the visitor returned false
  GaveUp,    // the text could not be read on: MainLineEnd::problem says why
};

// Why the reading gave up.
enum class MainLineProblem : std::uint8_t {
  None,
  Syntax,            // the text is no PGN there (an unclosed tag, a stray character, a limit)
  NotAMove,          // a token that is no move in the notation read
  IllegalMove,       // a move that no legal move, or more than one, of the board answers
  NullMove,          // "--" or "Z0": not played
  BadFen,            // the FEN tag is no position of the game's rules
  UnplayedVariant,   // a Variant tag the library does not play here (bughouse, unknown names)
  UnreadableRecord,  // read_main_lines: a JSON record that holds no game
};

struct MainLineEnd {
  MainLineStatus status = MainLineStatus::Complete;
  MainLineProblem problem = MainLineProblem::None;
  // GaveUp: where the token, tag or text that was not read starts (the game's start for a
  // record).
  TextPos at;
  std::uint32_t plies = 0;  // main-line moves played
};

// The hooks of a reader of main lines. Each returning bool reads on when it returns true and
// stops reading the game when it returns false (MainLineStatus::Stopped; end_game is still
// called). Every hook has a default that does nothing and reads on.
class MainLineVisitor {
 public:
  virtual ~MainLineVisitor() = default;
  virtual void begin_game(const RawGame& /*game*/) {}
  // A tag pair, in input order: `value` as written, its \" and \\ escapes still in it
  // (unescape_tag_value of tags.hpp decodes them).
  virtual bool tag(std::string_view /*name*/, std::string_view /*value*/) { return true; }
  // After the tags: the board before the first move (the FEN tag's, or the start of the
  // game's rules).
  virtual bool start(const Position& /*board*/) { return true; }
  // A main-line move: the board after it, the move, and its token as written (in the
  // notation read, its suffix "!?" included, no move number).
  virtual bool move(const Position& /*board*/, Move /*move*/, std::string_view /*san*/) {
    return true;
  }
  // A NAG of the main line: "$n", an annotation symbol of its own ("+-" is 18), or a move's
  // suffix ("!" is 1, reported after its move).
  virtual void nag(int /*value*/) {}
  // A main-line comment, without its braces (or ';'). One before the first move may come
  // before start().
  virtual void comment(std::string_view /*text*/) {}
  // A variation of the main line, which is passed over unread.
  virtual void variation() {}
  virtual void end_game(const MainLineEnd& /*end*/) {}
};

struct MainLineOptions {
  // The notation of the moves: nullptr reads English SAN.
  const Notation* notation = nullptr;
  // The rules of games without a Variant tag (a Variant tag names those of its game).
  VariantName variant;
};

// Reads one game's main line for `visitor` (begin_game to end_game); says how it ended.
MainLineEnd read_main_line(const RawGame& game, MainLineVisitor& visitor,
                           const MainLineOptions& options = {});

// Reads the main line of every game of `source` (PGN or JSON records, any compression, as
// games.hpp's Games reads them) in input order, on the calling thread. Returns what ended the
// input early ("" when it was read to its end): it could not be opened, read or decompressed.
std::string read_main_lines(Source source, MainLineVisitor& visitor,
                            const MainLineOptions& options = {});

}  // namespace pgn
