// Ctrl-C in the module's long calls: Python runs a signal's handler only when asked, and a
// call that waits for libpgn's threads, or reads a whole file without the GIL, must ask often.
#pragma once

#include <pybind11/pybind11.h>

#include <chrono>
#include <utility>

namespace pgn::python {

namespace py = pybind11;

// How often a long call looks at signals.
inline constexpr std::chrono::milliseconds kSignalInterval{20};

// For a pass run without the GIL: whether a signal's handler raised (KeyboardInterrupt), asked
// with the GIL at most every kSignalInterval. The exception stays set in the thread, for the
// caller to raise once it holds the GIL again.
class SignalWatch {
 public:
  bool interrupted() {
    if (interrupted_ || ++calls_ % 256 != 0) return interrupted_;
    const auto now = std::chrono::steady_clock::now();
    if (now < next_) return false;
    next_ = now + kSignalInterval;
    py::gil_scoped_acquire gil;
    interrupted_ = PyErr_CheckSignals() != 0;
    return interrupted_;
  }

 private:
  bool interrupted_ = false;
  unsigned calls_ = 0;
  std::chrono::steady_clock::time_point next_ = std::chrono::steady_clock::now();
};

// Waits for libpgn's threads without the GIL, looking at signals between waits: `wait`, called
// without the GIL, waits at most kSignalInterval and says whether the wait is over. A signal
// whose handler raises (KeyboardInterrupt) calls `stop` (with the GIL held) and is raised, as an
// exception ends a generator: a list(read_games(...)) runs no Python code until the end.
template <typename Wait, typename Stop>
void wait_watching_signals(Wait&& wait, Stop&& stop) {
  for (;;) {
    bool over = false;
    {
      py::gil_scoped_release nogil;
      over = std::forward<Wait>(wait)();
    }
    if (PyErr_CheckSignals() != 0) {
      py::error_already_set interrupted;
      std::forward<Stop>(stop)();
      throw interrupted;
    }
    if (over) return;
  }
}

}  // namespace pgn::python
