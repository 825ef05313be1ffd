#include "sources.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <string_view>

#include "errors.hpp"
#include "libpgn/input.hpp"
#include "libpgn/min_severity.hpp"
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

// Whether a range may begin at `p` of `text`, a window of the file: at a tag pair ('[', a name,
// '"') first on its line, whose line does not follow another tag (only blank lines, `;`
// comment lines and `%` escape lines between them, which a tag section may hold). Looks at
// most kLookBack bytes back and kLookAhead on, so that where a range is cut depends on the
// file alone, not on where reading began: the range that ends at a cut and the one that
// begins there agree.
constexpr std::size_t kLookBack = 4096, kLookAhead = 256;
bool starts_tag_section(std::string_view text, std::size_t p) {
  auto name_char = [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  };
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  if (text[p] != '[') return false;
  std::size_t q = p + 1;
  while (q < text.size() && name_char(text[q])) ++q;
  if (q == p + 1) return false;
  while (q < text.size() && (text[q] == ' ' || text[q] == '\t')) ++q;
  if (q >= text.size() || text[q] != '"') return false;
  if (p > 0 && text[p - 1] != '\n') return false;
  // The lines before, back to one that holds a game's text: a tag line goes on the section.
  const std::size_t limit = p - std::min(p, kLookBack);
  for (std::size_t end = p; end > limit;) {
    std::size_t begin = end - 1;  // the line [begin, end), its '\n' included
    while (begin > limit && text[begin - 1] != '\n') --begin;
    std::string_view line = text.substr(begin, end - begin);
    end = begin;
    while (!line.empty() && blank(line.front())) line.remove_prefix(1);
    while (!line.empty() && blank(line.back())) line.remove_suffix(1);
    if (line.empty() || line.front() == ';' || line.front() == '%') continue;
    return line.front() != '[' && line.back() != ']';
  }
  return true;
}

}  // namespace

GameRange::GameRange(const std::string& path, std::uint64_t begin, std::uint64_t end)
    : path_(path), begin_(begin), end_(std::max(begin, end)) {
  fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat info {};
  if (fd_ >= 0 && ::fstat(fd_, &info) == 0 && S_ISDIR(info.st_mode)) {
    ::close(fd_);
    fd_ = -1;
    errno = EISDIR;
  }
  if (fd_ < 0) raise("PgnError", "io", "cannot open " + path + ": " + std::strerror(errno), path);
  // A device or a pipe has no bytes to range over (/dev/zero would be searched for ever).
  if (!S_ISREG(info.st_mode)) {
    ::close(fd_);
    raise("PgnError", "io", "cannot read " + path + " by byte range: not a regular file", path);
  }
  size_ = std::uint64_t(info.st_size);
}

GameRange::~GameRange() {
  ::close(fd_);
}

std::size_t GameRange::read_at(std::uint64_t at, char* out, std::size_t size, std::string& error) {
  std::size_t got = 0;
  while (got < size) {
    const ssize_t n = ::pread(fd_, out + got, size - got, off_t(at + got));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = "read error in " + path_ + " at byte " + std::to_string(at + got) + ": " +
              std::strerror(errno);
      return got;
    }
    if (n == 0) break;
    got += std::size_t(n);
  }
  return got;
}

std::uint64_t GameRange::first_game_start(std::uint64_t from, std::string& error) {
  if (from == 0) return 0;
  // What comes before the first tag section (escape lines, a comment) belongs to the first
  // game, as when the whole file is read: that game starts at 0, not at its tags.
  if (!first_section_) first_section_ = next_tag_section(0, error);
  const std::uint64_t start = next_tag_section(from, error);
  return start == *first_section_ ? next_tag_section(start + 1, error) : start;
}

std::uint64_t GameRange::next_tag_section(std::uint64_t from, std::string& error) {
  constexpr std::size_t kStep = 1 << 16;
  std::string window;
  for (std::uint64_t at = from;; at += kStep) {
    // Every place scanned has its look-back and look-ahead in the window (or the file ends).
    const std::uint64_t window_start = at - std::min<std::uint64_t>(at, kLookBack);
    const std::size_t first = std::size_t(at - window_start);
    window.resize(first + kStep + kLookAhead);
    window.resize(read_at(window_start, window.data(), window.size(), error));
    if (!error.empty() || window.size() <= first) return std::max(at, window_start + window.size());
    const std::size_t scan_end = std::min(window.size(), first + kStep);
    for (std::size_t p = window.find('[', first); p < scan_end; p = window.find('[', p + 1))
      if (starts_tag_section(std::string_view(window).substr(0, p + kLookAhead), p))
        return window_start + p;
  }
}

std::size_t GameRange::read(char* buffer, std::size_t size, std::string& error) {
  if (!located_) {
    located_ = true;
    position_ = first_game_start(begin_, error);
    if (error.empty()) stop_ = std::max(position_, first_game_start(end_, error));
    if (!error.empty()) return 0;
  }
  if (position_ >= stop_) return 0;
  const std::size_t n = read_at(
      position_, buffer, std::size_t(std::min<std::uint64_t>(size, stop_ - position_)), error);
  if (n == 0 && error.empty()) {
    if (position_ < size_)  // the file ends before the size it had when opened
      error = cut_while_read_message(path_, position_, size_);
    stop_ = position_;
  }
  position_ += n;
  return n;
}

namespace {

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
    // A byte range of an uncompressed file, moved to game starts: the Dask partitions.
    auto reader = std::make_shared<GameRange>(path, range->first, range->second);
    return Source::reader(
        path,
        [reader](char* buffer, std::size_t size, std::string& error) {
          return reader->read(buffer, size, error);
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

const CodePage* code_page_from(const std::string& encoding) {
  const CodePage* page = nullptr;
  std::string error;
  if (!encoding_option(encoding, page, error)) throw py::value_error(error);
  return page;
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
  Severity min_severity;
  if (min_severity_from_name(level, min_severity)) return min_severity;
  throw py::value_error("min_severity takes \"warning\" or \"error\", not '" + level + "'");
}

unsigned thread_count(long threads) {
  if (threads < 0 || threads > 1024) throw py::value_error("threads must be 0 (all cores) to 1024");
  return unsigned(threads);
}

}  // namespace pgn::python
