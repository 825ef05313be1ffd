// Opening a Source (libpgn/source.hpp): the one place that turns the description of an input
// into a stream of its (decompressed) bytes. Whether they are PGN or JSON records is the
// reading stage's to tell (reads_as_json, read/json_games.hpp).
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <string>

#include "libpgn/input.hpp"
#include "libpgn/source.hpp"

namespace pgn {

// The most one read() of a source opened here hands out, whatever the caller asks for: the
// reader's buffer then cycles through its first 128 KB, which stay in the core's cache,
// instead of a 1 MB stretch whose every read evicts the validator's own data
// (docs/performance.md, "Reading in 128 KB pieces"). 128 KB is also a zstd block, the most one
// decoding step produces.
constexpr std::size_t kInputPieceBytes = 128u << 10;

// InputSource::open, and once `stop` is set (SIGINT), a pipe or terminal that waits for input
// ends there, as if its writer had closed it: the bytes read so far are the input.
std::unique_ptr<InputSource> open_path(const std::string& path, std::string& error,
                                       const std::atomic<bool>* stop);

// The (decompressed) bytes read by `read`, compression found by the magic number as for files.
// nullptr with `error` when the first read fails.
std::unique_ptr<InputSource> open_reader_input(const std::string& name, const ByteReader& read,
                                               std::string& error);

// Opens `source`: its (decompressed) bytes, or null with `error` saying why ("cannot open
// x.pgn: ..."). `stop` ends a pipe that waits for input (InputSource::open).
std::unique_ptr<InputSource> open_source(const Source& source, std::string& error,
                                         const std::atomic<bool>* stop = nullptr);

}  // namespace pgn
