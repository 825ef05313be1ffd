// parse_move_text: every accepted form, the errors, notation tables, and the equivalence of
// the English fast path with the table-driven parser on the English table.
#include "notation/move_text.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/notation.hpp"
#include "libpgn/position.hpp"
#include "libpgn/san.hpp"
#include "libpgn/spoken.hpp"

namespace pgn {
namespace {

// A MoveText as one short string: piece, from file, from rank, capture, destination, then
// the extras. "N---f3", "Pe-xd5", "?e7-e8=Q", "O-O +1", "null", "N@f3".
std::string summary(const MoveText& m) {
  static constexpr char kLetters[] = "?PNBRQK";
  std::string s;
  switch (m.kind) {
    case MoveText::Null:
      s = "null";
      break;
    case MoveText::CastleShort:
      s = "O-O";
      break;
    case MoveText::CastleLong:
      s = "O-O-O";
      break;
    case MoveText::Drop:
      s += kLetters[m.piece];
      s += '@';
      s += char('a' + file_of(m.to));
      s += char('1' + rank_of(m.to));
      break;
    case MoveText::Normal:
      s += kLetters[m.piece];
      s += m.from_file >= 0 ? char('a' + m.from_file) : '-';
      s += m.from_rank >= 0 ? char('1' + m.from_rank) : '-';
      s += m.capture ? 'x' : '-';
      if (m.to < NoSquare) {
        s += char('a' + file_of(m.to));
        s += char('1' + rank_of(m.to));
      }
      if (m.promotion != NoPieceType) {
        s += '=';
        s += kLetters[m.promotion];
      }
      break;
  }
  if (m.en_passant_mark) s += " ep";
  if (m.check_mark) s += " +" + std::to_string(m.check_mark);
  if (m.nag) s += " !" + std::to_string(m.nag);
  return s;
}

std::string parse(std::string_view token, const Notation* notation = nullptr) {
  MoveText m;
  MoveTextError error;
  const std::size_t used = parse_move_text(token, m, error, notation);
  if (used == 0) return "error " + std::to_string(int(error));
  std::string s = summary(m);
  if (used != token.size()) s += " used " + std::to_string(used);
  return s;
}

struct Case {
  const char* token;
  const char* expected;
};

TEST(MoveText, EnglishForms) {
  const Case cases[] = {
      // Plain SAN and disambiguation, missing or superfluous.
      {"e4", "P---e4"},
      {"Nf3", "N---f3"},
      {"Ngf3", "Ng--f3"},
      {"N1f3", "N-1-f3"},
      {"Ng1f3", "Ng1-f3"},
      {"Kd2", "K---d2"},
      {"bxc3", "Pb-xc3"},
      {"Bb5", "B---b5"},
      // Capture signs.
      {"exd5", "Pe-xd5"},
      {"eXd5", "Pe-xd5"},
      {"e:d5", "Pe-xd5"},
      {"e×d5", "Pe-xd5"},
      {"Bxe5", "B--xe5"},
      {"Be5:", "B--xe5"},
      {"Nxd5", "N--xd5"},
      // Long algebraic and coordinates.
      {"e2e4", "?e2-e4"},
      {"e2-e4", "?e2-e4"},
      {"e2–e4", "?e2-e4"},
      {"e2—e4", "?e2-e4"},
      {"e4xd5", "?e4xd5"},
      {"Ng1-f3", "Ng1-f3"},
      {"Ng1xf3", "Ng1xf3"},
      {"Pe2e4", "Pe2-e4"},
      {"e7e8q", "?e7-e8=Q"},
      {"e1g1", "?e1-g1"},
      // Promotions.
      {"e8=Q", "P---e8=Q"},
      {"e8Q", "P---e8=Q"},
      {"e8/Q", "P---e8=Q"},
      {"e8(Q)", "P---e8=Q"},
      {"e8q", "P---e8=Q"},
      {"e8=n", "P---e8=N"},
      {"e8b", "P---e8=B"},
      {"e8=K", "P---e8=K"},
      {"exd8=Q+", "Pe-xd8=Q +1"},
      {"e8=♕", "P---e8=Q"},
      // Castling.
      {"O-O", "O-O"},
      {"0-0", "O-O"},
      {"o-o", "O-O"},
      {"O–O", "O-O"},
      {"0—0", "O-O"},
      {"O-O-O", "O-O-O"},
      {"0-0-0", "O-O-O"},
      {"o-o-o", "O-O-O"},
      {"O—O—O", "O-O-O"},
      {"O-O+", "O-O +1"},
      {"O-O-O#", "O-O-O +2"},
      // Check, mate, annotations.
      {"Qxf7#", "Q--xf7 +2"},
      {"Qxf7++", "Q--xf7 +3"},
      {"Qxf7+!", "Q--xf7 +1 !1"},
      {"e4!", "P---e4 !1"},
      {"e4?", "P---e4 !2"},
      {"e4!!", "P---e4 !3"},
      {"e4??", "P---e4 !4"},
      {"e4!?", "P---e4 !5"},
      {"e4?!", "P---e4 !6"},
      {"e4‼", "P---e4 !3"},
      {"e4⁇", "P---e4 !4"},
      {"e4⁉", "P---e4 !5"},
      {"e4⁈", "P---e4 !6"},
      {"Nf3!?+", "N---f3 +1 !5"},
      // En passant marks.
      {"exd6e.p.", "Pe-xd6 ep"},
      {"exd6ep", "Pe-xd6 ep"},
      {"exd6e.p.+", "Pe-xd6 ep +1"},
      {"exd6+e.p.", "Pe-xd6 ep +1"},
      // Null moves.
      {"--", "null"},
      {"Z0", "null"},
      {"0000", "null"},
      {"@@@@", "null"},
      // Lower-case pieces (not b) and figurines.
      {"nf3", "N---f3"},
      {"qh5", "Q---h5"},
      {"kf1", "K---f1"},
      {"rd1", "R---d1"},
      {"ngf3", "Ng--f3"},
      {"♘f3", "N---f3"},
      {"♞xd4", "N--xd4"},
      // Delimiters end the move.
      {"Nf3 e5", "N---f3 used 3"},
      {"e4)", "P---e4 used 2"},
      {"e4{comment}", "P---e4 used 2"},
      {"e4$1", "P---e4 used 2"},
  };
  for (const Case& c : cases) EXPECT_EQ(parse(c.token), c.expected) << c.token;
}

TEST(MoveText, Errors) {
  auto code = [](MoveTextError e) { return "error " + std::to_string(int(e)); };
  EXPECT_EQ(parse(""), code(MoveTextError::Empty));
  EXPECT_EQ(parse("Me4"), code(MoveTextError::UnknownPiece));
  EXPECT_EQ(parse("Ж"), code(MoveTextError::UnknownPiece));
  EXPECT_EQ(parse("N"), code(MoveTextError::BadSquare));
  EXPECT_EQ(parse("Ne9"), code(MoveTextError::BadSquare));
  EXPECT_EQ(parse("e"), code(MoveTextError::BadSquare));
  EXPECT_EQ(parse("exd"), code(MoveTextError::BadSquare));
  EXPECT_EQ(parse("e4-"), code(MoveTextError::BadSquare));
  EXPECT_EQ(parse("0-1"), code(MoveTextError::BadSquare));
  EXPECT_EQ(parse("e8="), code(MoveTextError::BadPromotion));
  EXPECT_EQ(parse("e8=X"), code(MoveTextError::BadPromotion));
  EXPECT_EQ(parse("e8(Q"), code(MoveTextError::BadPromotion));
  EXPECT_EQ(parse("e44"), code(MoveTextError::TrailingGarbage));
  EXPECT_EQ(parse("e4abc"), code(MoveTextError::TrailingGarbage));
  EXPECT_EQ(parse("Nf3.."), code(MoveTextError::TrailingGarbage));
  EXPECT_EQ(parse("O-O-"), code(MoveTextError::TrailingGarbage));
}

// The Russian letters as the brief's hand-built table (the loader's table is tested too).
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
  n.mate = {"#", "X"};
  n.double_check = {"++"};
  n.promotion = {""};
  n.file_aliases[0] = {"а"};
  n.file_aliases[2] = {"с"};
  n.file_aliases[4] = {"е"};
  return n;
}

TEST(MoveText, RussianTable) {
  const Notation ru = russian_table();
  const Case cases[] = {
      {"Кре2", "K---e2"},  // Cyrillic е as the e-file
      {"Кf3", "N---f3"},   // К alone is the knight: longest match picks Кр for the king
      {"Кр:е2", "K--xe2"},
      {"Kрe2", "K---e2"},  // Latin K for Cyrillic К
      {"Kpe2", "K---e2"},  // Latin K and p
      {"Kf3", "N---f3"},
      {"С:b5", "B--xb5"},
      {"Cb5", "B---b5"},  // Latin C for Cyrillic С
      {"Фd1h5", "Qd1-h5"},
      {"Лсе1", "Rc--e1"},  // Cyrillic с and е as files
      {"Лae1", "Ra--e1"},
      {"0-0", "O-O"},
      {"0-0-0", "O-O-O"},
      {"O-O", "O-O"},  // the PGN standard forms are read in every notation
      {"f:g1К+", "Pf-xg1=N +1"},
      {"e8Ф", "P---e8=Q"},
      {"Фe5X", "Q---e5 +2"},  // X is mate here, not a trailing capture sign
      {"Фf7++", "Q---f7 +3"},
      {"d:e5", "Pd-xe5"},
      {"dxe5", "Pd-xe5"},
  };
  for (const Case& c : cases) EXPECT_EQ(parse(c.token, &ru), c.expected) << c.token;
  EXPECT_EQ(parse("Ne4", &ru), "error " + std::to_string(int(MoveTextError::UnknownPiece)));
}

TEST(MoveText, BuiltinRussianTable) {
  const Notation* ru = find_notation("ru");
  ASSERT_NE(ru, nullptr);
  EXPECT_EQ(parse("Кре2", ru), "K---e2");
  EXPECT_EQ(parse("Кf3", ru), "N---f3");
  EXPECT_EQ(parse("Kpe2", ru), "K---e2");
  EXPECT_EQ(parse("f:g1К+", ru), "Pf-xg1=N +1");
  EXPECT_EQ(parse("0-0-0+", ru), "O-O-O +1");
}

// Tokens built from pieces of moves, right and wrong, and random byte strings.
std::vector<std::string> sample_tokens() {
  const char* pieces[] = {"", "N", "n", "b", "B", "K", "Kр", "♘", "♛", "Z", "P", "p"};
  const char* froms[] = {"", "g", "1", "g1", "i", "е"};
  const char* separators[] = {"", "x", "X", ":", "-", "–", "×", "="};
  const char* destinations[] = {"f3", "e8", "e", "9", "h1"};
  const char* promotions[] = {"", "=Q", "Q", "q", "/R", "(N)", "(N", "=", "=K", "b", "♕"};
  const char* suffixes[] = {"",  "+", "#", "++", "e.p.", "ep", "!?",    "+!",
                            "‼", " ", ")", "x",  "Q",    "?",  "+e.p.", "!!+"};
  std::vector<std::string> tokens;
  for (const char* a : pieces)
    for (const char* b : froms)
      for (const char* c : separators)
        for (const char* d : destinations)
          for (const char* e : promotions)
            for (const char* f : suffixes) tokens.push_back(std::string(a) + b + c + d + e + f);
  const char* whole[] = {"O-O", "0-0-0",   "o-o",  "O–O–O",   "O-O+", "0-0#",
                         "--",  "Z0",      "0000", "@@@@",    "--+",  "O-0",
                         "OO",  "O-O-O-O", "1-0",  "1/2-1/2", "*"};
  for (const char* w : whole) tokens.push_back(w);

  const std::string alphabet = "abcdefgh12345678NBRQKPnbrqkpxX:-=+#!?/()O0o.@Z ep";
  const std::string utf8[] = {"×", "–", "—", "‼", "♘", "Кр", "е", "\xE2\x99", "\xC3", "\xD0"};
  std::mt19937 random(20240917);
  for (int i = 0; i < 200000; ++i) {
    std::string token;
    const int length = int(random() % 9);
    for (int j = 0; j < length; ++j) {
      if (random() % 8 == 0) {
        token += utf8[random() % std::size(utf8)];
      } else {
        token += alphabet[random() % alphabet.size()];
      }
    }
    tokens.push_back(token);
  }
  return tokens;
}

TEST(MoveText, EnglishFastPathEqualsEnglishTable) {
  const Notation& english = english_notation();
  int accepted = 0;
  for (const std::string& token : sample_tokens()) {
    MoveText fast, table;
    MoveTextError fast_error, table_error;
    const std::size_t fast_used = parse_move_text(token, fast, fast_error);
    const std::size_t table_used = parse_move_text(token, table, table_error, &english);
    ASSERT_EQ(fast_used, table_used) << token;
    ASSERT_EQ(int(fast_error), int(table_error)) << token;
    if (fast_used != 0) {
      ASSERT_EQ(summary(fast), summary(table)) << token;
      ++accepted;
    }
  }
  EXPECT_GT(accepted, 10000);
}

// A table that is legal to build in code (tables from JSON are checked, these are not) and
// sets traps for the word index and the plain path: symbols that start other symbols or
// stand for two pieces, a capture sign that starts a longer one or ends in a file letter,
// '+' as a promotion sign (so a trailing '+' is not always a check sign), a dash of its own,
// a look-alike file letter, a Cyrillic castling form.
Notation tricky_table() {
  Notation n;
  n.code = "tricky";
  n.pieces[King] = {"Кр", "K"};
  n.pieces[Queen] = {"Ф", "Q"};
  n.pieces[Rook] = {"Т", "Ro", "Фф"};
  n.pieces[Bishop] = {"С", "Л"};
  n.pieces[Knight] = {"К", "S", "Sp"};
  n.pieces[Pawn] = {"п", "Ф"};  // also the queen's: the first listed (the pawn) wins
  n.castle_short = {"О-О", "0-0"};
  n.castle_long = {"О-О-О", "0-0-0"};
  n.capture = {":", "xx", "—:", "|d"};
  n.move_dash = {"~", "—"};
  n.check = {"+", "ch"};
  n.mate = {"#", "X", "мат"};
  n.double_check = {"++"};
  n.promotion = {"", "=", "(", "+"};
  n.en_passant = {"e.p.", "#ep"};
  n.file_aliases[0] = {"а"};
  n.file_aliases[1] = {"ь"};
  n.file_aliases[4] = {"е"};
  return n;
}

// Every move of random games, as each table writes it (SAN and long algebraic), and
// variations of those tokens: Latin look-alikes for Cyrillic letters, other suffixes, cuts.
std::vector<std::string> written_tokens(const std::vector<const Notation*>& tables) {
  std::vector<std::string> tokens;
  std::mt19937 random(42);
  for (int game = 0; game < 16; ++game) {
    Position pos;
    for (int ply = 0; ply < 150; ++ply) {
      MoveList legal;
      generate_legal(pos, legal);
      if (legal.size == 0) break;
      const Move m = legal.moves[random() % unsigned(legal.size)];
      for (const Notation* n : tables) {
        std::string san, lan;
        append_san(pos, m, san, n);
        append_lan(pos, m, lan, n);
        tokens.push_back(san);
        tokens.push_back(lan);
      }
      pos.play(m);
    }
  }
  const std::size_t written = tokens.size();
  const char* suffixes[] = {"+", "#",  "++", "X",    "Х",  "!",  ":",
                            "x", "=Q", "Ф",  "е.п.", "ch", "+ch"};
  for (std::size_t i = 0; i < written; i += 7) {
    std::string latin = tokens[i];
    for (auto [cyrillic, look_alike] : {std::pair{"К", "K"},
                                        {"р", "p"},
                                        {"С", "C"},
                                        {"О", "O"},
                                        {"Т", "T"},
                                        {"Х", "X"},
                                        {"а", "a"},
                                        {"е", "e"}}) {
      for (std::size_t at; (at = latin.find(cyrillic)) != std::string::npos;)
        latin.replace(at, std::string_view(cyrillic).size(), look_alike);
    }
    tokens.push_back(latin);
    tokens.push_back(tokens[i] + suffixes[i / 7 % std::size(suffixes)]);
    if (tokens[i].size() > 1) tokens.push_back(tokens[i].substr(1));
    if (tokens[i].size() > 2) tokens.push_back(tokens[i].substr(0, tokens[i].size() - 1));
  }
  return tokens;
}

// The whitespace-separated words of the localized test corpora.
std::vector<std::string> corpus_tokens() {
  std::vector<std::string> tokens;
  for (const char* name :
       {"ambiguous-de-cs", "de-ruy-lopez", "ru-fide-example", "ru-illegal", "sk-ruy-lopez"}) {
    std::ifstream in(std::string(LIBPGN_SOURCE_DIR) + "/corpora/localized/" + name + ".pgn");
    EXPECT_TRUE(in) << name;
    for (std::string word; in >> word;) tokens.push_back(word);
  }
  return tokens;
}

// The word index and the plain path read every token exactly as trying the table's words one
// by one does.
void expect_word_by_word_reading(const Notation& n, const std::vector<std::string>& tokens) {
  for (const std::string& token : tokens) {
    MoveText fast, reference;
    MoveTextError fast_error = MoveTextError::None, reference_error = MoveTextError::None;
    const std::size_t fast_used = parse_move_text(token, fast, fast_error, &n);
    const std::size_t reference_used =
        detail::parse_move_text_word_by_word(token, reference, reference_error, n);
    ASSERT_EQ(fast_used, reference_used) << n.code << " " << token;
    ASSERT_EQ(int(fast_error), int(reference_error)) << n.code << " " << token;
    if (fast_used != 0) {
      ASSERT_EQ(summary(fast), summary(reference)) << n.code << " " << token;
    }
  }
}

TEST(MoveText, IndexedTablesReadAsWordByWord) {
  const Notation russian = russian_table(), tricky = tricky_table();
  std::vector<const Notation*> tables = {&russian, &tricky};
  for (const Notation* n : builtin_notations())
    if (!n->spoken) tables.push_back(n);
  std::vector<std::string> tokens = written_tokens(tables);
  for (std::string& token : corpus_tokens()) tokens.push_back(std::move(token));
  const char* traps[] = {"Кр:е2", "Kpe2", "Kрe2",  "КрXe2",  "Spf3",   "Sf3",     "S:f3",   "Sxxf3",
                         "Sxf3",  "S|d4", "S|dd4", "S—:f3",  "S—f3",   "Sg1—f3",  "Sg1~f3", "e8+Ф",
                         "e8+",   "Фe5X", "Фf7++", "Фf7мат", "Фf7ch",  "exd6#ep", "ьxc3",   "Льc3",
                         "О-О",   "O-O",  "0-0+",  "О—О",    "О-О-О#", "Roe1",    "Ro1e1",  "Фe4",
                         "Ффe4",  "Фф",   "Ф:e4",  "п:e5",   "пe4",    "e4:",     "Ф",      "",
                         "К",     "Кр",   "е4",    "а8Ф",    "sf3",    "kd2",     "Xe5"};
  for (const char* trap : traps) tokens.push_back(trap);
  for (const Notation* n : tables) expect_word_by_word_reading(*n, tokens);
  // The random byte strings too, for the tables whose words set the most traps.
  const std::vector<std::string> samples = sample_tokens();
  for (const Notation* n : {&russian, &tricky, find_notation("ru")})
    expect_word_by_word_reading(*n, samples);
}

// Words of many Cyrillic letters that each have a Latin look-alike: any mix of the two
// alphabets reads, as word by word, without the index listing 2^n spellings (a 24-letter
// king took over 20 s and 1.5 GB to index).
TEST(MoveText, LongLookAlikeWordsAreIndexedInLinearTime) {
  Notation n = russian_table();
  const std::string cyrillic = "АВЕКМНОРСТХАВЕКМНОРСТХАВ";  // 24 letters with look-alikes
  const std::string latin = "ABEKMHOPCTXABEKMHOPCTXAB";
  n.pieces[King] = {cyrillic};
  n.pieces[Queen] = {cyrillic.substr(0, 16)};  // 8 letters: a shorter word of the same start
  const auto started = std::chrono::steady_clock::now();
  MoveText move;
  MoveTextError error = MoveTextError::None;
  ASSERT_EQ(parse_move_text(cyrillic + "e4", move, error, &n), cyrillic.size() + 2);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(2));
  EXPECT_EQ(move.piece, King);
  // Every letter in either alphabet, by patterns that mix them differently.
  std::vector<std::string> tokens;
  for (unsigned pattern : {0u, 0xFFFFFFu, 0xAAAAAAu, 0x0F0F0Fu, 0xFFFF00u, 0x000001u, 0x800000u}) {
    std::string word;
    for (std::size_t k = 0; k < latin.size(); ++k)
      word += (pattern >> k) & 1 ? latin.substr(k, 1) : cyrillic.substr(2 * k, 2);
    tokens.push_back(word + "e4");
    tokens.push_back(word + ":d5+");
    tokens.push_back(word.substr(0, word.size() - 1) + "e4");  // a letter short: no king
    tokens.push_back(latin.substr(0, 8) + "d5");               // the queen in Latin
    tokens.push_back(cyrillic.substr(0, 16) + "Kd5");          // queen, then garbage
  }
  expect_word_by_word_reading(n, tokens);
  ASSERT_EQ(parse_move_text(latin + "e4", move, error, &n), latin.size() + 2);
  EXPECT_EQ(move.piece, King);
  ASSERT_EQ(parse_move_text(latin.substr(0, 8) + "d5", move, error, &n), 10u);
  EXPECT_EQ(move.piece, Queen);
}

// A token a table reads in full has only bytes of the table's move alphabet, which notation
// detection uses to rule tables out without reading.
TEST(MoveText, ReadTokensUseOnlyTheAlphabet) {
  const Notation tricky = tricky_table();
  std::vector<const Notation*> tables = {&tricky};
  for (const Notation* n : builtin_notations())
    if (!n->spoken) tables.push_back(n);
  std::vector<std::string> tokens = written_tokens(tables);
  for (std::string& token : sample_tokens()) tokens.push_back(std::move(token));
  int read = 0;
  for (const Notation* n : tables) {
    const detail::ByteSet& alphabet = detail::move_alphabet(*n);
    for (const std::string& token : tokens) {
      MoveText m;
      MoveTextError e;
      if (token.empty() || parse_move_text(token, m, e, n) != token.size()) continue;
      ++read;
      for (char c : token)
        ASSERT_TRUE(alphabet.has(static_cast<unsigned char>(c))) << n->code << " " << token;
    }
  }
  EXPECT_GT(read, 100000);
  // A Latin table cannot read Cyrillic, nor a Russian one a Czech rook.
  EXPECT_FALSE(detail::move_alphabet(english_notation()).has(0xD0));
  EXPECT_FALSE(detail::move_alphabet(*find_notation("ru")).has('V'));
}

TEST(MoveText, SpokenWordsUseOnlyTheAlphabet) {
  const Notation& spoken = *find_notation("de-spoken");
  const detail::ByteSet& alphabet = detail::move_alphabet(spoken);
  std::vector<std::string> words;
  std::mt19937 random(3);
  Position pos;
  for (int ply = 0; ply < 400; ++ply) {
    MoveList legal;
    generate_legal(pos, legal);
    if (legal.size == 0) pos = Position(), generate_legal(pos, legal);
    const Move m = legal.moves[random() % unsigned(legal.size)];
    std::string phrase;
    append_spoken_move(pos, m, phrase, spoken);
    std::istringstream split(phrase);
    for (std::string word; split >> word;) {
      words.push_back(word);
      std::string upper = word;
      for (char& c : upper)
        if (c >= 'a' && c <= 'z') c = char(c - 32);
      words.push_back(upper);
    }
    pos.play(m);
  }
  for (const char* word : {"Laeufer", "LÄUFER", "Koenig", "KÖNIG", "Roessel", "Rößel", "Strasse"})
    words.push_back(word);
  int spoken_words = 0;
  for (const std::string& word : words) {
    if (!looks_spoken(word, spoken)) continue;
    ++spoken_words;
    for (char c : word) ASSERT_TRUE(alphabet.has(static_cast<unsigned char>(c))) << word;
  }
  EXPECT_GT(spoken_words, 1000);
  EXPECT_FALSE(alphabet.has('3'));
  EXPECT_FALSE(alphabet.has(0xD0));
}

// Arbitrary bytes must never be read out of bounds (run under the sanitizer build).
TEST(MoveText, ArbitraryBytesAreSafe) {
  std::mt19937 random(7);
  const Notation* ru = find_notation("ru");
  const Notation tricky = tricky_table();
  for (int i = 0; i < 100000; ++i) {
    std::string bytes(random() % 12, '\0');
    for (char& c : bytes) c = char(random() % 256);
    // Exactly sized heap copies so that a read past the end is caught.
    std::vector<char> exact(bytes.begin(), bytes.end());
    const std::string_view view(exact.data(), exact.size());
    MoveText m;
    MoveTextError e;
    parse_move_text(view, m, e);
    parse_move_text(view, m, e, &english_notation());
    if (ru != nullptr) parse_move_text(view, m, e, ru);
    parse_move_text(view, m, e, &tricky);
  }
}

}  // namespace
}  // namespace pgn
