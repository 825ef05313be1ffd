// Spoken German moves ("Springer Felix drei"): the writer, the reader, and the round trip
// over real games. Also replays every built-in table's example line, which needs the same
// move core.
#include "libpgn/spoken.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "libpgn/notation.hpp"
#include "libpgn/position.hpp"
#include "libpgn/san.hpp"

namespace pgn {
namespace {

const Notation& german_spoken() {
  return *find_notation("de-spoken");
}

Position from_fen(std::string_view fen) {
  FenResult result = Position::from_fen(fen);
  EXPECT_TRUE(result.ok()) << fen << ": " << result.message;
  return result.position;
}

std::vector<std::string_view> split_words(std::string_view text) {
  std::vector<std::string_view> words;
  while (!text.empty()) {
    const std::size_t start = text.find_first_not_of(' ');
    if (start == std::string_view::npos) break;
    text.remove_prefix(start);
    const std::size_t end = text.find(' ');
    words.push_back(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end);
  }
  return words;
}

// The legal move an English SAN token names in `pos` (a null move when there is none).
Move san_move(const Position& pos, std::string_view san) {
  MoveText text;
  MoveTextError error;
  if (parse_move_text(san, text, error) == 0) return Move::null();
  MoveResolution resolution = resolve_move(pos, text);
  return resolution.ok() ? resolution.move : Move::null();
}

std::string spoken(const Position& pos, std::string_view san) {
  const Move m = san_move(pos, san);
  EXPECT_FALSE(m.is_null()) << san;
  std::string out;
  append_spoken_move(pos, m, out, german_spoken());
  return out;
}

struct Parsed {
  std::size_t used = 0;
  MoveText text;
  MoveTextError error = MoveTextError::None;
};

Parsed parse_spoken(std::string_view phrase) {
  Parsed parsed;
  const auto words = split_words(phrase);
  parsed.used = parse_spoken_move(words, parsed.text, parsed.error, german_spoken());
  return parsed;
}

// The move a spoken phrase names in `pos`, or a null move.
Move spoken_move(const Position& pos, std::string_view phrase) {
  Parsed parsed = parse_spoken(phrase);
  if (parsed.used != split_words(phrase).size()) return Move::null();
  MoveResolution resolution = resolve_move(pos, parsed.text);
  return resolution.ok() ? resolution.move : Move::null();
}

TEST(SpokenWriter, GoldenPhrases) {
  const Position start;
  EXPECT_EQ(spoken(start, "Nf3"), "Springer Felix drei");
  EXPECT_EQ(spoken(start, "e4"), "Bauer Eva vier");
  EXPECT_EQ(spoken(start, "Na3"), "Springer Anna drei");

  // Italian game: both sides castle short; Bxf7+ is a capture with check.
  const Position italian =
      from_fen("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
  EXPECT_EQ(spoken(italian, "O-O"), "Kurze Rochade");
  EXPECT_EQ(spoken(italian, "Bxf7+"), "L\u00e4ufer schl\u00e4gt Felix sieben Schach");
  EXPECT_EQ(spoken(italian, "Ng5"), "Springer Gustav f\u00fcnf");

  const Position queenside = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(spoken(queenside, "O-O-O"), "Lange Rochade");

  const Position pawns = from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  EXPECT_EQ(spoken(pawns, "exd6"), "Bauer Eva schl\u00e4gt David sechs en passant");
  const Position capture = from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
  EXPECT_EQ(spoken(capture, "exd5"), "Bauer Eva schl\u00e4gt David f\u00fcnf");

  const Position promotion = from_fen("1k6/4P3/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(spoken(promotion, "e8=Q+"), "Bauer Eva acht wird Dame Schach");
  EXPECT_EQ(spoken(promotion, "e8=N"), "Bauer Eva acht wird Springer");

  // Fool's mate.
  const Position fools = from_fen("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
  EXPECT_EQ(spoken(fools, "Qh4#"), "Dame Hector vier Matt");
}

TEST(SpokenWriter, DisambiguatesLikeSan) {
  // Rooks on a1 and f1: the file.
  const Position rooks = from_fen("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
  EXPECT_EQ(spoken(rooks, "Rad1"), "Turm Anna David eins");
  // Rooks on a1 and a5: the rank.
  const Position file = from_fen("4k3/8/8/R7/8/8/8/R5K1 w - - 0 1");
  EXPECT_EQ(spoken(file, "R1a3"), "Turm eins Anna drei");
  // Queens on h4, e4 and h1 can all take on e1: file and rank.
  const Position queens = from_fen("8/8/k7/8/4Q2Q/8/8/K3n2Q w - - 0 1");
  EXPECT_EQ(spoken(queens, "Qh4xe1"), "Dame Hector vier schl\u00e4gt Eva eins");
  EXPECT_EQ(spoken_move(queens, "Dame Hector vier schl\u00e4gt Eva eins"),
            san_move(queens, "Qh4xe1"));
  // Knights on b1 and f3.
  const Position knights = from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
  EXPECT_EQ(spoken(knights, "Nbd2"), "Springer Bella David zwei");
}

// Variant moves are worded by the variant's rules: drops with the drop words, and the mate
// word on a move that wins the variant's way (an atomic explosion of the king).
TEST(SpokenVariants, DropsAndVariantWins) {
  FenResult zh = Position::from_fen(
      "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N5/PPPP1PPP/R1BQKB1R[N] w KQkq - 0 4", Variant::Crazyhouse);
  ASSERT_TRUE(zh.ok()) << zh.message;
  const Move drop = Move::drop(Knight, make_square(5, 2));  // N@f3
  std::string out;
  append_san(zh.position, drop, out, &german_spoken());
  EXPECT_EQ(out, "Springer eingesetzt auf Felix drei");
  for (const char* phrase : {"Springer eingesetzt auf Felix drei", "Springer setzt Felix drei"}) {
    const Parsed parsed = parse_spoken(phrase);
    EXPECT_EQ(parsed.used, split_words(phrase).size()) << phrase;
    EXPECT_EQ(parsed.text.kind, MoveText::Drop) << phrase;
    const MoveResolution resolved = resolve_variant_move(zh.position, parsed.text);
    ASSERT_TRUE(resolved.ok()) << phrase;
    EXPECT_EQ(resolved.move, drop) << phrase;
  }
  EXPECT_EQ(parse_spoken("Springer eingesetzt auf Felix").used, 0u);

  // Atomic: Qxf7 explodes the black king; '#' in SAN, "Matt" spoken.
  FenResult atomic = Position::from_fen(
      "r1bqkbnr/ppp2ppp/2n5/3pp2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 4", Variant::Atomic);
  ASSERT_TRUE(atomic.ok()) << atomic.message;
  const Move qxf7(make_square(7, 4), make_square(5, 6));
  std::string san, words;
  append_san(atomic.position, qxf7, san);
  append_san(atomic.position, qxf7, words, &german_spoken());
  EXPECT_EQ(san, "Qxf7#");
  EXPECT_EQ(words, "Dame schl\u00e4gt Felix sieben Matt");
}

// "en" after a move may begin "en passant": a reader waits for the next word.
TEST(SpokenReader, PhraseMayContinue) {
  const auto en = split_words("en");
  const auto en_passant = split_words("en passant");
  const auto bauer = split_words("Bauer");
  const auto eingesetzt = split_words("eingesetzt");
  EXPECT_TRUE(spoken_phrase_may_continue(en, german_spoken()));
  EXPECT_FALSE(spoken_phrase_may_continue(en_passant, german_spoken()));
  EXPECT_FALSE(spoken_phrase_may_continue(bauer, german_spoken()));
  EXPECT_TRUE(spoken_phrase_may_continue(eingesetzt, german_spoken()));
}

TEST(SpokenReader, GoldenPhrases) {
  const Position start;
  EXPECT_EQ(spoken_move(start, "Springer Felix drei"), san_move(start, "Nf3"));
  EXPECT_EQ(spoken_move(start, "Bauer Eva vier"), san_move(start, "e4"));
  // FIDE's suggestion names no piece for pawn moves.
  EXPECT_EQ(spoken_move(start, "Eva vier"), san_move(start, "e4"));
  // Long form with the from-square.
  EXPECT_EQ(spoken_move(start, "Springer Gustav eins Felix drei"), san_move(start, "Nf3"));

  const Position italian =
      from_fen("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
  EXPECT_EQ(spoken_move(italian, "Kurze Rochade"), san_move(italian, "O-O"));
  Parsed castle = parse_spoken("kurze rochade");
  EXPECT_EQ(castle.used, 2u);
  EXPECT_EQ(castle.text.kind, MoveText::CastleShort);
}

TEST(SpokenReader, SpellingsAndCase) {
  const Position italian =
      from_fen("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
  const Move bxf7 = san_move(italian, "Bxf7+");
  for (const char* phrase :
       {"L\u00e4ufer schl\u00e4gt Felix sieben Schach", "Laeufer schlaegt Felix sieben Schach",
        "LAEUFER NIMMT FELIX SIEBEN", "l\u00c4ufer schl\u00c4gt felix seiben schach"})
    EXPECT_EQ(spoken_move(italian, phrase), bxf7) << phrase;

  const Position start;
  EXPECT_EQ(spoken_move(start, "Bauer Cesar vier"), san_move(start, "c4"));
  EXPECT_EQ(spoken_move(start, "Bauer Caesar vier"), san_move(start, "c4"));
  EXPECT_EQ(spoken_move(start, "Bauer C\u00e4sar vier"), san_move(start, "c4"));
  EXPECT_EQ(spoken_move(start, "Bauer Hektor drei"), san_move(start, "h3"));
  EXPECT_EQ(spoken_move(start, "Bauer Hector drei"), san_move(start, "h3"));

  const Position rooks = from_fen("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
  EXPECT_EQ(spoken_move(rooks, "Turm Anna David ein"), san_move(rooks, "Rad1"));
  const Position pawn = from_fen("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1");
  EXPECT_EQ(spoken_move(pawn, "Bauer Eva fuenf"), san_move(pawn, "e5"));
  EXPECT_EQ(spoken_move(pawn, "Bauer Eva funf"), san_move(pawn, "e5"));
  EXPECT_EQ(spoken_move(pawn, "K\u00f6nig Felix zwei"), san_move(pawn, "Kf2"));
  EXPECT_EQ(spoken_move(pawn, "Koenig Felix zwei"), san_move(pawn, "Kf2"));

  const Position promotion = from_fen("1k6/4P3/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(spoken_move(promotion, "Bauer Eva acht Umwandlung in Turm"),
            san_move(promotion, "e8=R"));
  EXPECT_EQ(spoken_move(promotion, "Eva acht wird Dame Schach"), san_move(promotion, "e8=Q+"));
}

TEST(SpokenReader, CheckAndMateWords) {
  EXPECT_EQ(parse_spoken("Dame Hector vier Matt").text.check_mark, 2);
  EXPECT_EQ(parse_spoken("Dame Hector vier Schachmatt").text.check_mark, 2);
  Parsed two_words = parse_spoken("Dame Hector vier Schach matt");
  EXPECT_EQ(two_words.used, 5u);
  EXPECT_EQ(two_words.text.check_mark, 2);
  EXPECT_EQ(parse_spoken("Dame Hector vier Schach").text.check_mark, 1);
  EXPECT_EQ(parse_spoken("Lange Rochade Schach").text.check_mark, 1);
  EXPECT_EQ(parse_spoken("Dame Hector vier").text.check_mark, 0);
}

TEST(SpokenReader, StopsAtTheEndOfOnePhrase) {
  EXPECT_EQ(parse_spoken("Springer Felix drei Bauer David f\u00fcnf").used, 3u);
  EXPECT_EQ(parse_spoken("Bauer Eva vier Eva f\u00fcnf").used, 3u);
  EXPECT_EQ(parse_spoken("Eva vier Eva f\u00fcnf").used, 2u);
  EXPECT_EQ(parse_spoken("Kurze Rochade Lange Rochade").used, 2u);
  EXPECT_EQ(parse_spoken("Bauer Eva acht wird Dame Dame Hector vier").used, 5u);
  EXPECT_EQ(parse_spoken("Springer Felix drei 2.").used, 3u);
  // A piece's square followed by a square is the long form (so pawn moves after a piece
  // move need the pawn word, as append_spoken_move writes them).
  EXPECT_EQ(parse_spoken("Springer Gustav eins Felix drei Bauer Eva vier").used, 5u);
}

TEST(SpokenReader, Errors) {
  Parsed empty = parse_spoken("");
  EXPECT_EQ(empty.used, 0u);
  EXPECT_EQ(empty.error, MoveTextError::Empty);
  Parsed unknown = parse_spoken("Hallo Felix drei");
  EXPECT_EQ(unknown.used, 0u);
  EXPECT_EQ(unknown.error, MoveTextError::UnknownPiece);
  Parsed no_square = parse_spoken("Springer Felix");
  EXPECT_EQ(no_square.used, 0u);
  EXPECT_EQ(no_square.error, MoveTextError::BadSquare);
  Parsed rank_only = parse_spoken("Springer drei");
  EXPECT_EQ(rank_only.error, MoveTextError::BadSquare);
  Parsed bad_promotion = parse_spoken("Bauer Eva acht wird");
  EXPECT_EQ(bad_promotion.used, 0u);
  EXPECT_EQ(bad_promotion.error, MoveTextError::BadPromotion);
  Parsed promotion_to_file = parse_spoken("Bauer Eva acht wird Felix");
  EXPECT_EQ(promotion_to_file.error, MoveTextError::BadPromotion);
}

TEST(SpokenReader, LooksSpoken) {
  const Notation& n = german_spoken();
  for (const char* word : {"Springer", "springer", "L\u00e4ufer", "Laeufer", "Felix", "Hektor",
                           "drei", "f\u00fcnf", "schl\u00e4gt", "nimmt", "Schach", "Matt",
                           "Rochade", "Kurze", "wird", "Umwandlung", "in", "passant"})
    EXPECT_TRUE(looks_spoken(word, n)) << word;
  for (const char* word : {"Nf3", "e4", "1.", "1-0", "Sf3", "Pferd", "", "{"})
    EXPECT_FALSE(looks_spoken(word, n)) << word;
}

// Field by field, the MoveText the spoken reader gives equals the SAN parser's for the same
// move (the spoken form adds the en passant mark, which SAN leaves out).
void expect_same_text(const MoveText& spoken_text, const MoveText& san_text, std::string_view san) {
  EXPECT_EQ(spoken_text.kind, san_text.kind) << san;
  EXPECT_EQ(spoken_text.piece, san_text.piece) << san;
  EXPECT_EQ(spoken_text.from_file, san_text.from_file) << san;
  EXPECT_EQ(spoken_text.from_rank, san_text.from_rank) << san;
  EXPECT_EQ(spoken_text.to, san_text.to) << san;
  EXPECT_EQ(spoken_text.promotion, san_text.promotion) << san;
  EXPECT_EQ(spoken_text.capture, san_text.capture) << san;
  EXPECT_EQ(spoken_text.check_mark, san_text.check_mark) << san;
}

// SAN tokens of the movetext of the first `limit` games of a PGN file, read crudely: no
// comments, variations or NAGs are expected in the file used (TWIC).
std::vector<std::vector<std::string>> read_games(const std::string& path, int limit) {
  std::ifstream in(path);
  std::vector<std::vector<std::string>> games;
  std::string line;
  bool in_movetext = false;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    if (line[0] == '[') {
      if (in_movetext) {
        if (int(games.size()) == limit) break;
        in_movetext = false;
      }
      continue;
    }
    if (!in_movetext) {
      if (int(games.size()) == limit) break;
      games.emplace_back();
      in_movetext = true;
    }
    std::istringstream tokens(line);
    std::string token;
    while (tokens >> token) {
      const std::size_t dot = token.find_last_of('.');
      if (dot != std::string::npos) token = token.substr(dot + 1);
      if (token.empty() || token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*")
        continue;
      games.back().push_back(token);
    }
  }
  if (int(games.size()) > limit) games.resize(limit);
  return games;
}

TEST(SpokenRoundTrip, RealGames) {
  const auto games = read_games(LIBPGN_SHARED_DIR "/corpora/real/twic0920.pgn", 200);
  ASSERT_EQ(games.size(), 200u);
  const Notation& n = german_spoken();
  std::size_t moves = 0;
  for (std::size_t g = 0; g < games.size(); ++g) {
    Position pos;
    std::string game_phrases;
    std::vector<Move> game_moves;
    for (const std::string& san : games[g]) {
      MoveText san_text;
      MoveTextError error;
      ASSERT_NE(parse_move_text(san, san_text, error), 0u) << "game " << g << ": " << san;
      const MoveResolution resolution = resolve_move(pos, san_text);
      ASSERT_TRUE(resolution.ok()) << "game " << g << ": " << san;

      std::string phrase;
      append_spoken_move(pos, resolution.move, phrase, n);
      const auto words = split_words(phrase);
      MoveText spoken_text;
      ASSERT_EQ(parse_spoken_move(words, spoken_text, error, n), words.size())
          << "game " << g << ": " << san << " = " << phrase;
      expect_same_text(spoken_text, san_text, san);
      const MoveResolution spoken_resolution = resolve_move(pos, spoken_text);
      ASSERT_TRUE(spoken_resolution.ok()) << phrase;
      ASSERT_EQ(spoken_resolution.move, resolution.move) << san << " = " << phrase;

      game_phrases += phrase + ' ';
      game_moves.push_back(resolution.move);
      pos.play(resolution.move);
      ++moves;
    }
    // The phrases of a whole game, run together, split back into the same moves.
    const auto words = split_words(game_phrases);
    std::span<const std::string_view> rest(words);
    Position replay;
    for (Move expected : game_moves) {
      MoveText text;
      MoveTextError error;
      const std::size_t used = parse_spoken_move(rest, text, error, n);
      ASSERT_NE(used, 0u) << "game " << g;
      const MoveResolution resolution = resolve_move(replay, text);
      ASSERT_TRUE(resolution.ok() && resolution.move == expected) << "game " << g;
      replay.play(expected);
      rest = rest.subspan(used);
    }
    EXPECT_TRUE(rest.empty()) << "game " << g;
  }
  EXPECT_GT(moves, 10000u);
}

// Each table's example line, read with that table, replays to the same moves as the English
// line; written tables also write it back identically with append_san.
TEST(TableExamples, ReplayLikeEnglish) {
  auto move_tokens = [](const std::string& line) {
    std::vector<std::string> tokens;
    std::istringstream in(line);
    std::string token;
    while (in >> token) {
      const std::size_t dot = token.find_last_of('.');
      if (dot != std::string::npos) token = token.substr(dot + 1);
      if (!token.empty()) tokens.push_back(token);
    }
    return tokens;
  };
  const auto english = move_tokens(english_notation().example);
  std::vector<Move> expected;
  Position pos;
  for (const auto& san : english) {
    expected.push_back(san_move(pos, san));
    ASSERT_FALSE(expected.back().is_null()) << san;
    pos.play(expected.back());
  }

  for (const Notation* n : builtin_notations()) {
    SCOPED_TRACE(n->code);
    Position replay;
    if (n->spoken) {
      std::string words_only;  // the example with its move numbers dropped
      for (const auto& word : split_words(n->example))
        if (word.back() != '.') words_only += std::string(word) + ' ';
      const auto words = split_words(words_only);
      std::span<const std::string_view> rest(words);
      for (Move m : expected) {
        MoveText text;
        MoveTextError error;
        const std::size_t used = parse_spoken_move(rest, text, error, *n);
        ASSERT_NE(used, 0u);
        const MoveResolution resolution = resolve_move(replay, text);
        ASSERT_TRUE(resolution.ok() && resolution.move == m);
        std::string phrase;
        append_spoken_move(replay, m, phrase, *n);
        std::string heard;
        for (std::size_t i = 0; i < used; ++i) heard += (i ? " " : "") + std::string(rest[i]);
        EXPECT_EQ(phrase, heard);
        replay.play(m);
        rest = rest.subspan(used);
      }
      EXPECT_TRUE(rest.empty());
      continue;
    }
    const auto tokens = move_tokens(n->example);
    ASSERT_EQ(tokens.size(), expected.size());
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      MoveText text;
      MoveTextError error;
      ASSERT_NE(parse_move_text(tokens[i], text, error, n), 0u) << tokens[i];
      const MoveResolution resolution = resolve_move(replay, text);
      ASSERT_TRUE(resolution.ok()) << tokens[i];
      EXPECT_EQ(resolution.move, expected[i]) << tokens[i];
      std::string written;
      append_san(replay, expected[i], written, n);
      EXPECT_EQ(written, tokens[i]);
      replay.play(expected[i]);
    }
  }
}

}  // namespace
}  // namespace pgn
