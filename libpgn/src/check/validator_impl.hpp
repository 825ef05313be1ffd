// The validator's coordinator (see check/validator.cpp), shared with check/main_line_reading.cpp,
// which reads games through it with a visitor of its own.
#pragma once

#include <algorithm>
#include <array>
#include <memory>

#include "check/diagnostics_builder.hpp"
#include "check/notation_detection.hpp"
#include "check/replay.hpp"
#include "check/tag_checks.hpp"
#include "libpgn/comment_commands.hpp"
#include "libpgn/openings.hpp"
#include "libpgn/result_forms.hpp"
#include "libpgn/validator.hpp"
#include "read/clock_comment.hpp"
#include "read/pgn_parser.hpp"

namespace pgn {

struct GameValidator::Impl final : Visitor, NotationDetector::Reader {
  explicit Impl(const ValidateOptions& o)
      : options(o),
        results(options.extra_notations, options.notation),
        diagnostics(SeverityRules(options)),
        tags(options.check_tags, results, diagnostics),
        replay(options, results, diagnostics),
        detector(options) {}

  const ValidateOptions options;  // a copy: callers may pass a temporary
  const ResultForms results;
  DiagnosticsBuilder diagnostics;
  TagChecks tags;
  GameReplay replay;
  NotationDetector detector;
  const Notation* notation = nullptr;  // of the current reading; nullptr = English
  GameRecord* record = nullptr;
  // --check-eco: the game's ECO tag and where it is, and whether it is standard chess.
  std::string eco_tag;
  TextPos eco_pos{};
  bool standard = true;
  // Standard rules because the game has no Variant tag and no rule set was given.
  bool standard_by_default = false;
  // The game is a bughouse match by its Variant tag or --variant: its movetext is left to
  // read_bughouse, which reads both boards, and not read as one game's.
  bool bughouse_tagged = false;
  // Validators reading a game by another rule set, made when first needed (name_variants_reading).
  std::array<std::unique_ptr<GameValidator>, kVariantCount> trials;
  const Notation* trials_notation = nullptr;  // the notation the trials read in

  void read(const RawGame& g, GameReport& r, const Notation* n, GameRecord* rec) override {
    notation = n;
    record = rec;
    replay.begin_reading(n, rec);
    diagnostics.begin(g, r);
    r.notation = n ? n->code : "en";
    // Impl is final: the parser calls its handlers directly (no virtual call per token).
    detail::parse_game_with(g, *this, options.parse_limits, results);
    r.replayed = replay.replayed();
  }
  ReadingTrace& trace() override { return replay.trace(); }

  void begin_game(const RawGame& g) override {
    replay.begin_game();
    tags.begin_game(notation);
    eco_tag.clear();
    bughouse_tagged = false;
    if (g.code_page) [[unlikely]]
      diagnostics.add(Code::Encoding, g.start, encoding_message(g));
    if (g.truncated) diagnostics.add(Code::LimitExceeded, g.start, cut_game_message(g));
  }

  Control tag(std::string_view name, std::string_view raw, TextPos pos) override {
    return tag(name, raw, pos, false);
  }
  // The parser's call when it knows whether the value holds a backslash (Parser::report_tag).
  [[gnu::always_inline]] Control tag(std::string_view name, std::string_view raw, TextPos pos,
                                     bool escape_free) {
    return tag(classify_tag(name), name, raw, pos, escape_free);
  }
  // The same, the name's kind known (the splitter's tag lines: Parser::report_line_tag).
  [[gnu::always_inline]] Control tag(KnownTag kind, std::string_view name, std::string_view raw,
                                     TextPos pos, bool escape_free) {
    const std::string_view value = tags.tag(kind, name, raw, pos, escape_free);
    if (record) keep_tag(*record, name, value);
    if (options.check_eco && kind == KnownTag::ECO) {
      eco_tag = value;
      eco_pos = pos;
    }
    return Control::Continue;
  }

  // A call, not inline in the parser's loop over the tags: inlined there, it made GCC move the
  // record's per-move append out of the per-move path (a call a move).
  [[gnu::noinline]] static void keep_tag(GameRecord& r, std::string_view name,
                                         std::string_view value) {
    r.tags.emplace_back(name, value);
  }

  Control end_tags() override {
    const TextPos pos = diagnostics.game().start;
    const VariantName variant = tags.end_tags(pos, options.variant);
    standard = variant.known && variant.variant == Variant::Standard && !variant.chess960;
    standard_by_default = standard && !options.variant && tags.tags().variant.empty();
    replay.start(tags.tags(), variant);
    bughouse_tagged = variant.known && variant.variant == Variant::Bughouse;
    return bughouse_tagged ? Control::SkipGame : Control::Continue;
  }

  bool wants_move_numbers() const override { return false; }
  bool wants_columns() const override { return false; }

  [[gnu::always_inline]] Control move(std::string_view token, TextPos pos) override {
    return replay.move(token, pos);
  }
  // The parser's call with the move's position made only when a report asks for it.
  template <class P>
  [[gnu::always_inline]] Control move_at(std::string_view token, const P& pos) {
    return replay.move(token, pos);
  }
  Control begin_variation(TextPos pos) override { return replay.begin_variation(pos); }
  void end_variation(TextPos) override { replay.end_variation(); }
  // Whether a plain clock comment (read/clock_comment.hpp) needs nothing from this reading:
  // the parser then passes over it without reporting it (and over lichess's evaluation and
  // clock comment too).
  bool skips_plain_clock_comment() const { return replay.ignores_comments(); }
  // Lichess's clock-only comment (one after every move) is checked in place and, when the
  // replay keeps no record, needs nothing else: tested first, it costs no saved registers.
  void comment(std::string_view text, TextPos pos) override {
    if (replay.ignores_comments()) {
      if (!detail::is_plain_clock_comment(text)) other_comment(text, pos);
      return;
    }
    comment_in_full(text, pos);
  }
  // Inlined where the parser's comment reading is flattened (a comment between two moves),
  // left to GCC elsewhere.
  void comment_in_full(std::string_view text, TextPos pos) {
    if (detail::is_plain_clock_comment(text)) [[likely]] {
      replay.comment(text, true);
      return;
    }
    other_comment(text, pos);
  }
  // A comment that is not lichess's plain clock: recorded, its commands checked.
  [[gnu::noinline]] void other_comment(std::string_view text, TextPos pos) {
    replay.comment(text, false);
    check_comment_commands(text, pos);
  }
  void nag(int value, TextPos) override { replay.nag(value); }
  void result(std::string_view marker, TextPos pos) override { replay.result(marker, pos); }

  void syntax_error(std::string_view message, TextPos pos) override {
    constexpr std::string_view kLimit = "limit exceeded:";
    if (message.substr(0, kLimit.size()) == kLimit)
      diagnostics.add(Code::LimitExceeded, pos, std::string(message));
    else
      diagnostics.add(Code::Syntax, pos, std::string(message));
  }

  void syntax_warning(std::string_view message, TextPos pos) override {
    diagnostics.add_warning(Code::Syntax, pos, std::string(message));
  }

  void end_game() override {
    replay.finish(tags.tags());
    if (options.check_eco && !eco_tag.empty() && standard) check_eco();
    diagnostics.finish();
  }

  // A game without a Variant tag that standard rules refuse: its first error (a move or FEN
  // refused, a move after the end) gets the rule sets named that read the whole game without
  // an error ("is this crazyhouse? use --variant crazyhouse"). Rare, and in its own file
  // (check/variant_hints.cpp): each rule set reads the game again, and that code kept here
  // cost the parser's move handling its inlining.
  [[gnu::cold, gnu::noinline]] void name_variants_reading(const RawGame& game, GameReport& report);

  // A game standard (or its tag's) rules failed: when it is a bughouse match, tagged (or
  // --variant bughouse) or recognised by its board move numbers ("1A."), it is replayed on two
  // boards instead (libpgn/bughouse.hpp), its report replacing the one the reading gave.
  // False for any other game. Nothing of this is in the reading itself: the parser's
  // instantiation in this file is compiled as before. With `main_line`, its tags and
  // moves replace the main line's, each move written "<board>:<SAN>" ("A:e4", "b:N@f3": the
  // board's letter in the case of the side that moved).
  [[gnu::cold, gnu::noinline]] bool read_bughouse(const RawGame& game, GameReport& report,
                                                  MainLineRecord* main_line = nullptr);
  // A record that starts with a digit (movetext without tags): when it is a bughouse one
  // (FICS database dumps), read_bughouse reads it at once, sparing the standard reading and
  // the notation detector's other tries. Callers test the first byte, so that a game with
  // tags pays one comparison.
  static bool starts_with_digit(const RawGame& game) {
    return !game.text.empty() && static_cast<unsigned char>(game.text[0] - '0') < 10;
  }
  [[gnu::cold, gnu::noinline]] bool read_tagless_bughouse(const RawGame& game, GameReport& report,
                                                          MainLineRecord* main_line = nullptr);
  void replay_bughouse(const RawGame& game, GameReport& report, MainLineRecord* main_line);

  // Every comment's commands are read (the reader's own search for "[%" passes over a comment
  // without one); a known command whose value does not read is a bad-comment-command warning
  // at its place (check/comment_command_checks.cpp). The comment itself is left as it is.
  [[gnu::noinline]] void check_comment_commands(std::string_view text, TextPos pos);
  [[gnu::cold, gnu::noinline]] void report_comment_commands(std::string_view text, TextPos pos);
  CommentCommands comment_commands;  // what the comments say: read, not kept
  std::vector<CommentCommandWarning> comment_command_warnings;  // emptied by the report

  // The ECO tag against the codes of the named positions the main line passes.
  // Out of line and out of this file's hot code: the parser's move handling is inlined here.
  [[gnu::cold, gnu::noinline]] void check_eco() {
    std::string message = eco_tag_contradiction(eco_tag, replay.main_line_keys());
    if (!message.empty()) diagnostics.add(Code::BadTag, eco_pos, std::move(message));
  }
};

}  // namespace pgn
