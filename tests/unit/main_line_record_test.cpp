// GameValidator::validate with a MainLineRecord: the tags and main-line SAN it keeps are those of
// the whole GameRecord (its main line up to where the record stops), and the report is the same.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "corpus_batches.hpp"
#include "libpgn/reader.hpp"
#include "libpgn/validator.hpp"

namespace pgn {
namespace {

// What a reader of the whole record takes as the main line: the SAN of the moves outside
// variations.
std::vector<std::string> main_line_of(const GameRecord& record) {
  std::vector<std::string> moves;
  int depth = 0;
  for (const GameEvent& e : record.events) {
    if (e.kind == GameEvent::VariationBegin)
      ++depth;
    else if (e.kind == GameEvent::VariationEnd)
      --depth;
    else if (depth == 0 && e.kind == GameEvent::MoveEvent)
      moves.emplace_back(record.text(e));
  }
  return moves;
}

std::vector<std::string> moves_of(const MainLineRecord& main_line) {
  std::vector<std::string> moves;
  for (const std::uint64_t& move : main_line.sans()) {
    char buffer[8];
    moves.emplace_back(main_line.san(move, buffer));
  }
  return moves;
}

std::vector<std::pair<std::string, std::string>> tags_of(const MainLineRecord& main_line) {
  std::vector<std::pair<std::string, std::string>> tags;
  for (const MainLineRecord::Tag& t : main_line.tags)
    tags.emplace_back(main_line.tag_name(t), main_line.tag_value(t));
  return tags;
}

std::vector<std::string> messages_of(const GameReport& report) {
  std::vector<std::string> messages;
  for (const Diagnostic& d : report.problems)
    messages.push_back(std::string(code_info(d.code).name) + " " + std::to_string(d.offset) + " " +
                       d.message + " " + d.san + " " + d.fen);
  return messages;
}

// Validates `game` both ways, with one validator each and with one validator for both in
// turn (the readings must not leak into each other), and compares.
class BothWays {
 public:
  explicit BothWays(const ValidateOptions& options = {})
      : whole_(options), kept_(options), shared_(options) {}

  // The games validated next are a batch of one input: a game with two legal readings is
  // settled by reading the others.
  void set_neighbours(const std::vector<RawGame>& games) {
    whole_.set_neighbours(games);
    kept_.set_neighbours(games);
    shared_.set_neighbours(games);
  }

  // The main line kept, after checking it against the whole record's.
  std::vector<std::string> check(const RawGame& game, const std::string& where) {
    GameReport whole_report, kept_report, shared_whole, shared_kept;
    whole_.validate(game, whole_report, &record_);
    kept_.validate(game, kept_report, main_line_);
    const std::vector<std::string> moves = moves_of(main_line_);
    EXPECT_EQ(moves, main_line_of(record_)) << where;
    EXPECT_EQ(tags_of(main_line_), record_.tags) << where;
    EXPECT_EQ(messages_of(kept_report), messages_of(whole_report)) << where;
    EXPECT_EQ(kept_report.errors, whole_report.errors) << where;
    EXPECT_EQ(kept_report.warnings, whole_report.warnings) << where;
    EXPECT_EQ(kept_report.plies, whole_report.plies) << where;
    EXPECT_EQ(kept_report.moves_replayed, whole_report.moves_replayed) << where;
    EXPECT_EQ(kept_report.notation, whole_report.notation) << where;
    EXPECT_EQ(kept_report.replayed, whole_report.replayed) << where;
    EXPECT_EQ(kept_report.result, whole_report.result) << where;

    shared_.validate(game, shared_kept, main_line_);
    EXPECT_EQ(moves_of(main_line_), moves) << where;
    shared_.validate(game, shared_whole, &record_);
    EXPECT_EQ(main_line_of(record_), moves) << where;
    EXPECT_EQ(messages_of(shared_kept), messages_of(whole_report)) << where;
    EXPECT_EQ(messages_of(shared_whole), messages_of(whole_report)) << where;
    return moves;
  }

 private:
  GameValidator whole_, kept_, shared_;
  GameRecord record_;
  MainLineRecord main_line_;
};

std::vector<std::string> kept_moves(const std::string& text, const ValidateOptions& options = {}) {
  RawGame game;
  game.text = text;
  game.index = 1;
  BothWays both(options);
  return both.check(game, text);
}

using Moves = std::vector<std::string>;

TEST(MainLineRecord, WrittenFormsComeOutAsCanonicalSan) {
  // A needless origin, castling with zeros, "e.p.", UCI and long algebraic forms, a wrong check
  // sign, a capture sign where nothing is taken, a missing mate sign, and "++".
  EXPECT_EQ(kept_moves("1. e4 e5 2. Ngf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 5. d4 exd4 6. e5 d5 "
                       "7. exd6 e.p. 0-0 8. dxc7 Qe7 9. g1h1 Bg4+ 10. Nb1-c3 Qxe4 *"),
            (Moves{"e4", "e5", "Nf3",  "Nc6", "Bc4",  "Bc5", "O-O", "Nf6", "d4",  "exd4",
                   "e5", "d5", "exd6", "O-O", "dxc7", "Qe7", "Kh1", "Bg4", "Nc3", "Qe4"}));
  EXPECT_EQ(kept_moves("1. f3 e5 2. g4 Qh4 0-1"), (Moves{"f3", "e5", "g4", "Qh4#"}));
  EXPECT_EQ(kept_moves("1. e4 f6 2. d4 g5 3. Qh5++ 1-0"), (Moves{"e4", "f6", "d4", "g5", "Qh5#"}));
  // Promotions written without '=', in brackets, as UCI, and a capture that promotes.
  EXPECT_EQ(kept_moves("[FEN \"3r4/4P1P1/8/8/8/8/k7/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n"
                       "1. e8Q Ka1 2. g8N Kb2 3. Qxd8 *"),
            (Moves{"e8=Q", "Ka1", "g8=N", "Kb2", "Qxd8"}));
  EXPECT_EQ(kept_moves("[FEN \"3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n"
                       "1. e7d8q Ka1 *"),
            (Moves{"exd8=Q", "Ka1"}));
}

TEST(MainLineRecord, LocalizedGamesComeOutInEnglish) {
  EXPECT_EQ(
      kept_moves("1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 6. Te1 b5 *"),
      (Moves{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5"}));
  ValidateOptions russian;
  russian.notation = find_notation("ru");
  ASSERT_NE(russian.notation, nullptr);
  EXPECT_EQ(kept_moves("1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 *", russian),
            (Moves{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}));
  // Spoken moves are gathered into phrases before they are played.
  ValidateOptions spoken;
  spoken.notation = find_notation("de-spoken");
  ASSERT_NE(spoken.notation, nullptr);
  EXPECT_EQ(kept_moves("1. Bauer Eva vier Bauer Eva f\u00fcnf 2. Springer Felix drei Springer "
                       "C\u00e4sar sechs 3. Bauer David vier Bauer Eva schl\u00e4gt David vier *",
                       spoken),
            (Moves{"e4", "e5", "Nf3", "Nc6", "d4", "exd4"}));
}

TEST(MainLineRecord, StopsWhereTheWholeRecordStops) {
  // Variations are left out; a bad move in one cuts only that variation.
  EXPECT_EQ(kept_moves("1. e4 (1. d4 d5 2. Ke3) e5 (1... c5 2. Nf3 (2. Qxf7) d6) 2. Nf3 *"),
            (Moves{"e4", "e5", "Nf3"}));
  // A bad main-line move ends the main line there.
  EXPECT_EQ(kept_moves("1. e4 e5 2. Ke3 Nc6 *"), (Moves{"e4", "e5"}));
  // A null move stops the record, in a variation too, and in a variation of a cut one.
  EXPECT_EQ(kept_moves("1. e4 e5 2. -- Nc6 3. Nf3 *"), (Moves{"e4", "e5"}));
  EXPECT_EQ(kept_moves("1. e4 (1. d4 -- 2. c4) e5 2. Nf3 *"), (Moves{"e4"}));
  EXPECT_EQ(kept_moves("1. e4 e5 (1... d5 2. Ke3 (2. -- c6) 2... Nf6) 2. Nf3 Nc6 *"),
            (Moves{"e4", "e5", "Nf3", "Nc6"}));
  // Unreadable and ambiguous moves, and a game with no moves.
  EXPECT_EQ(kept_moves("1. e4 e5 2. Nf3 Nc6 3. Nc3 Nf6 4. Nd5 Nxd5 5. Xy9 *"),
            (Moves{"e4", "e5", "Nf3", "Nc6", "Nc3", "Nf6", "Nd5", "Nxd5"}));
  EXPECT_EQ(kept_moves("[Event \"x\"]\n[Result \"*\"]\n\n*"), Moves{});
}

TEST(MainLineRecord, VariantGamesKeepTheVariantsSan) {
  EXPECT_EQ(
      kept_moves("[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 P@e5 "
                 "5. d4 exd4 6. Qxd4 *"),
      (Moves{"e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "P@d5", "P@e5", "d4", "exd4", "Qxd4"}));
  EXPECT_EQ(kept_moves("[Variant \"Atomic\"]\n\n1. Nf3 e6 2. Ng5 Qxg5 *"),
            (Moves{"Nf3", "e6", "Ng5", "Qxg5"}));
}

// Every game of the shared corpora (real games, edge cases, localized and variant files), both
// ways, in batches as the pipeline makes them (the notation detector reads a batch's other
// games to settle a game with two readings: nothing of them may be kept).
TEST(MainLineRecord, EveryCorpusGameKeepsTheWholeRecordsMainLine) {
  const std::vector<std::string> files =
      test::shared_corpus_files({"/corpora/edge", "/corpora/localized", "/corpora/variants"});
  if (files.empty()) GTEST_SKIP() << "no shared corpora";
  BothWays both;
  std::uint64_t games = 0, moves = 0;
  for (const std::string& file : files) {
    std::vector<std::string> texts;
    std::vector<RawGame> batch;
    const std::string error = test::read_batch(file, texts, batch);
    ASSERT_EQ(error, "");
    both.set_neighbours(batch);
    for (const RawGame& g : batch) {
      moves += both.check(g, file + " game " + std::to_string(g.index)).size();
      ++games;
      if (::testing::Test::HasFailure()) return;
    }
  }
  EXPECT_GT(games, 5000u);
  EXPECT_GT(moves, 250000u);
}

TEST(MainLineRecord, KeepsNoCommentWhenAskedNot) {
  RawGame game;
  game.text = "1. e4 { [%clk 0:05:00] } e5 { a comment } 2. Nf3 *";
  game.index = 1;
  GameValidator validator{ValidateOptions{}};
  MainLineRecord main_line;
  GameReport with_comments;
  validator.validate(game, with_comments, main_line);
  ASSERT_EQ(main_line.comments.size(), 2u);
  const std::size_t text_with_comments = main_line.text.size();

  main_line.keeps_comments = false;
  GameReport without;
  validator.validate(game, without, main_line);
  EXPECT_TRUE(main_line.comments.empty());
  EXPECT_LT(main_line.text.size(), text_with_comments);
  EXPECT_EQ(moves_of(main_line), (Moves{"e4", "e5", "Nf3"}));
  EXPECT_EQ(messages_of(without), messages_of(with_comments));
  main_line.clear();  // the choice stays for the next game
  EXPECT_FALSE(main_line.keeps_comments);
}

}  // namespace
}  // namespace pgn
