#include "cli_common.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>

#include "cli_options.hpp"
#include "libpgn/dedupe.hpp"

namespace po = boost::program_options;

namespace pgn::cli {

std::vector<std::string> notation_codes() {
  std::vector<std::string> codes;
  for (const Notation* n : builtin_notations()) codes.push_back(n->code);
  return codes;
}

std::vector<std::string> problem_code_names() {
  std::vector<std::string> names;
  for (const CodeInfo& info : all_codes()) names.emplace_back(info.name);
  return names;
}

std::vector<std::string> variant_option_names() {
  std::vector<std::string> names{"standard", "chess960"};
  for (int v = 1; v < kVariantCount; ++v)
    names.push_back(variant_option_name({Variant(v), false, true}));
  return names;
}

void add_common_options(po::options_description& options, CommonOptions& common) {
  constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;
  options.add_options()  //
      ("threads,j", count_value(common.threads, 0, kMaxThreads),
       "worker threads (0 = all cores); output order is input order whatever the number")  //
      ("lang,l",
       choice_value(&common.lang,
                    [] {
                      std::vector<std::string> values{"auto"};
                      for (std::string& code : notation_codes()) values.push_back(std::move(code));
                      return values;
                    }())
           ->value_name("LANG")
           ->default_value("auto"),
       "notation of the movetext: auto (detect per game) or a code such as en, ru, de, "
       "de-spoken (see docs/notation.md)")  //
      ("notation-file", po::value(&common.notation_files)->value_name("FILE")->composing(),
       "read an extra notation table from a JSON FILE (repeatable); with --lang its code "
       "selects it")  //
      ("color",
       choice_value(&common.color, {"auto", "always", "never"})
           ->value_name("WHEN")
           ->default_value("auto"),
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
       "per-game budget: bytes in one game (larger games are cut and reported)")  //
      ("encoding",
       choice_value(&common.encoding,
                    [] {
                      std::vector<std::string> values{"auto", "utf-8"};
                      for (std::string& name : detected_encoding_names())
                        values.push_back(std::move(name));
                      return values;
                    }())
           ->value_name("NAME")
           ->default_value("auto"),
       "the code page of input that is not UTF-8, such as cp1251, koi8-r, cp866, cp1250, "
       "iso-8859-2, cp1252; auto: found from each game's content");
}

void add_variant_option(po::options_description& options, CommonOptions& common) {
  options.add_options()  //
      ("variant", choice_value(&common.variant, variant_option_names())->value_name("NAME"),
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
      for (const std::string& code : notation_codes()) error += " " + code;
      return false;
    }
    validate.notation = chosen;
  }
  if (!encoding_option(common.encoding, common.code_page, error)) {
    error = "--encoding: " + error;
    return false;
  }
  if (!common.variant.empty()) {
    const VariantName rules = parse_variant_name(common.variant);
    if (!rules.known) {
      error = "unknown variant '" + common.variant + "'; known:";
      for (const std::string& name : variant_option_names()) error += " " + name;
      return false;
    }
    validate.variant = rules;
  }
  validate.max_plies = common.max_plies;
  validate.parse_limits.max_variation_depth = common.max_variation_depth;
  validate.parse_limits.max_comment_bytes = common.max_comment_bytes;
  validate.parse_limits.stop = interrupt_flag();  // one huge game stops within milliseconds
  return true;
}

PipelineOptions pipeline_options(const CommonOptions& common) {
  PipelineOptions p;
  p.threads = common.threads;
  p.splitter.max_game_bytes = common.max_game_bytes;
  p.splitter.encoding = common.code_page;
  p.stop = interrupt_flag();
  return p;
}

std::vector<Source> sources_for(const std::vector<std::string>& names, InputFormat format) {
  std::vector<Source> sources;
  sources.reserve(names.size());
  for (const auto& name : names) sources.push_back(Source::path(name, format));
  return sources;
}

void print_input_failure(const std::string& name, const std::string& error,
                         std::uint64_t games_read) {
  std::fprintf(stderr, "%s: error[io]: %s (%llu games before it were read)\n",
               terminal_text(name).c_str(), terminal_text(error).c_str(),
               static_cast<unsigned long long>(games_read));
}

namespace {
std::atomic<bool> g_interrupted{false};
std::atomic<bool> g_run_stop{false};  // run_stop()
// The temporary files of the run, for a second interrupt: a run that does not stop (reading a
// terminal) is ended at once, without leaving any of them behind (unlink is
// async-signal-safe). A fixed table of atomic pointers: nothing is allocated in the handler.
constexpr int kTempSlots = 4096;
std::atomic<const char*> g_temp_paths[kTempSlots];
extern "C" void on_interrupt(int signal) {
  g_run_stop.store(true);
  if (g_interrupted.exchange(true)) {
    for (auto& slot : g_temp_paths)
      if (const char* temp = slot.load()) ::unlink(temp);
    ::_exit(128 + signal);
  }
}

// The signals that end a run, blocked while a temporary file is made and registered, and
// while the outputs are renamed into place: neither half-done state is ever seen by the
// handler.
class InterruptsHeld {
 public:
  InterruptsHeld() {
    sigset_t set;
    sigemptyset(&set);
    for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&set, s);
    pthread_sigmask(SIG_BLOCK, &set, &saved_);
  }
  ~InterruptsHeld() { pthread_sigmask(SIG_SETMASK, &saved_, nullptr); }

 private:
  sigset_t saved_;
};

int register_temp(const char* path) {
  for (int i = 0; i < kTempSlots; ++i) {
    const char* empty = nullptr;
    if (g_temp_paths[i].compare_exchange_strong(empty, path)) return i;
  }
  return -1;
}
}  // namespace

void install_interrupt_handler() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  // Each signal is blocked while the handler runs for another, so one handler at a time
  // unlinks the temporaries.
  for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&action.sa_mask, s);
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
std::atomic<bool>& run_stop() {
  return g_run_stop;
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
  // Several readings: each is a share of the whole run, which is what the figures measure.
  const std::uint64_t total_bytes = total_bytes_ * readings_;
  done += total_bytes_ * reading_;
  if (readings_ > 1) {
    std::snprintf(part, sizeof part, "reading %zu of %zu  ", reading_ + 1, readings_);
    line += part;
  }
  if (total_known_ && total_bytes) {
    const double fraction = std::min(1.0, double(done) / double(total_bytes));
    std::snprintf(part, sizeof part, "%5.1f%%  %s of %s  ", 100.0 * fraction,
                  byte_size(done).c_str(), byte_size(total_bytes).c_str());
  } else {
    std::snprintf(part, sizeof part, "%s  ", byte_size(done).c_str());
  }
  line += part;
  std::snprintf(part, sizeof part, "%llu games  %.0f games/s  %s elapsed",
                (unsigned long long)s.games, double(s.games) / seconds,
                clock_time(seconds).c_str());
  line += part;
  if (total_known_ && total_bytes && done > 0 && done < total_bytes)
    line += ", " + clock_time(seconds * double(total_bytes - done) / double(done)) + " left";
  if (!terminal_) line += '\n';
  std::fwrite(line.data(), 1, line.size(), stderr);
}

void Progress::clear() {
  if (shown_ && terminal_) std::fprintf(stderr, "\r\033[K");
  shown_ = false;
}

bool names_an_input(const std::string& path, const std::vector<std::string>& inputs) {
  struct stat out {};
  if (::stat(path.c_str(), &out) != 0) return false;
  for (const std::string& in : inputs) {
    struct stat s {};
    if (in != "-" && ::stat(in.c_str(), &s) == 0 && s.st_dev == out.st_dev &&
        s.st_ino == out.st_ino)
      return true;
  }
  return false;
}

namespace {
// The targets of the outputs opened so far: two outputs of one run may not name one file.
std::vector<std::string>& opened_targets() {
  static std::vector<std::string> targets;
  return targets;
}

// Resolves `given` as open() would, one component at a time, refusing to follow a symbolic
// link that sits in a world-writable sticky folder and belongs neither to the caller nor to
// the folder's owner (the rule of the kernel's protected_symlinks, which guards open() but
// not the rename that replaces the target). The result names the file to replace.
bool resolve_output_path(const std::string& given, std::string& resolved, std::string& error) {
  namespace fs = std::filesystem;
  const fs::path whole(given);
  fs::path done = whole.is_absolute() ? fs::path("/") : fs::path();
  const fs::path relative = whole.relative_path();
  std::vector<fs::path> rest(relative.begin(), relative.end());
  std::reverse(rest.begin(), rest.end());  // a stack: the next component last
  for (int links = 0; !rest.empty();) {
    const fs::path part = rest.back();
    rest.pop_back();
    if (part.empty() || part == ".") continue;
    const fs::path next = done / part;
    struct stat link {};
    if (::lstat(next.c_str(), &link) != 0 || !S_ISLNK(link.st_mode)) {
      done = next;
      continue;
    }
    const fs::path folder = done.empty() ? fs::path(".") : done;
    struct stat dir {};
    if (::stat(folder.c_str(), &dir) == 0 && (dir.st_mode & S_ISVTX) && (dir.st_mode & S_IWOTH) &&
        link.st_uid != ::geteuid() && link.st_uid != dir.st_uid) {
      error = "refusing to write " + given + ": " + next.string() +
              " is a symbolic link in the world-writable sticky folder " + folder.string() +
              " and belongs to another user (uid " + std::to_string(link.st_uid) +
              "); remove it or name the file it points to";
      return false;
    }
    if (++links > 40) {
      error = "cannot write " + given + ": too many levels of symbolic links";
      return false;
    }
    std::error_code ec;
    const fs::path target = fs::read_symlink(next, ec);
    if (ec) {
      error = "cannot write " + given + ": " + ec.message();
      return false;
    }
    if (target.is_absolute()) done = "/";
    const fs::path inside = target.relative_path();
    std::vector<fs::path> parts(inside.begin(), inside.end());
    rest.insert(rest.end(), parts.rbegin(), parts.rend());
  }
  resolved = done.lexically_normal().string();
  if (resolved.empty()) resolved = ".";
  return true;
}
}  // namespace

OutputFile::~OutputFile() {
  discard();
}

void OutputFile::forget_temp() {
  if (temp_slot_ >= 0) g_temp_paths[temp_slot_].store(nullptr);
  temp_slot_ = -1;
}

bool OutputFile::open(const std::string& given, const std::vector<std::string>& inputs,
                      std::string& error) {
  if (names_an_input(given, inputs)) {
    error = "refusing to write " + given + ": it is one of the inputs, which it would destroy";
    return false;
  }
  // A symbolic link stays one: the file it points to is what gets replaced.
  std::string path;
  if (!resolve_output_path(given, path, error)) return false;
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
  for (const std::string& other : opened_targets())
    if (other == path) {
      error = "refusing to write " + given + " twice: it is already an output of this run";
      return false;
    }
  target_path_ = path;
  std::string name = path + ".tmp-XXXXXX";
  install_interrupt_handler();
  int fd = -1;
  {
    // Made and registered at once: an interrupt in between would leave it behind.
    InterruptsHeld held;
    fd = mkstemp(name.data());
    if (fd >= 0) {
      temp_path_ = name;
      temp_slot_ = register_temp(temp_path_.c_str());
    }
  }
  if (fd < 0) {
    error = "cannot create " + path + ": " + std::strerror(errno);
    return false;
  }
  fchmod(fd, mode);
  file_ = fdopen(fd, "wb");
  if (!file_ || temp_slot_ < 0) {
    error = "cannot create " + path + ": " + (file_ ? "too many outputs" : std::strerror(errno));
    if (file_)
      std::fclose(file_);
    else
      ::close(fd);
    file_ = nullptr;
    discard();
    return false;
  }
  opened_targets().push_back(target_path_);
  return true;
}

void OutputFile::discard() {
  if (file_) std::fclose(file_);
  file_ = nullptr;
  if (!temp_path_.empty()) std::remove(temp_path_.c_str());
  forget_temp();
  temp_path_.clear();
}

void OutputFile::wrote(std::size_t bytes) {
#if defined(__linux__)
  constexpr std::size_t kWritebackBytes = 16u << 20;
  if (!file_ || temp_path_.empty()) return;
  not_written_back_ += bytes;
  if (not_written_back_ < kWritebackBytes) return;
  not_written_back_ = 0;
  if (std::fflush(file_) != 0) return;  // a write error is found again by finish()
  const off_t end = ftello(file_);
  if (end <= written_back_to_) return;
  // Starts the writeback and returns; a failure here only means finish() waits longer.
  sync_file_range(fileno(file_), written_back_to_, end - written_back_to_, SYNC_FILE_RANGE_WRITE);
  written_back_to_ = end;
#else
  (void)bytes;
#endif
}

bool OutputFile::finish(std::string& error) {
  if (!is_file()) {
    // Standard output: flushed, and its close checked on a copy of the descriptor (some
    // file systems report a failed write only then), so that it stays open for the rest.
    // errno is left as the failed write (of any earlier fwrite, too) set it.
    bool ok = std::fflush(stdout) == 0 && !std::ferror(stdout);
    if (ok) {
      const int copy = ::dup(STDOUT_FILENO);
      ok = copy < 0 || ::close(copy) == 0;
    }
    // A reader that went away (pgn ... | head) is not an error worth a message.
    if (ok || errno == EPIPE) return true;
    error = std::string("cannot write standard output: ") + std::strerror(errno);
    return false;
  }
  if (finished_) return true;
  if (!file_) {
    error = "cannot write " + path_ + ": it was not opened";
    return false;
  }
  const bool direct = temp_path_.empty();
  // errno is left as the failed write (of any earlier fwrite, too) set it.
  bool ok = std::fflush(file_) == 0 && !std::ferror(file_) && (direct || fsync(fileno(file_)) == 0);
  const int saved = errno;
  ok = (std::fclose(file_) == 0) && ok;
  file_ = nullptr;
  if (!ok) {
    error = "cannot write " + path_ + ": " + std::strerror(saved ? saved : errno);
    return false;
  }
  finished_ = true;
  return true;
}

bool OutputFile::replace(std::string& error) {
  if (temp_path_.empty()) return true;
  if (!finished_) {
    error = "cannot write " + path_ + ": it was not finished";
    return false;
  }
  if (std::rename(temp_path_.c_str(), target_path_.c_str()) != 0) {
    error = "cannot rename into " + path_ + ": " + std::strerror(errno);
    return false;
  }
  forget_temp();
  temp_path_.clear();
  return true;
}

bool settle_outputs(const std::vector<OutputFile*>& outputs, bool complete, const char* command) {
  std::string error;
  bool ok = complete;
  if (complete)
    for (OutputFile* output : outputs)
      if (!output->finish(error)) {
        std::fprintf(stderr, "pgn %s: %s\n", command, error.c_str());
        ok = false;
        break;
      }
  std::vector<bool> replaced(outputs.size(), false);
  if (ok) {
    // Renamed with the interrupts held: a second SIGINT cannot leave some outputs replaced
    // and the others removed.
    InterruptsHeld held;
    for (std::size_t i = 0; i < outputs.size(); ++i) {
      replaced[i] = outputs[i]->replace(error);
      if (!replaced[i]) {
        std::fprintf(stderr, "pgn %s: %s\n", command, error.c_str());
        ok = false;
      }
    }
    if (ok) return true;
  }
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    if (!outputs[i]->is_file() || replaced[i]) continue;
    outputs[i]->discard();
    std::fprintf(stderr, "pgn %s: %s not written%s\n", command, outputs[i]->path().c_str(),
                 complete ? "" : ": the run did not complete");
  }
  return !complete;
}

namespace {
bool open_in_place(const std::vector<std::string>& inputs, bool with_output, const char* command,
                   const std::vector<OutputFile*>& outputs) {
  if (with_output) {
    std::fprintf(stderr, "pgn %s: --in-place rewrites the inputs; -o makes no sense with it\n",
                 command);
    return false;
  }
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    // Plain files only: the games are written as text, so a compressed input would become
    // a plain file under a .zst name; a pipe or standard input has no file to replace.
    struct stat info {};
    if (::stat(inputs[i].c_str(), &info) != 0) {
      std::fprintf(stderr, "pgn %s: cannot read %s: %s\n", command, inputs[i].c_str(),
                   std::strerror(errno));
      return false;
    }
    if (!PlacedGameReader::readable_in_place(inputs[i])) {
      std::fprintf(stderr, "pgn %s: --in-place rewrites plain files only; %s is not one\n", command,
                   inputs[i].c_str());
      return false;
    }
    const std::vector<std::string> earlier(inputs.begin(), inputs.begin() + std::ptrdiff_t(i));
    std::string error;
    if (names_an_input(inputs[i], earlier)) {
      std::fprintf(stderr, "pgn %s: --in-place: %s is named twice\n", command, inputs[i].c_str());
      return false;
    }
    if (!outputs[i]->open(inputs[i], {}, error)) {
      std::fprintf(stderr, "pgn %s: %s\n", command, error.c_str());
      return false;
    }
  }
  return true;
}
}  // namespace

bool open_game_outputs(const po::variables_map& vm, const std::vector<std::string>& inputs,
                       const char* command, std::vector<std::unique_ptr<OutputFile>>& owned,
                       std::vector<OutputFile*>& outputs) {
  const bool in_place = vm.count("in-place") > 0;
  const std::size_t first = outputs.size();
  for (std::size_t i = 0; i < (in_place ? inputs.size() : 1); ++i)
    outputs.push_back(owned.emplace_back(std::make_unique<OutputFile>()).get());
  const std::vector<OutputFile*> games(outputs.begin() + std::ptrdiff_t(first), outputs.end());
  if (in_place) return open_in_place(inputs, vm.count("output") > 0, command, games);
  if (!vm.count("output")) return true;
  const std::string& path = vm["output"].as<std::string>();
  std::string error;
  if (games.front()->open(path, inputs, error)) return true;
  std::fprintf(stderr, "pgn %s: %s%s\n", command, error.c_str(),
               names_an_input(path, inputs) ? " (--in-place rewrites an input on purpose)" : "");
  return false;
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
