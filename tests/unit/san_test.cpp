// resolve_move, describe_move_error and the SAN / long algebraic writer on hand-built
// positions: one test per reason a move can fail, and the canonical forms of the standard.
#include "libpgn/san.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/notation.hpp"
#include "libpgn/position.hpp"
#include "notation/san.hpp"

namespace pgn {
namespace {

Position from_fen(std::string_view fen, bool chess960 = false) {
  FenResult result = Position::from_fen(fen, chess960);
  EXPECT_TRUE(result.ok()) << fen << ": " << result.message;
  return result.position;
}

MoveText parsed(std::string_view token, const Notation* notation = nullptr) {
  MoveText text;
  MoveTextError error;
  EXPECT_EQ(parse_move_text(token, text, error, notation), token.size()) << token;
  return text;
}

MoveResolution resolve(const Position& pos, std::string_view token) {
  return resolve_move(pos, parsed(token));
}

// The explanation for an illegal move (empty when the move is legal).
std::string why(const Position& pos, std::string_view token) {
  const MoveText text = parsed(token);
  const MoveResolution r = resolve_move(pos, text);
  return r.ok() ? std::string() : describe_move_error(pos, text, r);
}

// Plays SAN moves, failing the test on the first one that does not resolve.
Position after(std::initializer_list<std::string_view> moves, Position pos = Position()) {
  for (std::string_view token : moves) {
    const MoveResolution r = resolve(pos, token);
    EXPECT_TRUE(r.ok()) << token << ": " << describe_move_error(pos, parsed(token), r);
    if (!r.ok()) break;
    pos.play(r.move);
  }
  return pos;
}

std::string san(const Position& pos, Move m, const Notation* notation = nullptr) {
  std::string out;
  append_san(pos, m, out, notation);
  return out;
}

std::string lan(const Position& pos, Move m, const Notation* notation = nullptr) {
  std::string out;
  append_lan(pos, m, out, notation);
  return out;
}

// The SAN the writer gives for the move `token` resolves to.
std::string canonical(const Position& pos, std::string_view token) {
  const MoveResolution r = resolve(pos, token);
  EXPECT_TRUE(r.ok()) << token;
  return r.ok() ? san(pos, r.move) : std::string();
}

TEST(Resolve, PlainMovesAndForms) {
  const Position start;
  EXPECT_EQ(resolve(start, "e4").move, Move(E2, E4));
  EXPECT_EQ(resolve(start, "Nf3").move, Move(G1, F3));
  EXPECT_EQ(resolve(start, "Ngf3").move, Move(G1, F3));  // superfluous file
  EXPECT_EQ(resolve(start, "N1f3").move, Move(G1, F3));  // superfluous rank
  EXPECT_EQ(resolve(start, "Ng1f3").move, Move(G1, F3));
  EXPECT_EQ(resolve(start, "Ng1-f3").move, Move(G1, F3));
  EXPECT_EQ(resolve(start, "g1f3").move, Move(G1, F3));  // the piece on g1 decides
  EXPECT_EQ(resolve(start, "e2-e4").move, Move(E2, E4));
  EXPECT_EQ(resolve(start, "nf3").move, Move(G1, F3));
  const Position open = after({"e4", "d5"});
  EXPECT_EQ(resolve(open, "exd5").move, Move(E4, D5));
  EXPECT_EQ(resolve(open, "e:d5").move, Move(E4, D5));
  EXPECT_EQ(resolve(open, "e4xd5").move, Move(E4, D5));
  EXPECT_EQ(resolve(open, "ed5").move, Move(E4, D5));
  EXPECT_EQ(resolve(open, "xd5").move, Move(E4, D5));
  EXPECT_EQ(resolve(open, "e5").move, Move(E4, E5));
  EXPECT_FALSE(resolve(open, "exe5").ok());  // a capture sign on a straight pawn move
}

TEST(Resolve, LindemannEchtermeyerMate) {
  // Lindemann - Echtermeyer, Kiel 1893.
  Position pos = after({"e4", "d5", "exd5", "Qxd5", "Ke2"});
  const MoveResolution r = resolve(pos, "Qe4#");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(san(pos, r.move), "Qe4#");
  pos.play(r.move);
  EXPECT_TRUE(pos.is_checkmate());
}

TEST(Resolve, NoSuchPiece) {
  const Position start;
  EXPECT_EQ(resolve(start, "Nd4").error, MoveError::NoSuchPiece);
  EXPECT_EQ(why(start, "Nd4"), "no white knight can reach d4");
  EXPECT_EQ(why(start, "Qh5"), "no white queen can reach h5");
  EXPECT_EQ(why(after({"e4"}), "Nf3"), "no black knight can reach f3");
  EXPECT_EQ(why(start, "Nbd4"), "no white knight on the b-file can reach d4");
  EXPECT_EQ(why(start, "Ng1e2"), "e2 is occupied by a white pawn");
  EXPECT_EQ(why(start, "e5"), "no white pawn can reach e5");
  EXPECT_EQ(why(start, "exd3"), "no white pawn on the e-file can capture on d3");
  EXPECT_EQ(why(from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "Qd4"), "white has no queen");
}

TEST(Resolve, Pinned) {
  const Position pos = from_fen("r1bqkb1r/pppn1ppp/8/1B1pp3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 1");
  const MoveResolution r = resolve(pos, "Nf6");
  EXPECT_EQ(r.error, MoveError::Pinned);
  EXPECT_EQ(r.culprit, B5);
  EXPECT_EQ(why(pos, "Nf6"), "the knight on d7 is pinned by the bishop on b5");
  EXPECT_EQ(std::string(move_error_code(r.error)), "illegal-move");
}

TEST(Resolve, KingInCheck) {
  // 1.f3 e5 2.g4 Qh4#: the king cannot step into the queen's diagonal.
  const Position mated = after({"f3", "e5", "g4", "Qh4#"});
  EXPECT_TRUE(mated.is_checkmate());
  const MoveResolution king = resolve(mated, "Kf2");
  EXPECT_EQ(king.error, MoveError::KingInCheck);
  EXPECT_EQ(king.culprit, H4);
  EXPECT_EQ(why(mated, "Kf2"), "the king cannot go to f2, attacked by the queen on h4");
  EXPECT_EQ(why(mated, "a3"), "the move leaves the king in check from the queen on h4");

  // A queen move that ignores a check (the rook on a1 gives it).
  const Position checked = from_fen("4k3/8/8/8/8/8/3Q4/r3K3 w - - 0 1");
  EXPECT_TRUE(resolve(checked, "Qd1").ok());
  const MoveResolution ignored = resolve(checked, "Qd3");
  EXPECT_EQ(ignored.error, MoveError::KingInCheck);
  EXPECT_EQ(ignored.culprit, A1);
  EXPECT_EQ(why(checked, "Qd3"), "the move leaves the king in check from the rook on a1");

  // En passant that uncovers a rank attack on the king.
  const Position rank = from_fen("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2");
  const MoveResolution ep = resolve(rank, "bxc6");
  EXPECT_FALSE(ep.ok());
  EXPECT_EQ(why(rank, "bxc6"), "the move exposes the king to the rook on h5");
}

TEST(Resolve, Castling) {
  const Position open = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(resolve(open, "O-O").move, Move(E1, H1, Move::Castling));
  EXPECT_EQ(resolve(open, "0-0-0").move, Move(E1, A1, Move::Castling));
  // A king move written as castling, and UCI forms.
  EXPECT_EQ(resolve(open, "Ke1g1").move, Move(E1, H1, Move::Castling));
  EXPECT_EQ(resolve(open, "e1g1").move, Move(E1, H1, Move::Castling));
  EXPECT_EQ(resolve(open, "e1c1").move, Move(E1, A1, Move::Castling));
  EXPECT_EQ(resolve(open, "e1h1").move, Move(E1, H1, Move::Castling));
  EXPECT_EQ(san(open, Move(E1, H1, Move::Castling)), "O-O");
  EXPECT_EQ(san(open, Move(E1, A1, Move::Castling)), "O-O-O");

  const Position out_of_check = from_fen("4k3/8/8/8/8/8/8/R3K2r w Q - 0 1");
  EXPECT_EQ(resolve(out_of_check, "O-O-O").error, MoveError::CastleOutOfCheck);
  EXPECT_EQ(why(out_of_check, "O-O-O"), "white cannot castle while in check from the rook on h1");

  const Position through = from_fen("4k3/8/8/8/2b5/8/8/4K2R w K - 0 1");
  const MoveResolution r = resolve(through, "O-O");
  EXPECT_EQ(r.error, MoveError::CastleThroughCheck);
  EXPECT_EQ(r.culprit, F1);
  EXPECT_EQ(why(through, "O-O"), "king passes through f1, attacked by the bishop on c4");

  const Position into = from_fen("4k3/8/8/8/8/7n/8/4K2R w K - 0 1");
  EXPECT_EQ(resolve(into, "O-O").error, MoveError::CastleIntoCheck);
  EXPECT_EQ(why(into, "O-O"), "the king would land on g1, attacked by the knight on h3");

  EXPECT_EQ(resolve(from_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1"), "O-O").error,
            MoveError::CastleRightLost);
  EXPECT_EQ(why(from_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1"), "O-O"),
            "white cannot castle king side: the king or the rook on h1 has moved");
  EXPECT_EQ(why(from_fen("4k3/8/8/8/8/8/8/5K1R w - - 0 1"), "O-O"),
            "white cannot castle king side: the king has moved");
  EXPECT_EQ(why(from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), "O-O"),
            "white cannot castle king side: there is no rook on h1");
  EXPECT_EQ(why(from_fen("r3k3/8/8/8/8/8/8/4K3 b q - 0 1"), "O-O"),
            "black cannot castle king side: there is no rook on h8");

  const Position start;
  EXPECT_EQ(resolve(start, "O-O").error, MoveError::CastleBlocked);
  EXPECT_EQ(resolve(start, "O-O").culprit, F1);
  EXPECT_EQ(why(start, "O-O"), "white cannot castle king side: the bishop on f1 is in the way");
  EXPECT_EQ(why(start, "O-O-O"), "white cannot castle queen side: the queen on d1 is in the way");
  EXPECT_EQ(why(start, "e1g1"), "white cannot castle king side: the bishop on f1 is in the way");

  // Castling that gives check.
  const Position check = from_fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
  EXPECT_EQ(canonical(check, "O-O"), "O-O+");
}

TEST(Resolve, Chess960Castling) {
  // King f1, rook g1: castling king side moves the king one square and the rook past it.
  const Position pos = from_fen("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", true);
  ASSERT_TRUE(pos.is_chess960());
  EXPECT_EQ(resolve(pos, "O-O").move, Move(F1, G1, Move::Castling));
  EXPECT_EQ(resolve(pos, "f1g1").move, Move(F1, G1, Move::Castling));  // king takes rook
  EXPECT_EQ(san(pos, Move(F1, G1, Move::Castling)), "O-O");
  EXPECT_EQ(lan(pos, Move(F1, G1, Move::Castling)), "O-O");

  // Queen side with king b1 and rook a1: the king goes to c1, the rook to d1.
  const Position queen_side = from_fen("1k6/8/8/8/8/8/8/RK6 w A - 0 1", true);
  EXPECT_EQ(resolve(queen_side, "O-O-O").move, Move(B1, A1, Move::Castling));
  EXPECT_EQ(canonical(queen_side, "O-O-O"), "O-O-O");
  // The castling rook on b1 shields the king on c1 from the queen on a1; after castling
  // (king stays on c1, rook goes to d1) the king would stand in check.
  const Position into = from_fen("7k/8/8/8/8/8/8/qRK5 w B - 0 1", true);
  EXPECT_FALSE(into.in_check());
  EXPECT_EQ(resolve(into, "O-O-O").error, MoveError::CastleIntoCheck);
  EXPECT_EQ(why(into, "O-O-O"), "the king would land on c1, attacked by the queen on a1");
}

TEST(Resolve, EnPassant) {
  const Position no_right = from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(resolve(no_right, "exd6").error, MoveError::EnPassantUnavailable);
  EXPECT_EQ(why(no_right, "exd6"),
            "no en passant capture on d6: the pawn on d5 did not just advance two squares");
  const Position nothing = from_fen("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(why(nothing, "exd6"), "no en passant capture on d6: there is nothing to capture");

  const Position right = after({"e4", "a6", "e5", "d5"});
  EXPECT_EQ(resolve(right, "exd6").move, Move(E5, D6, Move::EnPassant));
  EXPECT_EQ(resolve(right, "exd6e.p.").move, Move(E5, D6, Move::EnPassant));
  EXPECT_EQ(resolve(right, "e5d6").move, Move(E5, D6, Move::EnPassant));
  EXPECT_EQ(canonical(right, "exd6ep"), "exd6");
}

// Issue 16 item 17: a pawn capture written as a push is illegal, and the error says what was
// probably meant; "xd5" (capture sign, no file) still reads.
TEST(Resolve, CaptureWrittenAsPush) {
  const Position scandinavian = after({"e4", "d5"});
  EXPECT_EQ(resolve(scandinavian, "d5").error, MoveError::CaptureWrittenAsPush);
  EXPECT_EQ(why(scandinavian, "d5"),
            "no white pawn can move straight to d5; a pawn capture names the file it leaves: "
            "probably exd5 was meant");
  EXPECT_EQ(resolve(scandinavian, "exd5").move, Move(E4, D5));
  EXPECT_EQ(resolve(scandinavian, "xd5").move, Move(E4, D5));
  const Position two = from_fen("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1");
  EXPECT_EQ(why(two, "d5"),
            "no white pawn can move straight to d5; a pawn capture names the file it leaves: "
            "probably cxd5 or exd5 was meant");
  const Position en_passant = after({"e4", "d5", "e5", "f5"});
  EXPECT_EQ(resolve(en_passant, "f6").error, MoveError::CaptureWrittenAsPush);
  EXPECT_EQ(resolve(en_passant, "exf6").move, Move(E5, F6, Move::EnPassant));
  // A push that is a push is untouched.
  EXPECT_EQ(resolve(after({"e4", "d5"}), "d4").move, Move(D2, D4));
}

TEST(Resolve, Promotion) {
  const Position pos = from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(resolve(pos, "a8").error, MoveError::PromotionMissing);
  EXPECT_EQ(why(pos, "a8"), "pawn reaches the last rank without a promotion piece");
  EXPECT_EQ(resolve(pos, "a8=Q").move, Move(A7, A8, Move::Promotion, Queen));
  EXPECT_EQ(resolve(pos, "a8N").move, Move(A7, A8, Move::Promotion, Knight));
  EXPECT_EQ(resolve(pos, "a8(R)").move, Move(A7, A8, Move::Promotion, Rook));
  EXPECT_EQ(resolve(pos, "a7a8b").move, Move(A7, A8, Move::Promotion, Bishop));
  EXPECT_EQ(canonical(pos, "a8Q"), "a8=Q+");
  EXPECT_EQ(canonical(pos, "a8=N"), "a8=N");
  EXPECT_EQ(resolve(pos, "a8=K").error, MoveError::BadPromotion);
  EXPECT_EQ(why(pos, "a8=K"), "a pawn cannot promote to a king");
  EXPECT_EQ(resolve(pos, "Ke2=Q").error, MoveError::BadPromotion);
  EXPECT_EQ(why(pos, "Kd2=Q"), "only a pawn reaching the last rank can promote");
  EXPECT_EQ(resolve(after({"e4"}), "e5=Q").error, MoveError::BadPromotion);
}

TEST(Resolve, Ambiguous) {
  const Position rooks = from_fen("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
  const MoveResolution r = resolve(rooks, "Rd1");
  EXPECT_EQ(r.error, MoveError::Ambiguous);
  EXPECT_EQ(r.candidates, square_bb(A1) | square_bb(F1));
  EXPECT_EQ(std::string(move_error_code(r.error)), "ambiguous-move");
  EXPECT_EQ(why(rooks, "Rd1"), "rooks on a1 and f1 can both go to d1");
  EXPECT_EQ(resolve(rooks, "Rad1").move, Move(A1, D1));
  EXPECT_EQ(resolve(rooks, "Rfd1").move, Move(F1, D1));
  EXPECT_EQ(resolve(rooks, "R1d1").error, MoveError::Ambiguous);

  const Position queens = from_fen("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
  EXPECT_EQ(why(queens, "Qb2"), "queens on a1, c1 and a3 can all go to b2");
}

TEST(Resolve, WrongPieceAndNullMove) {
  const Position start;
  EXPECT_EQ(resolve(start, "e3e4").error, MoveError::WrongPieceOnSquare);
  EXPECT_EQ(why(start, "e3e4"), "there is no piece on e3");
  EXPECT_EQ(why(start, "e7e5"), "the piece on e7 is a black pawn, but it is white's move");
  EXPECT_TRUE(resolve(start, "--").ok());
  EXPECT_TRUE(resolve(start, "--").move.is_null());
  const Position checked = from_fen("4k3/8/8/8/8/8/3Q4/r3K3 w - - 0 1");
  EXPECT_EQ(resolve(checked, "Z0").error, MoveError::NullMoveInCheck);
  EXPECT_EQ(why(checked, "--"), "white cannot pass (null move) while in check from the rook on a1");
}

TEST(Write, Disambiguation) {
  // File when it tells the pieces apart, else rank, else both (PGN standard 8.2.3.4).
  const Position rooks = from_fen("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
  EXPECT_EQ(san(rooks, Move(A1, D1)), "Rad1");
  const Position knights = from_fen("4k3/8/8/1N6/8/8/8/1N2K3 w - - 0 1");
  EXPECT_EQ(san(knights, Move(B1, C3)), "N1c3");
  EXPECT_EQ(san(knights, Move(B5, C3)), "N5c3");
  EXPECT_EQ(san(knights, Move(B1, D2)), "Nd2");
  const Position queens = from_fen("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
  EXPECT_EQ(san(queens, Move(A1, B2)), "Qa1b2");
  EXPECT_EQ(san(queens, Move(A3, B2)), "Q3b2");
  EXPECT_EQ(san(queens, Move(C1, B2)), "Qcb2");
  // A pinned rival does not count.
  const Position pinned = from_fen("4r1k1/8/8/8/8/2N1N3/8/4K3 w - - 0 1");
  EXPECT_EQ(san(pinned, Move(C3, D5)), "Nd5");
  // Captures, pawn captures, en passant.
  const Position open = after({"e4", "d5"});
  EXPECT_EQ(san(open, Move(E4, D5)), "exd5");
  EXPECT_EQ(canonical(after({"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}), "Bxc6"), "Bxc6");
  EXPECT_EQ(canonical(after({"d4", "e5", "dxe5", "d5"}), "exd6"), "exd6");
}

TEST(Write, LongAlgebraic) {
  const Position start;
  EXPECT_EQ(lan(start, Move(E2, E4)), "e2-e4");
  EXPECT_EQ(lan(start, Move(G1, F3)), "Ng1-f3");
  const Position bishop = from_fen("4k3/8/8/1p6/8/8/8/4KB2 w - - 0 1");
  EXPECT_EQ(lan(bishop, Move(F1, B5)), "Bf1xb5+");
  const Position promotion = from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
  EXPECT_EQ(lan(promotion, Move(E7, E8, Move::Promotion, Queen)), "e7-e8=Q");
  const Position castle = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(lan(castle, Move(E1, A1, Move::Castling)), "O-O-O");
  EXPECT_EQ(lan(start, Move::null()), "--");
}

Notation russian_table() {
  Notation n;
  n.code = "ru-test";
  n.pieces[King] = {"Кр"};
  n.pieces[Queen] = {"Ф"};
  n.pieces[Rook] = {"Л"};
  n.pieces[Bishop] = {"С"};
  n.pieces[Knight] = {"К"};
  n.castle_short = {"0-0"};
  n.castle_long = {"0-0-0"};
  n.capture = {":"};
  n.check = {"+"};
  n.mate = {"#"};
  n.promotion = {""};
  n.file_aliases[4] = {"е"};
  return n;
}

TEST(Write, NotationTable) {
  const Notation ru = russian_table();
  const Position open = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(san(open, Move(E1, H1, Move::Castling), &ru), "0-0");
  EXPECT_EQ(san(open, Move(E1, E2), &ru), "Крe2");
  EXPECT_EQ(san(open, Move(A1, A8), &ru), "Л:a8+");
  EXPECT_EQ(lan(open, Move(A1, A8), &ru), "Лa1:a8+");
  const Position pos = from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(san(pos, Move(A7, A8, Move::Promotion, Queen), &ru), "a8Ф+");
  // Reading back what was written.
  const MoveResolution r = resolve_move(open, parsed("Л:a8+", &ru));
  EXPECT_EQ(r.move, Move(A1, A8));
  // No capture sign at all when the table has none.
  Notation silent = ru;
  silent.capture.clear();
  EXPECT_EQ(san(open, Move(A1, A8), &silent), "Лa8+");
}

// The two halves (the SAN without its sign, then the sign read off the position after the
// move) write exactly what append_san writes, for every legal move of positions rich in
// checks, mates, promotions, castling and en passant, in English and in a table's letters.
TEST(SanWriter, UncheckedSanPlusSignFromTheNewPositionEqualsAppendSan) {
  const char* fens[] = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",  // Ra8#
      "4k3/8/4K3/8/8/8/8/Q7 w - - 0 1",        // Qa8#, Qe1+ and more checks
  };
  int checks = 0, mates = 0;
  for (const Notation* notation : {static_cast<const Notation*>(nullptr), find_notation("ru")}) {
    for (const char* fen : fens) {
      const Position pos = from_fen(fen);
      MoveList legal;
      generate_legal(pos, legal);
      for (const Move m : legal) {
        std::string whole, halves;
        append_san(pos, m, whole, notation);
        append_san_unchecked(pos, m, halves, notation);
        Position after = pos;
        after.play(m);
        append_check_sign(after, halves, notation);
        EXPECT_EQ(halves, whole) << fen;
        checks += after.in_check();
        mates += after.is_checkmate();
      }
    }
  }
  EXPECT_GE(checks, 10);
  EXPECT_GE(mates, 2);
}

// resolve_plain_san, the validator's English fast path, against the general path
// (parse_move_text, resolve_move, written_as_canonical_san) on every token shape around every
// legal move of many positions: where it answers, it answers the same; and it answers for the
// usual SAN of the usual moves.
TEST(Resolve, PlainSanFromBytesAgreesWithTheGeneralPath) {
  std::vector<Position> positions;
  for (const char* fen : {
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
           "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
           "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
           "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
           "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "4k3/8/4K3/8/8/8/8/Q7 w - - 0 1",
           "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",       // en passant
           "4k3/8/8/8/8/8/R7/R3K2R w KQ - 0 1",       // rooks on one file and rank
           "4k3/8/8/1N3N2/8/1N3N2/8/4K3 w - - 0 1",   // four knights on one square
           "r3k2r/8/8/8/4q3/8/8/R3K2R w KQkq - 0 1",  // castling through check
           "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",      // long castling past an attacked b1
       })
    positions.push_back(from_fen(fen));
  // Random games from the start: every kind of position the replay meets.
  std::uint64_t seed = 12345;
  for (int game = 0; game < 30; ++game) {
    Position pos;
    for (int ply = 0; ply < 120; ++ply) {
      MoveList legal;
      generate_legal(pos, legal);
      if (legal.size == 0) break;
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      pos.play(legal.moves[(seed >> 33) % std::uint64_t(legal.size)]);
      positions.push_back(pos);
    }
  }
  auto tokens_around = [](const Position& pos) {
    std::vector<std::string> tokens;
    MoveList legal;
    generate_legal(pos, legal);
    for (const Move m : legal) {
      const std::string san = to_san(pos, m);
      std::string bare = san;
      if (bare.back() == '+' || bare.back() == '#') bare.pop_back();
      tokens.insert(tokens.end(), {san, bare, bare + "+", bare + "#", bare + "!"});
      const std::size_t x = bare.find('x');
      if (x != std::string::npos) tokens.push_back(bare.substr(0, x) + bare.substr(x + 1));
      const char from_file = char('a' + file_of(m.from()));
      const char from_rank = char('1' + rank_of(m.from()));
      const std::string to(bare.end() - 2, bare.end());
      tokens.push_back(std::string(1, from_file) + to);
      tokens.push_back(std::string(1, from_file) + "x" + to);
      tokens.push_back("x" + to);
      for (const char* piece : {"N", "B", "R", "Q", "K", "P", "n"}) {
        tokens.push_back(piece + to);
        tokens.push_back(piece + std::string("x") + to);
        tokens.push_back(piece + std::string(1, from_file) + to);
        tokens.push_back(piece + std::string(1, from_file) + "x" + to);
        tokens.push_back(piece + std::string(1, from_rank) + to);
      }
    }
    for (const char* castle : {"O-O", "O-O-O", "O-O+", "O-O-O#", "0-0", "O-O-O-O", "O-", "OO"})
      tokens.push_back(castle);
    return tokens;
  };
  int fast = 0, fast_canonical = 0;
  for (const Position& pos : positions) {
    for (const std::string& token : tokens_around(pos)) {
      detail::PlainSan plain;
      if (!detail::resolve_plain_san(pos, token, plain)) continue;
      ++fast;
      MoveText text;
      MoveTextError error;
      ASSERT_EQ(parse_move_text(token, text, error), token.size()) << token;
      const MoveResolution r = resolve_move(pos, text);
      ASSERT_TRUE(r.ok()) << pos.fen() << " " << token;
      EXPECT_EQ(plain.move, r.move) << pos.fen() << " " << token;
      EXPECT_EQ(plain.check_mark, text.check_mark) << token;
      EXPECT_EQ(text.nag, 0) << token;
      EXPECT_EQ(plain.canonical, written_as_canonical_san(pos, text, r))
          << pos.fen() << " " << token;
      fast_canonical += plain.canonical;
    }
    // The usual SAN of every usual move takes the fast path: unambiguous, neither a
    // promotion nor en passant.
    MoveList legal;
    generate_legal(pos, legal);
    for (const Move m : legal) {
      if (m.kind() == Move::Promotion || m.kind() == Move::EnPassant) continue;
      // Another piece of the type reaching the square, even one pinned, leaves the move to
      // the general path, which tells them apart.
      const PieceType type = type_of(pos.piece_on(m.from()));
      if (type != Pawn && m.kind() != Move::Castling &&
          std::popcount(pos.attackers_to(m.to(), pos.pieces()) &
                        pos.pieces(pos.side_to_move(), type)) > 1)
        continue;
      const std::string san = to_san(pos, m);
      detail::PlainSan plain;
      EXPECT_TRUE(detail::resolve_plain_san(pos, san, plain)) << pos.fen() << " " << san;
    }
  }
  EXPECT_GT(fast, 20000);
  EXPECT_GT(fast_canonical, 5000);
}

}  // namespace
}  // namespace pgn
