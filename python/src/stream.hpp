// The Python module's reading and to_dataframe runs: a run over one input on the
// library's ordered stream (a background thread, batches of finished games handed to the
// Python iterator in input order through a short queue, so memory stays flat).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "libpgn/batch_side_table.hpp"
#include "libpgn/games.hpp"
#include "libpgn/ordered_stream.hpp"
#include "libpgn/source.hpp"
#include "libpgn/validator.hpp"
#include "main_lines.hpp"

namespace pgn::python {

// What the workers keep of each game.
enum class StreamMode : std::uint8_t {
  Games,  // header, tags and main-line SAN, and the games' text (read_games)
  Tags,   // header and tags alone (to_dataframe)
};

// What a batch keeps of its games: the compact store of their headers, tags and main-line SAN
// (main_lines.hpp), and the games' text, from which a game's model is made again when more is
// asked for (comments, clocks, uci(), pgn()): copying every game's whole model out of the
// worker cost a tenth more CPU, in reading it back from the other core's cache.
struct GameTexts {
  MainLineRecords main_lines;
  std::string text;            // the batch's games, back to back
  std::vector<RawGame> games;  // views into text
  void clear() {
    main_lines.clear();
    text.clear();
    games.clear();
  }
};
GameTexts take_game_texts();
void give_back_game_texts(GameTexts&& texts);

// The finished games of one batch, in input order.
struct Chunk {
  GameTexts games;  // Tags mode: main_lines alone, without moves
  std::size_t size() const { return games.main_lines.size(); }
  // Games mode, used with the GIL held: the options the games were read with, a reader that
  // makes a game's model when its moves' details are asked for, and a validator that makes
  // its whole record, variations included, which the model does not hold, for pgn().
  std::shared_ptr<const ValidateOptions> options;
  mutable std::unique_ptr<PlayedGameReader> reader;
  mutable std::unique_ptr<GameValidator> revalidator;

  Chunk() = default;
  Chunk(Chunk&&) = default;
  Chunk& operator=(Chunk&&) = default;
  ~Chunk() {
    if (games.main_lines.size()) give_back_game_texts(std::move(games));
  }
};

struct StreamSettings {
  StreamMode mode = StreamMode::Games;
  unsigned threads = 0;
  ValidateOptions validate;
  const CodePage* encoding = nullptr;  // SplitterOptions::encoding
};

class GameStream {
 public:
  GameStream(Source source, StreamSettings settings);
  const StreamSettings& settings() const { return settings_; }
  ~GameStream();  // stops the run and waits for it (call without the GIL held)
  GameStream(const GameStream&) = delete;
  GameStream& operator=(const GameStream&) = delete;

  // The next chunk, waiting for it at most `patience` (so that a caller can look at signals
  // meanwhile): Got, End at the end of the input (then error() and games_read() say how the
  // input ended), or Waiting. Call without the GIL held.
  using Next = OrderedStream<Chunk>::Next;
  Next next(Chunk& chunk, std::chrono::milliseconds patience);
  // Why the input was not read to its end ("" when it was).
  std::string error() const { return chunks_.error(); }
  std::uint64_t games_read() const { return games_read_; }
  const std::string& name() const { return name_; }
  void stop();

 private:
  class Worker;
  class Consumer;

  StreamSettings settings_;
  std::string name_;
  std::mutex mutex_;  // for what the run says of the input at its end
  std::uint64_t games_read_ = 0;
  // Records made by workers for a batch, until the consumer takes them.
  BatchSideTable<Chunk> side_;
  // Last: its thread ends before the rest goes.
  OrderedStream<Chunk> chunks_;
};

}  // namespace pgn::python
