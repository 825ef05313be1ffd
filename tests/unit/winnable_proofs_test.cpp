// Every static proof of unwinnability held against a search for a counterexample: wherever a
// proof says a side can never mate, a helpmate search of a few plies (both sides playing for
// that mate) must find none. The positions: the published test vector, the positions a
// search enters from them (random lines of play, each ply kept), and positions with one man
// taken off. The searches use these proofs on every position they enter, so one that claims
// too much hides mates from them (5kBR/b3pP1P/... w: g7# was pruned as a "pawn wall").
#include <random>

#include "analysis/blocked.hpp"
#include "analysis/lone_minor.hpp"
#include "winnable_vector.hpp"

namespace pgn::testing_winnable {
namespace {

struct StaticProof {
  const char* name;
  bool (*claims)(const Position&, Color);
};

const StaticProof kProofs[] = {
    {"insufficient material",
     [](const Position& pos, Color side) { return pos.has_insufficient_material(side); }},
    {"lone minor piece", analysis::lone_minor_cannot_mate},
    {"blocked wall", analysis::blocked_unwinnable},
    {"forming wall", analysis::forming_wall_unwinnable},
    // The screen's walk over every reachable position ("no-reachable-mate"), which prunes
    // with the proofs above.
    {"screen",
     [](const Position& pos, Color side) {
       static WinnabilityAnalyzer analyzer;
       return analyzer.screen(pos, side).verdict == Winnability::Unwinnable;
     }},
};

// Whether `side` can give mate within `plies` plies, the other side helping.
bool helpmate(Position& pos, Color side, int plies, std::uint64_t& nodes) {
  ++nodes;
  MoveList moves;
  generate_legal(pos, moves);
  if (moves.size == 0) return pos.side_to_move() != side && pos.in_check();
  if (plies == 0) return false;
  for (Move m : moves) {
    UndoInfo undo;
    pos.do_move(m, undo);
    const bool mate = helpmate(pos, side, plies - 1, nodes);
    pos.undo_move(m, undo);
    if (mate) return true;
  }
  return false;
}

struct Tally {
  int positions = 0, claims = 0;
  std::uint64_t nodes = 0;
};

// Checks every proof on `pos` for both sides; a claim refuted by a helpmate fails the test.
void check_claims(const Position& pos, int plies, const std::string& origin, Tally& tally) {
  ++tally.positions;
  for (Color side : {White, Black})
    for (const StaticProof& proof : kProofs) {
      if (!proof.claims(pos, side)) continue;
      ++tally.claims;
      Position search = pos;
      EXPECT_FALSE(helpmate(search, side, plies, tally.nodes))
          << proof.name << " says " << (side == White ? "white" : "black")
          << " can never mate, but a mate follows within " << plies << " plies: " << pos.fen()
          << " (" << origin << ")";
    }
}

// The position with the man on `s` taken off, if that leaves a legal position.
bool without_man(const Position& pos, Square s, Position& out) {
  const std::string fen = pos.fen();
  // The board field as 64 characters, rank 8 first, '.' for an empty square.
  std::string squares;
  for (char c : fen.substr(0, fen.find(' ')))
    if (c >= '1' && c <= '8')
      squares.append(std::size_t(c - '0'), '.');
    else if (c != '/')
      squares += c;
  squares[std::size_t((7 - rank_of(s)) * 8 + file_of(s))] = '.';
  std::string board;
  for (int row = 0; row < 8; ++row) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const char c = squares[std::size_t(row * 8 + file)];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) board += char('0' + empty), empty = 0;
      board += c;
    }
    if (empty) board += char('0' + empty);
    if (row < 7) board += '/';
  }
  const std::string side = pos.side_to_move() == White ? " w" : " b";
  FenResult parsed =
      Position::from_fen(board + side + " - - 0 1", Variant::Standard, false, FenMaterial::Any);
  if (!parsed.ok()) return false;
  out = parsed.position;
  return true;
}

TEST(WinnableProofs, TheReportedFalseProofIsGone) {
  // White mates at once with g7#; after g7 the pawn gives the check of a mate on the board.
  FenResult parsed = Position::from_fen("5kBR/b3pP1P/1p1pP1PP/1P1P4/5K2/8/8/1B6 w - - 1 12",
                                        Variant::Standard, false, FenMaterial::Any);
  ASSERT_TRUE(parsed.ok());
  Tally tally;
  MoveList moves;
  generate_legal(parsed.position, moves);
  for (Move m : moves) {
    Position after = parsed.position;
    after.play(m);
    check_claims(after, 0, "one move from the reported position", tally);
  }
  check_claims(parsed.position, 1, "the reported position", tally);
  WinnabilityAnalyzer analyzer;
  const WinnabilityResult r = analyzer.decide(parsed.position, White);
  ASSERT_EQ(r.verdict, Winnability::Winnable);
  EXPECT_TRUE(witness_mates(parsed.position, White, r.witness));
}

TEST(WinnableProofs, NoProofIsRefutedByAHelpmateNearTheTestVector) {
  const std::vector<VectorCase> cases = load_vector();
  ASSERT_GT(cases.size(), 800u);
  std::mt19937 random(20261127);
  Tally tally;
  for (const VectorCase& c : cases) {
    FenResult parsed = Position::from_fen(c.fen, Variant::Standard, false, FenMaterial::Any);
    ASSERT_TRUE(parsed.ok()) << c.fen;
    const std::string origin = "test vector line " + std::to_string(c.line);
    check_claims(parsed.position, 3, origin, tally);
    MoveList first;
    generate_legal(parsed.position, first);
    for (Move m : first) {
      Position after = parsed.position;
      after.play(m);
      check_claims(after, 2, origin + ", one move on", tally);
    }
    // Lines of play from the position: every position on them, as a search enters them.
    for (int line = 0; line < 8; ++line) {
      Position pos = parsed.position;
      for (int ply = 0; ply < 32; ++ply) {
        MoveList moves;
        generate_legal(pos, moves);
        if (moves.size == 0) break;
        pos.play(moves.moves[random() % moves.size]);
        check_claims(pos, 2, origin + ", a line of play", tally);
      }
    }
    // One man taken off: other material, other walls.
    for (Bitboard b = parsed.position.pieces() & ~parsed.position.pieces(King); b; b &= b - 1) {
      Position fewer;
      if (random() % 4 == 0 && without_man(parsed.position, Square(std::countr_zero(b)), fewer))
        check_claims(fewer, 2, origin + ", one man taken off", tally);
    }
  }
  std::printf("%d positions, %d claims checked, %llu helpmate nodes\n", tally.positions,
              tally.claims, static_cast<unsigned long long>(tally.nodes));
  EXPECT_GT(tally.claims, 1000);  // the proofs were exercised, not skipped
}

}  // namespace
}  // namespace pgn::testing_winnable
