// What a worker made of a batch beyond GameBatch's reports and output, kept until the
// consumer takes the batch: the pipeline hands batches on, not what came with them, and a
// batch's address names it while it is in flight.
#pragma once

#include <algorithm>
#include <mutex>
#include <utility>
#include <vector>

#include "libpgn/pipeline.hpp"

namespace pgn {

template <class T>
class BatchSideTable {
 public:
  // From a worker, once it is done with `batch`.
  void put(const GameBatch& batch, T made) {
    std::lock_guard lock(mutex_);
    entries_.emplace_back(&batch, std::move(made));
  }
  // From the consumer: what a worker put for `batch`.
  T take(const GameBatch& batch) {
    std::lock_guard lock(mutex_);
    auto it = std::find_if(entries_.begin(), entries_.end(),
                           [&](const auto& entry) { return entry.first == &batch; });
    T made = std::move(it->second);
    entries_.erase(it);
    return made;
  }

 private:
  std::mutex mutex_;
  std::vector<std::pair<const GameBatch*, T>> entries_;  // batches in flight, a few per thread
};

}  // namespace pgn
