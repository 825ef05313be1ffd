// Throughput of the reading layer alone: bytes in, split into games, parsed into events
// (with a visitor that only counts), no move replay.
//
//   reader-throughput [file...]    (default: the corpora of shared/bench/make-bench-corpora)
//
// Each file is measured three ways, best of several runs: read (InputSource only), split
// (GameSplitter), and split + parse_game. MB/s are of decompressed bytes (1 MB = 10^6 B).
#include <algorithm>
#include <chrono>
#include <cstdio>
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

struct Run {
  double seconds = 0;
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
  std::printf("%-34s %-12s %9s %9s %12s %10s\n", "file", "stage", "MB", "games", "events", "MB/s");
  for (const std::string& file : files) {
    for (Stage stage : {Stage::Read, Stage::Split, Stage::Parse}) {
      Run best;
      best.seconds = 1e30;
      for (int attempt = 0; attempt < 3; ++attempt) {
        Run run;
        if (!measure(file, stage, run)) return 2;
        if (run.seconds < best.seconds) best = run;
      }
      const std::string name = file.substr(file.find_last_of('/') + 1);
      std::printf("%-34s %-12s %9.1f %9llu %12llu %10.0f\n", name.c_str(),
                  stage_names[static_cast<int>(stage)], best.bytes / 1e6,
                  static_cast<unsigned long long>(best.games),
                  static_cast<unsigned long long>(best.events), best.bytes / 1e6 / best.seconds);
    }
  }
  return 0;
}
