// Where a large file is cut for readers that each take a byte range of it (libpgn.dask): at the
// game starts GameSplitter finds, so that every game is read by exactly one range whatever
// its comments, escape lines or stray brackets hold. Plain C++ (no Python): cuts.cpp binds it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "libpgn/input.hpp"

namespace pgn::python {

// Where a game starts: its byte offset, its line, and how many games came before it.
using Cut = std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>;

// Asked now and then during a long pass: true stops it (the module's Ctrl-C).
using StopRequest = std::function<bool()>;

// For each of `starts` (ascending byte offsets of the decompressed input where games start, as
// GameRange finds them), the line of the first game the splitter finds at or after it and the
// games before that one, with the start itself as the offset; none when no game starts there
// or later. One pass of the splitter.
std::vector<std::optional<Cut>> game_cuts(InputSource& input,
                                          const std::vector<std::uint64_t>& starts,
                                          const StopRequest& stop = {});

// The pieces of a zstd file of several frames, each read from a frame: frames are grouped
// into pieces of about `blocksize` compressed bytes, and each piece starts at the first game
// that starts at or after its first frame's first byte. Per piece: (compressed offset of the
// frame, decompressed bytes to skip from it, decompressed offset of the piece's first game,
// lines and games before it); the piece ends where the next begins. Sets `error` for a file
// that cannot be read or is not zstd.
using ZstdPiece =
    std::tuple<std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t>;
std::vector<ZstdPiece> zstd_pieces(const std::string& path, std::uint64_t blocksize,
                                   std::string& error, const StopRequest& stop = {});

}  // namespace pgn::python
