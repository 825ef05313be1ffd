// CPU time of a C++ program iterating pgn::Games (libpgn/games.hpp) with one worker thread,
// touching each game's tags and each move's SAN: the reading API's cost, to compare with
// `pgn validate --threads 1` on the same file (bench/python-vs-validate measures Python's).
// With --positions it also walks each main line with a MainLineCursor and reads each position's
// key: what `pgn select`'s position conditions and `pgn dedupe`'s keys would cost on the
// reading API (docs/architecture.md, "Why select and dedupe read through main_line.hpp").
//
//   games-loop [--positions] FILE...
#include <cstdint>
#include <cstdio>
#include <cstring>
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
  const bool positions = argc > 1 && std::strcmp(argv[1], "--positions") == 0;
  for (int i = positions ? 2 : 1; i < argc; ++i) {
    const double start = cpu_seconds();
    std::size_t games = 0, tag_bytes = 0, san_bytes = 0;
    std::uint64_t keys = 0;
    pgn::Games reader(argv[i]);
    for (const pgn::PlayedGame& game : reader) {
      ++games;
      for (const pgn::TagPair tag : game.tags()) tag_bytes += tag.name.size() + tag.value.size();
      for (const pgn::PlayedMove& move : game.moves) san_bytes += move.san.size();
      if (!positions) continue;
      for (pgn::MainLineCursor cursor(game); !cursor.at_end(); cursor.advance())
        keys ^= cursor.board().key();
    }
    if (!reader.error().empty()) {
      std::fprintf(stderr, "%s\n", reader.error().c_str());
      return 1;
    }
    std::printf("%s: %zu games, %zu tag bytes, %zu SAN bytes, keys %016llx, %.2f s CPU\n", argv[i],
                games, tag_bytes, san_bytes, static_cast<unsigned long long>(keys),
                cpu_seconds() - start);
  }
}
