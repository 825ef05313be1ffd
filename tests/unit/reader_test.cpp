// Tests of the reading layer: InputSource (files, stdin, compression), GameSplitter (game
// boundaries, encodings, limits, positions), parse_game (events, positions, recovery,
// limits, visitor control) and the Game model, plus game counts of the real corpora.
//
// Why one file of 1,300 lines: the stages are tested through the one reading API they make up,
// with the same helpers; the splitter's 23 and the parser's 18 tests are the parts that could
// each have a file of their own.
#include "libpgn/reader.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "libpgn/game.hpp"

namespace fs = std::filesystem;
using namespace pgn;
using namespace std::string_literals;

namespace {

// ---- helpers -------------------------------------------------------------------------

std::string pos_text(TextPos pos) {
  return std::to_string(pos.line) + ":" + std::to_string(pos.column);
}

constexpr TextPos kNoPos{0, 0, 0};  // bookkeeping events have no position

// Writes every event as one line of text, positions as line:column.
class Recorder : public Visitor {
 public:
  std::vector<std::string> events;
  std::vector<TextPos> positions;  // parallel to events (begin/end game have none)

  void begin_game(const RawGame&) override {
    events.push_back("begin"), positions.push_back(kNoPos);
  }
  Control tag(std::string_view name, std::string_view value, TextPos pos) override {
    add("tag " + std::string(name) + "=" + std::string(value), pos);
    return on_tag;
  }
  Control end_tags() override {
    events.push_back("end_tags"), positions.push_back(kNoPos);
    return Control::Continue;
  }
  Control move(std::string_view token, TextPos pos) override {
    add("move " + std::string(token), pos);
    return token == skip_at ? skip_with : Control::Continue;
  }
  void move_number(std::uint32_t number, bool ellipsis, TextPos pos) override {
    if (record_numbers) add("number " + std::to_string(number) + (ellipsis ? "..." : "."), pos);
  }
  void nag(int value, TextPos pos) override { add("nag " + std::to_string(value), pos); }
  void comment(std::string_view text, TextPos pos) override {
    add("comment " + std::string(text), pos);
  }
  Control begin_variation(TextPos pos) override {
    add("(", pos);
    return on_variation;
  }
  void end_variation(TextPos pos) override { add(")", pos); }
  void result(std::string_view marker, TextPos pos) override {
    add("result " + std::string(marker), pos);
  }
  void syntax_error(std::string_view message, TextPos pos) override {
    add("error " + std::string(message), pos);
  }
  void end_game() override { events.push_back("end"), positions.push_back(kNoPos); }

  // Events with their positions, for exact position checks.
  std::vector<std::string> with_positions() const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < events.size(); ++i) {
      if (positions[i].line == 0) continue;
      out.push_back(events[i] + " @" + pos_text(positions[i]));
    }
    return out;
  }
  // Events without begin/end_tags/end bookkeeping.
  std::vector<std::string> core() const {
    std::vector<std::string> out;
    for (const auto& event : events) {
      if (event != "begin" && event != "end_tags" && event != "end") out.push_back(event);
    }
    return out;
  }

  Control on_tag = Control::Continue;
  Control on_variation = Control::Continue;
  std::string skip_at;  // a move token whose move() answers skip_with
  Control skip_with = Control::Continue;
  bool record_numbers = false;

 private:
  void add(std::string text, TextPos pos) {
    EXPECT_GT(pos.line, 0u);
    events.push_back(std::move(text));
    positions.push_back(pos);
  }
};

RawGame raw_game(std::string_view text) {
  RawGame game;
  game.text = text;
  game.index = 1;
  game.original_size = text.size();
  return game;
}

std::vector<std::string> parse_core(std::string_view text, Recorder recorder = {},
                                    ParseLimits limits = {}) {
  parse_game(raw_game(text), recorder, limits);
  return recorder.core();
}

std::vector<std::string> parse_positions(std::string_view text) {
  Recorder recorder;
  parse_game(raw_game(text), recorder);
  return recorder.with_positions();
}

struct Split {
  std::string text;
  TextPos start;
  bool bom = false, latin1 = false, truncated = false, ascii = false;
  std::uint64_t original_size = 0;
};

std::vector<Split> split_source(InputSource& source, SplitterOptions options = {}) {
  GameSplitter splitter(source, options);
  std::vector<Split> games;
  RawGame game;
  std::uint64_t expected_index = 1;
  while (splitter.next(game)) {
    EXPECT_EQ(game.index, expected_index++);
    games.push_back({std::string(game.text), game.start, game.had_bom, game.code_page != nullptr,
                     game.truncated, game.ascii_only, game.original_size});
  }
  return games;
}

std::vector<Split> split(std::string_view bytes, SplitterOptions options = {}) {
  auto source = InputSource::from_memory(bytes);
  return split_source(*source, options);
}

std::vector<std::string> split_texts(std::string_view bytes, SplitterOptions options = {}) {
  std::vector<std::string> texts;
  for (const Split& game : split(bytes, options)) texts.push_back(game.text);
  return texts;
}

std::string read_all(InputSource& source, std::size_t chunk = 1u << 20) {
  std::string out, buffer(chunk, '\0');
  while (std::size_t n = source.read(buffer.data(), buffer.size())) out.append(buffer, 0, n);
  return out;
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

void write_file(const fs::path& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// A fresh directory for files made by one test.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "libpgn-reader-XXXXXX").string();
    path_ = mkdtemp(pattern.data());
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  fs::path operator/(const std::string& name) const { return path_ / name; }

 private:
  fs::path path_;
};

int run(const std::string& command) {
  return std::system(command.c_str());
}

const fs::path kCorpora = fs::path(LIBPGN_SHARED_DIR) / "corpora";

#define SKIP_WITHOUT_CORPORA()           \
  do {                                   \
    if (!fs::exists(kCorpora)) {         \
      GTEST_SKIP() << "no " << kCorpora; \
    }                                    \
  } while (false)

std::uint64_t count_games(const fs::path& path, SplitterOptions options = {}) {
  std::string error;
  auto source = InputSource::open(path.string(), error);
  EXPECT_TRUE(source) << error;
  if (!source) return 0;
  GameSplitter splitter(*source, options);
  RawGame game;
  std::uint64_t count = 0;
  while (splitter.next(game)) ++count;
  EXPECT_EQ(source->error(), "") << path;
  return count;
}

std::string sample_games(int count) {
  std::string text;
  for (int i = 1; i <= count; ++i) {
    text += "[Event \"Game " + std::to_string(i) + "\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 " +
            "3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
  }
  return text;
}

// ---- InputSource -----------------------------------------------------------------------

TEST(InputSource, MemoryDeliversBytesInChunks) {
  const std::string text = sample_games(3);
  auto source = InputSource::from_memory(text);
  EXPECT_EQ(source->compression(), Compression::None);
  EXPECT_EQ(read_all(*source, 7), text);
  EXPECT_EQ(source->error(), "");
}

TEST(InputSource, MissingFileAndDirectoryAreReported) {
  std::string error;
  EXPECT_EQ(InputSource::open("/nonexistent/x.pgn", error), nullptr);
  EXPECT_EQ(error, "cannot open /nonexistent/x.pgn: No such file or directory");
  TempDir dir;
  fs::create_directories(dir / "sub");
  EXPECT_EQ(InputSource::open((dir / "sub").string(), error), nullptr);
  EXPECT_NE(error.find("Is a directory"), std::string::npos) << error;
}

TEST(InputSource, PlainFileAndTinyFiles) {
  TempDir dir;
  for (std::string text : {std::string(), std::string("B"), std::string("BZh"),
                           std::string("1. e4 *"), sample_games(50)}) {
    write_file(dir / "a.pgn", text);
    std::string error;
    auto source = InputSource::open((dir / "a.pgn").string(), error);
    ASSERT_TRUE(source) << error;
    EXPECT_EQ(source->compression(), Compression::None);
    EXPECT_EQ(read_all(*source, 3), text);
    EXPECT_EQ(source->error(), "");
  }
}

TEST(InputSource, StandardInput) {
  TempDir dir;
  const std::string text = sample_games(5);
  write_file(dir / "in.pgn", text);
  ASSERT_EQ(run("gzip -c " + (dir / "in.pgn").string() + " > " + (dir / "in.pgn.gz").string()), 0);
  const int saved = dup(STDIN_FILENO);
  const int file = ::open((dir / "in.pgn.gz").c_str(), O_RDONLY);
  ASSERT_GE(file, 0);
  dup2(file, STDIN_FILENO);
  close(file);
  std::string error;
  auto source = InputSource::open("-", error);
  ASSERT_TRUE(source) << error;
  EXPECT_EQ(source->compression(), Compression::Gzip);
  EXPECT_EQ(read_all(*source), text);
  source.reset();
  dup2(saved, STDIN_FILENO);
  close(saved);
}

struct Codec {
  const char* tool;  // compresses stdin to stdout
  const char* extension;
  Compression kind;
};
const Codec kCodecs[] = {{"zstd -q -c", "zst", Compression::Zstd},
                         {"gzip -c", "gz", Compression::Gzip},
                         {"bzip2 -c", "bz2", Compression::Bzip2}};

TEST(InputSource, CompressedFilesAreDetectedByContent) {
  TempDir dir;
  const std::string text = sample_games(2000);
  write_file(dir / "games.pgn", text);
  for (const Codec& codec : kCodecs) {
    SCOPED_TRACE(codec.extension);
    // A misleading name: detection must look at the bytes.
    const fs::path packed = dir / (std::string("games-") + codec.extension + ".pgn");
    ASSERT_EQ(run(std::string(codec.tool) + " < " + (dir / "games.pgn").string() + " > " +
                  packed.string()),
              0);
    std::string error;
    auto source = InputSource::open(packed.string(), error);
    ASSERT_TRUE(source) << error;
    EXPECT_EQ(source->compression(), codec.kind);
    EXPECT_EQ(read_all(*source, 4096), text);
    EXPECT_EQ(source->error(), "");
    // The same bytes from memory.
    auto memory = InputSource::from_memory_detect(slurp(packed));
    EXPECT_EQ(memory->compression(), codec.kind);
    EXPECT_EQ(read_all(*memory), text);
  }
}

TEST(InputSource, ConcatenatedStreamsAreReadWhole) {
  // Lichess dumps are many zstd frames; `cat a.gz b.gz` and pbzip2 make multi-member files.
  TempDir dir;
  const std::string first = sample_games(300), second = sample_games(7);
  write_file(dir / "a.pgn", first);
  write_file(dir / "b.pgn", second);
  for (const Codec& codec : kCodecs) {
    SCOPED_TRACE(codec.extension);
    const std::string a = (dir / "a.pgn").string(), b = (dir / "b.pgn").string();
    const fs::path both = dir / (std::string("both.") + codec.extension);
    ASSERT_EQ(run("(" + std::string(codec.tool) + " < " + a + "; " + codec.tool + " < " + b +
                  ") > " + both.string()),
              0);
    std::string error;
    auto source = InputSource::open(both.string(), error);
    ASSERT_TRUE(source) << error;
    EXPECT_EQ(read_all(*source), first + second);
    EXPECT_EQ(source->error(), "");
  }
}

TEST(InputSource, TruncatedStreamsKeepDecodedGamesAndReportTheOffset) {
  TempDir dir;
  const std::string text = sample_games(20000);  // ~1.7 MB, many compressed blocks
  write_file(dir / "games.pgn", text);
  for (const Codec& codec : kCodecs) {
    SCOPED_TRACE(codec.extension);
    const fs::path packed = dir / (std::string("games.pgn.") + codec.extension);
    ASSERT_EQ(run(std::string(codec.tool) + " < " + (dir / "games.pgn").string() + " > " +
                  packed.string()),
              0);
    const std::string whole = slurp(packed);
    const std::string cut = whole.substr(0, whole.size() * 2 / 3);
    auto source = InputSource::from_memory_detect(cut);
    const std::vector<Split> games = split_source(*source);
    EXPECT_NE(source->error(), "");
    EXPECT_NE(source->error().find("truncated"), std::string::npos) << source->error();
    EXPECT_NE(source->error().find(std::to_string(source->raw_offset())), std::string::npos)
        << source->error();
    EXPECT_GT(source->raw_offset(), 0u);
    EXPECT_LE(source->raw_offset(), cut.size());
    // Games before the fault arrive intact (the last one may be cut short by the fault).
    ASSERT_GT(games.size(), 1000u);
    EXPECT_LT(games.size(), 20000u);
    for (std::size_t i = 0; i + 1 < games.size(); ++i) {
      ASSERT_EQ(games[i].text, "[Event \"Game " + std::to_string(i + 1) +
                                   "\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 "
                                   "4. Qxf7# 1-0");
    }
  }
}

TEST(InputSource, CorruptStreamsAreReported) {
  TempDir dir;
  const std::string text = sample_games(20000);
  write_file(dir / "games.pgn", text);
  for (const Codec& codec : kCodecs) {
    SCOPED_TRACE(codec.extension);
    const fs::path packed = dir / (std::string("games.pgn.") + codec.extension);
    ASSERT_EQ(run(std::string(codec.tool) + " < " + (dir / "games.pgn").string() + " > " +
                  packed.string()),
              0);
    std::string bytes = slurp(packed);
    for (std::size_t i = bytes.size() / 2; i < bytes.size() / 2 + 64; ++i) bytes[i] ^= 0x5A;
    auto source = InputSource::from_memory_detect(bytes);
    read_all(*source);
    // Damage inside a block may decode to garbage first: the checksums at the end of the
    // block or frame are what catch it.
    EXPECT_NE(source->error(), "");
    EXPECT_NE(source->error().find("byte " + std::to_string(source->raw_offset())),
              std::string::npos)
        << source->error();
  }
}

TEST(InputSource, GarbageAfterMagicIsAnError) {
  for (std::string bytes : {std::string("\x28\xB5\x2F\xFD garbage"), std::string("\x1F\x8B"),
                            std::string("BZh9 not bzip2 at all")}) {
    auto source = InputSource::from_memory_detect(bytes);
    read_all(*source);
    EXPECT_NE(source->error(), "") << bytes;
  }
}

// ---- GameSplitter: boundaries ----------------------------------------------------------

TEST(Splitter, BlankLineSeparatedGames) {
  EXPECT_EQ(
      split_texts("[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 0-1\n"),
      (std::vector<std::string>{"[Event \"a\"]\n\n1. e4 e5 1-0", "[Event \"b\"]\n\n1. d4 0-1"}));
}

TEST(Splitter, GamesWithoutBlankLinesBetween) {
  // Tag line right after the result, right after movetext, and tags followed directly by
  // movetext (chess.com exports).
  EXPECT_EQ(split_texts("[Event \"a\"]\n1. e4 e5 1-0\n[Event \"b\"]\n1. d4 d5\n[Event \"c\"]\n*"),
            (std::vector<std::string>{"[Event \"a\"]\n1. e4 e5 1-0", "[Event \"b\"]\n1. d4 d5",
                                      "[Event \"c\"]\n*"}));
  // Tags and movetext on one line.
  EXPECT_EQ(split_texts("[Result \"1-0\"] e4 0-1\n[Result \"0-1\"] d4 1-0\n"),
            (std::vector<std::string>{"[Result \"1-0\"] e4 0-1", "[Result \"0-1\"] d4 1-0"}));
}

TEST(Splitter, GamesWithoutTags) {
  EXPECT_EQ(split_texts("1. e4 e5 *\n\n1. d4 d5 *\n1. c4 *\n\n\n  1. Nf3\n"),
            (std::vector<std::string>{"1. e4 e5 *", "1. d4 d5 *", "1. c4 *", "1. Nf3"}));
}

TEST(Splitter, LoneResultAfterBlankLineStaysWithItsGame) {
  EXPECT_EQ(split_texts("[ECO \"A01\"]\n\n1. b3 e5\n\n*\n\n[ECO \"A02\"]\n\n*\n"),
            (std::vector<std::string>{"[ECO \"A01\"]\n\n1. b3 e5\n\n*", "[ECO \"A02\"]\n\n*"}));
}

// Issue 16 item 4: a tag section after a termination marker starts a new game wherever it
// is, as in a file whose line ends were removed.
TEST(Splitter, TagsAfterAResultOnTheSameLineStartAGame) {
  const std::vector<Split> games = split(
      "[Event \"a\"] [Result \"1-0\"] 1. e4 {[%clk 0:01:00] [x} e5 1-0  [Event \"b\"]"
      " 1. d4 * [ Site \"c\"] 1... e5 1/2-1/2 [Event \"d\"] 1. c4 [not a tag] *\n");
  ASSERT_EQ(games.size(), 4u);
  EXPECT_EQ(games[0].text, "[Event \"a\"] [Result \"1-0\"] 1. e4 {[%clk 0:01:00] [x} e5 1-0");
  EXPECT_EQ(games[1].text, "[Event \"b\"] 1. d4 *");
  EXPECT_EQ(games[2].text, "[ Site \"c\"] 1... e5 1/2-1/2");
  EXPECT_EQ(games[3].text, "[Event \"d\"] 1. c4 [not a tag] *");
  EXPECT_EQ(games[1].start.line, 1u);
  EXPECT_EQ(games[1].start.column, 62u);
  EXPECT_EQ(games[1].start.offset, 61u);
  EXPECT_EQ(games[3].start.offset, 109u);
  // A line of one game's tags, moves and the next game's tags is not taken for a tag line.
  EXPECT_EQ(split_texts("[Event \"a\"] 1. e4 1-0 [Event \"b\"]\n1. d4 *\n"),
            (std::vector<std::string>{"[Event \"a\"] 1. e4 1-0", "[Event \"b\"]\n1. d4 *"}));
  // The same with reads of a few bytes.
  std::string line;
  for (int i = 0; i < 50; ++i) line += "[Event \"g\"] [White \"x\"] 1. e4 {c} e5 2. Nf3 1-0 ";
  for (std::size_t buffer : {1u, 70u, 129u, 1u << 20}) {
    SplitterOptions options;
    options.buffer_bytes = buffer;
    const std::vector<Split> many = split(line, options);
    ASSERT_EQ(many.size(), 50u) << buffer;
    EXPECT_EQ(many[49].text, "[Event \"g\"] [White \"x\"] 1. e4 {c} e5 2. Nf3 1-0");
    EXPECT_EQ(many[49].start.column, 1u + 49 * 48) << buffer;
  }
}

// Issue 16 item 19: a blank line inside movetext does not end a game that has no termination
// marker yet; the game says where it went on.
TEST(Splitter, BlankLineInsideMovetextContinuesTheGame) {
  const std::string crafty =
      "[Event \"a\"]\n\n1. e4 e5\n\n   {engine notes}\n\n2. Nf3 Nc6\n\n2... a6 1-0";
  auto source = InputSource::from_memory(crafty + "\n\n[Event \"b\"]\n\n1. d4\n\n*\n");
  GameSplitter splitter(*source);
  RawGame game;
  ASSERT_TRUE(splitter.next(game));
  EXPECT_EQ(game.text, crafty);
  EXPECT_EQ(game.continued_after_blank_line.line, 5u);
  EXPECT_EQ(game.continued_after_blank_line.column, 4u);
  ASSERT_TRUE(splitter.next(game));
  EXPECT_EQ(game.text, "[Event \"b\"]\n\n1. d4\n\n*");
  EXPECT_EQ(game.continued_after_blank_line.line, 0u);  // a lone marker is no continuation
  EXPECT_FALSE(splitter.next(game));
  // Movetext starting with move 1 after a blank line is the next game.
  EXPECT_EQ(split_texts("1. e4 e5\n\n1. d4 d5\n\n1... c5\n"),
            (std::vector<std::string>{"1. e4 e5", "1. d4 d5\n\n1... c5"}));
}

// Issue 16 item 3: a game cut at max_game_bytes says where the dropped part starts and ends.
TEST(Splitter, CutGameSaysWhatWasDropped) {
  std::string text = "[Event \"big\"]\n1. e4 {";
  for (int i = 0; i < 400; ++i) text += "comment line " + std::to_string(i) + "\n";
  text += "} e5 *\n\n[Event \"next\"]\n1. d4 *\n";
  SplitterOptions options;
  options.max_game_bytes = 1000;
  options.buffer_bytes = 256;
  auto source = InputSource::from_memory(text);
  GameSplitter splitter(*source, options);
  RawGame game;
  ASSERT_TRUE(splitter.next(game));
  ASSERT_TRUE(game.truncated);
  EXPECT_EQ(game.dropped_from.offset, game.text.size());
  const std::size_t lines_kept = std::count(game.text.begin(), game.text.end(), '\n');
  EXPECT_EQ(game.dropped_from.line, 1 + lines_kept);
  EXPECT_EQ(game.dropped_from.column, 1 + game.text.size() - (game.text.rfind('\n') + 1));
  EXPECT_EQ(game.end_line, 402u);
  ASSERT_TRUE(splitter.next(game));
  EXPECT_EQ(game.text, "[Event \"next\"]\n1. d4 *");
}

// Issue 16 item 15: binary data is not read as games.
TEST(Splitter, BinaryInputHasNoGames) {
  const std::string zip("PK\x03\x04\x14\x00\x08\x00[Event", 14);
  auto source = InputSource::from_memory(zip);
  GameSplitter splitter(*source);
  RawGame game;
  EXPECT_FALSE(splitter.next(game));
  ASSERT_TRUE(splitter.binary_data_at().has_value());
  EXPECT_EQ(splitter.binary_data_at()->offset, 2u);
  EXPECT_EQ(splitter.binary_data_at()->column, 3u);
  // Control bytes after a tag, and the DOS end-of-file byte, are read as text.
  for (std::string text :
       {std::string("[Event \"a\x00b\"]\n1. e4 *\n", 21), std::string("1. e4 e5 *\n\x1a")}) {
    auto text_source = InputSource::from_memory(text);
    GameSplitter text_splitter(*text_source);
    EXPECT_TRUE(text_splitter.next(game));
    EXPECT_FALSE(text_splitter.binary_data_at().has_value());
  }
}

TEST(Splitter, TagOnlyGames) {
  // A repeated tag name after a blank line starts a new game; a blank line inside one tag
  // section (ChessBase) does not.
  EXPECT_EQ(split_texts("[Event \"a\"]\n[Round \"1\"]\n\n[Round \"2\"]\n[White \"x\"]\n\n"
                        "[Round \"3\"]\n"),
            (std::vector<std::string>{"[Event \"a\"]\n[Round \"1\"]",
                                      "[Round \"2\"]\n[White \"x\"]", "[Round \"3\"]"}));
  EXPECT_EQ(split_texts("[Event \"a\"]\n\n[Date \"?\"]\n[Round \"1\"]\n\n1. e4 *\n"),
            (std::vector<std::string>{"[Event \"a\"]\n\n[Date \"?\"]\n[Round \"1\"]\n\n1. e4 *"}));
  // A second [Event without a blank line.
  EXPECT_EQ(split_texts("[Event \"a\"]\n[Site \"x\"]\n[Event \"b\"]\n"),
            (std::vector<std::string>{"[Event \"a\"]\n[Site \"x\"]", "[Event \"b\"]"}));
}

TEST(Splitter, CommentsAndEscapesNeverSplit) {
  const std::string game =
      "% escape line [Event \"no\"]\n"
      "[Event \"a\"]\n"
      "[Annotator \"{not a comment\"]\n"
      "; [Event \"in a line comment\"]\n"
      "\n"
      "1. e4 { a comment\n"
      "[Site \"inside\"]\n"
      "\n"
      "with a blank line } e5 ; {\n"
      "2. Nf3 {;} Nc6 1-0";
  EXPECT_EQ(split_texts(game + "\n\n" + game + "\n"), (std::vector<std::string>{game, game}));
}

TEST(Splitter, CommentBeforeTagsBelongsToTheNextGame) {
  EXPECT_EQ(split_texts("1. e4 *\n\n{ about game 2 }\n[Event \"b\"]\n1. d4 *\n"),
            (std::vector<std::string>{"1. e4 *", "{ about game 2 }\n[Event \"b\"]\n1. d4 *"}));
  EXPECT_EQ(split_texts("[Event \"a\"]\n\n{ notes }\n\n1. b3 *\n"),
            (std::vector<std::string>{"[Event \"a\"]\n\n{ notes }\n\n1. b3 *"}));
}

TEST(Splitter, UnclosedCommentStopsAtTheNextEventTag) {
  EXPECT_EQ(split_texts("[Event \"a\"]\n1. e4 { oops\n[Event \"b\"]\n1. d4 *\n"),
            (std::vector<std::string>{"[Event \"a\"]\n1. e4 { oops", "[Event \"b\"]\n1. d4 *"}));
}

TEST(Splitter, LineEndingsBomNulAndMissingFinalNewline) {
  EXPECT_EQ(
      split_texts("[Event \"a\"]\r\n\r\n1. e4 1-0\r\n\r\n[Event \"b\"]\r\n1. d4 0-1"),
      (std::vector<std::string>{"[Event \"a\"]\r\n\r\n1. e4 1-0", "[Event \"b\"]\r\n1. d4 0-1"}));
  EXPECT_EQ(split_texts("[Event \"a\"]\r\r1. e4 1-0\r\r[Event \"b\"]\r1. d4 0-1\r"),
            (std::vector<std::string>{"[Event \"a\"]\r\r1. e4 1-0", "[Event \"b\"]\r1. d4 0-1"}));
  const std::vector<Split> games =
      split("\xEF\xBB\xBF[Event \"a\"]\n1. e4\0 *\n\n[Event \"b\"]\n*"s);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_TRUE(games[0].bom);
  EXPECT_EQ(games[0].text, "[Event \"a\"]\n1. e4\0 *"s);
  EXPECT_EQ(games[0].start.offset, 3u);
  EXPECT_EQ(pos_text(games[0].start), "1:1");
  EXPECT_FALSE(games[1].bom);
  EXPECT_EQ(split("").size(), 0u);
  EXPECT_EQ(split(" \n\r\n\t\n").size(), 0u);
}

TEST(Splitter, StartPositions) {
  const std::vector<Split> games =
      split("\n\n  [Event \"a\"]\n1. e4 *\n\n\r\n\t[Event \"b\"]\r\n*\r\n[Event \"c\"]\r*");
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[0].start.offset, 4u);
  EXPECT_EQ(pos_text(games[0].start), "3:3");
  EXPECT_EQ(games[1].start.offset, 28u);
  EXPECT_EQ(pos_text(games[1].start), "7:2");
  EXPECT_EQ(games[2].start.offset, 44u);
  EXPECT_EQ(pos_text(games[2].start), "9:1");
}

// Whether `bytes` is valid UTF-8, one sequence at a time: the reference for the splitter's
// block-wise check.
bool valid_utf8_reference(std::string_view bytes) {
  for (std::size_t i = 0; i < bytes.size();) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(bytes[k]); };
    const unsigned char lead = byte(i);
    std::size_t length = lead < 0x80                    ? 1
                         : lead >= 0xC2 && lead <= 0xDF ? 2
                         : lead >= 0xE0 && lead <= 0xEF ? 3
                         : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                        : 0;
    if (length == 0 || i + length > bytes.size()) return false;
    for (std::size_t k = 1; k < length; ++k)
      if ((byte(i + k) & 0xC0) != 0x80) return false;
    if ((lead == 0xE0 && byte(i + 1) < 0xA0) || (lead == 0xED && byte(i + 1) > 0x9F) ||
        (lead == 0xF0 && byte(i + 1) < 0x90) || (lead == 0xF4 && byte(i + 1) > 0x8F))
      return false;
    i += length;
  }
  return true;
}

// Games mixing ASCII with two-, three- and four-byte letters and stray bytes, at every
// alignment: a game is decoded as Windows-1252 exactly when it is not valid UTF-8.
TEST(Splitter, Utf8IsCheckedExactly) {
  const std::string pieces[] = {"e4 ",
                                "Кf3",
                                "Ф",
                                "×",
                                "½",
                                "♘",
                                "\xF0\x9F\x98\x80",
                                "\xD0",
                                "\x9A",
                                "\xC0\x80",
                                "\xE0\x80\x80",
                                "\xED\xA0\x80",
                                "\xC3\xA9",
                                "\xDF\xBF",
                                "\xF4\x90\x80\x80",
                                " "};
  std::mt19937 random(11);
  int decoded = 0;
  for (int game = 0; game < 3000; ++game) {
    std::string movetext;
    const int count = 1 + int(random() % 40);
    for (int i = 0; i < count; ++i) {
      const std::size_t pick = random() % std::size(pieces);
      // Mostly valid text, so that long valid stretches cross 16-byte blocks.
      if (pick >= 7 && pick <= 11 && random() % 4 != 0) continue;
      movetext += pieces[pick];
    }
    const std::string text = "[Event \"x\"]\n" + movetext + " *";
    const std::vector<Split> games = split(text);
    ASSERT_EQ(games.size(), 1u) << text;
    const bool valid = valid_utf8_reference(text);
    ASSERT_EQ(games[0].latin1, !valid) << text;
    decoded += games[0].latin1;
  }
  EXPECT_GT(decoded, 300);
  EXPECT_LT(decoded, 2700);
}

TEST(Splitter, Windows1252GamesAreDecoded) {
  const std::vector<Split> games =
      split("[White \"Marx Gy\xF6rgy\"]\n1. e4 \x80 *\n\n[White \"Marx Gy\xC3\xB6rgy\"]\n*\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_TRUE(games[0].latin1);
  EXPECT_EQ(games[0].text, "[White \"Marx Gy\xC3\xB6rgy\"]\n1. e4 \xE2\x82\xAC *");
  EXPECT_EQ(games[0].original_size, 31u);
  EXPECT_FALSE(games[0].ascii);
  EXPECT_FALSE(games[1].latin1);
  EXPECT_FALSE(games[1].ascii);
  EXPECT_EQ(games[1].text, "[White \"Marx Gy\xC3\xB6rgy\"]\n*");
  EXPECT_TRUE(split("[Event \"x\"]\n*")[0].ascii);
}

TEST(Splitter, PositionsInDecodedGamesAreInputOffsets) {
  auto source = InputSource::from_memory("\n[White \"\xF6\xF6\"] e4 *");
  GameSplitter splitter(*source);
  RawGame game;
  ASSERT_TRUE(splitter.next(game));
  ASSERT_TRUE(game.code_page);
  Recorder recorder;
  parse_game(game, recorder);
  const std::vector<std::string> expected = {"tag White=\xC3\xB6\xC3\xB6 @2:1", "move e4 @2:14",
                                             "result * @2:17"};
  EXPECT_EQ(recorder.with_positions(), expected);
  EXPECT_EQ(recorder.positions[3].offset, 14u);  // "e4": byte 14 of the input, not of the UTF-8
}

TEST(Splitter, LongGamesAreCutAndCounted) {
  std::string huge = "[Event \"big\"]\n1. e4 {";
  huge += std::string(5000, 'x') + "\xC3\xB6" + std::string(5000, 'y') + "} e5 *\n\n";
  const std::string text = sample_games(2) + huge + sample_games(3);
  for (std::size_t buffer : {256u, 1000u, 1u << 20}) {
    SCOPED_TRACE(buffer);
    SplitterOptions options;
    options.max_game_bytes = 5020;
    options.buffer_bytes = buffer;
    const std::vector<Split> games = split(text, options);
    ASSERT_EQ(games.size(), 6u);
    EXPECT_TRUE(games[2].truncated);
    EXPECT_EQ(games[2].original_size, huge.size() - 2);
    EXPECT_LE(games[2].text.size(), 5020u);
    EXPECT_EQ(games[2].text.substr(0, 21), "[Event \"big\"]\n1. e4 {");
    EXPECT_FALSE(games[2].latin1);  // cut on a character boundary
    EXPECT_FALSE(games[3].truncated);
    EXPECT_EQ(games[5].text, split(sample_games(3))[2].text);
  }
}

TEST(Splitter, MovetextOverManyLines) {
  // Line breaks inside movetext are taken without leaving the movetext scan, except where the
  // next line's first byte decides more: a '%' escape line in column 1, an indented '%' (a
  // token), '{' and ';' opening comments, a tag, a line after a termination marker.
  const std::string game =
      "[Event \"a\"]\n\n1. e4 e5\n2. Nf3 { a comment\nover lines\n} Nc6\n"
      "% escape [Event\n  %token\n{ line-start comment } 3. Bb5\n; note\n3... a6\r\n4. Ba4 *";
  EXPECT_EQ(split_texts(game + "\n" + game + "\n1. d4 1-0\n1. c4 *\n"),
            (std::vector<std::string>{game, game, "1. d4 1-0", "1. c4 *"}));
  // A '{' in an escape line opens no comment, so the blank line still ends the game.
  EXPECT_EQ(split_texts("1. e4\n% {\n\n1. d4 *\n"),
            (std::vector<std::string>{"1. e4\n% {", "1. d4 *"}));
  // The same with every read a few bytes long: decisions wait for the lookahead.
  std::string many;
  for (int i = 0; i < 30; ++i) many += game + "\n\n";
  for (std::size_t buffer : {1u, 70u, 129u}) {
    SplitterOptions options;
    options.buffer_bytes = buffer;
    EXPECT_EQ(split_texts(many, options), std::vector<std::string>(30, game)) << buffer;
  }
}

// Line and column of input offset `offset`, counted the plain way.
TextPos text_pos_of(std::string_view text, std::size_t offset) {
  const std::size_t line_start = text.rfind('\n', offset == 0 ? 0 : offset - 1);
  const std::size_t column_from = line_start == std::string_view::npos ? 0 : line_start + 1;
  return TextPos{
      offset, 1 + static_cast<std::uint32_t>(std::count(text.begin(), text.begin() + offset, '\n')),
      1 + static_cast<std::uint32_t>(offset - column_from)};
}

// `text` splits into the games `parts`, each starting on the line and column of its text, and
// the first game, cut at 300 bytes, ends on the line of its last byte. `context` names the
// case in a failure.
void expect_split_into(const std::string& text, const std::vector<std::string>& parts,
                       const std::string& context) {
  const std::vector<Split> games = split(text);
  ASSERT_EQ(games.size(), parts.size()) << context;
  for (std::size_t i = 0; i < parts.size(); ++i) EXPECT_EQ(games[i].text, parts[i]) << context;
  for (const Split& game : games) {
    const TextPos expected = text_pos_of(text, text.find(game.text));
    EXPECT_EQ(pos_text(game.start), pos_text(expected)) << context << game.text.substr(0, 20);
  }
  SplitterOptions options;
  options.max_game_bytes = 300;
  auto source = InputSource::from_memory(text);
  GameSplitter splitter(*source, options);
  RawGame game;
  ASSERT_TRUE(splitter.next(game)) << context;
  ASSERT_TRUE(game.truncated) << context;
  EXPECT_EQ(game.end_line, text_pos_of(text, parts[0].size()).line) << context;
}

// Runs of short movetext lines, where the scan passes over line breaks in bulk: every break
// that decides a boundary (after a termination marker or trailing blanks, before a blank, a
// '%' escape line holding a '{', a tag or a BOM) still does, and games after the runs start on
// the right line and column.
TEST(Splitter, RunsOfMovetextLinesKeepBoundariesAndPositions) {
  std::string run;
  const char* endings[] = {"Nf1", "a2", "Qd1", "h1-0", "Rf2/2", "e4  ", "{ c", "x }", "e8=Q"};
  for (int i = 0; i < 60; ++i) run += std::to_string(i + 2) + ". " + endings[i % 9] + "\n";
  const std::string first = "[Event \"a\"]\n\n1. e4\n" + run + "9. Kg1 1-0";
  const std::string second = "1. d4\n" + run + "9. Kg1 1/2-1/2";
  const std::string third_head = "1. c4\n" + run + "9. Kg1 ";
  const std::string third = third_head + "0-1";
  const std::string fourth = "[Event \"d\"] 1. Nf3 *";
  const std::string fifth = "1. b3\n" + run + "\xEF\xBB\xBF" + run + "9. Kg1\n%x {\n10. Kg2 *";
  const std::string sixth = "1. g3\n" + run + "9. Kg1";
  const std::string seventh = "[Event \"f\"]\n1. e4\n" + run + "*";
  const std::string text = first + "\n" + second + "\n" + third + " " + fourth + "\n\n" + fifth +
                           "\n\n  " + sixth + "\n" + seventh + "\n";
  // A game cut after such a run ends on the line of its last byte.
  expect_split_into(text, {first, second, third, fourth, fifth, sixth, seventh}, "LF");
}

// The same runs with CR LF line ends (pgnmentor's files): the scan passes over a CR LF as one
// break, and leaves to the step-by-step path one whose LF is in the next block. Each game is
// also read with lines shifted by one to eight bytes, so that the CR LF pairs fall on every
// place of a 64-byte block. The runs end with a plain line ("58. Qd1"): the break before each
// game's last line is passed in bulk, and the fourth game, which starts on that line after a
// result, has its column from where the scan put that line's start.
TEST(Splitter, RunsOfCrLfMovetextLinesKeepBoundariesAndPositions) {
  const auto crlf = [](const std::string& text) {
    std::string out;
    for (char c : text) {
      if (c == '\n') out += '\r';
      out += c;
    }
    return out;
  };
  for (int shift = 0; shift < 9; ++shift) {
    std::string run;
    const char* endings[] = {"Nf1", "a2", "Qd1", "h1-0", "Rf2/2", "e4  ", "{ c", "x }", "e8=Q"};
    for (int i = 0; i < 57; ++i)
      run += std::to_string(i + 2) + ". " + endings[i % 9] +
             std::string(i % 3 == 0 ? shift : 0, '+') + "\n";
    const std::string first = crlf("[Event \"a\"]\n\n1. e4\n" + run + "9. Kg1 1-0");
    const std::string second = crlf("1. d4\n" + run + "9. Kg1 1/2-1/2");
    const std::string third = crlf("1. c4\n" + run + "9. Kg1 0-1");
    const std::string fourth = "[Event \"d\"] 1. Nf3 *";
    const std::string fifth =
        crlf("1. b3\n" + run + "\xEF\xBB\xBF" + run + "9. Kg1\n%x {\n10. Kg2 *");
    const std::string sixth = crlf("1. g3\n" + run + "9. Kg1");
    const std::string seventh = crlf("[Event \"f\"]\n1. e4\n" + run + "*");
    const std::string text = first + "\r\n" + second + "\r\n" + third + " " + fourth + "\r\n\r\n" +
                             fifth + "\r\n\r\n  " + sixth + "\r\n" + seventh + "\r\n";
    expect_split_into(text, {first, second, third, fourth, fifth, sixth, seventh},
                      "CR LF, shift " + std::to_string(shift) + " ");
  }
}

// A malformed tag pair ends where the parser reads on after it (tags/tag_scan.hpp), so that
// the splitter and the parser see the same movetext.
TEST(Splitter, MalformedTagsEndWhereTheParserReadsOn) {
  // No quoted value: the pair ends at its ']', and the moves after it are the game's (the
  // '"' does not open a value that runs to the end of the line).
  EXPECT_EQ(split_texts("[White x\"y] 1. e4 1-0\n[Black \"b\"]\n1. d4 0-1\n"),
            (std::vector<std::string>{"[White x\"y] 1. e4 1-0", "[Black \"b\"]\n1. d4 0-1"}));
  // A value whose quote no ']' follows runs to the end of its line: no moves on that line.
  EXPECT_EQ(split_texts("[White \"x\" y] 1. e4 1-0\n[Black \"b\"]\n1. d4 0-1\n"),
            (std::vector<std::string>{"[White \"x\" y] 1. e4 1-0\n[Black \"b\"]\n1. d4 0-1"}));
  // ']', '{' and ';' inside values, escaped quotes, stray quotes, several tags on a line.
  const std::string odd =
      "[Event \"a] {b} ;c\"] [White \"\\\"x\\\" ]\"] [Black \"the \"big\" one\"]\n1. e4 1-0";
  EXPECT_EQ(split_texts(odd + "\n" + odd + "\n"), (std::vector<std::string>{odd, odd}));
  // The same with reads of a few bytes, and a pair longer than the reads.
  std::string many;
  const std::string long_value = "[Annotator \"" + std::string(700, 'x') + "]\"] {c} 1. e4 *";
  for (int i = 0; i < 20; ++i) many += odd + "\n" + long_value + "\n";
  for (std::size_t buffer : {1u, 300u, 1u << 20}) {
    SplitterOptions options;
    options.buffer_bytes = buffer;
    const std::vector<std::string> games = split_texts(many, options);
    ASSERT_EQ(games.size(), 40u) << buffer;
    EXPECT_EQ(games[38], odd) << buffer;
    EXPECT_EQ(games[39], long_value) << buffer;
  }
}

// A tag pair longer than the window it is read in (64 KiB) ends with its line, and the
// reading goes on: a game kept to a few bytes and reads of a few bytes end no input early.
TEST(Splitter, TagPairsLongerThanTheirWindow) {
  const std::string huge = "[Annotator \"" + std::string(70000, 'x') + "\"]\n1. e4 *\n\n";
  const std::string next = "[Event \"b\"]\n1. d4 *";
  for (std::size_t buffer : {1u, 1u << 20}) {
    SplitterOptions options;
    options.buffer_bytes = buffer;
    options.max_game_bytes = 1000;
    const std::vector<Split> games = split(huge + next + "\n", options);
    ASSERT_EQ(games.size(), 2u) << buffer;
    EXPECT_TRUE(games[0].truncated);
    EXPECT_EQ(games[0].original_size, huge.size() - 2);
    EXPECT_EQ(games[1].text, next);
  }
}

TEST(Splitter, SmallBuffersGiveTheSameGames) {
  std::string text;
  for (int i = 0; i < 40; ++i) {
    text += "[Event \"g" + std::to_string(i) + "\"]\r\n{ long comment " + std::string(i * 7, 'c') +
            " }\r\n1. e4 ; line comment\r1... e5\n\n";
  }
  const std::vector<std::string> reference = split_texts(text);
  ASSERT_EQ(reference.size(), 40u);
  for (std::size_t buffer : {1u, 100u, 257u, 4096u}) {
    SplitterOptions options;
    options.buffer_bytes = buffer;
    EXPECT_EQ(split_texts(text, options), reference) << buffer;
  }
}

// ---- parse_game --------------------------------------------------------------------------

TEST(Parser, TagsAndEscapes) {
  EXPECT_EQ(parse_core("[Event \"A \\\"quoted\\\" \\\\ name\"]\n[Site \"\"]\n"),
            (std::vector<std::string>{"tag Event=A \\\"quoted\\\" \\\\ name", "tag Site="}));
  EXPECT_EQ(unescape_tag_value("A \\\"quoted\\\" \\\\ name \\n"), "A \"quoted\" \\ name \\n");
  // An unescaped quote is kept when the value still ends with "] on the line.
  EXPECT_EQ(parse_core("[Event \"The \"Big\" One\"]"),
            (std::vector<std::string>{"error unescaped '\"' inside tag value",
                                      "tag Event=The \"Big\" One"}));
  EXPECT_EQ(parse_core("[Event\"x\"][Round \"1\"]  [ White  \"y\" ]"),
            (std::vector<std::string>{"tag Event=x", "tag Round=1", "tag White=y"}));
}

TEST(Parser, MoveNumbersInEveryForm) {
  Recorder recorder;
  recorder.record_numbers = true;
  EXPECT_EQ(parse_core("1. e4 1... e5 2.Nf3 2...Nc6 3 . Bb5 3 ... a6 4\xE2\x80\xA6 Ba4 "
                       "4\xE2\x80\xA6Nf6 5 O-O 5. .. Be7 *",
                       recorder),
            (std::vector<std::string>{
                "number 1.",   "move e4",  "number 1...", "move e5",  "number 2.", "move Nf3",
                "number 2...", "move Nc6", "number 3.",   "move Bb5", "number 3.", "move a6",
                "number 4...", "move Ba4", "number 4...", "move Nf6", "number 5.", "move O-O",
                "number 5.",   "move Be7", "result *"}));
}

// A visitor that does not want move numbers sees every other event, at the same positions,
// also in text that is not ASCII (columns count code points).
TEST(Parser, MoveNumbersCanBeLeftOut) {
  class WithoutNumbers : public Recorder {
   public:
    bool wants_move_numbers() const override { return false; }
  };
  const std::string text = "1. d4 Кf6 2.c4 e6 3 . Кc3 Сb4 4\xE2\x80\xA6 0-0 {Хорошо} 5.e3 d5 *";
  Recorder all;
  all.record_numbers = true;
  WithoutNumbers without;
  parse_game(raw_game(text), all);
  parse_game(raw_game(text), without);
  std::vector<std::string> expected;
  for (const std::string& event : all.with_positions())
    if (!event.starts_with("number")) expected.push_back(event);
  EXPECT_EQ(without.with_positions(), expected);
  EXPECT_EQ(expected.size(), 11u);
}

// A visitor that does without columns gets column 0 on lines that are not ASCII, and
// column_at() gives back what counting would have given, on every kind of line: after LF,
// CRLF and a lone CR, inside a comment, and on the game's first line, which starts mid-line.
TEST(Parser, ColumnsCanBeLeftToColumnAt) {
  class WithoutColumns : public Recorder {
   public:
    bool wants_columns() const override { return false; }
  };
  const std::string text =
      "[Event \"Чемпионат\"]\r\n\r\n1. d4 Кf6 2.c4 {Хорошо,\nочень} e6\r3. Кc3 Сb4 "
      "(3... d5 4. Сg5) 4. e3 0-0 $1 ½-½";
  RawGame game = raw_game(text);
  game.start = {1000, 7, 5};
  Recorder counted;
  WithoutColumns lazy;
  parse_game(game, counted);
  parse_game(game, lazy);
  ASSERT_EQ(lazy.events, counted.events);
  std::size_t positioned = 0, uncounted = 0;
  for (std::size_t i = 0; i < counted.positions.size(); ++i) {
    if (counted.positions[i].line == 0) continue;
    SCOPED_TRACE(counted.events[i]);
    ++positioned;
    EXPECT_EQ(lazy.positions[i].line, counted.positions[i].line);
    EXPECT_EQ(lazy.positions[i].offset, counted.positions[i].offset);
    uncounted += lazy.positions[i].column == 0;
    EXPECT_EQ(column_at(game, lazy.positions[i]), counted.positions[i].column);
  }
  EXPECT_EQ(uncounted, positioned);
  // Columns counted by hand.
  const std::vector<std::string> by_hand = counted.with_positions();
  ASSERT_EQ(by_hand.size(), 16u);
  EXPECT_EQ(by_hand[0], "tag Event=\u0427\u0435\u043C\u043F\u0438\u043E\u043D\u0430\u0442 @7:5");
  EXPECT_EQ(by_hand[2], "move \u041Af6 @9:7");
  EXPECT_EQ(by_hand[5], "move e6 @10:8");
  EXPECT_EQ(by_hand[9], "move d5 @11:18");
  EXPECT_EQ(by_hand[15], "result \u00BD-\u00BD @11:42");
}

// A move token ends at a blank, a control byte, a delimiter or a whole NBSP / BOM, and at no
// other byte: the same at every length, with the token's end found 16 bytes at a time (room
// after it) and byte by byte (at the end of the text).
TEST(Parser, EveryByteEndsATokenOrIsPartOfIt) {
  const std::string delimiters = "{}();$[]";
  for (int b = 0; b < 256; ++b) {
    for (const std::string follower : {"", "\xA0", "\xBB\xBF"}) {
      const char byte = static_cast<char>(b);
      const bool ends = b < 0x20 || b == ' ' || b == 0x7F ||
                        delimiters.find(byte) != std::string::npos ||
                        (b == 0xC2 && follower == "\xA0") || (b == 0xEF && follower == "\xBB\xBF");
      for (std::size_t length = 1; length <= 40; length += length < 20 ? 1 : 7) {
        const std::string token = "N" + std::string(length - 1, 'a');
        const std::string tail = std::string(1, byte) + follower + "e5";
        const std::string expected = "move " + (ends ? token : token + tail);
        for (const std::string& text : {token + tail, token + tail + std::string(40, ' ')}) {
          SCOPED_TRACE(testing::Message()
                       << "byte " << b << ", length " << length << ", " << text.size() << " bytes");
          const std::vector<std::string> events = parse_core(text);
          ASSERT_FALSE(events.empty());
          EXPECT_EQ(events[0], expected);
        }
      }
    }
  }
}

// The parser reads a run of moves (with the blanks, line breaks, plain move numbers and
// comments between them) in one call: every element must come out as the main loop reads it,
// at the same place, including where the run hands over to that loop (a number glued to its
// move or to nothing, a tab, "\r\n", a NAG, a variation, a result right after a move, a
// comment glued to a move or over two lines). Positions are line:column+offset.
TEST(Parser, RunsOfMovesReadAsTheMainLoopReadsThem) {
  const auto read = [](std::string_view text) {
    Recorder recorder;
    recorder.record_numbers = true;
    parse_game(raw_game(text), recorder);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < recorder.events.size(); ++i) {
      const TextPos pos = recorder.positions[i];
      if (pos.line == 0) continue;
      out.push_back(recorder.events[i] + " @" + pos_text(pos) + "+" + std::to_string(pos.offset));
    }
    return out;
  };
  EXPECT_EQ(read("1.e4 e5 2.Nf3\n2...Nc6 3. Bb5 {c} a6 4 . Ba4 5... $1 Nf6 (5... d6) 6.O-O\t"
                 "Nxe4{x}7.Re1 Nd6;l\r\n8.Bxc6 dxc6 1-0"),
            (std::vector<std::string>{
                "number 1. @1:1+0",   "move e4 @1:3+2",       "move e5 @1:6+5",
                "number 2. @1:9+8",   "move Nf3 @1:11+10",    "number 2... @2:1+14",
                "move Nc6 @2:5+18",   "number 3. @2:9+22",    "move Bb5 @2:12+25",
                "comment c @2:16+29", "move a6 @2:20+33",     "number 4. @2:23+36",
                "move Ba4 @2:27+40",  "number 5... @2:31+44", "nag 1 @2:36+49",
                "move Nf6 @2:39+52",  "( @2:43+56",           "number 5... @2:44+57",
                "move d6 @2:49+62",   ") @2:51+64",           "number 6. @2:53+66",
                "move O-O @2:55+68",  "move Nxe4 @2:59+72",   "comment x @2:63+76",
                "number 7. @2:66+79", "move Re1 @2:68+81",    "move Nd6 @2:72+85",
                "comment l @2:75+88", "number 8. @3:1+92",    "move Bxc6 @3:3+94",
                "move dxc6 @3:8+99",  "result 1-0 @3:13+104"}));
  // Numbers the run leaves to the main loop: 0, more than 9 digits, dots apart, glued to
  // something that is not a move; a comment over two lines; a result after a number.
  EXPECT_EQ(read("1. e4 0. e5 1234567890. d4 2 .. d5 3.. {a\nb} c4 4.$2 e6 5. *"),
            (std::vector<std::string>{
                "number 1. @1:1+0", "move e4 @1:4+3", "number 0. @1:7+6", "move e5 @1:10+9",
                "number 1234567890. @1:13+12", "move d4 @1:25+24", "number 2. @1:28+27",
                "move d5 @1:33+32", "number 3... @1:36+35", "comment a\nb @1:40+39",
                "move c4 @2:4+45", "number 4. @2:7+48", "nag 2 @2:9+50", "move e6 @2:12+53",
                "number 5. @2:15+56", "result * @2:18+59"}));
}

// The run of moves stops where the main loop reads the stop flag (every kStopPollBytes of a
// game), as the main loop does: the game is cut after the element read across that point.
TEST(Parser, RunsOfMovesStopWhereTheStopFlagIsRead) {
  // The padding comment puts the poll point on each byte of the repeated pattern in turn.
  for (std::size_t pad = 0; pad < 24; ++pad) {
    std::string text = "{" + std::string(pad, 'x') + "} ";
    for (int n = 1; text.size() < ParseLimits::kStopPollBytes + 100; ++n)
      text += std::to_string(n % 10 + 10) + ". Nf3 Nf6 " + std::to_string(n % 10 + 10) +
              "... Ng1\nNg8 ";
    text += "*";
    SCOPED_TRACE(testing::Message() << "padding " << pad);
    std::atomic<bool> stop{true};
    ParseLimits limits;
    limits.stop = &stop;
    Recorder recorder;
    parse_game(raw_game(text), recorder, limits);
    // Every element that starts before the poll point is read: a token across it, and the
    // blank after a move or number.
    const std::size_t poll = ParseLimits::kStopPollBytes;
    std::size_t stop_at = poll;
    if (text[poll - 1] != ' ' && text[poll - 1] != '\n') {
      stop_at = text.find_first_of(" \n", poll);
      if (text[stop_at] == ' ') ++stop_at;
    }
    std::size_t moves = 0;
    for (std::size_t i = 0; i < poll; ++i)
      if (text[i] == 'N' && (text[i - 1] == ' ' || text[i - 1] == '\n')) ++moves;
    std::size_t moves_read = 0;
    for (const std::string& e : recorder.events) moves_read += e.rfind("move ", 0) == 0;
    EXPECT_EQ(moves_read, moves);
    ASSERT_GE(recorder.events.size(), 2u);
    const std::size_t last = recorder.events.size() - 2;  // before "end"
    EXPECT_EQ(recorder.events[last],
              "error limit exceeded: the run was interrupted; the rest of the game is not read");
    EXPECT_EQ(recorder.positions[last].offset, stop_at);
  }
}

TEST(Parser, SuffixesNagsAndSymbols) {
  EXPECT_EQ(parse_core("1. e4! e5?! 2. Nf3 !? $1 $22 Nc6 \xC2\xB1 3. Bb5 +- $ $300 *"),
            (std::vector<std::string>{"move e4!", "move e5?!", "move Nf3", "nag 5", "nag 1",
                                      "nag 22", "move Nc6", "nag 16", "move Bb5", "nag 18",
                                      "error '$' without a number",
                                      "error NAG out of range (0-255)", "result *"}));
}

TEST(Parser, ResultsStandardAndLocalized) {
  for (const char* marker : {"1-0", "0-1", "1/2-1/2", "*", "1:0", "0:1", "\xC2\xBD-\xC2\xBD",
                             "\xC2\xBD:\xC2\xBD", "0,5:0,5", "+:-", "-:+"}) {
    EXPECT_EQ(parse_core(std::string("1. e4 ") + marker),
              (std::vector<std::string>{"move e4", std::string("result ") + marker}));
  }
  EXPECT_EQ(parse_core("1. 0-0 0-0-0 2. O-O *"),
            (std::vector<std::string>{"move 0-0", "move 0-0-0", "move O-O", "result *"}));
}

TEST(Parser, NonAsciiTokensStayWhole) {
  EXPECT_EQ(
      parse_positions("1. e2\xE2\x80\x94"
                      "e4 \xD0\x9A\xD1\x80\xD0\xB5\x37 2. \xD0\xA4:c5 0-0 *"),
      (std::vector<std::string>{"move e2\xE2\x80\x94"
                                "e4 @1:4",
                                "move \xD0\x9A\xD1\x80\xD0\xB5\x37 @1:10", "move \xD0\xA4:c5 @1:18",
                                "move 0-0 @1:23", "result * @1:27"}));
  // No-break spaces and BOMs separate tokens.
  EXPECT_EQ(parse_core("e4\xC2\xA0"
                       "e5\xEF\xBB\xBF"
                       "d4"),
            (std::vector<std::string>{"move e4", "move e5", "move d4"}));
}

TEST(Parser, CommentsEscapesAndPositions) {
  const std::string text =
      "[Event \"x\"]\r\n"
      "% escape line\r\n"
      "{before} 1. e4 {multi\r\n"
      "line} e5 ; rest of line\r"
      "2. Nf3 (2. Nc3 {in} ) *";
  EXPECT_EQ(
      parse_positions(text),
      (std::vector<std::string>{
          "tag Event=x @1:1", "comment before @3:1", "move e4 @3:13", "comment multi\r\nline @3:16",
          "move e5 @4:7", "comment  rest of line @4:10", "move Nf3 @5:4", "( @5:8",
          "move Nc3 @5:12", "comment in @5:16", ") @5:21", "result * @5:23"}));
}

TEST(Parser, OffsetsAndStartPositionOfTheGame) {
  RawGame game = raw_game("  e4\n e5");
  game.start = TextPos{100, 7, 5};
  Recorder recorder;
  parse_game(game, recorder);
  ASSERT_EQ(recorder.with_positions(), (std::vector<std::string>{"move e4 @7:7", "move e5 @8:2"}));
  EXPECT_EQ(recorder.positions[2].offset, 102u);
  EXPECT_EQ(recorder.positions[3].offset, 106u);
}

TEST(Parser, ColumnsCountCharacters) {
  // Same game with and without the ASCII hint: columns must agree.
  const std::string text = "{\xC3\xA9t\xC3\xA9} e4 {\xE2\x82\xAC} e5";
  RawGame game = raw_game(text);
  Recorder plain;
  parse_game(game, plain);
  EXPECT_EQ(plain.with_positions(),
            (std::vector<std::string>{"comment \xC3\xA9t\xC3\xA9 @1:1", "move e4 @1:7",
                                      "comment \xE2\x82\xAC @1:10", "move e5 @1:14"}));
  EXPECT_EQ(plain.positions[3].offset, 8u);
  EXPECT_EQ(plain.positions[4].offset, 11u);
}

TEST(Parser, NestedVariations) {
  EXPECT_EQ(
      parse_core("1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4) e5 *"),
      (std::vector<std::string>{"move e4", "(", "move d4", "move d5", "(", "move Nf6", "move c4",
                                ")", "move c4", ")", "(", "move c4", ")", "move e5", "result *"}));
}

TEST(Parser, DeepNestingIsSafeAndLimited) {
  const std::string deep =
      "1. e4 " + std::string(1000000, '(') + " e5 " + std::string(1000000, ')') + " d5 *";
  Recorder recorder;
  parse_game(raw_game(deep), recorder);
  const std::vector<std::string> events = recorder.core();
  ASSERT_GE(events.size(), 5u);
  EXPECT_EQ(events[0], "move e4");
  EXPECT_EQ(std::count(events.begin(), events.end(), "("), 1000);
  EXPECT_EQ(std::count(events.begin(), events.end(), ")"), 1000);
  EXPECT_EQ(std::count(events.begin(), events.end(),
                       "error limit exceeded: variations nested deeper than 1000"),
            1);
  EXPECT_EQ(events[events.size() - 2], "move d5");
  EXPECT_EQ(events.back(), "result *");
  // Never closed: one error at the outermost '(' and balanced ends.
  Recorder open;
  parse_game(raw_game("1. e4 (1. d4 " + std::string(1000000, '(')), open);
  const std::vector<std::string> with_positions = open.with_positions();
  EXPECT_NE(
      std::find(with_positions.begin(), with_positions.end(), "error unterminated variation @1:7"),
      with_positions.end());
  EXPECT_EQ(std::count(open.events.begin(), open.events.end(), "("),
            std::count(open.events.begin(), open.events.end(), ")"));
}

TEST(Parser, LimitsReport) {
  ParseLimits limits;
  limits.max_tags = 2;
  limits.max_comment_bytes = 3;
  EXPECT_EQ(parse_core("[A \"1\"][B \"2\"][C \"3\"][D \"4\"] e4 {abcd} {abc} ;abcd\n*", {}, limits),
            (std::vector<std::string>{
                "tag A=1", "tag B=2", "error limit exceeded: more than 2 tags", "move e4",
                "error limit exceeded: comment of 4 bytes (limit 3)", "comment abc",
                "error limit exceeded: comment of 4 bytes (limit 3)", "result *"}));
}

TEST(Parser, PositionsAroundOneLineComments) {
  // A comment on one line takes its position after the scan for its '}' (lichess's clock
  // comments follow every move): the comment, a comment over the limit and the tokens after
  // them keep their columns, in characters in a UTF-8 game.
  ParseLimits limits;
  limits.max_comment_bytes = 8;
  auto source = InputSource::from_memory(
      "[Event \"\xC3\xA9\"]\n1. e4 {\xC3\xA9t\xC3\xA9} e5 {abcdefghij} Nf3 *");
  GameSplitter splitter(*source);
  RawGame game;
  ASSERT_TRUE(splitter.next(game));
  ASSERT_FALSE(game.ascii_only);
  Recorder recorder;
  parse_game(game, recorder, limits);
  EXPECT_EQ(recorder.with_positions(),
            (std::vector<std::string>{"tag Event=\xC3\xA9 @1:1", "move e4 @2:4",
                                      "comment \xC3\xA9t\xC3\xA9 @2:7", "move e5 @2:13",
                                      "error limit exceeded: comment of 10 bytes (limit 8) @2:16",
                                      "move Nf3 @2:29", "result * @2:33"}));
}

TEST(Parser, PositionsAfterACommentOverTheLimitThatSpansLines) {
  // The limit problem of a comment spanning lines is reported at its '{', and the columns on
  // the line where it ends stay exact: counted in characters in a decoded Windows-1252 game,
  // in bytes in an ASCII one. (Once the problem was located after the line breaks had been
  // counted, which wrapped the column and left every later column on that line off: the
  // ')' came out at column 0.)
  ParseLimits limits;
  limits.max_comment_bytes = 8;
  for (const bool latin1 : {true, false}) {
    SCOPED_TRACE(latin1 ? "Windows-1252" : "ASCII");
    const std::string e = latin1 ? "\xE9" : "e";
    auto source =
        InputSource::from_memory("[Event \"" + e + "\"]\n1. e4 {abc\n" + e + e + "def\ngh} ) e5 *");
    GameSplitter splitter(*source);
    RawGame game;
    ASSERT_TRUE(splitter.next(game));
    ASSERT_EQ(game.code_page != nullptr, latin1);
    ASSERT_EQ(game.ascii_only, !latin1);
    Recorder recorder;
    parse_game(game, recorder, limits);
    const std::string bytes = latin1 ? "14" : "12";  // the comment, decoded to UTF-8
    EXPECT_EQ(recorder.with_positions(),
              (std::vector<std::string>{
                  "tag Event=" + std::string(latin1 ? "\xC3\xA9" : "e") + " @1:1", "move e4 @2:4",
                  "error limit exceeded: comment of " + bytes + " bytes (limit 8) @2:7",
                  "error unexpected ')' without an open variation @4:5", "move e5 @4:7",
                  "result * @4:10"}));
    ASSERT_EQ(recorder.positions.size(), 9u);
    EXPECT_EQ(recorder.positions[4].offset, 18u);  // '{', in input bytes
    EXPECT_EQ(recorder.positions[5].offset, 33u);  // ')'
  }
}

TEST(Parser, RecoversFromSyntaxErrors) {
  EXPECT_EQ(
      parse_positions("[Event \"x\"]\n1. e4 } ) ] [Site \"y\"] e5\x01\x02 *"),
      (std::vector<std::string>{
          "tag Event=x @1:1", "move e4 @2:4", "error unexpected '}' outside a comment @2:7",
          "error unexpected ')' without an open variation @2:9",
          "error unexpected ']' outside a tag pair @2:11", "error tag pair inside movetext @2:13",
          "move e5 @2:24", "error unexpected control character @2:26", "result * @2:29"}));
  // Unterminated things are reported where they open.
  EXPECT_EQ(parse_positions("1. e4 {never closed\n\n e5 *"),
            (std::vector<std::string>{"move e4 @1:4", "error unterminated comment @1:7"}));
  EXPECT_EQ(parse_positions("[Event \"open\n1. e4 *"),
            (std::vector<std::string>{"error unterminated tag value @1:8", "move e4 @2:4",
                                      "result * @2:7"}));
  EXPECT_EQ(parse_positions("[Event \"x\"\n1. e4 *"),
            (std::vector<std::string>{"error missing ']' after tag value @1:1", "move e4 @2:4",
                                      "result * @2:7"}));
  EXPECT_EQ(parse_positions("[Event x]\n*"),
            (std::vector<std::string>{"error tag value must be in quotes @1:1", "result * @2:1"}));
  EXPECT_EQ(
      parse_core("1. e4 *  2. d4 d5"),
      (std::vector<std::string>{"move e4", "result *", "error text after the termination marker"}));
  EXPECT_EQ(parse_core("1. e4 (1. d4 *) 1-0 {after}"),
            (std::vector<std::string>{"move e4", "(", "move d4",
                                      "error termination marker inside a variation", ")",
                                      "result 1-0", "comment after"}));
}

TEST(Parser, VisitorControl) {
  // SkipVariation on a move inside a variation: the rest of it is skipped, its end reported.
  Recorder skip_variation;
  skip_variation.skip_at = "d4";
  skip_variation.skip_with = Control::SkipVariation;
  EXPECT_EQ(parse_core("1. e4 (1. d4 d5 (1... Nf6) {x}) e5 *", skip_variation),
            (std::vector<std::string>{"move e4", "(", "move d4", ")", "move e5", "result *"}));
  // At the top level: the rest of the movetext, but the result is still reported.
  Recorder skip_main;
  skip_main.skip_at = "e4";
  skip_main.skip_with = Control::SkipVariation;
  EXPECT_EQ(parse_core("1. e4 (1. d4) e5 {c} 1-0", skip_main),
            (std::vector<std::string>{"move e4", "result 1-0"}));
  // Refusing a variation at its start: skipped whole, no end_variation for it.
  Recorder refuse;
  refuse.on_variation = Control::SkipVariation;
  EXPECT_EQ(
      parse_core("1. e4 (1. d4 (1. c4)) e5 (1... c5 *", refuse),
      (std::vector<std::string>{"move e4", "(", "move e5", "(", "error unterminated variation"}));
  // SkipGame from a tag: nothing more, but end_game still comes.
  Recorder skip_game;
  skip_game.on_tag = Control::SkipGame;
  parse_game(raw_game("[Event \"x\"]\n[Site \"y\"]\n1. e4 *"), skip_game);
  EXPECT_EQ(skip_game.events, (std::vector<std::string>{"begin", "tag Event=x", "end"}));
  // end_tags comes once, also for games without tags or movetext.
  Recorder empty;
  parse_game(raw_game(""), empty);
  EXPECT_EQ(empty.events, (std::vector<std::string>{"begin", "end_tags", "end"}));
  Recorder tags_only;
  parse_game(raw_game("[Event \"x\"]"), tags_only);
  EXPECT_EQ(tags_only.events,
            (std::vector<std::string>{"begin", "tag Event=x", "end_tags", "end"}));
}

// ---- Game model ------------------------------------------------------------------------

TEST(GameModel, BuildsTheTree) {
  const std::vector<Game> games = read_games(
      "[Event \"A \\\"B\\\"\"]\n[White \"W\"]\n\n{start} 1. e4 $1 {good} (1. d4 {alt} (1. c4)) "
      "1... e5 2. Nf3 1-0\n\n1. d4 *\n");
  ASSERT_EQ(games.size(), 2u);
  const Game& game = games[0];
  EXPECT_EQ(game.tag("Event"), "A \"B\"");
  EXPECT_EQ(game.tag("White"), "W");
  EXPECT_EQ(game.tag("Black"), "");
  EXPECT_EQ(game.result, "1-0");
  EXPECT_EQ(game.moves.comments, std::vector<std::string>{"start"});
  ASSERT_EQ(game.moves.moves.size(), 3u);
  const MoveNode& e4 = game.moves.moves[0];
  EXPECT_EQ(e4.text, "e4");
  EXPECT_EQ(pos_text(e4.pos), "4:12");
  EXPECT_EQ(e4.nags, std::vector<int>{1});
  EXPECT_EQ(e4.comments, std::vector<std::string>{"good"});
  ASSERT_EQ(e4.variations.size(), 1u);
  ASSERT_EQ(e4.variations[0].moves.size(), 1u);
  EXPECT_EQ(e4.variations[0].moves[0].text, "d4");
  EXPECT_EQ(e4.variations[0].moves[0].variations[0].moves[0].text, "c4");
  EXPECT_EQ(game.moves.moves[2].text, "Nf3");
  EXPECT_TRUE(game.problems.empty());
  EXPECT_EQ(games[1].index, 2u);
  EXPECT_EQ(games[1].moves.moves[0].text, "d4");
}

TEST(GameModel, ProblemsAreCollected) {
  const std::vector<Game> games = read_games("$3 ( e4 ) 1. e4 {x *");
  ASSERT_EQ(games.size(), 1u);
  const Game& game = games[0];
  ASSERT_EQ(game.problems.size(), 3u);
  EXPECT_EQ(game.problems[0].message, "NAG before any move");
  EXPECT_EQ(game.problems[1].message, "variation without a move before it");
  EXPECT_EQ(game.problems[2].message, "unterminated comment");
  EXPECT_EQ(pos_text(game.problems[2].pos), "1:17");
  EXPECT_EQ(game.moves.moves.size(), 1u);
}

// ---- real corpora ------------------------------------------------------------------------

// Expected counts: lines starting with "[Event " (SOURCES.md), except where noted.
struct CorpusCount {
  const char* path;
  std::uint64_t games;
};
const CorpusCount kCorpusCounts[] = {
    {"real/cancer0707.pgn", 1667},  // 90 games follow the previous one without a blank line
    {"real/lichess_db_1000k.pgn", 438},
    {"real/lichess_magnus.pgn", 989},
    {"real/pgnmentor_Carlsen_Nakamura_Firouzja.pgn", 10776},
    {"real/twic0920.pgn", 2245},
    {"real/twic1599_1000k.pgn", 1110},
    {"real/twic944.pgn", 2953},
    {"real/tcec/TCEC_Season_13_-_Superfinal.pgn.zst", 100},
    {"real/tcec/TCEC_Season_20_-_Sufi_Bonus_2.pgn.zst", 100},
    {"real/tcec/TCEC_Season_4_-_Superfinal.pgn.zst", 48},
    {"variants/Allan-Cao/games.pgn", 334},  // no blank line between any two games
    {"edge/pgnmentor/Winawer.pgn", 241},    // CRLF and bare CR mixed
    {"edge/scalachess/FWWRC.pgn", 605},     // tag-only games
    // 45 tag-only games, only the first has an Event tag; the others start with [Round.
    {"edge/scalachess/uzchesscup.pgn", 45},
    // The first [Event follows a BOM, so grep counts 1 of the 2 games.
    {"edge/python-chess/utf8-bom.pgn", 2},
    {"edge/python-chess/chessbase-empty-line.pgn", 1},     // blank line inside the tags
    {"edge/pgnmentor/AlphaZero-Stockfish_game57.pgn", 1},  // BOM before the tags
    {"edge/scid/res_gameLatin1.pgn", 1},
    // One game per [ECO tag; eco_hu has one "... Ra7 <blank> *" that stays one game.
    {"edge/pychess/eco_da.pgn", 500},
    {"edge/pychess/eco_de.pgn", 500},
    {"edge/pychess/eco_hu.pgn", 569},
    // A '%' line plus garbage before the first game (one tagless game), 12 [Event tags,
    // and [Event"..." / [ Event "..." written without the usual spacing.
    {"edge/pgn4web/test.pgn", 15},
    {"edge/pgn-extract/test-nobadresults.pgn", 9},  // one-line games, no Event tags
};

TEST(Corpora, GameCounts) {
  SKIP_WITHOUT_CORPORA();
  for (const CorpusCount& corpus : kCorpusCounts) {
    EXPECT_EQ(count_games(kCorpora / corpus.path), corpus.games) << corpus.path;
  }
}

TEST(Corpora, CountsDoNotDependOnTheBufferSize) {
  SKIP_WITHOUT_CORPORA();
  SplitterOptions tiny;
  tiny.buffer_bytes = 300;
  for (const char* path : {"real/cancer0707.pgn", "real/lichess_magnus.pgn",
                           "edge/pgnmentor/Winawer.pgn", "edge/scalachess/uzchesscup.pgn",
                           "variants/Allan-Cao/games.pgn", "edge/pgn4web/test.pgn"}) {
    EXPECT_EQ(count_games(kCorpora / path, tiny), count_games(kCorpora / path)) << path;
  }
}

TEST(Corpora, CleanFilesParseWithoutSyntaxErrors) {
  SKIP_WITHOUT_CORPORA();
  struct ErrorCounter : Visitor {
    std::uint64_t errors = 0, moves = 0, results = 0;
    Control move(std::string_view, TextPos) override {
      ++moves;
      return Control::Continue;
    }
    void result(std::string_view, TextPos) override { ++results; }
    void syntax_error(std::string_view, TextPos) override { ++errors; }
  };
  struct CleanFile {
    const char* path;
    std::uint64_t without_result;  // games that end without a termination marker
  };
  for (const CleanFile& file :
       {CleanFile{"real/lichess_db_1000k.pgn", 0}, CleanFile{"real/twic0920.pgn", 0},
        CleanFile{"real/cancer0707.pgn", 0},
        CleanFile{"real/tcec/TCEC_Season_4_-_Superfinal.pgn.zst", 0},
        CleanFile{"variants/Allan-Cao/games.pgn", 0},
        // Game 35 ends with "29. Re5#" and no marker.
        CleanFile{"edge/python-chess/immortal-games.pgn", 1}}) {
    const char* path = file.path;
    std::string error;
    auto source = InputSource::open((kCorpora / path).string(), error);
    ASSERT_TRUE(source) << error;
    GameSplitter splitter(*source);
    RawGame game;
    ErrorCounter counter;
    std::uint64_t games = 0;
    while (splitter.next(game)) {
      parse_game(game, counter);
      ++games;
    }
    EXPECT_EQ(counter.errors, 0u) << path;
    EXPECT_EQ(counter.results, games - file.without_result) << path;
    EXPECT_GT(counter.moves, games * 10) << path;
  }
}

TEST(Corpora, Latin1GamesAreDecoded) {
  SKIP_WITHOUT_CORPORA();
  std::string error;
  auto source = InputSource::open((kCorpora / "edge/scid/res_gameLatin1.pgn").string(), error);
  ASSERT_TRUE(source) << error;
  GameSplitter splitter(*source);
  RawGame game;
  ASSERT_TRUE(splitter.next(game));
  EXPECT_TRUE(game.code_page);
  EXPECT_NE(game.text.find("[Site \"Elista R\xC3\x9CS\"]"), std::string_view::npos);
}

}  // namespace
