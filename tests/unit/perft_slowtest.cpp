// Deep perft: billions of move generations against published counts. Any rule error, however
// rare the position that triggers it, shows up here.
#include <gtest/gtest.h>

#include <cstdint>

#include "libpgn/position.hpp"

namespace pgn {
namespace {

struct DeepCase {
  const char* name;
  const char* fen;
  bool chess960;
  int depth;
  std::uint64_t nodes;
};

void PrintTo(const DeepCase& c, std::ostream* os) {
  *os << c.name;
}

class DeepPerft : public ::testing::TestWithParam<DeepCase> {};

TEST_P(DeepPerft, MatchesPublishedCount) {
  const DeepCase& c = GetParam();
  FenResult parsed = Position::from_fen(c.fen, c.chess960);
  ASSERT_TRUE(parsed.ok()) << parsed.message;
  EXPECT_EQ(perft(parsed.position, c.depth), c.nodes);
}

// Chess Programming Wiki, "Perft Results".
INSTANTIATE_TEST_SUITE_P(
    Standard, DeepPerft,
    ::testing::Values(
        DeepCase{"StartDepth6", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false,
                 6, 119060324},
        DeepCase{"KiwipeteDepth5",
                 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false, 5,
                 193690690},
        DeepCase{"Position3Depth7", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false, 7,
                 178633661},
        DeepCase{"Position4Depth6",
                 "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false, 6,
                 706045033},
        DeepCase{"Position5Depth5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                 false, 5, 89941194},
        DeepCase{"Position6Depth6",
                 "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", false,
                 6, 6923051137}),
    [](const auto& info) { return std::string(info.param.name); });

// Published Chess960 counts (the "fischer" suite used by Chess960 move generators).
INSTANTIATE_TEST_SUITE_P(
    Chess960, DeepPerft,
    ::testing::Values(
        DeepCase{"Fischer0", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                 true, 6, 227689589},
        DeepCase{"Fischer2", "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", true, 6,
                 177654692},
        DeepCase{"Fischer3", "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", true,
                 6, 274103539},
        DeepCase{"EnPassantField",
                 "bnqnrbkr/1pp2pp1/p7/3pP2p/4P1P1/8/PPPP3P/BNQNRBKR w HEhe d6 0 9", true, 6,
                 1008880643},
        DeepCase{"KingOnC1", "nnrkrbbq/pppp2pp/8/4pp2/4P3/P7/1PPPBPPP/NNKRR1BQ w c - 0 9", true, 6,
                 532214177},
        DeepCase{"KingAndRookAdjacent",
                 "n1rk1qbb/pppprpp1/2n4p/4p3/2PP3P/8/PP2PPP1/NNRKRQBB w ECc - 1 9", true, 6,
                 321855685},
        DeepCase{"RookStaysOnD1",
                 "nb1r1nkr/ppp1ppp1/2bp4/7p/3P2qP/P6R/1PP1PPP1/NBQRBNK1 w Dhd - 1 9", true, 5,
                 88557078}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace pgn
