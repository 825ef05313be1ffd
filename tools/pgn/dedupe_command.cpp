// pgn dedupe: writes each game once, in input order. A first pass keys every game (on all
// cores) into an index that spills to disk past --memory; a second pass reads the inputs
// again and writes each game to the output or, when it is a copy, to --duplicates. The first
// pass notes where each game's bytes are in its file, so that the second copies them from an
// uncompressed file without cutting it into games again.
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

// What the first reading learnt of one input: whether every game has a place (see place_of),
// and how many games it holds.
struct InputReading {
  bool placed = true;
  std::uint64_t games = 0;
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
  explicit PrefixConsumer(std::vector<Duplicate>& found) : found_(found) {}
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
  }

 private:
  std::vector<Duplicate>& found_;
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
  }
  void flush() {
    write(output_, kept_);
    kept_.clear();
    if (duplicates_) write(*duplicates_, copies_);
    copies_.clear();
  }
  std::size_t buffered() const { return kept_.size() + copies_.size(); }
  std::size_t file_index_ = 0;  // added to batch.file_index

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
    "different-players, different-result or prefix. The inputs are read twice; standard input is "
    "kept in a temporary file "
    "for the second reading. Memory: 48 bytes per game up to --memory, then partition files "
    "in --temp-dir.",
    "Exit status: 0 when the run completed, 2 on usage errors, unreadable input, a failed "
    "spill file or an interrupt."};

int run_dedupe(int argc, char** argv) {
  CommonOptions common;
  std::string keep = "first", memory_text = "2G", same_tags;
  std::uint32_t prefix_min_plies = 10;
  po::options_description options("Options");
  add_standard_options(options);
  options.add_options()  //
      ("keep", po::value(&keep)->value_name("WHICH")->default_value("first"),
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
  // Standard input is read twice: the first reading keeps it in an unnamed temporary file.
  for (std::string& file : files) {
    if (file != "-") continue;
    const int fd = unnamed_temp_file(temp_dir, "pgn-dedupe-stdin");
    if (fd < 0) {
      std::fprintf(stderr, "pgn dedupe: cannot keep standard input in %s: %s\n", temp_dir.c_str(),
                   std::strerror(errno));
      return kExitFailure;
    }
    char buffer[1 << 16];
    ssize_t n;
    while ((n = ::read(0, buffer, sizeof buffer)) > 0)
      if (::write(fd, buffer, std::size_t(n)) != n) {
        std::fprintf(stderr, "pgn dedupe: cannot keep standard input in %s: %s\n", temp_dir.c_str(),
                     std::strerror(errno));
        return kExitFailure;
      }
    file = "/proc/self/fd/" + std::to_string(fd);
  }

  OutputFile output, duplicates;
  if (vm.count("output") && !output.open(vm["output"].as<std::string>(), error)) {
    std::fprintf(stderr, "pgn dedupe: %s\n", error.c_str());
    return kExitFailure;
  }
  if (vm.count("duplicates") && !duplicates.open(vm["duplicates"].as<std::string>(), error)) {
    std::fprintf(stderr, "pgn dedupe: %s\n", error.c_str());
    return kExitFailure;
  }
  const bool quiet = vm.count("quiet") > 0;
  install_interrupt_handler();
  const auto started = std::chrono::steady_clock::now();
  // With --prefix, a quarter of --memory goes to the 16-byte keys of whole games and the rest
  // to the 48-byte entries: both spill at the same number of games.
  const std::uint64_t prefix_memory = rules.prefix_min_plies ? memory / 4 : 0;
  DuplicateIndex index(rules, memory - prefix_memory, temp_dir);
  PrefixIndex finals(prefix_memory, temp_dir);
  Totals totals;
  Progress progress(files, vm);
  KeyConsumer keys(index, totals, progress, quiet);
  keys.names_ = &names;
  std::vector<InputReading> readings(files.size());
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
  progress.clear();
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
    for (std::size_t group = 0; complete && group < finals.groups(); ++group) {
      complete = finals.load(group, error);
      if (!complete) break;
      PrefixConsumer found(prefixes);
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
  if (complete) {
    Totals written;
    WriteConsumer writer(index, prefixes, names, output,
                         vm.count("duplicates") ? &duplicates : nullptr, written, quiet);
    PipelineOptions second = pipeline_options(common);
    second.threads = 1;
    if (std::fflush(places) != 0 || std::fseek(places, 0, SEEK_SET) != 0) {
      error = std::string("cannot read a temporary file: ") + std::strerror(errno);
      complete = false;
    }
    for (std::size_t file = 0; complete && file < files.size() && !interrupted(); ++file) {
      if (readings[file].placed && PlacedGameReader::readable_in_place(files[file])) {
        complete = copy_games(files[file], file, readings[file].games, places, writer, error);
        continue;
      }
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
    if (!error.empty()) std::fprintf(stderr, "pgn dedupe: %s\n", error.c_str());
    totals.written = written.written;
    totals.duplicates = written.duplicates;
    std::copy(std::begin(written.by_kind), std::end(written.by_kind), std::begin(totals.by_kind));
    complete = complete && !interrupted();
  }
  std::fclose(places);
  if (!settle_output(output, complete, "dedupe")) return kExitFailure;
  if (vm.count("duplicates") && !settle_output(duplicates, complete, "dedupe")) return kExitFailure;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (!quiet) {
    std::fprintf(stderr, "%llu games: %llu written, %llu duplicates",
                 static_cast<unsigned long long>(totals.games),
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
  return complete ? kExitOk : kExitFailure;
}

const RegisterCommand registration{
    {"dedupe", "write each game once; report every copy and the game it copies", run_dedupe}};

}  // namespace
}  // namespace pgn::cli
