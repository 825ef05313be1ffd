// A simple in-memory game, for programs that want a whole game at once instead of events:
//
//   std::string error;
//   auto input = pgn::InputSource::open("games.pgn.zst", error);
//   pgn::GameReader reader(*input);
//   pgn::Game game;
//   while (reader.next(game)) {
//     std::cout << game.tag("White") << " - " << game.tag("Black") << ": " << game.result << "\n";
//     for (const pgn::MoveNode& move : game.moves.moves) std::cout << move.text << " ";
//   }
//
// Moves are kept as written (SAN or whatever the file holds); resolving them against a
// board is the job of the SAN layer.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "libpgn/input.hpp"
#include "libpgn/parser.hpp"
#include "libpgn/splitter.hpp"

namespace pgn {

struct SyntaxProblem {
  std::string message;
  TextPos pos;
};

struct MoveNode;

// A sequence of moves: the main line, or one variation.
struct Line {
  std::vector<std::string> comments;  // comments before the first move of the line
  std::vector<MoveNode> moves;
};

struct MoveNode {
  std::string text;  // the token as written, suffix annotations included ("Nf3!?")
  TextPos pos;
  std::vector<int> nags;              // $n and annotation symbols after the move
  std::vector<std::string> comments;  // comments after the move
  std::vector<Line> variations;       // alternatives to this move, in file order
};

struct Game {
  std::vector<std::pair<std::string, std::string>> tags;  // in file order, values unescaped
  Line moves;                                             // the main line
  std::string result;  // the termination marker as written; empty if there was none
  std::vector<SyntaxProblem> problems;
  TextPos start;                        // where the game starts in the input
  std::uint64_t index = 0;              // 1-based game number in the input
  bool truncated = false;               // longer than SplitterOptions::max_game_bytes
  const CodePage* code_page = nullptr;  // the game was decoded from it (not UTF-8)

  // The value of the first tag called `name`, or "" if there is none.
  std::string_view tag(std::string_view name) const;
  void clear();
};

class GameReader {
 public:
  explicit GameReader(InputSource& source, SplitterOptions options = {}, ParseLimits limits = {});
  ~GameReader();
  // Reads the next game into `game`; false at the end of the input (or at a fault: see
  // error()).
  bool next(Game& game);
  // Empty unless the input failed (I/O error, corrupt or truncated compressed data).
  const std::string& error() const;

 private:
  InputSource& source_;
  GameSplitter splitter_;
  ParseLimits limits_;
};

// Reads every game of a PGN text held in memory.
std::vector<Game> read_games(std::string_view pgn_text);

// Builds a Game from the events of parse_game(); usable on its own with a RawGame.
class GameBuilder : public Visitor {
 public:
  explicit GameBuilder(Game& game) : game_(game) {}
  void begin_game(const RawGame& raw) override;
  Control tag(std::string_view name, std::string_view value, TextPos pos) override;
  Control move(std::string_view token, TextPos pos) override;
  void nag(int value, TextPos pos) override;
  void comment(std::string_view text, TextPos pos) override;
  Control begin_variation(TextPos pos) override;
  void end_variation(TextPos pos) override;
  void result(std::string_view marker, TextPos pos) override;
  void syntax_error(std::string_view message, TextPos pos) override;

 private:
  Game& game_;
  std::vector<Line*> lines_;  // the open lines, innermost last
};

}  // namespace pgn
