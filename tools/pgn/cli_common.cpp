#include "cli_common.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>

namespace po = boost::program_options;

namespace pgn::cli {

void add_common_options(po::options_description& options, CommonOptions& common) {
  options.add_options()(
      "threads,j", po::value(&common.threads)->default_value(0),
      "worker threads (0 = all cores); output order is input order whatever the number")(
      "lang,l", po::value(&common.lang)->default_value("auto"),
      "notation of the movetext: auto (detect per game) or a code such as en, ru, de, "
      "de-spoken (see docs/notation.md)")(
      "notation-file", po::value(&common.notation_files)->composing(),
      "read an extra notation table from a JSON FILE (repeatable); with --lang its code "
      "selects it")("color", po::value(&common.color)->default_value("auto"),
                    "auto, always or never")("max-plies",
                                             po::value(&common.max_plies)->default_value(100000),
                                             "per-game budget: plies in one line of play")(
      "max-variation-depth", po::value(&common.max_variation_depth)->default_value(1000),
      "per-game budget: nesting depth of variations")(
      "max-comment-bytes", po::value(&common.max_comment_bytes)->default_value(1u << 20),
      "per-game budget: bytes in one comment")(
      "max-game-bytes", po::value(&common.max_game_bytes)->default_value(8u << 20),
      "per-game budget: bytes in one game (larger games are cut and reported)");
}

bool apply_common_options(const po::variables_map&, CommonOptions& common,
                          ValidateOptions& validate, std::string& error) {
  for (const auto& path : common.notation_files) {
    std::string text;
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) {
      error = "cannot open notation file " + path + ": " + std::strerror(errno);
      return false;
    }
    char buffer[65536];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) text.append(buffer, n);
    std::fclose(f);
    std::string parse_error;
    auto table = parse_notation_json(text, parse_error);
    if (!table) {
      error = path + ": " + parse_error;
      return false;
    }
    validate.extra_notations.push_back(table.get());
    common.loaded_notations.push_back(std::move(table));
  }
  if (common.lang != "auto") {
    const Notation* chosen = nullptr;
    for (const auto& table : common.loaded_notations)
      if (table->code == common.lang) chosen = table.get();
    if (!chosen) chosen = find_notation(common.lang);
    if (!chosen) {
      error = "unknown notation '" + common.lang + "'; known:";
      for (const Notation* n : builtin_notations()) error += " " + n->code;
      return false;
    }
    validate.notation = chosen;
  }
  validate.max_plies = common.max_plies;
  validate.parse_limits.max_variation_depth = common.max_variation_depth;
  validate.parse_limits.max_comment_bytes = common.max_comment_bytes;
  return true;
}

PipelineOptions pipeline_options(const CommonOptions& common) {
  PipelineOptions p;
  p.threads = common.threads;
  p.splitter.max_game_bytes = common.max_game_bytes;
  p.stop = interrupt_flag();
  return p;
}

void account_game(RunSummary& summary, const GameReport& report) {
  ++summary.games;
  summary.moves += report.moves_replayed;
  summary.errors += report.errors;
  summary.warnings += report.warnings;
  if (report.errors)
    ++summary.games_with_errors;
  else
    ++summary.games_valid;
  if (report.warnings) ++summary.games_with_warnings;
  for (const Diagnostic& d : report.problems) ++summary.by_code[int(d.code)];
}

void account_unreadable_game(RunSummary& summary, const Diagnostic& problem) {
  ++summary.games;
  ++summary.games_with_errors;
  ++summary.errors;
  ++summary.by_code[int(problem.code)];
}

namespace {
std::atomic<bool> g_interrupted{false};
extern "C" void on_interrupt(int) {
  g_interrupted.store(true);
}
}  // namespace

void install_interrupt_handler() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  // A closed pipe (pgn ... | head) shows up as a write error, handled quietly.
  std::signal(SIGPIPE, SIG_IGN);
}
bool interrupted() {
  return g_interrupted.load();
}
const std::atomic<bool>* interrupt_flag() {
  return &g_interrupted;
}

Progress::Progress(const std::vector<std::string>& files, bool enabled)
    : enabled_(enabled && isatty(STDERR_FILENO)) {
  start_ = last_ = std::chrono::steady_clock::now();
  if (!enabled_) return;
  for (const auto& f : files) {
    struct stat st {};
    auto ends_with = [&](const char* suffix) {
      std::size_t n = std::strlen(suffix);
      return f.size() >= n && f.compare(f.size() - n, n, suffix) == 0;
    };
    if (f == "-" || stat(f.c_str(), &st) != 0 || ends_with(".zst") || ends_with(".gz") ||
        ends_with(".bz2")) {
      total_bytes_ = 0;
      break;
    }
    total_bytes_ += std::uint64_t(st.st_size);
  }
}

void Progress::update(const RunSummary& s) {
  if (!enabled_) return;
  auto now = std::chrono::steady_clock::now();
  if (now - start_ < std::chrono::seconds(1) || now - last_ < std::chrono::milliseconds(250))
    return;
  last_ = now;
  shown_ = true;
  double seconds = std::chrono::duration<double>(now - start_).count();
  double mb = double(s.input_bytes) / 1e6;
  if (total_bytes_)
    std::fprintf(stderr, "\r\033[K%5.1f%%  %.0f MB  %llu games  %llu with errors  %.0f MB/s",
                 100.0 * double(s.input_bytes) / double(total_bytes_), mb,
                 (unsigned long long)s.games, (unsigned long long)s.games_with_errors,
                 mb / seconds);
  else
    std::fprintf(stderr, "\r\033[K%.0f MB  %llu games  %llu with errors  %.0f MB/s", mb,
                 (unsigned long long)s.games, (unsigned long long)s.games_with_errors,
                 mb / seconds);
}

void Progress::clear() {
  if (shown_) std::fprintf(stderr, "\r\033[K");
  shown_ = false;
}

OutputFile::~OutputFile() {
  if (file_) {
    std::fclose(file_);
    std::remove(temp_path_.c_str());
  }
}

bool OutputFile::open(const std::string& path, std::string& error) {
  path_ = path;
  temp_path_ = path + ".tmp-XXXXXX";
  std::vector<char> name(temp_path_.begin(), temp_path_.end());
  name.push_back('\0');
  int fd = mkstemp(name.data());
  if (fd < 0) {
    error = "cannot create " + path + ": " + std::strerror(errno);
    return false;
  }
  fchmod(fd, 0644);
  temp_path_ = name.data();
  file_ = fdopen(fd, "wb");
  return file_ != nullptr;
}

void OutputFile::wrote(std::size_t bytes) {
#if defined(__linux__)
  constexpr std::size_t kWritebackBytes = 16u << 20;
  if (!file_) return;
  not_written_back_ += bytes;
  if (not_written_back_ < kWritebackBytes) return;
  not_written_back_ = 0;
  if (std::fflush(file_) != 0) return;  // a write error is found again by commit()
  const off_t end = ftello(file_);
  if (end <= written_back_to_) return;
  // Starts the writeback and returns; a failure here only means commit() waits longer.
  sync_file_range(fileno(file_), written_back_to_, end - written_back_to_, SYNC_FILE_RANGE_WRITE);
  written_back_to_ = end;
#else
  (void)bytes;
#endif
}

bool OutputFile::commit(std::string& error) {
  if (!file_) {
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
      // A reader that went away (pgn ... | head) is not an error worth a message.
      if (errno == EPIPE) return true;
      error = std::string("cannot write standard output: ") + std::strerror(errno);
      return false;
    }
    return true;
  }
  bool ok = std::fflush(file_) == 0 && !std::ferror(file_) && fsync(fileno(file_)) == 0;
  int saved = errno;
  ok = (std::fclose(file_) == 0) && ok;
  file_ = nullptr;
  if (!ok) {
    std::remove(temp_path_.c_str());
    error = "cannot write " + path_ + ": " + std::strerror(saved ? saved : errno);
    return false;
  }
  if (std::rename(temp_path_.c_str(), path_.c_str()) != 0) {
    error = "cannot rename into " + path_ + ": " + std::strerror(errno);
    std::remove(temp_path_.c_str());
    return false;
  }
  return true;
}

}  // namespace pgn::cli
