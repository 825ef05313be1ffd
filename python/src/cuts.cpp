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

namespace py = pybind11;

namespace pgn::python {
namespace {

// For each of `positions` (ascending byte offsets of the decompressed input), the first game
// that starts at or after it, or None when no game does. The GIL is released meanwhile.
std::vector<std::optional<Cut>> game_cuts_of(const std::string& path,
                                             const std::vector<std::uint64_t>& positions) {
  if (!std::is_sorted(positions.begin(), positions.end()))
    throw py::value_error("positions must be in ascending order");
  std::vector<std::optional<Cut>> cuts;
  std::string error;
  {
    py::gil_scoped_release nogil;
    std::unique_ptr<InputSource> input = InputSource::open(path, error);
    if (input) {
      cuts = game_cuts(*input, positions);
      error = input->error();
    }
  }
  if (!error.empty()) raise("PgnError", "io", error, path);
  return cuts;
}

std::vector<ZstdPiece> zstd_pieces_of(const std::string& path, std::uint64_t blocksize) {
  std::string error;
  std::vector<ZstdPiece> pieces;
  {
    py::gil_scoped_release nogil;
    pieces = zstd_pieces(path, blocksize, error);
  }
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
