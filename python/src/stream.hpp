// The one place the Python module uses libpgn's pipeline: a run over one input on a background
// thread (run_pipeline blocks its caller), handing batches of finished games to the Python
// iterator through a short queue, so memory stays flat and games come out in input order.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "libpgn/game_record.hpp"
#include "libpgn/source.hpp"
#include "libpgn/validator.hpp"
#include "libpgn/writers.hpp"

namespace pgn::python {

// What the workers keep of each game.
enum class StreamMode : std::uint8_t {
  Games,     // report and replayed record (read_games)
  Problems,  // report only (validate)
  Tags,      // report and the tags alone, in the records (to_dataframe)
  Convert,   // report and the game written in the chosen format (convert)
};

// The finished games of one batch, in input order.
struct Chunk {
  std::vector<GameReport> reports;
  std::vector<GameRecord> records;  // Games and Tags modes: one per report
  std::string output;               // Convert mode: the games' text
  std::uint64_t input_bytes = 0;
};

struct StreamSettings {
  StreamMode mode = StreamMode::Games;
  unsigned threads = 0;
  ValidateOptions validate;
  WriterOptions writer;  // Convert mode
};

class GameStream {
 public:
  GameStream(Source source, StreamSettings settings);
  ~GameStream();  // stops the run and waits for it (call without the GIL held)
  GameStream(const GameStream&) = delete;
  GameStream& operator=(const GameStream&) = delete;

  // The next chunk, waiting for it; false at the end of the input (then error() and
  // games_read() say how the input ended). Call without the GIL held.
  bool next(Chunk& chunk);
  // Why the input was not read to its end ("" when it was).
  const std::string& error() const { return error_; }
  std::uint64_t games_read() const { return games_read_; }
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
  // Records and outputs made by workers for a batch, until the consumer takes them.
  std::mutex side_mutex_;
  std::vector<std::pair<const void*, Chunk>> side_;
  std::thread thread_;
};

}  // namespace pgn::python
