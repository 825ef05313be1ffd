// Games read from Python: the iterators over a stream that read_games and to_dataframe
// share, the batch a game keeps, and the Game and GameIterator Python types (game.cpp).
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

#include "errors.hpp"
#include "exclusive_use.hpp"
#include "libpgn/report.hpp"
#include "signals.hpp"
#include "sources.hpp"
#include "stream.hpp"

namespace pgn::python {

namespace py = pybind11;

// A problem found in a game, with the name of its input.
struct Problem {
  std::string file;
  Diagnostic d;
};

py::dict problem_dict(const Problem& p);  // module.cpp

// The str of a tag value, from the table of short values when it is short (game.cpp).
py::object tag_value_str(std::string_view value);

// What the games of one batch share: its records and the input's name. Counted by the games
// made of it and by the iterator, always with the GIL held: a plain count, where a shared_ptr
// per game cost two atomic operations.
struct Batch {
  std::shared_ptr<const Chunk> chunk;
  std::shared_ptr<const std::string> file;
  std::size_t references = 1;

  static void release(Batch* batch) {
    if (batch && --batch->references == 0) delete batch;
  }
};

// ---- iterators over a stream ---------------------------------------------------------------

class StreamIterator {
 public:
  StreamIterator(const py::handle& source, StreamSettings settings,
                 const ByteRange& range = std::nullopt) {
    Source s = make_source(source, range);
    file_ = std::make_shared<const std::string>(s.name());
    options_ = std::make_shared<const ValidateOptions>(settings.validate);
    stream_ = std::make_unique<GameStream>(std::move(s), std::move(settings));
  }
  // Releasing the GIL does not throw while the interpreter runs.
  ~StreamIterator() { close(); }  // NOLINT(bugprone-exception-escape)
  StreamIterator(const StreamIterator&) = delete;
  StreamIterator& operator=(const StreamIterator&) = delete;

  // Held by the thread that moves or closes the iterator (exclusive_use.hpp).
  class InUse : public ExclusiveUse::Hold {
   public:
    explicit InUse(StreamIterator& it) : Hold(it.use_) {}
  };

  // Stops the threads. Called with the GIL held, by the holder of InUse or the last owner.
  void close() {
    if (!stream_) return;
    py::gil_scoped_release nogil;
    stream_.reset();
  }

  // The next chunk, waiting for it with an eye on signals (a raising one closes the iterator);
  // false at the end, where a read fault is left in end_error().
  bool next_chunk() {
    if (!stream_) return false;
    auto chunk = std::make_shared<Chunk>();
    GameStream::Next got = GameStream::Next::Waiting;
    wait_watching_signals(
        [&] {
          got = stream_->next(*chunk, kSignalInterval);
          return got != GameStream::Next::Waiting;
        },
        [this] { close(); });
    chunk->options = options_;
    chunk_ = std::move(chunk);
    position_ = 0;
    if (got == GameStream::Next::End) {
      chunk_ = std::make_shared<Chunk>();
      end_error_ = stream_->error();
      games_at_end_ = stream_->games_read();
      return false;
    }
    return true;
  }
  const Chunk& chunk() const { return *chunk_; }
  const std::string& end_error() const { return end_error_; }
  const std::string& file() const { return *file_; }

 protected:
  std::unique_ptr<GameStream> stream_;
  std::shared_ptr<const std::string> file_;
  std::shared_ptr<const ValidateOptions> options_;
  std::shared_ptr<Chunk> chunk_ = std::make_shared<Chunk>();  // shared with its games
  std::size_t position_ = 0;
  std::string end_error_;
  std::uint64_t games_at_end_ = 0;

 private:
  ExclusiveUse use_;
};

class GameIterator : public StreamIterator {
 public:
  using StreamIterator::StreamIterator;
  ~GameIterator() { Batch::release(batch_); }  // NOLINT(bugprone-exception-escape)
  GameIterator(const GameIterator&) = delete;
  GameIterator& operator=(const GameIterator&) = delete;

  // The batch of the current game, shared by the games made of it.
  Batch* batch() {
    if (!batch_ || batch_->chunk.get() != chunk_.get()) {
      Batch::release(batch_);
      batch_ = nullptr;
      batch_ = new Batch{chunk_, file_};
    }
    return batch_;
  }

  // Moves to the next game: false at the end; raises PgnError for a read fault.
  bool next_game() {
    ++position_;
    while (position_ >= chunk_->size()) {
      if (!next_chunk()) {
        close();
        if (!end_error_.empty()) {
          std::string message = end_error_;
          if (games_at_end_)
            message += " (" + std::to_string(games_at_end_) + " games before it were read)";
          end_error_.clear();
          raise("PgnError", "io", message, *file_);
        }
        return false;
      }
    }
    return true;
  }
  std::size_t index() const { return position_; }

 private:
  Batch* batch_ = nullptr;  // the games' batch, made by the first game of a chunk
};

// The iterator read_games returns, reading `iterator`.
py::object new_game_iterator(std::unique_ptr<GameIterator> iterator);
// Adds Game and GameIterator to the module.
void add_game_types(py::module_& m);

}  // namespace pgn::python
