// Writer and parser agree: every legal move of the perft positions (to depth 3) written as
// SAN, long algebraic, UCI and in notation tables reads back as the same move. Also replays a
// real game collection through parse + resolve and reports the speed.
#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/notation.hpp"
#include "libpgn/position.hpp"
#include "libpgn/san.hpp"

namespace pgn {
namespace {

struct TestPosition {
  const char* fen;
  bool chess960;
};

// Perft positions from the Chess Programming Wiki ("Perft Results", "Chess960 Perft Results").
const TestPosition kPositions[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
    {"r3k2r/p1ppqpb1/bn2pnp1/4P3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", false},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
    {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", true},
    {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", true},
    {"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", true},
    {"1r2k1r1/pbppnp1p/1b3P2/8/Q7/B1PB1q2/P1P1PP1P/1R2K1RN w GBgb - 0 1", true},
};

Position load(const TestPosition& p) {
  FenResult result = Position::from_fen(p.fen, p.chess960);
  EXPECT_TRUE(result.ok()) << p.fen << ": " << result.message;
  return result.position;
}

// Calls `visit(pos, move)` for every legal move of every position up to `depth` plies deep.
void for_each_move(Position& pos, int depth,
                   const std::function<void(const Position&, Move)>& visit) {
  MoveList list;
  generate_legal(pos, list);
  for (const Move m : list) {
    visit(pos, m);
    if (depth > 1) {
      UndoInfo undo;
      pos.do_move(m, undo);
      for_each_move(pos, depth - 1, visit);
      pos.undo_move(m, undo);
    }
  }
}

// Reads `written` back in `pos` and checks it gives `m`; returns false (once reported) if not.
bool reads_back(const Position& pos, Move m, const std::string& written, const Notation* notation,
                const char* form) {
  MoveText text;
  MoveTextError error;
  const std::size_t used = parse_move_text(written, text, error, notation);
  if (used != written.size()) {
    ADD_FAILURE() << form << " '" << written << "' does not parse (error " << int(error) << ") in "
                  << pos.fen();
    return false;
  }
  const MoveResolution r = resolve_move(pos, text);
  if (!r.ok() || r.move != m) {
    ADD_FAILURE() << form << " '" << written << "' reads back as "
                  << (r.ok() ? to_uci(pos, r.move) : describe_move_error(pos, text, r))
                  << " instead of " << to_uci(pos, m) << " in " << pos.fen();
    return false;
  }
  return true;
}

TEST(SanRoundTrip, PerftPositionsDepth3) {
  for (const TestPosition& p : kPositions) {
    Position pos = load(p);
    long moves = 0, failures = 0;
    for_each_move(pos, 3, [&](const Position& at, Move m) {
      ++moves;
      if (failures > 5) return;
      std::string san, lan;
      append_san(at, m, san);
      append_lan(at, m, lan);
      failures += !reads_back(at, m, san, nullptr, "SAN");
      failures += !reads_back(at, m, lan, nullptr, "LAN");
      failures += !reads_back(at, m, to_uci(at, m), nullptr, "UCI");
      // The mark the writer chose must be what the position says.
      Position next = at;
      next.play(m);
      const bool mate = next.is_checkmate(), check = next.in_check();
      const char last = san.back();
      if ((last == '#') != mate || (last == '+') != (check && !mate)) {
        ADD_FAILURE() << san << " has the wrong check mark in " << at.fen();
        ++failures;
      }
    });
    EXPECT_EQ(failures, 0) << p.fen;
    EXPECT_GT(moves, 1000) << p.fen;
  }
}

// The resolver decides legality itself (one attack lookup per candidate); it must agree with
// the move generator for every destination and piece kind.
TEST(SanRoundTrip, ResolverAgreesWithGenerator) {
  for (const TestPosition& p : kPositions) {
    Position pos = load(p);
    long failures = 0;
    auto check_position = [&](const Position& at) {
      for (int t = Pawn; t <= King && failures < 5; ++t)
        for (int s = 0; s < 64; ++s) {
          const Square to = Square(s);
          MoveList list;
          generate_legal_to(at, to, PieceType(t), list);
          Bitboard origins = 0;
          Move expected;
          for (const Move m : list)
            if (m.kind() != Move::Castling &&
                (m.kind() != Move::Promotion || m.promotion() == Queen))
              origins |= square_bb(m.from()), expected = m;
          MoveText text;
          text.piece = PieceType(t);
          text.to = to;
          const bool last_rank = rank_of(to) == (at.side_to_move() == White ? 7 : 0);
          if (t == Pawn && last_rank) text.promotion = Queen;
          // A pawn capture is written as one ("d5" is never exd5).
          if (t == Pawn &&
              ((at.pieces(~at.side_to_move()) & square_bb(to)) || to == at.ep_square()))
            text.capture = true;
          const MoveResolution r = resolve_move(at, text);
          const int count = std::popcount(origins);
          const bool agrees = count == 0 ? !r.ok() && r.error != MoveError::Ambiguous
                              : count == 1
                                  ? r.ok() && r.move == expected
                                  : r.error == MoveError::Ambiguous && r.candidates == origins;
          if (!agrees) {
            ADD_FAILURE() << "piece " << t << " to " << s << ": generator has " << count
                          << " origins, resolver says error " << int(r.error) << " in " << at.fen();
            ++failures;
          }
        }
      // Castling, written either way, is legal exactly when the generator has it.
      MoveList all;
      generate_legal(at, all);
      for (const MoveText::Kind kind : {MoveText::CastleShort, MoveText::CastleLong}) {
        MoveText text;
        text.kind = kind;
        text.piece = King;
        const MoveResolution r = resolve_move(at, text);
        const CastleSide side = kind == MoveText::CastleShort ? KingSide : QueenSide;
        const Color us = at.side_to_move();
        const bool legal =
            at.can_castle(us, side) &&
            all.contains(Move(at.king_square(us), at.castling_rook(us, side), Move::Castling));
        if (r.ok() != legal) {
          ADD_FAILURE() << "castling side " << side << ": generator says " << legal << " in "
                        << at.fen();
          ++failures;
        }
      }
    };
    check_position(pos);
    for_each_move(pos, 2, [&](const Position& at, Move m) {
      if (failures >= 5) return;
      Position next = at;
      next.play(m);
      check_position(next);
    });
    EXPECT_EQ(failures, 0) << p.fen;
  }
}

// Many written moves, right and wrong, in every test position: resolving never misbehaves,
// every failure has a sentence, and every success is legal and writes back to itself.
TEST(SanRoundTrip, WrittenMovesResolveConsistently) {
  const char* pieces[] = {"", "N", "B", "R", "Q", "K"};
  const char* origins[] = {"", "a", "e", "h", "1", "2", "7", "e2", "g1", "e1", "e7"};
  const char* signs[] = {"", "x", "-"};
  const char* promotions[] = {"", "=Q", "=N", "=K"};
  long resolved = 0, failed = 0;
  for (const TestPosition& p : kPositions) {
    const Position pos = load(p);
    for (const char* piece : pieces)
      for (const char* origin : origins)
        for (const char* sign : signs)
          for (int s = 0; s < 64; ++s)
            for (const char* promotion : promotions) {
              const char square[3] = {char('a' + s % 8), char('1' + s / 8), 0};
              const std::string token = std::string(piece) + origin + sign + square + promotion;
              MoveText text;
              MoveTextError error;
              if (parse_move_text(token, text, error) != token.size()) continue;
              const MoveResolution r = resolve_move(pos, text);
              if (!r.ok()) {
                ++failed;
                ASSERT_FALSE(describe_move_error(pos, text, r).empty()) << token;
                continue;
              }
              ++resolved;
              MoveList legal;
              generate_legal(pos, legal);
              ASSERT_TRUE(legal.contains(r.move)) << token << " in " << pos.fen();
              std::string san;
              append_san(pos, r.move, san);
              ASSERT_TRUE(reads_back(pos, r.move, san, nullptr, "SAN")) << token;
            }
    for (const MoveText::Kind kind :
         {MoveText::CastleShort, MoveText::CastleLong, MoveText::Null}) {
      MoveText text;
      text.kind = kind;
      const MoveResolution r = resolve_move(pos, text);
      if (!r.ok()) {
        EXPECT_FALSE(describe_move_error(pos, text, r).empty());
      }
    }
  }
  EXPECT_GT(resolved, 1000);
  EXPECT_GT(failed, 100000);
}

// A token that written_as_canonical_san() accepts is, without its check sign, exactly what
// append_san_unchecked() writes; and every canonical token but those naming a piece's origin
// is accepted. Every
// legal move to depth 2 is written with every choice of origin, capture sign and check sign.
TEST(SanRoundTrip, TokensKeptAsCanonicalSanAreCanonical) {
  long kept = 0, canonical_tokens = 0, canonical_kept = 0;
  const char* kLetters = "  NBRQK";
  for (const TestPosition& p : kPositions) {
    Position pos = load(p);
    for_each_move(pos, 2, [&](const Position& at, Move m) {
      if (m.kind() == Move::Castling) return;
      std::string canonical;
      append_san_unchecked(at, m, canonical);
      const PieceType type = type_of(at.piece_on(m.from()));
      const std::string letter = type == Pawn ? "" : std::string(1, kLetters[type]);
      const std::string file(1, char('a' + file_of(m.from())));
      const std::string rank(1, char('1' + rank_of(m.from())));
      const std::string to{char('a' + file_of(m.to())), char('1' + rank_of(m.to()))};
      const std::string piece =
          m.kind() == Move::Promotion ? std::string(1, kLetters[m.promotion()]) : "";
      for (const std::string& origin : {std::string(), file, rank, file + rank})
        for (const char* capture : {"", "x"})
          for (const std::string& promotion : {piece.empty() ? piece : "=" + piece, piece})
            for (const char* sign : {"", "+", "#"}) {
              std::string bare = letter;
              bare.append(origin).append(capture).append(to).append(promotion);
              const std::string token = bare + sign;
              MoveText text;
              MoveTextError error;
              if (parse_move_text(token, text, error) != token.size()) continue;
              const MoveResolution r = resolve_move(at, text);
              if (!r.ok() || r.move != m) continue;
              const bool accepted = written_as_canonical_san(at, text, r);
              if (accepted) {
                ++kept;
                ASSERT_EQ(bare, canonical) << "token " << token << " in " << at.fen();
              }
              // Canonical tokens naming a piece's origin (another piece of its type could go
              // there too) are left to the writer; all others must be recognized.
              if (bare == canonical && (type == Pawn || origin.empty())) {
                ++canonical_tokens;
                canonical_kept += accepted;
              }
            }
    });
  }
  EXPECT_GT(kept, 10000);
  EXPECT_EQ(canonical_kept, canonical_tokens);
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
  n.move_dash = {"-"};
  n.check = {"+"};
  n.mate = {"#"};
  n.promotion = {""};
  n.file_aliases[0] = {"а"};
  n.file_aliases[2] = {"с"};
  n.file_aliases[4] = {"е"};
  return n;
}

// A table without capture signs and with a bracketed promotion form.
Notation bare_table() {
  Notation n = russian_table();
  n.code = "bare-test";
  n.capture.clear();
  n.promotion = {"("};
  return n;
}

void round_trip_table(const Notation& notation, int depth) {
  for (const TestPosition& p : kPositions) {
    Position pos = load(p);
    long failures = 0;
    for_each_move(pos, depth, [&](const Position& at, Move m) {
      if (failures > 5) return;
      std::string san, lan;
      append_san(at, m, san, &notation);
      failures += !reads_back(at, m, san, &notation, notation.code.c_str());
      append_lan(at, m, lan, &notation);
      failures += !reads_back(at, m, lan, &notation, notation.code.c_str());
    });
    EXPECT_EQ(failures, 0) << notation.code << " " << p.fen;
  }
}

TEST(SanRoundTrip, HandBuiltTables) {
  round_trip_table(russian_table(), 3);
  round_trip_table(bare_table(), 2);
}

TEST(SanRoundTrip, BuiltinNotations) {
  for (const Notation* notation : builtin_notations()) {
    if (notation->spoken) continue;
    round_trip_table(*notation, 2);
  }
}

TEST(SanRoundTrip, EnglishTableWritesLikeFastPath) {
  const Notation& english = english_notation();
  for (const TestPosition& p : kPositions) {
    Position pos = load(p);
    for_each_move(pos, 2, [&](const Position& at, Move m) {
      std::string fast, table;
      append_san(at, m, fast);
      append_san(at, m, table, &english);
      ASSERT_EQ(fast, table);
    });
  }
}

// ---------------------------------------------------------------------------------------
// A real collection: crude tokenizing (no comments or variations kept), then timing.

struct CorpusGame {
  std::string fen;  // empty: the standard start
  std::vector<std::string> tokens;
};

std::vector<CorpusGame> read_corpus(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  std::vector<CorpusGame> games;
  CorpusGame game;
  int brace = 0, paren = 0;
  bool in_tags = false;
  std::size_t i = 0;
  auto finish = [&] {
    if (!game.tokens.empty()) games.push_back(std::move(game));
    game = CorpusGame{};
  };
  while (i < text.size()) {
    const char c = text[i];
    if (brace == 0 && paren == 0 && c == '[' && (i == 0 || text[i - 1] == '\n')) {
      if (!in_tags) finish();
      in_tags = true;
      const std::size_t eol = text.find('\n', i);
      const std::string line = text.substr(i, eol - i);
      if (line.rfind("[FEN \"", 0) == 0) game.fen = line.substr(6, line.find('"', 6) - 6);
      i = eol == std::string::npos ? text.size() : eol + 1;
      continue;
    }
    if (c == '{') ++brace;
    if (c == '}' && brace > 0) --brace;
    if (brace == 0 && c == '(') ++paren;
    if (brace == 0 && c == ')' && paren > 0) --paren;
    if (brace > 0 || paren > 0 || c == '}' || c == ')' ||
        std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (c == ';') {
      i = text.find('\n', i);
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) &&
           text[end] != '{' && text[end] != '(' && text[end] != ')')
      ++end;
    std::string_view token(text.data() + i, end - i);
    i = end;
    in_tags = false;
    // "12." / "12..." / "12.e4"
    std::size_t digits = 0;
    while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits])))
      ++digits;
    if (digits > 0 && digits < token.size() && token[digits] == '.') {
      token.remove_prefix(digits);
      while (!token.empty() && token.front() == '.') token.remove_prefix(1);
    }
    if (token.empty() || token[0] == '$') continue;
    if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") continue;
    game.tokens.emplace_back(token);
  }
  finish();
  return games;
}

// Processor time, so that other programs running at the same time do not count.
double seconds_since(std::clock_t start) {
  return double(std::clock() - start) / CLOCKS_PER_SEC;
}

TEST(SanRoundTrip, RealCorpusReplaysAndSpeed) {
  const std::string path = std::string(LIBPGN_SHARED_DIR) + "/corpora/real/twic0920.pgn";
  if (!std::ifstream(path)) GTEST_SKIP() << path << " is not present";
  const std::vector<CorpusGame> games = read_corpus(path);
  ASSERT_GT(games.size(), 1000u);

  auto start_of = [](const CorpusGame& game) {
    return game.fen.empty() ? Position() : Position::from_fen(game.fen).position;
  };

  // Parse + resolve + play every move.
  long moves = 0, failures = 0;
  std::vector<std::vector<Move>> played(games.size());
  std::clock_t begin = std::clock();
  for (std::size_t g = 0; g < games.size(); ++g) {
    Position pos = start_of(games[g]);
    for (const std::string& token : games[g].tokens) {
      MoveText text;
      MoveTextError error;
      if (parse_move_text(token, text, error) == 0) {
        ++failures;
        break;
      }
      const MoveResolution r = resolve_move(pos, text);
      if (!r.ok()) {
        if (++failures <= 5)
          ADD_FAILURE() << "game " << g << " " << token << ": "
                        << describe_move_error(pos, text, r);
        break;
      }
      played[g].push_back(r.move);
      pos.play(r.move);
      ++moves;
    }
  }
  const double parse_seconds = seconds_since(begin);

  // Replay only, to separate the cost of play() from the rest.
  begin = std::clock();
  for (std::size_t g = 0; g < games.size(); ++g) {
    Position pos = start_of(games[g]);
    for (const Move m : played[g]) pos.play(m);
  }
  const double play_seconds = seconds_since(begin);

  // Write SAN for every move, and compare it with the file's own text.
  long differing = 0;
  std::string out;
  begin = std::clock();
  for (std::size_t g = 0; g < games.size(); ++g) {
    Position pos = start_of(games[g]);
    for (std::size_t k = 0; k < played[g].size(); ++k) {
      out.clear();
      append_san(pos, played[g][k], out);
      differing += out != games[g].tokens[k];
      pos.play(played[g][k]);
    }
  }
  const double write_seconds = seconds_since(begin);

  std::printf("corpus: %zu games, %ld moves, %ld failures, %ld written differently\n", games.size(),
              moves, failures, differing);
  std::printf("parse+resolve+play: %.1f ns/move (play alone %.1f ns/move)\n",
              1e9 * parse_seconds / moves, 1e9 * play_seconds / moves);
  std::printf("append_san+play:    %.1f ns/move\n", 1e9 * write_seconds / moves);
  EXPECT_EQ(failures, 0);
  EXPECT_GT(moves, 100000);
  // TWIC writes canonical SAN, so the writer must produce exactly the same text.
  EXPECT_EQ(differing, 0);
}

}  // namespace
}  // namespace pgn
