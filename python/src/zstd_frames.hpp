// Reading a zstd file from one of its frames: frames are independent, so a file made of many
// (pzstd, zstd --rsyncable is not enough: it must be separate frames, as from concatenated
// `zstd -c` outputs) can be read in pieces by different readers. Used by libpgn.dask.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace pgn::python {

// The compressed offsets where the frames of a zstd file begin (skippable frames left out).
// Reads only the frame and block headers. Sets `error` for a file that is not zstd or is cut.
std::vector<std::uint64_t> zstd_frame_offsets(const std::string& path, std::string& error);

// Decompressed bytes of a zstd file from the frame at compressed offset `begin`: the first
// `skip` decompressed bytes are dropped and at most `limit` are given (~0: to the end).
// Records where each frame after `begin` starts in the decompressed bytes (counted from
// `begin`'s frame, skipped bytes included).
class ZstdFrameReader {
 public:
  ZstdFrameReader(const std::string& path, std::uint64_t begin, std::uint64_t skip,
                  std::uint64_t limit);
  ~ZstdFrameReader();
  ZstdFrameReader(const ZstdFrameReader&) = delete;
  ZstdFrameReader& operator=(const ZstdFrameReader&) = delete;

  // Up to `size` bytes; 0 at the end or on a fault (then `error` is set).
  std::size_t read(char* buffer, std::size_t size, std::string& error);
  // Decompressed offsets (from `begin`) at which the frames decoded so far ended.
  const std::vector<std::uint64_t>& frame_ends() const { return frame_ends_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::vector<std::uint64_t> frame_ends_;
};

}  // namespace pgn::python
