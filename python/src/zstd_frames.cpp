#include "zstd_frames.hpp"

#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace pgn::python {
namespace {

struct File {
  std::FILE* f = nullptr;
  explicit File(const std::string& path) : f(std::fopen(path.c_str(), "rb")) {}
  ~File() {
    if (f) std::fclose(f);
  }
  bool read_at(std::uint64_t offset, unsigned char* out, std::size_t n) {
    return std::fseek(f, long(offset), SEEK_SET) == 0 && std::fread(out, 1, n, f) == n;
  }
};

std::uint32_t little_endian(const unsigned char* p, int n) {
  std::uint32_t v = 0;
  for (int i = n - 1; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

}  // namespace

std::vector<std::uint64_t> zstd_frame_offsets(const std::string& path, std::string& error) {
  std::vector<std::uint64_t> offsets;
  File file(path);
  if (!file.f) {
    error = "cannot open " + path + ": " + std::strerror(errno);
    return offsets;
  }
  std::fseek(file.f, 0, SEEK_END);
  const std::uint64_t size = std::uint64_t(std::ftell(file.f));
  std::uint64_t at = 0;
  unsigned char h[18];
  while (at < size) {
    if (!file.read_at(at, h, 8)) {
      error = path + ": zstd frame header cut short at byte " + std::to_string(at);
      return {};
    }
    const std::uint32_t magic = little_endian(h, 4);
    if ((magic & 0xFFFFFFF0u) == 0x184D2A50u) {  // a skippable frame: its size follows
      at += 8 + little_endian(h + 4, 4);
      continue;
    }
    if (magic != 0xFD2FB528u) {
      error = path + ": not a zstd frame at byte " + std::to_string(at);
      return {};
    }
    offsets.push_back(at);
    // Frame header: descriptor, window descriptor unless single segment, dictionary id,
    // content size; then blocks of 3-byte headers; then a checksum when flagged.
    const unsigned char descriptor = h[4];
    const int size_flag = descriptor >> 6;
    const bool single_segment = descriptor & 0x20;
    const bool checksum = descriptor & 0x04;
    const int dictionary_bytes[4] = {0, 1, 2, 4};
    const int content_bytes[4] = {single_segment ? 1 : 0, 2, 4, 8};
    std::uint64_t position = at + 5 + (single_segment ? 0 : 1) +
                             std::uint64_t(dictionary_bytes[descriptor & 3]) +
                             std::uint64_t(content_bytes[size_flag]);
    for (;;) {
      unsigned char b[3];
      if (!file.read_at(position, b, 3)) {
        error = path + ": zstd block header cut short at byte " + std::to_string(position);
        return {};
      }
      const std::uint32_t block = little_endian(b, 3);
      const bool last = block & 1;
      const int type = (block >> 1) & 3;
      const std::uint32_t block_size = block >> 3;
      position += 3 + (type == 1 ? 1 : block_size);  // an RLE block holds one byte
      if (last) break;
    }
    at = position + (checksum ? 4 : 0);
  }
  return offsets;
}

struct ZstdFrameReader::Impl {
  File file;
  ZSTD_DStream* stream = ZSTD_createDStream();
  std::vector<char> in = std::vector<char>(ZSTD_DStreamInSize());
  ZSTD_inBuffer input{nullptr, 0, 0};
  std::vector<char> out = std::vector<char>(ZSTD_DStreamOutSize());
  std::size_t out_begin = 0, out_end = 0;
  std::uint64_t produced = 0;  // decompressed bytes decoded from `begin`
  std::uint64_t skip, left;
  bool at_end = false;
  bool mid_frame = false;  // the last call did not end a frame

  Impl(const std::string& path, std::uint64_t begin, std::uint64_t s, std::uint64_t limit)
      : file(path), skip(s), left(limit) {
    if (file.f) std::fseek(file.f, long(begin), SEEK_SET);
    ZSTD_initDStream(stream);
  }
  ~Impl() { ZSTD_freeDStream(stream); }
};

ZstdFrameReader::ZstdFrameReader(const std::string& path, std::uint64_t begin, std::uint64_t skip,
                                 std::uint64_t limit)
    : impl_(std::make_unique<Impl>(path, begin, skip, limit)) {}
ZstdFrameReader::~ZstdFrameReader() = default;

std::size_t ZstdFrameReader::read(char* buffer, std::size_t size, std::string& error) {
  Impl& z = *impl_;
  if (!z.file.f) {
    error = std::string("cannot open: ") + std::strerror(errno);
    return 0;
  }
  while (z.left > 0) {
    if (z.out_begin < z.out_end) {
      std::size_t n = z.out_end - z.out_begin;
      if (z.skip) {
        const std::size_t dropped = std::size_t(std::min<std::uint64_t>(n, z.skip));
        z.skip -= dropped;
        z.out_begin += dropped;
        continue;
      }
      n = std::size_t(std::min<std::uint64_t>({n, size, z.left}));
      std::memcpy(buffer, z.out.data() + z.out_begin, n);
      z.out_begin += n;
      z.left -= n;
      return n;
    }
    if (z.at_end) return 0;
    if (z.input.pos == z.input.size) {
      const std::size_t n = std::fread(z.in.data(), 1, z.in.size(), z.file.f);
      if (n == 0) {
        z.at_end = true;
        if (z.mid_frame) {
          error = "zstd: the last frame is cut short";
          return 0;
        }
        continue;
      }
      z.input = ZSTD_inBuffer{z.in.data(), n, 0};
    }
    ZSTD_outBuffer output{z.out.data(), z.out.size(), 0};
    const std::size_t status = ZSTD_decompressStream(z.stream, &output, &z.input);
    if (ZSTD_isError(status)) {
      error = std::string("zstd: ") + ZSTD_getErrorName(status);
      return 0;
    }
    z.out_begin = 0;
    z.out_end = output.pos;
    z.produced += output.pos;
    z.mid_frame = status != 0;
    if (status == 0) frame_ends_.push_back(z.produced);  // a frame is done and flushed
  }
  return 0;
}

}  // namespace pgn::python
