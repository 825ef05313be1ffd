// Position: make/unmake, hashing, legality of arbitrary moves, check detection, the SAN fast
// path, Chess960 castling and the game-end queries.
#include "libpgn/position.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace pgn {
namespace {

Position FromFen(const char* fen, bool chess960 = false) {
  FenResult r = Position::from_fen(fen, chess960);
  EXPECT_TRUE(r.ok()) << fen << ": " << r.message;
  return r.position;
}

Move FindMove(const Position& pos, const std::string& uci) {
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves)
    if (to_uci(pos, m) == uci) return m;
  ADD_FAILURE() << "no legal move " << uci << " in " << pos.fen();
  return Move::null();
}

const char* const kTreeFens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
};
const char* const kTree960Fens[] = {
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "n1rk1qbb/pppprpp1/2n4p/4p3/2PP3P/8/PP2PPP1/NNRKRQBB w ECc - 1 9",
    "nnrkrbbq/pppp2pp/8/4pp2/4P3/P7/1PPPBPPP/NNKRR1BQ w c - 0 9",
};

// Calls `visit` on every position of the tree below `pos` to `depth` plies.
void ForEachNode(Position& pos, int depth, const std::function<void(Position&)>& visit) {
  visit(pos);
  if (depth == 0 || ::testing::Test::HasFailure()) return;
  MoveList moves;
  generate_legal(pos, moves);
  UndoInfo undo;
  for (Move m : moves) {
    pos.do_move(m, undo);
    ForEachNode(pos, depth - 1, visit);
    pos.undo_move(m, undo);
  }
}

void ForEachTreeNode(int depth, const std::function<void(Position&)>& visit) {
  for (const char* fen : kTreeFens) {
    Position pos = FromFen(fen);
    ForEachNode(pos, depth, visit);
  }
  for (const char* fen : kTree960Fens) {
    Position pos = FromFen(fen, true);
    ForEachNode(pos, depth, visit);
  }
}

TEST(Position, DefaultIsTheStartPosition) {
  Position pos;
  EXPECT_EQ(pos.fen(), std::string(Position::kStartFen));
  EXPECT_EQ(pos.key(), FromFen(Position::kStartFen.data()).key());
  EXPECT_FALSE(pos.is_chess960());
}

TEST(Position, UndoRestoresEverythingAndKeysMatchAFreshParse) {
  ForEachTreeNode(3, [](Position& pos) {
    const Position before = pos;
    const std::string fen = pos.fen(CastlingNotation::Shredder);
    // The incrementally kept key and check state equal those computed from scratch.
    Position fresh = FromFen(fen.c_str(), pos.is_chess960());
    ASSERT_EQ(pos.key(), fresh.key()) << fen;
    ASSERT_EQ(pos.checkers(), fresh.checkers()) << fen;
    MoveList moves;
    generate_legal(pos, moves);
    for (Move m : moves) {
      UndoInfo undo;
      pos.do_move(m, undo);
      pos.undo_move(m, undo);
      ASSERT_EQ(pos.fen(CastlingNotation::Shredder), fen) << to_uci(pos, m);
      ASSERT_EQ(pos.key(), before.key()) << fen << " " << to_uci(pos, m);
      ASSERT_EQ(pos.checkers(), before.checkers());
    }
  });
}

TEST(Position, IsLegalAgreesWithTheGeneratorOnEverySixteenBitValue) {
  const char* fens[] = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
      "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
  };
  for (const char* fen : fens) {
    Position pos = FromFen(fen);
    MoveList legal;
    generate_legal(pos, legal);
    int accepted = 0;
    for (int from = 0; from < 64; ++from)
      for (int to = 0; to < 64; ++to)
        for (int kind = 0; kind < 4; ++kind)
          for (int promo = Knight; promo <= Queen; ++promo) {
            Move m{Square(from), Square(to), Move::Kind(kind), PieceType(promo)};
            bool expected = legal.contains(m);
            ASSERT_EQ(pos.is_legal(m), expected) << fen << " raw " << m.raw();
            accepted += expected;
          }
    EXPECT_EQ(accepted, legal.size) << fen;
  }
  // A 960 position where castling moves are king-takes-rook.
  Position c960 = FromFen("4k3/8/8/8/8/8/8/RR2K2R w HB - 0 1", true);
  EXPECT_TRUE(c960.is_legal(Move(E1, H1, Move::Castling)));
  EXPECT_TRUE(c960.is_legal(Move(E1, B1, Move::Castling)));
  EXPECT_FALSE(c960.is_legal(Move(E1, A1, Move::Castling)));
  EXPECT_FALSE(c960.is_legal(Move(E1, G1, Move::Castling)));
  EXPECT_FALSE(c960.is_legal(Move::null()));
}

TEST(Position, GivesCheckMatchesTheResultingPosition) {
  int checks = 0;
  ForEachTreeNode(2, [&checks](Position& pos) {
    MoveList moves;
    generate_legal(pos, moves);
    for (Move m : moves) {
      bool predicted = pos.gives_check(m);
      UndoInfo undo;
      pos.do_move(m, undo);
      bool actual = pos.in_check();
      pos.undo_move(m, undo);
      ASSERT_EQ(predicted, actual) << pos.fen() << " " << to_uci(pos, m);
      checks += actual;
    }
  });
  EXPECT_GT(checks, 100);
}

TEST(Position, GivesCheckSpecialMoves) {
  // Castling where the rook gives check.
  Position castle = FromFen("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
  EXPECT_TRUE(castle.gives_check(Move(E1, H1, Move::Castling)));
  // The pawn that captures en passant checks from its new square.
  Position ep = FromFen("8/8/8/8/2pP4/8/4K3/k7 b - d3 0 1");
  EXPECT_TRUE(ep.gives_check(Move(C4, D3, Move::EnPassant)));
  // En passant empties two squares of the fifth rank and uncovers the a5 rook.
  Position discovered = FromFen("8/8/8/R1pP3k/8/8/8/K7 w - c6 0 1");
  ASSERT_EQ(discovered.ep_square(), C6);
  EXPECT_TRUE(discovered.gives_check(Move(D5, C6, Move::EnPassant)));
  // Under-promotion to a checking knight, and promotions that do not check.
  Position far = FromFen("8/4P3/8/3k4/8/8/8/K7 w - - 0 1");
  EXPECT_FALSE(far.gives_check(Move(E7, E8, Move::Promotion, Knight)));
  Position near = FromFen("8/4P3/3k4/8/8/8/8/K7 w - - 0 1");
  EXPECT_TRUE(near.gives_check(Move(E7, E8, Move::Promotion, Knight)));
  EXPECT_FALSE(near.gives_check(Move(E7, E8, Move::Promotion, Rook)));
  // A discovered check by a plain piece move.
  Position uncovered = FromFen("4k3/8/8/8/8/4N3/8/K3R3 w - - 0 1");
  EXPECT_TRUE(uncovered.gives_check(Move(E3, C4)));
}

// do_move looks for a discovered check only along the line from the king through the square
// the piece left, in that line's slider table: a rook behind a file or rank, a bishop behind
// a diagonal, a queen behind either; the other kind of slider behind that line never checks.
TEST(Position, CheckersAfterDiscoveredChecksOnEitherKindOfLine) {
  struct Case {
    const char* fen;
    const char* uci;
    Bitboard checkers;
  };
  const Case cases[] = {
      {"4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1", "e4c3", square_bb(E1)},
      {"4k3/8/2N5/8/B7/8/8/K7 w - - 0 1", "c6a5", square_bb(A4)},
      {"4k3/8/2N5/8/Q7/8/8/K7 w - - 0 1", "c6a5", square_bb(A4)},
      {"4k3/8/8/8/4N3/8/8/K3Q3 w - - 0 1", "e4c3", square_bb(E1)},
      // Direct and discovered at once.
      {"4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1", "e4d6", square_bb(E1) | square_bb(D6)},
      // The wrong kind of slider behind the vacated square.
      {"4k3/8/8/8/4N3/8/8/K3B3 w - - 0 1", "e4c3", 0},
      {"4k3/8/2N5/8/R7/8/8/K7 w - - 0 1", "c6a5", 0},
      // The slider stays covered by a man further along the line.
      {"4k3/4p3/8/8/4N3/8/8/K3R3 w - - 0 1", "e4c3", 0},
      // Black's discovery along a rank.
      {"k7/8/8/8/8/8/8/r2n2K1 b - - 0 1", "d1c3", square_bb(A1)},
  };
  for (const Case& c : cases) {
    Position pos = FromFen(c.fen);
    UndoInfo undo;
    pos.do_move(FindMove(pos, c.uci), undo);
    EXPECT_EQ(pos.checkers(), c.checkers) << c.fen << " " << c.uci;
    EXPECT_EQ(pos.checkers(), FromFen(pos.fen().c_str()).checkers()) << c.fen << " " << c.uci;
  }
}

TEST(Position, CapturedPiece) {
  ForEachTreeNode(2, [](Position& pos) {
    MoveList moves;
    generate_legal(pos, moves);
    for (Move m : moves) {
      Piece predicted = pos.captured_piece(m);
      UndoInfo undo;
      pos.do_move(m, undo);
      pos.undo_move(m, undo);
      ASSERT_EQ(predicted, undo.captured) << pos.fen() << " " << to_uci(pos, m);
    }
  });
  Position ep = FromFen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  EXPECT_EQ(ep.captured_piece(Move(E5, F6, Move::EnPassant)), BlackPawn);
}

TEST(Position, GenerateLegalToIsTheFilteredFullList) {
  ForEachTreeNode(2, [](Position& pos) {
    MoveList all;
    generate_legal(pos, all);
    for (int to = 0; to < 64; ++to) {
      for (int type = NoPieceType; type <= King; ++type) {
        MoveList expected, got;
        for (Move m : all) {
          PieceType moving = type_of(pos.piece_on(m.from()));
          if (m.to() == Square(to) && (type == NoPieceType || type == moving)) expected.push(m);
        }
        generate_legal_to(pos, Square(to), PieceType(type), got);
        ASSERT_EQ(got.size, expected.size) << pos.fen() << " to " << to << " type " << type;
        for (Move m : expected) ASSERT_TRUE(got.contains(m));
      }
    }
  });
}

TEST(Position, AttackQueries) {
  Position pos = FromFen("4k3/8/8/8/1b6/8/3P4/4K2R w K - 0 1");
  EXPECT_EQ(pos.pinned(White), square_bb(D2));
  EXPECT_EQ(pos.pinned(Black), 0u);
  EXPECT_TRUE(pos.is_attacked(F1, White));
  EXPECT_TRUE(pos.is_attacked(C3, Black));
  EXPECT_FALSE(pos.is_attacked(E1, Black));
  EXPECT_EQ(pos.attackers_to(E2, pos.pieces()), square_bb(E1));
  EXPECT_EQ(pos.attackers_to(H5, pos.pieces()), square_bb(H1));
  // With d2 gone, the bishop reaches e1.
  EXPECT_EQ(pos.attackers_to(E1, pos.pieces() ^ square_bb(D2)) & pos.pieces(Black), square_bb(B4));
}

TEST(Position, CastlingStandardAndUciText) {
  Position pos = FromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  Move short_castle = FindMove(pos, "e1g1");
  EXPECT_EQ(short_castle, Move(E1, H1, Move::Castling));
  pos.play(short_castle);
  EXPECT_EQ(pos.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  Move long_castle = FindMove(pos, "e8c8");
  pos.play(long_castle);
  EXPECT_EQ(pos.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

// write_uci writes the text to_uci writes from the move and the game's Chess960 flag alone:
// standard castling as the king's two-square move on either back rank, Chess960 castling as
// king takes rook, promotions, drops, a king promotion and the null move.
TEST(Position, UciTextWithoutThePosition) {
  const auto uci = [](Move m, bool chess960) {
    char text[5];
    return std::string(text, write_uci(m, chess960, text));
  };
  EXPECT_EQ(uci(Move(E1, H1, Move::Castling), false), "e1g1");
  EXPECT_EQ(uci(Move(E1, A1, Move::Castling), false), "e1c1");
  EXPECT_EQ(uci(Move(E8, H8, Move::Castling), false), "e8g8");
  EXPECT_EQ(uci(Move(E8, A8, Move::Castling), false), "e8c8");
  EXPECT_EQ(uci(Move(E8, H8, Move::Castling), true), "e8h8");
  EXPECT_EQ(uci(Move(B1, A1, Move::Castling), true), "b1a1");
  EXPECT_EQ(uci(Move(G1, F3), false), "g1f3");
  EXPECT_EQ(uci(Move(B2, A1, Move::Promotion, Queen), false), "b2a1q");
  EXPECT_EQ(uci(Move(G7, G8, Move::Promotion, Knight), true), "g7g8n");
  EXPECT_EQ(uci(Move(E5, D6, Move::EnPassant), false), "e5d6");
  EXPECT_EQ(uci(Move::drop(Pawn, E4), false), "P@e4");
  EXPECT_EQ(uci(Move::drop(Queen, H8), false), "Q@h8");
  EXPECT_EQ(uci(Move::king_promotion(A7, A8), false), "a7a8k");
  EXPECT_EQ(uci(Move::null(), false), "0000");
  // Every legal move of positions with castling on both wings, in both kinds of chess.
  for (const char* fen :
       {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"}) {
    for (bool chess960 : {false, true}) {
      const Position pos = FromFen(fen, chess960);
      MoveList moves;
      generate_legal(pos, moves);
      for (Move m : moves) EXPECT_EQ(uci(m, pos.is_chess960()), to_uci(pos, m)) << fen;
    }
  }
}

TEST(Position, CastlingChess960Shapes) {
  struct Case {
    const char* fen;
    const char* uci;
    const char* after;
  };
  const Case cases[] = {
      // King already on g1: only the rook moves.
      {"6kr/8/8/8/8/8/8/6KR w Hh - 0 1", "g1h1", "6kr/8/8/8/8/8/8/5RK1 b h - 1 1"},
      // Rook already on f1: only the king moves.
      {"4k3/8/8/8/8/8/8/4KR2 w F - 0 1", "e1f1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
      // King lands on the rook's square and the rook on the king's.
      {"4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
      // Queen side with the king on b1 moving right.
      {"4k3/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},
      // Queen side where the rook stays on d1.
      {"4k3/8/8/8/8/8/8/3RK3 w D - 0 1", "e1d1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},
  };
  for (const Case& c : cases) {
    Position pos = FromFen(c.fen, true);
    Move m = FindMove(pos, c.uci);
    ASSERT_EQ(m.kind(), Move::Castling) << c.fen;
    const std::uint64_t key_before = pos.key();
    UndoInfo undo;
    pos.do_move(m, undo);
    EXPECT_EQ(pos.fen(CastlingNotation::Shredder), c.after) << c.fen;
    EXPECT_EQ(pos.key(), FromFen(c.after, true).key()) << c.fen;
    pos.undo_move(m, undo);
    EXPECT_EQ(pos.fen(CastlingNotation::Shredder), c.fen);
    EXPECT_EQ(pos.key(), key_before);
  }
}

TEST(Position, Chess960CastlingRespectsTheRookShield) {
  // The b1 rook hides c1 from the a1 queen; after castling it stands on d1 and the king on
  // c1 would be in check, so castling is illegal.
  Position shielded = FromFen("6k1/8/8/8/8/8/8/qRK5 w B - 0 1", true);
  MoveList moves;
  generate_legal(shielded, moves);
  for (Move m : moves) EXPECT_NE(m.kind(), Move::Castling) << to_uci(shielded, m);
  // Castling through an attacked square is illegal; the same with the attacker gone is fine.
  Position through = FromFen("5rk1/8/8/8/8/8/8/4K2R w K - 0 1");
  EXPECT_FALSE(through.is_legal(Move(E1, H1, Move::Castling)));
  Position free = FromFen("6k1/8/8/8/8/8/8/4K2R w K - 0 1");
  EXPECT_TRUE(free.is_legal(Move(E1, H1, Move::Castling)));
  EXPECT_EQ(to_uci(free, Move(E1, H1, Move::Castling)), "e1g1");
  Position free960 = FromFen("6k1/8/8/8/8/8/8/4K2R w K - 0 1", true);
  EXPECT_EQ(to_uci(free960, Move(E1, H1, Move::Castling)), "e1h1");
}

TEST(Position, CastlingRightsLostByMovesAndCaptures) {
  Position pos = FromFen("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
  pos.play(FindMove(pos, "g2h1"));  // bishop takes the h1 rook
  EXPECT_FALSE(pos.can_castle(White, KingSide));
  EXPECT_TRUE(pos.can_castle(White, QueenSide));
  pos.play(FindMove(pos, "a1b1"));
  EXPECT_FALSE(pos.can_castle(White, QueenSide));
  pos.play(FindMove(pos, "e8e7"));
  EXPECT_EQ(pos.castling_rights(), 0);
  EXPECT_EQ(pos.key(), FromFen(pos.fen().c_str()).key());
}

TEST(Position, EnPassantSquareOnlyWhenCapturable) {
  Position pos;
  pos.play(FindMove(pos, "e2e4"));
  EXPECT_EQ(pos.ep_square(), NoSquare);  // nothing can take on e3
  pos.play(FindMove(pos, "d7d5"));
  pos.play(FindMove(pos, "e4e5"));
  pos.play(FindMove(pos, "f7f5"));
  EXPECT_EQ(pos.ep_square(), F6);
  Move ep = FindMove(pos, "e5f6");
  EXPECT_EQ(ep.kind(), Move::EnPassant);
  pos.play(ep);
  EXPECT_EQ(pos.piece_on(F5), NoPiece);
  EXPECT_EQ(pos.piece_on(F6), WhitePawn);
  EXPECT_EQ(pos.fen(), "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");

  // Two pawns could take on d3, but the e4 pawn is pinned on the long diagonal.
  Position two = FromFen("k7/8/8/8/2pPp3/8/8/4K2B b - d3 0 1");
  EXPECT_EQ(two.ep_square(), D3);
  MoveList moves;
  generate_legal(two, moves);
  EXPECT_TRUE(moves.contains(Move(C4, D3, Move::EnPassant)));
  EXPECT_FALSE(moves.contains(Move(E4, D3, Move::EnPassant)));
  EXPECT_FALSE(two.is_legal(Move(E4, D3, Move::EnPassant)));
}

TEST(Position, NullMove) {
  Position pos = FromFen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  const std::uint64_t key = pos.key();
  pos.play_null();
  EXPECT_EQ(pos.side_to_move(), Black);
  EXPECT_EQ(pos.ep_square(), NoSquare);
  EXPECT_EQ(pos.key(), FromFen(pos.fen().c_str()).key());
  EXPECT_NE(pos.key(), key);
  pos.play_null();
  EXPECT_EQ(pos.side_to_move(), White);
  EXPECT_EQ(pos.fullmove_number(), 4);
  EXPECT_EQ(pos.key(),
            FromFen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 2 4").key());
}

TEST(Position, CheckmateAndStalemate) {
  Position fools = FromFen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  EXPECT_TRUE(fools.in_check());
  EXPECT_TRUE(fools.is_checkmate());
  EXPECT_FALSE(fools.is_stalemate());
  EXPECT_FALSE(fools.has_legal_move());

  Position stalemate = FromFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  EXPECT_TRUE(stalemate.is_stalemate());
  EXPECT_FALSE(stalemate.is_checkmate());

  // In check but with an escape.
  Position check = FromFen("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1");
  EXPECT_FALSE(check.is_checkmate());
  EXPECT_FALSE(check.is_stalemate());
  // Smothered mate.
  Position smothered = FromFen("6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1");
  EXPECT_TRUE(smothered.is_checkmate());
  // Double check: the queen could take the knight, but only king moves are legal.
  Position double_check = FromFen("q3k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1");
  MoveList moves;
  generate_legal(double_check, moves);
  EXPECT_EQ(moves.size, 3);
  for (Move m : moves) EXPECT_EQ(m.from(), E8);
}

TEST(Position, InsufficientMaterial) {
  struct Case {
    const char* fen;
    bool white_cannot_mate;
    bool black_cannot_mate;
  };
  const Case cases[] = {
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, true},        // bare kings
      {"4k3/8/8/8/8/8/8/2N1K3 w - - 0 1", true, true},      // king and knight
      {"4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true, true},      // king and bishop
      {"4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1", true, true},     // bishops on one colour (a1, c1)
      {"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true, true},     // c1 and f8: both dark
      {"4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", false, false},  // c1 dark, g8 light: helpmates
      {"4k3/8/8/8/8/8/8/1BB1K3 w - - 0 1", false, true},    // bishop pair mates
      {"4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", false, true},    // knight and bishop mate
      {"4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", false, true},    // two knights: mate exists
      {"4k3/4p3/8/8/8/8/8/2N1K3 w - - 0 1", false, false},  // the pawn can box its king in
      {"4kn2/8/8/8/8/8/8/2N1K3 w - - 0 1", false, false},   // knight against knight
      {"4k3/4r3/8/8/8/8/8/2B1K3 w - - 0 1", false, false},  // rook might block a flight square
      {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false, true},     // a pawn can promote
  };
  for (const Case& c : cases) {
    Position pos = FromFen(c.fen);
    EXPECT_EQ(pos.has_insufficient_material(White), c.white_cannot_mate) << c.fen;
    EXPECT_EQ(pos.has_insufficient_material(Black), c.black_cannot_mate) << c.fen;
    EXPECT_EQ(pos.is_insufficient_material(), c.white_cannot_mate && c.black_cannot_mate) << c.fen;
  }
}

TEST(Position, ThreadsShareTheTablesSafely) {
  // Every thread walks the same tree; the tables are constants, so all must agree.
  std::vector<std::uint64_t> counts(4);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < counts.size(); ++i)
    threads.emplace_back([&counts, i] {
      Position pos =
          FromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
      counts[i] = perft(pos, 3);
    });
  for (auto& t : threads) t.join();
  for (std::uint64_t n : counts) EXPECT_EQ(n, 97862u);
}

}  // namespace
}  // namespace pgn
