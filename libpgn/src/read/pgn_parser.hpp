// The PGN parser behind parse_game(), as a template over its visitor: parse_game() runs it
// with the virtual Visitor interface, and a visitor class declared final (the validator) can
// run it directly, so that its event handlers are called, and inlined, without a virtual call
// per token.
//
// A single pass over one game's text that reports tags, moves, comments, NAGs, variations and
// the termination marker. Hot-path rules: no allocation (tokens are views into the game text),
// no recursion (variations are a depth counter), and positions are computed only for reported
// events, incrementally from the previous one.
//
// Why one file over 800 lines: the parser is one class template, its main loop and the
// handlers it inlines together, instantiated once for each visitor that runs it directly.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "libpgn/notation.hpp"
#include "libpgn/parser.hpp"
#include "libpgn/result_forms.hpp"
#include "read/clock_comment.hpp"
#include "read/tag_lines.hpp"
#include "read/tokens.hpp"
#include "tags/known_tag.hpp"
#include "tags/marker_dashes.hpp"
#include "tags/tag_scan.hpp"
#include "text/text_scan.hpp"

namespace pgn::detail {
namespace parser {

template <class V>
class Parser {
 public:
  Parser(const RawGame& game, V& visitor, const ParseLimits& limits, const ResultForms& results)
      : game_(game),
        visitor_(visitor),
        limits_(limits),
        results_(results),
        begin_(game.text.data()),
        end_(game.text.data() + game.text.size()),
        p_(begin_),
        line_start_(begin_),
        column_mark_(begin_),
        column_at_mark_(game.start.column == 0 ? 1 : game.start.column),
        first_line_column_(column_at_mark_),
        line_number_(game.start.line),
        column_origin_(address(begin_) - first_line_column_),
        offset_origin_(game.start.offset - address(begin_)),
        code_point_mark_(begin_),
        ascii_only_(game.ascii_only && !game.code_page),
        lazy_columns_(!game.code_page && !visitor.wants_columns()),
        move_numbers_(visitor.wants_move_numbers()),
        poll_at_(limits.stop ? begin_ + std::min(game.text.size(), ParseLimits::kStopPollBytes)
                             : end_) {}

  void run() {
    visitor_.begin_game(game_);
    if (game_.continued_after_blank_line.line != 0) note_blank_line();
    parse();
    close_open_variations();
    visitor_.end_game();
  }

 private:
  // ---- positions ---------------------------------------------------------------------

  static std::uintptr_t address(const char* at) { return reinterpret_cast<std::uintptr_t>(at); }

  void new_line(const char* next) { go_to_line(line_ + 1, line_number_ + 1, next); }

  // `line` line breaks after the game's start, line `number` of the input, starts at `start`.
  void go_to_line(std::uint32_t line, std::uint32_t number, const char* start) {
    line_ = line;
    line_number_ = number;
    line_start_ = start;
    column_origin_ = address(start) - 1;
    column_mark_ = start;
    column_at_mark_ = 1;
  }

  // The position of a point on the current line (at >= line_start_): columns are counted
  // from the line's start or from the last point asked for.
  [[gnu::always_inline]] TextPos position(const char* at) {
    // Every move, tag and comment asks: three subtractions from what new_line() keeps.
    if (ascii_only_) {
      TextPos pos;
      pos.line = line_number_;
      pos.column = static_cast<std::uint32_t>(address(at) - column_origin_);
      pos.offset = offset_origin_ + address(at);
      return pos;
    }
    if (lazy_columns_) {
      TextPos pos;
      pos.line = line_number_;
      pos.column = 0;
      pos.offset = offset_origin_ + address(at);
      return pos;
    }
    if (at < column_mark_) {  // earlier on the line than the last event: count afresh
      column_mark_ = line_start_;
      column_at_mark_ = line_ == 0 ? first_line_column_ : 1;
    }
    column_at_mark_ +=
        static_cast<std::uint32_t>(detail::count_code_points(column_mark_, at, end_));
    column_mark_ = at;
    TextPos pos;
    pos.line = game_.start.line + line_;
    pos.column = column_at_mark_;
    if (!game_.code_page) {
      pos.offset = game_.start.offset + static_cast<std::uint64_t>(at - begin_);
    } else {
      // Decoded from a one-byte code page: each character was one input byte.
      if (at < code_point_mark_) {
        code_point_mark_ = begin_;
        code_points_at_mark_ = 0;
      }
      code_points_at_mark_ += detail::count_code_points(code_point_mark_, at);
      code_point_mark_ = at;
      pos.offset = game_.start.offset + code_points_at_mark_;
    }
    return pos;
  }

  void error(std::string_view message, TextPos pos) { visitor_.syntax_error(message, pos); }
  void warning_at(std::string_view message, const char* at) {
    visitor_.syntax_warning(message, position(at));
  }
  // These rare cases are kept out of line: the parser's functions inline the visitor's
  // per-move path, and growing them costs that inlining.
  [[gnu::cold, gnu::noinline]] void note_blank_line() {
    visitor_.syntax_warning(
        "blank line inside movetext: the game goes on after it (a blank line ends a game only "
        "after its termination marker)",
        game_.continued_after_blank_line);
  }
  // A token whose last byte is not ASCII: a result written with another dash (reported and
  // handled: true), or castling written so (reported).
  [[gnu::cold, gnu::noinline]] bool other_dash_result(std::string_view text, const char* start) {
    if (const std::optional<GameResult> read = tags::result_with_other_dash(text)) {
      const std::string_view marker = result_text(*read);
      if (depth_ > 0) {
        if (reporting()) error_at("termination marker inside a variation", start);
        return true;
      }
      warning_at(
          "termination marker written with a dash other than '-': read as " + std::string(marker),
          start);
      visitor_.result(marker, position(start));
      after_result_ = true;
      return true;
    }
    if (reporting() && (*start == '0' || *start == 'o')) note_other_castling_dash(text, start);
    return false;
  }
  [[gnu::cold, gnu::noinline]] void note_other_castling_dash(std::string_view text,
                                                             const char* at) {
    const std::string_view castling = castling_with_other_dash(text);
    if (!castling.empty())
      warning_at("castling written with a dash other than '-': read as " + std::string(castling),
                 at);
  }
  void error_at(std::string_view message, const char* at) { error(message, position(at)); }

  // ---- control -----------------------------------------------------------------------

  // Reads limits_.stop, and sets where the main loop next stops to read it again.
  [[gnu::cold, gnu::noinline]] void poll_stop() {
    poll_at_ = p_ + std::min<std::size_t>(std::size_t(end_ - p_), ParseLimits::kStopPollBytes);
    if (!limits_.stop || !limits_.stop->load(std::memory_order_relaxed)) return;
    error("limit exceeded: the run was interrupted; the rest of the game is not read",
          position(p_));
    stopped_ = true;
  }

  // Applies a visitor's answer. SkipVariation skips to the end of the innermost open
  // variation (or of the movetext / tag section at the top level).
  void apply(Control control) {
    if (control == Control::SkipGame) {
      stopped_ = true;
    } else if (control == Control::SkipVariation) {
      if (in_tags_) {
        skip_tags_ = true;
      } else {
        start_skipping(depth_ - 1, depth_ > 0);
      }
    }
  }

  // Skips until the depth drops to `until_depth` (-1: to the end of the movetext).
  void start_skipping(std::int64_t until_depth, bool report_close) {
    skipping_ = true;
    skip_until_depth_ = until_depth;
    skip_reports_close_ = report_close;
  }

  bool reporting() const { return !skipping_; }

  // ---- the main loop -----------------------------------------------------------------

  // The loop runs to poll_at_, not to the end: the stop flag is read there at no cost per
  // element (see ParseLimits::stop), then the loop goes on to the next poll or the end.
  void parse() {
    if (const TagLine* lines = tag_lines_of(game_)) read_tag_lines(lines);
    while (!stopped_) {
      parse_to_poll();
      if (stopped_ || p_ >= end_) break;
      poll_stop();
    }
    if (in_tags_ && !stopped_) finish_tags();
  }

  // Called with stopped_ false. stopped_ is read after the elements that can set it (through
  // apply, enter_movetext or finish_tags), not before every byte: blanks and comments cannot.
  void parse_to_poll() {
    while (p_ < poll_at_) {
      const char c = *p_;
      // The common elements get direct branches: one jump table for every byte mispredicts.
      if (c == ' ') {
        ++p_;
        continue;
      }
      if (kStartsMoveOnly[static_cast<unsigned char>(c)]) {
        move_token();  // and the moves after it, up to an element it leaves to this loop
        if (stopped_) return;
        continue;
      }
      if (c == '{') {
        brace_comment();
        continue;
      }
      if (is_digit(c)) {
        number_token();
        if (stopped_) return;
        continue;
      }
      switch (class_of(c)) {
        case kSpace:
          ++p_;
          break;
        case kNewline:
          ++p_;
          new_line(p_);
          break;
        case kReturn:
          ++p_;
          if (p_ < end_ && *p_ == '\n') ++p_;
          new_line(p_);
          break;
        case kOpenBrace:
          brace_comment();
          break;
        case kSemicolon:
          line_comment();
          break;
        case kPercent:
          if (p_ == line_start_) {
            escape_line();
          } else {
            token();
          }
          break;
        case kOpenBracket:
          if (in_tags_) {
            tag_pair();
          } else {
            stray_tag();
          }
          break;
        case kMaybeSpace:
          if (int length = multibyte_space(p_, end_)) {
            p_ += length;
          } else {
            token();
          }
          break;
        case kControl: {
          const char* first = p_;
          while (p_ < end_ && class_of(*p_) == kControl) ++p_;
          error_at("unexpected control character", first);
          break;
        }
        case kCloseBrace:
          error_at("unexpected '}' outside a comment", p_);
          ++p_;
          break;
        case kCloseBracket:
          error_at("unexpected ']' outside a tag pair", p_);
          ++p_;
          break;
        case kOpenParen:
          open_variation();
          break;
        case kCloseParen:
          close_variation();
          break;
        case kDollar:
          numeric_nag();
          break;
        case kToken:
          token();
          break;
      }
      if (stopped_) return;
    }
  }

  // The blank after a move or a move number, passed over without a turn of the main loop (after
  // a comment it saves nothing: GCC already threads the loop's own test for a blank there).
  void skip_one_space() {
    if (p_ < end_ && *p_ == ' ') ++p_;
  }

  // Called before the first movetext element: reports the end of the tag section once.
  // Returns false if the game is to be skipped.
  bool enter_movetext() {
    if (in_tags_) finish_tags();
    if (after_result_ && !stopped_) {
      error_at("text after the termination marker", p_);
      stopped_ = true;
    }
    return !stopped_;
  }

  void finish_tags() {
    in_tags_ = false;
    const Control control = visitor_.end_tags();
    if (control == Control::SkipGame) {
      stopped_ = true;
    } else if (control == Control::SkipVariation) {
      start_skipping(-1, false);
    }
  }

  // ---- comments ----------------------------------------------------------------------

  // Takes the comment's position, not its start: a brace comment has moved the line
  // bookkeeping past its line breaks, so its start can no longer be located.
  bool comment_fits(std::size_t length, TextPos pos) {
    if (length <= limits_.max_comment_bytes) [[likely]]
      return true;
    return comment_too_long(length, pos);
  }

  [[gnu::noinline]] bool comment_too_long(std::size_t length, TextPos pos) {
    error("limit exceeded: comment of " + std::to_string(length) + " bytes (limit " +
              std::to_string(limits_.max_comment_bytes) + ")",
          pos);
    return false;
  }

  // Lichess's "{ [%clk 0:05:00] }" (one after every move) recognised from its 18 bytes, for
  // a visitor that says it has nothing to do with one (the validator without a record): no
  // search for the brace, no position, no call. True when the comment at p_ was one, with p_
  // past it and the blank after it.
  [[gnu::always_inline]] bool skipped_plain_clock_comment() {
    if constexpr (requires(const V& v) { v.skips_plain_clock_comment(); }) {
      const char* open = p_;
      if (visitor_.skips_plain_clock_comment() && end_ - open >= 18 && open[17] == '}' &&
          limits_.max_comment_bytes >= 16 && is_plain_clock_comment({open + 1, 16})) {
        p_ = open + 18;
        skip_one_space();
        return true;
      }
    }
    return false;
  }

  // The same visitor skips an analysed game's "{ [%eval 0.17] [%clk 0:05:00] }" (its text read
  // by is_plain_lichess_comment), tested out of line when the comment starts " [%e".
  [[gnu::always_inline]] bool skipped_eval_comment() {
    if constexpr (requires(const V& v) { v.skips_plain_clock_comment(); }) {
      const char* open = p_;
      if (visitor_.skips_plain_clock_comment() && end_ - open >= 34 && open[4] == 'e' &&
          open[3] == '%')
        return skipped_eval_clock_comment(open);
    }
    return false;
  }

  // " [%eval V] [%clk H:MM:SS] " between the braces at `open` (the value V of 2 to 7 bytes):
  // when it is lichess's form with well-formed values and within the comment limit, p_ is
  // past it and the blank after it. None of its bytes is a brace or a line break, so the
  // comment is the one the full path would read, and that path would report nothing of it.
  // The caller has 34 bytes from `open`: the longest form and the byte after it.
  [[gnu::noinline]] bool skipped_eval_clock_comment(const char* open) {
    constexpr std::size_t kBeforeValue = 9;  // "{ [%eval "
    std::size_t value = 2;
    while (value < 7 && open[kBeforeValue + value] != ']') ++value;
    const std::size_t size = kBeforeValue - 1 + value + 17;  // the text between the braces
    if (open[size + 1] != '}' || size > limits_.max_comment_bytes ||
        !is_plain_lichess_comment({open + 1, size}))
      return false;
    p_ = open + size + 2;
    skip_one_space();
    return true;
  }

  // Inlined into the main loop (lichess has one after every move). GCC then leaves the
  // validator's comment handling out of line, a call, but one with fewer registers to save.
  [[gnu::always_inline]] void brace_comment() {
    if (skipped_plain_clock_comment() || skipped_eval_comment()) return;
    read_brace_comment();
  }

  // A brace comment at p_, read and reported.
  [[gnu::always_inline]] void read_brace_comment() {
    const char* open = p_;
    // One scan finds the closing brace and the line breaks on the way.
    const char* q = detail::find_any<'}', '\n', '\r', '}'>(open + 1, end_);
    if (q < end_ && *q == '}') [[likely]] {
      // On one line (lichess's "{ [%clk 0:05:00] }" after every move): the position is taken
      // only for a visitor that reads it or for the report of a comment over the limit.
      const std::string_view text(open + 1, static_cast<std::size_t>(q - open - 1));
      if (reporting()) {
        if (text.size() > limits_.max_comment_bytes) [[unlikely]] {
          comment_too_long(text.size(), position(open));
        } else {
          visitor_.comment(text, position(open));
        }
      }
      p_ = q + 1;
      return;
    }
    multi_line_brace_comment(open, q);
  }

  // A brace comment between two moves (every move of a lichess game converted): a call from
  // the run of moves, where inlined it cost TWIC's reading of moves more than the call.
  // The clock comment's test is inline there: the evaluation's is here. Flattened: the
  // visitor's comment handling (for the validator, the record's append) is inlined here,
  // one call a comment instead of two or three.
  [[gnu::noinline, gnu::flatten]] void brace_comment_in_run() {
    if (!skipped_eval_comment()) read_brace_comment();
  }

  // A comment over several lines (or unterminated): `q` is its first line break (or end_).
  [[gnu::noinline]] void multi_line_brace_comment(const char* open, const char* q) {
    const TextPos pos = position(open);
    while (q < end_ && *q != '}') {
      if (*q == '\r' && q + 1 < end_ && q[1] == '\n') ++q;
      ++q;
      new_line(q);
      q = detail::find_any<'}', '\n', '\r', '}'>(q, end_);
    }
    if (q == end_) {
      error("unterminated comment", pos);
      p_ = end_;
      return;
    }
    const std::string_view text(open + 1, static_cast<std::size_t>(q - open - 1));
    if (reporting() && comment_fits(text.size(), pos)) visitor_.comment(text, pos);
    p_ = q + 1;
  }

  const char* line_end(const char* from) const {
    return detail::find_any<'\n', '\r', '\n', '\r'>(from, end_);
  }

  void line_comment() {
    const char* start = p_;
    const char* stop = line_end(start + 1);
    const std::string_view text(start + 1, static_cast<std::size_t>(stop - start - 1));
    if (reporting()) {
      const TextPos pos = position(start);
      if (comment_fits(text.size(), pos)) visitor_.comment(text, pos);
    }
    p_ = stop;
  }

  void escape_line() { p_ = line_end(p_ + 1); }

  // ---- tags --------------------------------------------------------------------------

  // The tag lines the splitter read (read/tag_lines.hpp), reported as tag_pair() would,
  // unread; between them are only blanks and line breaks. The main loop reads on after the
  // last one, and reads those past where it would read the stop flag.
  void read_tag_lines(const TagLine* lines) {
    if (ascii_only_ || lazy_columns_) {
      read_tag_lines_by_bytes(lines);
      return;
    }
    for (const TagLine* t = lines; t != lines + game_.tag_lines.count; ++t) {
      const char* const stop = begin_ + t->stop();
      if (stop > poll_at_) return;
      if (t->line != line_) go_to_line(t->line, game_.start.line + t->line, begin_ + t->line_begin);
      p_ = stop;
      report_line_tag(*t, position(begin_ + t->open));
      if (stopped_) return;
    }
  }

  // read_tag_lines() where a column is a byte distance or not counted (position()'s first two
  // cases): each tag's position from its line's numbers, the parser's line moved once, to the
  // last line reported.
  void read_tag_lines_by_bytes(const TagLine* lines) {
    const TagLine* const end = lines + game_.tag_lines.count;
    const TagLine* last = nullptr;
    for (const TagLine* t = lines; t != end; ++t) {
      const char* const stop = begin_ + t->stop();
      if (stop > poll_at_) break;
      p_ = stop;
      const char* const open = begin_ + t->open;
      TextPos pos;
      if (t->line == line_) {
        pos = position(open);
      } else {
        // What go_to_line() and position() would make of it.
        pos.line = game_.start.line + t->line;
        pos.column = ascii_only_ ? std::uint32_t(t->open - t->line_begin) + 1 : 0;
        pos.offset = offset_origin_ + address(open);
      }
      last = t;
      report_line_tag(*t, pos);
      if (stopped_) break;
    }
    if (last != nullptr && last->line != line_)
      go_to_line(last->line, game_.start.line + last->line, begin_ + last->line_begin);
  }

  void tag_pair() {
    const char* open = p_;
    const TextPos pos = position(open);
    const tags::TagPairScan t = tags::scan_tag_pair(open, end_);
    const std::string_view name = t.name;
    if (t.value_begin == nullptr) {
      // "[pgn]" and "[/pgn]" end here (']' ends a name): forum markup is looked for only
      // off the path of well-formed tags.
      if (const std::size_t length = detail::forum_wrapper_at(open, end_)) {
        skip_forum_wrapper(length);
        return;
      }
      error(name.empty() ? "tag pair without a name or value" : "tag value must be in quotes", pos);
      skip_rest_of_tag(t.stop);
      return;
    }
    const bool stray_quote = t.stray_quote;
    if (!t.whole()) {
      // No `"]` on the line: the value (or its ']') is missing an end.
      error(stray_quote ? "missing ']' after tag value" : "unterminated tag value",
            stray_quote ? pos : position(t.value_begin - 1));
      p_ = t.stop;
      return;
    }
    if (stray_quote) error("unescaped '\"' inside tag value", pos);
    if (name.empty()) error("tag pair without a name", pos);
    p_ = t.stop;
    report_tag(name, {t.value_begin, static_cast<std::size_t>(t.value_end - t.value_begin)}, pos,
               false);
  }

  // A whole tag pair, read: to the visitor, within the limit on tags. `escape_free` when the
  // value is known to hold no backslash, which a visitor taking it need not look for. Inline in
  // the loop over the splitter's lines: a call costs more than what it does before the visitor's.
  [[gnu::always_inline]] void report_tag(std::string_view name, std::string_view value, TextPos pos,
                                         bool escape_free) {
    report_tag_of_kind<false>(name, value, pos, escape_free, KnownTag::Other);
  }

  // A tag of the splitter's lines, with the name's kind for a visitor that takes it: found
  // without a branch from the 16 bytes at the name (always there but at the very end of a
  // game of tags only, where the name's size and words decide).
  [[gnu::always_inline]] void report_line_tag(const TagLine& t, TextPos pos) {
    const std::string_view name = t.name(begin_);
    KnownTag kind;
#if defined(__SSE2__)
    if (end_ - name.data() >= 16) [[likely]]
      kind = classify_tag_name16(name.data(), name.size());
    else
      kind = classify_tag(name);
#else
    kind = classify_tag(name);
#endif
    report_tag_of_kind<true>(name, t.value(begin_), pos, t.escape_free, kind);
  }

  // report_tag(), the name's kind known (kKindKnown) or not.
  template <bool kKindKnown>
  [[gnu::always_inline]] void report_tag_of_kind(std::string_view name, std::string_view value,
                                                 TextPos pos, bool escape_free, KnownTag kind) {
    if (skip_tags_ || !reporting()) return;
    if (tags_seen_ >= limits_.max_tags) {
      if (tags_seen_ == limits_.max_tags) {
        error("limit exceeded: more than " + std::to_string(limits_.max_tags) + " tags", pos);
      }
      ++tags_seen_;
      return;
    }
    ++tags_seen_;
    if constexpr (kKindKnown && requires { visitor_.tag(kind, name, value, pos, escape_free); }) {
      apply(visitor_.tag(kind, name, value, pos, escape_free));
    } else if constexpr (requires { visitor_.tag(name, value, pos, escape_free); }) {
      apply(visitor_.tag(name, value, pos, escape_free));
    } else {
      apply(visitor_.tag(name, value, pos));
    }
  }

  // Recovery for a malformed tag: resume after the next ']' on this line, or at its end.
  void skip_rest_of_tag(const char* from) {
    p_ = tags::past_rest_of_tag(from, end_);
  }

  [[gnu::cold, gnu::noinline]] void skip_forum_wrapper(std::size_t length) {
    visitor_.syntax_warning("forum markup " + std::string(p_, length) + " skipped", position(p_));
    p_ += length;
  }

  void stray_tag() {
    if (const std::size_t length = detail::forum_wrapper_at(p_, end_)) {
      skip_forum_wrapper(length);
      return;
    }
    if (!enter_movetext()) return;
    if (reporting()) error_at("tag pair inside movetext", p_);
    skip_rest_of_tag(p_ + 1);
  }

  // ---- movetext ----------------------------------------------------------------------

  void open_variation() {
    if (!enter_movetext()) return;
    const char* at = p_++;
    if (skipping_) {
      // Skipped movetext can still leave a variation open: "unterminated variation" needs
      // its place.
      if (depth_ == 0) outermost_open_ = position(at);
      ++depth_;
      return;
    }
    if (depth_ >= limits_.max_variation_depth) {
      if (!depth_limit_reported_) {
        depth_limit_reported_ = true;
        error_at("limit exceeded: variations nested deeper than " +
                     std::to_string(limits_.max_variation_depth),
                 at);
      }
      start_skipping(depth_, false);
      ++depth_;
      return;
    }
    if (depth_ == 0 && !moved_ && !closed_later()) [[unlikely]] {
      // "((( 1. c4 *": a '(' with no move to replace and no ')' is a slip, not a variation
      // holding the rest of the game; the moves after it are the main line.
      if (!stray_open_reported_) error_at("'(' before the first move without its ')': ignored", at);
      stray_open_reported_ = true;
      return;
    }
    const TextPos pos = position(at);
    if (depth_ == 0) outermost_open_ = pos;
    ++depth_;
    const Control control = visitor_.begin_variation(pos);
    if (control == Control::SkipVariation) {
      // Refused at its start: skipped whole, and no end_variation() for it.
      start_skipping(depth_ - 1, false);
      return;
    }
    ++reported_open_;
    apply(control);
  }

  // Whether the variation opened just before p_ is closed in the rest of the game (comments
  // and ';' lines followed).
  [[gnu::cold, gnu::noinline]] bool closed_later() const {
    std::int64_t open = 1;
    for (const char* q = p_; q < end_; ++q) {
      if (*q == '{') {
        q = std::find(q, end_, '}');
      } else if (*q == ';') {
        q = std::find(q, end_, '\n');
      } else if (*q == '(') {
        ++open;
      } else if (*q == ')' && --open == 0) {
        return true;
      }
      if (q == end_) break;
    }
    return false;
  }

  void close_variation() {
    if (in_tags_) finish_tags();
    if (stopped_) return;
    const char* at = p_++;
    if (depth_ == 0) {
      if (reporting()) error_at("unexpected ')' without an open variation", at);
      return;
    }
    --depth_;
    if (skipping_) {
      if (depth_ != skip_until_depth_) return;
      skipping_ = false;
      if (!skip_reports_close_) return;
    }
    --reported_open_;
    visitor_.end_variation(position(at));
  }

  void close_open_variations() {
    if (depth_ == 0) return;
    error("unterminated variation", outermost_open_);
    const TextPos at_end = position(end_);
    for (; reported_open_ > 0; --reported_open_) visitor_.end_variation(at_end);
    depth_ = 0;
  }

  void numeric_nag() {
    if (!enter_movetext()) return;
    const char* at = p_++;
    const char* digits = p_;
    std::uint32_t value = 0;
    while (p_ < end_ && is_digit(*p_)) {
      if (value <= 255) value = value * 10 + static_cast<std::uint32_t>(*p_ - '0');
      ++p_;
    }
    if (!reporting()) return;
    if (p_ == digits) {
      error_at("'$' without a number", at);
    } else if (value > 255) {
      error_at("NAG out of range (0-255)", at);
    } else {
      visitor_.nag(static_cast<int>(value), position(at));
    }
  }

  bool is_token_byte(const char* q) const {
    const CharClass cls = class_of(*q);
    return cls == kToken || cls == kPercent || (cls == kMaybeSpace && !multibyte_space(q, end_));
  }

  // End of the token whose later bytes start at q.
  const char* token_end(const char* q) const {
#if defined(__SSSE3__)
    // A move token is a few bytes long: one 16-byte classification finds its end without a
    // branch per byte. A candidate that turns out to be a token byte (the lead byte of
    // something other than NBSP / BOM) is stepped over.
    while (end_ - q >= 16) {
      const std::uint32_t mask = token_end_candidates(q);
      if (mask == 0) {
        q += 16;
        continue;
      }
      q += detail::count_trailing_zeros(mask);
      // The only candidates outside ASCII are the lead bytes of NBSP and BOM.
      if (static_cast<unsigned char>(*q) < 0x80 || multibyte_space(q, end_)) return q;
      ++q;
    }
#endif
    for (; q < end_; ++q) {
      const TokenByte kind = kTokenByte[static_cast<unsigned char>(*q)];
      if (kind == kInToken) continue;
      if (kind == kEndsToken || multibyte_space(q, end_)) return q;
    }
    return q;
  }

  void token() {
    const char* start = p_;
    p_ = token_end(p_ + 1);
    if (!enter_movetext()) return;
    symbol(start, p_);
  }

  // A token starting with a letter can only be a move (results, numbers and annotation
  // symbols never do, see kStartsMoveOnly): the common case, taken without classifying.
  // Left to GCC to inline or not: forced into the main loop it spared validate the call
  // (-1.4% on TWIC) but made GCC call the record's appends out of line, costing convert more.
  // The elements that usually come between two moves (blanks, '\n' line breaks, plain move
  // numbers, brace comments) are read here as the main loop reads them, and the next move in
  // this call: the call and its saved registers are paid once for a run of moves, not once a
  // move. Anything else is left to the main loop, with p_ where that loop goes on.
  void move_token() {
    for (;;) {
      const char* start = p_;
      p_ = token_end(p_ + 1);
      if ((in_tags_ || after_result_) && !enter_movetext()) return;
      if (!reporting()) {
        skip_one_space();
        return;
      }
      const std::string_view text(start, static_cast<std::size_t>(p_ - start));
      if (*start == 'O' && text.size() > 3 && start[1] != '-') [[unlikely]]
        note_other_castling_dash(text, start);
      moved_ = true;
      // A visitor that can take the position as something to ask (the validator) makes it only
      // for a report: most moves report nothing.
      if constexpr (requires { visitor_.move_at(text, [] { return TextPos{}; }); })
        apply(visitor_.move_at(text, [this, start] { return position(start); }));
      else
        apply(visitor_.move(text, position(start)));
      if (stopped_) return;
      skip_one_space();
      if (skipping_ || !to_next_move()) return;
    }
  }

  // After a move and its blank: passes what the main loop would pass before the next move
  // (blanks, '\n' line breaks, plain move numbers, brace comments), each as that loop does,
  // up to where that loop reads the stop flag. True at the next move's first byte; false at
  // anything else, left to the main loop.
  [[gnu::always_inline]] bool to_next_move() {
    while (p_ < poll_at_) {
      const char c = *p_;
      if (c == ' ') {
        ++p_;
        continue;
      }
      if (kStartsMoveOnly[static_cast<unsigned char>(c)]) return true;
      if (is_digit(c)) {
        if (!plain_move_number()) return false;
        continue;
      }
      if (c == '\n') {
        ++p_;
        new_line(p_);
        continue;
      }
      if (c == '\r') {  // CR LF (or a lone CR), as the main loop reads it
        ++p_;
        if (p_ < end_ && *p_ == '\n') ++p_;
        new_line(p_);
        continue;
      }
      if (c != '{') return false;
      if (!skipped_plain_clock_comment()) brace_comment_in_run();
    }
    return false;
  }

  // Whether the visitor wants move_number(): known at compile time for a final visitor.
  bool wants_move_numbers() const {
    if constexpr (std::is_final_v<V>)
      return visitor_.wants_move_numbers();
    else
      return move_numbers_;
  }

  // "12." / "12..." followed by a blank or a move, the usual forms, decoded directly (in the
  // movetext, after the tags and before a result); anything else goes through symbol().
  void number_token() {
    if (in_tags_ || after_result_ || !plain_move_number()) token();
  }

  // The plain move number at p_ ("12." / "12..." followed by a blank, a move or a byte that
  // ends a token): reported, and true with p_ past it and the blank after it. False, p_ left
  // where it is, for anything else. Called in the movetext, after the tags, before a result.
  [[gnu::always_inline]] bool plain_move_number() {
    const char* start = p_;
    // At most 9 digits are read as the number; its value is computed only when reported.
    const char* const digits_stop = end_ - start > 9 ? start + 9 : end_;
    const char* q = p_ + 1;  // the caller saw a digit
    while (q < digits_stop && is_digit(*q)) ++q;
    const char* dots_begin = q;
    while (q < end_ && *q == '.') ++q;
    const bool plain = q > dots_begin && *start != '0' &&
                       (q == end_ || *q == ' ' || kStartsMoveOnly[static_cast<unsigned char>(*q)] ||
                        !is_token_byte(q));
    if (!plain) return false;
    if (wants_move_numbers() && reporting()) {
      std::uint32_t number = 0;
      for (const char* d = start; d < dots_begin; ++d) number = number * 10 + (*d - '0');
      visitor_.move_number(number, q - dots_begin >= 2, position(start));
    }
    p_ = q;  // a move glued to its number ("1.e4") is read next
    skip_one_space();
    return true;
  }

  // Classifies the token [start, stop).
  void symbol(const char* start, const char* stop) {
    const std::string_view text(start, static_cast<std::size_t>(stop - start));
    // "12." and "12..." are by far the most common digit tokens and never results.
    const bool plain_move_number = text.size() >= 2 && text[0] != '0' && is_digit(text[0]) &&
                                   (text[1] == '.' || is_digit(text[1]));
    if (!plain_move_number && results_.contains(text)) {
      if (depth_ > 0) {
        if (reporting()) error_at("termination marker inside a variation", start);
        return;
      }
      visitor_.result(text, position(start));
      after_result_ = true;
      return;
    }
    // A dash that is not '-' starts with byte 0xE2, second to fourth in "1–0", "0‑0", "½–½",
    // "1/2–1/2".
    const auto e2_at = [&](std::size_t i) { return text.size() > i && text[i] == '\xE2'; };
    if ((e2_at(1) || e2_at(2) || e2_at(3)) && other_dash_result(text, start)) return;
    // "0000" is the UCI null move, not move number 0.
    if (is_digit(*start) && text != "0000") {
      const char* q = start;
      std::uint64_t number = 0;
      while (q < stop && is_digit(*q)) {
        if (number <= std::numeric_limits<std::uint32_t>::max()) number = number * 10 + (*q - '0');
        ++q;
      }
      const char* digits_end = q;
      int dots = 0;
      for (;;) {
        if (q < stop && *q == '.') {
          ++q;
          ++dots;
        } else if (stop - q >= 3 && std::memcmp(q, "\xE2\x80\xA6", 3) == 0) {  // '…'
          q += 3;
          dots += 3;
        } else {
          break;
        }
      }
      if (dots > 0 || digits_end == stop) {
        if (reporting() && move_numbers_) {
          const auto value = static_cast<std::uint32_t>(
              std::min<std::uint64_t>(number, std::numeric_limits<std::uint32_t>::max()));
          visitor_.move_number(value, dots >= 2, position(start));
        }
        if (q < stop) symbol(q, stop);  // "1.e4": the move glued to its number
        return;
      }
    } else if (*start == '.' || (stop - start >= 3 && std::memcmp(start, "\xE2\x80\xA6", 3) == 0)) {
      // "1 ." or "1. ...": the dots of a move number written apart from it.
      const char* q = start;
      while (q < stop && (*q == '.' || (stop - q >= 3 && std::memcmp(q, "\xE2\x80\xA6", 3) == 0))) {
        q += *q == '.' ? 1 : 3;
      }
      if (q == stop) return;
    }
    if (!reporting()) return;
    if (const int nag = symbol_nag(text)) {
      visitor_.nag(nag, position(start));
      return;
    }
    moved_ = true;
    apply(visitor_.move(text, position(start)));
  }

  const RawGame& game_;
  V& visitor_;
  const ParseLimits& limits_;
  const ResultForms& results_;  // what counts as a termination marker
  const char* const begin_;
  const char* const end_;
  const char* p_;

  std::uint32_t line_ = 0;  // line breaks passed since the start of the game
  const char* line_start_;
  const char* column_mark_;  // the column of this point on the current line is known
  std::uint32_t column_at_mark_;
  const std::uint32_t first_line_column_;  // column of the game's first byte
  std::uint32_t line_number_;              // of the current line in the input
  std::uintptr_t column_origin_;       // the address of column 0 of the current line (ASCII games)
  const std::uint64_t offset_origin_;  // input offset minus address, for any point of the game
  const char* code_point_mark_;        // for offsets of decoded games
  std::uint64_t code_points_at_mark_ = 0;
  const bool ascii_only_;    // columns are byte distances
  const bool lazy_columns_;  // other lines' columns are left to column_at()
  const bool move_numbers_;  // the visitor wants move_number()
  const char* poll_at_;      // where the main loop next reads limits_.stop

  bool in_tags_ = true;
  bool skip_tags_ = false;
  bool stopped_ = false;
  bool after_result_ = false;
  bool moved_ = false;                // a move has been read
  bool stray_open_reported_ = false;  // a '(' before the first move was ignored
  std::uint32_t tags_seen_ = 0;

  std::int64_t depth_ = 0;          // open variations, skipped ones included
  std::int64_t reported_open_ = 0;  // open variations the visitor saw begin
  TextPos outermost_open_;
  bool depth_limit_reported_ = false;
  bool skipping_ = false;
  std::int64_t skip_until_depth_ = -1;
  bool skip_reports_close_ = false;
};

}  // namespace parser

// parse_game() for a visitor of type V (a Visitor, or a final class derived from it).
// Termination markers are the forms `results` lists (the notation tables' result forms).
template <class V>
void parse_game_with(const RawGame& game, V& visitor, const ParseLimits& limits,
                     const ResultForms& results = ResultForms::builtin()) {
  if (game.text.empty()) {
    visitor.begin_game(game);
    visitor.end_tags();
    visitor.end_game();
    return;
  }
  parser::Parser<V>(game, visitor, limits, results).run();
}

}  // namespace pgn::detail
