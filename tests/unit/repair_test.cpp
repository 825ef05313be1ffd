// GameRepairer, one fault kind at a time: what is written and which changes are said.
#include "libpgn/repair.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "libpgn/notation.hpp"
#include "libpgn/san.hpp"
#include "libpgn/writers.hpp"

namespace pgn {
namespace {

const std::string kRoster =
    "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"w\"]\n"
    "[Black \"b\"]\n";

struct Fixed {
  RepairedGame game;
  std::string pgn;  // the game as pgn fix writes it (one movetext line)
  // "kind: was -> now" per change.
  std::vector<std::string> changes;
  bool has(const std::string& change) const {
    for (const auto& c : changes)
      if (c == change) return true;
    return false;
  }
};

Fixed fix(const std::string& text, RepairOptions options = {}, ValidateOptions validate = {}) {
  RawGame raw;
  raw.text = text;
  raw.index = 1;
  GameRepairer repairer(validate, options);
  Fixed f;
  repairer.repair(raw, f.game);
  WriterOptions w;
  w.line_width = 0;
  w.keep_suffixes = true;
  GameWriter writer(w);
  GameExtras extras;
  extras.closing_comment = f.game.closing_comment;
  if (f.game.unchanged)
    f.pgn = f.game.mended_text.empty() ? text : f.game.mended_text;
  else
    writer.write(f.game.record, f.pgn, extras);
  for (const Repair& r : f.game.repairs)
    f.changes.push_back(std::string(repair_kind_name(r.kind)) + ": " + r.was + " -> " + r.now);
  return f;
}

std::string movetext(const std::string& pgn) {
  const auto blank = pgn.find("\n\n");
  std::string m = pgn.substr(blank + 2);
  while (!m.empty() && m.back() == '\n') m.pop_back();
  return m;
}

std::string tag(const std::string& pgn, const std::string& name) {
  const auto at = pgn.find("[" + name + " \"");
  if (at == std::string::npos) return "(none)";
  const auto begin = at + name.size() + 3;
  return pgn.substr(begin, pgn.find('"', begin) - begin);
}

TEST(Repair, CorrectGameNeedsNoChange) {
  const Fixed f =
      fix(kRoster + "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n");
  EXPECT_TRUE(f.changes.empty());
  EXPECT_EQ(movetext(f.pgn), "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0");
}

TEST(Repair, CheckmateDecidesTheResult) {
  const Fixed f =
      fix(kRoster + "[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1\n");
  EXPECT_EQ(tag(f.pgn, "Result"), "1-0");
  EXPECT_EQ(movetext(f.pgn), "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0");
  EXPECT_TRUE(f.has("result: [Result \"1/2-1/2\"] -> [Result \"1-0\"]"));
  EXPECT_TRUE(f.has("result: 0-1 -> 1-0"));
}

TEST(Repair, StalemateAndDeadPositionAreDraws) {
  // Stalemate: black king a8, white queen b6, white king c8... after 1. Qb6.
  Fixed f = fix(kRoster +
                "[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"k7/8/2K5/8/8/8/8/1Q6 w - - 0 1\"]\n\n"
                "1. Qb6 1-0\n");
  EXPECT_EQ(movetext(f.pgn), "1. Qb6 1/2-1/2");
  // Bare kings after a capture.
  f = fix(kRoster +
          "[Result \"0-1\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/3q4/3K4/8/7k w - - 0 1\"]\n\n"
          "1. Kxd4 0-1\n");
  EXPECT_EQ(tag(f.pgn, "Result"), "1/2-1/2");
}

TEST(Repair, TheResultTagWinsWhereThePositionDoesNotDecide) {
  Fixed f = fix(kRoster + "[Result \"0-1\"]\n\n1. e4 e5 1-0\n");
  EXPECT_EQ(movetext(f.pgn), "1. e4 e5 0-1");
  EXPECT_TRUE(f.has("result: 1-0 -> 0-1"));
  // No marker at all: the tag's result is written.
  f = fix(kRoster + "[Result \"1-0\"]\n\n1. e4 e5\n");
  EXPECT_EQ(movetext(f.pgn), "1. e4 e5 1-0");
  // No Result tag: the marker gives it, and the tag is added.
  f = fix(kRoster + "\n1. e4 e5 0-1\n");
  EXPECT_EQ(tag(f.pgn, "Result"), "0-1");
  EXPECT_TRUE(f.has("missing-tag:  -> [Result \"0-1\"]"));
}

TEST(Repair, MovesAfterMateAreDroppedOrKept) {
  const std::string game =
      kRoster + "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# Ke7 5. Qd5 1-0\n";
  Fixed f = fix(game);
  EXPECT_EQ(movetext(f.pgn), "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0");
  EXPECT_TRUE(f.has("dropped-moves: Ke7 5. Qd5 -> "));
  RepairOptions keep;
  keep.keep_dropped = true;
  f = fix(game, keep);
  EXPECT_EQ(movetext(f.pgn),
            "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# {moves after checkmate: Ke7 5. Qd5} 1-0");
}

TEST(Repair, RosterTagsAndTagForms) {
  const Fixed f =
      fix("[Event \"e\"]\n[Date \"2021-03-04\"]\n[Round \"1.0\"]\n[White \"w\"]\n[Black \"b\"]\n"
          "[EventDate \"4.3.2021\"]\n[UTCDate \"2021.20.11\"]\n[Result \"1:0\"]\n\n1. e4 e5 1-0\n");
  EXPECT_EQ(tag(f.pgn, "Date"), "2021.03.04");
  EXPECT_EQ(tag(f.pgn, "Round"), "1");
  EXPECT_EQ(tag(f.pgn, "Site"), "?");
  EXPECT_EQ(tag(f.pgn, "Result"), "1-0");
  EXPECT_EQ(tag(f.pgn, "UTCDate"), "2021.11.20");
  // 4.3.2021 is the 4th of March or April 3rd: said, not guessed.
  EXPECT_EQ(tag(f.pgn, "EventDate"), "4.3.2021");
  EXPECT_TRUE(f.has("missing-tag:  -> [Site \"?\"]"));
  EXPECT_TRUE(f.has("tag-form: [Date \"2021-03-04\"] -> [Date \"2021.03.04\"]"));
  EXPECT_TRUE(f.has("tag-form: [Round \"1.0\"] -> [Round \"1\"]"));
  EXPECT_TRUE(f.has("tag-form: [Result \"1:0\"] -> [Result \"1-0\"]"));
  EXPECT_TRUE(f.has("not-mended: [EventDate \"4.3.2021\"] -> "));
  // A day above 12 tells the order.
  EXPECT_EQ(tag(fix(kRoster + "[EventDate \"24/12/2020\"]\n\n1. e4 *\n").pgn, "EventDate"),
            "2020.12.24");
}

// Found by fuzz_repair (corpora/regressions/fuzz_repair/): the writer writes a control
// character in a tag value as a space, so a form fix could not read before writing it read
// as a mendable one after, and a second fix changed the game again. Controls read as blanks.
TEST(Repair, ControlCharactersInATagFormReadAsTheSpacesTheyAreWrittenAs) {
  const std::string game = std::string("[Event \"e\"]\n[Site \"s\"]\n[Date \"") +
                           std::string("\0\0\x07 2021-03-04", 14) +
                           "\"]\n[Round \"\x01 3\x7f\"]\n[White \"w\"]\n[Black \"b\"]\n"
                           "[Result \"1:0\x1b\"]\n\n1. e4 e5 1-0\n";
  const Fixed f = fix(game);
  EXPECT_EQ(tag(f.pgn, "Date"), "2021.03.04");
  EXPECT_EQ(tag(f.pgn, "Round"), "3");
  EXPECT_EQ(tag(f.pgn, "Result"), "1-0");
  // What fix wrote needs no further change.
  const Fixed again = fix(f.pgn);
  EXPECT_EQ(again.game.changes(), 0u) << f.pgn;
}

TEST(Repair, FenWithoutSetUpGetsIt) {
  const Fixed f =
      fix(kRoster + "[Result \"*\"]\n[FEN \"k7/8/2K5/8/8/8/8/1Q6 w - - 0 60\"]\n\n60. Qb7+ *\n");
  EXPECT_EQ(tag(f.pgn, "SetUp"), "1");
  EXPECT_TRUE(f.has("missing-tag:  -> [SetUp \"1\"]"));
  for (const auto& c : f.changes) EXPECT_EQ(c.find("not-mended"), std::string::npos) << c;
}

TEST(Repair, MovesAfterMateInAVariationAreDroppedOrKept) {
  const std::string game =
      kRoster +
      "[Result \"*\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 a6 (3... Nf6 4. Qxf7# Ke7 5. Qd5) 4. Qxf7# *\n";
  Fixed f = fix(game);
  EXPECT_EQ(movetext(f.pgn), "1. e4 e5 2. Bc4 Nc6 3. Qh5 a6 (3... Nf6 4. Qxf7#) 4. Qxf7# 1-0");
  RepairOptions keep;
  keep.keep_dropped = true;
  f = fix(game, keep);
  EXPECT_EQ(movetext(f.pgn),
            "1. e4 e5 2. Bc4 Nc6 3. Qh5 a6 (3... Nf6 4. Qxf7# {moves after checkmate: Ke7 5. Qd5}) "
            "4. Qxf7# 1-0");
}

TEST(Repair, DuplicateRosterTagIsDropped) {
  const Fixed f = fix(kRoster + "[White \"again\"]\n[Result \"*\"]\n\n1. e4 *\n");
  EXPECT_EQ(tag(f.pgn, "White"), "w");
  EXPECT_TRUE(f.has("duplicate-tag: [White \"again\"] -> "));
}

TEST(Repair, CheckSignsAndSpelling) {
  const std::string game =
      kRoster +
      "[Result \"1-0\"]\n\n1. e4 e5 2. Ngf3+ Nc6 3. Bb5 Nf6 4. 0-0 Nxe4 5. Bxc6 dxc6 "
      "6. Re1 Bc5 7. Rxe4+ Kf8 8. Qe2 Qe7 9. d4 Bd6 10. Rxe5 Bxe5 11. dxe5 h6 12. "
      "Qc4 Kg8 13. Qxc6 bxc6 1-0\n";
  Fixed f = fix(game);
  EXPECT_TRUE(f.has("notation: Ngf3+ -> Nf3")) << f.changes.size();
  EXPECT_TRUE(f.has("notation: 0-0 -> O-O"));
  EXPECT_TRUE(f.has("check-sign: Rxe4+ -> Rxe4"));
  EXPECT_NE(f.pgn.find("2. Nf3 Nc6"), std::string::npos);
  // --keep-notation: the spelling stays, the signs are still mended.
  RepairOptions keep;
  keep.keep_notation = true;
  f = fix(game, keep);
  EXPECT_NE(f.pgn.find("2. Ngf3 Nc6"), std::string::npos) << f.pgn;
  EXPECT_NE(f.pgn.find("4. 0-0 Nxe4"), std::string::npos) << f.pgn;
  EXPECT_NE(f.pgn.find("7. Rxe4 Kf8"), std::string::npos) << f.pgn;
  EXPECT_TRUE(f.has("check-sign: Ngf3+ -> Ngf3"));
}

TEST(Repair, KeptSpellingSurvivesACut) {
  RepairOptions keep;
  keep.keep_notation = true;
  const Fixed f =
      fix(kRoster + "[Result \"*\"]\n\n1. e4 e5 2. Ng1f3 Nc6 3. Bc4 Nf6 4. 0-0 Kf7 *\n", keep);
  const std::string m = movetext(f.pgn);
  EXPECT_EQ(m.rfind("1. e4 e5 2. Ng1f3 Nc6 3. Bc4 Nf6 4. 0-0 {illegal move 4...Kf7: ", 0), 0u) << m;
  EXPECT_NE(m.find("; not replayed: Kf7} *"), std::string::npos) << m;
}

TEST(Repair, LocalizedLettersAreWrittenAsSan) {
  const Fixed f = fix(kRoster + "[Result \"*\"]\n\n1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 *\n");
  EXPECT_EQ(movetext(f.pgn), "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *");
  EXPECT_TRUE(f.has("notation: Кf3 -> Nf3"));
}

TEST(Repair, IllegalMoveCutsTheGameWithTheRestInAComment) {
  const std::string game =
      kRoster + "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bf5 a6 4. Ba4 1-0\n";
  Fixed f = fix(game);
  EXPECT_TRUE(f.game.cut);
  EXPECT_EQ(movetext(f.pgn),
            "1. e4 e5 2. Nf3 Nc6 {illegal move 3.Bf5: no white bishop can reach f5; not "
            "replayed: Bf5 a6 4. Ba4} 1-0");
  // Not guessed by default; --repair-illegal finds the one bishop move it can be (b5 and f5
  // differ by a file only, and no other legal move fits).
  RepairOptions guess;
  guess.repair_illegal = true;
  f = fix(game, guess);
  EXPECT_FALSE(f.game.cut);
  EXPECT_EQ(movetext(f.pgn), "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 1-0");
  EXPECT_TRUE(f.has("guessed-move: Bf5 -> Bb5"));
  // "Ne3" is a wrong file for Nc3 and for Nf3 alike: not guessed.
  f = fix(kRoster + "[Result \"*\"]\n\n1. Ne3 *\n", guess);
  EXPECT_TRUE(f.game.cut);
}

// A scholar's mate in notation `n`, its last move with a wrong rank (4. Qxf6 for Qxf7#); and
// the mating move as `n` writes it.
std::string scholars_mate_with_a_slip(const Notation& n, std::string& mate) {
  Position pos;
  std::string moves;
  int ply = 0;
  for (const char* san : {"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"}) {
    MoveText text;
    MoveTextError error = MoveTextError::None;
    parse_move_text(san, text, error);
    const Move m = resolve_move(pos, text).move;
    if (ply % 2 == 0) moves += std::to_string(ply / 2 + 1) + ". ";
    append_san(pos, m, moves, &n);
    moves += ' ';
    pos.play(m);
    ++ply;
  }
  MoveText text;
  MoveTextError error = MoveTextError::None;
  parse_move_text("Qxf7", text, error);
  mate.clear();
  append_san(pos, resolve_move(pos, text).move, mate, &n);
  std::string slip = mate;
  if (n.spoken) {
    slip.replace(slip.find(n.rank_words[6][0]), n.rank_words[6][0].size(), n.rank_words[5][0]);
  } else {
    EXPECT_NE(slip.rfind('7'), std::string::npos) << n.code << ": " << slip;
    slip[slip.rfind('7')] = '6';
  }
  return moves + "4. " + slip + " 1-0\n";
}

TEST(Repair, SlipsAreMendedInEveryNotation) {
  RepairOptions guess;
  guess.repair_illegal = true;
  for (const Notation* n : builtin_notations()) {
    std::string mate;
    const std::string game = kRoster + "[Result \"1-0\"]\n\n" + scholars_mate_with_a_slip(*n, mate);
    std::string slip = game.substr(game.find("4. ") + 3);
    slip = slip.substr(0, slip.find(" 1-0"));
    // Told the notation, and left to find it.
    for (const bool told : {true, false}) {
      ValidateOptions validate;
      if (told) validate.notation = n;
      const Fixed f = fix(game, guess, validate);
      const std::string said = n == &english_notation() ? mate : mate + " (SAN Qxf7#)";
      EXPECT_TRUE(f.has("guessed-move: " + slip + " -> " + said))
          << n->code << (told ? " told" : " detected") << ": " << game;
      EXPECT_FALSE(f.game.cut) << n->code;
      // Written in SAN; a spoken game is passed on in its own words, the move mended.
      EXPECT_NE(f.pgn.find(n->spoken ? "4. " + mate + " 1-0" : "4. Qxf7# 1-0"), std::string::npos)
          << n->code << ": " << f.pgn;
    }
  }
}

TEST(Repair, IllegalMoveInAVariationCutsTheVariation) {
  const Fixed f =
      fix(kRoster + "[Result \"*\"]\n\n1. e4 e5 (1... Nc6 2. Kf7 Nf6) 2. Nf3 (2. Ke3) *\n");
  EXPECT_EQ(movetext(f.pgn),
            "1. e4 e5 (1... Nc6 {illegal move 2.Kf7: no white king can reach f7; not replayed: "
            "Kf7 Nf6}) 2. Nf3 {illegal move 2.Ke3: no white king can reach e3; not replayed: "
            "(2. Ke3)} *");
}

TEST(Repair, FaultsARecordCannotCarryLeaveTheGameAsItWas) {
  const Fixed f = fix(kRoster + "[Result \"*\"]\n\n1. e4 {unterminated *\n");
  EXPECT_TRUE(f.game.unchanged);
  ASSERT_FALSE(f.game.repairs.empty());
  EXPECT_EQ(f.game.repairs[0].kind, RepairKind::NotMended);
  EXPECT_EQ(f.game.changes(), 0u);
}

TEST(Repair, ChangesAreLocatedInTheInput) {
  const Fixed f = fix(kRoster + "[Result \"*\"]\n\n1. e4 e5 2. Ngf3 *\n");
  ASSERT_EQ(f.game.repairs.size(), 1u);
  EXPECT_EQ(f.game.repairs[0].line, 9u);
  EXPECT_EQ(f.game.repairs[0].column, 13u);
  EXPECT_EQ(f.game.repairs[0].ply, 3u);
}

}  // namespace
}  // namespace pgn
