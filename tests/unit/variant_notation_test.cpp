// Moves as text in the lichess variants: drops, =K, disambiguation by the variant's legal
// moves, '+' only where the variant has check, '#' on every win (read and written, in English
// and a localized notation, in SAN, LAN and UCI), and the replay's diagnostics for variant
// games (moves after a variant's end, results against it, drops outside crazyhouse).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "libpgn/game_record.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/reader.hpp"
#include "libpgn/san.hpp"
#include "libpgn/validator.hpp"
#include "libpgn/variant.hpp"
#include "libpgn/writers.hpp"

namespace pgn {
namespace {

Position variant_position(std::string_view fen, Variant v) {
  FenResult r = Position::from_fen(fen, v);
  EXPECT_TRUE(r.ok()) << fen << ": " << r.message;
  return r.position;
}

MoveText read(std::string_view token, const Notation* notation = nullptr) {
  MoveText text;
  MoveTextError error;
  EXPECT_EQ(parse_move_text(token, text, error, notation), token.size()) << token;
  return text;
}

MoveResolution resolve(const Position& pos, std::string_view token,
                       const Notation* notation = nullptr) {
  return resolve_variant_move(pos, read(token, notation));
}

std::string san(const Position& pos, Move m, const Notation* notation = nullptr) {
  std::string s;
  append_san(pos, m, s, notation);
  return s;
}

// Plays SAN moves from a variant's start, each read, resolved and written back unchanged.
Position play_round_trip(Variant v, const std::vector<std::string>& moves) {
  Position pos = variant_start_position(v);
  for (const std::string& token : moves) {
    const MoveResolution r = resolve(pos, token);
    EXPECT_TRUE(r.ok()) << token << " at " << pos.fen();
    if (!r.ok()) return pos;
    EXPECT_EQ(san(pos, r.move), token) << pos.fen();
    pos.play_variant(r.move);
  }
  return pos;
}

const Notation& russian() {
  const Notation* ru = find_notation("ru");
  EXPECT_NE(ru, nullptr);
  return *ru;
}

TEST(VariantSan, DropsReadInEveryForm) {
  const Position pos = variant_position(
      "r1bqkbnr/ppp2ppp/2n5/4p3/4P3/5N2/PPP2PPP/RNBQKB1R[Pp] w KQkq - 0 5", Variant::Crazyhouse);
  EXPECT_EQ(read("N@f3").kind, MoveText::Drop);
  EXPECT_EQ(read("@e4").piece, Pawn);
  EXPECT_EQ(resolve(pos, "P@d4").move, Move::drop(Pawn, D4));
  EXPECT_EQ(resolve(pos, "@d4").move, Move::drop(Pawn, D4));
  EXPECT_EQ(resolve(pos, "P@d4+").move, Move::drop(Pawn, D4));
  EXPECT_EQ(san(pos, Move::drop(Pawn, D4)), "P@d4");
  // The knight is black's: white has none to drop; a pawn on the last rank; an occupied square.
  EXPECT_EQ(resolve(pos, "N@d4").error, MoveError::VariantRule);
  EXPECT_EQ(describe_move_error(pos, read("N@d4"), resolve(pos, "N@d4")),
            "white has no knight in its pocket");
  EXPECT_EQ(resolve(pos, "P@d8").error, MoveError::VariantRule);
  EXPECT_EQ(describe_move_error(pos, read("P@d8"), resolve(pos, "P@d8")), "the square is occupied");
  EXPECT_EQ(describe_move_error(pos, read("P@a8"), resolve(pos, "P@a8")), "the square is occupied");
  const Position empty_rank =
      variant_position("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", Variant::Crazyhouse);
  EXPECT_EQ(describe_move_error(empty_rank, read("P@a8"), resolve(empty_rank, "P@a8")),
            "a pawn cannot be dropped on the first or last rank");
}

TEST(VariantSan, DropsInRussianLanAndUci) {
  const Position pos = variant_position("4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1", Variant::Crazyhouse);
  const Notation& ru = russian();
  const MoveResolution r = resolve(pos, "К@f3", &ru);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.move, Move::drop(Knight, F3));
  EXPECT_EQ(san(pos, r.move, &ru), "К@f3");
  std::string lan;
  append_lan(pos, r.move, lan);
  EXPECT_EQ(lan, "N@f3");
  EXPECT_EQ(to_uci(pos, r.move), "N@f3");
}

TEST(VariantSan, DropsOutsideCrazyhouseAreRefused) {
  const MoveText drop = read("N@f3");
  const Position standard;
  const MoveResolution r = resolve_move(standard, drop);
  EXPECT_EQ(r.error, MoveError::DropOutsideCrazyhouse);
  EXPECT_NE(describe_move_error(standard, drop, r).find("drops exist only in crazyhouse"),
            std::string::npos);
  const Position atomic = variant_start_position(Variant::Atomic);
  EXPECT_EQ(resolve_variant_move(atomic, drop).error, MoveError::DropOutsideCrazyhouse);
}

TEST(VariantSan, AntichessPromotesToKingAndCapturesAreCompulsory) {
  const Position pos = variant_position("8/4P3/8/8/8/8/8/k7 w - - 0 1", Variant::Antichess);
  const MoveResolution r = resolve(pos, "e8=K");
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.move.is_king_promotion());
  EXPECT_EQ(san(pos, r.move), "e8=K");
  EXPECT_EQ(resolve_move(pos, read("e8=K")).error, MoveError::BadPromotion);
  // 1. e3 b5: white must take on b5.
  Position game = play_round_trip(Variant::Antichess, {"e3", "b5"});
  const MoveResolution quiet = resolve(game, "Nf3");
  EXPECT_EQ(quiet.error, MoveError::VariantRule);
  EXPECT_NE(describe_move_error(game, read("Nf3"), quiet).find("captures are compulsory"),
            std::string::npos);
  // Taking the last piece wins (for the side left without pieces): '#'.
  const Position capture = variant_position("8/8/8/8/8/8/p7/R7 w - - 0 1", Variant::Antichess);
  EXPECT_EQ(san(capture, resolve(capture, "Rxa2").move), "Rxa2#");
}

TEST(VariantSan, WinsByTheVariantsOwnRuleAreMate) {
  // Atomic: the knight's capture on f7 blows up the black king.
  play_round_trip(Variant::Atomic, {"Nf3", "a6", "Ng5", "a5", "Nxf7#"});
  // King of the hill: the king on d4.
  play_round_trip(Variant::KingOfTheHill, {"e3", "e6", "Ke2", "Ke7", "Kd3", "Kd6", "Kd4#"});
  // Three-check: '+' for the first two checks, '#' for the third.
  play_round_trip(Variant::ThreeCheck,
                  {"e4", "e5", "Bc4", "Nc6", "Bxf7+", "Kxf7", "Qh5+", "Ke7", "Qxe5#"});
  // Racing kings: no sign for a move that reaches the goal while black can still follow.
  const Position race = variant_position("8/k5K1/8/8/8/8/8/8 w - - 0 1", Variant::RacingKings);
  EXPECT_EQ(san(race, resolve(race, "Kg8").move), "Kg8");
  const Position home = variant_position("8/6K1/8/8/8/8/k7/8 w - - 0 1", Variant::RacingKings);
  EXPECT_EQ(san(home, resolve(home, "Kg8").move), "Kg8#");
}

TEST(VariantSan, HordePawnsStepTwoFromTheFirstRankAndTheLastCaptureWins) {
  const Position pos = variant_position("4k3/8/8/8/8/8/8/P7 w - - 0 1", Variant::Horde);
  const MoveResolution r = resolve(pos, "a3");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.move, Move(A1, A3));
  EXPECT_EQ(san(pos, r.move), "a3");
  const Position last = variant_position("4k3/8/8/8/8/8/3P4/4q3 b - - 0 1", Variant::Horde);
  EXPECT_EQ(san(last, resolve(last, "Qxd2").move), "Qxd2#");
}

TEST(VariantSan, CheckSignsOnlyWhereTheVariantHasCheck) {
  // Antichess: a queen "checking" the king gives no check.
  const Position anti = play_round_trip(Variant::Antichess, {"e3", "e6", "Qh5", "d6"});
  EXPECT_EQ(san(anti, resolve(anti, "Qxf7").move), "Qxf7");
  // The same moves under standard rules write the check.
  const Position standard = play_round_trip(Variant::Standard, {"e3", "e6", "Qh5", "d6"});
  EXPECT_EQ(san(standard, resolve_move(standard, read("Qxf7")).move), "Qxf7+");
}

// Racing kings forbids the knight on a3 to go to c4 (it uncovers the rook's check on a7), so
// the knight on d2 is the only one that may: no origin in the variant, one under standard rules.
TEST(VariantSan, DisambiguationCountsOnlyTheVariantsLegalMoves) {
  const char* fen = "8/k7/8/8/8/N7/3N4/R6K w - - 0 1";
  const Position race = variant_position(fen, Variant::RacingKings);
  const MoveResolution r = resolve(race, "Nc4");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.move, Move(D2, C4));
  EXPECT_EQ(san(race, r.move), "Nc4");
  EXPECT_EQ(resolve(race, "Nac4").error, MoveError::VariantRule);
  const Position standard = Position::from_fen(fen).position;
  EXPECT_EQ(san(standard, Move(D2, C4)), "Ndc4");
  // Crazyhouse keeps the standard rule: both knights may go, the SAN names the origin.
  const Position zh = variant_position("8/k7/8/8/8/N7/3N4/R6K[] w - - 0 1", Variant::Crazyhouse);
  EXPECT_EQ(resolve(zh, "Nc4").error, MoveError::Ambiguous);
  EXPECT_EQ(san(zh, Move(D2, C4)), "Ndc4");
}

// ---- the replay --------------------------------------------------------------------------

GameReport validate(const std::string& text, GameRecord* record = nullptr) {
  RawGame game;
  game.text = text;
  game.index = 1;
  ValidateOptions options;
  options.check_tags = false;
  GameValidator validator(options);
  GameReport report;
  validator.validate(game, report, record);
  return report;
}

std::vector<std::string> messages(const GameReport& report, Code code) {
  std::vector<std::string> out;
  for (const Diagnostic& d : report.problems)
    if (d.code == code) out.push_back(d.message);
  return out;
}

TEST(VariantReplay, EveryLichessVariantIsReplayed) {
  for (const char* name : {"Antichess", "Atomic", "Crazyhouse", "Horde", "King of the Hill",
                           "Racing Kings", "Three-check", "3check", "koth", "racingkings"}) {
    const Variant v = parse_variant_name(name).variant;
    const char* first = v == Variant::Horde         ? "1. a5 e6 *"
                        : v == Variant::RacingKings ? "1. Kh3 Ka3 *"
                                                    : "1. e3 e6 *";
    const GameReport report = validate(std::string("[Variant \"") + name + "\"]\n\n" + first);
    SCOPED_TRACE(name);
    EXPECT_TRUE(report.replayed);
    EXPECT_EQ(report.moves_replayed, 2u);
    EXPECT_TRUE(report.problems.empty()) << report.problems.front().message;
    EXPECT_EQ(report.variant, variant_name(v));
  }
  EXPECT_FALSE(validate("[Variant \"Sittuyin\"]\n\n1. e3 *").replayed);
}

TEST(VariantReplay, MovesAfterAVariantsEndAreWrongResults) {
  const GameReport report =
      validate("[Variant \"Atomic\"]\n[Result \"1-0\"]\n\n1. Nf3 a6 2. Ng5 a5 3. Nxf7# a4 1-0");
  const auto wrong = messages(report, Code::WrongResult);
  ASSERT_EQ(wrong.size(), 1u);
  EXPECT_EQ(wrong[0], "move 3...a4 played after the end of the game (Atomic: a king exploded)");
  // In a variation a move after the end is an illegal move.
  const GameReport variation = validate(
      "[Variant \"King of the Hill\"]\n\n1. e3 e6 2. Ke2 Ke7 3. Kd3 Kd6 4. Kd4# (4. Kc4 Kc6 5. "
      "Kd4# Kc7) 1-0");
  EXPECT_TRUE(messages(variation, Code::WrongResult).empty());
  const auto illegal = messages(variation, Code::IllegalMove);
  ASSERT_EQ(illegal.size(), 1u);
  EXPECT_EQ(illegal[0],
            "move 5...Kc7 played after the end of the game (King of the Hill: a king reached the "
            "centre (king of the hill))");
}

TEST(VariantReplay, TheResultMustMatchTheVariantsEnd) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"[Variant \"Atomic\"]\n\n1. Nf3 a6 2. Ng5 a5 3. Nxf7# 0-1",
       "Atomic: a king exploded, so the result is 1-0, not 0-1"},
      {"[Variant \"King of the Hill\"]\n\n1. e3 e6 2. Ke2 Ke7 3. Kd3 Kd6 4. Kd4# 1/2-1/2",
       "King of the Hill: a king reached the centre (king of the hill), so the result is 1-0, "
       "not 1/2-1/2"},
      {"[Variant \"Three-check\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5# 0-1",
       "Three-check: the third check was given, so the result is 1-0, not 0-1"},
      {"[Variant \"Antichess\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/p7/R7 w - - 0 1\"]\n\n1. Rxa2# "
       "1-0",
       "Antichess: a side lost all its pieces (antichess: it wins), so the result is 0-1, not "
       "1-0"},
  };
  for (const auto& [text, message] : cases) {
    const auto wrong = messages(validate(text), Code::WrongResult);
    ASSERT_EQ(wrong.size(), 1u) << text;
    EXPECT_EQ(wrong[0], message);
  }
  // The right results read clean; a bare king is no draw in antichess.
  EXPECT_TRUE(
      validate("[Variant \"Atomic\"]\n\n1. Nf3 a6 2. Ng5 a5 3. Nxf7# 1-0").problems.empty());
  EXPECT_TRUE(validate("[Variant \"Antichess\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/p7/R7 w - - 0 "
                       "1\"]\n\n1. Rxa2# 0-1")
                  .problems.empty());
  EXPECT_TRUE(messages(validate("[Variant \"Antichess\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/3k4/8/8/8/"
                                "3K4 w - - 0 1\"]\n\n1. Kd2 1-0"),
                       Code::WrongResult)
                  .empty());
}

TEST(VariantReplay, DropsInAStandardGameAndPocketsInAStandardFen) {
  const GameReport drop = validate("1. e4 d5 2. exd5 Qxd5 3. N@f3 *");
  const auto illegal = messages(drop, Code::IllegalMove);
  ASSERT_EQ(illegal.size(), 1u);
  EXPECT_NE(illegal[0].find("drops exist only in crazyhouse"), std::string::npos) << illegal[0];
  const GameReport atomic_drop = validate("[Variant \"Atomic\"]\n\n1. e4 d5 2. N@f3 *");
  ASSERT_EQ(messages(atomic_drop, Code::IllegalMove).size(), 1u);
  EXPECT_NE(messages(atomic_drop, Code::IllegalMove)[0].find("not in Atomic"), std::string::npos);
  const GameReport pocket = validate(
      "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1\"]\n\n"
      "1. e4 *");
  ASSERT_EQ(messages(pocket, Code::BadFen).size(), 1u);
  EXPECT_NE(messages(pocket, Code::BadFen)[0].find("fen-pocket"), std::string::npos);
}

TEST(VariantReplay, CheckSuffixesFollowTheVariant) {
  const auto missing = messages(validate("[Variant \"Atomic\"]\n\n1. Nf3 a6 2. Ng5 a5 3. Nxf7 1-0"),
                                Code::CheckSuffix);
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_EQ(missing[0], "3.Nxf7: the move wins the game but has no '#'");
  const auto plus =
      messages(validate("[Variant \"Racing Kings\"]\n\n1. Kh3 Ka3 2. Kh4+ *"), Code::CheckSuffix);
  ASSERT_EQ(plus.size(), 1u);
  EXPECT_EQ(plus[0], "2.Kh4+: '+' on a move that gives no check");
}

TEST(VariantReplay, TheRecordHoldsVariantSan) {
  GameRecord record;
  // The variation starts from the position before 3. P@e6, which the replay rebuilds.
  const GameReport report = validate(
      "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e6 (3. Nc3 Qa5 4. P@d5 (4. Qe2) "
      "P@e4) @e4 4. Nc3 *",
      &record);
  EXPECT_TRUE(report.problems.empty()) << report.problems.front().message;
  std::vector<std::string> sans;
  for (const GameEvent& e : record.events)
    if (e.kind == GameEvent::MoveEvent) sans.emplace_back(record.text(e));
  EXPECT_EQ(sans, (std::vector<std::string>{"e4", "d5", "exd5", "Qxd5", "P@e6", "Nc3", "Qa5",
                                            "P@d5", "Qe2", "P@e4", "P@e4", "Nc3"}));
  EXPECT_EQ(record.start.variant(), Variant::Crazyhouse);
}

// The record's SAN of real variant games (the token copied when it is canonical already, else
// written) is what the variant writer writes, move by move, with its '+' and '#'.
TEST(VariantReplay, RecordedSanOfRealGamesIsWhatTheWriterWrites) {
  const std::string dir = std::string(LIBPGN_SHARED_DIR) + "/corpora/variants";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << "no shared variant corpora";
  ValidateOptions options;
  options.check_tags = false;
  GameValidator validator(options);
  GameReport report;
  GameRecord record;
  std::uint64_t moves = 0;
  for (const char* file :
       {"/pychess/zh.pgn", "/pychess/atomic.pgn", "/python-chess/antichess-programfox.pgn",
        "/python-chess/knightvuillaume-jannlee-zh-lichess.pgn"}) {
    std::string error;
    auto source = InputSource::open(dir + file, error);
    ASSERT_TRUE(source) << error;
    GameSplitter splitter(*source);
    RawGame game;
    while (splitter.next(game)) {
      validator.validate(game, report, &record);
      ASSERT_FALSE(report.variant.empty()) << file << " game " << game.index;
      // Each line's position and the position before its last move (where a variation starts).
      std::vector<std::pair<Position, Position>> lines = {{record.start, record.start}};
      for (const GameEvent& e : record.events) {
        if (e.kind == GameEvent::VariationBegin) {
          lines.push_back({lines.back().second, lines.back().second});
        } else if (e.kind == GameEvent::VariationEnd) {
          lines.pop_back();
        } else if (e.kind == GameEvent::MoveEvent) {
          auto& [pos, before] = lines.back();
          std::string written;
          append_san(pos, e.move, written);
          ASSERT_EQ(record.text(e), written)
              << file << " game " << game.index << " at " << pos.fen();
          before = pos;
          pos.play_variant(e.move);
          ++moves;
        }
      }
    }
  }
  EXPECT_GT(moves, 5000u);
}

}  // namespace
}  // namespace pgn
