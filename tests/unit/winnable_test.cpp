// Unwinnability: the material and pawn-wall proofs, witnesses replayed to mate independently,
// the cheap screen, and every tenth position of the published test vector (all of it is in
// winnable_slowtest.cpp).
#include "analysis/stalemate.hpp"
#include "core/bitboard.hpp"
#include "winnable_vector.hpp"

namespace pgn::testing_winnable {
namespace {

Position fen(const char* text) {
  FenResult parsed = Position::from_fen(text, Variant::Standard, false, FenMaterial::Any);
  EXPECT_TRUE(parsed.ok()) << text << ": " << parsed.message;
  return parsed.position;
}

WinnabilityResult decide(const char* text, Color side) {
  WinnabilityAnalyzer analyzer;
  return analyzer.decide(fen(text), side);
}

void expect_unwinnable(const char* text, Color side, UnwinnableProof proof) {
  const WinnabilityResult r = decide(text, side);
  EXPECT_EQ(r.verdict, Winnability::Unwinnable) << text;
  EXPECT_EQ(r.proof, proof) << text << ": " << unwinnable_proof_code(r.proof);
  EXPECT_TRUE(r.witness.empty());
}

void expect_winnable(const char* text, Color side) {
  const WinnabilityResult r = decide(text, side);
  ASSERT_EQ(r.verdict, Winnability::Winnable) << text;
  EXPECT_TRUE(witness_mates(fen(text), side, r.witness)) << text;
}

// Both sides proved unable to mate by the pawn wall before any node is searched.
void expect_wall_for_both_without_search(const char* text) {
  for (Color side : {White, Black}) {
    const WinnabilityResult r = decide(text, side);
    EXPECT_EQ(r.verdict, Winnability::Unwinnable) << text;
    EXPECT_EQ(r.proof, UnwinnableProof::PawnWall) << text;
    EXPECT_EQ(r.nodes, 0u) << text;
  }
}

TEST(Winnable, MaterialAloneProvesTheClassicCases) {
  expect_unwinnable("4k3/8/8/8/8/8/8/4K3 w - -", White, UnwinnableProof::Material);
  expect_unwinnable("4k3/8/8/8/8/8/8/3NK3 w - -", White, UnwinnableProof::Material);
  expect_unwinnable("4k3/8/8/8/8/8/8/3BK3 b - -", White, UnwinnableProof::Material);
  // Bishops of one colour on both sides (c2, d1, g8: all light): nobody can mate.
  expect_unwinnable("4k1b1/8/8/8/8/8/2B5/3BK3 w - -", White, UnwinnableProof::Material);
  expect_unwinnable("4k1b1/8/8/8/8/8/2B5/3BK3 w - -", Black, UnwinnableProof::Material);
  // The lone king never mates, whatever the other side has.
  expect_unwinnable("rnbqkbnr/pppppppp/8/8/8/8/8/4K3 w kq -", White, UnwinnableProof::Material);
}

TEST(Winnable, HelpersOfTheMatedSideMakeMinorPiecesWinnable) {
  // A lone knight mates when the king's own men box it in; the search must find it.
  expect_winnable("7k/6pp/8/8/8/8/8/4K1N1 w - -", White);
  // A bishop against a knight: the knight blocks the corner.
  expect_winnable("6nk/8/8/8/4K3/8/3B4/8 w - -", White);
  // A dark bishop against a light one (same colour would be insufficient material).
  expect_winnable("4k3/8/8/8/8/3b4/8/2B1K3 w - -", White);
}

TEST(Winnable, PawnWallsShutOutPiecesThatCannotCross) {
  // Pawns locked on b, d, f, h; the bishops cannot cross (every square of their colour on
  // the fourth and fifth ranks holds a pawn) and neither king can pass.
  expect_unwinnable("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -", White,
                    UnwinnableProof::PawnWall);
  expect_unwinnable("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -", Black,
                    UnwinnableProof::PawnWall);
  // The same wall with a gap on the a-file: the kings meet, so no proof by the wall.
  const WinnabilityResult open = decide("2b1k3/8/8/3p1p1p/3P1P1P/8/8/2B1K3 w - -", White);
  EXPECT_NE(open.proof, UnwinnableProof::PawnWall);
}

TEST(Winnable, BishopsThatNeverMoveDefendTheWallForGood) {
  // Published as dead: every bishop is shut in by the pawns around it and defends them for
  // good (the pawns defend it back), so neither king can ever take a pawn. Proved before any
  // search; the search alone ran out of budget here.
  expect_wall_for_both_without_search("4K3/2p1p3/2PbP3/2pBp3/2PbP3/2pBp3/2PbP3/4k3 b - -");
  expect_wall_for_both_without_search("k7/3B4/K2p1p2/3PbP2/3pBp2/3P1P2/8/8 w - -");
  // Published as winnable: a wall of the same kind, but the kings can still meet round the
  // open files; no proof by the wall, and a witness instead.
  expect_winnable("4k3/8/3pBp2/3PbP2/3pBp2/3PbP2/8/4K3 w - -", White);
}

TEST(Winnable, AKingThatCannotMoveIsPartOfTheWall) {
  // Published as dead: the black king on d8 can never move (its neighbours are pawns, or
  // squares the d7 pawn attacks), so the white king cannot pass it to reach the a7 pawn, the
  // only pawn left undefended; the light bishops never check the dark d8.
  expect_wall_for_both_without_search("B1Bk4/p1pPp3/P1P1P3/8/3b4/2b5/8/5K2 w - -");
  // Published as dead: the white king on h3 can never move, so the black king can never
  // step next to it (to h2); the proof fails if the squares next to it are left to it.
  const WinnabilityResult r = decide("8/8/1p4p1/1Pp3Pk/2P2p1P/2p2PpK/2P3P1/8 w - -", Black);
  EXPECT_EQ(r.proof, UnwinnableProof::PawnWall);
  EXPECT_EQ(r.nodes, 0u);
}

TEST(Winnable, APieceThatNeverMovesNorIsTakenIsPartOfTheWall) {
  // Published as dead: the white bishop on d1 is shut in by its own c2 and e2 pawns and no
  // black man can ever attack it, so it stops the d2 pawn for good and nothing passes it.
  expect_wall_for_both_without_search("k2b4/2p1p3/BpP1P3/1Pp5/2Pp4/K1pPp3/2PpP3/3B4 b - -");
}

TEST(Winnable, MenJammedTogetherNeverMove) {
  // Published as dead: the white king, rook, knight and the bishops on d1, e2, f1 and g2
  // can only move onto each other or the pawns, and the black king, which may reach d2,
  // finds each of them defended by another; the free light bishops cannot mate alone.
  expect_wall_for_both_without_search("2k5/8/8/3B4/2Bp1p1p/1BpP1P1P/2P1BPBP/3BKBNR w K -");
  // White is stalemated for good: its king, queen, rooks and bishops only step onto each
  // other, the pawns, or squares the black pawns attack (the walk proved it before).
  expect_unwinnable("8/8/5k2/1p6/1Pp5/B1Pp4/RK1P4/QRB5 w - -", White, UnwinnableProof::PawnWall);
}

TEST(Winnable, AKingCaptureThatStalematesLeavesTheWallStanding) {
  // Published as dead: the black king may take g2 only while the white king stands on h4
  // (from h3 it defends g2), and then White, left with its king and frozen pawns, has no
  // move: the game ends, so the wall stands while it goes on. The white king's only other
  // square next to h3, h2 for the black king, is reached only by stalemating White too.
  expect_wall_for_both_without_search("1k6/b1b5/7p/5p1P/5p2/5PpK/6P1/8 w - -");
  expect_wall_for_both_without_search("8/2b5/1b5p/b4p1P/5p1K/5Pp1/6P1/5kb1 b - -");
  // Without the f5 pawn the white king also has g4: taking g2 no longer stalemates, and the
  // black g-pawn promotes (a witness, not a proof).
  expect_winnable("1k6/b1b5/7p/7P/5p2/5PpK/6P1/8 w - -", Black);
  // Published as winnable: kings that may take pawns which nothing defends, and no capture
  // stalemates.
  expect_winnable("4k3/8/4K3/1p1p1p1p/1P1P1P1P/8/8/8 w - -", White);
  expect_winnable("8/8/6K1/4p3/3pP3/3P4/8/6k1 b - -", Black);
}

TEST(Winnable, AKingThatCanOnlyArriveByStalematingIsNoMatingPost) {
  // Published as dead: the black king shuttles between a5 and a6; a bishop mates it on a5
  // only with the white king on a7 covering a6, and the white king's arrival there (or its
  // capture of b7, which a5 leaves undefended) leaves Black without a move.
  expect_wall_for_both_without_search("8/1p2B1B1/1PpB1B2/k1P5/p1P5/P7/5K2/8 w - -");
  expect_wall_for_both_without_search("8/1p2B1B1/1PpB1B2/k1P1B3/p1P2B2/P7/5K2/8 w - -");
  // A black bishop gives Black the tempo: the white king reaches a7 and a bishop mates.
  expect_winnable("8/1p2B1B1/1PpB1B2/k1P5/p1P5/P7/5K2/7b w - -", White);
  // Published as winnable: a similar box on the queen side whose kings can meet.
  expect_winnable("2b5/1p1p4/1PpP4/k1P5/p1P5/P1K5/8/8 w - -", White);
}

TEST(Winnable, AnArrivalThatUncoversACheckIsNoStalemate) {
  // The box of 8/1p2B1B1/1PpB1B2/k1P5/p1P5/P7/5K2/8: the black king on a5 or a6, the white
  // king arriving on a7 from a8 or b8.
  const Bitboard white_pawns = square_bb(B6) | square_bb(C5) | square_bb(C4) | square_bb(A3);
  const Bitboard black_pawns = square_bb(B7) | square_bb(C6) | square_bb(A4);
  analysis::StalemateQuery q{black_pawns,
                             bb::pawn_attacks_bb<White>(white_pawns),
                             white_pawns | black_pawns,
                             square_bb(A5) | square_bb(A6),
                             A7,
                             square_bb(A8) | square_bb(B8),
                             true,
                             false};
  EXPECT_TRUE(analysis::arrival_stalemates(q));
  // A white rook or queen behind a8 would give check as the king leaves it: a mate, not a
  // stalemate.
  q.enemy_straight_sliders = true;
  EXPECT_FALSE(analysis::arrival_stalemates(q));
  // Without the a4 pawn the black king may step there.
  q = analysis::StalemateQuery{square_bb(B7) | square_bb(C6),
                               bb::pawn_attacks_bb<White>(white_pawns),
                               white_pawns | square_bb(B7) | square_bb(C6),
                               square_bb(A5) | square_bb(A6),
                               A7,
                               square_bb(A8) | square_bb(B8),
                               false,
                               false};
  EXPECT_FALSE(analysis::arrival_stalemates(q));
}

TEST(Winnable, StaticProofsCloseTheSearchAfterAPromotion) {
  // Published: White cannot mate. 1...Kg8 is forced, then White has only gxf8, and a
  // knight or a bishop against a queen can never mate: the walk stops at each promotion.
  expect_unwinnable("5r1k/6P1/7K/5q2/8/8/8/8 b - -", White, UnwinnableProof::Exhausted);
  // Without the queen the new queen stays on the board: a witness.
  expect_winnable("5r1k/6P1/7K/8/8/8/8/3q4 b - -", White);
}

TEST(Winnable, ARookItsOwnMenBoxInGetsTheWholeWalk) {
  // Published: Black cannot mate (its rook, knight, bishop and king are boxed in, and the
  // white rook's only way out, Rb4, mates). The walk closes the graph within the budget.
  expect_unwinnable("rnb1b3/pk1p4/p1pPp1p1/P1P1P1P1/RBP5/P7/8/4B2K b - -", Black,
                    UnwinnableProof::Exhausted);
}

TEST(Winnable, WallsStillFormingAreProvedWithoutSearch) {
  // Published as dead: the pawns on c, e and g can still step, but only into the locked
  // files; the white king may take c5 and e5, which frees nothing. Proved before any search.
  expect_wall_for_both_without_search("2k5/p1p1p1p1/P1P1P1P1/2p1p2K/8/8/2P1P1P1/8 w - -");
  // Without the a7 pawn the a-pawn promotes: no proof by the wall, and a witness instead.
  expect_winnable("2k5/2p1p1p1/P1P1P1P1/2p1p2K/8/8/2P1P1P1/8 w - -", White);
}

TEST(Winnable, ALoneMinorPieceAgainstPiecesThatFreeTheirKing) {
  // A queen beside her king can always take the knight or the bishop that checks, or step
  // into the bishop's line: no placement is a mate (published unwinnable).
  expect_unwinnable("3kq3/8/8/8/8/8/3KN3/8 w - -", White, UnwinnableProof::Material);
  expect_unwinnable("4kn2/8/8/8/8/8/1Q6/1K6 w - -", Black, UnwinnableProof::Material);
  expect_unwinnable("3kr3/8/8/8/8/3KB3/8/8 w - -", White, UnwinnableProof::Material);
  expect_unwinnable("1q1q1q2/1k2q1q1/8/8/8/8/2N5/1K6 b - -", White, UnwinnableProof::Material);
  // A rook in the corner is mated by the knight (Kh8, Rg8, Kh6, Nf7#); so is a knight by the
  // bishop.
  expect_winnable("6rk/8/8/8/8/8/8/K5N1 w - -", White);
  expect_winnable("4k3/8/8/8/8/8/4n3/K3B3 w - -", White);
}

TEST(Winnable, SearchProvesBlockedPositionsItCanEnumerate) {
  // Published as unwinnable; the walk over every reachable position proves it.
  expect_unwinnable("8/8/8/7p/5K1k/7P/8/8 b - -", White, UnwinnableProof::Exhausted);
  // White's king, bishop and rook are jammed, but the rook on h1 is defended by none of them
  // and the squares the black king may reach include g2 (the sets ignore that the white king
  // stands next to it): the jam is not a proof, the walk is.
  expect_unwinnable("8/7k/6p1/5pPp/4pP1P/4PpKP/5P1P/6BR b - -", White, UnwinnableProof::Exhausted);
  expect_unwinnable("Bb1k1b2/bKp1p1p1/1pP1P1P1/1P4P1/p7/P7/8/8 b - -", White,
                    UnwinnableProof::Exhausted);
  expect_unwinnable("bqn1KN2/rrk1pB2/nb1pPp1p/p1pP1PpP/PpP3P1/1P2N1R1/4Q3/1R4B1 w - -", Black,
                    UnwinnableProof::Exhausted);
}

TEST(Winnable, WitnessesReplayToMate) {
  expect_winnable(Position::kStartFen.data(), White);
  expect_winnable(Position::kStartFen.data(), Black);
  expect_winnable("k7/8/2K5/8/8/8/8/7Q w - -", White);
  expect_winnable("4k3/8/8/8/8/8/8/Q3K3 w - -", White);
  // Published winnable only after a breakthrough by the locked side's king.
  expect_winnable("Bb1k1b2/bKp1p1p1/1pP1P1P1/pP6/6P1/P7/8/8 b - -", White);
}

// A mate that needs the losing king boxed in a corner by its own men far away: the planned
// mating nets route every man of the net and hand over a short witness well inside the
// default budget, where the walk over the move graph ran out (or, with four million nodes,
// met a mate hundreds of thousands of moves long).
void expect_planned_mate(const char* text, Color side, std::size_t at_most_moves) {
  const WinnabilityResult r = decide(text, side);
  ASSERT_EQ(r.verdict, Winnability::Winnable) << text;
  EXPECT_TRUE(witness_mates(fen(text), side, r.witness)) << text;
  EXPECT_LE(r.witness.size(), at_most_moves) << text;
  EXPECT_LT(r.nodes, std::uint64_t{100'000}) << text;
}

TEST(Winnable, PlannedMatingNetsFindFarMates) {
  // White's light bishop mates on a8: Black's king walks there from a1 and its two bishops
  // take a7 and b8 (the old search: 174,787 moves, after 709,537 nodes).
  expect_planned_mate("8/8/8/3B4/8/6p1/1b4Pp/k1b4K w - -", White, 30);
  // Black's light bishops mate White's king on h1, walled in by its own dark bishops on g1
  // and h2 (undetermined with 4,000,000 nodes before).
  expect_planned_mate("8/4kb2/8/1p1p1p1p/1P1P1P1P/1bB5/3B1K2/8 b - -", Black, 30);
  // Behind a wall of pawns and bishops (368,381 moves after 1,050,743 nodes before).
  expect_planned_mate("8/1p3k2/pPp3p1/P1Pp1pPp/2bP1P1P/5K2/5B2/B7 b - -", Black, 30);
  // A lattice of bishops and pawns (594,924 moves after 1,562,704 nodes before).
  expect_planned_mate("7b/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N7 b - -", White, 30);
  expect_planned_mate("4K3/8/3pBp2/3PbP2/3pBp2/3PbP2/8/4k3 b - -", Black, 30);
}

TEST(Winnable, AMateOnTheBoardIsItsOwnWitness) {
  // White to move is mated already: decide and screen must both see it.
  WinnabilityAnalyzer analyzer;
  const Position mated = fen("8/8/8/8/8/4k1b1/8/3RKB2 w - -");
  EXPECT_EQ(analyzer.decide(mated, Black).verdict, Winnability::Winnable);
  EXPECT_EQ(analyzer.screen(mated, Black).verdict, Winnability::Undetermined);
  const WinnabilityResult r = decide("k6R/1p6/pK6/P7/8/1P6/8/8 b - -", White);
  EXPECT_EQ(r.verdict, Winnability::Winnable);
  EXPECT_TRUE(r.witness.empty());
  EXPECT_TRUE(witness_mates(fen("k6R/1p6/pK6/P7/8/1P6/8/8 b - -"), White, r.witness));
}

TEST(Winnable, ReplayRejectsIllegalAndNonMatingSequences) {
  const Position start = fen(Position::kStartFen.data());
  const Move fools_mate[] = {Move(F2, F3), Move(E7, E5), Move(G2, G4), Move(D8, H4)};
  EXPECT_TRUE(replays_to_mate(start, Black, fools_mate));
  EXPECT_FALSE(replays_to_mate(start, White, fools_mate));                // Black mates
  EXPECT_FALSE(replays_to_mate(start, Black, std::span(fools_mate, 3)));  // no mate yet
  const Move illegal[] = {Move(F2, F4), Move(E7, E5), Move(G2, G4), Move(D8, H4)};
  EXPECT_TRUE(replays_to_mate(start, Black, illegal));  // also a mate (f4 instead of f3)
  const Move broken[] = {Move(F2, F3), Move(E7, E5), Move(G2, G5), Move(D8, H4)};
  EXPECT_FALSE(replays_to_mate(start, Black, broken));
}

TEST(Winnable, BudgetRunsOutAsUndetermined) {
  // A blocked position whose proof needs a walk over a few thousand positions.
  WinnabilityAnalyzer tiny(100);
  const WinnabilityResult r =
      tiny.decide(fen("Bb1k1b2/bKp1p1p1/1pP1P1P1/1P4P1/p7/P7/8/8 b - -"), White);
  EXPECT_EQ(r.verdict, Winnability::Undetermined);
}

TEST(Winnable, ScreenNeverClaimsAWinAndAgreesWithDecide) {
  WinnabilityAnalyzer analyzer;
  const std::vector<VectorCase> cases = load_vector();
  ASSERT_FALSE(cases.empty());
  int proved = 0;
  for (std::size_t i = 0; i < cases.size(); i += 3) {
    const Position pos = fen(cases[i].fen.c_str());
    for (Color side : {White, Black}) {
      const WinnabilityResult r = analyzer.screen(pos, side);
      EXPECT_NE(r.verdict, Winnability::Winnable);
      if (r.verdict == Winnability::Unwinnable) {
        ++proved;
        EXPECT_FALSE(cases[i].winnable[side])
            << "line " << cases[i].line << " " << cases[i].fen << " side " << int(side) << " "
            << unwinnable_proof_code(r.proof);
      }
    }
  }
  EXPECT_GT(proved, 50);
}

TEST(WinnableVector, EveryTenthPositionMatchesItsPublishedClass) {
  const std::vector<VectorCase> cases = load_vector();
  ASSERT_EQ(cases.size(), 901u) << "test vector missing or changed: " << shared_dir();
  WinnabilityAnalyzer analyzer;
  VectorTally tally;
  for (std::size_t i = 0; i < cases.size(); i += 10) check_case(analyzer, cases[i], tally);
  EXPECT_EQ(tally.undetermined_material, 0);
  // The whole vector's bound (see winnable_slowtest.cpp), with room for a sample's luck.
  EXPECT_LE(tally.undetermined * 100, 15 * 2 * tally.positions);
}

}  // namespace
}  // namespace pgn::testing_winnable
