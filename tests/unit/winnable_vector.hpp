// The published unwinnability test vector (shared/unwinnability/test-vector.txt) and the
// independent checks every answer on it must pass; used by winnable_test and
// winnable_slowtest.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "libpgn/position.hpp"
#include "libpgn/winnable.hpp"

namespace pgn::testing_winnable {

struct VectorCase {
  int line = 0;
  std::string fen;
  bool winnable[2] = {false, false};  // published class: can White / Black still mate
};

inline std::string shared_dir() {
  const char* env = std::getenv("LIBPGN_SHARED_DIR");
  return env && *env ? env : LIBPGN_SHARED_DIR;
}

inline std::vector<VectorCase> load_vector() {
  std::vector<VectorCase> cases;
  std::ifstream in(shared_dir() + "/unwinnability/test-vector.txt");
  std::string text;
  int line = 0;
  while (std::getline(in, text)) {
    ++line;
    if (text.empty() || text[0] == '#') continue;
    VectorCase c;
    c.line = line;
    c.winnable[White] = text.at(0) == 'W';
    c.winnable[Black] = text.at(1) == 'B';
    c.fen = text.substr(3);
    cases.push_back(c);
  }
  return cases;
}

// Independent replay of a witness: each move must be among the legal moves generated in the
// position reached so far, and the last must leave `side`'s opponent mated.
inline bool witness_mates(const Position& start, Color side, const std::vector<Move>& moves) {
  Position pos = start;
  for (Move m : moves) {
    MoveList legal;
    generate_legal(pos, legal);
    bool found = false;
    for (Move l : legal) found |= l == m;
    if (!found) return false;
    pos.play(m);
  }
  MoveList replies;
  generate_legal(pos, replies);
  return pos.side_to_move() == ~side && pos.in_check() && replies.size == 0;
}

struct VectorTally {
  int positions = 0, undetermined = 0, undetermined_material = 0;
};

// Decides both sides of one case and checks the answers; wrong answers fail the test.
inline void check_case(WinnabilityAnalyzer& analyzer, const VectorCase& c, VectorTally& tally) {
  FenResult parsed = Position::from_fen(c.fen, Variant::Standard, false, FenMaterial::Any);
  ASSERT_TRUE(parsed.ok()) << "line " << c.line << ": " << parsed.message;
  ++tally.positions;
  for (Color side : {White, Black}) {
    WinnabilityResult r = analyzer.decide(parsed.position, side);
    const char* who = side == White ? "white" : "black";
    switch (r.verdict) {
      case Winnability::Winnable:
        EXPECT_TRUE(c.winnable[side]) << "line " << c.line << " " << c.fen << ": " << who
                                      << " declared winnable, published unwinnable";
        EXPECT_TRUE(witness_mates(parsed.position, side, r.witness))
            << "line " << c.line << ": witness does not mate";
        break;
      case Winnability::Unwinnable:
        EXPECT_FALSE(c.winnable[side]) << "line " << c.line << " " << c.fen << ": " << who
                                       << " declared unwinnable, published winnable";
        break;
      case Winnability::Undetermined:
        ++tally.undetermined;
        // The material rules are decided before any search: never undetermined.
        if (parsed.position.has_insufficient_material(side)) ++tally.undetermined_material;
        std::printf("undetermined: line %d %s %s (%llu nodes)\n", c.line, who, c.fen.c_str(),
                    static_cast<unsigned long long>(r.nodes));
        break;
    }
  }
}

}  // namespace pgn::testing_winnable
