// The public main-line reader (libpgn/main_line.hpp) on arbitrary bytes: games split as the
// library splits them, each read in English SAN, its untagged games under the rules the first
// byte picks (standard, Chess960 or a lichess variant), and the visitor told to stop after a
// number of moves the first byte also picks. The reader never crashes; what it reports agrees
// with what it handed the visitor: the plies it counts are the moves it handed over, a game
// stops exactly where the visitor asked, one that gave up says why and where in its game, and
// each board handed over is a position of its rules (its FEN reads back).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "libpgn/main_line.hpp"
#include "libpgn/reader.hpp"
#include "split_games.hpp"

namespace {

constexpr std::string_view kRules[] = {"Standard",  "Chess960",         "Crazyhouse",  "Atomic",
                                       "Antichess", "King of the Hill", "Three-check", "Horde"};

struct Checker final : pgn::MainLineVisitor {
  std::uint32_t stop_after = 0;  // 0: never stop
  std::uint32_t moves = 0;
  bool began = false, ended = false;
  pgn::MainLineEnd end;

  void begin_game(const pgn::RawGame&) override {
    if (began) std::abort();  // every game ends before the next begins
    began = true;
    moves = 0;
  }
  bool move(const pgn::Position& board, pgn::Move, std::string_view san) override {
    if (!began || san.empty()) std::abort();
    ++moves;
    // Every few moves (a FEN per move would make the target slow): the board reads back.
    if (moves % 8 == 1 &&
        !pgn::Position::from_fen(board.fen(), board.variant(), board.is_chess960()).ok())
      std::abort();
    return moves != stop_after;
  }
  void end_game(const pgn::MainLineEnd& e) override {
    if (!began) std::abort();
    began = false;
    ended = true;
    end = e;
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t selector = data[0];
  const std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);

  pgn::MainLineOptions options;
  options.variant = pgn::parse_variant_name(kRules[selector % 8]);
  Checker checker;
  checker.stop_after = (selector >> 3) % 8;

  auto source = pgn::InputSource::from_memory(bytes);
  fuzz::for_each_game(*source, {.max_games = 32}, [&](const pgn::RawGame& game) {
    checker.ended = false;
    const pgn::MainLineEnd end = pgn::read_main_line(game, checker, options);
    if (!checker.ended || end.status != checker.end.status || end.plies != checker.moves)
      std::abort();
    switch (end.status) {
      case pgn::MainLineStatus::Complete:
        if (end.problem != pgn::MainLineProblem::None) std::abort();
        if (checker.stop_after != 0 && checker.moves >= checker.stop_after) std::abort();
        break;
      case pgn::MainLineStatus::Stopped:
        if (checker.moves != checker.stop_after) std::abort();
        break;
      case pgn::MainLineStatus::GaveUp:
        if (end.problem == pgn::MainLineProblem::None) std::abort();
        // On one of the game's lines (a lone CR ends a line too: counting every CR and LF
        // bounds them; columns and offsets may count decoded characters).
        if (end.at.line < game.start.line ||
            end.at.line > game.start.line + std::count(game.text.begin(), game.text.end(), '\n') +
                              std::count(game.text.begin(), game.text.end(), '\r'))
          std::abort();
        break;
    }
  });
  return 0;
}
