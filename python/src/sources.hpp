// What the module's reading functions take: a source (a path, bytes, a binary file object, a
// byte range of a file) and validate's settings, turned into libpgn's Source and options.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "libpgn/diagnostics.hpp"
#include "libpgn/source.hpp"
#include "libpgn/validator.hpp"

namespace pgn::python {

namespace py = pybind11;

// byte_range: (start, end) of an uncompressed file, or (start, end, frame, frame_start) of a
// zstd file: decompressed bytes start..end, decoded from the frame at compressed offset
// `frame`, whose first byte is at `frame_start` in the decompressed input.
using ByteRange = std::optional<std::vector<std::uint64_t>>;

// Raises TypeError for a source of the wrong kind, ValueError for a bad range.
Source make_source(const py::handle& source, const ByteRange& byte_range);
// ValueError for an unknown notation.
// `variant`: the rules of games without a Variant tag ("" for standard), a name the tag takes.
ValidateOptions validate_options(const std::string& lang, bool strict,
                                 const std::string& variant = "");
// validate's filters, as `pgn validate --ignore CODE --no-tag-checks --no-check-suffixes`
// take them; ValueError for an unknown code.
void apply_filters(ValidateOptions& options, const std::vector<std::string>& ignore,
                   bool tag_checks, bool check_suffixes);
// "warning" or "error", as `pgn validate --min-severity`.
Severity min_severity_from(const std::string& level);
unsigned thread_count(long threads);

}  // namespace pgn::python
