// The published perft suites in the shared data (perft/*.perft, python-chess's files): each
// block is `id NAME`, `epd FEN` (EPD plus the variant's own fields), `perft DEPTH NODES`.
// The variant of a file comes from its name; chess960.perft is read as Chess960. A position
// whose castling field only Chess960 explains (atomic960-*) is given as it is: from_fen
// reads it as Chess960 itself.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "libpgn/position.hpp"
#include "libpgn/variant.hpp"

namespace pgn::test {

struct PerftEntry {
  std::string file, id, epd;
  Variant variant;
  bool chess960;
  int depth;
  std::uint64_t nodes;
};

inline std::filesystem::path shared_perft_dir() {
  // The build names the shared folder (tests/CMakeLists.txt); the environment may override it.
  const char* shared = std::getenv("LIBPGN_SHARED_DIR");
  return std::filesystem::path(shared ? shared : LIBPGN_SHARED_DIR) / "perft";
}

inline Variant variant_of_suite(const std::string& stem) {
  if (stem == "3check") return Variant::ThreeCheck;
  if (stem == "atomic") return Variant::Atomic;
  if (stem == "crazyhouse") return Variant::Crazyhouse;
  if (stem == "giveaway") return Variant::Antichess;
  if (stem == "horde") return Variant::Horde;
  if (stem == "racingkings") return Variant::RacingKings;
  if (stem == "kingofthehill") return Variant::KingOfTheHill;
  return Variant::Standard;
}

// Every entry of every suite file; a file of unknown rules fails the test that reads it.
inline std::vector<PerftEntry> read_perft_suites() {
  std::vector<PerftEntry> entries;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(shared_perft_dir()))
    if (e.path().extension() == ".perft") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    std::ifstream in(path);
    std::string line, id, epd, stem = path.stem().string();
    while (std::getline(in, line)) {
      if (line.rfind("id ", 0) == 0) {
        id = line.substr(3);
      } else if (line.rfind("epd ", 0) == 0) {
        epd = line.substr(4);
      } else if (line.rfind("perft ", 0) == 0) {
        PerftEntry entry{stem, id, epd, variant_of_suite(stem), stem == "chess960", 0, 0};
        std::size_t space = line.find(' ', 6);
        entry.depth = std::stoi(line.substr(6, space - 6));
        entry.nodes = std::stoull(line.substr(space + 1));
        entries.push_back(std::move(entry));
      }
    }
  }
  return entries;
}

// Counts one entry's nodes, or fails with the reason the position was refused.
inline void expect_perft(const PerftEntry& e) {
  FenResult parsed = Position::from_fen(e.epd, e.variant, e.chess960);
  ASSERT_TRUE(parsed.ok()) << e.file << " " << e.id << ": " << fen_error_code(parsed.error) << ": "
                           << parsed.message;
  EXPECT_EQ(rules_for(parsed.position.variant()).perft(parsed.position, e.depth), e.nodes)
      << e.file << " " << e.id << " depth " << e.depth << " (" << e.epd << ")";
}

// The unit test takes the small entries; the slow test the rest up to kSlowLimit nodes.
// Variant suites are small enough to take whole below that limit; the standard suites hold
// 4.8 trillion nodes in their deepest entries, hours of counting, so entries over the limit
// are left to perft_slowtest's deep published counts.
constexpr std::uint64_t kVariantUnitLimit = 2'000'000;
constexpr std::uint64_t kStandardUnitLimit = 100'000;
constexpr std::uint64_t kSlowLimit = 20'000'000;

inline bool in_unit_test(const PerftEntry& e) {
  return e.nodes <= (e.variant == Variant::Standard ? kStandardUnitLimit : kVariantUnitLimit);
}

}  // namespace pgn::test
