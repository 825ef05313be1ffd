// Opening classification: the embedded table, every line of it naming itself (or, where
// several lines reach one position, the last of them), transpositions, the repetition rule's
// comparison, and the tag edits of --eco on records and on game text.
#include "libpgn/openings.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "libpgn/validator.hpp"
#include "libpgn/writers.hpp"
#include "openings/opening_table.hpp"

namespace pgn {
namespace {

// The record of a game given as PGN text (replayed by the validator, as the commands do).
GameRecord record_of(std::string_view pgn) {
  static GameValidator validator{ValidateOptions{}};
  RawGame game;
  game.text = pgn;
  game.index = 1;
  GameReport report;
  GameRecord record;
  validator.validate(game, report, &record);
  EXPECT_FALSE(report.has_errors()) << pgn;
  return record;
}

std::string movetext(std::string_view moves) {
  return std::string(moves) + " *\n";
}

TEST(OpeningTable, HoldsEveryRowOfTheShippedFiles) {
  // Counted from the files in the source tree, not from the embedded copy.
  std::size_t rows = 0;
  for (char letter = 'a'; letter <= 'e'; ++letter) {
    std::ifstream in(std::string(LIBPGN_SOURCE_DIR) + "/data/eco/" + letter + ".tsv");
    ASSERT_TRUE(in) << letter;
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line))
      if (!line.empty()) ++rows;
  }
  EXPECT_EQ(rows, 3807u);
  ASSERT_EQ(opening_table().size(), rows);
  EXPECT_EQ(opening_table().front().eco, "A00");
  EXPECT_EQ(opening_table().front().name, "Amar Opening");
  EXPECT_EQ(opening_table().front().moves, "1. Nh3");
  EXPECT_EQ(opening_table().front().plies, 1);
  std::uint32_t deepest = 0;
  for (const Opening& o : opening_table()) deepest = std::max<std::uint32_t>(deepest, o.plies);
  EXPECT_EQ(opening_table_depth(), deepest);
}

TEST(OpeningTable, NamesSplitIntoOpeningAndVariation) {
  Opening o;
  o.name = "Sicilian Defense: Najdorf Variation, English Attack";
  EXPECT_EQ(o.family(), "Sicilian Defense");
  EXPECT_EQ(o.variation(), "Najdorf Variation, English Attack");
  o.name = "Amar Opening";
  EXPECT_EQ(o.family(), "Amar Opening");
  EXPECT_EQ(o.variation(), "");
}

// Every line of the table, replayed as a game, is named by its own last position: by itself,
// or, where later lines of the table reach the same position, by the last of those. Which
// lines share a position is worked out here from FEN strings (not from the library's hash).
TEST(OpeningTable, EveryLineClassifiesToItselfOrToTheLastLineSharingItsPosition) {
  const auto table = opening_table();
  std::map<std::string, std::size_t> last_line_at;  // FEN without clocks -> last line index
  std::vector<std::string> fen_of(table.size());
  std::vector<GameRecord> records(table.size());
  for (std::size_t i = 0; i < table.size(); ++i) {
    records[i] = record_of(movetext(table[i].moves));
    Position pos = records[i].start;
    for (const GameEvent& e : records[i].events)
      if (e.kind == GameEvent::MoveEvent) pos.play(e.move);
    const std::string fen = pos.fen();
    fen_of[i] = fen.substr(0, fen.rfind(' ', fen.rfind(' ') - 1));  // drop the two clocks
    last_line_at[fen_of[i]] = i;
  }
  std::size_t shared = 0;
  for (std::size_t i = 0; i < table.size(); ++i) {
    const std::size_t expected = last_line_at[fen_of[i]];
    shared += expected != i;
    const OpeningClassification c = classify_opening(records[i]);
    ASSERT_NE(c.opening, nullptr) << table[i].moves;
    std::vector<std::uint64_t> keys{records[i].start.key()};
    Position pos = records[i].start;
    for (const GameEvent& e : records[i].events) {
      pos.play(e.move);
      keys.push_back(pos.key());
    }
    EXPECT_EQ(classify_opening_by_keys(keys).opening, c.opening) << table[i].moves;
    EXPECT_EQ(classify_opening_by_keys(keys, false).opening, c.opening) << table[i].moves;
    EXPECT_EQ(c.opening, &table[expected]) << table[i].eco << " " << table[i].name << ": "
                                           << table[i].moves << " gave " << c.opening->name;
    EXPECT_EQ(c.ply, table[i].plies) << table[i].moves;
    EXPECT_TRUE(c.passes(table[i].eco) || expected != i) << table[i].moves;
  }
  // The shipped table has no such pair (lichess keeps its positions unique); the rule is
  // tested on a table that has them below.
  EXPECT_EQ(shared, 0u);
}

// Where lines reach one position (a transposition inside the table), the last line in table
// order names it, whichever order the game played.
TEST(OpeningTable, TheLastOfTheLinesSharingAPositionNamesIt) {
  const std::string a =
      "eco\tname\tpgn\n"
      "A10\tEnglish Opening\t1. c4\n"
      "A13\tEnglish Opening: Agincourt Defense\t1. c4 e6\n"
      "D31\tQueen's Gambit Declined by the English\t1. c4 e6 2. Nc3 d5 3. d4\n";
  const std::string d =
      "eco\tname\tpgn\n"
      "D31\tQueen's Gambit Declined: Queen's Knight Variation\t1. d4 d5 2. c4 e6 3. Nc3\n"
      "D30\tQueen's Gambit Declined\t1. d4 d5 2. c4 e6\n";
  const EmbeddedFile files[] = {{"a.tsv", a}, {"d.tsv", d}};
  const OpeningIndex index(files);
  ASSERT_EQ(index.table().size(), 5u);
  EXPECT_EQ(index.depth(), 5u);
  for (std::string_view moves :
       {"1. c4 e6 2. Nc3 d5 3. d4 *", "1. d4 d5 2. c4 e6 3. Nc3 *", "1. d4 e6 2. c4 d5 3. Nc3 *"}) {
    const GameRecord r = record_of(moves);
    Position pos = r.start;
    for (const GameEvent& e : r.events) pos.play(e.move);
    EXPECT_EQ(index.find(pos), &index.table()[3]) << moves;
  }
  Position after_c4;
  after_c4.play(Move(C2, C4));
  EXPECT_EQ(index.find(after_c4), &index.table()[0]);
  EXPECT_EQ(index.find(Position()), nullptr);
}

// The early stop of a record's walk: a game may still reach a named position exactly when some
// named position keeps at home a subset of the pawns the game still has at home.
TEST(OpeningTable, TheEarlyStopMatchesABruteForceOverEveryHomePawnSet) {
  std::vector<std::uint32_t> named_homes;
  for (const Opening& o : opening_table()) {
    const GameRecord r = record_of(movetext(o.moves));
    Position pos = r.start;
    for (const GameEvent& e : r.events) pos.play(e.move);
    named_homes.push_back(OpeningIndex::home_pawns(pos));
  }
  EXPECT_EQ(OpeningIndex::home_pawns(Position()), 0xFFFFu);
  const OpeningIndex& index = opening_index();
  std::size_t reachable = 0;
  for (std::uint32_t h = 0; h < (1u << 16); ++h) {
    const bool expected = std::any_of(named_homes.begin(), named_homes.end(),
                                      [h](std::uint32_t n) { return (n & ~h) == 0; });
    reachable += expected;
    ASSERT_EQ(index.may_reach(h), expected) << std::hex << h;
  }
  EXPECT_GT(reachable, 0u);
  EXPECT_LT(reachable, 1u << 16);
}

TEST(OpeningTable, ABadRowIsReportedWithItsFileAndLine) {
  const std::string bad = "eco\tname\tpgn\nA00\tx\t1. e4\nB00\ty\t1. e4 e5 2. Ke3\n";
  const EmbeddedFile files[] = {{"b.tsv", bad}};
  try {
    OpeningIndex index(files);
    FAIL() << "accepted an illegal move";
  } catch (const std::logic_error& e) {
    EXPECT_STREQ(e.what(), "opening table b.tsv:3: illegal move Ke3");
  }
}

TEST(Classify, TranspositionsGetTheNameOfTheLineTheyReach) {
  // The Queen's Gambit Declined by way of the English Opening.
  const OpeningClassification qgd = classify_opening(record_of("1. c4 e6 2. Nc3 d5 3. d4 *"));
  const OpeningClassification direct = classify_opening(record_of("1. d4 d5 2. c4 e6 3. Nc3 *"));
  ASSERT_NE(direct.opening, nullptr);
  EXPECT_EQ(qgd.opening, direct.opening);
  EXPECT_EQ(direct.opening->eco, "D31");
  EXPECT_EQ(direct.opening->name, "Queen's Gambit Declined: Queen's Knight Variation");
  // The Nimzo-Indian by way of 1.c4 e6 2.Nc3 Nf6 3.d4 Bb4.
  EXPECT_EQ(classify_opening(record_of("1. c4 e6 2. Nc3 Nf6 3. d4 Bb4 *")).opening->name,
            "Nimzo-Indian Defense");
  // The Open Sicilian reached with 2.d4 first, and the Petrov with 2.Nf3 Nf6 swapped.
  EXPECT_EQ(classify_opening(record_of("1. e4 c5 2. d4 cxd4 3. Nf3 d6 4. Nxd4 Nf6 5. Nc3 a6 *"))
                .opening->name,
            "Sicilian Defense: Najdorf Variation");
  // The Four Knights reached from the Three Knights' order.
  EXPECT_EQ(classify_opening(record_of("1. e4 e5 2. Nc3 Nf6 3. Nf3 Nc6 *")).opening,
            classify_opening(record_of("1. e4 e5 2. Nf3 Nc6 3. Nc3 Nf6 *")).opening);
}

TEST(Classify, TheDeepestNamedPositionOfTheMainLineWins) {
  // After 3.Bb5 (Ruy Lopez, C60) the game leaves the table: later moves do not unname it,
  // and the variation in the record is not the main line.
  const OpeningClassification c =
      classify_opening(record_of("1. e4 e5 2. Nf3 Nc6 3. Bb5 (3. Bc4 Bc5) h5 4. h4 Rh6 *"));
  ASSERT_NE(c.opening, nullptr);
  EXPECT_EQ(c.opening->eco, "C60");
  EXPECT_EQ(c.ply, 5u);
  EXPECT_TRUE(c.passes("C20"));  // 1.e4 e5 on the way
  EXPECT_TRUE(c.passes("C60"));
  EXPECT_FALSE(c.passes("C50"));  // only in the variation
}

TEST(Classify, GamesThatReachNoNamedPositionGetNone) {
  // 1.e4 is King's Pawn Game; the start position itself is no line of the table.
  EXPECT_EQ(classify_opening(record_of("*")).opening, nullptr);
  // From a position the table never reaches.
  const GameRecord endgame =
      record_of("[FEN \"8/8/4k3/8/8/4K3/4P3/8 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Kd4 Kd6 *");
  EXPECT_EQ(classify_opening(endgame).opening, nullptr);
}

TEST(Classify, EnPassantCountsOnlyWhenACaptureIsPossible) {
  // Every named position whose last move was a double step that can be taken en passant is
  // named with its en passant square only: the same pieces without it are another position.
  std::size_t with_capture = 0;
  for (const Opening& o : opening_table()) {
    const GameRecord r = record_of(movetext(o.moves));
    Position pos = r.start;
    for (const GameEvent& e : r.events) pos.play(e.move);
    if (pos.ep_square() == NoSquare) continue;
    ++with_capture;
    std::istringstream fields(pos.fen());
    std::string board, side, castling, ep, halfmoves, moves;
    fields >> board >> side >> castling >> ep >> halfmoves >> moves;
    const std::string fen = board + " " + side + " " + castling + " - " + halfmoves + " " + moves;
    const FenResult without = Position::from_fen(fen);
    ASSERT_TRUE(without.ok()) << fen;
    EXPECT_EQ(opening_at(pos), &o) << o.moves;
    // The same pieces without the capture are not this line's position (they may be
    // another's: 1.e4 e5 2.f4 exf4 3.Nc3 has the pieces of 1.Nc3 e5 2.f4 exf4 3.e4).
    EXPECT_NE(opening_at(without.position), &o) << o.moves;
  }
  EXPECT_GT(with_capture, 0u);
  // A double step no pawn can take leaves no en passant square, even where a FEN writes one:
  // the position after 1.e4 is the table's, with "e3" in its FEN or "-".
  const OpeningClassification c = classify_opening(record_of("1. e4 *"));
  ASSERT_NE(c.opening, nullptr);
  EXPECT_EQ(c.opening->moves, "1. e4");
  for (std::string_view fen : {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
                               "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}) {
    const FenResult r = Position::from_fen(fen);
    ASSERT_TRUE(r.ok()) << r.message;
    EXPECT_EQ(opening_at(r.position), c.opening) << fen;
  }
}

TEST(Classify, CastlingRightsArePartOfThePosition) {
  // The pieces of 1.e4 e5 2.Nf3 Nc6, but the white king has walked to e2 and back: no
  // castling rights, so no named position (ply bound aside, the pieces match).
  const OpeningClassification c =
      classify_opening(record_of("1. e4 e5 2. Ke2 Nc6 3. Ke1 Nf6 4. Nf3 Ng8 *"));
  ASSERT_NE(c.opening, nullptr);
  EXPECT_NE(c.opening->eco, "C44");  // 1.e4 e5 2.Nf3 Nc6, with castling rights
  EXPECT_EQ(classify_opening(record_of("1. e4 e5 2. Nf3 Nc6 *")).opening->eco, "C44");
}

TEST(Classify, VariantsAreNotClassified) {
  const GameRecord atomic = record_of("[Variant \"Atomic\"]\n\n1. e4 e5 *");
  EXPECT_EQ(classify_opening(atomic).opening, nullptr);
}

const Opening& line_named(std::string_view name) {
  for (const Opening& o : opening_table())
    if (o.name == name) return o;
  ADD_FAILURE() << name;
  return opening_table().front();
}

std::string tag(const GameRecord& r, std::string_view name) {
  for (const auto& [n, v] : r.tags)
    if (n == name) return v;
  return "(none)";
}

TEST(OpeningTags, RecordKeepsExistingTagsUnlessOverwriting) {
  const Opening& najdorf = line_named("Sicilian Defense: Najdorf Variation");
  GameRecord r = record_of("[White \"a\"]\n\n1. e4 *");
  set_opening_tags(r, najdorf, OpeningTagMode::KeepExisting);
  EXPECT_EQ(tag(r, "ECO"), "B90");
  EXPECT_EQ(tag(r, "Opening"), "Sicilian Defense");
  EXPECT_EQ(tag(r, "Variation"), "Najdorf Variation");

  GameRecord lichess = record_of("[ECO \"B20\"]\n[Opening \"Sicilian Defense\"]\n\n1. e4 *");
  set_opening_tags(lichess, najdorf, OpeningTagMode::KeepExisting);
  EXPECT_EQ(tag(lichess, "ECO"), "B20");
  EXPECT_EQ(tag(lichess, "Opening"), "Sicilian Defense");
  EXPECT_EQ(tag(lichess, "Variation"), "(none)");  // Opening was there: its pair is kept

  GameRecord eco_only = record_of("[ECO \"B21\"]\n\n1. e4 *");
  set_opening_tags(eco_only, najdorf, OpeningTagMode::KeepExisting);
  EXPECT_EQ(tag(eco_only, "ECO"), "B21");
  EXPECT_EQ(tag(eco_only, "Opening"), "Sicilian Defense");

  GameRecord old = record_of("[ECO \"B20\"]\n[Opening \"x\"]\n[Variation \"y\"]\n\n1. e4 *");
  set_opening_tags(old, line_named("Amar Opening"), OpeningTagMode::Overwrite);
  EXPECT_EQ(tag(old, "ECO"), "A00");
  EXPECT_EQ(tag(old, "Opening"), "Amar Opening");
  EXPECT_EQ(tag(old, "Variation"), "(none)");  // no variation part: removed
}

// GameExtras::opening (what convert --eco uses) writes the tags set_opening_tags would set
// in the record, in every tag layout: none of the three, some, all, repeated ones, names
// that sort around them; lines with and without a variation part; PGN, LAN and JSON.
TEST(OpeningTags, WriterSetsTheSameTagsAsTheRecordEdit) {
  const std::string_view tag_sections[] = {
      "",
      "[White \"a\"]\n",
      "[ECO \"B21\"]\n",
      "[Opening \"x\"]\n",
      "[Variation \"y\"]\n",
      "[ECO \"B20\"]\n[Opening \"x\"]\n[Variation \"y\"]\n",
      "[Variation \"y\"]\n[Annotator \"z\"]\n[ECO \"?\"]\n",
      "[ECO \"A\"]\n[ECO \"B\"]\n[Variation \"1\"]\n[Variation \"2\"]\n",
      "[Opening \"o\"]\n[Opening \"p\"]\n[WhiteElo \"2700\"]\n",
      "[Annotator \"a\"]\n[EventDate \"b\"]\n[ECOx \"c\"]\n[Opening2 \"d\"]\n[PlyCount \"e\"]\n"
      "[Varia \"f\"]\n[WhiteElo \"g\"]\n[eco \"h\"]\n",
      "[Black \"q\\\"uote\"]\n[ZZZ \"last\"]\n[AAA \"first\"]\n",
  };
  Opening quoted = line_named("Sicilian Defense: Najdorf Variation");
  quoted.name = "Odd \"Name\": back\\slash";  // the writers escape table strings too
  const Opening* lines[] = {&line_named("Sicilian Defense: Najdorf Variation"),
                            &line_named("Amar Opening"), &quoted};
  std::size_t compared = 0;
  for (const OutputFormat format : {OutputFormat::Pgn, OutputFormat::Lan, OutputFormat::Json}) {
    WriterOptions options;
    options.format = format;
    GameWriter writer(options);
    for (std::string_view tags : tag_sections)
      for (const Opening* line : lines)
        for (const OpeningTagMode mode :
             {OpeningTagMode::KeepExisting, OpeningTagMode::Overwrite}) {
          const GameRecord record = record_of(std::string(tags) + "\n1. e4 c5 *\n");
          GameRecord edited = record;
          set_opening_tags(edited, *line, mode);
          std::string expected, written;
          writer.write(edited, expected);
          GameExtras extras;
          extras.opening = line;
          extras.opening_mode = mode;
          writer.write(record, written, extras);
          ASSERT_EQ(written, expected) << tags << line->name << int(mode) << int(format);
          ++compared;
        }
  }
  EXPECT_EQ(compared, 3u * std::size(tag_sections) * std::size(lines) * 2u);
}

std::string edited(std::string_view text, std::string_view name, OpeningTagMode mode) {
  std::string out;
  append_with_opening_tags(text, line_named(name), mode, out);
  return out;
}

TEST(OpeningTags, TextGetsNewTagsAfterItsLastTagInItsLineEnds) {
  EXPECT_EQ(edited("[White \"a\"]\n[Black \"b\"]\n\n1. e4 c5 *\n", "Sicilian Defense",
                   OpeningTagMode::KeepExisting),
            "[White \"a\"]\n[Black \"b\"]\n[ECO \"B20\"]\n[Opening \"Sicilian Defense\"]\n\n"
            "1. e4 c5 *\n");
  EXPECT_EQ(edited("[White \"a\"]\r\n\r\n1. e4 c5 *\r\n", "Sicilian Defense: Najdorf Variation",
                   OpeningTagMode::KeepExisting),
            "[White \"a\"]\r\n[ECO \"B90\"]\r\n[Opening \"Sicilian Defense\"]\r\n"
            "[Variation \"Najdorf Variation\"]\r\n\r\n1. e4 c5 *\r\n");
  // No tag section: one is made.
  EXPECT_EQ(edited("1. e4 c5 *\n", "Sicilian Defense", OpeningTagMode::KeepExisting),
            "[ECO \"B20\"]\n[Opening \"Sicilian Defense\"]\n\n1. e4 c5 *\n");
  // Kept as they are.
  const std::string_view tagged = "[ECO \"B21\"]\n[Opening \"Sicilian\"]\n\n1. e4 c5 *\n";
  EXPECT_EQ(edited(tagged, "Sicilian Defense", OpeningTagMode::KeepExisting), tagged);
  // Overwritten in place; a Variation the new name has no part for goes with its line.
  EXPECT_EQ(edited("[ECO \"B21\"]\n[Variation \"Smith-Morra\"]\n[Opening \"Sicilian\"]\n\n1. e4 *",
                   "Sicilian Defense", OpeningTagMode::Overwrite),
            "[ECO \"B20\"]\n[Opening \"Sicilian Defense\"]\n\n1. e4 *");
  EXPECT_EQ(edited("[ECO \"B21\"]\n[Variation \"Smith-Morra\"]\n\n1. e4 *", "Sicilian Defense",
                   OpeningTagMode::Overwrite),
            "[ECO \"B20\"]\n[Opening \"Sicilian Defense\"]\n\n1. e4 *");
  // Quotes and backslashes in values are escaped (none in the table; checked on the writer).
  EXPECT_EQ(edited("[Event \"a \\\"b\\\"\"]\n\n1. e4 *", "Sicilian Defense",
                   OpeningTagMode::KeepExisting),
            "[Event \"a \\\"b\\\"\"]\n[ECO \"B20\"]\n[Opening \"Sicilian Defense\"]\n\n1. e4 *");
}

// Any text, however broken its tag section, comes out whole: the edits only add or replace
// tag pairs (in KeepExisting mode nothing of the input is lost).
TEST(OpeningTags, AnyTextIsEditedWithoutLosingIt) {
  const std::string_view pieces[] = {"[",
                                     "]",
                                     "\"",
                                     "\\",
                                     " ",
                                     "\n",
                                     "\r\n",
                                     "ECO",
                                     "Opening",
                                     "Variation",
                                     "x",
                                     "1. e4",
                                     "[ECO \"B20\"]",
                                     "[Variation \"v\"]\n",
                                     "{c}"};
  const Opening& sicilian = line_named("Sicilian Defense: Najdorf Variation");
  std::uint32_t seed = 12345;
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    const int length = int(seed % 12);
    for (int k = 0; k < length; ++k) {
      seed = seed * 1664525u + 1013904223u;
      text += pieces[(seed >> 16) % std::size(pieces)];
    }
    seed = seed * 1664525u + 1013904223u;
    std::string kept, overwritten;
    append_with_opening_tags(text, sicilian, OpeningTagMode::KeepExisting, kept);
    append_with_opening_tags(text, sicilian, OpeningTagMode::Overwrite, overwritten);
    // Kept: the input is a subsequence of the output.
    std::size_t at = 0;
    for (char c : kept)
      if (at < text.size() && c == text[at]) ++at;
    ASSERT_EQ(at, text.size()) << text;
    ASSERT_GE(kept.size(), text.size());
  }
}

}  // namespace
}  // namespace pgn
