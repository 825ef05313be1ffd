// What the module's reading functions take: a source (a path, bytes, a binary file object, a
// byte range of a file) and validate's settings, turned into libpgn's Source and options.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "libpgn/diagnostics.hpp"
#include "libpgn/encoding.hpp"
#include "libpgn/source.hpp"
#include "libpgn/validator.hpp"

namespace pgn::python {

namespace py = pybind11;

// byte_range: (start, end) of an uncompressed file, or (start, end, frame, frame_start) of a
// zstd file: decompressed bytes start..end, decoded from the frame at compressed offset
// `frame`, whose first byte is at `frame_start` in the decompressed input.
using ByteRange = std::optional<std::vector<std::uint64_t>>;

// A byte range of an uncompressed file, moved to game starts: it is read from the first game
// that starts at or after `begin` to the first that starts at or after `end`, so that the
// ranges of any partition of a file read each game once. Where a game starts is told by the
// bytes around it alone (a tag pair first on its line, not after another tag), so that the
// range that ends at a cut and the one that begins there agree; libpgn.dask cuts there too.
class GameRange {
 public:
  // Raises PgnError for a file that cannot be opened.
  GameRange(const std::string& path, std::uint64_t begin, std::uint64_t end);
  ~GameRange();
  GameRange(const GameRange&) = delete;
  GameRange& operator=(const GameRange&) = delete;

  // As a ByteReader: a file cut while it is read is a fault naming the byte.
  std::size_t read(char* buffer, std::size_t size, std::string& error);
  // The first place at or after `from` where a range may begin (the file's end if none).
  std::uint64_t first_game_start(std::uint64_t from, std::string& error);

 private:
  // pread's whole answer: fewer bytes than asked only at the end of the file.
  std::size_t read_at(std::uint64_t at, char* out, std::size_t size, std::string& error);
  // The first tag section at or after `from` that may begin a game (the file's end if none).
  std::uint64_t next_tag_section(std::uint64_t from, std::string& error);

  std::string path_;
  int fd_ = -1;
  std::uint64_t size_ = 0;  // when opened
  std::uint64_t begin_, end_;
  std::optional<std::uint64_t> first_section_;  // the file's first tag section, once needed
  bool located_ = false;                        // position_ and stop_ are the game starts
  std::uint64_t position_ = 0, stop_ = 0;
};

// Raises TypeError for a source of the wrong kind, ValueError for a bad range.
Source make_source(const py::handle& source, const ByteRange& byte_range);
// ValueError for an unknown notation.
// `variant`: the rules of games without a Variant tag ("" for standard), a name the tag takes.
ValidateOptions validate_options(const std::string& lang, bool strict,
                                 const std::string& variant = "");
// The code page of an `encoding=` keyword (nullptr: "auto"); ValueError for an unknown one.
const CodePage* code_page_from(const std::string& encoding);
// validate's filters, as `pgn validate --ignore CODE --no-tag-checks --no-check-suffixes`
// take them; ValueError for an unknown code.
void apply_filters(ValidateOptions& options, const std::vector<std::string>& ignore,
                   bool tag_checks, bool check_suffixes);
// "warning" or "error", as `pgn validate --min-severity`.
Severity min_severity_from(const std::string& level);
unsigned thread_count(long threads);

}  // namespace pgn::python
