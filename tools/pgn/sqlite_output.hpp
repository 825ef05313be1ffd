// pgn convert --to sqlite: the database named by -o, new or appended to (docs/sqlite.md).
#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli_common.hpp"
#include "libpgn/sqlite.hpp"

namespace pgn::cli {

// What is wrong with convert's options for --to sqlite (`sqlite`), or with --moves without it;
// nullptr when nothing.
const char* sqlite_usage_problem(bool sqlite, const boost::program_options::variables_map& vm);

class SqliteOutput {
 public:
  // Opens `path`: a file that does not exist is made as a new database through a temporary
  // file (renamed into place only when the run completes, as every -o output); a database
  // made before is appended to, one transaction per input. Removes from `inputs` those whose
  // content was loaded before (or is given twice), with a message each. False after a message.
  bool open(const std::string& path, std::vector<std::string>& inputs,
            const SqliteOptions& options);

  // The consumer's hooks: each input is one transaction, committed when it was read whole and
  // nothing failed, else rolled back.
  void begin_file(std::size_t index, const std::string& name);
  bool insert(std::string_view rows);  // false after a message: stop the run
  void end_file(const std::string& error);

  // Builds the indexes and, for a new database, renames it into place when `complete`. False
  // (after a message) when the database could not be written.
  bool settle(bool complete);
  // The summary's last part: what the database holds now of this run.
  std::string verdict(std::uint64_t games_converted) const;
  bool appending() const { return append_; }

 private:
  bool fail(const std::string& message);

  std::string path_;
  bool append_ = false;
  bool failed_ = false;
  OutputFile file_;  // a new database: the temporary file
  SqliteDatabase database_;
  std::vector<std::optional<FileFingerprint>> fingerprints_;  // per input kept
  std::size_t files_skipped_ = 0, files_committed_ = 0, files_rolled_back_ = 0;
  std::uint64_t games_committed_ = 0;
};

}  // namespace pgn::cli
