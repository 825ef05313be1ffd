// Bytes in: InputSource reads a file, standard input or memory, and undoes zstd / gzip / bzip2
// compression detected by magic bytes. Defined in io/input.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace pgn {

enum class Compression : std::uint8_t { None, Zstd, Gzip, Bzip2 };

class InputSource {
 public:
  virtual ~InputSource() = default;
  // Reads up to `size` decompressed bytes; returns 0 at the end. On a fault (I/O error,
  // corrupt or truncated compressed data) returns 0 and error() is non-empty.
  virtual std::size_t read(char* buffer, std::size_t size) = 0;
  const std::string& error() const { return error_; }
  // For faults: how far into the compressed (raw) file the source got.
  std::uint64_t raw_offset() const { return raw_offset_; }
  Compression compression() const { return compression_; }

  // Opens a file ("-" = stdin) and detects compression by content. Returns nullptr and sets
  // `error` (e.g. "cannot open x.pgn: No such file or directory") when it cannot be opened.
  static std::unique_ptr<InputSource> open(const std::string& path, std::string& error);
  // A source over bytes in memory (tests, fuzzing, JSON fields holding PGN).
  static std::unique_ptr<InputSource> from_memory(std::string_view bytes);
  // Like from_memory, but recognises zstd / gzip / bzip2 data by its magic bytes as open()
  // does (fuzzing the decompressors, compressed blobs). Both copy `bytes`.
  static std::unique_ptr<InputSource> from_memory_detect(std::string_view bytes);

 protected:
  std::string error_;
  std::uint64_t raw_offset_ = 0;
  Compression compression_ = Compression::None;
};

// The fault of a file that ends at byte `at` although it had `size` bytes when it was opened:
// it was cut (truncated) while it was read, and what followed is lost.
std::string cut_while_read_message(const std::string& name, std::uint64_t at, std::uint64_t size);

}  // namespace pgn
