// The lichess variants in the legality core: names, FEN forms, moves and game ends. Move
// counts are proven by the published suites (perft_suites_test); these tests pin the rules
// a suite cannot name: which end a position has, what a FEN says and how it is written back.
#include "libpgn/variant.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <string>

#include "core/variant_rules.hpp"  // the variants' move generators
#include "libpgn/position.hpp"

namespace pgn {
namespace {

Position read(std::string_view fen, Variant v) {
  FenResult r = Position::from_fen(fen, v);
  EXPECT_TRUE(r.ok()) << fen << ": " << fen_error_code(r.error) << ": " << r.message;
  return r.position;
}

Move uci(const Position& pos, std::string_view text) {
  MoveList moves;
  generate_legal_variant(pos, moves);
  for (Move m : moves)
    if (to_uci(pos, m) == text) return m;
  ADD_FAILURE() << text << " is not legal in " << pos.fen();
  return Move::null();
}

Position after(Position pos, std::initializer_list<std::string_view> moves) {
  for (std::string_view m : moves) pos.play_variant(uci(pos, m));
  return pos;
}

TEST(VariantName, LichessNamesAndAliases) {
  struct Case {
    const char* text;
    Variant variant;
    bool chess960;
  };
  for (Case c : {Case{"Antichess", Variant::Antichess, false},
                 {"Atomic", Variant::Atomic, false},
                 {"Crazyhouse", Variant::Crazyhouse, false},
                 {"Horde", Variant::Horde, false},
                 {"King of the Hill", Variant::KingOfTheHill, false},
                 {"kingofthehill", Variant::KingOfTheHill, false},
                 {"KOTH", Variant::KingOfTheHill, false},
                 {"Racing Kings", Variant::RacingKings, false},
                 {"racingkings", Variant::RacingKings, false},
                 {"Three-check", Variant::ThreeCheck, false},
                 {"3check", Variant::ThreeCheck, false},
                 {"three check", Variant::ThreeCheck, false},
                 {"Chess960", Variant::Standard, true},
                 {"From Position", Variant::Standard, false},
                 {"", Variant::Standard, false}}) {
    VariantName n = parse_variant_name(c.text);
    EXPECT_TRUE(n.known) << c.text;
    EXPECT_EQ(n.variant, c.variant) << c.text;
    EXPECT_EQ(n.chess960, c.chess960) << c.text;
  }
  for (const char* unknown : {"Shogi", "Losers", "Fog of War", "anti chess x"})
    EXPECT_FALSE(parse_variant_name(unknown).known) << unknown;
  for (int v = 0; v < kVariantCount; ++v)
    EXPECT_EQ(parse_variant_name(variant_name(Variant(v))).variant, Variant(v));
}

TEST(VariantFen, CrazyhousePocketsInBothFormsAndPromotedMarks) {
  Position bracket = read("r1bqk2r/8/8/8/8/8/8/R3K2R[QNPp] w KQkq - 0 1", Variant::Crazyhouse);
  Position rank = read("r1bqk2r/8/8/8/8/8/8/R3K2R/QNPp w KQkq - 0 1", Variant::Crazyhouse);
  EXPECT_EQ(bracket.key(), rank.key());
  EXPECT_EQ(bracket.pocket_count(White, Queen), 1);
  EXPECT_EQ(bracket.pocket_count(White, Knight), 1);
  EXPECT_EQ(bracket.pocket_count(Black, Pawn), 1);
  EXPECT_EQ(rank.fen(), "r1bqk2r/8/8/8/8/8/8/R3K2R[QNPp] w KQkq - 0 1");
  Position promoted = read("4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - -", Variant::Crazyhouse);
  EXPECT_EQ(promoted.promoted(), square_bb(B7));
  EXPECT_EQ(promoted.fen(), "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1");
  // The promoted queen goes back to black's pocket as a pawn.
  Position taken = read("4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1", Variant::Crazyhouse);
  taken.play_variant(uci(taken, "e4b7"));
  EXPECT_EQ(taken.pocket_count(Black, Pawn), 1);
  EXPECT_EQ(taken.pocket_count(Black, Queen), 0);
  EXPECT_EQ(taken.promoted(), 0u);
}

TEST(VariantFen, CrazyhouseDrops) {
  Position pos = read("4k3/8/8/8/8/8/8/4K3[Pn] w - - 0 1", Variant::Crazyhouse);
  MoveList moves;
  generate_legal_variant(pos, moves);
  EXPECT_TRUE(moves.contains(Move::drop(Pawn, E4)));
  EXPECT_FALSE(moves.contains(Move::drop(Pawn, E8)));    // no pawn on the last rank
  EXPECT_FALSE(moves.contains(Move::drop(Pawn, A1)));    // nor on the first
  EXPECT_FALSE(moves.contains(Move::drop(Knight, C3)));  // black's knight
  EXPECT_EQ(to_uci(pos, Move::drop(Pawn, E4)), "P@e4");
  pos.play_variant(Move::drop(Pawn, E4));
  EXPECT_EQ(pos.fen(), "4k3/8/8/8/4P3/8/8/4K3[n] b - - 0 1");
  EXPECT_TRUE(is_legal_in_variant(pos, Move::drop(Knight, F3)));
  EXPECT_FALSE(is_legal_in_variant(pos, Move::drop(Bishop, F3)));
}

TEST(VariantFen, ThreeCheckCountersInBothForms) {
  Position remaining = read("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+2 0 1", Variant::ThreeCheck);
  Position given = read("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 +2+1", Variant::ThreeCheck);
  EXPECT_EQ(remaining.checks_given(White), 2);
  EXPECT_EQ(remaining.checks_given(Black), 1);
  EXPECT_EQ(remaining.key(), given.key());
  EXPECT_EQ(remaining.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 +2+1");
  Position none = read("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", Variant::ThreeCheck);
  EXPECT_EQ(none.checks_given(White), 0);
}

TEST(VariantFen, StartPositions) {
  for (int v = 0; v < kVariantCount; ++v) {
    FenResult r = Position::from_fen(variant_start_fen(Variant(v)), Variant(v));
    ASSERT_TRUE(r.ok()) << variant_name(Variant(v)) << ": " << r.message;
    EXPECT_EQ(r.position.fen(), variant_start_fen(Variant(v)));
    EXPECT_FALSE(game_outcome(r.position).over());
  }
  EXPECT_EQ(std::popcount(variant_start_position(Variant::Horde).pieces(White, Pawn)), 36);
}

TEST(VariantFen, Rejections) {
  struct Case {
    const char* fen;
    Variant variant;
    FenError error;
    const char* message;
  };
  for (Case c : {
           Case{"4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1", Variant::Standard, FenError::BadPocket,
                "a pocket [Q] exists only in crazyhouse"},
           Case{"4k3/8/8/8/8/8/8/4K3[K] w - - 0 1", Variant::Crazyhouse, FenError::BadPocket,
                "'K' in the pocket is not a pawn, knight, bishop, rook or queen"},
           Case{"4k3/8/8/8/8/8/8/4K3[Q w - - 0 1", Variant::Crazyhouse, FenError::BadPocket,
                "pocket '[Q' is not closed by a final ']'"},
           Case{"4k3/8/8/8/8/8/8/4K~3[] w - - 0 1", Variant::Crazyhouse, FenError::BadPiece,
                "'~' on rank 1 does not follow a knight, bishop, rook or queen"},
           Case{"4k3/8/8/8/8/8/8/Q~3K3 w - - 0 1", Variant::Standard, FenError::BadPiece,
                "'~' on rank 1 marks a promoted piece, which only crazyhouse records"},
           Case{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+0", Variant::Standard, FenError::BadCheckCount,
                "'+1+0' counts checks, which only three-check has"},
           Case{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 +4+0", Variant::ThreeCheck, FenError::BadCheckCount,
                "three-check counter '+4+0': at most 3 checks are given"},
           Case{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 +3+3", Variant::ThreeCheck, FenError::BadCheckCount,
                "both sides have given three checks; the game ended at the first third check"},
           Case{"4k3/8/8/8/8/8/8/4K3 w - - 0 3+3 1", Variant::ThreeCheck, FenError::BadCheckCount,
                "three-check counter '3+3' in the wrong place: remaining checks (W+B) follow the "
                "en-passant field"},
           Case{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", Variant::Horde, FenError::KingCount,
                "white has a king, which the horde never has"},
           Case{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", Variant::RacingKings, FenError::None, ""},
           Case{"8/8/8/8/8/8/kK6/8 w - - 0 1", Variant::RacingKings, FenError::OpponentInCheck,
                "black is not to move but is in check"},
           Case{"8/8/8/8/8/8/krK5/8 w - - 0 1", Variant::RacingKings, FenError::OpponentInCheck,
                "white is in check, which racing kings never allows"},
           // Material: horde keeps its 36 pawns, crazyhouse counts the pockets.
           Case{"4k3/8/8/8/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w - - 0 1", Variant::Horde,
                FenError::None, ""},
           Case{"4k3/8/PPPPP3/8/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w - - 0 1", Variant::Horde,
                FenError::BadMaterial, "white has 37 pawns; a side starts with 36"},
           Case{"4k3/8/P7/P7/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w - - 0 1", Variant::Horde,
                FenError::None, ""},
           Case{"4k3/8/8/8/8/8/PPPPPPPP/4K3[PPPPPPPPp] w - - 0 1", Variant::Crazyhouse,
                FenError::BadMaterial,
                "17 pawns (promoted ones included) and 0 more pieces than the sets start with: a "
                "game has 16 pawns"},
           Case{"QQk5/8/8/8/8/8/8/4K3 w - - 0 1", Variant::RacingKings, FenError::BadMaterial,
                "white has 1 promoted piece (2 queens) but only 0 pawns missing"},
           Case{"kk6/8/8/8/8/8/8/KK6 w - - 0 1", Variant::Antichess, FenError::None, ""},
       }) {
    FenResult r = Position::from_fen(c.fen, c.variant);
    EXPECT_EQ(r.error, c.error) << c.fen << ": " << r.message;
    EXPECT_EQ(r.message, c.message) << c.fen;
  }
}

TEST(VariantEnd, EachVariantsOwnEnd) {
  struct Case {
    const char* fen;
    Variant variant;
    EndReason end;
    bool draw;
    Color winner;
  };
  for (Case c : {
           Case{"8/8/8/8/8/8/8/k6K b - - 0 1", Variant::Antichess, EndReason::Unknown, false,
                White},
           Case{"8/8/8/8/8/8/8/7K b - - 0 1", Variant::Antichess, EndReason::NoPieces, false,
                Black},
           Case{"8/8/8/8/8/p7/P7/8 w - - 0 1", Variant::Antichess, EndReason::NoMoves, false,
                White},
           Case{"4k3/8/8/8/8/8/8/8 w - - 0 1", Variant::Horde, EndReason::HordeDestroyed, false,
                Black},
           Case{"8/8/8/3K4/8/8/8/7k b - - 0 1", Variant::KingOfTheHill, EndReason::KingOfTheHill,
                false, White},
           Case{"4K3/8/8/8/8/8/k7/8 b - - 0 1", Variant::RacingKings, EndReason::KingReachedGoal,
                false, White},
           Case{"4K3/k7/8/8/8/8/8/8 b - - 0 1", Variant::RacingKings, EndReason::Unknown, false,
                White},
           Case{"k3K3/8/8/8/8/8/8/8 w - - 0 1", Variant::RacingKings, EndReason::BothKingsReached,
                true, White},
           Case{"4k3/8/8/8/8/8/8/4K3 b - - 0 1 +3+0", Variant::ThreeCheck, EndReason::ThirdCheck,
                false, White},
           Case{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", Variant::Atomic, EndReason::Unknown, false, White},
           Case{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Variant::Standard, EndReason::Stalemate, true,
                White},
       }) {
    Outcome o = game_outcome(read(c.fen, c.variant));
    EXPECT_EQ(o.reason, c.end) << c.fen << ": " << game_end_code(o.reason);
    EXPECT_EQ(o.draw(), c.draw) << c.fen;
    if (o.over() && !o.draw()) {
      EXPECT_EQ(o.winner(), c.winner) << c.fen;
    }
  }
}

TEST(VariantEnd, EndsReachedByMoves) {
  // Atomic: Nxd7 explodes the knight, the pawn and every piece around d7, the king on e8 too.
  Position exploded =
      after(variant_start_position(Variant::Atomic), {"g1f3", "a7a6", "f3e5", "a6a5", "e5d7"});
  EXPECT_EQ(exploded.fen(), "rn3bnr/1pp1pppp/8/p7/8/8/PPPPPPPP/RNBQKB1R b KQ - 0 3");
  EXPECT_FALSE(exploded.pieces(Black, King));
  EXPECT_EQ(game_outcome(exploded).reason, EndReason::KingExploded);
  EXPECT_EQ(game_outcome(exploded).winner(), White);
  // Three-check: three checks in a row win.
  Position two = after(variant_start_position(Variant::ThreeCheck),
                       {"e2e4", "e7e5", "f1c4", "d7d6", "c4f7", "e8f7", "d1h5", "g7g6"});
  EXPECT_EQ(two.checks_given(White), 2);
  EXPECT_FALSE(game_outcome(two).over());
  Position three = after(two, {"h5g6"});
  EXPECT_EQ(three.fen(), "rnbq1bnr/ppp2k1p/3p2Q1/4p3/4P3/8/PPPP1PPP/RNB1K1NR b KQ - 0 5 +3+0");
  EXPECT_EQ(game_outcome(three).reason, EndReason::ThirdCheck);
  EXPECT_FALSE(is_legal_in_variant(three, Move(H7, G6)));  // the game is over
  // King of the hill: the king walks in.
  Position hill = after(variant_start_position(Variant::KingOfTheHill),
                        {"e2e4", "d7d5", "e1e2", "d5e4", "e2e3", "e8d7", "e3e4"});
  EXPECT_EQ(game_outcome(hill).reason, EndReason::KingOfTheHill);
  MoveList none;
  generate_legal_variant(hill, none);
  EXPECT_EQ(none.size, 0);
}

TEST(VariantMoves, AntichessCapturesAreCompulsoryAndKingsPromote) {
  Position pos = read("8/1P6/8/8/8/8/8/7k w - - 0 1", Variant::Antichess);
  MoveList moves;
  generate_legal_variant(pos, moves);
  EXPECT_EQ(moves.size, 5);  // b8 as queen, rook, bishop, knight or king
  EXPECT_TRUE(moves.contains(Move::king_promotion(B7, B8)));
  EXPECT_EQ(to_uci(pos, Move::king_promotion(B7, B8)), "b7b8k");
  Position capture = read("8/8/8/8/3p4/4P3/8/K7 w - - 0 1", Variant::Antichess);
  moves.size = 0;
  generate_legal_variant(capture, moves);
  ASSERT_EQ(moves.size, 1);
  EXPECT_EQ(to_uci(capture, moves.moves[0]), "e3d4");
}

TEST(VariantMoves, RacingKingsForbidsEveryCheck) {
  Position pos = read("8/8/8/8/8/8/k7/6RK w - - 0 1", Variant::RacingKings);
  EXPECT_FALSE(is_legal_in_variant(pos, Move(G1, G2)));  // would check the king on a2
  EXPECT_TRUE(is_legal_in_variant(pos, Move(G1, G3)));
}

// A position written and read back is the same position (key included) at every node of the
// move tree, pockets and check counts too.
void expect_round_trip(const Position& pos, int depth) {
  FenResult back = Position::from_fen(pos.fen(), pos.variant(), pos.is_chess960());
  ASSERT_TRUE(back.ok()) << pos.fen() << ": " << back.message;
  ASSERT_EQ(back.position.fen(), pos.fen());
  ASSERT_EQ(back.position.key(), pos.key()) << pos.fen();
  if (depth == 0) return;
  MoveList moves;
  generate_legal_variant(pos, moves);
  for (Move m : moves) {
    Position child = pos;
    child.play_variant(m);
    expect_round_trip(child, depth - 1);
  }
}

TEST(VariantFen, EveryPositionOfTheFirstPliesSurvivesWriteAndRead) {
  for (int v = 1; v < kVariantCount; ++v) expect_round_trip(variant_start_position(Variant(v)), 3);
  expect_round_trip(read("r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1",
                         Variant::Crazyhouse),
                    3);
}

// The legality of a crazyhouse drop is decided by its rule, without the generator: it must
// agree with the generator (which the perft suites check) on every drop in every position of
// the first two plies from positions with full pockets, in and out of check: a slider's
// check that drops can block, a knight's that they cannot, a double check, back-rank pawns.
TEST(VariantMoves, CrazyhouseDropLegalityAgreesWithTheGenerator) {
  std::uint64_t drops = 0, legal_drops = 0;
  auto check_every_drop = [&](const Position& pos) {
    MoveList legal;
    generate_legal_variant(pos, legal);
    for (int type = Pawn; type <= King; ++type)
      for (int s = 0; s < 64; ++s) {
        const Move drop = Move::drop(PieceType(type), Square(s));
        const bool generated = legal.contains(drop);
        ASSERT_EQ(is_legal_in_variant(pos, drop), generated)
            << pos.fen() << " " << to_uci(pos, drop);
        ++drops;
        legal_drops += generated;
      }
  };
  for (std::string_view fen :
       {"2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1",
        "4k3/8/8/8/1b6/8/8/4K3[QRBNPqrbnp] w - - 0 1",   // bishop check: block
        "4k3/8/8/8/8/3n4/8/4K3[QRBNPqrbnp] w - - 0 1",   // knight check: no drop
        "4k3/8/8/8/1b6/8/8/4K2r[QRBNPqrbnp] w - - 0 1",  // double check
        "r3k2r/ppp2ppp/2nq1n2/3pp3/3PP3/2NQ1N2/PPP2PPP/R3K2R[BBbb] w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/R3K3[] b - - 0 1"}) {  // a rook check, no pocket
    const Position start = read(fen, Variant::Crazyhouse);
    check_every_drop(start);
    MoveList first;
    generate_legal_variant(start, first);
    for (Move m : first) {
      Position one = start;
      one.play_variant(m);
      check_every_drop(one);
    }
  }
  EXPECT_GT(legal_drops, 10000u);
  EXPECT_GT(drops, legal_drops);
  // Outside crazyhouse no drop is legal.
  EXPECT_FALSE(is_legal_in_variant(variant_start_position(Variant::Atomic),
                                   Move::drop(Knight, make_square(4, 3))));
}

}  // namespace
}  // namespace pgn
