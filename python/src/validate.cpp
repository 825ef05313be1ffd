// The module's validate(): the library's validation run (validate_files, the run of
// `pgn validate`) on a thread of its own, the problems the report shows handed to the Python
// iterator a batch at a time, in input order, through a short queue (memory stays flat).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <exception>
#include <string>
#include <utility>
#include <vector>

#include "exclusive_use.hpp"
#include "game.hpp"
#include "libpgn/min_severity.hpp"
#include "libpgn/ordered_stream.hpp"
#include "libpgn/validate_run.hpp"
#include "signals.hpp"
#include "sources.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace pgn::python {
namespace {

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

// The problems a batch of the run shows, in input order.
using ShownProblems = std::vector<Diagnostic>;

// What `pgn validate` writes, gathered a batch at a time: a game's problems at or above the
// report's level; problems that are no game's (a record that cannot be read, a warning about
// the whole input, an input not read to its end) whatever the level, as on the command line.
class ShownProblemsSink final : public ValidateSink {
 public:
  ShownProblemsSink(OrderedStream<ShownProblems>& stream, Severity min_severity)
      : stream_(stream), min_severity_(min_severity) {}

  void problem(const std::string&, const Diagnostic& d) override { shown_.push_back(d); }
  void game(const std::string&, GameReport& report) override {
    for (Diagnostic& d : report.problems)
      if (shown_at(min_severity_, d)) shown_.push_back(std::move(d));
  }
  void progress(const RunSummary&, std::size_t, std::uint64_t) override { flush(); }
  // What came after the last batch (the input's warnings and read fault) goes too.
  void flush() {
    if (shown_.empty()) return;
    stream_.push(std::move(shown_));
    shown_.clear();
  }

 private:
  OrderedStream<ShownProblems>& stream_;
  Severity min_severity_;
  ShownProblems shown_;
};

// Problems as `pgn validate --format jsonl` reports them; the summary is the run's (every
// problem counts, shown or not, as on the command line).
class ProblemIterator {
 public:
  ProblemIterator(const py::handle& source, ValidateRunSettings settings, Severity min_severity,
                  const ByteRange& range)
      : batches_(2 * resolve_thread_count(settings.pipeline.threads) + 2) {
    std::vector<Source> sources;
    sources.push_back(make_source(source, range));
    file_ = sources.front().name();
    settings.pipeline.stop = batches_.stop_flag();
    batches_.start([this, sources = std::move(sources), settings = std::move(settings),
                    min_severity]() mutable {
      try {
        ShownProblemsSink sink(batches_, min_severity);
        summary_ = validate_files(sources, settings, sink);
        sink.flush();
      } catch (...) {
        failed_ = std::current_exception();
      }
      sources.clear();  // a reading function lets go of its file object here, on this thread
    });
  }
  // Releasing the GIL does not throw while the interpreter runs.
  ~ProblemIterator() { close(); }  // NOLINT(bugprone-exception-escape)
  ProblemIterator(const ProblemIterator&) = delete;
  ProblemIterator& operator=(const ProblemIterator&) = delete;

  Problem next() {
    const ExclusiveUse::Hold in_use(use_);
    while (position_ == shown_.size())
      if (!next_batch()) throw py::stop_iteration();
    return Problem{file_, std::move(shown_[position_++])};
  }
  py::dict summary() {
    const ExclusiveUse::Hold in_use(use_);
    while (next_batch()) {
    }
    return summary_dict(summary_);
  }

 private:
  // The next batch of problems (what is left of the current one is dropped), waiting for it
  // with an eye on signals (a raising one stops the run); false at the end.
  bool next_batch() {
    shown_.clear();
    position_ = 0;
    if (ended_) return false;
    using Next = OrderedStream<ShownProblems>::Next;
    Next got = Next::Waiting;
    wait_watching_signals(
        [&] {
          got = batches_.next(shown_, kSignalInterval);
          return got != Next::Waiting;
        },
        [this] { close(); });
    if (got == Next::Got) return true;
    close();
    if (failed_) std::rethrow_exception(std::exchange(failed_, nullptr));
    return false;
  }
  // Stops the run and waits for its thread (which may need the GIL to read a file object).
  void close() {
    ended_ = true;
    py::gil_scoped_release nogil;
    batches_.close();
  }

  std::string file_;
  ExclusiveUse use_;
  ShownProblems shown_;  // the current batch; next() moves them out from position_ on
  std::size_t position_ = 0;
  bool ended_ = false;
  // Written by the run's thread, read once it ended.
  RunSummary summary_;
  std::exception_ptr failed_;
  // Last: its thread ends before the rest goes.
  OrderedStream<ShownProblems> batches_;
};

}  // namespace

void bind_validate(py::module_& m) {
  py::class_<ProblemIterator>(m, "ProblemIterator",
                              "Problems in input order; `summary` after them.")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &ProblemIterator::next)
      .def_property_readonly(
          "summary", &ProblemIterator::summary,
          "The run's totals (the jsonl summary record); reads what is left first.");

  m.def(
      "validate",
      [](py::handle source, const std::string& lang, long threads, bool strict,
         const std::vector<std::string>& ignore, const std::string& min_severity, bool tag_checks,
         bool check_suffixes, const ByteRange& byte_range, const std::string& encoding,
         const std::string& variant) {
        ValidateRunSettings settings;
        settings.pipeline.threads = thread_count(threads);
        settings.validate = validate_options(lang, strict, variant);
        settings.pipeline.splitter.encoding = code_page_from(encoding);
        apply_filters(settings.validate, ignore, tag_checks, check_suffixes);
        return std::make_unique<ProblemIterator>(source, std::move(settings),
                                                 min_severity_from(min_severity), byte_range);
      },
      "source"_a, py::kw_only(), "lang"_a = "auto", "threads"_a = 0, "strict"_a = false,
      "ignore"_a = std::vector<std::string>(), "min_severity"_a = "warning", "tag_checks"_a = true,
      "check_suffixes"_a = true, "byte_range"_a = py::none(), "encoding"_a = "auto",
      "variant"_a = "",
      R"(Iterates the problems `pgn validate` reports for `source` (Problem records with the jsonl
fields); the iterator's `summary` holds the totals. A read fault is a problem of code "io", as on
the command line. PGN and JSON game records (an array or JSON Lines) are told apart by content.
The options are those of `pgn validate`: `strict` (warnings count as errors), `ignore` (codes not
reported nor counted, e.g. ["missing-tag"]), `min_severity` ("warning" or "error": the problems
shown; the summary counts all), `tag_checks`, `check_suffixes`, `encoding` (as read_games),
`variant` (the rules of games without a Variant tag, as `--variant`). `byte_range=(start, end)`
reads the games of an uncompressed PGN file that start in those bytes, as read_games does.)");
}

}  // namespace pgn::python
