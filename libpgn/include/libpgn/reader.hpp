// Streaming PGN reading in two layers:
//   1. InputSource + GameSplitter: bytes (file, stdin, .zst/.gz/.bz2 detected by magic bytes)
//      are cut into whole games without understanding moves; each RawGame is valid UTF-8
//      (Latin-1/Windows-1252 games are decoded) and knows where it started. Constant memory:
//      a game larger than the limit is cut and flagged, never buffered whole.
//   2. parse_game(): the lexer/parser for one game's text, reporting events with byte offset,
//      line and column to a Visitor. The visitor can skip a variation or the rest of a game.
// Splitting first is what lets several threads parse and replay games in parallel while the
// output stays in input order.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pgn {

// A place in the input. Lines and columns are 1-based; columns count characters (UTF-8 code
// points), so they match what an editor shows.
struct TextPos {
  std::uint64_t offset = 0;  // byte offset in the (decompressed) input
  std::uint32_t line = 1;
  std::uint32_t column = 1;
};

// ---- Layer 1: bytes ------------------------------------------------------------------

enum class Compression : std::uint8_t { None, Zstd, Gzip, Bzip2 };

class InputSource {
 public:
  virtual ~InputSource() = default;
  // Reads up to `size` decompressed bytes; returns 0 at the end. On a fault (I/O error,
  // corrupt or truncated compressed data) returns 0 and error() is non-empty.
  virtual std::size_t read(char* buffer, std::size_t size) = 0;
  const std::string& error() const { return error_; }
  // For faults: how far into the compressed (raw) file the source got.
  std::uint64_t raw_offset() const { return raw_offset_; }
  Compression compression() const { return compression_; }

  // Opens a file ("-" = stdin) and detects compression by content. Returns nullptr and sets
  // `error` (e.g. "cannot open x.pgn: No such file or directory") when it cannot be opened.
  static std::unique_ptr<InputSource> open(const std::string& path, std::string& error);
  // A source over bytes in memory (tests, fuzzing, JSON fields holding PGN).
  static std::unique_ptr<InputSource> from_memory(std::string_view bytes);
  // Like from_memory, but recognises zstd / gzip / bzip2 data by its magic bytes as open()
  // does (fuzzing the decompressors, compressed blobs). Both copy `bytes`.
  static std::unique_ptr<InputSource> from_memory_detect(std::string_view bytes);

 protected:
  std::string error_;
  std::uint64_t raw_offset_ = 0;
  Compression compression_ = Compression::None;
};

struct RawGame {
  std::string_view text;        // the game, UTF-8; valid until the next call to next()
  TextPos start;                // where the game's first byte is in the input
  std::uint64_t index = 0;      // 1-based game number in this input
  bool decoded_latin1 = false;  // the bytes were not UTF-8 and were decoded as Windows-1252
  bool had_bom = false;
  bool truncated = false;  // the game exceeded max_game_bytes; text holds its beginning
  std::uint64_t original_size =
      0;  // bytes the game really had (== text.size() unless truncated/decoded)
  // For a truncated game: where its first byte not in `text` is (line 0 when the cut was
  // made after the game was whole in memory: then it is at start.offset + text.size()), and
  // the line of its last byte.
  TextPos dropped_from{0, 0, 0};
  std::uint32_t end_line = 0;
  // Where movetext went on after a blank line inside it (line 0: nowhere). The game goes on
  // there; a blank line is only a game boundary after a termination marker.
  TextPos continued_after_blank_line{0, 0, 0};
  // Set by GameSplitter when every byte of text is ASCII: lets parse_game count columns as
  // bytes. Leaving it false is always correct, just slower on long lines.
  bool ascii_only = false;
};

struct SplitterOptions {
  std::size_t max_game_bytes = 8u << 20;  // games beyond this are cut (reported by the caller)
  std::size_t buffer_bytes = 1u << 20;
};

// Cuts an input into games. A game starts at a tag section ('[' at the start of a line
// outside comments) that follows movetext or a termination marker, or after a blank-line
// separated chunk of movetext; comments, ';' lines and '%' lines are understood so that a
// '[' inside them never starts a game.
class GameSplitter {
 public:
  explicit GameSplitter(InputSource& source, SplitterOptions options = {});
  ~GameSplitter();
  // Next game, or false at the end of input (or at a fault: see source().error()).
  bool next(RawGame& game);
  InputSource& source();
  // Set when the input's first bytes hold binary data (a control byte before any '['): where
  // that byte is. Such an input yields no games.
  std::optional<TextPos> binary_data_at() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// ---- Layer 2: one game's text ----------------------------------------------------------

enum class Control : std::uint8_t {
  Continue,
  SkipVariation,  // skip the rest of the current variation (at the top level: the rest of the
                  // movetext)
  SkipGame,       // stop reading this game (end_game is still called)
};

class Visitor {
 public:
  virtual ~Visitor() = default;
  virtual void begin_game(const RawGame& /*game*/) {}
  // `value` is raw, with \" and \\ escapes still in it; see unescape_tag_value.
  virtual Control tag(std::string_view /*name*/, std::string_view /*value*/, TextPos /*pos*/) {
    return Control::Continue;
  }
  virtual Control end_tags() { return Control::Continue; }
  // A move token as written, suffix annotations (!, ?, !? ...) included, move numbers not.
  virtual Control move(std::string_view /*token*/, TextPos /*pos*/) { return Control::Continue; }
  // "12." (ellipsis = false) or "12..." / "12…" (ellipsis = true); the number is clamped to
  // 32 bits. Purely informative: moves are not checked against it here.
  virtual void move_number(std::uint32_t /*number*/, bool /*ellipsis*/, TextPos /*pos*/) {}
  // False when move_number() does nothing: the parser then skips locating move numbers,
  // which costs a count of code points per number in text that is not ASCII.
  virtual bool wants_move_numbers() const { return true; }
  // False when the visitor can do without columns on lines that are not ASCII: such positions
  // then come with column 0 ("not counted"), and column_at() finds the column when needed.
  // Counting characters for every event costs a few percent of reading non-English
  // notation; a validator needs a column only for the few events it reports.
  virtual bool wants_columns() const { return true; }
  // $n (0-255), or an annotation symbol written as its own token: ! ? !! ?? !? ?! (1-6),
  // = (10), ∞ (13), += ⩲ (14), =+ ⩱ (15), ± +/- (16), ∓ -/+ (17), +- (18), -+ (19).
  virtual void nag(int /*value*/, TextPos /*pos*/) {}
  virtual void comment(std::string_view /*text*/, TextPos /*pos*/) {}  // without braces / ';'
  virtual Control begin_variation(TextPos /*pos*/) { return Control::Continue; }
  virtual void end_variation(TextPos /*pos*/) {}
  // The termination marker: "1-0", "0-1", "1/2-1/2", "*" (or a localized form passed as is).
  virtual void result(std::string_view /*marker*/, TextPos /*pos*/) {}
  // A syntax problem; the parser recovers and goes on (or stops the game where it cannot).
  virtual void syntax_error(std::string_view /*message*/, TextPos /*pos*/) {}
  // Text read in a way it was not written, to say so: a result written with an en dash,
  // castling with a non-breaking hyphen, a blank line inside movetext.
  virtual void syntax_warning(std::string_view /*message*/, TextPos /*pos*/) {}
  virtual void end_game() {}
};

struct ParseLimits {
  std::uint32_t max_variation_depth = 1000;
  std::uint64_t max_comment_bytes = 1u << 20;
  std::uint32_t max_tags = 1000;
};

// Parses one game (as cut by GameSplitter, or any text holding exactly one game).
// Never recurses on nesting, so any depth of '(' is safe; exceeding a limit is reported
// through syntax_error with a message starting "limit exceeded:".
// Notes on the events: end_tags() comes exactly once, before the first movetext element;
// a missing termination marker is not a syntax error here (result() is just not called:
// tag-only games are common); a variation whose begin_variation() answered SkipVariation
// gets no end_variation(), while one cut short by SkipVariation from a later event, or left
// open at the end of the game, does; skipping the top level still reports result().
void parse_game(const RawGame& game, Visitor& visitor, const ParseLimits& limits = {});

// The column of `pos`, a position parse_game() reported in `game`: pos.column itself, or, when
// that is 0 (not counted, see Visitor::wants_columns), counted from the start of its line.
std::uint32_t column_at(const RawGame& game, TextPos pos);

// Decodes \" and \\ in a tag value.
std::string unescape_tag_value(std::string_view raw);

}  // namespace pgn
