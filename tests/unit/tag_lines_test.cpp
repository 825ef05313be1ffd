// The one-pass reader: the tag lines the splitter reads and hands to the parser in
// RawGame::tag_lines (read/tag_lines.hpp). Whatever the splitter described, the parser reports
// exactly what it reports reading the text itself.
#include "read/tag_lines.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "libpgn/parser.hpp"
#include "libpgn/reader.hpp"
#include "libpgn/splitter.hpp"
#include "tags/known_tag.hpp"

namespace fs = std::filesystem;
using namespace pgn;

namespace {

// Every event with its full position (line, column and offset).
class EventLog : public Visitor {
 public:
  std::vector<std::string> events;
  bool columns = true;
  std::size_t skip_game_at_tag = 0;  // answer SkipGame to this tag (1-based; 0: never)

  bool wants_columns() const override { return columns; }
  Control tag(std::string_view name, std::string_view value, TextPos pos) override {
    add("tag " + std::string(name) + "=" + std::string(value), pos);
    return ++tags_ == skip_game_at_tag ? Control::SkipGame : Control::Continue;
  }
  Control end_tags() override {
    events.push_back("end_tags");
    return Control::Continue;
  }
  Control move(std::string_view token, TextPos pos) override {
    add("move " + std::string(token), pos);
    return Control::Continue;
  }
  void comment(std::string_view text, TextPos pos) override {
    add("comment " + std::string(text), pos);
  }
  void result(std::string_view marker, TextPos pos) override {
    add("result " + std::string(marker), pos);
  }
  void syntax_error(std::string_view message, TextPos pos) override {
    add("error " + std::string(message), pos);
  }
  void syntax_warning(std::string_view message, TextPos pos) override {
    add("warning " + std::string(message), pos);
  }

 private:
  void add(std::string text, TextPos pos) {
    events.push_back(text + " @" + std::to_string(pos.line) + ":" + std::to_string(pos.column) +
                     "+" + std::to_string(pos.offset));
  }
  std::size_t tags_ = 0;
};

std::vector<std::string> events_of(const RawGame& game, EventLog log, ParseLimits limits = {}) {
  parse_game(game, log, limits);
  return log.events;
}

// Parses every game of `bytes` with the tag lines the splitter read and without them, and
// expects the same events; returns how many tag lines were described.
std::size_t expect_same_reading(std::string_view bytes, SplitterOptions options = {},
                                const EventLog& log = {}, ParseLimits limits = {}) {
  auto source = InputSource::from_memory(bytes);
  GameSplitter splitter(*source, options);
  RawGame game;
  std::size_t described = 0;
  while (splitter.next(game)) {
    if (detail::tag_lines_of(game)) described += game.tag_lines.count;
    RawGame without = game;
    without.tag_lines = ReadTagLines{};
    EXPECT_EQ(events_of(game, log, limits), events_of(without, log, limits))
        << "game " << game.index << ":\n"
        << game.text;
  }
  return described;
}

std::vector<std::uint32_t> described_per_game(std::string_view bytes) {
  auto source = InputSource::from_memory(bytes);
  GameSplitter splitter(*source);
  RawGame game;
  std::vector<std::uint32_t> counts;
  while (splitter.next(game))
    counts.push_back(detail::tag_lines_of(game) ? game.tag_lines.count : 0);
  return counts;
}

// Games whose tag sections are plain, odd or broken, in the ways real files are.
const char* const kOddTagSections[] = {
    "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 e5 *\n",
    "[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n1. e4 *\r\n",
    "[Event \"a\"]\r[Site \"b\"]\r\r1. e4 *\r",
    "  [Event \"indented\"]\n\t[Site \"tab\"]   \n\n1. e4 *\n",
    "[Event \"a\"]\n\n[Site \"after a blank line\"]\n\n1. e4 *\n",
    "[Event \"quoted \\\"inner\\\" and \\\\\"]\n[Site \"x]y\"]\n[Round \"1;2\"]\n\n1. e4 *\n",
    "[Event \"The \"Big\" One\"]\n[Site \"b\"]\n\n1. e4 *\n",
    "[Event \"a\"]\n[Site \"unterminated\n[Round \"1\"]\n\n1. e4 *\n",
    "[Event \"a\"]\n[Site b]\n[Round \"1\"]\n\n1. e4 *\n",
    "[Event \"a\"]\n[ \"no name\"]\n[Round \"1\"]\n\n1. e4 *\n",
    "[Event \"a\"] [Site \"two on a line\"]\n[Round \"1\"]\n\n1. e4 *\n",
    "[Event \"a\"]\n[Site \"b\"] ; a comment\n[Round \"1\"]\n\n1. e4 *\n",
    "[Event \"a\"]\n{ a comment }\n[Round \"1\"]\n\n1. e4 *\n",
    "[Event \"a\"]\n%escaped line\n[Round \"1\"]\n\n1. e4 *\n",
    "[pgn]\n[Event \"forum\"]\n[Site \"b\"]\n\n1. e4 *\n[/pgn]\n",
    "[Event \"a\"]\n[/pgn]\n[Site \"b\"]\n\n1. e4 *\n",
    "[Event \"a\"]\n\xEF\xBB\xBF[Site \"after a BOM\"]\n\n1. e4 *\n",
    "[Event \"a\"]\n[Site\t \"blanks\"  ]  \n[ Round \"1\"]\n[White\"glued\"]\n\n1. e4 *\n",
    ("[Event \"a long value that runs well past thirty-two bytes of the line\"]\n"
     "[Site \"b\"]\n\n1. e4 *\n"),
    "[Event \"Ünïcödé ✓\"]\n[Site \"Zürich\"]\n[Round \"1\"]\n\n1. e4 *\n",
    "[Event \"a\"]\n[Site \"b\"]\n1. e4 1-0 [Event \"c\"]\n[Site \"d\"]\n\n1. d4 0-1\n",
    "[Event \"a\"]\n[Event \"tag-only game\"]\n[Site \"b\"]\n",
    "[Event \"a\"]\n[Site \"b\"]\n\n[Site \"repeated: a new game\"]\n\n1. e4 *\n",
    "[Event \"a\"]\n[Site \"b\"]",
    "[Event \"a\"]\n[Site \"\\\"]\n[Round \"1\"]\n\n1. e4 *\n",
    "[Event \"a\"]\n[Site \"b\"\x01]\n[Round \"1\"]\n\n1. e4 *\n",
    "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 { [Event \"in a comment\"] } e5 *\n",
    // Lines the 32-byte reading takes alternating with lines the general scan reads: an
    // escaped quote, a ']' in a value, a long value, an indented line after a blank line.
    ("[Event \"a\"]\n[Site \"b\"]\n[Round \"say \\\"1\\\"\"]\n[White \"w\"]\n[Black \"x]y\"]\n"
     "[Date \"a long value that runs well past thirty-two bytes of the line\"]\n"
     "[Result \"*\"]\n\n   [ECO \"B90\"]\n[PlyCount \"1\"]\n\n1. e4 *\n"),
    "[Event \"a\"]\r\n[Site \"b\"]\r\n[Round \"x]\"]\r\n[White \"w\"]\r\n\r\n1. e4 *\r\n",
};

std::string all_odd_games() {
  std::string all;
  for (const char* game : kOddTagSections) all += std::string(game) + "\n\n";
  return all;
}

// A line of tag-like bytes: mostly the usual form, with bytes that break it here and there.
std::string random_tag_line(std::mt19937& random) {
  static const std::string kBytes = "[]\"\\ \t\v\f\n\r;{}%aZ_09-.\x01\xC2\xA0";
  const auto pick = [&](std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(random);
  };
  std::string line = "[";
  line += std::string(pick(3), ' ');
  line += std::string(pick(10), "EventSiteRound"[pick(14)]);
  line += std::string(pick(3), " \t"[pick(2)]);
  line += "\"";
  line += std::string(pick(24), "abc 12:"[pick(7)]);
  line += "\"";
  line += std::string(pick(2), ' ');
  line += "]";
  line += std::string(pick(3), ' ');
  line += "\n";
  // Up to three bytes replaced or inserted anywhere.
  for (std::size_t edits = pick(4); edits > 0; --edits) {
    const std::size_t at = pick(line.size());
    if (pick(2) == 0) {
      line[at] = kBytes[pick(kBytes.size())];
    } else {
      line.insert(at, 1, kBytes[pick(kBytes.size())]);
    }
  }
  if (line[0] != '[') line.insert(0, 1, '[');
  return line;
}

}  // namespace

TEST(TagLines, PlainLayoutIsTheScannersLayout) {
  std::mt19937 random(32);
  std::size_t plain = 0, scanned = 0;
  for (int i = 0; i < 200000; ++i) {
    std::string line = random_tag_line(random);
    const std::size_t size = line.size();
    line.append(64, 'x');  // readable bytes after the line, as the splitter has
    detail::TagLineLayout quick{}, layout{};
    const bool is_plain = detail::read_plain_tag_line_layout(line.data(), quick);
    const bool is_kept = detail::read_tag_line_layout(line.data(), line.data() + size, layout);
    scanned += is_kept;
    if (is_kept) {
      const std::string_view value(layout.value_begin,
                                   static_cast<std::size_t>(layout.value_end - layout.value_begin));
      EXPECT_EQ(layout.escape_free, value.find('\\') == std::string_view::npos)
          << line.substr(0, size);
    }
    if (!is_plain) continue;
    ++plain;
    ASSERT_TRUE(is_kept) << line.substr(0, size);
    EXPECT_EQ(quick.name_begin, layout.name_begin) << line.substr(0, size);
    EXPECT_EQ(quick.name_end, layout.name_end) << line.substr(0, size);
    EXPECT_EQ(quick.value_begin, layout.value_begin) << line.substr(0, size);
    EXPECT_EQ(quick.value_end, layout.value_end) << line.substr(0, size);
    EXPECT_EQ(quick.stop, layout.stop) << line.substr(0, size);
    EXPECT_EQ(quick.terminator, layout.terminator) << line.substr(0, size);
    EXPECT_EQ(quick.escape_free, layout.escape_free) << line.substr(0, size);
  }
#if defined(__AVX2__)
  // Both kinds of line are met often: the comparison is not vacuous.
  EXPECT_GT(plain, 10000u);
  EXPECT_GT(scanned, plain + 5000u);
#else
  EXPECT_EQ(plain, 0u);
#endif
}

TEST(TagLines, TheSplitterDescribesTagLinesUpToTheFirstOddLine) {
  EXPECT_EQ(described_per_game("[Event \"a\"]\n[Site \"b\"]\n\n[Round \"1\"]\n\n1. e4 *\n"),
            (std::vector<std::uint32_t>{3}));
  // A stray quote, a malformed pair, a comment: described up to that line.
  EXPECT_EQ(described_per_game("[Event \"a\"]\n[Site \"The \"Big\" One\"]\n[Round \"1\"]\n\n*\n"),
            (std::vector<std::uint32_t>{1}));
  EXPECT_EQ(described_per_game("[Event \"a\"]\n[Site b]\n[Round \"1\"]\n\n*\n"),
            (std::vector<std::uint32_t>{1}));
  EXPECT_EQ(described_per_game("[Event \"a\"]\n{ c }\n[Round \"1\"]\n\n*\n"),
            (std::vector<std::uint32_t>{1}));
  // Forum markup first: nothing (the parser reads the game from its first byte).
  EXPECT_EQ(described_per_game("[pgn]\n[Event \"a\"]\n\n*\n[/pgn]\n"),
            (std::vector<std::uint32_t>{0}));
  // Two games, each described from its own start.
  EXPECT_EQ(described_per_game("[Event \"a\"]\n\n1. e4 1-0\n[Event \"b\"]\n[Site \"c\"]\n\n*\n"),
            (std::vector<std::uint32_t>{1, 2}));
  // A second Event in a run of tag lines starts the next game; other repeated names do not.
  EXPECT_EQ(described_per_game("[Event \"a\"]\n[Site \"b\"]\n[Event \"c\"]\n[Site \"d\"]\n\n*\n"),
            (std::vector<std::uint32_t>{2, 2}));
  EXPECT_EQ(described_per_game("[Site \"a\"]\n[Event \"b\"]\n[Site \"c\"]\n[Event \"d\"]\n\n*\n"),
            (std::vector<std::uint32_t>{3, 1}));
  // Lines of the 32-byte reading and of the general scan (an escaped quote, a long value)
  // alternate.
  EXPECT_EQ(described_per_game("[Event \"a\"]\n[Site \"b \\\"c\\\"\"]\n[Round \"x]y\"]\n"
                               "[White \"a value that runs past thirty-two bytes\"]\n"
                               "[Black \"b\"]\n[Event \"next game\"]\n\n*\n"),
            (std::vector<std::uint32_t>{5, 1}));
}

TEST(TagLines, TheParserReportsWhatItReadsWithoutThem) {
  const std::string games = all_odd_games();
  EXPECT_GT(expect_same_reading(games), 40u);
  EventLog without_columns;
  without_columns.columns = false;
  expect_same_reading(games, {}, without_columns);
  // Small buffers put line ends near the end of what is in memory.
  for (std::size_t buffer : {1u, 70u, 257u}) {
    SplitterOptions options;
    options.buffer_bytes = buffer;
    expect_same_reading(games, options);
  }
  // The visitor stops the game at a tag, the limit on tags is reached, the game is cut.
  EventLog skipping;
  skipping.skip_game_at_tag = 2;
  expect_same_reading(games, {}, skipping);
  ParseLimits few_tags;
  few_tags.max_tags = 1;
  expect_same_reading(games, {}, {}, few_tags);
  SplitterOptions short_games;
  short_games.max_game_bytes = 20;
  expect_same_reading(games, short_games);
  // A cut game carries none: its text is not the game the splitter read.
  auto source = InputSource::from_memory(games);
  GameSplitter splitter(*source, short_games);
  RawGame game;
  std::size_t cut = 0;
  while (splitter.next(game)) {
    if (!game.truncated) continue;
    ++cut;
    EXPECT_EQ(detail::tag_lines_of(game), nullptr) << game.text;
  }
  EXPECT_GT(cut, 20u);
}

TEST(TagLines, TheParserReportsTheCorporaAsWithoutThem) {
  std::size_t described = 0, files = 0;
  for (const fs::path& root : {fs::path(LIBPGN_SOURCE_DIR) / "corpora",
                               fs::path(LIBPGN_SHARED_DIR) / "corpora" / "edge"}) {
    if (!fs::exists(root)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      if (!entry.is_regular_file() || entry.path().extension() != ".pgn") continue;
      std::ifstream in(entry.path(), std::ios::binary);
      std::stringstream bytes;
      bytes << in.rdbuf();
      described += expect_same_reading(bytes.str().substr(0, 1u << 18));
      ++files;
    }
  }
  EXPECT_GT(files, 0u);
  EXPECT_GT(described, 0u);
}

TEST(TagLines, CopiesKeepThemOnlyWithTheirText) {
  const std::string games = all_odd_games();
  auto source = InputSource::from_memory(games);
  GameSplitter splitter(*source);
  RawGame game;
  std::string store;
  std::size_t kept = 0;
  while (splitter.next(game)) {
    const std::vector<std::string> reference = events_of(game, {});
    RawGame copy = game;
    const std::size_t text_at = store.size();
    const std::size_t lines_at = detail::append_game_text(game, store);
    detail::rebind_kept_game(copy, store, text_at, lines_at);
    EXPECT_EQ(copy.text, game.text);
    EXPECT_EQ(detail::tag_lines_of(copy) != nullptr, detail::tag_lines_of(game) != nullptr);
    kept += detail::tag_lines_of(copy) != nullptr;
    EXPECT_EQ(events_of(copy, {}), reference);
    // Text moved elsewhere without them: they are not used.
    const std::string elsewhere(game.text);
    RawGame moved = game;
    moved.text = elsewhere;
    EXPECT_EQ(detail::tag_lines_of(moved), nullptr);
    EXPECT_EQ(events_of(moved, {}), reference);
    store.clear();  // each game alone in the store: its lines are not read after a clear
  }
  EXPECT_GT(kept, 10u);
}

#if defined(__SSE2__)
// The parser classifies a tag line's name from the 16 bytes at it (classify_tag_name16) where
// the text has them: the same kind as classify_tag() for every known name and for names near
// them (cut short, one byte longer, one byte changed, a NUL inside, long ones), whatever
// bytes follow the name.
TEST(TagLines, NamesClassifiedFromTheirBytesAsByTheirWords) {
  std::vector<std::string> names;
  for (const std::string_view known : detail::kKnownTagNames) {
    const std::string name(known);
    names.push_back(name);
    for (std::size_t size = 1; size < name.size(); ++size) names.push_back(name.substr(0, size));
    for (const char extra : {'x', 'E', '\0', ' ', '"'}) names.push_back(name + extra);
    for (std::size_t i = 0; i < name.size(); ++i) {
      for (const char other : {'\0', '_', 'e', 'Z'}) {
        std::string changed = name;
        if (changed[i] == other) continue;
        changed[i] = other;
        names.push_back(changed);
      }
    }
    names.push_back(name + name);
    names.push_back(std::string(16 - name.size(), 'A') + name);
  }
  names.push_back(std::string(40, 'E'));
  names.push_back("Eventdate");
  names.push_back("eco");
  for (const std::string& name : names) {
    for (const char after : {'"', ' ', '\0', 'e'}) {
      std::string buffer = name + std::string(16, after);
      const KnownTag by_words = classify_tag(std::string_view(buffer.data(), name.size()));
      EXPECT_EQ(static_cast<int>(classify_tag_name16(buffer.data(), name.size())),
                static_cast<int>(by_words))
          << "name of " << name.size() << " bytes: " << name;
    }
  }
  // Every known name is found as itself.
  for (std::size_t k = 0; k < std::size(detail::kKnownTagNames); ++k) {
    const std::string buffer = std::string(detail::kKnownTagNames[k]) + " \"x\"]            ";
    EXPECT_EQ(static_cast<std::size_t>(
                  classify_tag_name16(buffer.data(), detail::kKnownTagNames[k].size())),
              k);
  }
}
#endif
