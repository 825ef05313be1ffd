// A pipeline run on a thread of its own (run_pipeline blocks its caller) whose batches reach
// the caller in input order through a short queue: the consumer's push() waits for room, so
// memory stays flat however slowly the caller takes them. The game model's readers
// (run/games.cpp) and the Python module's streams use it.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

namespace pgn {

template <class Item>
class OrderedStream {
 public:
  explicit OrderedStream(std::size_t max_ready) : max_ready_(max_ready) {}
  ~OrderedStream() { close(); }
  OrderedStream(const OrderedStream&) = delete;
  OrderedStream& operator=(const OrderedStream&) = delete;

  // Calls `run` on the stream's thread; the stream ends when it returns. What it throws is
  // the stream's error().
  template <class Run>
  void start(Run run) {
    thread_ = std::thread([this, run = std::move(run)]() mutable {
      try {
        run();
      } catch (const std::exception& e) {
        set_error(e.what());
      }
      std::lock_guard lock(mutex_);
      finished_ = true;
      changed_.notify_all();
    });
  }
  // The pipeline's stop (PipelineOptions::stop): set by stop().
  std::atomic<bool>* stop_flag() { return &stop_; }

  // From the consumer: an item, in input order, once there is room; dropped once stopped.
  void push(Item&& item) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return stop_ || ready_.size() < max_ready_; });
    if (stop_) return;
    ready_.push_back(std::move(item));
    changed_.notify_all();
  }

  // The next item, waiting for it at most `patience`: Got, End once the run ended and every
  // item was taken, or Waiting.
  enum class Next : std::uint8_t { Got, End, Waiting };
  Next next(Item& item, std::chrono::milliseconds patience) {
    std::unique_lock lock(mutex_);
    if (!changed_.wait_for(lock, patience, [&] { return finished_ || !ready_.empty(); }))
      return Next::Waiting;
    return take(item) ? Next::Got : Next::End;
  }
  // The next item, waiting as long as it takes; false at the end.
  bool next(Item& item) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return finished_ || !ready_.empty(); });
    return take(item);
  }

  // Why the run ended early ("" when it did not): the input not read to its end, or what the
  // run threw.
  void set_error(std::string error) {
    std::lock_guard lock(mutex_);
    error_ = std::move(error);
  }
  std::string error() const {
    std::lock_guard lock(mutex_);
    return error_;
  }

  // Stops the run: the items not taken are dropped, and the consumer waits no more.
  void stop() {
    stop_ = true;
    std::lock_guard lock(mutex_);
    ready_.clear();
    changed_.notify_all();
  }
  // Stops the run and waits for its thread.
  void close() {
    stop();
    if (thread_.joinable()) thread_.join();
  }

 private:
  bool take(Item& item) {
    if (ready_.empty()) return false;
    item = std::move(ready_.front());
    ready_.pop_front();
    changed_.notify_all();
    return true;
  }

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Item> ready_;
  std::size_t max_ready_;
  bool finished_ = false;
  std::atomic<bool> stop_{false};
  std::string error_;
  std::thread thread_;
};

}  // namespace pgn
