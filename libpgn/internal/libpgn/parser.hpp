// One game's text: parse_game() is the lexer/parser that reports tags, moves, comments, NAGs,
// variations and the termination marker, with byte offset, line and column, to a Visitor. The
// visitor can skip a variation or the rest of a game. Defined in read/pgn_parser.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "libpgn/parse_limits.hpp"
#include "libpgn/splitter.hpp"
#include "libpgn/tags.hpp"

namespace pgn {

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

}  // namespace pgn
