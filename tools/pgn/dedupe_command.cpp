// pgn dedupe: writes each game once, in input order. A first pass keys every game (on all
// cores) into an index that spills to disk past --memory; a second pass reads the inputs
// again and writes each game to the output or, when it is a copy, to --duplicates. The first
// pass notes where each game's bytes are in its file, so that the second copies them from an
// uncompressed file without cutting it into games again.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_common.hpp"
#include "cli_options.hpp"
#include "commands.hpp"
#include "libpgn/dedupe.hpp"
#include "libpgn/pipeline.hpp"
#include "libpgn/select.hpp"
#include "libpgn/validator.hpp"

namespace po = boost::program_options;

namespace pgn::cli {
namespace {

// An unnamed file in `dir` (unlinked at once, so nothing is left behind); -1 with errno.
int unnamed_temp_file(const std::string& dir, const char* stem) {
  std::string path = dir + "/" + stem + ".XXXXXX";
  const int fd = ::mkstemp(path.data());
  if (fd >= 0) ::unlink(path.c_str());
  return fd;
}

// Whether `name` cannot be read a second time: standard input, a pipe or named pipe (a
// process substitution's /dev/fd/N too), a device or a socket.
bool read_once(const std::string& name) {
  struct stat info {};
  return name == "-" ||
         (::stat(name.c_str(), &info) == 0 &&
          (S_ISFIFO(info.st_mode) || S_ISCHR(info.st_mode) || S_ISSOCK(info.st_mode)));
}

// Keeps an input that can be read once only in an unnamed temporary file in `dir`, read to its
// end now, and names that file instead (/proc/self/fd/N). False with `error`; an interrupt
// ends the copy with `error` empty.
bool keep_for_second_reading(std::string& name, const std::string& dir, std::string& error) {
  const int in = name == "-" ? 0 : ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) {
    if (!interrupted()) error = "cannot open " + name + ": " + std::strerror(errno);
    return false;
  }
  const int fd = unnamed_temp_file(dir, "pgn-dedupe-input");
  if (fd < 0) {
    error = "cannot keep " + name + " in " + dir + ": " + std::strerror(errno);
    if (in) ::close(in);
    return false;
  }
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(in, buffer, sizeof buffer);
    if (n == 0) break;
    if (n < 0 && errno == EINTR && !interrupted()) continue;
    if (n < 0) {
      if (!interrupted()) error = "cannot read " + name + ": " + std::strerror(errno);
      break;
    }
    for (ssize_t at = 0; at < n;) {
      const ssize_t put = ::write(fd, buffer + at, std::size_t(n - at));
      if (put < 0 && errno == EINTR) continue;
      if (put <= 0) {
        error = "cannot keep " + name + " in " + dir + ": " + std::strerror(errno);
        break;
      }
      at += put;
    }
    if (!error.empty()) break;
  }
  if (in) ::close(in);
  if (!error.empty() || interrupted()) {
    ::close(fd);
    return false;
  }
  name = "/proc/self/fd/" + std::to_string(fd);
  return true;
}

// What identifies a file's content without reading it: a file written between the two
// readings has another size or modification time.
struct FileStamp {
  dev_t device = 0;
  ino_t inode = 0;
  off_t size = 0;
  std::int64_t modified_ns = 0;
  static FileStamp of(const std::string& path) {
    FileStamp stamp;
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) return stamp;
    stamp.device = info.st_dev;
    stamp.inode = info.st_ino;
    stamp.size = info.st_size;
    stamp.modified_ns = std::int64_t(info.st_mtim.tv_sec) * 1'000'000'000 + info.st_mtim.tv_nsec;
    return stamp;
  }
  bool operator==(const FileStamp&) const = default;
};

// What the first reading learnt of one input: whether every game has a place (see place_of),
// and how many games it holds.
struct InputReading {
  bool placed = true;
  std::uint64_t games = 0;
  FileStamp stamp;  // before the first reading
};

// Pass 1: one DuplicateEntry per game, packed into batch.output.
class KeyWorker final : public BatchWorker {
 public:
  KeyWorker(const DuplicateRules& rules, const ValidateOptions& validate)
      : keyer_(rules, validate) {}
  void process(GameBatch& batch) override {
    batch.output.resize(batch.games.size() * sizeof(DuplicateEntry));
    keyer_.set_neighbours(batch.games);
    for (std::size_t i = 0; i < batch.games.size(); ++i) {
      DuplicateEntry entry;
      if (!batch.games[i].truncated) keyer_.key(batch.games[i], entry);
      std::memcpy(batch.output.data() + i * sizeof entry, &entry, sizeof entry);
    }
  }

 private:
  DuplicateKeyer keyer_;
};

struct Totals {
  std::uint64_t games = 0, unreadable = 0, files_failed = 0, written = 0, duplicates = 0;
  std::uint64_t by_kind[Duplicate::kKinds] = {};
};

class KeyConsumer final : public BatchConsumer {
 public:
  KeyConsumer(DuplicateIndex& index, Totals& totals, Progress& progress, bool quiet)
      : index_(index), totals_(totals), progress_(progress), quiet_(quiet) {}
  void batch(GameBatch& batch) override {
    InputReading& reading = (*readings_)[batch.file_index];
    reading.games += batch.games.size();
    const std::size_t first_place = places_.size();
    places_.resize(first_place + batch.games.size());
    for (std::size_t i = 0; i < batch.games.size(); ++i)
      if (!place_of(batch.games[i], places_[first_place + i])) reading.placed = false;
    if (places_.size() >= kPlacesWritten) write_places();
    for (std::size_t i = 0; i < batch.games.size(); ++i, ++ordinal_) {
      const RawGame& game = batch.games[i];
      if (game.truncated) {
        // Kept as it is: a game that cannot be read whole is never called a copy.
        ++totals_.unreadable;
        if (!quiet_)
          std::fprintf(stderr,
                       "%s:%u: game %llu is longer than --max-game-bytes and cannot be read "
                       "whole; written, not compared\n",
                       terminal_text((*names_)[batch.file_index]).c_str(),
                       unsigned(game.start.line), static_cast<unsigned long long>(game.index));
        continue;
      }
      DuplicateEntry entry;
      std::memcpy(&entry, batch.output.data() + i * sizeof entry, sizeof entry);
      entry.ordinal = ordinal_;
      entry.line = game.start.line;
      entry.file = std::uint32_t(batch.file_index);
      if (finals_ && entry.kind == 0 && error_.empty() &&
          !finals_->add(entry.key_high, entry.ordinal, error_))
        return;
      if (error_.empty() && !index_.add(entry, error_)) return;
    }
    totals_.games += batch.games.size();
    summary_.games = totals_.games;
    summary_.input_bytes += batch.input_bytes;
    progress_.update(summary_, batch.file_index, batch.raw_offset);
  }
  void end_file(std::size_t index, const std::string&, const std::string& error,
                std::uint64_t games_read) override {
    if (error.empty()) return;
    ++totals_.files_failed;
    std::fprintf(stderr, "%s: error[io]: %s (%llu games before it were read)\n",
                 terminal_text((*names_)[index]).c_str(), terminal_text(error).c_str(),
                 static_cast<unsigned long long>(games_read));
  }
  const std::string& error() const { return error_; }
  // The places not written yet (they go a megabyte at a time); false after a write error.
  bool write_places() {
    if (error_.empty() && !places_.empty() &&
        std::fwrite(places_.data(), sizeof(GamePlace), places_.size(), places_file_) !=
            places_.size())
      error_ = std::string("cannot write a temporary file: ") + std::strerror(errno);
    places_.clear();
    return error_.empty();
  }
  // With --prefix: every replayed game's key and ordinal.
  PrefixIndex* finals_ = nullptr;
  const std::vector<std::string>* names_ = nullptr;  // the inputs as named on the command line
  std::vector<InputReading>* readings_ = nullptr;    // one per input
  std::FILE* places_file_ = nullptr;                 // every game's GamePlace, in order

 private:
  static constexpr std::size_t kPlacesWritten = (1u << 20) / sizeof(GamePlace);
  std::vector<GamePlace> places_;
  DuplicateIndex& index_;
  Totals& totals_;
  Progress& progress_;
  RunSummary summary_;
  bool quiet_;
  std::uint64_t ordinal_ = 0;
  std::string error_;
};

// With --prefix, a pass between the two (one per group of keys when they were spilled): every
// game is replayed again, and each beginning of its main line is looked up among the keys of
// whole games; a game found is a truncated copy.

struct PrefixHit {
  std::uint64_t copy = 0;      // ordinal of the shorter game
  std::uint32_t in_batch = 0;  // the longer game, by its place in the batch
};

class PrefixWorker final : public BatchWorker {
 public:
  PrefixWorker(const DuplicateRules& rules, const ValidateOptions& validate,
               const PrefixIndex& finals)
      : keyer_(rules, validate), finals_(finals) {}
  void process(GameBatch& batch) override {
    batch.output.clear();
    keyer_.set_neighbours(batch.games);
    for (std::size_t i = 0; i < batch.games.size(); ++i) {
      if (batch.games[i].truncated) continue;
      DuplicateEntry entry;
      keyer_.key(batch.games[i], entry);
      for (std::uint64_t key : keyer_.prefix_keys()) {
        for (const PrefixIndex::Final& found : finals_.find(key)) {
          const PrefixHit hit{found.ordinal, std::uint32_t(i)};
          batch.output.append(reinterpret_cast<const char*>(&hit), sizeof hit);
        }
      }
    }
  }

 private:
  DuplicateKeyer keyer_;
  const PrefixIndex& finals_;
};

class PrefixConsumer final : public BatchConsumer {
 public:
  PrefixConsumer(std::vector<Duplicate>& found, Progress& progress)
      : found_(found), progress_(progress) {}
  void batch(GameBatch& batch) override {
    for (std::size_t at = 0; at + sizeof(PrefixHit) <= batch.output.size();
         at += sizeof(PrefixHit)) {
      PrefixHit hit;
      std::memcpy(&hit, batch.output.data() + at, sizeof hit);
      Duplicate& d = found_.emplace_back();
      d.kind = Duplicate::Prefix;
      d.ordinal = hit.copy;
      d.original_ordinal = ordinal_ + hit.in_batch;
      d.original_line = batch.games[hit.in_batch].start.line;
      d.original_file = std::uint32_t(batch.file_index);
    }
    ordinal_ += batch.games.size();
    seen_.games = ordinal_;
    progress_.update(seen_, batch.file_index, batch.raw_offset);
  }

 private:
  std::vector<Duplicate>& found_;
  Progress& progress_;
  RunSummary seen_;  // for the progress line
  std::uint64_t ordinal_ = 0;
};

// Pass 2: nothing to do per game but to hand the batch on.
class PassWorker final : public BatchWorker {
 public:
  void process(GameBatch&) override {}
};

class WriteConsumer final : public BatchConsumer {
 public:
  WriteConsumer(DuplicateIndex& index, const std::vector<Duplicate>& prefixes,
                const std::vector<std::string>& names, OutputFile& output, OutputFile* duplicates,
                Totals& totals, bool quiet)
      : index_(index),
        prefixes_(prefixes),
        names_(names),
        output_(output),
        duplicates_(duplicates),
        totals_(totals),
        quiet_(quiet) {
    has_next_ = index_.next(next_);
  }
  // A pipeline's batches, of the input `file_index` when the pipeline reads that one alone.
  void batch(GameBatch& batch) override {
    for (const RawGame& game : batch.games)
      game_text(game.text, batch.file_index + file_index_, game.start.line);
    flush();
    show_progress(batch.file_index + file_index_, batch.raw_offset);
  }
  void show_progress(std::size_t file, std::uint64_t offset) {
    seen_.games = ordinal_;
    if (progress_) progress_->update(seen_, file, offset);
  }
  // The next game in input order: to the output, or to --duplicates when it is a copy.
  void game_text(std::string_view text, std::size_t file, std::uint64_t line) {
    while (next_prefix_ < prefixes_.size() && prefixes_[next_prefix_].ordinal < ordinal_)
      ++next_prefix_;
    const bool copy = has_next_ && next_.ordinal == ordinal_;
    const bool prefix =
        next_prefix_ < prefixes_.size() && prefixes_[next_prefix_].ordinal == ordinal_;
    if (copy || prefix) {
      Duplicate found = copy ? next_ : prefixes_[next_prefix_];
      found.line = line;
      ++totals_.duplicates;
      ++totals_.by_kind[found.kind];
      if (!quiet_)
        std::fprintf(stderr, "%s:%llu: duplicate (%s) of %s:%llu\n",
                     terminal_text(names_[file]).c_str(),
                     static_cast<unsigned long long>(found.line), duplicate_kind_name(found.kind),
                     terminal_text(names_[found.original_file]).c_str(),
                     static_cast<unsigned long long>(found.original_line));
      if (duplicates_) append_game_as_read(text, copies_);
      if (copy) has_next_ = index_.next(next_);
    } else {
      ++totals_.written;
      append_game_as_read(text, kept_);
    }
    ++ordinal_;
    ++games_in_file;
  }
  void flush() {
    write(output_, kept_);
    kept_.clear();
    if (duplicates_) write(*duplicates_, copies_);
    copies_.clear();
  }
  std::size_t buffered() const { return kept_.size() + copies_.size(); }
  std::size_t file_index_ = 0;  // added to batch.file_index
  std::uint64_t games_in_file =
      0;  // games of the file being read, to compare with the first reading
  Progress* progress_ = nullptr;

 private:
  static void write(OutputFile& out, const std::string& text) {
    if (text.empty()) return;
    std::fwrite(text.data(), 1, text.size(), out.stream());
    out.wrote(text.size());
  }
  DuplicateIndex& index_;
  const std::vector<Duplicate>& prefixes_;  // in ordinal order
  std::size_t next_prefix_ = 0;
  const std::vector<std::string>& names_;
  OutputFile& output_;
  OutputFile* duplicates_;
  Totals& totals_;
  bool quiet_;
  Duplicate next_;
  bool has_next_ = false;
  std::uint64_t ordinal_ = 0;
  std::string kept_, copies_;
  RunSummary seen_;  // for the progress line
};

// The second reading of an input whose games all have places: each game is taken from
// where the first reading found it, without cutting the input into games again.
bool copy_games(const std::string& path, std::size_t file, std::uint64_t games, std::FILE* places,
                WriteConsumer& writer, std::string& error) {
  PlacedGameReader reader;
  if (!reader.open(path, error)) return false;
  std::vector<GamePlace> batch(4096);
  for (std::uint64_t done = 0; done < games && !interrupted();) {
    const std::size_t n = std::size_t(std::min<std::uint64_t>(batch.size(), games - done));
    if (std::fread(batch.data(), sizeof(GamePlace), n, places) != n) {
      error = std::string("cannot read a temporary file: ") + std::strerror(errno);
      return false;
    }
    for (std::size_t i = 0; i < n; ++i) {
      std::string_view text;
      if (!reader.text(batch[i], text, error)) return false;
      writer.game_text(text, file, batch[i].line);
      if (writer.buffered() >= (1u << 20)) writer.flush();
    }
    done += n;
    writer.show_progress(file, batch[n - 1].offset);
  }
  writer.flush();
  return true;
}

// "2G", "512M", "64K" or bytes.
bool parse_size(const std::string& text, std::uint64_t& out) {
  if (text.empty()) return false;
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits == 0 || digits > 15) return false;
  out = std::stoull(text.substr(0, digits));
  const std::string unit = text.substr(digits);
  if (unit == "K" || unit == "k")
    out <<= 10;
  else if (unit == "M" || unit == "m")
    out <<= 20;
  else if (unit == "G" || unit == "g")
    out <<= 30;
  else if (!unit.empty())
    return false;
  return true;
}

constexpr CommandHelp kHelp{
    "dedupe", "[options] FILE... | -",
    "Writes each game once, in input order and byte for byte as it was, keeping the first copy "
    "(or the one with the most tags or annotations). Two games are copies when they have the "
    "same start position and the same main line of moves, whatever their tags and comments "
    "(--same-tags adds tags). Every copy is reported on standard error as FILE:LINE of the "
    "copy and of the game kept, with its kind: exact, players-spelled-differently, "
    "different-players, different-result or prefix. The inputs are read twice; standard input, "
    "a pipe or a process substitution is kept in a temporary file for the second reading, and "
    "an input that changed in between is an error. Memory: 48 bytes per game up to --memory, "
    "then partition files in --temp-dir.",
    "Exit status: 0 when the run completed, 2 on usage errors, unreadable or changed input, a "
    "failed spill file or output, or an interrupt."};

int run_dedupe(int argc, char** argv) {
  CommonOptions common;
  std::string keep = "first", memory_text = "2G", same_tags;
  std::uint32_t prefix_min_plies = 10;
  po::options_description options("Options");
  add_standard_options(options);
  options.add_options()  //
      ("keep",
       choice_value(&keep, {"first", "most-tags", "most-annotated"})
           ->value_name("WHICH")
           ->default_value("first"),
       "which copy is written: first, most-tags or most-annotated (comments, NAGs, "
       "variations); ties go to the first")  //
      ("duplicates", po::value<std::string>()->value_name("FILE"),
       "write the copies that are left out to FILE")  //
      ("same-tags", po::value(&same_tags)->value_name("TAGS"),
       "copies must also have these tags equal, e.g. White,Black,Date")  //
      ("fuzzy-players",
       "with --same-tags White or Black: compare names as surname and first initial "
       "(\"Carlsen, M.\" = \"Carlsen,Magnus\")")  //
      ("prefix",
       "also find truncated copies: a game whose main line is the beginning of another's "
       "(the longer is kept; costs another replay and 16 bytes per game, within --memory)")  //
      ("prefix-min-plies", count_value(prefix_min_plies, 1, 100000),
       "with --prefix: only beginnings of at least N plies count")  //
      ("memory", po::value(&memory_text)->value_name("SIZE")->default_value("2G"),
       "memory for the index (48 bytes per game, 64 with --prefix); past it, partition files "
       "in --temp-dir")  //
      ("temp-dir", po::value<std::string>()->value_name("DIR"),
       "where partition files go (default: $TMPDIR or /tmp)")  //
      ("output,o", po::value<std::string>()->value_name("FILE"),
       "write to FILE (replaced only when the run completes)")  //
      ("quiet,q", "no report and no summary on standard error");
  add_common_options(options, common);
  add_variant_option(options, common);
  po::variables_map vm;
  std::vector<std::string> files;
  if (int status; !parse_file_command(kHelp, argc, argv, options, vm, files, status)) return status;
  DuplicateRules rules;
  if (keep == "first")
    rules.keep = DuplicateRules::Keep::First;
  else if (keep == "most-tags")
    rules.keep = DuplicateRules::Keep::MostTags;
  else if (keep == "most-annotated")
    rules.keep = DuplicateRules::Keep::MostAnnotated;
  else {
    std::fprintf(stderr, "pgn dedupe: --keep takes first, most-tags or most-annotated, not '%s'\n",
                 keep.c_str());
    return kExitFailure;
  }
  for (std::size_t begin = 0; begin < same_tags.size();) {
    std::size_t end = same_tags.find(',', begin);
    if (end == std::string::npos) end = same_tags.size();
    if (end > begin) rules.same_tags.push_back(same_tags.substr(begin, end - begin));
    begin = end + 1;
  }
  rules.fuzzy_players = vm.count("fuzzy-players") > 0;
  if (vm.count("prefix")) rules.prefix_min_plies = prefix_min_plies;
  if (rules.fuzzy_players &&
      std::find(rules.same_tags.begin(), rules.same_tags.end(), "White") == rules.same_tags.end() &&
      std::find(rules.same_tags.begin(), rules.same_tags.end(), "Black") == rules.same_tags.end()) {
    std::fprintf(stderr,
                 "pgn dedupe: --fuzzy-players compares White and Black, which only count with "
                 "--same-tags White,Black\n");
    return kExitFailure;
  }
  std::uint64_t memory = 0;
  if (!parse_size(memory_text, memory) || memory < (64u << 10)) {
    std::fprintf(stderr,
                 "pgn dedupe: --memory takes a size of at least 64K such as 512M or 2G, "
                 "not '%s'\n",
                 memory_text.c_str());
    return kExitFailure;
  }
  ValidateOptions validate_options;
  validate_options.include_fen = false;
  validate_options.check_tags = false;
  validate_options.check_suffixes = false;
  std::string error;
  if (!apply_common_options(vm, common, validate_options, error)) {
    std::fprintf(stderr, "pgn dedupe: %s\n", error.c_str());
    return kExitFailure;
  }
  std::string temp_dir = vm.count("temp-dir")    ? vm["temp-dir"].as<std::string>()
                         : std::getenv("TMPDIR") ? std::getenv("TMPDIR")
                                                 : "/tmp";

  const auto names = files;
  OutputFile output, duplicates;
  if (vm.count("output") && !output.open(vm["output"].as<std::string>(), names, error)) {
    std::fprintf(stderr, "pgn dedupe: %s\n", error.c_str());
    return kExitFailure;
  }
  if (vm.count("duplicates") &&
      !duplicates.open(vm["duplicates"].as<std::string>(), names, error)) {
    std::fprintf(stderr, "pgn dedupe: %s\n", error.c_str());
    return kExitFailure;
  }
  const bool quiet = vm.count("quiet") > 0;
  install_interrupt_handler();
  const auto started = std::chrono::steady_clock::now();
  // An input that can be read once only (standard input, a pipe, a process substitution)
  // is kept in an unnamed temporary file for the second reading, as it is read.
  std::vector<InputReading> readings(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (read_once(files[i]) && !keep_for_second_reading(files[i], temp_dir, error)) {
      if (!error.empty()) std::fprintf(stderr, "pgn dedupe: %s\n", error.c_str());
      settle_outputs({&output, &duplicates}, false, "dedupe");
      if (!quiet)
        std::fprintf(stderr, "%s; nothing written\n", error.empty() ? "interrupted" : "failed");
      return kExitFailure;
    }
    readings[i].stamp = FileStamp::of(files[i]);
  }

  // With --prefix, a quarter of --memory goes to the 16-byte keys of whole games and the rest
  // to the 48-byte entries: both spill at the same number of games.
  const std::uint64_t prefix_memory = rules.prefix_min_plies ? memory / 4 : 0;
  DuplicateIndex index(rules, memory - prefix_memory, temp_dir);
  PrefixIndex finals(prefix_memory, temp_dir);
  Totals totals;
  Progress progress(files, vm);
  progress.set_readings(rules.prefix_min_plies ? 3 : 2);
  KeyConsumer keys(index, totals, progress, quiet);
  keys.names_ = &names;
  keys.readings_ = &readings;
  const int places_fd = unnamed_temp_file(temp_dir, "pgn-dedupe-places");
  std::FILE* places = places_fd < 0 ? nullptr : ::fdopen(places_fd, "w+b");
  if (!places) {
    std::fprintf(stderr, "pgn dedupe: cannot make a temporary file in %s: %s\n", temp_dir.c_str(),
                 std::strerror(errno));
    return kExitFailure;
  }
  keys.places_file_ = places;
  if (rules.prefix_min_plies) keys.finals_ = &finals;
  // The first reading needs no beginnings' keys: those come with the prefix pass.
  DuplicateRules whole_games = rules;
  whole_games.prefix_min_plies = 0;
  run_pipeline(
      sources_for(files, InputFormat::Pgn), pipeline_options(common),
      [&] { return std::make_unique<KeyWorker>(whole_games, validate_options); }, keys);
  keys.write_places();
  error = keys.error();
  if (error.empty() && !interrupted() && !totals.files_failed) index.finish(error);
  bool complete = error.empty() && !interrupted() && !totals.files_failed;
  if (!error.empty()) std::fprintf(stderr, "pgn dedupe: %s\n", error.c_str());
  std::vector<Duplicate> prefixes;
  std::size_t prefix_passes = 0;
  if (complete && rules.prefix_min_plies) {
    // Each copy's key is in one group only, so its hits all come from one pass, in input order.
    complete = finals.finish(error);
    progress.set_readings(2 + finals.groups());
    for (std::size_t group = 0; complete && group < finals.groups(); ++group) {
      complete = finals.load(group, error);
      if (!complete) break;
      progress.begin_reading(1 + group);
      PrefixConsumer found(prefixes, progress);
      run_pipeline(
          sources_for(files, InputFormat::Pgn), pipeline_options(common),
          [&] { return std::make_unique<PrefixWorker>(rules, validate_options, finals); }, found);
      ++prefix_passes;
      complete = !interrupted();
    }
    if (!error.empty()) std::fprintf(stderr, "pgn dedupe: %s\n", error.c_str());
    // One report per truncated copy: the first longer game found.
    std::stable_sort(prefixes.begin(), prefixes.end(),
                     [](const Duplicate& a, const Duplicate& b) { return a.ordinal < b.ordinal; });
    prefixes.erase(
        std::unique(prefixes.begin(), prefixes.end(),
                    [](const Duplicate& a, const Duplicate& b) { return a.ordinal == b.ordinal; }),
        prefixes.end());
    complete = complete && !interrupted();
  }
  std::uint64_t not_reached = totals.games;  // by the second reading
  if (complete) {
    Totals written;
    WriteConsumer writer(index, prefixes, names, output,
                         vm.count("duplicates") ? &duplicates : nullptr, written, quiet);
    writer.progress_ = &progress;
    progress.begin_reading(1 + prefix_passes);
    PipelineOptions second = pipeline_options(common);
    second.threads = 1;
    if (std::fflush(places) != 0 || std::fseek(places, 0, SEEK_SET) != 0) {
      error = std::string("cannot read a temporary file: ") + std::strerror(errno);
      complete = false;
    }
    for (std::size_t file = 0; complete && file < files.size() && !interrupted(); ++file) {
      writer.games_in_file = 0;
      if (readings[file].placed && PlacedGameReader::readable_in_place(files[file])) {
        complete = copy_games(files[file], file, readings[file].games, places, writer, error);
      } else {
        // Cut into games again (compressed, cut games): one file at a time.
        if (std::fseek(places, long(readings[file].games * sizeof(GamePlace)), SEEK_CUR) != 0) {
          error = std::string("cannot read a temporary file: ") + std::strerror(errno);
          complete = false;
          break;
        }
        writer.file_index_ = file;
        run_pipeline(
            sources_for({files[file]}, InputFormat::Pgn), second,
            [] { return std::make_unique<PassWorker>(); }, writer);
      }
      if (!complete || interrupted()) break;
      // The second reading must see what the first counted, in a file that was not written
      // in between; otherwise the copies found are not the games written.
      if (writer.games_in_file != readings[file].games ||
          !(FileStamp::of(files[file]) == readings[file].stamp)) {
        error = names[file] + " changed between the two readings (" +
                std::to_string(readings[file].games) + " games the first time, " +
                std::to_string(writer.games_in_file) + " the second)";
        complete = false;
      }
    }
    if (!error.empty()) std::fprintf(stderr, "pgn dedupe: %s\n", error.c_str());
    totals.written = written.written;
    totals.duplicates = written.duplicates;
    not_reached -= written.written + written.duplicates;
    std::copy(std::begin(written.by_kind), std::end(written.by_kind), std::begin(totals.by_kind));
    complete = complete && !interrupted();
  }
  progress.clear();
  std::fclose(places);
  const bool output_ok = settle_outputs({&output, &duplicates}, complete, "dedupe");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (!quiet) {
    // What was committed: a file output only when the run completed; standard output gets
    // the games before the run stopped. The counts add up to the games of the first reading.
    const bool committed = complete && output_ok;
    std::fprintf(stderr, "%s%llu games", interrupted() ? "interrupted: " : "",
                 static_cast<unsigned long long>(totals.games));
    if (!committed && (output.is_file() || !output_ok)) {
      std::fprintf(stderr, ": nothing written");
    } else {
      std::fprintf(stderr, ": %llu written, %llu duplicates",
                   static_cast<unsigned long long>(totals.written),
                   static_cast<unsigned long long>(totals.duplicates));
      const char* separator = " (";
      for (int k = 0; k < Duplicate::kKinds; ++k)
        if (totals.by_kind[k]) {
          std::fprintf(stderr, "%s%llu %s", separator,
                       static_cast<unsigned long long>(totals.by_kind[k]),
                       duplicate_kind_name(Duplicate::Kind(k)));
          separator = ", ";
        }
      if (totals.duplicates) std::fputc(')', stderr);
      if (not_reached)
        std::fprintf(stderr, ", %llu not written (the run stopped before them)",
                     static_cast<unsigned long long>(not_reached));
    }
    if (totals.files_failed)
      std::fprintf(stderr, "; %llu input%s could not be read",
                   static_cast<unsigned long long>(totals.files_failed),
                   totals.files_failed == 1 ? "" : "s");
    if (totals.unreadable)
      std::fprintf(stderr, ", %llu not compared (cannot be read whole)",
                   static_cast<unsigned long long>(totals.unreadable));
    if (index.spilled())
      std::fprintf(stderr, "; index spilled to %llu partitions",
                   static_cast<unsigned long long>(index.partitions()));
    if (finals.spilled())
      std::fprintf(stderr, "; prefix keys spilled, looked up in %zu passes", prefix_passes);
    std::fprintf(stderr, "; %.2f s\n", seconds);
  }
  return complete && output_ok ? kExitOk : kExitFailure;
}

const RegisterCommand registration{
    {"dedupe", "write each game once; report every copy and the game it copies", run_dedupe}};

}  // namespace
}  // namespace pgn::cli
