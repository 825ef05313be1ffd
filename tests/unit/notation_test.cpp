// Notation tables: the built-in localization/*.json tables load and validate, carry the
// letters the research notes give, and parse_notation_json explains bad tables.
#include "libpgn/notation.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <string>

#include "libpgn/spoken.hpp"
#include "notation/embedded.hpp"

namespace pgn {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

const Notation& table(std::string_view code) {
  const Notation* n = find_notation(code);
  if (!n) throw std::runtime_error("no built-in table " + std::string(code));
  return *n;
}

// Written (first) symbols of a table in the order K Q R B N.
std::string letters(std::string_view code) {
  const Notation& n = table(code);
  std::string out;
  for (PieceType t : {King, Queen, Rook, Bishop, Knight}) {
    if (!out.empty()) out += ' ';
    out += n.pieces[t].front();
  }
  return out;
}

TEST(BuiltinNotations, EveryEmbeddedTableParsesAndValidates) {
  ASSERT_FALSE(embedded_localization_files().empty());
  for (const EmbeddedFile& file : embedded_localization_files()) {
    std::string error;
    auto n = parse_notation_json(file.contents, error);
    ASSERT_TRUE(n) << file.name << ": " << error;
    EXPECT_EQ(std::string(file.name), n->code + ".json");
    EXPECT_FALSE(n->example.empty()) << file.name;
  }
}

TEST(BuiltinNotations, EnglishFirstThenSortedByCode) {
  auto all = builtin_notations();
  ASSERT_EQ(all.size(), embedded_localization_files().size());
  EXPECT_EQ(all.front()->code, "en");
  EXPECT_TRUE(std::is_sorted(all.begin() + 1, all.end(), [](const Notation* a, const Notation* b) {
    return a->code < b->code;
  }));
  EXPECT_EQ(&english_notation(), all.front());
}

TEST(BuiltinNotations, ContainsTheExpectedLanguages) {
  for (const char* code : {"en", "ru", "uk", "be", "bg", "sk", "cs", "de", "de-spoken", "fr", "es",
                           "it", "pt", "nl", "pl", "hu", "sv", "no", "da", "fi",        "et", "is",
                           "ro", "ca", "sr", "hr", "sl", "af", "tr", "sq", "hi",        "id"})
    EXPECT_NE(find_notation(code), nullptr) << code;
}

TEST(BuiltinNotations, PieceLetters) {
  EXPECT_EQ(letters("en"), "K Q R B N");
  EXPECT_EQ(letters("ru"), "Кр Ф Л С К");
  EXPECT_EQ(letters("uk"), "Кр Ф Т С К");
  EXPECT_EQ(letters("bg"), "Ц Д Т О К");
  EXPECT_EQ(letters("sk"), "K D V S J");
  EXPECT_EQ(letters("cs"), "K D V S J");
  EXPECT_EQ(letters("de"), "K D T L S");
  EXPECT_EQ(letters("nl"), "K D T L P");
  EXPECT_EQ(letters("pl"), "K H W G S");
  EXPECT_EQ(letters("hu"), "K V B F H");
  EXPECT_EQ(letters("fr"), "R D T F C");
  EXPECT_EQ(letters("es"), "R D T A C");
  EXPECT_EQ(letters("it"), "R D T A C");
  EXPECT_EQ(letters("pt"), "R D T B C");
  EXPECT_EQ(letters("ro"), "R D T N C");
  EXPECT_EQ(letters("sv"), "K D T L S");
  EXPECT_EQ(letters("fi"), "K D T L R");
  EXPECT_EQ(letters("et"), "K L V O R");
  EXPECT_EQ(letters("is"), "K D H B R");
  EXPECT_EQ(letters("tr"), "Ş V K F A");
  EXPECT_EQ(letters("sq"), "M Msh Ku O Ka");
}

TEST(BuiltinNotations, PawnLettersAreAcceptedButNotRequired) {
  EXPECT_THAT(table("de").pieces[Pawn], ElementsAre("B"));
  EXPECT_THAT(table("hu").pieces[Pawn], ElementsAre("G"));
  EXPECT_THAT(table("nl").pieces[Pawn], ElementsAre("p", "O"));
  EXPECT_THAT(table("ru").pieces[Pawn], Contains("п"));
}

TEST(BuiltinNotations, RussianConventions) {
  const Notation& ru = table("ru");
  EXPECT_EQ(ru.pieces[Queen].front(), "\u0424");       // Ф
  EXPECT_EQ(ru.pieces[King].front(), "\u041a\u0440");  // Кр
  EXPECT_EQ(ru.pieces[Knight].front(), "\u041a");      // К
  EXPECT_THAT(ru.pieces[King], Contains("K\u0440"));   // Latin K + Cyrillic р, as in seed texts
  EXPECT_EQ(ru.capture.front(), ":");
  EXPECT_THAT(ru.capture, Contains("\u0445"));  // Cyrillic х
  EXPECT_THAT(ru.capture, Contains("\u00d7"));  // ×
  EXPECT_EQ(ru.castle_short.front(), "0-0");
  EXPECT_EQ(ru.castle_long.front(), "0-0-0");
  EXPECT_THAT(ru.castle_short, Contains("0\u20140"));  // em dash
  EXPECT_THAT(ru.move_dash, Contains("\u2013"));
  EXPECT_THAT(ru.double_check, ElementsAre("++"));
  EXPECT_THAT(ru.mate, Contains("#"));
  EXPECT_THAT(ru.mate, Contains("X"));
  EXPECT_EQ(ru.promotion.front(), "");  // f8Ф
  EXPECT_THAT(ru.promotion, Contains("="));
  EXPECT_THAT(ru.promotion, Contains("("));
  EXPECT_THAT(ru.file_aliases[0], ElementsAre("\u0430"));  // а
  EXPECT_THAT(ru.file_aliases[2], ElementsAre("\u0441"));  // с
  EXPECT_THAT(ru.file_aliases[4], ElementsAre("\u0435"));  // е
  EXPECT_EQ(ru.results[0].front(), "1:0");
  EXPECT_EQ(ru.results[1].front(), "0:1");
  EXPECT_EQ(ru.results[2].front(), "\u00bd:\u00bd");
  EXPECT_EQ(ru.results[3].front(), "*");
}

TEST(BuiltinNotations, EnglishIsThePgnStandard) {
  const Notation& en = english_notation();
  EXPECT_EQ(en.castle_short.front(), "O-O");
  EXPECT_EQ(en.castle_long.front(), "O-O-O");
  EXPECT_THAT(en.castle_short, Contains("0-0"));
  EXPECT_EQ(en.capture.front(), "x");
  EXPECT_EQ(en.promotion.front(), "=");
  EXPECT_EQ(en.check.front(), "+");
  EXPECT_EQ(en.mate.front(), "#");
  EXPECT_TRUE(en.double_check.empty());
  EXPECT_EQ(en.results[0].front(), "1-0");
  EXPECT_EQ(en.results[1].front(), "0-1");
  EXPECT_EQ(en.results[2].front(), "1/2-1/2");
  EXPECT_FALSE(en.spoken);
}

TEST(BuiltinNotations, GermanWritesZerosAndReadsDoublePlusAsMate) {
  const Notation& de = table("de");
  EXPECT_EQ(de.castle_short.front(), "0-0");
  EXPECT_THAT(de.mate, Contains("++"));
  EXPECT_TRUE(de.double_check.empty());
  EXPECT_EQ(de.promotion.front(), "");  // c8D
}

TEST(BuiltinNotations, GermanSpokenTable) {
  const Notation& n = table("de-spoken");
  EXPECT_TRUE(n.spoken);
  EXPECT_EQ(n.pieces[Knight].front(), "Springer");
  EXPECT_EQ(n.pieces[Bishop].front(), "L\u00e4ufer");
  EXPECT_EQ(n.pieces[King].front(), "K\u00f6nig");
  EXPECT_EQ(n.pieces[Pawn].front(), "Bauer");
  const char* files[] = {"Anna", "Bella", "C\u00e4sar", "David",
                         "Eva",  "Felix", "Gustav",     "Hector"};
  const char* ranks[] = {"eins", "zwei", "drei", "vier", "f\u00fcnf", "sechs", "sieben", "acht"};
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(n.file_words[i].front(), files[i]);
    EXPECT_EQ(n.rank_words[i].front(), ranks[i]);
  }
  EXPECT_THAT(n.file_words[2], Contains("Cesar"));
  EXPECT_THAT(n.file_words[2], Contains("Caesar"));
  EXPECT_THAT(n.file_words[7], Contains("Hektor"));
  EXPECT_THAT(n.rank_words[4], Contains("funf"));
  EXPECT_THAT(n.rank_words[6], Contains("seiben"));
  EXPECT_THAT(n.rank_words[0], Contains("ein"));
  EXPECT_EQ(n.castle_short.front(), "Kurze Rochade");
  EXPECT_EQ(n.castle_long.front(), "Lange Rochade");
  EXPECT_THAT(n.capture_words, Contains("nimmt"));
  EXPECT_THAT(n.mate_words, Contains("Schachmatt"));
  EXPECT_THAT(n.promotion_words, Contains("Umwandlung in"));
}

TEST(FindNotation, ByCodeOrNameIgnoringCase) {
  EXPECT_EQ(find_notation("ru")->code, "ru");
  EXPECT_EQ(find_notation("RU")->code, "ru");
  EXPECT_EQ(find_notation("Russian")->code, "ru");
  EXPECT_EQ(find_notation("russian")->code, "ru");
  EXPECT_EQ(find_notation("German")->code, "de");
  EXPECT_EQ(find_notation("de-spoken")->code, "de-spoken");
  EXPECT_EQ(find_notation("DE-SPOKEN")->code, "de-spoken");
  EXPECT_EQ(find_notation("english")->code, "en");
  EXPECT_EQ(find_notation("klingon"), nullptr);
  EXPECT_EQ(find_notation(""), nullptr);
}

TEST(FoldSpokenWord, UmlautsAndCase) {
  EXPECT_EQ(fold_spoken_word("L\u00e4ufer"), "laeufer");
  EXPECT_EQ(fold_spoken_word("LAEUFER"), "laeufer");
  EXPECT_EQ(fold_spoken_word("K\u00d6NIG"), "koenig");
  EXPECT_EQ(fold_spoken_word("f\u00fcnf"), "fuenf");
  EXPECT_EQ(fold_spoken_word("Schlo\u00df"), "schloss");
  EXPECT_EQ(fold_spoken_word("Kurze Rochade"), "kurze rochade");
}

constexpr std::string_view kEnglishPieces =
    R"("king": ["K"], "queen": ["Q"], "rook": ["R"], "bishop": ["B"], "knight": ["N"], "pawn": [])";

// A small valid table; tests break one thing at a time.
std::string minimal_table(std::string_view pieces = kEnglishPieces, std::string_view extra = "") {
  return std::string(R"({"code": "xx", "name": "Test", "pieces": {)") + std::string(pieces) +
         R"(}, "castle_short": ["O-O"], "castle_long": ["O-O-O"], "capture": ["x"],
         "check": ["+"], "mate": ["#"], "promotion": ["="],
         "results": {"white_wins": ["1-0"], "black_wins": ["0-1"], "draw": ["1/2-1/2"],
                     "unknown": ["*"]})" +
         std::string(extra) + "}";
}

std::string error_of(const std::string& json) {
  std::string error;
  auto n = parse_notation_json(json, error);
  if (n) return "(accepted)";
  return error;
}

TEST(ParseNotationJson, AcceptsAMinimalTable) {
  std::string error;
  auto n = parse_notation_json(minimal_table(), error);
  ASSERT_TRUE(n) << error;
  EXPECT_TRUE(error.empty());
  EXPECT_EQ(n->code, "xx");
  EXPECT_EQ(n->pieces[Knight].front(), "N");
  EXPECT_TRUE(n->pieces[Pawn].empty());
  EXPECT_FALSE(n->spoken);
}

TEST(ParseNotationJson, ExplainsSyntaxErrors) {
  EXPECT_THAT(error_of("{\"code\": "), HasSubstr("invalid JSON"));
  EXPECT_THAT(error_of("[1, 2]"), HasSubstr("must be a JSON object"));
}

TEST(ParseNotationJson, NamesTheFieldOfAWrongShape) {
  EXPECT_EQ(error_of(minimal_table(R"("king": [], "queen": ["Q"], "rook": ["R"],
      "bishop": ["B"], "knight": ["N"])")),
            "field 'pieces.king' must be a non-empty list of strings");
  EXPECT_EQ(error_of(minimal_table(R"("king": "K", "queen": ["Q"], "rook": ["R"],
      "bishop": ["B"], "knight": ["N"])")),
            "field 'pieces.king' must be a list of strings");
  EXPECT_EQ(error_of(minimal_table(R"("king": ["K"], "queen": ["Q"], "rook": ["R"],
      "bishop": ["B"])")),
            "field 'pieces.knight' must be a non-empty list of strings");
  EXPECT_EQ(error_of(minimal_table(R"("king": ["K"], "queen": ["Q"], "rook": ["R"],
      "bishop": ["B"], "knight": ["N"], "emperor": ["E"])")),
            "unknown field 'pieces.emperor'");
  EXPECT_EQ(error_of(minimal_table(R"("king": ["K"], "queen": ["Q"], "rook": ["R"],
      "bishop": ["B"], "knight": [7])")),
            "field 'pieces.knight' must be a list of strings");
  EXPECT_EQ(error_of(minimal_table(kEnglishPieces, R"(, "colour": "blue")")),
            "unknown field 'colour'");
  EXPECT_EQ(error_of(minimal_table(kEnglishPieces, R"(, "spoken": "no")")),
            "field 'spoken' must be true or false");
  EXPECT_EQ(error_of(minimal_table(kEnglishPieces, R"(, "code": "yy")")),
            "field 'code' appears twice");
  EXPECT_EQ(error_of(R"({"code": "xx", "name": "Test"})"), "missing field 'pieces'");
}

TEST(ParseNotationJson, RejectsAmbiguousSymbols) {
  // A bishop letter equal to the b file.
  EXPECT_EQ(error_of(minimal_table(R"("king": ["K"], "queen": ["Q"], "rook": ["R"],
      "bishop": ["b"], "knight": ["N"])")),
            "'b' is both pieces.bishop and the file letter, so moves using it would be "
            "ambiguous");
  // Two pieces with one letter.
  EXPECT_THAT(error_of(minimal_table(R"("king": ["K"], "queen": ["Q"], "rook": ["R"],
      "bishop": ["B"], "knight": ["K"])")),
              HasSubstr("'K' is both pieces.knight and pieces.king"));
  // Uppercase letters that look like files are fine: B is not b.
  EXPECT_EQ(error_of(minimal_table(R"("king": ["K"], "queen": ["D"], "rook": ["T"],
      "bishop": ["A"], "knight": ["C"], "pawn": ["B"])")),
            "(accepted)");
  // "K" then "a...": Ka5 could be the knight to a5 or the king "Ka" to 5.
  EXPECT_EQ(error_of(minimal_table(R"("king": ["Ka"], "queen": ["Q"], "rook": ["R"],
      "bishop": ["B"], "knight": ["K"])")),
            "'Ka' (pieces.king) reads as 'K' (pieces.knight) followed by 'a'");
  // Russian style: "К" knight and "Кр" king share a prefix harmlessly.
  EXPECT_EQ(error_of(minimal_table(R"("king": ["Кр"], "queen": ["Ф"], "rook": ["Л"],
      "bishop": ["С"], "knight": ["К"])")),
            "(accepted)");
  EXPECT_EQ(error_of(minimal_table(kEnglishPieces, R"(, "double_check": ["#"])")),
            "'#' is both mate and double_check, so moves using it would be ambiguous");
  EXPECT_EQ(error_of(minimal_table(R"("king": ["K"], "queen": ["Q"], "rook": ["R"],
      "bishop": ["B"], "knight": ["N", "N"])")),
            "field 'pieces.knight' lists 'N' twice");
  EXPECT_EQ(error_of(minimal_table(R"("king": ["K"], "queen": ["Q"], "rook": ["R"],
      "bishop": ["B"], "knight": ["1N"])")),
            "field 'pieces.knight': '1N' starts with a digit");
  EXPECT_EQ(error_of(minimal_table(R"("king": ["K"], "queen": ["Q"], "rook": ["R"],
      "bishop": ["B"], "knight": ["N t"])")),
            "field 'pieces.knight': 'N t' contains a space, but moves are single tokens");
  EXPECT_EQ(error_of(minimal_table(kEnglishPieces, R"(, "file_aliases": {"a": ["x"]})")),
            "'x' is both file_aliases.a and capture, so moves using it would be ambiguous");
}

// Loading is linear in the table's size: forms longer than kMaxNotationFormBytes, or more
// than kMaxNotationForms of them, are refused with the limit named, at once (a king of
// 100,000 characters overflowed the stack, 200,000 forms took 255 s).
TEST(ParseNotationJson, LimitsFormLengthAndCount) {
  const std::string longest(kMaxNotationFormBytes, 'K');
  EXPECT_EQ(error_of(minimal_table(R"("king": [")" + longest + R"("], "queen": ["Q"],
      "rook": ["R"], "bishop": ["B"], "knight": ["N"])")),
            "(accepted)");
  const auto started = std::chrono::steady_clock::now();
  EXPECT_EQ(error_of(minimal_table(R"("king": [")" + std::string(100'000, 'K') + R"("],
      "queen": ["Q"], "rook": ["R"], "bishop": ["B"], "knight": ["N"])")),
            "field 'pieces.king' holds a string of 100000 bytes; a form may have at most 64 bytes");
  std::string many;
  for (int i = 0; i < 200'000; ++i) many += ", \"Q" + std::to_string(i) + "\"";
  EXPECT_EQ(error_of(minimal_table(R"("king": ["K"], "queen": ["Q")" + many + R"(],
      "rook": ["R"], "bishop": ["B"], "knight": ["N"])")),
            "the table has more than 1000 strings in its lists (the limit), the last read in "
            "field 'pieces.queen'");
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(2));
  // Just under the limit, with many symbols that start one another: checked in time too.
  std::string prefixes;
  for (int i = 0; i < 900; ++i)
    prefixes += ", \"Q" + std::string(std::size_t(i % 60), 'q') + std::to_string(i) + "\"";
  EXPECT_EQ(error_of(minimal_table(R"("king": ["K"], "queen": ["Q")" + prefixes + R"(],
      "rook": ["R"], "bishop": ["B"], "knight": ["N"])")),
            "(accepted)");
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(4));
}

TEST(ParseNotationJson, ChecksIdentityFields) {
  std::string table = minimal_table();
  table.replace(table.find("\"xx\""), 4, "\"XX\"");
  EXPECT_EQ(error_of(table),
            "field 'code' must use lower-case letters, digits and '-' only (got 'XX')");
  std::string no_results = minimal_table();
  const std::string draw = R"("draw": ["1/2-1/2"])";
  no_results.replace(no_results.find(draw), draw.size(), R"("draw": [])");
  EXPECT_EQ(error_of(no_results), "field 'results.draw' must be a non-empty list of strings");
  EXPECT_EQ(error_of(minimal_table(kEnglishPieces, R"(, "file_words": {"a": ["Anna"]})")),
            "field 'file_words' is only for spoken tables");
}

// A spoken table with one knob to break it.
std::string spoken_table(std::string_view rank_one = "eins", std::string_view promotion = "wird") {
  return std::string(R"({"code": "xx-spoken", "name": "Test spoken", "spoken": true,
    "pieces": {"king": ["König"], "queen": ["Dame"], "rook": ["Turm"], "bishop": ["Läufer"],
               "knight": ["Springer"], "pawn": ["Bauer"]},
    "castle_short": ["Kurze Rochade"], "castle_long": ["Lange Rochade"],
    "results": {"white_wins": ["1-0"], "black_wins": ["0-1"], "draw": ["1/2-1/2"],
                "unknown": ["*"]},
    "file_words": {"a": ["Anna"], "b": ["Bella"], "c": ["Cäsar"], "d": ["David"], "e": ["Eva"],
                   "f": ["Felix"], "g": ["Gustav"], "h": ["Hector"]},
    "rank_words": {"1": [")") +
         std::string(rank_one) + R"("], "2": ["zwei"], "3": ["drei"], "4": ["vier"],
                   "5": ["fünf"], "6": ["sechs"], "7": ["sieben"], "8": ["acht"]},
    "capture_words": ["schlägt"], "check_words": ["Schach"], "mate_words": ["Matt"],
    "drop_words": ["eingesetzt auf"], "promotion_words": [")" +
         std::string(promotion) + R"("]})";
}

TEST(ParseNotationJson, SpokenTables) {
  EXPECT_EQ(error_of(spoken_table()), "(accepted)");
  EXPECT_EQ(error_of(spoken_table("Eva")),
            "'Eva' is both file_words.e and rank_words.1, so phrases using it would be "
            "ambiguous");
  // Folded comparison: "LAEUFER" is the bishop's "Läufer".
  EXPECT_EQ(error_of(spoken_table("LAEUFER")),
            "'LAEUFER' is both pieces.bishop and rank_words.1, so phrases using it would be "
            "ambiguous");
  EXPECT_EQ(error_of(spoken_table("ein s")),
            "field 'rank_words.1': 'ein s' must be one word without spaces");
  EXPECT_EQ(error_of(spoken_table("eins", "Dame in")),
            "'Dame in' (promotion_words) starts with 'Dame', which is pieces.queen");
  std::string no_files = spoken_table();
  no_files.replace(no_files.find("\"Gustav\""), 8, "");
  EXPECT_EQ(error_of(no_files), "field 'file_words.g' must be a non-empty list of strings");
  // A spoken table must be able to word a crazyhouse drop.
  std::string no_drops = spoken_table();
  no_drops.replace(no_drops.find("\"eingesetzt auf\""), 16, "");
  EXPECT_EQ(error_of(no_drops), "field 'drop_words' must be a non-empty list of strings");
  EXPECT_EQ(error_of(minimal_table(kEnglishPieces, R"(, "drop_words": ["setzt"])")),
            "word lists (capture_words ...) are only for spoken tables");
}

}  // namespace
}  // namespace pgn
