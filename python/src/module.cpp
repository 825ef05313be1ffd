// The libpgn Python module: reading games (game.hpp), validating (validate.cpp) and converting
// through the library's runs, and the legality core as libpgn.Position. Python-side helpers
// (exceptions, to_dataframe, the Dask functions) are in the libpgn package around it.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "columns.hpp"
#include "errors.hpp"
#include "game.hpp"
#include "libpgn/bughouse_teams.hpp"
#include "libpgn/convert_run.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/position.hpp"
#include "libpgn/report.hpp"
#include "signals.hpp"
#include "sources.hpp"
#include "stream.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace pgn::python {

// ---- problems ---------------------------------------------------------------------------

namespace {
py::object none_if_empty(const std::string& s) {
  return s.empty() ? py::object(py::none()) : py::str(s);
}
}  // namespace

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

namespace {

// The conversion's text, gathered for the caller: `pgn convert` writes the same to a file.
class GatheredOutput final : public ConvertSink {
 public:
  void problem(const std::string&, const Diagnostic&) override {}
  void game_problem(const std::string&, const Diagnostic&) override {}
  bool write(std::size_t, std::string_view text) override {
    text_.append(text);
    return true;
  }
  bool input_done(std::size_t, const std::string& error) override {
    error_ = error;
    return true;
  }
  std::string& text() { return text_; }
  const std::string& error() const { return error_; }

 private:
  std::string text_;
  std::string error_;  // why the input was not read to its end ("" when it was)
};

// As `pgn convert -q` without --skip-invalid or --truncate-invalid: the library's conversion
// run (convert_files), on a thread of its own so that this thread can look at signals while
// it waits; a signal whose handler raises stops the run and is raised.
std::string convert(const py::handle& source, const std::string& to, const std::string& lang,
                    const std::string& to_lang, long threads, const std::string& encoding,
                    const std::string& variant) {
  ConvertRunSettings settings;
  settings.pipeline.threads = thread_count(threads);
  settings.validate = validate_options(lang, false, variant);
  settings.pipeline.splitter.encoding = code_page_from(encoding);
  if (!output_format_from_name(to, settings.writer.format)) {
    // Appended piece by piece: GCC 12 reads `const char* + std::string` at link time as a copy
    // of an impossible size (-Wstringop-overflow).
    std::string known;
    for (std::string_view name : output_format_names()) {
      if (!known.empty()) known += ", ";
      known += name;
    }
    throw py::value_error("unknown format '" + to + "'; known: " + known);
  }
  if (!to_lang.empty()) {
    settings.writer.notation = find_notation(to_lang);
    if (!settings.writer.notation) throw py::value_error("unknown notation '" + to_lang + "'");
  }
  if (settings.writer.format == OutputFormat::Csv)
    append_csv_header(default_csv_columns(), settings.header);
  std::vector<Source> sources;
  sources.push_back(make_source(source, std::nullopt));
  const std::string file = sources.front().name();
  std::atomic<bool> stop{false};
  settings.run_stop = &stop;
  GatheredOutput output;
  std::exception_ptr failed;
  std::mutex mutex;
  std::condition_variable changed;
  bool finished = false;
  std::thread run([&] {
    try {
      convert_files(sources, settings, output);
    } catch (...) {
      failed = std::current_exception();
    }
    sources.clear();  // a reading function lets go of its file object here, on this thread
    std::lock_guard lock(mutex);
    finished = true;
    changed.notify_all();
  });
  wait_watching_signals(
      [&] {
        std::unique_lock lock(mutex);
        return changed.wait_for(lock, kSignalInterval, [&] { return finished; });
      },
      [&] {
        stop = true;
        py::gil_scoped_release nogil;
        run.join();
      });
  {
    py::gil_scoped_release nogil;
    run.join();
  }
  if (failed) std::rethrow_exception(failed);
  if (!output.error().empty()) raise("PgnError", "io", output.error(), file);
  return std::move(output.text());
}

// ---- to_dataframe's columns (helpers in columns.hpp) -----------------------------------

enum class TagKind : std::uint8_t { Text, Integer, Date };

// The columns of to_dataframe, typed here rather than by pandas from lists of strings (which
// cost as much as reading the games): integer tags as values and a mask (pandas' Int64),
// dates as datetime.date objects (one per distinct date) or NaT, with their known parts (year,
// month, day: "<tag>_parts") as integer columns, so that "1922.??.??" keeps its year; other
// tags as str or None, result, termination and notation as categorical codes.
py::dict game_columns(const py::handle& source, const std::vector<std::string>& tags,
                      const std::vector<std::string>& kinds, const std::string& lang, long threads,
                      const ByteRange& range, const std::string& encoding) {
  if (kinds.size() != tags.size()) throw py::value_error("one kind per tag");
  std::vector<TagKind> kind;
  kind.reserve(kinds.size());
  for (const std::string& k : kinds)
    kind.push_back(k == "int" ? TagKind::Integer : k == "date" ? TagKind::Date : TagKind::Text);
  StreamSettings settings;
  settings.mode = StreamMode::Tags;
  settings.threads = thread_count(threads);
  settings.validate = validate_options(lang, false);
  settings.encoding = code_page_from(encoding);
  GameIterator it(source, std::move(settings), range);

  const py::object not_a_time = py::module_::import("pandas").attr("NaT");
  const py::object date_type = py::module_::import("datetime").attr("date");
  std::unordered_map<int, py::object> dates;
  std::vector<ObjectColumn> objects(tags.size());
  std::vector<std::vector<std::int64_t>> integers(tags.size());
  std::vector<std::vector<bool>> missing(tags.size());
  // A date tag's year, month and day: values and masks, as an integer tag's.
  std::vector<std::array<std::vector<std::int64_t>, 3>> part_values(tags.size());
  std::vector<std::array<std::vector<bool>, 3>> part_missing(tags.size());
  std::vector<std::int64_t> offset;
  std::vector<std::int32_t> plies, errors, warnings;
  std::vector<std::uint8_t> valid;
  CategoryColumn result, termination, notation;
  std::vector<std::string_view> values(tags.size());
  while (it.next_game()) {
    const Chunk& chunk = it.chunk();
    const std::size_t i = it.index();
    const MainLineRecords& store = chunk.games.main_lines;
    const MainLineRecords::Game& rep = store.game(i);
    std::fill(values.begin(), values.end(), std::string_view());
    std::string_view term;
    for (const MainLineRecords::Tag* t = store.tags_begin(i); t != store.tags_end(i); ++t) {
      const std::string_view name = store.tag_name(*t);
      if (name == "Termination") term = store.tag_value(*t);
      for (std::size_t k = 0; k < tags.size(); ++k)
        if (name == tags[k]) values[k] = store.tag_value(*t);
    }
    // A bughouse match names four players: its White and Black are its teams, as in CSV.
    std::string teams[2];
    if (store.variant(i).starts_with("Bughouse"))
      for (std::size_t k = 0; k < tags.size(); ++k) {
        if ((tags[k] != "White" && tags[k] != "Black") || !values[k].empty()) continue;
        const Color side = tags[k] == "White" ? White : Black;
        teams[side] = tags::bughouse_team(
            [&](std::string_view name) {
              for (auto* t = store.tags_begin(i); t != store.tags_end(i); ++t)
                if (store.tag_name(*t) == name) return store.tag_value(*t);
              return std::string_view();
            },
            side);
        if (!teams[side].empty()) values[k] = teams[side];
      }
    for (std::size_t k = 0; k < tags.size(); ++k) {
      const std::string_view v = values[k];
      switch (kind[k]) {
        case TagKind::Integer: {
          const auto n = v.data() ? integer_tag(v) : std::nullopt;
          integers[k].push_back(n.value_or(0));
          missing[k].push_back(!n);
          break;
        }
        case TagKind::Date: {
          const auto parts = date_parts(v);
          for (std::size_t p = 0; p < 3; ++p) {
            part_values[k][p].push_back(parts[p].value_or(0));
            part_missing[k][p].push_back(!parts[p]);
          }
          const auto d = v.data() ? date_tag(v) : std::nullopt;
          if (!d) {
            objects[k].push(not_a_time);
            break;
          }
          py::object& date = dates[*d];
          if (!date) date = date_type(*d / 10000, *d / 100 % 100, *d % 100);
          objects[k].push(date);
          break;
        }
        case TagKind::Text:
          objects[k].push(v.data() ? tag_value_str(v) : py::object(py::none()));
          break;
      }
    }
    offset.push_back(std::int64_t(rep.start.offset));
    plies.push_back(std::int32_t(rep.plies));
    result.push(result_text(rep.result));
    termination.push(term, term.data() == nullptr);
    valid.push_back(rep.errors == 0 && rep.replayed);
    errors.push_back(std::int32_t(rep.errors));
    warnings.push_back(std::int32_t(rep.warnings));
    notation.push(store.notation(i));
  }
  // (values, mask) of pandas' IntegerArray.
  auto integer_column = [](const std::vector<std::int64_t>& values,
                           const std::vector<bool>& unknown) {
    py::array_t<bool> mask(py::ssize_t(unknown.size()));
    bool* m = mask.mutable_data();
    for (std::size_t j = 0; j < unknown.size(); ++j) m[j] = unknown[j];
    return py::make_tuple(py::array_t<std::int64_t>(py::ssize_t(values.size()), values.data()),
                          mask);
  };
  py::dict d;
  for (std::size_t k = 0; k < tags.size(); ++k) {
    if (kind[k] == TagKind::Integer) {
      d[py::str(tags[k])] = integer_column(integers[k], missing[k]);
    } else {
      d[py::str(tags[k])] = objects[k].array();
    }
    if (kind[k] == TagKind::Date)
      d[py::str(tags[k] + "_parts")] =
          py::make_tuple(integer_column(part_values[k][0], part_missing[k][0]),
                         integer_column(part_values[k][1], part_missing[k][1]),
                         integer_column(part_values[k][2], part_missing[k][2]));
  }
  d["offset"] = py::array_t<std::int64_t>(py::ssize_t(offset.size()), offset.data());
  d["plies"] = py::array_t<std::int32_t>(py::ssize_t(plies.size()), plies.data());
  d["result"] = result.pair();
  d["termination"] = termination.pair();
  d["valid"] = py::array_t<bool>(py::ssize_t(valid.size()), reinterpret_cast<bool*>(valid.data()));
  d["errors"] = py::array_t<std::int32_t>(py::ssize_t(errors.size()), errors.data());
  d["warnings"] = py::array_t<std::int32_t>(py::ssize_t(warnings.size()), warnings.data());
  d["notation"] = notation.pair();
  return d;
}

}  // namespace
}  // namespace pgn::python

using namespace pgn::python;

namespace pgn::python {
void bind_position(py::module_& m);  // position.cpp
void bind_cuts(py::module_& m);      // cuts.cpp
void bind_validate(py::module_& m);  // validate.cpp
}  // namespace pgn::python

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

  add_game_types(m);

  m.def(
      "read_games",
      [](py::handle source, const std::string& lang, long threads, const ByteRange& byte_range,
         const std::string& encoding, const std::string& variant) {
        StreamSettings settings;
        settings.mode = StreamMode::Games;
        settings.threads = thread_count(threads);
        settings.validate = validate_options(lang, false, variant);
        settings.encoding = code_page_from(encoding);
        return new_game_iterator(
            std::make_unique<GameIterator>(source, std::move(settings), byte_range));
      },
      "source"_a, py::kw_only(), "lang"_a = "auto", "threads"_a = 0, "byte_range"_a = py::none(),
      "encoding"_a = "auto", "variant"_a = "",
      R"(Iterates the games of `source`: a path (plain, .zst, .gz or .bz2, found by content), bytes,
or a binary file object. Games are read and replayed on libpgn's threads (`threads`, 0: one per
core) without the GIL and come out in input order. `lang` is the movetext's notation ("auto"
detects it per game). `byte_range=(start, end)` reads the games of an uncompressed file that start
in those bytes (the ranges of any partition of a file read each game once; index, line and offset
count from the range's first game). `encoding` is the code page of input that is not UTF-8
("cp1251", "koi8-r", ...; "auto" finds it from each game's content). `variant` is the rules of
games without a Variant tag ("crazyhouse", any name the tag takes; a game's own tag wins). A file
that cannot be read, or is cut while it is read, raises PgnError (after the games before the
fault). One iterator may be shared by threads: each game goes to one of them.)");

  bind_validate(m);

  m.def(
      "convert", &convert, "source"_a, py::kw_only(), "to"_a = "pgn", "lang"_a = "auto",
      "to_lang"_a = "", "threads"_a = 0, "encoding"_a = "auto", "variant"_a = "",
      R"(The games of `source` written as `pgn convert --to TO` writes them (pgn, json, jsonl, uci,
lan, fen or epd), in notation `to_lang` (pgn, lan) when given, games without a Variant tag read by
the rules `variant` names; returns the text.)");

  m.def("_game_columns", &game_columns, "source"_a, "tags"_a, "kinds"_a, "lang"_a = "auto",
        "threads"_a = 0, "byte_range"_a = py::none(), "encoding"_a = "auto");

  bind_position(m);
  bind_cuts(m);
}
