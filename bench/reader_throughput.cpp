// Throughput of the reading layer alone: bytes in, split into games, parsed into events
// (with a visitor that only counts), no move replay.
//
//   reader-throughput [file...]    (default: the corpora of shared/bench/make-bench-corpora)
//
// Each file is measured three ways, best of several runs: read (InputSource only), split
// (GameSplitter), and split + parse_game. MB/s are of decompressed bytes (1 MB = 10^6 B),
// by wall time and by the process's CPU time (steadier on a busy machine).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "libpgn/reader.hpp"

namespace {

struct CountingVisitor : pgn::Visitor {
  std::uint64_t events = 0;
  pgn::Control tag(std::string_view, std::string_view, pgn::TextPos) override {
    ++events;
    return pgn::Control::Continue;
  }
  pgn::Control move(std::string_view, pgn::TextPos) override {
    ++events;
    return pgn::Control::Continue;
  }
  void comment(std::string_view, pgn::TextPos) override { ++events; }
  void nag(int, pgn::TextPos) override { ++events; }
  void result(std::string_view, pgn::TextPos) override { ++events; }
  void syntax_error(std::string_view, pgn::TextPos) override { ++events; }
};

double cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

struct Run {
  double seconds = 0;
  double cpu = 0;
  std::uint64_t bytes = 0;
  std::uint64_t games = 0;
  std::uint64_t events = 0;
};

enum class Stage { Read, Split, Parse };

bool measure(const std::string& path, Stage stage, Run& run) {
  std::string error;
  std::unique_ptr<pgn::InputSource> source = pgn::InputSource::open(path, error);
  if (!source) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return false;
  }
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = cpu_seconds();
  run = Run{};
  if (stage == Stage::Read) {
    std::vector<char> buffer(1u << 20);
    while (std::size_t n = source->read(buffer.data(), buffer.size())) run.bytes += n;
  } else {
    pgn::GameSplitter splitter(*source);
    pgn::RawGame game;
    CountingVisitor visitor;
    while (splitter.next(game)) {
      ++run.games;
      run.bytes += game.original_size;
      if (stage == Stage::Parse) pgn::parse_game(game, visitor);
    }
    run.events = visitor.events;
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.cpu = cpu_seconds() - cpu_start;
  if (!source->error().empty()) std::fprintf(stderr, "%s\n", source->error().c_str());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> files(argv + 1, argv + argc);
  if (files.empty()) {
    for (const char* name : {"lichess.pgn", "twic.pgn", "masters.pgn", "lichess.pgn.zst"}) {
      files.push_back(std::string("/tmp/libpgn-bench/") + name);
    }
  }
  const char* stage_names[] = {"read", "split", "split+parse"};
  std::printf("%-20s %-12s %7s %8s %10s %9s %9s\n", "file", "stage", "MB", "games", "events",
              "wall MB/s", "cpu MB/s");
  for (const std::string& file : files) {
    for (Stage stage : {Stage::Read, Stage::Split, Stage::Parse}) {
      Run best;
      best.seconds = best.cpu = 1e30;
      for (int attempt = 0; attempt < 3; ++attempt) {
        Run run;
        if (!measure(file, stage, run)) return 2;
        best.bytes = run.bytes, best.games = run.games, best.events = run.events;
        best.seconds = std::min(best.seconds, run.seconds);
        best.cpu = std::min(best.cpu, run.cpu);
      }
      const std::string name = file.substr(file.find_last_of('/') + 1);
      std::printf("%-20s %-12s %7.1f %8llu %10llu %9.0f %9.0f\n", name.c_str(),
                  stage_names[static_cast<int>(stage)], best.bytes / 1e6,
                  static_cast<unsigned long long>(best.games),
                  static_cast<unsigned long long>(best.events), best.bytes / 1e6 / best.seconds,
                  best.bytes / 1e6 / best.cpu);
    }
  }
  return 0;
}
