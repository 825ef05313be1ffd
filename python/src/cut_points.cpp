#include "cut_points.hpp"

#include "libpgn/splitter.hpp"
#include "zstd_frames.hpp"

namespace pgn::python {
namespace {

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

}  // namespace

namespace {
bool stopped(const StopRequest& stop) {
  return stop && stop();
}
}  // namespace

std::vector<std::optional<Cut>> game_cuts(InputSource& input,
                                          const std::vector<std::uint64_t>& starts,
                                          const StopRequest& stop) {
  std::vector<std::optional<Cut>> cuts(starts.size());
  GameSplitter splitter(input);
  RawGame game;
  std::size_t next = 0;
  while (next < starts.size() && !stopped(stop) && splitter.next(game))
    for (; next < starts.size() && game.start.offset >= starts[next]; ++next)
      cuts[next] = Cut{starts[next], game.start.line, game.index - 1};
  if (next < starts.size()) {  // read to the end: nothing starts after these
    while (!stopped(stop) && splitter.next(game)) {
    }
  }
  return cuts;
}

std::vector<ZstdPiece> zstd_pieces(const std::string& path, std::uint64_t blocksize,
                                   std::string& error, const StopRequest& stop) {
  std::vector<ZstdPiece> pieces;
  const std::vector<std::uint64_t> frames = zstd_frame_offsets(path, error);
  if (!error.empty()) return pieces;
  std::vector<std::size_t> chosen;  // frames that begin a piece (the first is frame 0)
  for (std::size_t k = 1; k < frames.size(); ++k)
    if (frames[k] - frames[chosen.empty() ? 0 : chosen.back()] >= blocksize) chosen.push_back(k);
  pieces.emplace_back(0, 0, 0, 0, 0);
  FrameInput input(path);
  GameSplitter splitter(input);
  RawGame game;
  std::size_t next = 0;
  while (next < chosen.size() && !stopped(stop) && splitter.next(game)) {
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
    while (!stopped(stop) && splitter.next(game)) {
    }
  }
  error = input.error();
  return pieces;
}

}  // namespace pgn::python
