// The libpgn Python module: reading games, validating and converting through libpgn's
// pipeline (stream.hpp), and the legality core as libpgn.Position. Python-side helpers
// (exceptions, to_dataframe, the Dask functions) are in the libpgn package around it.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "errors.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/position.hpp"
#include "libpgn/report.hpp"
#include "stream.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace pgn::python {
namespace {

// ---- sources and settings --------------------------------------------------------------

// A Python object that is released with the GIL held, whichever thread lets go of it last.
struct HeldObject {
  py::object object;
  explicit HeldObject(py::object o) : object(std::move(o)) {}
  ~HeldObject() {
    py::gil_scoped_acquire gil;
    object = py::object();
  }
};

Source make_source(const py::handle& source,
                   std::optional<std::pair<std::uint64_t, std::uint64_t>> range) {
  if (py::isinstance<py::str>(source) || py::hasattr(source, "__fspath__")) {
    const std::string path = py::str(py::module_::import("os").attr("fspath")(source));
    if (!range) return Source::path(path, InputFormat::Pgn);
    // A byte range of an uncompressed file, read with pread: the Dask partitions.
    auto [begin, end] = *range;
    if (begin > end) throw py::value_error("byte_range: start after end");
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
    return Source::bytes("<bytes>", std::move(bytes), InputFormat::Pgn);
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
        InputFormat::Pgn);
  }
  throw py::type_error("source must be a path, bytes or a binary file object, not " +
                       std::string(py::str(py::type::of(source).attr("__name__"))));
}

ValidateOptions validate_options(const std::string& lang, bool strict) {
  ValidateOptions options;
  options.strict = strict;
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

unsigned thread_count(long threads) {
  if (threads < 0 || threads > 1024) throw py::value_error("threads must be 0 (all cores) to 1024");
  return unsigned(threads);
}

// ---- problems and games ----------------------------------------------------------------

struct Problem {
  std::string file;
  Diagnostic d;
};

py::object none_if_empty(const std::string& s) {
  return s.empty() ? py::object(py::none()) : py::str(s);
}

py::dict problem_dict(const Problem& p) {
  py::dict r;
  r["file"] = p.file;
  r["game"] = p.d.game;
  r["line"] = p.d.line;
  r["column"] = p.d.column;
  r["offset"] = p.d.offset;
  r["ply"] = p.d.ply ? py::object(py::int_(p.d.ply)) : py::object(py::none());
  r["variation"] = none_if_empty(p.d.variation);
  r["severity"] = severity_name(p.d.severity);
  r["code"] = code_info(p.d.code).name;
  r["message"] = p.d.message;
  r["written"] = none_if_empty(p.d.written);
  r["san"] = none_if_empty(p.d.san);
  r["fen"] = none_if_empty(p.d.fen);
  return r;
}

// Values of lichess comment commands: "[%clk 0:03:00]" (seconds), "[%eval 0.25]" (pawns) or
// "[%eval #-3]" (mate in 3 for Black).
bool command_value(std::string_view comment, std::string_view command, std::string_view& value) {
  const std::size_t at = comment.find(command);
  if (at == std::string_view::npos) return false;
  std::size_t begin = at + command.size();
  while (begin < comment.size() && comment[begin] == ' ') ++begin;
  std::size_t end = comment.find(']', begin);
  if (end == std::string_view::npos) return false;
  value = comment.substr(begin, end - begin);
  while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
  return !value.empty();
}

std::optional<double> parse_clock(std::string_view comment) {
  std::string_view v;
  if (!command_value(comment, "[%clk", v)) return std::nullopt;
  double total = 0;
  std::string part;
  for (std::size_t i = 0; i <= v.size(); ++i) {
    if (i == v.size() || v[i] == ':') {
      char* end = nullptr;
      const double x = std::strtod(part.c_str(), &end);
      if (part.empty() || *end) return std::nullopt;
      total = total * 60 + x;
      part.clear();
    } else {
      part += v[i];
    }
  }
  return total;
}

struct Evaluation {
  std::optional<double> pawns;
  std::optional<long> mate;
};

Evaluation parse_eval(std::string_view comment) {
  std::string_view v;
  Evaluation e;
  if (!command_value(comment, "[%eval", v)) return e;
  const std::string text(v.substr(0, v.find(',')));
  char* end = nullptr;
  if (!text.empty() && text[0] == '#') {
    const long m = std::strtol(text.c_str() + 1, &end, 10);
    if (*end == 0 && end != text.c_str() + 1) e.mate = m;
  } else {
    const double x = std::strtod(text.c_str(), &end);
    if (*end == 0 && end != text.c_str()) e.pawns = x;
  }
  return e;
}

class Game {
 public:
  Game(std::shared_ptr<const std::string> file, GameReport report, GameRecord record)
      : file_(std::move(file)), report_(std::move(report)), record_(std::move(record)) {}

  py::dict tags() const {
    py::dict d;
    for (const auto& [name, value] : record_.tags) d[py::str(name)] = py::str(value);
    return d;
  }
  std::optional<std::string> tag(const std::string& name) const {
    for (const auto& [n, value] : record_.tags)
      if (n == name) return value;
    return std::nullopt;
  }

  // Calls f(event, ply) for the main line's events (variations skipped).
  template <typename F>
  void main_line(F&& f) const {
    int depth = 0;
    std::size_t ply = 0;
    for (const GameEvent& e : record_.events) {
      if (e.kind == GameEvent::VariationBegin)
        ++depth;
      else if (e.kind == GameEvent::VariationEnd)
        --depth;
      else if (depth == 0) {
        if (e.kind == GameEvent::MoveEvent) ++ply;
        f(e, ply);
      }
    }
  }

  py::list moves() const {
    py::list list;
    main_line([&](const GameEvent& e, std::size_t) {
      if (e.kind == GameEvent::MoveEvent) list.append(py::str(record_.text(e)));
    });
    return list;
  }

  std::vector<Move> main_moves() const {
    std::vector<Move> moves;
    main_line([&](const GameEvent& e, std::size_t) {
      if (e.kind == GameEvent::MoveEvent) moves.push_back(e.move);
    });
    return moves;
  }

  py::list uci() const {
    py::list list;
    Position pos = record_.start;
    for (Move m : main_moves()) {
      list.append(py::str(to_uci(pos, m)));
      pos.play(m);
    }
    return list;
  }

  std::string fen_at(long ply) const {
    const std::vector<Move> moves = main_moves();
    if (ply < 0) ply += long(moves.size()) + 1;
    if (ply < 0 || std::size_t(ply) > moves.size())
      throw py::index_error("ply " + std::to_string(ply) + " is outside 0.." +
                            std::to_string(moves.size()));
    Position pos = record_.start;
    for (long i = 0; i < ply; ++i) pos.play(moves[std::size_t(i)]);
    return pos.fen();
  }

  py::list comments() const {
    py::list list;
    main_line([&](const GameEvent& e, std::size_t ply) {
      if (e.kind == GameEvent::Comment) list.append(py::make_tuple(ply, py::str(record_.text(e))));
    });
    return list;
  }

  // One value per main-line ply: what the comments after that move say, else None.
  template <typename Parse>
  py::list per_ply(Parse&& parse) const {
    std::vector<py::object> values;
    main_line([&](const GameEvent& e, std::size_t ply) {
      if (e.kind == GameEvent::MoveEvent) values.push_back(py::none());
      if (e.kind == GameEvent::Comment && ply > 0) {
        py::object v = parse(record_.text(e));
        if (!v.is_none()) values[ply - 1] = v;
      }
    });
    py::list list;
    for (auto& v : values) list.append(v);
    return list;
  }
  py::list clocks() const {
    return per_ply([](std::string_view c) {
      auto v = parse_clock(c);
      return v ? py::object(py::float_(*v)) : py::object(py::none());
    });
  }
  py::list evals() const {
    return per_ply([](std::string_view c) {
      auto v = parse_eval(c).pawns;
      return v ? py::object(py::float_(*v)) : py::object(py::none());
    });
  }
  py::list mates() const {
    return per_ply([](std::string_view c) {
      auto v = parse_eval(c).mate;
      return v ? py::object(py::int_(*v)) : py::object(py::none());
    });
  }

  std::string result() const { return record_.result.empty() ? report_.result : record_.result; }
  std::string variant() const {
    if (auto v = tag("Variant")) {
      std::string s;
      for (char c : *v) s += char(std::tolower((unsigned char)c));
      if (!s.empty()) return s;
    }
    return record_.chess960 ? "chess960" : "standard";
  }
  py::list problems() const {
    py::list list;
    for (const Diagnostic& d : report_.problems) list.append(Problem{*file_, d});
    return list;
  }
  std::string pgn() const {
    static GameWriter writer{WriterOptions{}};
    std::string out;
    writer.write(record_, out);
    return out;
  }
  py::dict to_dict() const {
    py::dict d;
    d["file"] = *file_;
    d["index"] = report_.index;
    d["offset"] = report_.start.offset;
    d["line"] = report_.start.line;
    d["tags"] = tags();
    d["moves"] = moves();
    d["result"] = result();
    d["variant"] = variant();
    d["notation"] = report_.notation;
    d["plies"] = report_.plies;
    d["valid"] = valid();
    d["errors"] = report_.errors;
    d["warnings"] = report_.warnings;
    py::list problems;
    for (const Diagnostic& diag : report_.problems)
      problems.append(problem_dict(Problem{*file_, diag}));
    d["problems"] = problems;
    return d;
  }
  bool valid() const { return report_.errors == 0 && report_.replayed; }

  const GameReport& report() const { return report_; }
  const GameRecord& record() const { return record_; }
  const std::string& file() const { return *file_; }

 private:
  std::shared_ptr<const std::string> file_;
  GameReport report_;
  GameRecord record_;
};

// ---- iterators over a stream ---------------------------------------------------------------

class StreamIterator {
 public:
  StreamIterator(const py::handle& source, StreamSettings settings,
                 std::optional<std::pair<std::uint64_t, std::uint64_t>> range = std::nullopt) {
    Source s = make_source(source, range);
    file_ = std::make_shared<const std::string>(s.name());
    stream_ = std::make_unique<GameStream>(std::move(s), std::move(settings));
  }
  ~StreamIterator() { close(); }

  void close() {
    if (!stream_) return;
    py::gil_scoped_release nogil;
    stream_.reset();
  }

 protected:
  // The next chunk; false at the end, where a read fault is left in end_error_.
  bool next_chunk() {
    if (!stream_) return false;
    bool more;
    {
      py::gil_scoped_release nogil;
      more = stream_->next(chunk_);
    }
    position_ = 0;
    if (!more) {
      chunk_ = Chunk();
      end_error_ = stream_->error();
      games_at_end_ = stream_->games_read();
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    }
    return more;
  }

  std::unique_ptr<GameStream> stream_;
  std::shared_ptr<const std::string> file_;
  Chunk chunk_;
  std::size_t position_ = 0;
  std::string end_error_;
  std::uint64_t games_at_end_ = 0;
};

class GameIterator : public StreamIterator {
 public:
  using StreamIterator::StreamIterator;
  Game next() {
    while (position_ >= chunk_.reports.size()) {
      if (!next_chunk()) {
        close();
        if (!end_error_.empty()) {
          std::string message = end_error_;
          if (games_at_end_)
            message += " (" + std::to_string(games_at_end_) + " games before it were read)";
          end_error_.clear();
          raise("PgnError", "io", message, *file_);
        }
        throw py::stop_iteration();
      }
    }
    const std::size_t i = position_++;
    return Game(file_, std::move(chunk_.reports[i]), std::move(chunk_.records[i]));
  }
};

py::dict summary_dict(const RunSummary& r) {
  py::dict d;
  d["files"] = r.files;
  d["files_failed"] = r.files_failed;
  d["games"] = r.games;
  d["games_valid"] = r.games_valid;
  d["games_with_errors"] = r.games_with_errors;
  d["games_not_checked"] = r.games_not_checked;
  d["games_with_warnings"] = r.games_with_warnings;
  d["moves"] = r.moves;
  d["errors"] = r.errors;
  d["warnings"] = r.warnings;
  d["input_bytes"] = r.input_bytes;
  py::dict by_code;
  for (const CodeInfo& info : all_codes())
    if (r.by_code[int(info.code)]) by_code[info.name] = r.by_code[int(info.code)];
  d["problems_by_code"] = by_code;
  return d;
}

// Problems as `pgn validate --format jsonl` reports them, the summary counted as they pass.
class ProblemIterator : public StreamIterator {
 public:
  using StreamIterator::StreamIterator;
  Problem next() {
    for (;;) {
      if (problem_ < pending_.size()) return Problem{*file_, std::move(pending_[problem_++])};
      pending_.clear();
      problem_ = 0;
      if (position_ < chunk_.reports.size()) {
        GameReport& report = chunk_.reports[position_++];
        summary_.add(report);
        pending_ = std::move(report.problems);
        continue;
      }
      if (done_) throw py::stop_iteration();
      if (next_chunk()) {
        summary_.input_bytes += chunk_.input_bytes;
        continue;
      }
      done_ = true;
      close();
      ++summary_.files;
      if (!end_error_.empty()) {
        ++summary_.files_failed;
        Diagnostic d;
        d.code = Code::Io;
        d.severity = Severity::Error;
        d.message = end_error_;
        if (games_at_end_)
          d.message += " (" + std::to_string(games_at_end_) + " games before it were read)";
        ++summary_.errors;
        ++summary_.by_code[int(Code::Io)];
        pending_.push_back(d);
      }
    }
  }
  py::dict summary() {
    try {
      while (true) next();
    } catch (py::stop_iteration&) {
    }
    return summary_dict(summary_);
  }

 private:
  std::vector<Diagnostic> pending_;
  std::size_t problem_ = 0;
  bool done_ = false;
  RunSummary summary_;
};

std::string convert(const py::handle& source, const std::string& to, const std::string& lang,
                    const std::string& to_lang, long threads) {
  StreamSettings settings;
  settings.mode = StreamMode::Convert;
  settings.threads = thread_count(threads);
  settings.validate = validate_options(lang, false);
  if (!output_format_from_name(to, settings.writer.format))
    throw py::value_error("unknown format '" + to +
                          "'; known: pgn, json, jsonl, uci, lan, fen, epd");
  if (!to_lang.empty()) {
    settings.writer.notation = find_notation(to_lang);
    if (!settings.writer.notation) throw py::value_error("unknown notation '" + to_lang + "'");
  }
  const bool json = settings.writer.format == OutputFormat::Json;
  Source s = make_source(source, std::nullopt);
  const std::string name = s.name();
  std::string out, error;
  {
    py::gil_scoped_release nogil;
    GameStream stream(std::move(s), std::move(settings));
    Chunk chunk;
    bool wrote = false;
    if (json) out.append(kJsonArrayOpen);
    while (stream.next(chunk)) {
      if (chunk.output.empty()) continue;
      if (json && wrote) out.append(kJsonArraySeparator);
      out.append(chunk.output);
      wrote = true;
    }
    if (json) out.append(wrote ? kJsonArrayClose : std::string_view("]\n"));
    error = stream.error();
  }
  if (!error.empty()) raise("PgnError", "io", error, name);
  return out;
}

// Column lists for to_dataframe, filled without a Python object per game beyond the values.
py::dict game_columns(const py::handle& source, const std::vector<std::string>& tags,
                      const std::string& lang, long threads,
                      std::optional<std::pair<std::uint64_t, std::uint64_t>> range) {
  StreamSettings settings;
  settings.mode = StreamMode::Tags;
  settings.threads = thread_count(threads);
  settings.validate = validate_options(lang, false);
  GameIterator it(source, std::move(settings), range);
  std::vector<py::list> tag_columns(tags.size());
  py::list offset, plies, result, termination, valid, errors, warnings, notation;
  std::vector<std::string_view> values(tags.size());
  for (;;) {
    std::optional<Game> game;
    try {
      game.emplace(it.next());
    } catch (py::stop_iteration&) {
      break;
    }
    const GameRecord& r = game->record();
    const GameReport& rep = game->report();
    std::fill(values.begin(), values.end(), std::string_view());
    std::string_view term;
    for (const auto& [name, value] : r.tags) {
      if (name == "Termination") term = value;
      for (std::size_t i = 0; i < tags.size(); ++i)
        if (name == tags[i]) values[i] = value;
    }
    for (std::size_t i = 0; i < tags.size(); ++i)
      tag_columns[i].append(values[i].data()
                                ? py::object(py::str(values[i].data(), values[i].size()))
                                : py::object(py::none()));
    offset.append(rep.start.offset);
    plies.append(rep.plies);
    result.append(game->result());
    termination.append(term.data() ? py::object(py::str(term.data(), term.size()))
                                   : py::object(py::none()));
    valid.append(game->valid());
    errors.append(rep.errors);
    warnings.append(rep.warnings);
    notation.append(rep.notation);
  }
  py::dict d;
  for (std::size_t i = 0; i < tags.size(); ++i) d[py::str(tags[i])] = tag_columns[i];
  d["offset"] = offset;
  d["plies"] = plies;
  d["result"] = result;
  d["termination"] = termination;
  d["valid"] = valid;
  d["errors"] = errors;
  d["warnings"] = warnings;
  d["notation"] = notation;
  return d;
}

}  // namespace
}  // namespace pgn::python

using namespace pgn::python;

namespace pgn::python {
void bind_position(py::module_& m);  // position.cpp
}

PYBIND11_MODULE(_libpgn, m) {
  m.doc() = "libpgn's C++ core: games, validation, conversion and the legality core.";

  py::class_<Problem>(m, "Problem",
                      "A problem found in a game: the fields of `pgn validate --format jsonl`.")
      .def_property_readonly("file", [](const Problem& p) { return p.file; })
      .def_property_readonly(
          "game", [](const Problem& p) { return p.d.game; }, "1-based game number in its input")
      .def_property_readonly("line", [](const Problem& p) { return p.d.line; })
      .def_property_readonly("column", [](const Problem& p) { return p.d.column; })
      .def_property_readonly(
          "offset", [](const Problem& p) { return p.d.offset; },
          "byte offset in the (decompressed) input")
      .def_property_readonly("ply",
                             [](const Problem& p) {
                               return p.d.ply ? py::object(py::int_(p.d.ply))
                                              : py::object(py::none());
                             })
      .def_property_readonly("variation",
                             [](const Problem& p) { return none_if_empty(p.d.variation); })
      .def_property_readonly(
          "severity", [](const Problem& p) { return std::string(severity_name(p.d.severity)); })
      .def_property_readonly("code",
                             [](const Problem& p) { return std::string(code_info(p.d.code).name); })
      .def_property_readonly("message", [](const Problem& p) { return p.d.message; })
      .def_property_readonly("written", [](const Problem& p) { return none_if_empty(p.d.written); })
      .def_property_readonly("san", [](const Problem& p) { return none_if_empty(p.d.san); })
      .def_property_readonly("fen", [](const Problem& p) { return none_if_empty(p.d.fen); })
      .def("to_dict", &problem_dict, "The problem as a dict with the jsonl record's keys.")
      .def("__repr__", [](const Problem& p) {
        return "<Problem " + p.file + ":" + std::to_string(p.d.line) + ":" +
               std::to_string(p.d.column) + " " + code_info(p.d.code).name + ": " + p.d.message +
               ">";
      });

  py::class_<Game>(m, "Game", "One game as libpgn read and replayed it.")
      .def_property_readonly("tags", &Game::tags, "The tags, a dict in file order.")
      .def_property_readonly(
          "moves", &Game::moves,
          "The main line's moves in SAN (the moves replayed, up to a first error).")
      .def("uci", &Game::uci, "The main line's moves in UCI notation.")
      .def("fen_at", &Game::fen_at, "ply"_a,
           "The FEN after `ply` main-line half-moves (0: the start; negative counts from the end).")
      .def_property_readonly("result", &Game::result,
                             "\"1-0\", \"0-1\", \"1/2-1/2\", \"*\" or \"\" when none was given.")
      .def_property_readonly("variant", &Game::variant,
                             "The Variant tag in lower case, else \"chess960\" or \"standard\".")
      .def_property_readonly("comments", &Game::comments,
                             "Main-line comments as (ply, text): ply 0 is before the first move.")
      .def_property_readonly(
          "clocks", &Game::clocks,
          "Seconds on the clock after each main-line ply ([%clk]), None where not given.")
      .def_property_readonly(
          "evals", &Game::evals,
          "Evaluation in pawns after each main-line ply ([%eval]), None where not given or a mate.")
      .def_property_readonly(
          "mates", &Game::mates,
          "Mate in N after each main-line ply ([%eval #N], negative: Black mates), else None.")
      .def_property_readonly("problems", &Game::problems, "The game's problems (list of Problem).")
      .def_property_readonly("valid", &Game::valid, "Replayed without errors (warnings allowed).")
      .def_property_readonly(
          "plies", [](const Game& g) { return g.report().plies; }, "Main-line half-moves replayed.")
      .def_property_readonly(
          "notation", [](const Game& g) { return g.report().notation; },
          "Code of the notation the movetext was read in.")
      .def_property_readonly(
          "index", [](const Game& g) { return g.report().index; },
          "1-based game number in its input.")
      .def_property_readonly(
          "line", [](const Game& g) { return g.report().start.line; },
          "Line of the game's first byte.")
      .def_property_readonly(
          "offset", [](const Game& g) { return g.report().start.offset; },
          "Byte offset of the game's first byte in the (decompressed) input.")
      .def_property_readonly("file", &Game::file)
      .def("pgn", &Game::pgn, "The game in PGN export format, as `pgn convert` writes it.")
      .def("to_dict", &Game::to_dict, "The game as plain Python values (what the Dask bag holds).")
      .def("__repr__", [](const Game& g) {
        auto white = g.tag("White"), black = g.tag("Black");
        return "<Game " + std::to_string(g.report().index) + ": " + (white ? *white : "?") + " - " +
               (black ? *black : "?") + " " + g.result() + ", " + std::to_string(g.report().plies) +
               " plies>";
      });

  py::class_<GameIterator>(m, "GameIterator", "Games in input order, read on libpgn's threads.")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &GameIterator::next)
      .def("close", &GameIterator::close, "Stops reading.")
      .def("__enter__", [](py::object self) { return self; })
      .def("__exit__", [](GameIterator& it, py::args) { it.close(); });

  py::class_<ProblemIterator>(m, "ProblemIterator",
                              "Problems in input order; `summary` after them.")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &ProblemIterator::next)
      .def_property_readonly(
          "summary", &ProblemIterator::summary,
          "The run's totals (the jsonl summary record); reads what is left first.");

  m.def(
      "read_games",
      [](py::handle source, const std::string& lang, long threads,
         std::optional<std::pair<std::uint64_t, std::uint64_t>> byte_range) {
        StreamSettings settings;
        settings.mode = StreamMode::Games;
        settings.threads = thread_count(threads);
        settings.validate = validate_options(lang, false);
        return std::make_unique<GameIterator>(source, std::move(settings), byte_range);
      },
      "source"_a, py::kw_only(), "lang"_a = "auto", "threads"_a = 0, "byte_range"_a = py::none(),
      R"(Iterates the games of `source`: a path (plain, .zst, .gz or .bz2, found by content), bytes,
or a binary file object. Games are read and replayed on libpgn's threads (`threads`, 0: one per
core) without the GIL and come out in input order. `lang` is the movetext's notation ("auto"
detects it per game). `byte_range=(start, end)` reads only those bytes of an uncompressed file,
cut at game starts. A file that cannot be read raises PgnError (after the games before the fault).)");

  m.def(
      "validate",
      [](py::handle source, const std::string& lang, long threads, bool strict) {
        StreamSettings settings;
        settings.mode = StreamMode::Problems;
        settings.threads = thread_count(threads);
        settings.validate = validate_options(lang, strict);
        return std::make_unique<ProblemIterator>(source, std::move(settings));
      },
      "source"_a, py::kw_only(), "lang"_a = "auto", "threads"_a = 0, "strict"_a = false,
      R"(Iterates the problems `pgn validate` reports for `source` (Problem records with the jsonl
fields); the iterator's `summary` holds the totals. A read fault is a problem of code "io", as on
the command line.)");

  m.def(
      "_validate_range",
      [](py::handle source, std::pair<std::uint64_t, std::uint64_t> range, const std::string& lang,
         long threads) {
        StreamSettings settings;
        settings.mode = StreamMode::Problems;
        settings.threads = thread_count(threads);
        settings.validate = validate_options(lang, false);
        return std::make_unique<ProblemIterator>(source, std::move(settings), range);
      },
      "source"_a, "byte_range"_a, "lang"_a = "auto", "threads"_a = 0);

  m.def(
      "convert", &convert, "source"_a, py::kw_only(), "to"_a = "pgn", "lang"_a = "auto",
      "to_lang"_a = "", "threads"_a = 0,
      R"(The games of `source` written as `pgn convert --to TO` writes them (pgn, json, jsonl, uci,
lan, fen or epd), in notation `to_lang` (pgn, lan) when given; returns the text.)");

  m.def("_game_columns", &game_columns, "source"_a, "tags"_a, "lang"_a = "auto", "threads"_a = 0,
        "byte_range"_a = py::none());

  bind_position(m);
}
