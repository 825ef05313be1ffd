// CPU time of a C++ program reading every main line through a pgn::MainLineVisitor
// (libpgn/main_line.hpp), touching each tag, each move's token and each board's key: the
// public main-line reader's cost, hooks called through the vtable, to compare with games-loop
// --positions (the same boards from the full game model) and with `pgn validate --threads 1`
// (docs/architecture.md, "Why select and dedupe read through main_line.hpp").
//
//   main-line-loop FILE...
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <string>

#include "libpgn/main_line.hpp"

namespace {

double cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

class Touch final : public pgn::MainLineVisitor {
 public:
  std::size_t games = 0, complete = 0, tag_bytes = 0, san_bytes = 0;
  std::uint64_t keys = 0;
  bool tag(std::string_view name, std::string_view value) override {
    tag_bytes += name.size() + value.size();
    return true;
  }
  bool move(const pgn::Position& board, pgn::Move, std::string_view san) override {
    san_bytes += san.size();
    keys ^= board.key();
    return true;
  }
  void end_game(const pgn::MainLineEnd& end) override {
    ++games;
    complete += end.status == pgn::MainLineStatus::Complete;
  }
};

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const double start = cpu_seconds();
    Touch touch;
    const std::string error = pgn::read_main_lines(pgn::Source::path(argv[i]), touch);
    if (!error.empty()) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return 1;
    }
    std::printf(
        "%s: %zu games (%zu read whole), %zu tag bytes, %zu SAN bytes, keys %016llx, %.2f s CPU\n",
        argv[i], touch.games, touch.complete, touch.tag_bytes, touch.san_bytes,
        static_cast<unsigned long long>(touch.keys), cpu_seconds() - start);
  }
}
