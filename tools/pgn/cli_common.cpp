#include "cli_common.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>

#include "cli_options.hpp"

namespace po = boost::program_options;

namespace pgn::cli {

void add_common_options(po::options_description& options, CommonOptions& common) {
  constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;
  options.add_options()  //
      ("threads,j", count_value(common.threads, 0, kMaxThreads),
       "worker threads (0 = all cores); output order is input order whatever the number")  //
      ("lang,l", po::value(&common.lang)->value_name("LANG")->default_value("auto"),
       "notation of the movetext: auto (detect per game) or a code such as en, ru, de, "
       "de-spoken (see docs/notation.md)")  //
      ("notation-file", po::value(&common.notation_files)->value_name("FILE")->composing(),
       "read an extra notation table from a JSON FILE (repeatable); with --lang its code "
       "selects it")  //
      ("color", po::value(&common.color)->value_name("WHEN")->default_value("auto"),
       "colours on a terminal: auto, always or never")                                         //
      ("progress", "show the progress line on standard error even when it is not a terminal")  //
      ("no-progress", "never show the progress line")                                          //
      ("max-plies", count_value(common.max_plies, 1, 1'000'000'000),
       "per-game budget: plies in one line of play")  //
      ("max-variation-depth", count_value(common.max_variation_depth, 1, 100'000'000),
       "per-game budget: nesting depth of variations")  //
      ("max-comment-bytes", count_value(common.max_comment_bytes, 0, kGiB),
       "per-game budget: bytes in one comment")  //
      ("max-game-bytes", count_value(common.max_game_bytes, 1, kGiB),
       "per-game budget: bytes in one game (larger games are cut and reported)");
}

void add_variant_option(po::options_description& options, CommonOptions& common) {
  options.add_options()  //
      ("variant", po::value(&common.variant)->value_name("NAME"),
       "the rules of games without a Variant tag, a name the tag takes: standard, chess960, "
       "antichess, atomic, crazyhouse, horde, king-of-the-hill, racing-kings, three-check (a "
       "game's own tag wins, with a warning when it differs)");
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
  if (!common.variant.empty()) {
    const VariantName rules = parse_variant_name(common.variant);
    if (!rules.known) {
      error = "unknown variant '" + common.variant + "'; known: standard chess960";
      for (int v = 1; v < kVariantCount; ++v)
        error += " " + variant_option_name({Variant(v), false, true});
      return false;
    }
    validate.variant = rules;
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

std::vector<Source> sources_for(const std::vector<std::string>& names, InputFormat format) {
  std::vector<Source> sources;
  sources.reserve(names.size());
  for (const auto& name : names) sources.push_back(Source::path(name, format));
  return sources;
}

void account_unreadable_game(RunSummary& summary, const Diagnostic& problem) {
  summary.add_unreadable(problem);
}

namespace {
std::atomic<bool> g_interrupted{false};
// The temporary file of -o, for a second interrupt: a run that does not stop (reading a
// terminal) is ended at once, without leaving the temporary behind (unlink is
// async-signal-safe).
std::atomic<const char*> g_temp_path{nullptr};
extern "C" void on_interrupt(int signal) {
  if (g_interrupted.exchange(true)) {
    if (const char* temp = g_temp_path.load()) ::unlink(temp);
    ::_exit(128 + signal);
  }
}
}  // namespace

void install_interrupt_handler() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGHUP, &action, nullptr);
  // A closed pipe (pgn ... | head) shows up as a write error, handled quietly.
  std::signal(SIGPIPE, SIG_IGN);
}
bool interrupted() {
  return g_interrupted.load();
}
const std::atomic<bool>* interrupt_flag() {
  return &g_interrupted;
}

Progress::Progress(const std::vector<std::string>& files, const po::variables_map& vm) {
  start_ = last_ = std::chrono::steady_clock::now();
  terminal_ = isatty(STDERR_FILENO);
  enabled_ = vm.count("progress")      ? true
             : vm.count("no-progress") ? false
                                       : terminal_ && !vm.count("quiet");
  if (!enabled_) return;
  for (const auto& f : files) {
    struct stat st {};
    if (f != "-" && stat(f.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
      sizes_.push_back(std::uint64_t(st.st_size));
      total_bytes_ += std::uint64_t(st.st_size);
    } else {
      sizes_.push_back(0);
      total_known_ = false;
    }
  }
}

namespace {
std::string clock_time(double seconds) {
  const auto s = static_cast<unsigned long long>(seconds);
  char text[32];
  if (s >= 3600)
    std::snprintf(text, sizeof text, "%llu:%02llu:%02llu", s / 3600, s / 60 % 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%llu:%02llu", s / 60, s % 60);
  return text;
}
std::string byte_size(std::uint64_t bytes) {
  char text[32];
  if (bytes < 1000000)
    std::snprintf(text, sizeof text, "%.1f kB", double(bytes) / 1e3);
  else if (bytes < 1000000000)
    std::snprintf(text, sizeof text, "%.1f MB", double(bytes) / 1e6);
  else
    std::snprintf(text, sizeof text, "%.2f GB", double(bytes) / 1e9);
  return text;
}
}  // namespace

void Progress::update(const RunSummary& s, std::size_t file, std::uint64_t raw_offset) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  const auto interval =
      terminal_ ? std::chrono::milliseconds(250) : std::chrono::milliseconds(1000);
  if (now - start_ < std::chrono::seconds(1) || now - last_ < interval) return;
  last_ = now;
  shown_ = true;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  std::uint64_t done = 0;
  for (std::size_t i = 0; i < file && i < sizes_.size(); ++i) done += sizes_[i];
  done += file < sizes_.size() && sizes_[file] ? std::min(raw_offset, sizes_[file]) : raw_offset;
  std::string line = terminal_ ? "\r\033[K" : "progress: ";
  char part[160];
  if (total_known_ && total_bytes_) {
    const double fraction = std::min(1.0, double(done) / double(total_bytes_));
    std::snprintf(part, sizeof part, "%5.1f%%  %s of %s  ", 100.0 * fraction,
                  byte_size(done).c_str(), byte_size(total_bytes_).c_str());
  } else {
    std::snprintf(part, sizeof part, "%s  ", byte_size(done).c_str());
  }
  line += part;
  std::snprintf(part, sizeof part, "%llu games  %.0f games/s  %s elapsed",
                (unsigned long long)s.games, double(s.games) / seconds,
                clock_time(seconds).c_str());
  line += part;
  if (total_known_ && total_bytes_ && done > 0 && done < total_bytes_)
    line += ", " + clock_time(seconds * double(total_bytes_ - done) / double(done)) + " left";
  if (!terminal_) line += '\n';
  std::fwrite(line.data(), 1, line.size(), stderr);
}

void Progress::clear() {
  if (shown_ && terminal_) std::fprintf(stderr, "\r\033[K");
  shown_ = false;
}

OutputFile::~OutputFile() {
  g_temp_path.store(nullptr);
  if (file_) {
    std::fclose(file_);
    if (!temp_path_.empty()) std::remove(temp_path_.c_str());
  }
}

bool OutputFile::open(const std::string& given, std::string& error) {
  // A symbolic link stays one: the file it points to is what gets replaced.
  std::string path = given;
  std::error_code ec;
  if (std::filesystem::is_symlink(given, ec)) {
    const auto target = std::filesystem::weakly_canonical(given, ec);
    if (!ec) path = target.string();
  }
  path_ = given;
  // The temporary file sits beside the target, so that the final rename stays on one file
  // system; it takes the mode of the file it replaces (a new file gets 0666 less the umask).
  mode_t mode = 0;
  struct stat existing {};
  if (stat(path.c_str(), &existing) == 0) {
    if (S_ISDIR(existing.st_mode)) {
      error = "cannot write " + path + ": it is a directory";
      return false;
    }
    if (!S_ISREG(existing.st_mode)) {
      target_path_ = path;
      temp_path_.clear();
      file_ = std::fopen(path.c_str(), "wb");
      if (!file_) {
        error = "cannot write " + path + ": " + std::strerror(errno);
        return false;
      }
      return true;
    }
    mode = existing.st_mode & 07777;
  } else {
    const mode_t mask = umask(0);
    umask(mask);
    mode = 0666 & ~mask;
  }
  target_path_ = path;
  temp_path_ = path + ".tmp-XXXXXX";
  std::vector<char> name(temp_path_.begin(), temp_path_.end());
  name.push_back('\0');
  int fd = mkstemp(name.data());
  if (fd < 0) {
    error = "cannot create " + path + ": " + std::strerror(errno);
    return false;
  }
  fchmod(fd, mode);
  temp_path_ = name.data();
  g_temp_path.store(temp_path_.c_str());
  file_ = fdopen(fd, "wb");
  if (!file_) {
    error = "cannot create " + path + ": " + std::strerror(errno);
    ::close(fd);
    std::remove(temp_path_.c_str());
    return false;
  }
  return true;
}

void OutputFile::discard() {
  g_temp_path.store(nullptr);
  if (!file_) return;
  std::fclose(file_);
  file_ = nullptr;
  if (!temp_path_.empty()) std::remove(temp_path_.c_str());
}

void OutputFile::wrote(std::size_t bytes) {
#if defined(__linux__)
  constexpr std::size_t kWritebackBytes = 16u << 20;
  if (!file_ || temp_path_.empty()) return;
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
  const bool direct = temp_path_.empty();
  bool ok = std::fflush(file_) == 0 && !std::ferror(file_) && (direct || fsync(fileno(file_)) == 0);
  int saved = errno;
  ok = (std::fclose(file_) == 0) && ok;
  file_ = nullptr;
  if (direct) {
    if (!ok) error = "cannot write " + path_ + ": " + std::strerror(saved ? saved : errno);
    return ok;
  }
  if (!ok) {
    std::remove(temp_path_.c_str());
    error = "cannot write " + path_ + ": " + std::strerror(saved ? saved : errno);
    return false;
  }
  if (std::rename(temp_path_.c_str(), target_path_.c_str()) != 0) {
    error = "cannot rename into " + path_ + ": " + std::strerror(errno);
    std::remove(temp_path_.c_str());
    return false;
  }
  return true;
}

bool settle_output(OutputFile& output, bool complete, const char* command) {
  std::string error;
  if (complete) {
    if (output.commit(error)) return true;
    std::fprintf(stderr, "pgn %s: %s\n", command, error.c_str());
    return false;
  }
  if (output.is_file()) {
    output.discard();
    std::fprintf(stderr, "pgn %s: %s not written: the run did not complete\n", command,
                 output.path().c_str());
  }
  return true;
}

void ProblemFilter::write_held_back(std::FILE* out) const {
  for (const auto& info : all_codes()) {
    const std::uint64_t n = held_back_[int(info.code)];
    if (!n) continue;
    std::fprintf(out, "... %llu more %s problem%s not shown (--max-per-code %llu)\n",
                 (unsigned long long)n, std::string(info.name).c_str(), n == 1 ? "" : "s",
                 (unsigned long long)max_per_code);
  }
}

}  // namespace pgn::cli
