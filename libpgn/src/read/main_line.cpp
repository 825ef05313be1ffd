// read_main_line and read_main_lines (libpgn/main_line.hpp): the reader of
// read/main_line_reader.hpp for any MainLineVisitor, and the inputs' games handed to it.
#include "libpgn/main_line.hpp"

#include <memory>

#include "io/source_open.hpp"
#include "libpgn/input.hpp"
#include "libpgn/splitter.hpp"
#include "read/json_games.hpp"
#include "read/main_line_reader.hpp"

namespace pgn {

MainLineEnd read_main_line(const RawGame& game, MainLineVisitor& visitor,
                           const MainLineOptions& options) {
  return detail::read_main_line_with(game, visitor, options);
}

std::string read_main_lines(Source source, MainLineVisitor& visitor,
                            const MainLineOptions& options) {
  std::string error;
  std::unique_ptr<InputSource> input = open_source(source, error);
  if (!input) return error;
  RawGame game;
  if (reads_as_json(source.format(), input)) {
    JsonGameReader records(std::move(input), SplitterOptions{});
    RecordOrigin origin;
    std::string problem;
    while (records.next(game, origin, problem)) {
      if (problem.empty()) {
        read_main_line(game, visitor, options);
        continue;
      }
      visitor.begin_game(game);
      MainLineEnd unread;
      unread.status = MainLineStatus::GaveUp;
      unread.problem = MainLineProblem::UnreadableRecord;
      unread.at = game.start;
      visitor.end_game(unread);
    }
    return records.error();
  }
  GameSplitter splitter(*input);
  while (splitter.next(game)) read_main_line(game, visitor, options);
  return input->error();
}

}  // namespace pgn
