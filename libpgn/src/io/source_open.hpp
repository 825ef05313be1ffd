// Opening a Source (libpgn/source.hpp): the one place that turns the description of an input
// into a stream of PGN bytes, JSON decoded when the input is JSON.
#pragma once

#include <memory>
#include <string>

#include "libpgn/input.hpp"
#include "libpgn/source.hpp"

namespace pgn {

// The (decompressed) bytes read by `read`, compression found by the magic number as for files.
// nullptr with `error` when the first read fails.
std::unique_ptr<InputSource> open_reader_input(const std::string& name, const ByteReader& read,
                                               std::string& error);

struct OpenedSource {
  std::unique_ptr<InputSource> bytes;  // the input's (decompressed) bytes
  bool json = false;                   // ... to be read as JSON records
};

// Opens `source`; on failure `pgn` is null and `error` says why ("cannot open x.pgn: ...").
OpenedSource open_source(const Source& source, std::string& error);

}  // namespace pgn
