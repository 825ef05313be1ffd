// The one place the Python module uses libpgn's pipeline: a run over one input on a background
// thread (run_pipeline blocks its caller), handing batches of finished games to the Python
// iterator through a short queue, so memory stays flat and games come out in input order.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "libpgn/game_record.hpp"
#include "libpgn/games.hpp"
#include "libpgn/source.hpp"
#include "libpgn/validator.hpp"
#include "libpgn/writers.hpp"
#include "main_lines.hpp"

namespace pgn::python {

// What the workers keep of each game.
enum class StreamMode : std::uint8_t {
  Games,     // report, tags and main-line SAN, and the games' text (read_games)
  Problems,  // report only (validate)
  Tags,      // report and the tags alone, in the main-line records (to_dataframe)
  Convert,   // report and the game written in the chosen format (convert)
};

// What a batch of read_games keeps beyond the reports: the tags and main-line SAN of its games,
// and the games' text, from which the whole record of a game is made again when it is asked
// for (comments, clocks, uci(), pgn()): copying every game's whole record out of the worker
// cost a tenth of a validation, and reading it back from the other core's cache more.
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
  std::vector<GameReport> reports;
  GameTexts games;  // Games mode: one per report; Tags mode: their main_lines (tags only)
  // Games mode, used with the GIL held: the options the games were validated with, a reader
  // that makes a game's model when its moves' details are asked for, and a validator that
  // makes its whole record for pgn().
  std::shared_ptr<const ValidateOptions> options;
  mutable std::unique_ptr<PlayedGameReader> reader;
  mutable std::unique_ptr<GameValidator> revalidator;
  std::string output;  // Convert mode: the games' text
  std::uint64_t input_bytes = 0;
  // Records of a JSON input that could not be read, in input order before the games.
  std::vector<Diagnostic> unreadable;

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
  WriterOptions writer;                // Convert mode
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
  enum class Next : std::uint8_t { Got, End, Waiting };
  Next next(Chunk& chunk, std::chrono::milliseconds patience);
  // Why the input was not read to its end ("" when it was).
  const std::string& error() const { return error_; }
  std::uint64_t games_read() const { return games_read_; }
  // Warnings about the input as a whole (no games found, not PGN), known at its end.
  const std::vector<Diagnostic>& file_warnings() const { return file_warnings_; }
  const std::string& name() const { return name_; }
  void stop();

 private:
  class Worker;
  class Consumer;
  void push(Chunk&& chunk);

  StreamSettings settings_;
  std::string name_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Chunk> ready_;
  std::size_t max_ready_;
  bool finished_ = false;
  std::atomic<bool> stop_{false};
  std::string error_;
  std::uint64_t games_read_ = 0;
  std::vector<Diagnostic> file_warnings_;
  // Records and outputs made by workers for a batch, until the consumer takes them.
  std::mutex side_mutex_;
  std::vector<std::pair<const void*, Chunk>> side_;
  std::thread thread_;
};

}  // namespace pgn::python
