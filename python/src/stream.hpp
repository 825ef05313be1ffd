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
#include <string_view>
#include <thread>
#include <vector>

#include "libpgn/game_record.hpp"
#include "libpgn/source.hpp"
#include "libpgn/validator.hpp"
#include "libpgn/writers.hpp"
#include "main_lines.hpp"

namespace pgn::python {

// What the workers keep of each game.
enum class StreamMode : std::uint8_t {
  Games,     // report, tags and main-line SAN, and the games' text (read_games)
  Problems,  // report only (validate)
  Tags,      // report and the tags alone, in the records (to_dataframe)
  Convert,   // report and the game written in the chosen format (convert)
};

// A text of 1 to 7 bytes (a SAN move) as one number: its bytes, its size in the eighth byte;
// 0 for other texts.
std::uint64_t pack_short_text(std::string_view text);

// The records of a batch's games, flat: one buffer of texts, events and tags for the whole
// batch instead of a GameRecord each, so that keeping a record costs no allocation per game
// (a record per game cost a third of a validation in allocations and copies).
class RecordStore {
 public:
  struct Tag {
    std::size_t name_begin, value_begin;
    std::uint32_t name_size, value_size;
  };
  struct Stored {
    std::size_t tag_begin = 0, tag_end = 0;      // in tags
    std::size_t event_begin = 0, event_end = 0;  // in events
    std::size_t text_base = 0, text_end = 0;     // the events' texts in texts
    std::size_t move_begin = 0, move_end = 0;    // the main line's SAN in moves
    bool moves_packed = true;                    // every main-line SAN fitted in a number
    Position start;
    bool from_fen = false, chess960 = false, complete = true;
    std::string result, notation, problem;
  };

  // Room for the records of `text_bytes` of games, so that adding them never reallocates
  // (growing the buffers cost as much as filling them).
  void reserve(std::size_t games, std::size_t text_bytes);
  void add(const GameRecord& record);
  // Empties the store, keeping its buffers.
  void clear();
  std::size_t size() const { return games_.size(); }
  const Stored& game(std::size_t i) const { return games_[i]; }
  std::string_view tag_name(const Tag& t) const {
    return {texts_.data() + t.name_begin, t.name_size};
  }
  std::string_view tag_value(const Tag& t) const {
    return {texts_.data() + t.value_begin, t.value_size};
  }
  const Tag* tags_begin(std::size_t i) const { return tags_.data() + games_[i].tag_begin; }
  const Tag* tags_end(std::size_t i) const { return tags_.data() + games_[i].tag_end; }
  const GameEvent* events_begin(std::size_t i) const {
    return events_.data() + games_[i].event_begin;
  }
  const GameEvent* events_end(std::size_t i) const { return events_.data() + games_[i].event_end; }
  // The SAN of a move event, the text of a comment event, of game i.
  std::string_view text(std::size_t i, const GameEvent& e) const {
    return {texts_.data() + games_[i].text_base + e.text_begin, e.text_size};
  }
  // The main line's SAN of game i, each packed in a number (InternedStrings::pack): what
  // Game.moves reads, a few cache lines a game instead of every event and text, which the
  // worker thread wrote and the Python thread would fetch from the other core.
  const std::uint64_t* moves_begin(std::size_t i) const {
    return moves_.data() + games_[i].move_begin;
  }
  const std::uint64_t* moves_end(std::size_t i) const { return moves_.data() + games_[i].move_end; }
  // Game i as a GameRecord again, for the writers.
  GameRecord record(std::size_t i) const;

 private:
  std::vector<Stored> games_;
  std::vector<Tag> tags_;
  std::vector<GameEvent> events_;
  std::vector<std::uint64_t> moves_;
  std::string texts_;
};

// Stores whose batches are done, kept for the next batches: a fresh store's pages cost the
// kernel as much to hand out as filling them costs.
RecordStore take_record_store();
void give_back_record_store(RecordStore&& store);

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
  RecordStore records;  // Tags mode: one per report
  GameTexts games;      // Games mode: one per report
  // Games mode, used with the GIL held: the options the games were validated with, and a
  // validator that makes a game's whole record when it is asked for.
  std::shared_ptr<const ValidateOptions> options;
  mutable std::unique_ptr<GameValidator> revalidator;
  std::string output;   // Convert mode: the games' text
  std::uint64_t input_bytes = 0;
  // Records of a JSON input that could not be read, in input order before the games.
  std::vector<Diagnostic> unreadable;

  Chunk() = default;
  Chunk(Chunk&&) = default;
  Chunk& operator=(Chunk&&) = default;
  ~Chunk() {
    if (records.size()) give_back_record_store(std::move(records));
    if (games.games.size()) give_back_game_texts(std::move(games));
  }
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
  const StreamSettings& settings() const { return settings_; }
  ~GameStream();  // stops the run and waits for it (call without the GIL held)
  GameStream(const GameStream&) = delete;
  GameStream& operator=(const GameStream&) = delete;

  // The next chunk, waiting for it; false at the end of the input (then error() and
  // games_read() say how the input ended). Call without the GIL held.
  bool next(Chunk& chunk);
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
