// pgn convert --to sqlite: opening the database (new or appended to), skipping inputs loaded
// before, and one transaction per input.
#include "sqlite_output.hpp"

#include <sys/stat.h>

#include <cstdio>

namespace pgn::cli {

const char* sqlite_usage_problem(bool sqlite, const boost::program_options::variables_map& vm) {
  if (!sqlite) return "--moves applies to --to sqlite";
  if (!vm.count("output") || vm["output"].as<std::string>() == "-")
    return "--to sqlite needs -o FILE (a database is not written to standard output)";
  if (vm.count("in-place")) return "--in-place does not apply to --to sqlite";
  if (vm.count("fen") && !vm.count("moves")) return "--fen with --to sqlite needs --moves";
  if (vm.count("eco"))
    return "--eco does not apply to --to sqlite (the ECO column is the game's tag)";
  return nullptr;
}

bool SqliteOutput::fail(const std::string& message) {
  std::fprintf(stderr, "pgn convert: %s\n", message.c_str());
  failed_ = true;
  return false;
}

bool SqliteOutput::open(const std::string& path, std::vector<std::string>& inputs,
                        const SqliteOptions& options) {
  path_ = path;
  std::string error;
  struct stat existing {};
  append_ = ::stat(path.c_str(), &existing) == 0;
  if (append_) {
    if (names_an_input(path, inputs))
      return fail("refusing to write " + path +
                  ": it is one of the inputs, which it would destroy");
    if (!S_ISREG(existing.st_mode))
      return fail("cannot write " + path + ": --to sqlite needs a regular file");
    if (!database_.open(path, true, options, error)) return fail(error);
  } else {
    if (!file_.open(path, inputs, error)) return fail(error);
    if (!database_.open(file_.temp_path(), false, options, error)) {
      file_.discard();
      return fail(error);
    }
  }

  // Inputs whose content is in the database already, or given twice, are left out.
  std::vector<std::string> kept;
  std::vector<std::pair<FileFingerprint, std::string>> seen;
  for (const std::string& name : inputs) {
    std::optional<FileFingerprint> fingerprint;
    struct stat s {};
    FileFingerprint f;
    // Only plain files: reading a pipe here would leave nothing for the load.
    if (name != "-" && ::stat(name.c_str(), &s) == 0 && S_ISREG(s.st_mode) &&
        fingerprint_file(name, f, error))
      fingerprint = f;
    std::string before;
    if (fingerprint) {
      before = database_.loaded_as(*fingerprint);
      for (const auto& [other, other_name] : seen)
        if (before.empty() && other.size == f.size && other.hash == f.hash) before = other_name;
    }
    if (!before.empty()) {
      std::fprintf(stderr, "pgn convert: %s skipped: its content is in %s already (as %s)\n",
                   name.c_str(), path.c_str(), before.c_str());
      ++files_skipped_;
      continue;
    }
    if (fingerprint) seen.emplace_back(*fingerprint, name);
    kept.push_back(name);
    fingerprints_.push_back(fingerprint);
  }
  inputs = std::move(kept);
  return true;
}

void SqliteOutput::begin_file(std::size_t index, const std::string& name) {
  if (failed_) return;
  const std::optional<FileFingerprint>& f = fingerprints_[index];
  if (!database_.begin_file(name, f ? &*f : nullptr))
    fail("cannot write " + path_ + ": " + database_.error());
}

bool SqliteOutput::insert(std::string_view rows) {
  if (failed_) return false;
  return database_.insert(rows) || fail("cannot write " + path_ + ": " + database_.error());
}

void SqliteOutput::end_file(const std::string& error) {
  if (!failed_ && error.empty() && !interrupted()) {
    const std::uint64_t games = database_.games_in_file();
    if (database_.commit_file()) {
      ++files_committed_;
      games_committed_ += games;
      return;
    }
    fail("cannot write " + path_ + ": " + database_.error());
  }
  database_.roll_back_file();
  ++files_rolled_back_;
}

bool SqliteOutput::settle(bool complete) {
  database_.roll_back_file();  // an input cut short by an interrupt
  // A new database that is not kept needs no indexes.
  if (!database_.finish(append_ || (complete && !failed_)) && !failed_)
    fail("cannot write " + path_ + ": " + database_.error());
  if (append_) return !failed_;
  return settle_output(file_, complete && !failed_, "convert") && !failed_;
}

std::string SqliteOutput::verdict(std::uint64_t games_converted) const {
  const auto files = [](std::size_t n) {
    return std::to_string(n) + (n == 1 ? " file" : " files");
  };
  std::string s;
  if (append_)
    s = "appended to " + path_ + ": " + std::to_string(games_committed_) + " games from " +
        files(files_committed_);
  else if (!failed_ && !files_rolled_back_ && !interrupted())
    s = std::to_string(games_committed_) + " games from " + files(files_committed_) + " in " +
        path_;
  else
    return "nothing written (games converted " + std::to_string(games_converted) + ')';
  if (files_rolled_back_) s += "; " + files(files_rolled_back_) + " not loaded (rolled back)";
  if (files_skipped_) s += "; " + files(files_skipped_) + " skipped (loaded before)";
  return s;
}

}  // namespace pgn::cli
