// Bughouse: the board rules of the core (Variant::Bughouse), the BPGN dialects the reader
// takes, the match replay's pockets and messages, and the writers.
#include <gtest/gtest.h>

#include <string>

#include "libpgn/bughouse_writers.hpp"
#include "libpgn/movegen.hpp"
#include "libpgn/san.hpp"
#include "libpgn/validator.hpp"
#include "libpgn/variant.hpp"

namespace pgn {
namespace {

Position board(std::string_view fen) {
  FenResult r = Position::from_fen(fen, Variant::Bughouse);
  EXPECT_TRUE(r.ok()) << fen << ": " << r.message;
  return r.position;
}

Move san(const Position& pos, std::string_view text) {
  MoveText parsed;
  MoveTextError error;
  EXPECT_NE(parse_move_text(text, parsed, error), 0u) << text;
  MoveResolution r = resolve_variant_move(pos, parsed);
  EXPECT_TRUE(r.ok()) << text;
  return r.move;
}

struct Checked {
  GameReport report;
  BughouseMatch match;
};

Checked check(const std::string& text, bool positions = false) {
  RawGame game;
  game.text = text;
  game.index = 1;
  Checked out;
  read_bughouse_match(game, ValidateOptions{}, out.report, out.match,
                      positions ? BughouseDetail::Positions : BughouseDetail::Moves);
  return out;
}

std::string messages(const GameReport& report) {
  std::string all;
  for (const Diagnostic& d : report.problems)
    all += std::to_string(d.line) + ":" + std::to_string(d.column) + " " +
           severity_name(d.severity) + " " + code_info(d.code).name + ": " + d.message + "\n";
  return all;
}

TEST(BughouseBoard, ACaptureLeavesTheBoardForThePartner) {
  Position pos = board("4k3/8/8/3p4/4P3/8/8/4K3[] w - - 0 1");
  Position zh =
      Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3[] w - - 0 1", Variant::Crazyhouse).position;
  pos.play_variant(san(pos, "exd5"));
  zh.play_variant(san(zh, "exd5"));
  EXPECT_EQ(pos.pocket_count(White, Pawn), 0);  // crazyhouse keeps it
  EXPECT_EQ(zh.pocket_count(White, Pawn), 1);
  pos.add_to_pocket(Black, Knight, 1);
  EXPECT_EQ(pos.key(), board(pos.fen()).key()) << pos.fen();
  EXPECT_EQ(pos.fen(), "4k3/8/8/3P4/8/8/8/4K3[n] b - - 0 1");
}

TEST(BughouseBoard, MateOnlyWhenNoDropCanBlock) {
  // A rook checks along the rank with b1..d1 empty: no move, no piece in hand, yet the partner
  // may pass one: the side waits, the game is not over.
  Position waiting = board("8/8/8/8/8/4k3/8/r3K3[] w - - 0 1");
  EXPECT_TRUE(waiting.in_check());
  MoveList moves;
  rules_for(Variant::Bughouse).generate_legal(waiting, moves);
  EXPECT_EQ(moves.size, 0);
  EXPECT_FALSE(game_outcome(waiting).over());
  // The same under crazyhouse rules is mate.
  Position zh =
      Position::from_fen("8/8/8/8/8/4k3/8/r3K3[] w - - 0 1", Variant::Crazyhouse).position;
  EXPECT_EQ(game_outcome(zh).reason, EndReason::Checkmate);
  // A contact check cannot be blocked: mate.
  Position contact = board("8/8/8/8/8/4k3/4q3/4K3[] w - - 0 1");
  EXPECT_EQ(game_outcome(contact).reason, EndReason::Checkmate);
  // A knight in hand blocks the rook.
  Position armed = board("8/8/8/8/8/4k3/8/r3K3[N] w - - 0 1");
  EXPECT_FALSE(game_outcome(armed).over());
  EXPECT_TRUE(is_legal_in_variant(armed, Move::drop(Knight, C1)));
  EXPECT_FALSE(is_legal_in_variant(armed, Move::drop(Knight, C2)));
}

TEST(BughouseBoard, PawnDropsAvoidTheFirstAndLastRanks) {
  Position pos = board("4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1");
  EXPECT_FALSE(is_legal_in_variant(pos, Move::drop(Pawn, A8)));
  EXPECT_FALSE(is_legal_in_variant(pos, Move::drop(Pawn, A1)));
  EXPECT_TRUE(is_legal_in_variant(pos, Move::drop(Pawn, A2)));
  EXPECT_TRUE(is_legal_in_variant(pos, Move::drop(Pawn, A7)));
}

TEST(BughouseText, RecognisedByTagOrBoardMoveNumbers) {
  EXPECT_TRUE(is_bughouse_text("1A. e4 {1} 1a. e5"));
  EXPECT_TRUE(is_bughouse_text("[Event \"x\"][Site \"y\"]\r\n{intro}\r\n1B. d4"));
  EXPECT_TRUE(is_bughouse_text("[Variant \"Bughouse Chess960\"]\n\n1. e4"));
  EXPECT_FALSE(is_bughouse_text("[Event \"x\"]\n\n1. e4 e5"));
  EXPECT_FALSE(is_bughouse_text("[Variant \"Crazyhouse\"]\n\n1. e4 e5"));
  EXPECT_TRUE(names_bughouse("bughouse"));
  EXPECT_FALSE(names_bughouse("Crazyhouse"));
}

// chess.com's dialect: a FEN tag per board, [%clk], pawn drops `@e3`, the knight drop garbled
// into `$146@g4`; CRLF, tags on one line, no blank line after them, no result token.
TEST(BughouseText, ChessComDialect) {
  std::string text =
      "[Event \"Live Chess - Bughouse\"][Site \"Chess.com\"]\n"
      "[Variant \"Bughouse\"]\n"
      "[WhiteA \"a\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"]\n"
      "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | "
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n"
      "1A. e4 {[%clk 0:02:59.9]} 1a. d5 {[%clk 0:02:59.1]} 2A. exd5 {[%clk 0:02:58]}\n"
      "1B. e4 {[%clk 0:02:59]} 1b. @e3 {[%clk 0:02:58.5]} 2a. Nf6 3A. Nc3 3a. Nxd5 4A. Nxd5\n"
      "2B. d3 2b. $146@g4 {[%clk 0:02:50]}\n";
  std::string crlf;
  for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  const Checked c = check(crlf, true);
  EXPECT_EQ(messages(c.report),
            "7:8 warning syntax: move 2b written `$146@`: read as the knight drop N@g4\n");
  ASSERT_EQ(c.match.moves.size(), 11u);
  EXPECT_EQ(c.match.moves[4].san, "P@e3");
  EXPECT_EQ(c.match.moves[4].board, 1);
  EXPECT_EQ(c.match.moves[4].side, Black);
  EXPECT_DOUBLE_EQ(*c.match.moves[4].clock, 178.5);
  EXPECT_EQ(c.match.moves[10].san, "N@g4");
  EXPECT_EQ(c.match.moves[10].uci, "N@g4");
  EXPECT_DOUBLE_EQ(*c.match.moves[10].clock, 170);
  // 2A exd5 fed BlackB a pawn, 4A Nxd5 a knight; 3a Nxd5 fed WhiteB a pawn.
  EXPECT_EQ(c.match.moves[9].pockets[1], "[Pn]");
  EXPECT_EQ(c.match.moves[10].pockets[1], "[P]");
  EXPECT_EQ(c.report.variant, "Bughouse");
  EXPECT_EQ(c.report.plies, 11u);
}

// FICS: comments glued to clocks and spanning lines, a chat comment after the clock.
TEST(BughouseText, FicsGluedCommentsAndNegativeClocks) {
  const Checked c = check(
      "[Variant \"bughouse\"]\n[WhiteA \"x\"][WhiteAElo \"2416\"]\n\n"
      "1A. e4 {179}{C:x(2416)[60] kibitzes:\nhi} 1a. e5 {-0.250} 1B. d4 {178}\n");
  EXPECT_EQ(messages(c.report), "");
  ASSERT_EQ(c.match.moves.size(), 3u);
  EXPECT_DOUBLE_EQ(*c.match.moves[0].clock, 179);
  ASSERT_EQ(c.match.moves[0].comments.size(), 1u);
  EXPECT_EQ(c.match.moves[0].comments[0], "C:x(2416)[60] kibitzes:\nhi");
  EXPECT_DOUBLE_EQ(*c.match.moves[1].clock, -0.25);
  EXPECT_EQ(c.match.tag("WhiteAElo"), "2416");
}

TEST(BughouseMatch, ADropBeforeTheCaptureThatFeedsItSaysWhereThePieceComesFrom) {
  const Checked c = check("1A. e4 1a. d5 1B. e4 1b. N@f6 2A. exd5 2B. d4 2b. Nxe4\n");
  EXPECT_EQ(messages(c.report),
            "1:22 error illegal-move: no black knight in hand on board b for 1b N@f6: none is "
            "passed to it before the end\n");
  const Checked fed = check(
      "1A. e4 1a. Nf6 1B. e4 1b. N@f5 2A. e5 2a. Nd5 3A. c4 3a. Nb6 4A. "
      "c5 4a. Nd5 5A. Bc4 5a. e6 6A. Bxd5 2B. d4\n");
  EXPECT_EQ(messages(fed.report),
            "1:23 error illegal-move: no black knight in hand on board b for 1b N@f5: the first "
            "knight is captured at 6A, 9 moves later\n");
}

TEST(BughouseMatch, TheCheckADropCouldBlockIsNoEnd) {
  // Fool's mate on board A: the queen's check passes g3 and f2, where a drop could block it.
  // White has no move now and waits; board B plays on; 3A h3 ignores the check.
  const Checked c = check("1A. f3 1a. e5 2A. g4 2a. Qh4# 1B. e4 1b. e5 2B. Nf3 3A. h3\n");
  EXPECT_EQ(c.match.end, "");
  EXPECT_EQ(c.match.moves[3].san, "Qh4+");  // '#' only for a bughouse mate
  const std::string found = messages(c.report);
  EXPECT_NE(found.find("illegal move 3A h3 on board A"), std::string::npos) << found;
  EXPECT_EQ(found.find("after the end"), std::string::npos) << found;
}

TEST(BughouseMatch, ResultReadings) {
  // Scholar's mate on board B, given by WhiteB: the team of BlackA and WhiteB won (0-1 in the
  // team meaning), White won the deciding board (1-0 in the colour meaning).
  const std::string moves = "1B. e4 1b. e5 2B. Bc4 2b. Nc6 3B. Qh5 3b. Nf6 4B. Qxf7# 1A. e4\n";
  const Checked team = check("[Result \"0-1\"]\n" + moves);
  EXPECT_EQ(team.match.reading, MatchResultReading::Team);
  EXPECT_EQ(team.match.deciding_board, 1);
  EXPECT_EQ(team.match.end, "checkmate on board B");
  EXPECT_EQ(messages(team.report),
            "2:57 error illegal-move: move 1A after the end of the match: checkmate on board B "
            "at 4B\n");
  const Checked colour = check("[Result \"1-0\"]\n" + moves);
  EXPECT_EQ(colour.match.reading, MatchResultReading::BoardColour);
  EXPECT_EQ(colour.report.variant, "Bughouse (result: colour on board B)");
  const Checked wrong = check("[Result \"1/2-1/2\"]\n" + moves);
  EXPECT_NE(messages(wrong.report).find("1:1 error wrong-result: result 1/2-1/2 contradicts"),
            std::string::npos)
      << messages(wrong.report);
}

// Tag pairs are read as the parser reads them (tags::scan_tag_pair): a quote closes a value
// only where ']' follows it, and \" and \\ are escapes.
TEST(BughouseText, TagPairsReadAsEveryTagPairIs) {
  const Checked stray =
      check("[Event \"The \"Open\" 2024\"][Site \"say \\\"hi\\\" \\\\\"]\n1A. e4 1a. e5 *\n");
  EXPECT_EQ(stray.match.tag("Event"), "The \"Open\" 2024");
  EXPECT_EQ(stray.match.tag("Site"), "say \"hi\" \\");
  EXPECT_EQ(stray.match.moves.size(), 2u);
  EXPECT_EQ(messages(stray.report),
            "1:1 warning syntax: tag Event has an unescaped '\"' in its value\n");
  // A pair without its `"]` keeps its value to the end of the line.
  const Checked open = check("[Event \"Blitz\"\n[Site \"x\n1A. e4 *\n");
  EXPECT_EQ(open.match.tag("Event"), "Blitz");
  EXPECT_EQ(open.match.tag("Site"), "x");
  EXPECT_EQ(open.match.moves.size(), 1u);
  // A ']' inside a value does not end the tag section before the first board move.
  EXPECT_TRUE(is_bughouse_text("[Event \"Cup [final]\"]\n1A. e4 1a. e5"));
  EXPECT_FALSE(is_bughouse_text("[Event \"Cup [final]\"]\n1. e4 e5"));
  // The Variant tag is the tag so named, read whole.
  EXPECT_FALSE(is_bughouse_text("[VariantNote \"not bughouse\"]\n\n1. e4 e5"));
  EXPECT_TRUE(is_bughouse_text("[Site \"x\"][Variant \"Bughouse\"]\n\n1. e4 e5"));
}

// The Result tag is read as the validator reads any game's: the result forms of the notation
// tables ("0:1", "½-½") are results too, written back in the standard's form.
TEST(BughouseMatch, ResultTagInANotationTablesForm) {
  const std::string moves = "1B. e4 1b. e5 2B. Bc4 2b. Nc6 3B. Qh5 3b. Nf6 4B. Qxf7#\n";
  const Checked team = check("[Result \"0:1\"]\n" + moves);
  EXPECT_EQ(messages(team.report), "");
  EXPECT_EQ(team.match.result, GameResult::BlackWins);
  EXPECT_EQ(team.match.reading, MatchResultReading::Team);
  EXPECT_EQ(team.report.outcome.result, GameResult::BlackWins);
  std::string bpgn;
  append_bpgn(team.match, bpgn);
  EXPECT_NE(bpgn.find("[Result \"0-1\"]"), std::string::npos) << bpgn;
  EXPECT_NE(bpgn.find("4B. Qxf7# 0-1\n"), std::string::npos) << bpgn;
  std::string board_b;
  append_bughouse_board_pgn(team.match, 1, board_b);
  EXPECT_NE(board_b.find("[Result \"1-0\"]"), std::string::npos) << board_b;
  const Checked none = check("[Result \"won\"]\n" + moves);
  EXPECT_EQ(none.match.result, std::nullopt);
  EXPECT_EQ(messages(none.report), "1:1 warning bad-tag: Result \"won\" is no result\n");
}

TEST(BughouseWriters, NormalizedBpgnReadsBackTheSame) {
  const std::string text =
      "[Event \"e\"][WhiteA \"a\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"][Result \"0-1\"]\n"
      "1A. e4 {[%clk 0:02:59.9]} 1a. d5 2A. exd5 1B. e4 1b. @e3 2a. Qxd5 {120}{C:hi} 0-1\n";
  const Checked first = check(text);
  std::string bpgn;
  append_bpgn(first.match, bpgn);
  const Checked second = check(bpgn);
  EXPECT_EQ(messages(second.report), "");
  std::string again;
  append_bpgn(second.match, again);
  EXPECT_EQ(bpgn, again);
  EXPECT_NE(bpgn.find("1A. e4 {179.9} 1a. d5 2A. exd5 1B. e4 1b. P@e3 2a. Qxd5 {120} {C:hi} 0-1"),
            std::string::npos)
      << bpgn;
  std::string json;
  append_bughouse_json(first.match, json, false);
  EXPECT_NE(json.find("\"players\":{\"WhiteA\":\"a\",\"BlackA\":\"b\",\"WhiteB\":\"c\","
                      "\"BlackB\":\"d\"}"),
            std::string::npos);
  EXPECT_NE(json.find("{\"board\":\"B\",\"side\":\"black\",\"number\":1,\"san\":\"P@e3\","
                      "\"uci\":\"P@e3\"}"),
            std::string::npos)
      << json;
  std::string board_b;
  append_bughouse_board_pgn(first.match, 1, board_b);
  EXPECT_NE(board_b.find("[White \"c\"]"), std::string::npos);
  EXPECT_NE(board_b.find("1. e4 P@e3 *"), std::string::npos) << board_b;
}

// The comment tokens the writers make of a move's clock, elapsed time and comments, and the
// messages that quote a move number the reader cannot place, as written.
TEST(BughouseWriters, CommentTokensAndQuotedTokensAsWritten) {
  const Checked c = check(
      "[WhiteA \"a\"]\n\n1A. e4 {[ts=185.070]} 1a. e5 {178.5}{C:hi} 1B. d4 {[%clk 0:02:59.25]}\n");
  EXPECT_EQ(messages(c.report), "");
  std::string bpgn;
  append_bpgn(c.match, bpgn);
  EXPECT_NE(bpgn.find("1A. e4 {[ts=185.07]} 1a. e5 {178.5} {C:hi} 1B. d4 {179.25} *\n"),
            std::string::npos)
      << bpgn;
  std::string board_b;
  append_bughouse_board_pgn(c.match, 1, board_b);
  EXPECT_NE(board_b.find("1. d4 {[%clk 0:02:59.25]} *"), std::string::npos) << board_b;

  const Checked unplaced = check("1A. e4 1. e5 1a. d5 Nf3\n");
  EXPECT_EQ(messages(unplaced.report),
            "1:8 error syntax: move number '1.' names no board (1A. or 1a.)\n"
            "1:11 error syntax: 'e5' follows no board move number\n"
            "1:21 error syntax: 'Nf3' follows no board move number\n");
}

}  // namespace
}  // namespace pgn
