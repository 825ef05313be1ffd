// Duplicate keys and the index behind pgn dedupe: names compared loosely, keys that follow the
// moves and not their layout, and the same answers whether the index stays in memory or is
// spilled to partition files.
#include "libpgn/dedupe.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "libpgn/dedupe_run.hpp"

namespace pgn {
namespace {

TEST(FuzzyPlayerName, SurnameAndInitial) {
  EXPECT_EQ(fuzzy_player_name("Carlsen, Magnus"), "carlsen m");
  EXPECT_EQ(fuzzy_player_name("Carlsen,M."), "carlsen m");
  EXPECT_EQ(fuzzy_player_name("Magnus Carlsen"), "carlsen m");
  EXPECT_EQ(fuzzy_player_name("Carlsen"), "carlsen");
  EXPECT_NE(fuzzy_player_name("Carlsen, Henrik"), fuzzy_player_name("Carlsen, Magnus"));
  EXPECT_EQ(fuzzy_player_name(""), "");
}

DuplicateEntry key_of(std::string_view text, const DuplicateRules& rules = {}) {
  DuplicateKeyer keyer(rules, ValidateOptions{});
  auto source = InputSource::from_memory(text);
  GameSplitter splitter(*source);
  RawGame game;
  EXPECT_TRUE(splitter.next(game));
  DuplicateEntry e;
  keyer.key(game, e);
  return e;
}

bool same_key(const DuplicateEntry& a, const DuplicateEntry& b) {
  return a.key_high == b.key_high && a.key_low == b.key_low;
}

TEST(DuplicateKeyer, MovesNotLayout) {
  const auto a = key_of("[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n");
  const auto b = key_of(
      "[White \"B\"]\n[Annotator \"x\"]\n\n1.e4 {c} e5 (1...c5) 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 "
      "5.O-O Be7 1-0\n");
  EXPECT_TRUE(same_key(a, b));
  EXPECT_EQ(b.kind, 0);
  // The same final position by another move order is another game.
  const auto c = key_of("[White \"A\"]\n\n1. Nf3 Nc6 2. e4 e5 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n");
  EXPECT_FALSE(same_key(a, c));
  // A game that cannot be replayed is keyed by its movetext.
  const auto d = key_of("[White \"A\"]\n\n1. e4 e5 2. Ke3 *\n");
  EXPECT_EQ(d.kind, 1);
  EXPECT_TRUE(same_key(d, key_of("[White \"B\"]\n\n1. e4 e5 2. Ke3 *\n")));
  // Other notations and the validator's path give the same key as English.
  EXPECT_TRUE(same_key(
      a, key_of("[White \"A\"]\n\n1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Сa4 Кf6 5. O-O Сe7 *\n")));
}

// Games with a FEN tag, or a Variant tag naming other rules, are keyed by the validator; the
// first such tag decides, and a start written out keys as the start it names. (The games are
// short: the players are in every key, and the same in all.)
TEST(DuplicateKeyer, FenAndVariantGamesKeyByTheirStart) {
  const std::string players = "[White \"A\"]\n[Black \"B\"]\n";
  const auto key = [&](const std::string& tags, const std::string& movetext) {
    return key_of(players + tags + "\n" + movetext);
  };
  const std::string moves = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const auto written = key("[FEN \"" + start + "\"]\n[SetUp \"1\"]\n", moves);
  EXPECT_EQ(written.kind, 0);
  EXPECT_TRUE(same_key(key("", moves), written));
  EXPECT_TRUE(same_key(key("", moves), key("[Variant \"Standard\"]\n", moves)));
  // Another start: another game, and the same one written again is found.
  const std::string other = "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n";
  EXPECT_FALSE(same_key(key("", "1. e4 Kd7 *\n"), key(other, "1. e4 Kd7 *\n")));
  EXPECT_TRUE(same_key(key(other, "1. e4 Kd7 *\n"), key(other, "1.e4 {x} Kd7 1-0\n")));
  // Crazyhouse's drops are played: the game is replayed, not keyed by its text.
  const std::string zh = "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d4 *\n";
  EXPECT_EQ(key("[Variant \"Crazyhouse\"]\n", zh).kind, 0);
  EXPECT_TRUE(same_key(key("[Variant \"Crazyhouse\"]\n", zh),
                       key("[Variant \"Crazyhouse\"]\n[Event \"x\"]\n", zh)));
}

// A one-move forfeit (masters: "1.d4 0-1" under sixty pairs of players) or a miniature is
// played move for move by different people: under DuplicateRules::short_game_plies, the
// players must match too (as surname and initial). From that length on, the moves alone.
TEST(DuplicateKeyer, ShortGamesNeedTheirPlayers) {
  const auto forfeit = [](std::string_view white, std::string_view black) {
    return key_of("[White \"" + std::string(white) + "\"]\n[Black \"" + std::string(black) +
                  "\"]\n[Result \"0-1\"]\n\n1.d4 0-1\n");
  };
  EXPECT_FALSE(same_key(forfeit("Spielmann, Rudolf", "Alekhine, Alexander"),
                        forfeit("Capablanca, Jose", "Lasker, Emanuel")));
  EXPECT_TRUE(same_key(forfeit("Spielmann, Rudolf", "Alekhine, Alexander"),
                       forfeit("Spielmann,R.", "Alekhine, A")));
  const std::string miniature = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
  const std::string ten = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 1/2-1/2\n";
  EXPECT_FALSE(
      same_key(key_of("[White \"A\"]\n\n" + miniature), key_of("[White \"B\"]\n\n" + miniature)));
  EXPECT_TRUE(same_key(key_of("[White \"A\"]\n\n" + ten), key_of("[White \"B\"]\n\n" + ten)));
  DuplicateRules moves_alone;
  moves_alone.short_game_plies = 0;
  EXPECT_TRUE(same_key(key_of("[White \"A\"]\n\n" + miniature, moves_alone),
                       key_of("[White \"B\"]\n\n" + miniature, moves_alone)));
}

TEST(DuplicateKeyer, SameTagsAndPrefixes) {
  DuplicateRules rules;
  rules.same_tags = {"White"};
  EXPECT_FALSE(same_key(key_of("[White \"A\"]\n\n1. e4 e5 *\n", rules),
                        key_of("[White \"B\"]\n\n1. e4 e5 *\n", rules)));
  rules.fuzzy_players = true;
  EXPECT_TRUE(same_key(key_of("[White \"Carlsen, M.\"]\n\n1. e4 e5 *\n", rules),
                       key_of("[White \"Carlsen,Magnus\"]\n\n1. e4 e5 *\n", rules)));
  // The key of each beginning of a game is the key of that game cut there.
  DuplicateRules prefix;
  prefix.prefix_min_plies = 2;
  DuplicateKeyer keyer(prefix, ValidateOptions{});
  const std::string_view full = "1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n";
  auto source = InputSource::from_memory(full);
  GameSplitter splitter(*source);
  RawGame game;
  ASSERT_TRUE(splitter.next(game));
  DuplicateEntry e;
  keyer.key(game, e);
  ASSERT_EQ(keyer.prefix_keys().size(), 3u);  // after 2, 3 and 4 plies
  EXPECT_EQ(keyer.prefix_keys()[0], key_of("1. e4 e5 *\n", prefix).key_high);
  EXPECT_EQ(keyer.prefix_keys()[2], key_of("1. e4 e5 2. Nf3 Nc6 *\n", prefix).key_high);
}

std::vector<Duplicate> run_index(std::uint64_t memory, DuplicateRules::Keep keep, bool& spilled) {
  DuplicateRules rules;
  rules.keep = keep;
  DuplicateIndex index(rules, memory, std::filesystem::temp_directory_path().string());
  std::mt19937_64 random(42);
  std::string error;
  for (std::uint64_t i = 0; i < 50000; ++i) {
    DuplicateEntry e;
    const std::uint64_t game = random() % 30000;  // many games appear more than once
    e.key_high = game * 0x9E3779B97F4A7C15ull;
    e.key_low = game;
    e.ordinal = i;
    e.line = i * 10 + 1;
    e.score = std::uint32_t(random() % 5);
    e.result = std::uint8_t(random() % 8 == 0 ? 2 : 1);
    EXPECT_TRUE(index.add(e, error)) << error;
  }
  EXPECT_TRUE(index.finish(error)) << error;
  spilled = index.spilled();
  std::vector<Duplicate> out;
  Duplicate d;
  while (index.next(d)) out.push_back(d);
  return out;
}

TEST(DuplicateIndex, SpilledGivesTheSameAnswers) {
  for (auto keep : {DuplicateRules::Keep::First, DuplicateRules::Keep::MostTags}) {
    bool spilled_memory = true, spilled_disk = false;
    const auto in_memory = run_index(std::uint64_t{1} << 30, keep, spilled_memory);
    const auto on_disk = run_index(64 << 10, keep, spilled_disk);
    EXPECT_FALSE(spilled_memory);
    EXPECT_TRUE(spilled_disk);
    ASSERT_EQ(in_memory.size(), on_disk.size());
    ASSERT_GT(in_memory.size(), 10000u);
    for (std::size_t i = 0; i < in_memory.size(); ++i) {
      EXPECT_EQ(in_memory[i].ordinal, on_disk[i].ordinal);
      EXPECT_EQ(in_memory[i].original_ordinal, on_disk[i].original_ordinal);
      EXPECT_EQ(in_memory[i].kind, on_disk[i].kind);
      if (i) {
        EXPECT_LT(in_memory[i - 1].ordinal, in_memory[i].ordinal);  // input order
      }
      if (keep == DuplicateRules::Keep::First) {
        EXPECT_LT(in_memory[i].original_ordinal, in_memory[i].ordinal);
      }
    }
  }
}

// Writes `bytes` to a new file in the temporary directory and returns its path.
std::string temporary_file(const std::string& name, const std::string& bytes) {
  const auto path = std::filesystem::temp_directory_path() /
                    (name + "." + std::to_string(std::random_device{}()));
  std::ofstream(path, std::ios::binary) << bytes;
  return path.string();
}

// The second reading of pgn dedupe: each game taken back by its place is the text the
// splitter gave, whatever its line ends and encoding, across the reader's 4 MB window.
TEST(PlacedGameReader, GivesTheSplittersText) {
  std::string bytes = "; a comment line before the first game\n\n";
  bytes += "[Event \"crlf\"]\r\n\r\n1. e4 {x} e5 1-0\r\n\r\n";
  bytes += "[Event \"latin-1\"]\n[White \"M\xfcller\"]\n\n1. d4 *\n\n\n";
  bytes += "[Event \"no blank line after\"]\n\n1. c4 *\n[Event \"next\"]\n\n1. Nf3 *";
  for (int i = 0; bytes.size() < (9u << 20); ++i)
    bytes += "\n\n[Event \"" + std::to_string(i) + "\"]\n\n1. e4 e5 2. Nf3 Nc6 *  ";
  const std::string path = temporary_file("placed", bytes);
  ASSERT_TRUE(PlacedGameReader::readable_in_place(path));
  std::string error;
  auto source = InputSource::open(path, error);
  ASSERT_TRUE(source) << error;
  GameSplitter splitter(*source);
  PlacedGameReader reader;
  ASSERT_TRUE(reader.open(path, error)) << error;
  RawGame game;
  std::size_t games = 0, latin1 = 0;
  while (splitter.next(game)) {
    GamePlace place;
    ASSERT_TRUE(place_of(game, place)) << game.index;
    latin1 += game.code_page != nullptr;
    std::string_view text;
    ASSERT_TRUE(reader.text(place, text, error)) << error;
    ASSERT_EQ(text, game.text) << game.index;
    EXPECT_EQ(place.line, game.start.line);
    ++games;
  }
  EXPECT_GT(games, 100000u);
  EXPECT_EQ(latin1, 1u);
  // A place past the end of the file (it was cut since the first reading) is an error.
  GamePlace beyond;
  beyond.offset = bytes.size() - 4;
  beyond.size = 10;
  std::string_view text;
  EXPECT_FALSE(reader.text(beyond, text, error));
  EXPECT_NE(error.find("shorter"), std::string::npos) << error;
  std::filesystem::remove(path);
}

TEST(PlacedGameReader, OnlyPlainFiles) {
  EXPECT_FALSE(PlacedGameReader::readable_in_place(std::filesystem::temp_directory_path()));
  EXPECT_FALSE(PlacedGameReader::readable_in_place("/no/such/file.pgn"));
  // gzip's magic bytes: read through the decompressor, whose offsets are not the file's.
  const std::string gz = temporary_file("placed-gz", std::string("\x1f\x8b\x08\x00", 4));
  EXPECT_FALSE(PlacedGameReader::readable_in_place(gz));
  std::filesystem::remove(gz);
  // After a byte order mark the game has no place.
  auto source = InputSource::from_memory("\xEF\xBB\xBF[Event \"a\"]\n\n1. e4 *\n");
  GameSplitter splitter(*source);
  RawGame game;
  ASSERT_TRUE(splitter.next(game));
  GamePlace place;
  EXPECT_FALSE(place_of(game, place));
}

// What dedupe_files tells its caller, kept.
struct DedupeRecorder final : DedupeSink {
  std::string kept_games, copied_games;
  std::vector<std::string> said;
  std::vector<std::string> inputs_read;
  void error(const std::string& message) override { said.push_back("error: " + message); }
  void duplicate(const Duplicate& d) override {
    said.push_back(std::to_string(d.file) + ":" + std::to_string(d.line) + " " +
                   duplicate_kind_name(d.kind) + " of " + std::to_string(d.original_file) + ":" +
                   std::to_string(d.original_line));
  }
  void kept(std::string_view games) override { kept_games += games; }
  void copies(std::string_view games) override { copied_games += games; }
  void inputs(const std::vector<std::string>& paths) override { inputs_read = paths; }
};

TEST(DedupeFiles, TwoReadingsAcrossInputsAndAPipeKeptForTheSecond) {
  const std::string a = "[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n";
  const std::string b = "[White \"B\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O *\n";
  const std::string c = "[White \"C\"]\n\n1. c4 e5 2. Nc3 Nf6 3. Nf3 Nc6 4. g3 d5 5. cxd5 Nxd5 *\n";
  const auto dir = std::filesystem::temp_directory_path();
  const std::string tag = std::to_string(::getpid());
  const std::string first = (dir / ("libpgn-dedupe-a-" + tag + ".pgn")).string();
  const std::string pipe = (dir / ("libpgn-dedupe-fifo-" + tag)).string();
  std::ofstream(first, std::ios::binary) << a << "\n" << b << "\n" << a;
  ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
  // The named pipe can be read once only: it must be kept for the second reading.
  std::thread writer([&] { std::ofstream(pipe, std::ios::binary) << b << "\n" << c; });
  DedupeSettings settings;
  settings.temp_dir = dir.string();
  settings.keep_copies = true;
  DedupeRecorder sink;
  const DedupeTotals totals = dedupe_files({first, pipe}, settings, sink);
  writer.join();
  std::filesystem::remove(first);
  std::filesystem::remove(pipe);
  EXPECT_TRUE(totals.complete);
  EXPECT_EQ(totals.not_started, DedupeTotals::NotStarted::No);
  EXPECT_EQ(totals.games, 5u);
  EXPECT_EQ(totals.written, 3u);
  EXPECT_EQ(totals.duplicates, 2u);
  EXPECT_EQ(totals.by_kind[Duplicate::Exact], 2u);
  EXPECT_EQ(totals.by_kind[Duplicate::DifferentPlayers], 0u);
  EXPECT_EQ(totals.not_reached, 0u);
  ASSERT_EQ(sink.inputs_read.size(), 2u);
  EXPECT_EQ(sink.inputs_read[0], first);
  EXPECT_EQ(sink.inputs_read[1].rfind("/proc/self/fd/", 0), 0u) << sink.inputs_read[1];
  const std::vector<std::string> said = {"0:9 exact of 0:1", "1:1 exact of 0:5"};
  EXPECT_EQ(sink.said, said);
  EXPECT_EQ(sink.kept_games, a + "\n" + b + "\n" + c + "\n");
  EXPECT_EQ(sink.copied_games, a + "\n" + b + "\n");
}

}  // namespace
}  // namespace pgn
