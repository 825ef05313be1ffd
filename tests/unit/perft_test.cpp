// Perft at shallow depths: published leaf counts for positions chosen to exercise every rule
// (castling through and out of check, en passant with discovered checks, promotions, pins,
// Chess960 castling). Deep runs are in perft_slowtest.cpp.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "libpgn/position.hpp"

namespace pgn {
namespace {

struct PerftCase {
  const char* fen;
  bool chess960;
  // Published leaf counts: counts[d - 1] is perft(d), from depth 1 up; or, when only the
  // deepest count is published, just that one at `only_depth`.
  std::vector<std::uint64_t> counts;
  int only_depth = 0;
};

void PrintTo(const PerftCase& c, std::ostream* os) {
  *os << c.fen;
}

class PerftTest : public ::testing::TestWithParam<PerftCase> {};

TEST_P(PerftTest, MatchesPublishedCounts) {
  const PerftCase& c = GetParam();
  FenResult parsed = Position::from_fen(c.fen, c.chess960);
  ASSERT_TRUE(parsed.ok()) << parsed.message;
  Position pos = parsed.position;
  const std::string fen_before = pos.fen();
  if (c.only_depth) {
    EXPECT_EQ(perft(pos, c.only_depth), c.counts.at(0)) << "depth " << c.only_depth;
  } else {
    for (std::size_t depth = 1; depth <= c.counts.size(); ++depth)
      EXPECT_EQ(perft(pos, int(depth)), c.counts[depth - 1]) << "depth " << depth;
  }
  // perft must leave the position exactly as it found it.
  EXPECT_EQ(pos.fen(), fen_before);
  EXPECT_EQ(pos.key(), parsed.position.key());
}

// The standard perft suite of the Chess Programming Wiki ("Perft Results", positions 1-6).
INSTANTIATE_TEST_SUITE_P(
    Standard, PerftTest,
    ::testing::Values(
        PerftCase{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                  false,
                  {20, 400, 8902, 197281, 4865609}},
        PerftCase{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                  false,
                  {48, 2039, 97862, 4085603}},
        PerftCase{
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false, {14, 191, 2812, 43238, 674624}},
        PerftCase{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                  false,
                  {6, 264, 9467, 422333}},
        // Position 4 with colours reversed must count the same.
        PerftCase{"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
                  false,
                  {6, 264, 9467, 422333}},
        PerftCase{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                  false,
                  {44, 1486, 62379, 2103487}},
        PerftCase{"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
                  false,
                  {46, 2079, 89890, 3894594}}));

// Small positions that each isolate one hard case; their counts are widely published in
// move generator test suites.
INSTANTIATE_TEST_SUITE_P(
    Tricky, PerftTest,
    ::testing::Values(
        // En passant would expose the king along the rank.
        PerftCase{"3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", false, {1134888}, 6},
        PerftCase{"8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", false, {1015133}, 6},
        // En passant that gives check.
        PerftCase{"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", false, {1440467}, 6},
        // Castling that gives check.
        PerftCase{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", false, {661072}, 6},
        PerftCase{"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", false, {803711}, 6},
        // Castling rights lost by rook captures; castling through attacked squares.
        PerftCase{"r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", false, {1274206}, 4},
        PerftCase{"r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", false, {1720476}, 4},
        // Promotions, under-promotions and promotion with check.
        PerftCase{"2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", false, {3821001}, 6},
        PerftCase{"4k3/1P6/8/8/8/8/K7/8 w - - 0 1", false, {217342}, 6},
        PerftCase{"8/P1k5/K7/8/8/8/8/8 w - - 0 1", false, {92683}, 6},
        PerftCase{"K1k5/8/P7/8/8/8/8/8 w - - 0 1", false, {2217}, 6},
        PerftCase{"8/k1P5/8/1K6/8/8/8/8 w - - 0 1", false, {567584}, 7},
        // Double check and discovered check.
        PerftCase{"8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", false, {23527}, 4},
        PerftCase{"8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", false, {1004658}, 5}));

// Chess960 positions with their published counts (the "fischer" perft suite of Chess960
// move generators; castling given in Shredder-FEN).
INSTANTIATE_TEST_SUITE_P(
    Chess960, PerftTest,
    ::testing::Values(PerftCase{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                                true,
                                {21, 528, 12189, 326672}},
                      PerftCase{"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
                                true,
                                {21, 807, 18002, 667366}},
                      PerftCase{"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
                                true,
                                {20, 479, 10471, 273318}},
                      PerftCase{"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
                                true,
                                {22, 593, 13440, 382958}},
                      PerftCase{"bnqnrbkr/1pp2pp1/p7/3pP2p/4P1P1/8/PPPP3P/BNQNRBKR w HEhe d6 0 9",
                                true,
                                {31, 984, 28677, 962591}},
                      PerftCase{"nqn2krb/p1prpppp/1pbp4/7P/5P2/8/PPPPPKP1/NQNRB1RB w g - 3 9",
                                true,
                                {21, 461, 10608, 248069}},
                      PerftCase{"nnrkrbbq/pppp2pp/8/4pp2/4P3/P7/1PPPBPPP/NNKRR1BQ w c - 0 9",
                                true,
                                {25, 792, 19883, 636041}},
                      PerftCase{"n1rk1qbb/pppprpp1/2n4p/4p3/2PP3P/8/PP2PPP1/NNRKRQBB w ECc - 1 9",
                                true,
                                {25, 622, 16031, 425247}},
                      PerftCase{"nnr1qrbb/p2kpppp/1p1p4/2p5/6P1/PP1P4/2P1PP1P/NNRKQRBB w FC - 0 9",
                                true,
                                {27, 604, 17043, 409665}},
                      PerftCase{"nnrkbbrq/1pp2p1p/p2pp1p1/2P5/8/8/PP1PPPPP/NNRKBBRQ w Ggc - 0 9",
                                true,
                                {24, 762, 19283, 624598}}));

TEST(Perft, DepthZeroIsOneNode) {
  Position pos;
  EXPECT_EQ(perft(pos, 0), 1u);
}

TEST(Perft, MatedAndStalematedPositionsHaveNoChildren) {
  FenResult mate =
      Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  ASSERT_TRUE(mate.ok());
  EXPECT_EQ(perft(mate.position, 1), 0u);
  EXPECT_EQ(perft(mate.position, 3), 0u);
  FenResult stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  ASSERT_TRUE(stalemate.ok());
  EXPECT_EQ(perft(stalemate.position, 2), 0u);
}

}  // namespace
}  // namespace pgn
