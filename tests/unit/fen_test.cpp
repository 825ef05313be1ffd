// FEN: strict reading with one test per error code, writing in every castling notation, and
// the write -> read round trip over whole move trees.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "libpgn/position.hpp"

namespace pgn {
namespace {

struct Rejection {
  const char* fen;
  FenError error;
  const char* message;  // the exact detail expected
  bool chess960 = false;
};

void PrintTo(const Rejection& r, std::ostream* os) {
  *os << r.fen;
}

class FenRejection : public ::testing::TestWithParam<Rejection> {};

TEST_P(FenRejection, NamesTheReason) {
  const Rejection& r = GetParam();
  FenResult result = Position::from_fen(r.fen, r.chess960);
  EXPECT_FALSE(result.ok());
  EXPECT_EQ(result.error, r.error) << fen_error_code(result.error) << ": " << result.message;
  EXPECT_EQ(result.message, r.message);
  // A rejected FEN still leaves a usable position behind (the initial one).
  EXPECT_EQ(result.position.fen(), std::string(Position::kStartFen));
}

INSTANTIATE_TEST_SUITE_P(
    EveryErrorCode, FenRejection,
    ::testing::Values(
        Rejection{"   ", FenError::FieldCount, "FEN is empty"},
        Rejection{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", FenError::FieldCount,
                  "FEN has 7 fields; at most 6"},
        Rejection{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", FenError::BadPiece,
                  "'X' on rank 1 is neither a piece letter nor a count of 1 to 8 empty squares"},
        Rejection{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::BadPiece,
                  "'9' on rank 6 is neither a piece letter nor a count of 1 to 8 empty squares"},
        Rejection{"rnbqkbnr/pppppppp/8/8/8/1P7/P1PPPPPP/RNBQKBNR w KQkq - 0 1", FenError::BadRank,
                  "rank 3 has 9 squares"},
        Rejection{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", FenError::BadRank,
                  "rank 1 has 7 squares"},
        Rejection{"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::BadRank,
                  "the board has 7 ranks instead of 8"},
        Rejection{"4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", FenError::BadRank,
                  "the board has more than 8 ranks"},
        Rejection{"4k3/8/8/8/8/8/8/K3K3 w - - 0 1", FenError::KingCount, "white has two kings"},
        Rejection{"8/8/8/8/8/8/8/4K3 w - - 0 1", FenError::KingCount, "black has no king"},
        Rejection{"4k3/8/8/8/8/8/8/4K3 x - - 0 1", FenError::SideToMove,
                  "side to move 'x' is neither w nor b"},
        Rejection{"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", FenError::OpponentInCheck,
                  "black is not to move but is in check"},
        Rejection{"4k2P/8/8/8/8/8/8/4K3 w - - 0 1", FenError::PawnOnBackRank,
                  "white pawn on h8: pawns never stand on rank 1 or 8"},
        Rejection{"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", FenError::PawnOnBackRank,
                  "black pawn on a1: pawns never stand on rank 1 or 8"},
        Rejection{"r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1", FenError::BadCastling,
                  "castling right K but no white rook on h1"},
        Rejection{"r3k2r/8/8/8/8/8/8/3K3R w KQkq - 0 1", FenError::BadCastling,
                  "castling right K but the white king is not on e1"},
        Rejection{"r3k2r/8/8/8/8/8/8/R3K2R w KKkq - 0 1", FenError::BadCastling,
                  "castling right for white king side given twice"},
        Rejection{"r3k2r/8/8/8/8/8/8/R3K2R w KQx - 0 1", FenError::BadCastling,
                  "'x' in the castling field is not K, Q, k, q or a file letter"},
        Rejection{"r3k2r/8/8/8/8/8/8/1R2K2R w C - 0 1", FenError::BadCastling,
                  "castling right C but no white rook on c1"},
        Rejection{"1r2k2r/8/8/8/8/8/8/1R2K2R w A - 0 1", FenError::BadCastling,
                  "castling right A but no white rook on a1", true},
        Rejection{"rk6/8/8/8/8/8/8/RK6 w K - 0 1", FenError::BadCastling,
                  "castling right K but no white rook on the king side of the king", true},
        Rejection{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
                  FenError::BadEnPassant,
                  "en-passant square e3 but no white pawn on e4 could have just moved there"},
        Rejection{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1",
                  FenError::BadEnPassant,
                  "en-passant square e6 is not on rank 3 with black to move"},
        Rejection{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1",
                  FenError::BadEnPassant, "en-passant field 'e9' is neither a square nor -"},
        Rejection{"rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1",
                  FenError::BadEnPassant,
                  "en-passant square e3 but e3 is occupied, so the pawn on e4 cannot have just "
                  "moved there"},
        Rejection{"4k3/8/8/8/8/8/8/4K3 w - - -1 1", FenError::BadClock,
                  "half-move clock '-1' is not a number from 0 to 65535"},
        Rejection{"4k3/8/8/8/8/8/8/4K3 w - - 0 0", FenError::BadClock,
                  "full-move number '0' is not a number from 1 to 65535"},
        Rejection{"4k3/8/8/8/8/8/8/4K3 w - - 0 x", FenError::BadClock,
                  "full-move number 'x' is not a number from 1 to 65535"},
        Rejection{"8/8/8/4k3/8/5N2/1B6/4R2K b - - 0 1", FenError::TooManyCheckers,
                  "black is in check from e1 b2 f3, which no single move can bring about"},
        Rejection{"8/8/2N5/4k3/8/5N2/8/7K b - - 0 1", FenError::TooManyCheckers,
                  "black is in check from f3 c6, which no single move can bring about"},
        // Material no game can reach (issue 16, item 10).
        Rejection{"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", FenError::BadMaterial,
                  "white has 9 pawns; a side starts with 8"},
        Rejection{"4k3/pppppppp/p7/8/8/8/8/4K3 b - - 0 1", FenError::BadMaterial,
                  "black has 9 pawns; a side starts with 8"},
        Rejection{"QQQQk3/8/8/8/8/8/PPPPPP2/4K3 w - - 0 1", FenError::BadMaterial,
                  "white has 3 promoted pieces (4 queens) but only 2 pawns missing"},
        Rejection{"4k3/8/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQ - 0 1", FenError::BadMaterial,
                  "white has 17 men; a side starts with 16"},
        Rejection{"4k3/8/8/8/8/8/PPPPPPP1/NNNBBBK1 w - - 0 1", FenError::BadMaterial,
                  "white has 2 promoted pieces (3 bishops, 3 knights) but only 1 pawn missing"}));

TEST(FenErrorCode, EveryCodeHasItsStableName) {
  EXPECT_STREQ(fen_error_code(FenError::None), "ok");
  EXPECT_STREQ(fen_error_code(FenError::FieldCount), "fen-fields");
  EXPECT_STREQ(fen_error_code(FenError::BadPiece), "fen-piece");
  EXPECT_STREQ(fen_error_code(FenError::BadRank), "fen-rank");
  EXPECT_STREQ(fen_error_code(FenError::KingCount), "fen-kings");
  EXPECT_STREQ(fen_error_code(FenError::SideToMove), "fen-side");
  EXPECT_STREQ(fen_error_code(FenError::OpponentInCheck), "fen-check");
  EXPECT_STREQ(fen_error_code(FenError::PawnOnBackRank), "fen-pawn-rank");
  EXPECT_STREQ(fen_error_code(FenError::BadCastling), "fen-castling");
  EXPECT_STREQ(fen_error_code(FenError::BadEnPassant), "fen-en-passant");
  EXPECT_STREQ(fen_error_code(FenError::BadClock), "fen-clock");
  EXPECT_STREQ(fen_error_code(FenError::TooManyCheckers), "fen-checkers");
  EXPECT_STREQ(fen_error_code(FenError::BadPocket), "fen-pocket");
  EXPECT_STREQ(fen_error_code(FenError::BadCheckCount), "fen-checks");
  EXPECT_STREQ(fen_error_code(FenError::BadMaterial), "fen-material");
}

TEST(FenRead, StartPositionFields) {
  FenResult r = Position::from_fen(Position::kStartFen);
  ASSERT_TRUE(r.ok());
  const Position& p = r.position;
  EXPECT_EQ(p.side_to_move(), White);
  EXPECT_EQ(p.castling_rights(), 15);
  EXPECT_EQ(p.castling_rook(White, KingSide), H1);
  EXPECT_EQ(p.castling_rook(Black, QueenSide), A8);
  EXPECT_EQ(p.ep_square(), NoSquare);
  EXPECT_EQ(p.halfmove_clock(), 0);
  EXPECT_EQ(p.fullmove_number(), 1);
  EXPECT_EQ(p.piece_on(E1), WhiteKing);
  EXPECT_EQ(p.piece_on(D8), BlackQueen);
  EXPECT_EQ(p.king_square(Black), E8);
  EXPECT_FALSE(p.in_check());
  EXPECT_EQ(p.key(), Position().key());
  EXPECT_EQ(p.fen(), std::string(Position::kStartFen));
}

TEST(FenRead, FourFieldsDefaultTheClocks) {
  FenResult r = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - -");
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(r.position.halfmove_clock(), 0);
  EXPECT_EQ(r.position.fullmove_number(), 1);
  EXPECT_EQ(r.position.ply(), 1);
  EXPECT_EQ(r.position.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

// EPD-style and many tools' FENs leave out more (python-chess reads the board alone).
TEST(FenRead, FewerFieldsTakeTheirDefaults) {
  for (std::string_view fen :
       {"8/8/8/8/8/8/Q7/K6k w", "8/8/8/8/8/8/Q7/K6k", "8/8/8/8/8/8/Q7/K6k w -"}) {
    FenResult r = Position::from_fen(fen);
    ASSERT_TRUE(r.ok()) << fen << ": " << r.message;
    EXPECT_TRUE(r.fields_defaulted) << fen;
    EXPECT_EQ(r.position.fen(), "8/8/8/8/8/8/Q7/K6k w - - 0 1") << fen;
  }
  FenResult black = Position::from_fen("8/8/8/8/8/8/Q7/K6k b");
  ASSERT_TRUE(black.ok()) << black.message;
  EXPECT_EQ(black.position.side_to_move(), Black);
  EXPECT_FALSE(Position::from_fen("8/8/8/8/8/8/Q7/K6k w - -").fields_defaulted);
  // The fields given are still checked.
  EXPECT_EQ(Position::from_fen("8/8/8/8/8/8/Q7/K6k x").error, FenError::SideToMove);
}

// Castling rights only Chess960 has make a Chess960 position in every variant, without being
// told (python-chess's atomic960 perft suite gives its positions so).
TEST(FenChess960, InferredFromCastlingRightsInEveryVariant) {
  for (Variant v : {Variant::Standard, Variant::Atomic, Variant::Antichess, Variant::Crazyhouse,
                    Variant::KingOfTheHill, Variant::ThreeCheck}) {
    FenResult r = Position::from_fen("8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1", v);
    ASSERT_TRUE(r.ok()) << int(v) << ": " << r.message;
    EXPECT_TRUE(r.position.is_chess960()) << int(v);
    EXPECT_EQ(r.position.variant(), v);
  }
  // A FEN standard rules read stays standard; one Chess960 cannot explain keeps its error.
  EXPECT_FALSE(
      Position::from_fen(std::string(Position::kStartFen), Variant::Atomic).position.is_chess960());
  EXPECT_EQ(Position::from_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1", Variant::Atomic).error,
            FenError::BadCastling);
}

TEST(FenRead, ClocksAndSurroundingSpaces) {
  FenResult r = Position::from_fen("  4k3/8/8/8/8/8/8/4K3 w - - 37 81  ");
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(r.position.halfmove_clock(), 37);
  EXPECT_EQ(r.position.fullmove_number(), 81);
  EXPECT_EQ(r.position.ply(), 160);
}

TEST(FenRead, EnPassantSquareKeptOnlyWhenACaptureIsPossible) {
  // After 1.e4 no black pawn can take: the square is dropped and the key equals the FEN's
  // without it.
  FenResult no_taker =
      Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  ASSERT_TRUE(no_taker.ok()) << no_taker.message;
  EXPECT_EQ(no_taker.position.ep_square(), NoSquare);
  EXPECT_EQ(no_taker.position.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  FenResult without = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
  EXPECT_EQ(no_taker.position.key(), without.position.key());

  // A black pawn on d4 can take.
  FenResult taker = Position::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
  ASSERT_TRUE(taker.ok()) << taker.message;
  EXPECT_EQ(taker.position.ep_square(), E3);
  EXPECT_NE(taker.position.key(),
            Position::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1").position.key());

  // The only capture would leave the king in check along the fourth rank.
  FenResult pinned = Position::from_fen("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1");
  ASSERT_TRUE(pinned.ok()) << pinned.message;
  EXPECT_EQ(pinned.position.ep_square(), NoSquare);
}

TEST(FenRead, StandardModeRejectsFilesOutsideTheCorners) {
  // Shredder letters are fine in standard chess when they name the corner rooks.
  FenResult r = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(r.position.castling_rights(), 15);
  EXPECT_EQ(r.position.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(r.position.fen(CastlingNotation::Shredder), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
}

TEST(FenChess960, KqMeansTheOutermostRook) {
  // Rooks on b1, d1 and g1 around a king on c1... e.g. king on e1 with rooks on a1, b1, g1, h1.
  FenResult r = Position::from_fen("rr2k1rr/8/8/8/8/8/8/RR2K1RR w KQkq - 0 1", true);
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(r.position.castling_rook(White, KingSide), H1);
  EXPECT_EQ(r.position.castling_rook(White, QueenSide), A1);
  EXPECT_EQ(r.position.castling_rook(Black, KingSide), H8);
  EXPECT_EQ(r.position.castling_rook(Black, QueenSide), A8);
}

TEST(FenChess960, InnerRookIsNamedByItsFile) {
  FenResult r = Position::from_fen("rr2k1rr/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1", true);
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(r.position.castling_rook(White, KingSide), G1);
  EXPECT_EQ(r.position.castling_rook(White, QueenSide), B1);
  EXPECT_EQ(r.position.fen(), "rr2k1rr/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1");
  EXPECT_EQ(r.position.fen(CastlingNotation::XFen), "rr2k1rr/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1");

  // Mixed: outermost on one side, inner on the other.
  FenResult mixed = Position::from_fen("4k3/8/8/8/8/8/8/RR2K2R w HB - 0 1", true);
  ASSERT_TRUE(mixed.ok()) << mixed.message;
  EXPECT_EQ(mixed.position.fen(CastlingNotation::XFen), "4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1");
  EXPECT_EQ(mixed.position.fen(CastlingNotation::Shredder), "4k3/8/8/8/8/8/8/RR2K2R w HB - 0 1");
}

TEST(FenChess960, ShredderAndXFenReadTheSame) {
  const char* shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
  const char* xfen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";
  FenResult a = Position::from_fen(shredder, true), b = Position::from_fen(xfen, true);
  ASSERT_TRUE(a.ok()) << a.message;
  ASSERT_TRUE(b.ok()) << b.message;
  EXPECT_EQ(a.position.key(), b.position.key());
  EXPECT_EQ(a.position.castling_rook(White, QueenSide), F1);
  EXPECT_EQ(a.position.castling_rook(Black, KingSide), H8);
  EXPECT_EQ(a.position.fen(), xfen);
  EXPECT_EQ(a.position.fen(CastlingNotation::Shredder), shredder);
  EXPECT_TRUE(a.position.is_chess960());
}

// Everything observable about a position, for round-trip comparisons.
void ExpectSamePosition(const Position& a, const Position& b, const std::string& context) {
  for (int s = 0; s < 64; ++s)
    ASSERT_EQ(a.piece_on(Square(s)), b.piece_on(Square(s))) << context << " square " << s;
  EXPECT_EQ(a.side_to_move(), b.side_to_move()) << context;
  EXPECT_EQ(a.castling_rights(), b.castling_rights()) << context;
  for (Color c : {White, Black})
    for (CastleSide side : {KingSide, QueenSide})
      if (a.can_castle(c, side)) {
        EXPECT_EQ(a.castling_rook(c, side), b.castling_rook(c, side)) << context;
        EXPECT_EQ(a.castling_path(c, side), b.castling_path(c, side)) << context;
      }
  EXPECT_EQ(a.ep_square(), b.ep_square()) << context;
  EXPECT_EQ(a.halfmove_clock(), b.halfmove_clock()) << context;
  EXPECT_EQ(a.fullmove_number(), b.fullmove_number()) << context;
  EXPECT_EQ(a.checkers(), b.checkers()) << context;
  EXPECT_EQ(a.key(), b.key()) << context;
}

// Walks the tree to `depth` and checks the round trip at every node; returns nodes visited.
int RoundTripTree(Position& pos, int depth, bool chess960) {
  int visited = 1;
  for (CastlingNotation notation :
       {CastlingNotation::Auto, CastlingNotation::XFen, CastlingNotation::Shredder}) {
    std::string fen = pos.fen(notation);
    FenResult again = Position::from_fen(fen, chess960);
    EXPECT_TRUE(again.ok()) << fen << ": " << again.message;
    if (!again.ok()) return visited;
    ExpectSamePosition(pos, again.position, fen);
    if (::testing::Test::HasFailure()) return visited;
  }
  if (depth == 0) return visited;
  MoveList moves;
  generate_legal(pos, moves);
  UndoInfo undo;
  for (Move m : moves) {
    pos.do_move(m, undo);
    visited += RoundTripTree(pos, depth - 1, chess960);
    pos.undo_move(m, undo);
    if (::testing::Test::HasFailure()) break;
  }
  return visited;
}

struct TreeCase {
  const char* fen;
  bool chess960;
};

class FenRoundTrip : public ::testing::TestWithParam<TreeCase> {};

TEST_P(FenRoundTrip, EveryPositionToDepthThreeSurvivesWriteAndRead) {
  FenResult r = Position::from_fen(GetParam().fen, GetParam().chess960);
  ASSERT_TRUE(r.ok()) << r.message;
  int visited = RoundTripTree(r.position, 3, GetParam().chess960);
  EXPECT_GT(visited, 100);
}

INSTANTIATE_TEST_SUITE_P(
    PerftPositions, FenRoundTrip,
    ::testing::Values(
        TreeCase{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
        TreeCase{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
        TreeCase{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false},
        TreeCase{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false},
        TreeCase{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false},
        TreeCase{"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", false},
        TreeCase{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
        TreeCase{"bnqnrbkr/1pp2pp1/p7/3pP2p/4P1P1/8/PPPP3P/BNQNRBKR w HEhe d6 0 9", true},
        TreeCase{"n1rk1qbb/pppprpp1/2n4p/4p3/2PP3P/8/PP2PPP1/NNRKRQBB w ECc - 1 9", true},
        TreeCase{"rr2k1rr/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1", true}));

}  // namespace
}  // namespace pgn
