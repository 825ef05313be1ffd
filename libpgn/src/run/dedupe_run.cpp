// The driver of a dedupe run (dedupe_files, libpgn/dedupe_run.hpp): the readings of the inputs,
// the pipelines that key, look up and write their games, and the checks between them. A first
// reading keys every game (on all cores) into an index that spills to disk past its memory; a
// second reading reads the inputs again and hands each game to the output or, when it is a
// copy, to the copies. The first reading notes where each game's bytes are in its file, so
// that the second copies them from an uncompressed file without cutting it into games again.
#include "libpgn/dedupe_run.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "libpgn/pipeline.hpp"
#include "libpgn/select.hpp"

namespace pgn {
namespace {

bool stopped(const DedupeSettings& settings) {
  return settings.pipeline.stop && settings.pipeline.stop->load();
}

std::vector<Source> pgn_sources(const std::vector<std::string>& paths) {
  std::vector<Source> sources;
  sources.reserve(paths.size());
  for (const auto& path : paths) sources.push_back(Source::path(path, InputFormat::Pgn));
  return sources;
}

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
bool keep_for_second_reading(std::string& name, const std::string& dir,
                             const std::atomic<bool>* stop, std::string& error) {
  const auto interrupted = [stop] { return stop && stop->load(); };
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

class KeyConsumer final : public BatchConsumer {
 public:
  KeyConsumer(DuplicateIndex& index, DedupeTotals& totals, DedupeSink& sink)
      : index_(index), totals_(totals), sink_(sink) {}
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
        sink_.not_compared(batch.file_index, game);
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
    sink_.progress(summary_, batch.file_index, batch.raw_offset);
  }
  void end_file(std::size_t index, const std::string&, const std::string& error,
                std::uint64_t games_read) override {
    if (error.empty()) return;
    ++totals_.files_failed;
    sink_.failed_input(index, error, games_read);
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
  std::vector<InputReading>* readings_ = nullptr;  // one per input
  std::FILE* places_file_ = nullptr;               // every game's GamePlace, in order

 private:
  static constexpr std::size_t kPlacesWritten = (1u << 20) / sizeof(GamePlace);
  std::vector<GamePlace> places_;
  DuplicateIndex& index_;
  DedupeTotals& totals_;
  DedupeSink& sink_;
  RunSummary summary_;  // for the progress
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
  PrefixConsumer(std::vector<Duplicate>& found, DedupeSink& sink) : found_(found), sink_(sink) {}
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
    sink_.progress(seen_, batch.file_index, batch.raw_offset);
  }

 private:
  std::vector<Duplicate>& found_;
  DedupeSink& sink_;
  RunSummary seen_;  // for the progress
  std::uint64_t ordinal_ = 0;
};

// Pass 2: nothing to do per game but to hand the batch on.
class PassWorker final : public BatchWorker {
 public:
  void process(GameBatch&) override {}
};

class WriteConsumer final : public BatchConsumer {
 public:
  WriteConsumer(DuplicateIndex& index, const std::vector<Duplicate>& prefixes, bool keep_copies,
                DedupeTotals& totals, DedupeSink& sink)
      : index_(index),
        prefixes_(prefixes),
        keep_copies_(keep_copies),
        totals_(totals),
        sink_(sink) {
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
    sink_.progress(seen_, file, offset);
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
      found.file = std::uint32_t(file);
      ++totals_.duplicates;
      ++totals_.by_kind[found.kind];
      sink_.duplicate(found);
      if (keep_copies_) append_game_as_read(text, copies_);
      if (copy) has_next_ = index_.next(next_);
    } else {
      ++totals_.written;
      append_game_as_read(text, kept_);
    }
    ++ordinal_;
    ++games_in_file;
  }
  void flush() {
    if (!kept_.empty()) sink_.kept(kept_);
    kept_.clear();
    if (!copies_.empty()) sink_.copies(copies_);
    copies_.clear();
  }
  std::size_t buffered() const { return kept_.size() + copies_.size(); }
  std::size_t file_index_ = 0;  // added to batch.file_index
  // Games of the file being read, to compare with the first reading.
  std::uint64_t games_in_file = 0;

 private:
  DuplicateIndex& index_;
  const std::vector<Duplicate>& prefixes_;  // in ordinal order
  std::size_t next_prefix_ = 0;
  bool keep_copies_;
  DedupeTotals& totals_;
  DedupeSink& sink_;
  Duplicate next_;
  bool has_next_ = false;
  std::uint64_t ordinal_ = 0;
  std::string kept_, copies_;
  RunSummary seen_;  // for the progress
};

// The second reading of an input whose games all have places: each game is taken from
// where the first reading found it, without cutting the input into games again.
bool copy_games(const std::string& path, std::size_t file, std::uint64_t games, std::FILE* places,
                const DedupeSettings& settings, WriteConsumer& writer, std::string& error) {
  PlacedGameReader reader;
  if (!reader.open(path, error)) return false;
  std::vector<GamePlace> batch(4096);
  for (std::uint64_t done = 0; done < games && !stopped(settings);) {
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

}  // namespace

DedupeTotals dedupe_files(const std::vector<std::string>& names, const DedupeSettings& settings,
                          DedupeSink& sink) {
  DedupeTotals totals;
  const DuplicateRules& rules = settings.rules;
  const std::string& temp_dir = settings.temp_dir;
  std::string error;
  // An input that can be read once only (standard input, a pipe, a process substitution)
  // is kept in an unnamed temporary file for the second reading, as it is read.
  std::vector<std::string> files = names;
  std::vector<InputReading> readings(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (read_once(files[i]) &&
        !keep_for_second_reading(files[i], temp_dir, settings.pipeline.stop, error)) {
      if (!error.empty()) sink.error(error);
      totals.not_started = error.empty() ? DedupeTotals::NotStarted::Stopped
                                         : DedupeTotals::NotStarted::InputNotKept;
      return totals;
    }
    readings[i].stamp = FileStamp::of(files[i]);
  }

  // With --prefix, a quarter of --memory goes to the 16-byte keys of whole games and the rest
  // to the 48-byte entries: both spill at the same number of games.
  const std::uint64_t prefix_memory = rules.prefix_min_plies ? settings.memory / 4 : 0;
  DuplicateIndex index(rules, settings.memory - prefix_memory, temp_dir);
  PrefixIndex finals(prefix_memory, temp_dir);
  sink.inputs(files);
  sink.readings(rules.prefix_min_plies ? 3 : 2);
  KeyConsumer keys(index, totals, sink);
  keys.readings_ = &readings;
  const int places_fd = unnamed_temp_file(temp_dir, "pgn-dedupe-places");
  std::FILE* places = places_fd < 0 ? nullptr : ::fdopen(places_fd, "w+b");
  if (!places) {
    sink.error("cannot make a temporary file in " + temp_dir + ": " + std::strerror(errno));
    totals.not_started = DedupeTotals::NotStarted::NoTempFile;
    return totals;
  }
  keys.places_file_ = places;
  if (rules.prefix_min_plies) keys.finals_ = &finals;
  // The first reading needs no beginnings' keys: those come with the prefix pass.
  DuplicateRules whole_games = rules;
  whole_games.prefix_min_plies = 0;
  run_pipeline(
      pgn_sources(files), settings.pipeline,
      [&] { return std::make_unique<KeyWorker>(whole_games, settings.validate); }, keys);
  keys.write_places();
  error = keys.error();
  if (error.empty() && !stopped(settings) && !totals.files_failed) index.finish(error);
  bool complete = error.empty() && !stopped(settings) && !totals.files_failed;
  if (!error.empty()) sink.error(error);
  std::vector<Duplicate> prefixes;
  if (complete && rules.prefix_min_plies) {
    // Each copy's key is in one group only, so its hits all come from one pass, in input order.
    complete = finals.finish(error);
    sink.readings(2 + finals.groups());
    for (std::size_t group = 0; complete && group < finals.groups(); ++group) {
      complete = finals.load(group, error);
      if (!complete) break;
      sink.begin_reading(1 + group);
      PrefixConsumer found(prefixes, sink);
      run_pipeline(
          pgn_sources(files), settings.pipeline,
          [&] { return std::make_unique<PrefixWorker>(rules, settings.validate, finals); }, found);
      ++totals.prefix_passes;
      complete = !stopped(settings);
    }
    if (!error.empty()) sink.error(error);
    // One report per truncated copy: the first longer game found.
    std::stable_sort(prefixes.begin(), prefixes.end(),
                     [](const Duplicate& a, const Duplicate& b) { return a.ordinal < b.ordinal; });
    prefixes.erase(
        std::unique(prefixes.begin(), prefixes.end(),
                    [](const Duplicate& a, const Duplicate& b) { return a.ordinal == b.ordinal; }),
        prefixes.end());
    complete = complete && !stopped(settings);
  }
  totals.not_reached = totals.games;  // by the second reading
  if (complete) {
    DedupeTotals written;
    WriteConsumer writer(index, prefixes, settings.keep_copies, written, sink);
    sink.begin_reading(1 + totals.prefix_passes);
    PipelineOptions second = settings.pipeline;
    second.threads = 1;
    if (std::fflush(places) != 0 || std::fseek(places, 0, SEEK_SET) != 0) {
      error = std::string("cannot read a temporary file: ") + std::strerror(errno);
      complete = false;
    }
    for (std::size_t file = 0; complete && file < files.size() && !stopped(settings); ++file) {
      writer.games_in_file = 0;
      if (readings[file].placed && PlacedGameReader::readable_in_place(files[file])) {
        complete =
            copy_games(files[file], file, readings[file].games, places, settings, writer, error);
      } else {
        // Cut into games again (compressed, cut games): one file at a time.
        if (std::fseek(places, long(readings[file].games * sizeof(GamePlace)), SEEK_CUR) != 0) {
          error = std::string("cannot read a temporary file: ") + std::strerror(errno);
          complete = false;
          break;
        }
        writer.file_index_ = file;
        run_pipeline(
            pgn_sources({files[file]}), second, [] { return std::make_unique<PassWorker>(); },
            writer);
      }
      if (!complete || stopped(settings)) break;
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
    if (!error.empty()) sink.error(error);
    totals.written = written.written;
    totals.duplicates = written.duplicates;
    totals.not_reached -= written.written + written.duplicates;
    std::copy(std::begin(written.by_kind), std::end(written.by_kind), std::begin(totals.by_kind));
    complete = complete && !stopped(settings);
  }
  std::fclose(places);
  totals.complete = complete;
  totals.index_spilled = index.spilled();
  totals.index_partitions = index.partitions();
  totals.prefix_spilled = finals.spilled();
  return totals;
}

}  // namespace pgn
