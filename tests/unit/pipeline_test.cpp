// run_pipeline over every kind of Source: files, bytes in memory, a reading function; PGN and
// JSON told apart by content once, in the pipeline; errors of a source reported at its end.
// The worker and the consumer the commands share: ValidatingWorker and SummaryConsumer.
#include "libpgn/pipeline.hpp"

#include <gtest/gtest.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "check/severity_rules.hpp"
#include "libpgn/source.hpp"
#include "libpgn/validator.hpp"

namespace pgn {
namespace {

constexpr std::string_view kTwoGames =
    "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
    "[Event \"b\"]\n[Result \"*\"]\n\n1. d4 d5 *\n";

constexpr std::string_view kTwoRecords =
    "{\"tags\":{\"Event\":\"a\",\"Result\":\"*\"},\"moves\":[\"e4\",\"e5\"],\"result\":\"*\"}\n"
    "{\"moves\":\"d4 d5 c4\",\"winner\":\"white\",\"status\":\"resign\"}\n";

struct FileSeen {
  std::string name;
  std::uint64_t games = 0, errors = 0, plies = 0;
  std::string error;
  std::uint64_t games_read = 0;
  std::vector<std::string> texts;
  std::vector<Diagnostic> problems;  // unreadable records and the games' problems, in order
};

class RecordingConsumer final : public BatchConsumer {
 public:
  std::vector<FileSeen> files;

  void begin_file(std::size_t index, const std::string& name) override {
    EXPECT_EQ(index, files.size());
    files.emplace_back();
    files.back().name = name;
  }
  void batch(GameBatch& batch) override {
    FileSeen& f = files.at(batch.file_index);
    EXPECT_EQ(*batch.file_name, f.name);
    f.problems.insert(f.problems.end(), batch.unreadable.begin(), batch.unreadable.end());
    for (std::size_t i = 0; i < batch.games.size(); ++i) {
      const auto& problems = batch.reports[i].problems;
      f.problems.insert(f.problems.end(), problems.begin(), problems.end());
      ++f.games;
      f.errors += batch.reports[i].errors;
      f.plies += batch.reports[i].plies;
      f.texts.emplace_back(batch.games[i].text);
    }
  }
  void end_file(std::size_t index, const std::string& name, const std::string& error,
                std::uint64_t games_read) override {
    FileSeen& f = files.at(index);
    EXPECT_EQ(name, f.name);
    f.error = error;
    f.games_read = games_read;
  }
};

std::vector<FileSeen> run(const std::vector<Source>& sources, unsigned threads = 1,
                          std::size_t batch_bytes = 1u << 20) {
  PipelineOptions options;
  options.threads = threads;
  options.batch_bytes = batch_bytes;
  RecordingConsumer consumer;
  const ValidateOptions validate;
  run_pipeline(
      sources, options, [&] { return std::make_unique<ValidatingWorker>(validate); }, consumer);
  return consumer.files;
}

// A reader that hands out `bytes` a few at a time, as a pipe or a Python file object may.
ByteReader trickle(std::string bytes, std::size_t step) {
  auto pos = std::make_shared<std::size_t>(0);
  return [bytes = std::move(bytes), step, pos](char* buffer, std::size_t size, std::string&) {
    const std::size_t n = std::min({size, step, bytes.size() - *pos});
    std::copy_n(bytes.data() + *pos, n, buffer);
    *pos += n;
    return n;
  };
}

extern "C" void ignore_signal(int) {}

// A pipe whose writer keeps it open after two games: a stop request, with the signal that
// interrupts the waiting read (as SIGINT does in the command line), ends the input there.
TEST(Pipeline, AStopRequestEndsAPipeThatWaitsForInput) {
  struct sigaction action {};
  action.sa_handler = ignore_signal;  // no SA_RESTART: the waiting read returns EINTR
  sigemptyset(&action.sa_mask);
  struct sigaction saved {};
  ASSERT_EQ(::sigaction(SIGUSR1, &action, &saved), 0);
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  ASSERT_EQ(::write(ends[1], kTwoGames.data(), kTwoGames.size()),
            static_cast<ssize_t>(kTwoGames.size()));
  std::atomic<bool> stop{false};
  PipelineOptions options;
  options.threads = 1;
  options.stop = &stop;
  RecordingConsumer consumer;
  const ValidateOptions validate;
  std::promise<pthread_t> reading_thread;
  auto ran = std::async(std::launch::async, [&] {
    reading_thread.set_value(::pthread_self());
    run_pipeline(
        {Source::path("/dev/fd/" + std::to_string(ends[0]))}, options,
        [&] { return std::make_unique<ValidatingWorker>(validate); }, consumer);
  });
  const pthread_t reader = reading_thread.get_future().get();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the read is waiting
  stop = true;
  ::pthread_kill(reader, SIGUSR1);
  const bool ended = ran.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
  ::close(ends[1]);  // lets a run that missed the request end, so that the test can fail
  ran.wait();
  ::close(ends[0]);
  ::sigaction(SIGUSR1, &saved, nullptr);
  EXPECT_TRUE(ended) << "the run went on waiting for input after the stop request";
  ASSERT_EQ(consumer.files.size(), 1u);
  EXPECT_EQ(consumer.files[0].games, 2u);  // the games read before the request are kept
  EXPECT_EQ(consumer.files[0].error, "");
}

TEST(Pipeline, BytesInMemoryAreReadLikeAFile) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("libpgn-pipeline-" + std::to_string(::getpid()) + ".pgn");
  std::ofstream(path, std::ios::binary) << kTwoGames;
  const auto seen =
      run({Source::path(path.string()), Source::bytes("memory.pgn", std::string(kTwoGames))});
  std::filesystem::remove(path);
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[1].name, "memory.pgn");
  for (const FileSeen& f : seen) {
    EXPECT_EQ(f.games, 2u);
    EXPECT_EQ(f.plies, 9u);
    EXPECT_EQ(f.errors, 0u);
    EXPECT_EQ(f.error, "");
  }
  EXPECT_EQ(seen[0].texts, seen[1].texts);
}

TEST(Pipeline, JsonIsDetectedOnceWhateverTheSource) {
  const auto seen = run({Source::bytes("games.jsonl", std::string(kTwoRecords)),
                         Source::reader("reader.jsonl", trickle(std::string(kTwoRecords), 1))});
  ASSERT_EQ(seen.size(), 2u);
  for (const FileSeen& f : seen) {
    EXPECT_EQ(f.games, 2u) << f.name;
    EXPECT_EQ(f.plies, 5u) << f.name;
    EXPECT_EQ(f.errors, 0u) << f.name;
    EXPECT_EQ(f.error, "") << f.name;
  }
  // The second record is a lichess export: its tags are made from its fields.
  ASSERT_EQ(seen[0].texts.size(), 2u);
  EXPECT_NE(seen[0].texts[1].find("[Result \"1-0\"]"), std::string::npos);
}

TEST(Pipeline, AFormatGivenIsNotSecondGuessed) {
  // Forced PGN: the JSON text is read as (bad) movetext, not decoded.
  const auto as_pgn = run({Source::bytes("x", std::string(kTwoRecords), InputFormat::Pgn)});
  ASSERT_EQ(as_pgn.size(), 1u);
  EXPECT_GT(as_pgn[0].errors, 0u);
  // Forced JSON: a PGN file is no JSON, and the error says so.
  const auto as_json = run({Source::bytes("y", std::string(kTwoGames), InputFormat::Json)});
  ASSERT_EQ(as_json.size(), 1u);
  EXPECT_EQ(as_json[0].games, 0u);
  EXPECT_NE(as_json[0].error.find("expected a JSON object"), std::string::npos) << as_json[0].error;
}

TEST(Pipeline, AReaderFaultEndsItsSourceWithItsMessage) {
  std::size_t calls = 0;
  std::size_t offset = 0;
  const std::string text(kTwoGames);
  // Three chunks of at most 40 bytes (the last one short: the text is under 120), then a fault.
  ByteReader failing = [&](char* buffer, std::size_t size, std::string& error) -> std::size_t {
    if (++calls > 3) {
      error = "socket closed";
      return 0;
    }
    const std::size_t n = std::min({size, std::size_t{40}, text.size() - offset});
    std::copy_n(text.data() + offset, n, buffer);
    offset += n;
    return n;
  };
  const auto seen =
      run({Source::reader("net", failing), Source::bytes("next.pgn", std::string(kTwoGames))});
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].error, "socket closed");
  EXPECT_EQ(seen[1].games, 2u);  // the next source is read all the same
  EXPECT_EQ(seen[1].error, "");
}

TEST(Pipeline, AMissingFileIsReportedAndTheRunGoesOn) {
  const auto seen =
      run({Source::path("/nonexistent/x.pgn"), Source::bytes("m", std::string(kTwoGames))});
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].games, 0u);
  EXPECT_EQ(seen[0].error.rfind("cannot open /nonexistent/x.pgn: ", 0), 0u) << seen[0].error;
  EXPECT_EQ(seen[1].games, 2u);
}

TEST(Pipeline, JsonProblemsAreAtTheRecordAndABadRecordStopsNothing) {
  const std::string json =
      "[\n"
      "{\"tags\":{\"Result\":\"*\"},\"moves\":[\"e4\",\"Ke7\"],\"result\":\"*\"},\n"
      "{\"moves\": [1, },\n"
      "  {\"tags\":{\"Result\":\"*\"},\n   \"moves\":[\"d4\",\"d5\",\"Qd3\",\"Qd6\",\"Qd6\"],"
      "\"result\":\"*\"}\n]\n";
  ValidateOptions options;
  for (unsigned threads : {1u, 2u}) {
    const auto seen = run({Source::bytes("g.json", json)}, threads, 64);
    ASSERT_EQ(seen.size(), 1u);
    const FileSeen& f = seen[0];
    EXPECT_EQ(f.error, "");
    EXPECT_EQ(f.games, 2u);  // the broken record is no game, but the one after it is read
    std::vector<std::string> found;
    for (const Diagnostic& d : f.problems) {
      if (d.code == Code::MissingTag) continue;
      found.push_back(std::to_string(d.game) + ":" + std::to_string(d.line) + ":" +
                      std::to_string(d.column) + " " + d.message);
      EXPECT_EQ(d.source_line, "");
    }
    ASSERT_EQ(found.size(), 3u);
    EXPECT_EQ(found[0].rfind("1:2:1 illegal move 1...Ke7", 0), 0u) << found[0];
    EXPECT_NE(found[0].find("(JSON record 1, moves[1])"), std::string::npos) << found[0];
    EXPECT_EQ(found[1], "2:3:1 JSON record 2 cannot be read: not valid JSON: '}' closes a '['");
    EXPECT_EQ(found[2].rfind("3:4:3 illegal move 3.Qd6", 0), 0u) << found[2];
    EXPECT_NE(found[2].find("(JSON record 3, moves[4])"), std::string::npos) << found[2];
  }
}

TEST(Pipeline, ThreadsKeepInputOrderAcrossSources) {
  std::string many;
  for (int i = 0; i < 300; ++i) many += "[Round \"" + std::to_string(i) + "\"]\n\n1. e4 *\n\n";
  // A reader is a stream, read once: each run gets its own.
  auto sources = [&] {
    return std::vector<Source>{Source::bytes("a", many),
                               Source::bytes("b", std::string(kTwoRecords)),
                               Source::reader("c", trickle(many, 7))};
  };
  const auto one = run(sources(), 1, 200);
  const auto three = run(sources(), 3, 200);  // tiny batches: many in flight
  ASSERT_EQ(one.size(), 3u);
  ASSERT_EQ(three.size(), 3u);
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].texts, three[i].texts);
    EXPECT_EQ(one[i].games_read, one[i].games);
  }
  EXPECT_EQ(one[0].games, 300u);
  EXPECT_EQ(one[2].games, 300u);
}

// What a worker keeps of each game beyond its report, and what it adds at the batch's end:
// the hooks a command's worker (convert, the Python module) fills.
class PliesWorker final : public ValidatingWorker {
 public:
  explicit PliesWorker(const ValidateOptions& options) : ValidatingWorker(options) {}

 private:
  void begin_batch(GameBatch& batch) override { batch.output.clear(); }
  void validate(const RawGame& game, GameReport& report) override {
    validator_.validate(game, report, &record_);
  }
  void game(GameBatch& batch, std::size_t i) override {
    batch.output += std::to_string(batch.reports[i].plies) + " " + record_.tags.at(0).second + ";";
  }
  void end_batch(GameBatch& batch) override { batch.output += "|"; }

  GameRecord record_;
};

// Counts as `pgn validate` counts and keeps what it is told, in order.
class SummaryRecorder final : public SummaryConsumer {
 public:
  using SummaryConsumer::SummaryConsumer;
  std::vector<std::string> said;
  std::string output;

 private:
  void problem(const std::string& file, const Diagnostic& d) override {
    said.push_back("problem " + file + ": " + d.message);
  }
  void failed_input(const std::string& file, const Diagnostic& d) override {
    said.push_back("failed " + file + ": " + d.message);
  }
  void game(const std::string& file, GameReport& report) override {
    said.push_back("game " + file + " " + std::to_string(report.index));
  }
  void end_batch(GameBatch& batch) override { output += batch.output; }
  void input_done(std::size_t index, const std::string& error) override {
    said.push_back("done " + std::to_string(index) + (error.empty() ? "" : " with an error"));
  }
};

TEST(Pipeline, TheCommandsWorkerAndConsumerCountEveryInputOnce) {
  const std::string json =
      "[{\"tags\":{\"Event\":\"j\",\"Result\":\"*\"},\"moves\":[\"e4\"],\"result\":\"*\"},\n"
      "{\"moves\": [1, }]\n";
  for (unsigned threads : {1u, 3u}) {
    RunSummary summary;
    SummaryRecorder consumer(summary);
    PipelineOptions options;
    options.threads = threads;
    const ValidateOptions validate;
    run_pipeline(
        {Source::bytes("a.pgn", std::string(kTwoGames)), Source::path("/nonexistent/x.pgn"),
         Source::bytes("empty.pgn", "\n\n"), Source::bytes("j.json", json)},
        options, [&] { return std::make_unique<PliesWorker>(validate); }, consumer);
    EXPECT_EQ(summary.files, 4u);
    EXPECT_EQ(summary.files_failed, 1u);
    EXPECT_EQ(summary.games, 4u);  // two, none, none, one and a record that cannot be read
    EXPECT_EQ(summary.games_with_errors, 1u);
    EXPECT_EQ(summary.errors, 2u);  // the record and the missing file
    EXPECT_EQ(summary.by_code[int(Code::Io)], 1u);
    EXPECT_EQ(summary.by_code[int(Code::Syntax)], 2u);  // the record; "no games found"
    // An empty batch still passes the worker: the record that cannot be read opens it.
    EXPECT_EQ(consumer.output, "7 a;2 b;|1 j;||");
    ASSERT_EQ(consumer.said.size(), 10u);
    EXPECT_EQ(
        consumer.said[4].rfind("failed /nonexistent/x.pgn: cannot open /nonexistent/x.pgn", 0), 0u)
        << consumer.said[4];
    consumer.said[4] = "failed";
    const std::vector<std::string> said = {
        "game a.pgn 1",
        "game a.pgn 2",
        "done 0",
        "done 1 with an error",
        "failed",
        "problem empty.pgn: no games found",
        "done 2",
        "game j.json 1",
        "problem j.json: JSON record 2 cannot be read: not valid JSON: '}' closes a '['",
        "done 3"};
    EXPECT_EQ(consumer.said, said);
  }
}

// The severity rules, written once: strict mode makes every problem an error, ignored codes
// are not reported; the JSON records' notes follow them as the validator's problems do.
TEST(SeverityRules, StrictAndIgnoredCodesEverywhere) {
  std::array<bool, kCodeCount> ignored{};
  ignored[int(Code::MissingTag)] = true;
  const SeverityRules lenient(false, ignored), strict(true, ignored);
  EXPECT_TRUE(lenient.ignores(Code::MissingTag));
  EXPECT_FALSE(lenient.ignores(Code::BadTag));
  EXPECT_EQ(lenient.of(Code::IllegalMove), Severity::Error);
  EXPECT_EQ(lenient.of(Code::BadTag), code_info(Code::BadTag).default_severity);
  EXPECT_EQ(lenient.of_warning(), Severity::Warning);
  EXPECT_EQ(strict.of(Code::MissingTag), Severity::Error);
  EXPECT_EQ(strict.of_warning(), Severity::Error);
  GameReport report;
  SeverityRules::count(Severity::Warning, report);
  SeverityRules::count(Severity::Error, report);
  SeverityRules::count(Severity::Error, report);
  EXPECT_EQ(report.warnings, 1u);
  EXPECT_EQ(report.errors, 2u);

  // A record's tag that PGN cannot hold: a bad-tag warning, an error in strict mode, nothing
  // when bad-tag is ignored.
  const std::string record =
      "{\"tags\":{\"White Elo\":\"2700\",\"Result\":\"*\"},\"moves\":[\"e4\"],\"result\":\"*\"}\n";
  const auto bad_tags = [&](const ValidateOptions& validate) {
    RecordingConsumer consumer;
    run_pipeline(
        {Source::bytes("r.json", record)}, PipelineOptions{},
        [&] { return std::make_unique<ValidatingWorker>(validate); }, consumer);
    std::vector<Severity> found;
    for (const Diagnostic& d : consumer.files.at(0).problems)
      if (d.code == Code::BadTag) found.push_back(d.severity);
    return std::make_pair(found, consumer.files.at(0).errors);
  };
  ValidateOptions validate;
  validate.check_tags = false;
  EXPECT_EQ(bad_tags(validate), std::make_pair(std::vector<Severity>{Severity::Warning}, 0ul));
  validate.strict = true;
  EXPECT_EQ(bad_tags(validate), std::make_pair(std::vector<Severity>{Severity::Error}, 1ul));
  validate.ignored[int(Code::BadTag)] = true;
  EXPECT_EQ(bad_tags(validate), std::make_pair(std::vector<Severity>{}, 0ul));
}

// A worker that records which thread processed each batch, slowly enough that batches queue.
class ThreadNotingWorker final : public BatchWorker {
 public:
  ThreadNotingWorker(std::mutex& mutex, std::vector<std::thread::id>& threads)
      : mutex_(mutex), threads_(threads) {}
  void process(GameBatch& batch) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    batch.output = std::to_string(batch.games.size()) + ";";
    std::lock_guard lock(mutex_);
    threads_.push_back(std::this_thread::get_id());
  }

 private:
  std::mutex& mutex_;
  std::vector<std::thread::id>& threads_;
};

class OutputConsumer final : public BatchConsumer {
 public:
  std::string output;
  void batch(GameBatch& batch) override { output += batch.output; }
};

// With more than one thread the calling thread does not only read: when enough batches are
// queued for the worker threads it processes one itself, and where the threads asked for take
// every core no thread beyond them is started. The batches still reach the consumer in order.
TEST(Pipeline, TheCallingThreadProcessesBatchesWhenTheWorkersHaveEnough) {
  std::string text;
  for (int i = 0; i < 60; ++i) text += "[Event \"e\"]\n\n1. e4 *\n\n";
  const unsigned cores = std::thread::hardware_concurrency();
  for (unsigned threads : {2u, 3u}) {
    std::mutex mutex;
    std::vector<std::thread::id> processed_by;
    PipelineOptions options;
    options.threads = threads;
    options.batch_bytes = 64;  // a game or two per batch
    OutputConsumer consumer;
    run_pipeline(
        {Source::bytes("g.pgn", text)}, options,
        [&] { return std::make_unique<ThreadNotingWorker>(mutex, processed_by); }, consumer);
    std::string expected;
    std::size_t games = 0;
    for (std::size_t at = 0; at < consumer.output.size();) {
      const std::size_t end = consumer.output.find(';', at);
      games += std::stoul(consumer.output.substr(at, end - at));
      at = end + 1;
    }
    EXPECT_EQ(games, 60u) << threads;
    const auto here =
        std::count(processed_by.begin(), processed_by.end(), std::this_thread::get_id());
    EXPECT_GT(here, 0) << threads;
    std::vector<std::thread::id> distinct = processed_by;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    EXPECT_LE(distinct.size(), threads < cores ? threads + 1 : threads) << threads;
  }
}

}  // namespace
}  // namespace pgn
