// Where a large file is cut for readers that each take a byte range of it (libpgn.dask): at the
// game starts GameSplitter finds, so that every game is read by exactly one range whatever
// its comments, escape lines or stray brackets hold.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "errors.hpp"
#include "libpgn/input.hpp"
#include "libpgn/splitter.hpp"

namespace py = pybind11;

namespace pgn::python {
namespace {

// Where a game starts: its byte offset, its line, and how many games came before it.
using Cut = std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>;

// For each of `positions` (ascending byte offsets of the decompressed input), the first game
// that starts at or after it, or None when no game does. One pass of the splitter over the
// file; the GIL is released meanwhile.
std::vector<std::optional<Cut>> game_cuts(const std::string& path,
                                          std::vector<std::uint64_t> positions) {
  if (!std::is_sorted(positions.begin(), positions.end()))
    throw py::value_error("positions must be in ascending order");
  std::vector<std::optional<Cut>> cuts(positions.size());
  std::string error;
  {
    py::gil_scoped_release nogil;
    std::unique_ptr<InputSource> input = InputSource::open(path, error);
    if (input) {
      GameSplitter splitter(*input);
      RawGame game;
      std::size_t next = 0;
      while (next < positions.size() && splitter.next(game))
        for (; next < positions.size() && game.start.offset >= positions[next]; ++next)
          cuts[next] = Cut{game.start.offset, game.start.line, game.index - 1};
      if (next < positions.size()) {  // read to the end: nothing starts after these
        while (splitter.next(game)) {
        }
      }
      error = input->error();
    }
  }
  if (!error.empty()) raise("PgnError", "io", error, path);
  return cuts;
}

}  // namespace

void bind_cuts(py::module_& m) {
  m.def("_game_cuts", &game_cuts, py::arg("path"), py::arg("positions"),
        "For each byte offset, (offset, line, games before) of the first game starting at or "
        "after it, or None.");
}

}  // namespace pgn::python
