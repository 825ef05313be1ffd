#include "sources.hpp"

#include <cstdio>
#include <cstring>
#include <memory>

#include "errors.hpp"
#include "libpgn/notation.hpp"
#include "zstd_frames.hpp"

namespace pgn::python {

namespace {

// A Python object that is released with the GIL held, whichever thread lets go of it last.
struct HeldObject {
  py::object object;
  explicit HeldObject(py::object o) : object(std::move(o)) {}
  // Taking the GIL does not throw while the interpreter runs.
  ~HeldObject() {  // NOLINT(bugprone-exception-escape)
    py::gil_scoped_acquire gil;
    object = py::object();
  }
};

Source zstd_range_source(const std::string& path, const std::vector<std::uint64_t>& range) {
  const std::uint64_t begin = range[0], end = range[1], frame = range[2], frame_start = range[3];
  if (begin < frame_start) throw py::value_error("byte_range: start before its frame");
  auto reader = std::make_shared<ZstdFrameReader>(path, frame, begin - frame_start, end - begin);
  return Source::reader(
      path,
      [reader](char* buffer, std::size_t size, std::string& error) {
        return reader->read(buffer, size, error);
      },
      InputFormat::Pgn);
}

}  // namespace

Source make_source(const py::handle& source, const ByteRange& byte_range) {
  std::optional<std::pair<std::uint64_t, std::uint64_t>> range;
  if (byte_range) {
    if (byte_range->size() != 2 && byte_range->size() != 4)
      throw py::value_error("byte_range is (start, end) or (start, end, frame, frame_start)");
    if ((*byte_range)[0] > (*byte_range)[1]) throw py::value_error("byte_range: start after end");
    range.emplace((*byte_range)[0], (*byte_range)[1]);
  }
  if (py::isinstance<py::str>(source) || py::hasattr(source, "__fspath__")) {
    const std::string path = py::str(py::module_::import("os").attr("fspath")(source));
    if (!range) return Source::path(path, InputFormat::Detect);
    if (byte_range->size() == 4) return zstd_range_source(path, *byte_range);
    // A byte range of an uncompressed file, read with pread: the Dask partitions.
    const std::uint64_t begin = range->first, end = range->second;
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file) raise("PgnError", "io", "cannot open " + path, path);
    auto handle = std::shared_ptr<std::FILE>(file, std::fclose);
    auto position = std::make_shared<std::uint64_t>(begin);
    if (std::fseek(file, long(begin), SEEK_SET) != 0)
      raise("PgnError", "io", "cannot seek in " + path, path);
    return Source::reader(
        path,
        [handle, position, end](char* buffer, std::size_t size, std::string& error) -> std::size_t {
          const std::uint64_t left = end - *position;
          if (left == 0) return 0;
          const std::size_t n =
              std::fread(buffer, 1, std::min<std::uint64_t>(size, left), handle.get());
          if (n == 0 && std::ferror(handle.get())) error = "read error";
          *position += n;
          return n;
        },
        InputFormat::Pgn);
  }
  if (range) throw py::type_error("byte_range needs a path");
  if (py::isinstance<py::bytes>(source) || py::isinstance<py::bytearray>(source) ||
      py::isinstance<py::memoryview>(source)) {
    std::string bytes =
        py::isinstance<py::bytes>(source)
            ? std::string(py::bytes(py::reinterpret_borrow<py::object>(source)))
            : std::string(py::bytes(py::module_::import("builtins").attr("bytes")(source)));
    return Source::bytes("<bytes>", std::move(bytes), InputFormat::Detect);
  }
  if (py::hasattr(source, "read")) {
    if (py::isinstance(source, py::module_::import("io").attr("TextIOBase")))
      throw py::type_error(
          "read_games needs a binary file object (open(path, \"rb\")), not a text one");
    std::string name = "<stream>";
    if (py::hasattr(source, "name") && py::isinstance<py::str>(source.attr("name")))
      name = py::str(source.attr("name"));
    auto held = std::make_shared<HeldObject>(py::reinterpret_borrow<py::object>(source));
    return Source::reader(
        name,
        [held](char* buffer, std::size_t size, std::string& error) -> std::size_t {
          py::gil_scoped_acquire gil;
          try {
            py::object data = held->object.attr("read")(size);
            if (data.is_none()) return 0;
            if (!py::isinstance<py::bytes>(data)) {
              error = "read() returned " +
                      std::string(py::str(py::type::of(data).attr("__name__"))) + ", not bytes";
              return 0;
            }
            char* ptr = nullptr;
            Py_ssize_t length = 0;
            PyBytes_AsStringAndSize(data.ptr(), &ptr, &length);
            const std::size_t n = std::min<std::size_t>(std::size_t(length), size);
            std::memcpy(buffer, ptr, n);
            return n;
          } catch (py::error_already_set& e) {
            error = std::string("read() raised ") + e.what();
            return 0;
          }
        },
        InputFormat::Detect);
  }
  throw py::type_error("source must be a path, bytes or a binary file object, not " +
                       std::string(py::str(py::type::of(source).attr("__name__"))));
}

ValidateOptions validate_options(const std::string& lang, bool strict, const std::string& variant) {
  ValidateOptions options;
  if (!variant.empty()) {
    const VariantName rules = parse_variant_name(variant);
    if (!rules.known) throw py::value_error("unknown variant '" + variant + "'");
    options.variant = rules;
  }
  options.strict = strict;
  options.include_fen = true;
  if (lang != "auto") {
    options.notation = find_notation(lang);
    if (!options.notation) {
      std::string known;
      for (const Notation* n : builtin_notations()) known += " " + n->code;
      throw py::value_error("unknown notation '" + lang + "'; known: auto" + known);
    }
  }
  return options;
}

// validate's filters, as `pgn validate --ignore CODE --min-severity LEVEL --no-tag-checks
// --no-check-suffixes` take them.
void apply_filters(ValidateOptions& options, const std::vector<std::string>& ignore,
                   bool tag_checks, bool check_suffixes) {
  for (const std::string& name : ignore) {
    Code code;
    if (!code_from_name(name, code)) throw py::value_error("unknown problem code '" + name + "'");
    options.ignored[int(code)] = true;
  }
  options.check_tags = tag_checks;
  options.check_suffixes = check_suffixes;
}

Severity min_severity_from(const std::string& level) {
  if (level == "warning") return Severity::Warning;
  if (level == "error") return Severity::Error;
  throw py::value_error("min_severity takes \"warning\" or \"error\", not '" + level + "'");
}

unsigned thread_count(long threads) {
  if (threads < 0 || threads > 1024) throw py::value_error("threads must be 0 (all cores) to 1024");
  return unsigned(threads);
}

}  // namespace pgn::python
