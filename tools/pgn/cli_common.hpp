// What the sub-commands share: reading options (threads, notation, limits), the progress
// line, interrupt handling, safe output files and the problem filter.
#pragma once

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/encoding.hpp"
#include "libpgn/min_severity.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/pipeline.hpp"
#include "libpgn/report.hpp"
#include "libpgn/validator.hpp"

namespace pgn::cli {

// More worker threads than this is a typing slip, not a machine.
constexpr std::uint32_t kMaxThreads = 1024;

struct CommonOptions {
  unsigned threads = 0;
  std::string lang = "auto";
  std::vector<std::string> notation_files;
  std::vector<std::unique_ptr<Notation>> loaded_notations;  // keeps --notation-file tables alive
  std::string color = "auto";
  std::string variant;  // --variant: the rules of games without a Variant tag
  std::uint32_t max_plies = 100000;
  std::uint32_t max_variation_depth = 1000;
  std::uint64_t max_comment_bytes = 1u << 20;
  std::uint64_t max_game_bytes = 8u << 20;
  std::string encoding = "auto";
  const CodePage* code_page = nullptr;  // --encoding resolved; nullptr: UTF-8 and detection
};

void add_common_options(boost::program_options::options_description& options,
                        CommonOptions& common);
// The codes of the built-in notations ("en", "ru", "de-spoken", ...), as --lang takes them.
std::vector<std::string> notation_codes();
// Every problem code's name ("illegal-move"), as --ignore takes them.
std::vector<std::string> problem_code_names();
// The names --variant takes: standard, chess960, then each variant's ("three-check").
std::vector<std::string> variant_option_names();
// --variant NAME, for the commands that read games by it (select has its own, a condition).
void add_variant_option(boost::program_options::options_description& options,
                        CommonOptions& common);
// Resolves --lang, --notation-file, --variant and --encoding into `validate`; false with `error`
// on a bad
// value.
bool apply_common_options(const boost::program_options::variables_map& vm, CommonOptions& common,
                          ValidateOptions& validate, std::string& error);
PipelineOptions pipeline_options(const CommonOptions& common);

// The pipeline's inputs for the files named on the command line ("-" is standard input).
std::vector<Source> sources_for(const std::vector<std::string>& names, InputFormat format);

// "FILE: error[io]: WHAT (N games before it were read)" on standard error: an input that could
// not be read to its end, for the commands that write games rather than a report (select,
// dedupe).
void print_input_failure(const std::string& name, const std::string& error,
                         std::uint64_t games_read);

// SIGINT/SIGTERM stop the run after the batches in flight; the summary is still printed.
void install_interrupt_handler();
bool interrupted();
const std::atomic<bool>* interrupt_flag();
// A run's stop request for commands that also stop on their own (an output that failed): set
// by the interrupt handler too, so that a run waiting for input ends at the first SIGINT.
std::atomic<bool>& run_stop();

// A progress line on standard error for runs longer than a second: how far into the input
// files (on-disk bytes, so compressed bytes for .zst/.gz/.bz2), games, games per second,
// elapsed and remaining time. By default only when standard error is a terminal and not
// --quiet; --progress and --no-progress decide otherwise. Never written to the report.
class Progress {
 public:
  Progress(const std::vector<std::string>& files, const boost::program_options::variables_map& vm);
  // After each batch: `file` is its input's index, `raw_offset` how far reading got in it.
  void update(const RunSummary& summary, std::size_t file, std::uint64_t raw_offset);
  void clear();
  // A run that reads its inputs several times (dedupe): `count` readings in all, each a
  // share of the whole; the line says which reading it is in.
  void set_readings(std::size_t count) { readings_ = count; }
  void begin_reading(std::size_t index) { reading_ = index; }

 private:
  bool enabled_ = false;
  bool terminal_ = false;  // rewrite one line; elsewhere one line per update, less often
  bool shown_ = false;
  std::vector<std::uint64_t> sizes_;  // on-disk size of each input
  bool total_known_ = true;           // false when an input is a pipe or standard input
  std::uint64_t total_bytes_ = 0;
  std::size_t readings_ = 1, reading_ = 0;
  std::chrono::steady_clock::time_point start_, last_;
};

// Whether `path` names one of `inputs` ("-" is none): the same file by device and inode, so
// through hard and symbolic links too.
bool names_an_input(const std::string& path, const std::vector<std::string>& inputs);

// Standard output, or a file written through a temporary name beside it and renamed into
// place only when everything was written, so a failed run never leaves a partial file
// behind. A target that exists and is not a regular file (/dev/null, a named pipe, a
// terminal) is written directly: renaming over it would replace the device or pipe with a
// regular file. Every temporary file of the run is removed by the interrupt handler, however
// many signals arrive.
class OutputFile {
 public:
  ~OutputFile();
  // Refuses a path that is one of `inputs` (writing it would destroy the input), one that
  // is already an output of the run, a folder, and a symbolic link in a world-writable
  // sticky folder (/tmp) that the caller does not own (as the kernel's protected_symlinks
  // does for open()).
  bool open(const std::string& path, const std::vector<std::string>& inputs, std::string& error);
  std::FILE* stream() const { return file_ ? file_ : stdout; }
  bool is_file() const { return !path_.empty(); }
  const std::string& path() const { return path_; }
  // The file written until the run completes ("" when the target is written directly): for
  // an output another library writes by name (pgn convert --to sqlite).
  const std::string& temp_path() const { return temp_path_; }
  // The first half of a commit: everything flushed, handed to the disk (fsync) and closed;
  // for standard output, flushed and its close checked. False with `error` on a failure
  // (nothing is replaced then). A reader that went away (EPIPE) is no failure.
  bool finish(std::string& error);
  // The second half: the temporary file renamed over the target.
  bool replace(std::string& error);
  // A failed or interrupted run: the temporary file goes, an existing file stays as it was.
  void discard();
  // Told of every `bytes` written to stream(): a file's pages are handed to the disk every
  // few megabytes, so that finish()'s fsync waits for the last of them only.
  void wrote(std::size_t bytes);
  // Writes `text` to stream() and tells wrote(); a failure is found by finish().
  void write(std::string_view text) {
    std::fwrite(text.data(), 1, text.size(), stream());
    wrote(text.size());
  }

 private:
  void forget_temp();

  std::FILE* file_ = nullptr;
  bool finished_ = false;
  std::string path_;                  // as given
  std::string target_path_;           // the file replaced: path_, or what the symbolic link names
  std::string temp_path_;             // empty when the target is written directly
  int temp_slot_ = -1;                // where the interrupt handler finds temp_path_
  std::size_t not_written_back_ = 0;  // bytes written since the last hand-over
  long long written_back_to_ = 0;     // file offset up to which writeback was started
};

// Ends a run's outputs together: when the run completed (every input read, no interrupt),
// each is finished and, only when every one finished, each is renamed into place; when it
// did not, or one output failed, none replaces anything and each file output says it was not
// written. Standard output (an OutputFile not opened) is flushed and checked. False (after a
// message) when an output failed.
bool settle_outputs(const std::vector<OutputFile*>& outputs, bool complete, const char* command);
inline bool settle_output(OutputFile& output, bool complete, const char* command) {
  return settle_outputs({&output}, complete, command);
}

// The games' outputs of a command that can rewrite its inputs (fix, convert), appended to
// `outputs` (owned by `owned`): with --in-place one per input, over the input itself (plain
// files only, none named twice, not with -o); else one, -o FILE or standard output. False
// after a message.
bool open_game_outputs(const boost::program_options::variables_map& vm,
                       const std::vector<std::string>& inputs, const char* command,
                       std::vector<std::unique_ptr<OutputFile>>& owned,
                       std::vector<OutputFile*>& outputs);

// Which problems reach the report: --min-severity / --errors-only, --summary-only and
// --max-per-code N (the first N of each code; the rest are counted and reported at the end).
// The run's summary counts every problem whatever is shown.
class ProblemFilter {
 public:
  Severity min_severity = Severity::Warning;
  bool summary_only = false;
  std::uint64_t max_per_code = 0;  // 0: no limit

  bool shows(const Diagnostic& d) {
    if (summary_only || !shown_at(min_severity, d)) return false;
    if (max_per_code && ++shown_[int(d.code)] > max_per_code) {
      ++held_back_[int(d.code)];
      return false;
    }
    return true;
  }
  // "... 1,234 more missing-tag warnings not shown (--max-per-code 10)", one line per code.
  void write_held_back(std::FILE* out) const;

 private:
  std::array<std::uint64_t, kCodeCount> shown_{}, held_back_{};
};

}  // namespace pgn::cli
