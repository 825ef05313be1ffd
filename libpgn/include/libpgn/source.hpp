// Where a run's games come from: a file, standard input, bytes in memory or a function that
// reads (a Python file object, a socket). A Source only describes the input; the pipeline opens
// it when its turn comes, once, and reads it through one chain: decompression (zstd, gzip,
// bzip2, found by content), then, for JSON input, the records decoded into games.
//
// A Source is cheap to copy: bytes in memory are shared, not copied, and can be read again. A later
// kind (a byte range of a file, cut at game boundaries for a distributed reader) is one more
// factory here and one more case in the opening code (libpgn/src/io/source.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace pgn {

// How the bytes of a source are read: PGN, JSON records (an array of game objects, or JSON
// Lines / NDJSON), or decided by the beginning of the (decompressed) bytes.
enum class InputFormat : std::uint8_t { Detect, Pgn, Json };

// Reads up to `size` bytes into `buffer`; returns how many, 0 at the end. On a fault it
// returns 0 and sets `error` (which names the input, as it is reported as it is).
using ByteReader = std::function<std::size_t(char* buffer, std::size_t size, std::string& error)>;

class Source {
 public:
  enum class Kind : std::uint8_t { Path, StandardInput, Bytes, Reader };

  // A file by name; "-" is standard input, as on the command line.
  static Source path(std::string path, InputFormat format = InputFormat::Detect);
  static Source standard_input(InputFormat format = InputFormat::Detect);
  // Bytes in memory (compressed or not), named `name` in reports.
  static Source bytes(std::string name, std::shared_ptr<const std::string> bytes,
                      InputFormat format = InputFormat::Detect);
  static Source bytes(std::string name, std::string bytes,
                      InputFormat format = InputFormat::Detect);
  // Bytes from `read`, called on the reading thread until it returns 0. A stream: a run reads
  // it once, and a copy of the Source shares its position.
  static Source reader(std::string name, ByteReader read, InputFormat format = InputFormat::Detect);

  Kind kind() const { return kind_; }
  // The name reports use: the path ("-" for standard input) or the name given.
  const std::string& name() const { return name_; }
  InputFormat format() const { return format_; }
  const std::shared_ptr<const std::string>& memory() const { return bytes_; }
  const ByteReader& read_function() const { return read_; }

 private:
  Source(Kind kind, std::string name, InputFormat format)
      : kind_(kind), format_(format), name_(std::move(name)) {}

  Kind kind_;
  InputFormat format_;
  std::string name_;
  std::shared_ptr<const std::string> bytes_;
  ByteReader read_;
};

}  // namespace pgn
