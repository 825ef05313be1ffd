// The Python side of the cut points (cut_points.hpp): the GIL released while files are read,
// faults raised as PgnError.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "cut_points.hpp"
#include "errors.hpp"
#include "libpgn/input.hpp"
#include "signals.hpp"
#include "sources.hpp"

namespace py = pybind11;

namespace pgn::python {
namespace {

// For each of `positions` (ascending byte offsets of an uncompressed file), where a byte range
// starting there begins (GameRange: the first game start at or after it), with the line and
// the number of games before it; None when no game starts after it. One pass of the splitter
// over the file; the GIL is released meanwhile.
std::vector<std::optional<Cut>> game_cuts_of(const std::string& path,
                                             std::vector<std::uint64_t> positions) {
  if (!std::is_sorted(positions.begin(), positions.end()))
    throw py::value_error("positions must be in ascending order");
  std::vector<std::optional<Cut>> cuts(positions.size());
  GameRange range(path, 0, 0);
  std::string error;
  {
    py::gil_scoped_release nogil;
    SignalWatch ctrl_c;
    std::vector<std::uint64_t> starts;
    for (std::uint64_t position : positions)
      if (error.empty()) starts.push_back(range.first_game_start(position, error));
    std::unique_ptr<InputSource> input = error.empty() ? InputSource::open(path, error) : nullptr;
    if (input) {
      cuts = game_cuts(*input, starts, [&] { return ctrl_c.interrupted(); });
      error = input->error();
    }
  }
  if (PyErr_Occurred()) throw py::error_already_set();
  if (!error.empty()) raise("PgnError", "io", error, path);
  return cuts;
}

std::vector<ZstdPiece> zstd_pieces_of(const std::string& path, std::uint64_t blocksize) {
  std::string error;
  std::vector<ZstdPiece> pieces;
  {
    py::gil_scoped_release nogil;
    SignalWatch ctrl_c;
    pieces = zstd_pieces(path, blocksize, error, [&] { return ctrl_c.interrupted(); });
  }
  if (PyErr_Occurred()) throw py::error_already_set();
  if (!error.empty()) raise("PgnError", "io", error, path);
  return pieces;
}

}  // namespace

void bind_cuts(py::module_& m) {
  m.def("_zstd_pieces", &zstd_pieces_of, py::arg("path"), py::arg("blocksize"),
        "The pieces a zstd file of several frames is read in: (frame offset, bytes to skip, "
        "offset, lines before, games before).");
  m.def("_game_cuts", &game_cuts_of, py::arg("path"), py::arg("positions"),
        "For each byte offset, (offset, line, games before) of the first game starting at or "
        "after it, or None.");
}

}  // namespace pgn::python
