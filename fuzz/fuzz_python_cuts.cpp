// The C++ under the Python module's partitioned reading (libpgn.dask): the zstd frame cutter
// (frame and block headers read by hand), reading from a frame with bytes skipped and a
// limit (a zstd byte_range), the game cut points of a plain file and the pieces of a zstd
// file of several frames. The first byte picks the mode:
//  - bit 0 clear: the rest is PGN text; the harness cuts it into frames of 1 to 128 bytes
//    (the second byte), compresses each, and checks that the pieces, each read from its frame
//    as a byte_range reads it, put together give the text from the first piece's start;
//    and that every game cut lies at or after the position asked for.
//  - bit 0 set: the rest is the file itself, as a hostile zstd file would be.
// The file lives in memory (memfd), named by /proc/self/fd/N as the module names paths.
#include <sys/mman.h>
#include <unistd.h>
#include <zstd.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "cut_points.hpp"
#include "zstd_frames.hpp"

namespace {

constexpr std::uint64_t kMaxOutput = 1 << 20;  // a small file may decompress to much more

struct MemoryFile {
  int fd = memfd_create("fuzz", 0);
  std::string path = "/proc/self/fd/" + std::to_string(fd);
  explicit MemoryFile(std::string_view bytes) {
    if (fd < 0 || write(fd, bytes.data(), bytes.size()) != ssize_t(bytes.size())) std::abort();
  }
  ~MemoryFile() { close(fd); }
};

// Up to kMaxOutput decompressed bytes from the frame at `frame`, `skip` dropped, at most
// `limit` given. False when the reader reported a fault.
bool read_from(const std::string& path, std::uint64_t frame, std::uint64_t skip,
               std::uint64_t limit, std::string& out) {
  pgn::python::ZstdFrameReader reader(path, frame, skip, limit);
  std::string error;
  char buffer[4096];
  while (out.size() < kMaxOutput) {
    const std::size_t n = reader.read(buffer, sizeof buffer, error);
    if (n > sizeof buffer) std::abort();
    if (n == 0) break;
    out.append(buffer, n);
  }
  std::uint64_t last = 0;
  for (std::uint64_t end : reader.frame_ends()) {
    if (end < last) std::abort();
    last = end;
  }
  return error.empty();
}

void hostile_file(std::string_view bytes) {
  MemoryFile file(bytes);
  std::string error;
  const std::vector<std::uint64_t> frames = pgn::python::zstd_frame_offsets(file.path, error);
  for (std::size_t i = 0; i < frames.size() && i < 4; ++i) {
    if (frames[i] >= bytes.size()) std::abort();
    std::string out;
    (void)read_from(file.path, frames[i], i, kMaxOutput, out);
  }
  error.clear();
  (void)pgn::python::zstd_pieces(file.path, 1 + bytes.size() / 3, error);
}

void framed_text(std::uint8_t frame_size, std::string_view text) {
  const std::size_t step = 1 + frame_size % 128;
  std::string compressed;
  for (std::size_t at = 0; at < text.size(); at += step) {
    const std::string_view part = text.substr(at, step);
    std::string frame(ZSTD_compressBound(part.size()), '\0');
    const std::size_t n = ZSTD_compress(frame.data(), frame.size(), part.data(), part.size(), 1);
    if (ZSTD_isError(n)) std::abort();
    compressed.append(frame.data(), n);
  }
  MemoryFile file(compressed);

  std::string error;
  const auto pieces = pgn::python::zstd_pieces(file.path, 1 + compressed.size() / 4, error);
  if (!error.empty() || pieces.empty()) std::abort();
  // The pieces read one after another give the text from the first piece on.
  std::string joined;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const auto [frame, skip, offset, lines, games] = pieces[i];
    const std::uint64_t end = i + 1 < pieces.size() ? std::get<2>(pieces[i + 1]) : text.size();
    if (end < offset || offset > text.size()) std::abort();
    if (!read_from(file.path, frame, skip, end - offset, joined)) std::abort();
  }
  if (joined != text.substr(std::get<2>(pieces[0]))) std::abort();

  // The cut points of the same text as a plain input.
  std::vector<std::uint64_t> positions;
  for (std::uint64_t p = 0; p <= text.size(); p += 1 + text.size() / 5) positions.push_back(p);
  auto input = pgn::InputSource::from_memory(text);
  const auto cuts = pgn::python::game_cuts(*input, positions);
  if (cuts.size() != positions.size()) std::abort();
  for (std::size_t i = 0; i < cuts.size(); ++i)
    if (cuts[i] && (std::get<0>(*cuts[i]) < positions[i] || std::get<0>(*cuts[i]) > text.size()))
      std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::string_view rest(reinterpret_cast<const char*>(data + 2), size - 2);
  if (data[0] & 1)
    hostile_file(rest);
  else
    framed_text(data[1], rest);
  return 0;
}
