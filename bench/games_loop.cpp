// CPU time of a C++ program iterating pgn::Games (libpgn/games.hpp) with one worker thread,
// touching each game's tags and each move's SAN: the reading API's cost, to compare with
// `pgn validate --threads 1` on the same file (bench/python-vs-validate measures Python's).
//
//   games-loop FILE...
#include <cstdio>
#include <ctime>
#include <string>

#include "libpgn/games.hpp"

namespace {

double cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const double start = cpu_seconds();
    std::size_t games = 0, tag_bytes = 0, san_bytes = 0;
    pgn::Games reader(argv[i]);
    for (const pgn::PlayedGame& game : reader) {
      ++games;
      for (const auto& [name, value] : game.tags) tag_bytes += name.size() + value.size();
      for (const pgn::PlayedMove& move : game.moves) san_bytes += move.san.size();
    }
    if (!reader.error().empty()) {
      std::fprintf(stderr, "%s\n", reader.error().c_str());
      return 1;
    }
    std::printf("%s: %zu games, %zu tag bytes, %zu SAN bytes, %.2f s CPU\n", argv[i], games,
                tag_bytes, san_bytes, cpu_seconds() - start);
  }
}
