// Golden tests of the writers on records built by hand (independent of the validator).
#include "libpgn/writers.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "libpgn/notation.hpp"
#include "libpgn/san.hpp"
#include "libpgn/tags.hpp"

namespace pgn {
namespace {

// Builds a GameRecord the way the validator does: moves resolved in their line's position,
// variations starting before the line's last move.
class RecordBuilder {
 public:
  explicit RecordBuilder(std::string_view fen = Position::kStartFen, bool chess960 = false) {
    FenResult start = Position::from_fen(fen, chess960);
    EXPECT_TRUE(start.ok()) << start.message;
    record.start = start.position;
    record.from_fen = fen != Position::kStartFen;
    lines_.push_back({record.start, record.start});
  }
  RecordBuilder& tag(std::string name, std::string value) {
    record.tags.emplace_back(std::move(name), std::move(value));
    return *this;
  }
  RecordBuilder& moves(std::string_view text) {
    std::istringstream in{std::string(text)};
    std::string token;
    while (in >> token) move(token);
    return *this;
  }
  RecordBuilder& move(std::string_view token) {
    Line& line = lines_.back();
    MoveText text;
    MoveTextError error;
    EXPECT_EQ(parse_move_text(token, text, error), token.size()) << token;
    MoveResolution resolved = resolve_move(line.position, text);
    EXPECT_TRUE(resolved.ok()) << token;
    std::string san;
    append_san(line.position, resolved.move, san);
    record.add_move(resolved.move, san);
    line.before_last = line.position;
    line.position.play(resolved.move);
    if (text.nag) nag(text.nag);
    return *this;
  }
  RecordBuilder& comment(std::string_view text) {
    record.add_comment(text);
    return *this;
  }
  RecordBuilder& nag(int value) {
    record.add(GameEvent::Nag, std::uint16_t(value));
    return *this;
  }
  RecordBuilder& begin() {
    record.add(GameEvent::VariationBegin);
    Position from = lines_.back().before_last;
    lines_.push_back({from, from});
    return *this;
  }
  RecordBuilder& end() {
    record.add(GameEvent::VariationEnd);
    lines_.pop_back();
    return *this;
  }
  RecordBuilder& result(std::string_view r) {
    record.result = read_result(r);
    return *this;
  }

  GameRecord record;

 private:
  struct Line {
    Position position, before_last;
  };
  std::vector<Line> lines_;
};

std::string write(const GameRecord& record, WriterOptions options = {}, GameExtras extras = {}) {
  GameWriter writer(options);
  std::string out;
  writer.write(record, out, extras);
  return out;
}

// The movetext of a PGN game (after the blank line that ends the tags).
std::string movetext(const std::string& pgn) {
  std::size_t at = pgn.find("\n\n");
  return at == std::string::npos ? pgn : pgn.substr(at + 2);
}

constexpr const char* kDefaultTags =
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
    "[Black \"?\"]\n";

TEST(PgnWriter, SevenTagRosterFirstThenOtherTagsInAsciiOrder) {
  RecordBuilder b;
  b.tag("WhiteElo", "2700").tag("Black", "Carlsen").tag("ECO", "B01").tag("Event", "Open");
  b.tag("Annotator", "me").tag("Result", "0-1").tag("eco_lower", "x");
  b.moves("e4").result("1-0");
  EXPECT_EQ(write(b.record),
            "[Event \"Open\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
            "[White \"?\"]\n[Black \"Carlsen\"]\n[Result \"1-0\"]\n[Annotator \"me\"]\n"
            "[ECO \"B01\"]\n[WhiteElo \"2700\"]\n[eco_lower \"x\"]\n\n1. e4 1-0\n\n");
}

// The PGN writer writes a line's moves and lichess's clock comments in runs (and a clock
// comment the validator marked kPlainClock without testing it again): the same text as a
// record without the marks, whatever the options, across the move-number table's end (999),
// long SANs, NAGs, other comments and the last move.
TEST(PgnWriter, MarkedClockCommentsAndRunsWriteWhatEachMoveWould) {
  const auto build = [](bool marked) {
    RecordBuilder b("r1bqk2r/pppp1ppp/2n2n2/4p3/1b2P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 995");
    const std::string clocks[] = {" [%clk 0:05:00] ", " [%clk 0:04:59] ", " [%clk 1:00:01] "};
    const char* cycle[] = {"Ng1", "Ng8", "Nf3", "Nf6"};
    for (int i = 0; i < 24; ++i) {
      b.move(cycle[i % 4]);
      if (i % 5 == 2) b.nag(1);
      if (i % 7 == 3) b.comment("a comment of some words");
      if (i % 3 != 1) b.record.add_comment(clocks[i % 3], marked);
    }
    b.moves("Nxe5 Nxe4 Nxc6 Nxc3 Nxd8 Nxd1 Nxf7 Nxf2 Nxh8 Nxh1");
    b.record.add_comment(clocks[0], marked);
    b.result("*");
    return b.record;
  };
  const GameRecord marked = build(true), unmarked = build(false);
  WriterOptions options;
  const std::string expected_start =
      "995. Ng1 {[%clk 0:05:00]} 995... Ng8 996. Nf3 $1 {[%clk 1:00:01]}";
  EXPECT_EQ(movetext(write(marked)).substr(0, expected_start.size()), expected_start);
  for (std::size_t width : {std::size_t(79), std::size_t(0), std::size_t(20)}) {
    for (int variant = 0; variant < 4; ++variant) {
      options = WriterOptions{};
      options.line_width = width;
      options.comments = variant != 1;
      options.nags = variant != 2;
      options.keep_suffixes = variant == 3;
      EXPECT_EQ(write(marked, options), write(unmarked, options))
          << "width " << width << ", variant " << variant;
    }
  }
  options = WriterOptions{};
  options.line_width = 0;
  const std::string out = write(marked, options);
  EXPECT_NE(out.find("996. Nf3 $1 {[%clk 1:00:01]} 996... Nf6 {a comment of some words} "
                     "{[%clk 0:05:00]} 997. Ng1"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("999... Ng8 {[%clk 0:05:00]} 1000. Nf3"), std::string::npos) << out;
  EXPECT_NE(out.find("{a comment of some words}"), std::string::npos) << out;
  EXPECT_NE(out.find("Nxh1 {[%clk 0:05:00]} *"), std::string::npos) << out;
}

TEST(PgnWriter, TagValuesEscapeQuoteAndBackslash) {
  RecordBuilder b;
  b.tag("White", "Say \"hi\" \\o/").tag("Annotator", "line\nbreak").result("*");
  const std::string out = write(b.record);
  EXPECT_NE(out.find("[White \"Say \\\"hi\\\" \\\\o/\"]\n"), std::string::npos) << out;
  EXPECT_NE(out.find("[Annotator \"line break\"]\n"), std::string::npos) << out;
}

TEST(PgnWriter, ResultTagAlwaysEqualsTheTerminationMarker) {
  RecordBuilder b;
  b.tag("Result", "1-0").moves("e4 e5").result("0-1");
  std::string out = write(b.record);
  EXPECT_NE(out.find("[Result \"0-1\"]"), std::string::npos);
  EXPECT_EQ(movetext(out), "1. e4 e5 0-1\n\n");

  b.record.result.reset();  // no marker and no usable result: unknown
  out = write(b.record);
  EXPECT_NE(out.find("[Result \"*\"]"), std::string::npos);
  EXPECT_EQ(movetext(out), "1. e4 e5 *\n\n");

  GameExtras cut;
  cut.unknown_result = true;
  cut.closing_comment = "illegal-move: no white knight can reach f6";
  b.record.result = GameResult::WhiteWins;
  out = write(b.record, {}, cut);
  EXPECT_NE(out.find("[Result \"*\"]"), std::string::npos);
  EXPECT_EQ(movetext(out), "1. e4 e5 {illegal-move: no white knight can reach f6} *\n\n");
}

TEST(PgnWriter, GameWithoutMovesOrTags) {
  RecordBuilder b;
  EXPECT_EQ(write(b.record), std::string(kDefaultTags) + "[Result \"*\"]\n\n*\n\n");
  b.comment("only a comment");
  EXPECT_EQ(movetext(write(b.record)), "{only a comment} *\n\n");
}

TEST(PgnWriter, BlackMoveNumbersAfterCommentsAndVariations) {
  RecordBuilder b;
  b.moves("e4").comment("best by test").moves("e5 Nf3");
  b.begin().moves("Nc3 Nf6").end();
  b.moves("Nc6 Bb5").nag(1).moves("a6").result("*");
  EXPECT_EQ(movetext(write(b.record)),
            "1. e4 {best by test} 1... e5 2. Nf3 (2. Nc3 Nf6) 2... Nc6 3. Bb5 $1 a6 *\n\n");
}

TEST(PgnWriter, VariationOnABlackMoveAndNestedVariations) {
  RecordBuilder b;
  b.moves("e4 e5");
  b.begin().moves("c5 Nf3").begin().moves("c3").end().moves("d6").end();
  b.moves("Nf3").result("*");
  EXPECT_EQ(movetext(write(b.record)), "1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6) 2. Nf3 *\n\n");
}

TEST(PgnWriter, StartPositionWithBlackToMove) {
  RecordBuilder b("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7");
  b.moves("e5 Nf3").result("*");
  EXPECT_EQ(movetext(write(b.record)), "7... e5 8. Nf3 *\n\n");
}

// Move numbers below 1000 come from a table, larger ones are formatted: both sides of the
// bound, for White's moves and for Black's after a comment.
TEST(PgnWriter, MoveNumbersOnBothSidesOfTheTable) {
  RecordBuilder b("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 998");
  b.moves("Nf3 Nf6 Ng1 Ng8").moves("Nf3").comment("c").moves("Nf6 Ng1").comment("d");
  b.moves("Ng8").result("*");
  EXPECT_EQ(movetext(write(b.record)),
            "998. Nf3 Nf6 999. Ng1 Ng8 1000. Nf3 {c} 1000... Nf6 1001. Ng1 {d} 1001... Ng8 *\n\n");
}

TEST(PgnWriter, LinesOfAtMost79CharactersBrokenAtSpaces) {
  RecordBuilder b;
  b.moves(
       "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 "
       "cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6 "
       "Nc4 Nxc4 Bxc4 Nb6 Ne5 Rae8 Bxf7+ Rxf7 Nxf7 Rxe1+ Qxe1 Kxf7 Qe3 Qg5 Qxg5 hxg5 "
       "b3 Ke6 a3 Kd6 axb4 cxb4 Ra5 Nd5 f3 Bc8 Kf2 Bf5 Ra7 g6 Ra6+ Kc5 Ke1 Nf4 g3 "
       "Nxh3 Kd2 Kb5 Rd6 Kc5 Ra6 Nf2 g4 Bd3 Re6")
      .result("1/2-1/2");
  const std::string text = movetext(write(b.record));
  EXPECT_EQ(text,
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3\n"
            "O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15.\n"
            "Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 21.\n"
            "Nc4 Nxc4 22. Bxc4 Nb6 23. Ne5 Rae8 24. Bxf7+ Rxf7 25. Nxf7 Rxe1+ 26. Qxe1 Kxf7\n"
            "27. Qe3 Qg5 28. Qxg5 hxg5 29. b3 Ke6 30. a3 Kd6 31. axb4 cxb4 32. Ra5 Nd5 33.\n"
            "f3 Bc8 34. Kf2 Bf5 35. Ra7 g6 36. Ra6+ Kc5 37. Ke1 Nf4 38. g3 Nxh3 39. Kd2 Kb5\n"
            "40. Rd6 Kc5 41. Ra6 Nf2 42. g4 Bd3 43. Re6 1/2-1/2\n\n");
  // The first line is full: " O-O" would make it 81 characters.
  EXPECT_EQ(text.find('\n'), 77u);
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 79u) << line;
}

TEST(PgnWriter, LineWidthIsAnOptionAndZeroKeepsTheMovetextOnOneLine) {
  RecordBuilder b;
  b.moves("e4 e5 Nf3").comment("a comment with several words").moves("Nc6").result("*");
  WriterOptions options;
  options.line_width = 20;
  EXPECT_EQ(movetext(write(b.record, options)),
            "1. e4 e5 2. Nf3 {a\ncomment with several\nwords} 2... Nc6 *\n\n");
  options.line_width = 0;
  EXPECT_EQ(movetext(write(b.record, options)),
            "1. e4 e5 2. Nf3 {a comment with several words} 2... Nc6 *\n\n");
}

TEST(PgnWriter, LongCommentsWrapAtTheirSpacesAndLongTokensStandAlone) {
  RecordBuilder b;
  b.moves("e4").comment(
      "  This   opening is called the King's Pawn.\nIt is one of the oldest "
      "openings and White's most popular first move in master games.  ");
  b.moves("e5").comment(std::string(100, 'x')).moves("Nf3").result("*");
  EXPECT_EQ(movetext(write(b.record)),
            "1. e4 {This opening is called the King's Pawn. It is one of the oldest openings\n"
            "and White's most popular first move in master games.} 1... e5\n" +
                ("{" + std::string(100, 'x') + "}\n") + "2. Nf3 *\n\n");
}

// Characters as an editor counts them: UTF-8 lead bytes.
std::size_t characters(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

// Movetext lines are greedy word wrap, whatever the words: a line holds at most `width`
// characters unless it is a single word, the next line's first word would not have fitted on
// it, and joining the lines with spaces gives the movetext on one line (width 0). Comments of
// ASCII words and of UTF-8 words (counted in characters), words longer than a line among
// them, comments before and inside variations, closing parentheses, at random widths.
TEST(PgnWriter, MovetextLinesAreGreedyWordWrap) {
  const std::vector<std::string> vocabulary = {"a", "Läufer", "ход", "白", "x)", "(", "e4!"};
  std::mt19937 random(20261123);
  for (int round = 0; round < 800; ++round) {
    const bool ascii_only = round % 2 == 0;
    auto comment = [&] {
      std::string words;
      const int count = 1 + static_cast<int>(random() % 9);
      for (int w = 0; w < count; ++w) {
        if (!words.empty()) words += random() % 4 == 0 ? "  " : " ";
        const std::string& word = vocabulary[random() % vocabulary.size()];
        if (random() % 3 == 0 && !(ascii_only && characters(word) != word.size())) {
          words += word;
        } else {
          const std::size_t length = 1 + random() % (random() % 5 == 0 ? 30 : 8);
          words += std::string(length, static_cast<char>('a' + random() % 26));
        }
      }
      return words;
    };
    RecordBuilder b;
    b.moves("e4 e5").comment(comment()).moves("Nf3").begin().comment(comment()).moves("Nc3");
    b.nag(1 + int(random() % 200)).begin().moves("d4").comment(comment()).end().end();
    b.comment(comment()).moves("Nc6 Bb5 a6").result("1/2-1/2");
    WriterOptions options;
    const std::size_t width = random() % 5 == 0 ? 79 : 1 + random() % 40;
    options.line_width = width;
    const std::string wrapped = movetext(write(b.record, options));
    options.line_width = 0;
    const std::string single = movetext(write(b.record, options));
    SCOPED_TRACE("width " + std::to_string(width) + ": " + single);

    std::vector<std::string> lines;
    std::istringstream in(wrapped);
    for (std::string line; std::getline(in, line) && !line.empty();) lines.push_back(line);
    std::string joined;
    for (const std::string& line : lines) joined += (joined.empty() ? "" : " ") + line;
    EXPECT_EQ(joined + "\n\n", single);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string& line = lines[i];
      EXPECT_TRUE(characters(line) <= width || line.find(' ') == std::string::npos) << line;
      if (i + 1 < lines.size()) {
        const std::string next_word = lines[i + 1].substr(0, lines[i + 1].find(' '));
        EXPECT_GT(characters(line) + 1 + characters(next_word), width) << line;
      }
    }
  }
}

// A move of the spoken notation is one token: its words stay on one line, where wrapping at
// every space would split them. The first game's movetext is ASCII, the second's is not.
TEST(PgnWriter, SpokenMovesAreNotBrokenAcrossLines) {
  const Notation* spoken = find_notation("de-spoken");
  ASSERT_NE(spoken, nullptr);
  WriterOptions o;
  o.notation = spoken;
  o.line_width = 25;
  RecordBuilder ascii;
  ascii.moves("e4 e6 d4 Nf6 Nf3").result("*");
  EXPECT_EQ(movetext(write(ascii.record, o)),
            "1. Bauer Eva vier\n"
            "Bauer Eva sechs 2.\n"
            "Bauer David vier\n"
            "Springer Felix sechs 3.\n"
            "Springer Felix drei *\n\n");
  RecordBuilder b;
  b.moves("e4 e5 Nf3 Nc6 Bb5 a6").comment("ein Kommentar mit Wörtern").moves("Ba4 Nf6 O-O");
  b.result("*");
  EXPECT_EQ(movetext(write(b.record, o)),
            "1. Bauer Eva vier\n"
            "Bauer Eva fünf 2.\n"
            "Springer Felix drei\n"
            "Springer Cäsar sechs 3.\n"
            "Läufer Bella fünf\n"
            "Bauer Anna sechs {ein\n"
            "Kommentar mit Wörtern} 4.\n"
            "Läufer Anna vier\n"
            "Springer Felix sechs 5.\n"
            "Kurze Rochade *\n\n");
}

// Whitespace is normalized in comments of every length, wherever it stands: a run of two
// spaces, a tab or a line break at each position, and single spaces left as they are.
// Tag values are escaped whatever the length and wherever the character stands: '"' and
// '\\' get a backslash, a control character (which a tag value cannot hold) becomes a space.
TEST(PgnWriter, TagValuesAreEscapedAtEveryPosition) {
  for (std::size_t size = 1; size <= 24; ++size) {
    for (std::size_t at = 0; at < size; ++at) {
      for (const char special : {'"', '\\', '\x01', '\x1f', '\x7f', '\xc3'}) {
        std::string value(size, 'v');
        value[at] = special;
        std::string expected = value;
        if (special == '"' || special == '\\')
          expected.insert(at, 1, '\\');
        else if (special != '\xc3')
          expected[at] = ' ';
        RecordBuilder b;
        b.tag("Annotator", value).result("*");
        EXPECT_NE(write(b.record).find("[Annotator \"" + expected + "\"]\n"), std::string::npos)
            << "size " << size << ", byte " << int(static_cast<unsigned char>(special)) << " at "
            << at;
      }
    }
  }
}

TEST(PgnWriter, CommentWhitespaceIsNormalizedAtEveryPosition) {
  WriterOptions options;
  options.line_width = 0;
  for (std::size_t size = 1; size <= 40; ++size) {
    for (std::size_t at = 0; at < size; ++at) {
      for (const std::string& blank : {std::string(" "), std::string("  "), std::string("\t"),
                                       std::string("\n"), std::string("}")}) {
        std::string text(size, 'x');
        text.replace(at, 1, blank);
        std::string expected;  // the words, one space apart, '}' left out
        std::istringstream words(blank == "}" ? text.substr(0, at) + text.substr(at + 1) : text);
        for (std::string word; words >> word;) expected += (expected.empty() ? "" : " ") + word;
        RecordBuilder b;
        b.moves("e4").comment(text).result("*");
        EXPECT_EQ(movetext(write(b.record, options)), "1. e4 {" + expected + "} *\n\n")
            << "size " << size << ", '" << blank << "' at " << at;
      }
    }
  }
}

TEST(PgnWriter, CommentsNeverHoldAClosingBrace) {
  RecordBuilder b;
  b.moves("e4").comment("a } b }").comment("}").result("*");
  EXPECT_EQ(movetext(write(b.record)), "1. e4 {a b} {} *\n\n");
}

TEST(PgnWriter, SuffixAnnotationsAsNagsOrKeptAsSuffixes) {
  RecordBuilder b;
  b.moves("e4! e5?! Nf3").nag(3).nag(10).moves("Nc6").nag(146).result("*");
  EXPECT_EQ(movetext(write(b.record)), "1. e4 $1 e5 $6 2. Nf3 $3 $10 Nc6 $146 *\n\n");
  WriterOptions keep;
  keep.keep_suffixes = true;
  EXPECT_EQ(movetext(write(b.record, keep)), "1. e4! e5?! 2. Nf3!! $10 Nc6 $146 *\n\n");
}

TEST(PgnWriter, CanonicalOrderOfAnnotations) {
  // NAGs go right after their move; comments after a variation stay after it.
  RecordBuilder b;
  b.moves("e4").comment("first").nag(1).moves("e5").begin().moves("c5").end().comment("then");
  b.moves("Nf3").result("*");
  EXPECT_EQ(movetext(write(b.record)), "1. e4 $1 {first} 1... e5 (1... c5) {then} 2. Nf3 *\n\n");
}

TEST(PgnWriter, LeavingOutCommentsVariationsAndNags) {
  RecordBuilder b;
  b.comment("start").moves("e4").nag(1).comment("c").moves("e5");
  b.begin().moves("c5").comment("sicilian").end().moves("Nf3").result("1-0");
  WriterOptions o;
  o.comments = false;
  EXPECT_EQ(movetext(write(b.record, o)), "1. e4 $1 e5 (1... c5) 2. Nf3 1-0\n\n");
  o = {};
  o.variations = false;
  EXPECT_EQ(movetext(write(b.record, o)), "{start} 1. e4 $1 {c} 1... e5 2. Nf3 1-0\n\n");
  o = {};
  o.nags = false;
  EXPECT_EQ(movetext(write(b.record, o)),
            "{start} 1. e4 {c} 1... e5 (1... c5 {sicilian}) 2. Nf3 1-0\n\n");
}

TEST(PgnWriter, VariationsWithoutMovesAreLeftOut) {
  RecordBuilder b;
  b.moves("e4").begin().comment("nothing").end().moves("e5").result("*");
  EXPECT_EQ(movetext(write(b.record)), "1. e4 e5 *\n\n");
}

TEST(PgnWriter, DeepNestingNeedsNoRecursion) {
  RecordBuilder b;
  b.moves("e4");
  for (int i = 0; i < 20000; ++i) b.begin().moves(i % 2 ? "e4" : "d4");
  for (int i = 0; i < 20000; ++i) b.end();
  b.result("*");
  const std::string out = write(b.record);
  EXPECT_EQ(std::count(out.begin(), out.end(), '('), 20000);
  EXPECT_EQ(std::count(out.begin(), out.end(), ')'), 20000);
}

TEST(PgnWriter, AnotherNotationForMovesAndResults) {
  const Notation* german = find_notation("de");
  ASSERT_NE(german, nullptr);
  RecordBuilder b;
  b.tag("Result", "1-0").moves("e4 e5 Nf3 Nc6 Bb5 a6 O-O").result("1-0");
  WriterOptions o;
  o.notation = german;
  const std::string out = write(b.record, o);
  EXPECT_NE(out.find("[Result \"1-0\"]"), std::string::npos) << "tags are not translated";
  std::string expected = "1. e4 e5 2. ";
  append_san(Position(), Move(G1, F3), expected, german);
  EXPECT_EQ(movetext(out).substr(0, expected.size()), expected);
  EXPECT_NE(movetext(out).find("Sf3"), std::string::npos) << out;
  EXPECT_NE(movetext(out).find("Lb5"), std::string::npos) << out;
}

TEST(PgnWriter, LongAlgebraicInPgnLayout) {
  RecordBuilder b;
  b.moves("e4 e5 Nf3").begin().moves("Bc4").end().moves("Nc6").result("*");
  WriterOptions o;
  o.format = OutputFormat::Lan;
  EXPECT_EQ(movetext(write(b.record, o)), "1. e2-e4 e7-e5 2. Ng1-f3 (2. Bf1-c4) 2... Nb8-c6 *\n\n");
}

TEST(LineWriters, UciFenAndEpdOfTheMainLine) {
  RecordBuilder b;
  b.moves("e4 e5").begin().moves("c5").end().moves("Nf3").result("*");
  WriterOptions o;
  o.format = OutputFormat::Uci;
  EXPECT_EQ(write(b.record, o), "e2e4 e7e5 g1f3\n");
  o.format = OutputFormat::Fen;
  EXPECT_EQ(write(b.record, o),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n"
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n\n");
  o.format = OutputFormat::Epd;
  GameReport report;
  report.index = 4;
  GameExtras extras;
  extras.report = &report;
  const std::string epd = write(b.record, o, extras);
  EXPECT_EQ(epd.substr(0, epd.find('\n')),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 0; fmvn 1; "
            "id \"game 4 ply 1\";");
}

TEST(LineWriters, CastlingInUciIsTheKingMove) {
  RecordBuilder b;
  b.moves("e4 e5 Nf3 Nc6 Bc4 Bc5 O-O").result("*");
  WriterOptions o;
  o.format = OutputFormat::Uci;
  EXPECT_EQ(write(b.record, o), "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1\n");
}

TEST(JsonWriter, OneObjectPerGameWithTheCanonicalStructure) {
  RecordBuilder b;
  b.tag("Event", "E \"1\"").tag("White", "A");
  b.comment("before").moves("e4").nag(1).comment("after");
  b.begin().moves("d4 d5").end().comment("after variations").moves("e5").result("1-0");
  WriterOptions o;
  o.format = OutputFormat::Jsonl;
  EXPECT_EQ(write(b.record, o),
            "{\"tags\":{\"Event\":\"E \\\"1\\\"\",\"White\":\"A\"},"
            "\"start_fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\","
            "\"moves\":[{\"comments_before\":[\"before\"],\"san\":\"e4\",\"uci\":\"e2e4\","
            "\"nags\":[1],\"comments\":[\"after\"],\"variations\":[[{\"san\":\"d4\",\"uci\":"
            "\"d2d4\"},{\"san\":\"d5\",\"uci\":\"d7d5\"}]],\"comments_after\":"
            "[\"after variations\"]},{\"san\":\"e5\",\"uci\":\"e7e5\"}],\"result\":\"1-0\","
            "\"notation\":\"en\",\"problems\":[]}\n");
  o.fen = true;
  o.format = OutputFormat::Json;
  const std::string with_fen = write(b.record, o);
  EXPECT_NE(with_fen.find("\"fen\":\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\""),
            std::string::npos);
  EXPECT_EQ(with_fen.back(), '}');
}

// The UCI text is made from the move alone (the walk replays nothing without --fen), and the
// start FEN is the standard one only for the standard position itself.
TEST(JsonWriter, UciCastlingAndStartFenWithoutReplaying) {
  WriterOptions o;
  o.format = OutputFormat::Jsonl;
  RecordBuilder standard("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
  standard.moves("O-O O-O-O").result("*");
  std::string out = write(standard.record, o);
  EXPECT_NE(out.find("\"start_fen\":\"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1\""),
            std::string::npos);
  EXPECT_NE(out.find("\"uci\":\"e1g1\"},{\"san\":\"O-O-O\",\"uci\":\"e8c8\""), std::string::npos)
      << out;
  RecordBuilder chess960("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", true);
  chess960.moves("O-O O-O-O").result("*");
  out = write(chess960.record, o);
  EXPECT_NE(out.find("\"uci\":\"e1h1\"},{\"san\":\"O-O-O\",\"uci\":\"e8a8\""), std::string::npos)
      << out;
  // The standard position at another move number, or with Black to move, is not the start.
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 5",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 1",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}) {
    RecordBuilder b(fen);
    b.result("*");
    EXPECT_NE(write(b.record, o).find(std::string("\"start_fen\":\"") + fen + "\""),
              std::string::npos)
        << fen;
  }
}

TEST(JsonWriter, ProblemsAndUnchangedText) {
  RecordBuilder b;
  b.moves("e4").result("*");
  b.record.complete = false;
  b.record.problem = "cannot read move";
  GameReport report;
  Diagnostic& d = report.problems.emplace_back();
  d.code = Code::IllegalMove;
  d.message = "no knight";
  d.line = 3;
  d.column = 7;
  d.ply = 2;
  GameExtras extras;
  extras.report = &report;
  extras.unchanged_text = "1. e4 Nf6x *";
  WriterOptions o;
  o.format = OutputFormat::Json;
  EXPECT_NE(
      write(b.record, o, extras)
          .find("\"complete\":false,\"problem\":\"cannot read move\",\"problems\":[{\"code\":"
                "\"illegal-move\",\"severity\":\"error\",\"message\":\"no knight\",\"line\":3,"
                "\"column\":7,\"ply\":2}],\"pgn\":\"1. e4 Nf6x *\"}"),
      std::string::npos);
}

TEST(Writers, FormatNames) {
  for (const char* name : {"pgn", "json", "jsonl", "uci", "lan", "fen", "epd"}) {
    OutputFormat f;
    ASSERT_TRUE(output_format_from_name(name, f)) << name;
    EXPECT_STREQ(output_format_name(f), name);
  }
  OutputFormat f;
  EXPECT_FALSE(output_format_from_name("xml", f));
}

TEST(Writers, UnchangedGamesEndWithOneBlankLine) {
  std::string out;
  append_unchanged_game("[Event \"x\"]\r\n\r\n1. e4 *\r\n\r\n\r\n", out);
  EXPECT_EQ(out, "[Event \"x\"]\r\n\r\n1. e4 *\n\n");
}

}  // namespace
}  // namespace pgn
