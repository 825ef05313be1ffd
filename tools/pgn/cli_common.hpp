// What the sub-commands share: reading options (threads, notation, limits), the progress
// line, interrupt handling, safe output files and summary accounting.
#pragma once

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "libpgn/notation.hpp"
#include "libpgn/pipeline.hpp"
#include "libpgn/report.hpp"
#include "libpgn/validator.hpp"

namespace pgn::cli {

struct CommonOptions {
  unsigned threads = 0;
  std::string lang = "auto";
  std::vector<std::string> notation_files;
  std::vector<std::unique_ptr<Notation>> loaded_notations;  // keeps --notation-file tables alive
  std::string color = "auto";
  std::uint32_t max_plies = 100000;
  std::uint32_t max_variation_depth = 1000;
  std::uint64_t max_comment_bytes = 1u << 20;
  std::uint64_t max_game_bytes = 8u << 20;
};

void add_common_options(boost::program_options::options_description& options,
                        CommonOptions& common);
// Resolves --lang and --notation-file into `validate`; false with `error` on a bad value.
bool apply_common_options(const boost::program_options::variables_map& vm, CommonOptions& common,
                          ValidateOptions& validate, std::string& error);
PipelineOptions pipeline_options(const CommonOptions& common);

// Adds one game's outcome to the run's totals.
void account_game(RunSummary& summary, const GameReport& report);
// Adds a game that could not be read at all (a bad JSON record: GameBatch::unreadable).
void account_unreadable_game(RunSummary& summary, const Diagnostic& problem);

// SIGINT/SIGTERM stop the run after the batches in flight; the summary is still printed.
void install_interrupt_handler();
bool interrupted();
const std::atomic<bool>* interrupt_flag();

// A progress line on standard error while a large input is processed (only on a terminal).
class Progress {
 public:
  Progress(const std::vector<std::string>& files, bool enabled);
  void update(const RunSummary& summary);
  void clear();

 private:
  bool enabled_;
  bool shown_ = false;
  std::uint64_t total_bytes_ = 0;  // 0 when unknown (stdin, compressed input)
  std::chrono::steady_clock::time_point start_, last_;
};

// Standard output, or a file written through a temporary name and renamed into place only
// when everything was written, so a failed run never leaves a partial file behind.
class OutputFile {
 public:
  ~OutputFile();
  bool open(const std::string& path, std::string& error);
  std::FILE* stream() const { return file_ ? file_ : stdout; }
  // Flushes and (for a file) renames into place; false with `error` on a write failure.
  bool commit(std::string& error);
  // Told of every `bytes` written to stream(): a file's pages are handed to the disk every
  // few megabytes, so that commit()'s fsync waits for the last of them only.
  void wrote(std::size_t bytes);

 private:
  std::FILE* file_ = nullptr;
  std::string path_, temp_path_;
  std::size_t not_written_back_ = 0;  // bytes written since the last hand-over
  long long written_back_to_ = 0;     // file offset up to which writeback was started
};

}  // namespace pgn::cli
