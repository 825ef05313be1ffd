// Whole-corpus checks of the reading layer: the 110 MB pgnmentor collection, and every
// corpus file split with a tiny buffer and parsed, with positions checked for sanity.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "libpgn/reader.hpp"

namespace fs = std::filesystem;
using namespace pgn;

namespace {

const fs::path kCorpora = fs::path(LIBPGN_SHARED_DIR) / "corpora";

// Counts events and checks that every position lies inside its game.
class CheckingVisitor : public Visitor {
 public:
  std::uint64_t errors = 0, moves = 0, results = 0, bad_positions = 0;

  void begin_game(const RawGame& game) override {
    first_ = game.start.offset;
    last_ = game.start.offset + game.original_size;
    first_line_ = game.start.line;
  }
  Control tag(std::string_view, std::string_view, TextPos pos) override {
    check(pos);
    return Control::Continue;
  }
  Control move(std::string_view, TextPos pos) override {
    check(pos);
    ++moves;
    return Control::Continue;
  }
  void comment(std::string_view, TextPos pos) override { check(pos); }
  void nag(int, TextPos pos) override { check(pos); }
  void result(std::string_view, TextPos pos) override {
    check(pos);
    ++results;
  }
  void syntax_error(std::string_view, TextPos pos) override {
    check(pos);
    ++errors;
  }

 private:
  void check(TextPos pos) {
    if (pos.offset < first_ || pos.offset > last_ || pos.line < first_line_ || pos.column == 0) {
      ++bad_positions;
    }
  }
  std::uint64_t first_ = 0, last_ = 0;
  std::uint32_t first_line_ = 1;
};

struct Totals {
  std::uint64_t games = 0, latin1 = 0, truncated = 0;
  CheckingVisitor visitor;
};

Totals read_corpus(const fs::path& path, SplitterOptions options = {}) {
  Totals totals;
  std::string error;
  auto source = InputSource::open(path.string(), error);
  EXPECT_TRUE(source) << error;
  if (!source) return totals;
  GameSplitter splitter(*source, options);
  RawGame game;
  while (splitter.next(game)) {
    ++totals.games;
    totals.latin1 += game.code_page != nullptr;
    totals.truncated += game.truncated;
    parse_game(game, totals.visitor);
  }
  EXPECT_EQ(source->error(), "") << path;
  return totals;
}

TEST(CorporaSlow, PgnmentorPlayersAToK) {
  if (!fs::exists(kCorpora)) GTEST_SKIP() << "no " << kCorpora;
  const Totals totals = read_corpus(kCorpora / "real/pgnmentor_players_A-K.pgn.zst");
  EXPECT_EQ(totals.games, 164200u);  // = lines starting with "[Event " in the decompressed data
  EXPECT_EQ(totals.latin1, 22u);     // the 22 Latin-1 lines are in 22 different games
  EXPECT_EQ(totals.truncated, 0u);
  EXPECT_EQ(totals.visitor.errors, 0u);
  EXPECT_EQ(totals.visitor.results, totals.games);
  EXPECT_EQ(totals.visitor.bad_positions, 0u);
  EXPECT_GT(totals.visitor.moves, 13000000u);
}

TEST(CorporaSlow, EveryFileSplitsTheSameWithATinyBuffer) {
  if (!fs::exists(kCorpora)) GTEST_SKIP() << "no " << kCorpora;
  SplitterOptions tiny;
  tiny.buffer_bytes = 300;
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(kCorpora)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_regular_file() || name.find(".pgn") == std::string::npos) continue;
    if (name == "pgnmentor_players_A-K.pgn.zst") continue;  // the test above
    ++files;
    const Totals normal = read_corpus(entry.path());
    const Totals small = read_corpus(entry.path(), tiny);
    EXPECT_EQ(small.games, normal.games) << entry.path();
    EXPECT_EQ(small.visitor.moves, normal.visitor.moves) << entry.path();
    EXPECT_EQ(small.visitor.errors, normal.visitor.errors) << entry.path();
    EXPECT_EQ(normal.visitor.bad_positions, 0u) << entry.path();
  }
  EXPECT_GT(files, 150);
}

}  // namespace
