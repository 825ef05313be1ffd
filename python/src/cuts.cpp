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
#include "signals.hpp"
#include "sources.hpp"
#include "zstd_frames.hpp"

namespace py = pybind11;

namespace pgn::python {
namespace {

// Where a game starts: its byte offset, its line, and how many games came before it.
using Cut = std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>;

// For each of `positions` (ascending byte offsets of an uncompressed file), where a byte range
// starting there begins (GameRange: the first game start at or after it), with the line and
// the number of games before it; None when no game starts after it. One pass of the splitter
// over the file; the GIL is released meanwhile.
std::vector<std::optional<Cut>> game_cuts(const std::string& path,
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
      GameSplitter splitter(*input);
      RawGame game;
      std::size_t next = 0;
      while (next < starts.size() && !ctrl_c.interrupted() && splitter.next(game))
        for (; next < starts.size() && game.start.offset >= starts[next]; ++next)
          cuts[next] = Cut{starts[next], game.start.line, game.index - 1};
      if (next < starts.size()) {  // read to the end: nothing starts after these
        while (!ctrl_c.interrupted() && splitter.next(game)) {
        }
      }
      error = input->error();
    }
  }
  if (PyErr_Occurred()) throw py::error_already_set();
  if (!error.empty()) raise("PgnError", "io", error, path);
  return cuts;
}

// The decompressed bytes of a zstd file, read from its first frame, with the frames' ends.
class FrameInput final : public InputSource {
 public:
  explicit FrameInput(const std::string& path) : reader_(path, 0, 0, ~std::uint64_t(0)) {
    compression_ = Compression::Zstd;
  }
  std::size_t read(char* buffer, std::size_t size) override {
    return reader_.read(buffer, size, error_);
  }
  const std::vector<std::uint64_t>& frame_ends() const { return reader_.frame_ends(); }

 private:
  ZstdFrameReader reader_;
};

// The pieces of a zstd file of several frames, each read from a frame: frames are grouped
// into pieces of about `blocksize` compressed bytes, and each piece starts at the first game
// that starts at or after its first frame's first byte. Per piece: (compressed offset of the
// frame, decompressed bytes to skip from it, decompressed offset of the piece's first game,
// lines and games before it); the piece ends where the next begins.
using ZstdPiece =
    std::tuple<std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t>;
std::vector<ZstdPiece> zstd_pieces(const std::string& path, std::uint64_t blocksize) {
  std::string error;
  std::vector<ZstdPiece> pieces;
  {
    py::gil_scoped_release nogil;
    SignalWatch ctrl_c;
    const std::vector<std::uint64_t> frames = zstd_frame_offsets(path, error);
    std::vector<std::size_t> chosen;  // frames that begin a piece (the first is frame 0)
    for (std::size_t k = 1; k < frames.size(); ++k)
      if (frames[k] - frames[chosen.empty() ? 0 : chosen.back()] >= blocksize) chosen.push_back(k);
    if (error.empty()) {
      pieces.emplace_back(0, 0, 0, 0, 0);
      FrameInput input(path);
      GameSplitter splitter(input);
      RawGame game;
      std::size_t next = 0;
      while (next < chosen.size() && !ctrl_c.interrupted() && splitter.next(game)) {
        // The splitter has read past this game's start, so the frames before it are known.
        const auto& ends = input.frame_ends();
        while (next < chosen.size() && chosen[next] - 1 < ends.size() &&
               game.start.offset >= ends[chosen[next] - 1]) {
          const std::uint64_t frame_start = ends[chosen[next] - 1];
          if (game.start.offset > std::get<2>(pieces.back()))
            pieces.emplace_back(frames[chosen[next]], game.start.offset - frame_start,
                                game.start.offset, game.start.line - 1, game.index - 1);
          ++next;
        }
      }
      if (next < chosen.size()) {
        while (!ctrl_c.interrupted() && splitter.next(game)) {
        }
      }
      error = input.error();
    }
  }
  if (PyErr_Occurred()) throw py::error_already_set();
  if (!error.empty()) raise("PgnError", "io", error, path);
  return pieces;
}

}  // namespace

void bind_cuts(py::module_& m) {
  m.def("_zstd_pieces", &zstd_pieces, py::arg("path"), py::arg("blocksize"),
        "The pieces a zstd file of several frames is read in: (frame offset, bytes to skip, "
        "offset, lines before, games before).");
  m.def("_game_cuts", &game_cuts, py::arg("path"), py::arg("positions"),
        "For each byte offset, (offset, line, games before) of the first game starting at or "
        "after it, or None.");
}

}  // namespace pgn::python
