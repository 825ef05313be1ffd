// One Python thread at a time inside an iterator that lets go of the GIL while it waits for
// libpgn's threads: another Python thread must not move the iterator, nor free what it reads,
// in the meantime.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace pgn::python {

namespace py = pybind11;

class ExclusiveUse {
 public:
  // Held by the thread that moves or closes the iterator. A thread that finds the iterator
  // busy waits for it without the GIL, which the holder needs back. Taken with the GIL held;
  // the same thread again (a finalizer run inside next()) is a RuntimeError, as a generator
  // that is already running.
  class Hold {
   public:
    explicit Hold(ExclusiveUse& use) : use_(use), lock_(use.mutex_, std::try_to_lock) {
      if (!lock_.owns_lock()) {
        if (use.user_ == std::this_thread::get_id())
          throw std::runtime_error("the iterator is already running in this thread");
        py::gil_scoped_release nogil;
        lock_.lock();
      }
      use.user_ = std::this_thread::get_id();
    }
    ~Hold() { use_.user_ = std::thread::id(); }
    Hold(const Hold&) = delete;
    Hold& operator=(const Hold&) = delete;

   private:
    ExclusiveUse& use_;
    std::unique_lock<std::mutex> lock_;
  };

 private:
  std::mutex mutex_;
  std::atomic<std::thread::id> user_{};
};

}  // namespace pgn::python
