// The main-line reader behind read_main_line (libpgn/main_line.hpp), as a template over the
// visitor: read_main_line instantiates it for MainLineVisitor, whose hooks it calls through the
// vtable; a caller with a final class derived from MainLineVisitor (pgn select's and pgn
// dedupe's) instantiates it for that class with read_main_line_with, and the hooks are called
// directly, inlined into the parser's move handling.
#pragma once

#include <string>

#include "libpgn/main_line.hpp"
#include "libpgn/move_text.hpp"
#include "libpgn/parser.hpp"
#include "libpgn/san.hpp"
#include "libpgn/tags.hpp"
#include "read/pgn_parser.hpp"

namespace pgn::detail {

template <class V>
struct MainLineReader final : Visitor {
  MainLineReader(V& visitor, const MainLineOptions& options) : visitor(visitor), options(options) {}
  V& visitor;
  const MainLineOptions& options;
  Position pos;
  MainLineEnd end;
  bool standard_rules = true;  // resolved and played by the core's standard calls
  // The FEN and Variant tags as written, and where they are (for a give-up's place).
  std::string_view fen, variant;
  bool has_variant = false;
  TextPos fen_at, variant_at;

  bool reading() const { return end.status == MainLineStatus::Complete; }
  Control give_up(MainLineProblem problem, TextPos at) {
    if (reading()) {
      end.status = MainLineStatus::GaveUp;
      end.problem = problem;
      end.at = at;
    }
    return Control::SkipGame;
  }
  Control read_on(bool visitor_reads_on) {
    if (visitor_reads_on) return Control::Continue;
    end.status = MainLineStatus::Stopped;
    return Control::SkipGame;
  }

  Control tag(std::string_view name, std::string_view value, TextPos at) override {
    if (!reading()) return Control::SkipGame;
    if (name == "FEN") {
      fen = value;
      fen_at = at;
    } else if (name == "Variant") {
      variant = value;
      variant_at = at;
      has_variant = true;
    }
    return read_on(visitor.tag(name, value));
  }

  Control end_tags() override {
    if (!reading()) return Control::SkipGame;
    VariantName rules = options.variant;
    if (has_variant) {
      rules = parse_variant_name(variant.find('\\') == std::string_view::npos
                                     ? std::string(variant)
                                     : unescape_tag_value(variant));
      if (!rules.known || rules.variant == Variant::Bughouse)
        return give_up(MainLineProblem::UnplayedVariant, variant_at);
    }
    if (!fen.empty()) {
      const FenResult read = Position::from_fen(
          fen.find('\\') == std::string_view::npos ? std::string(fen) : unescape_tag_value(fen),
          rules.variant, rules.chess960);
      if (!read.ok()) return give_up(MainLineProblem::BadFen, fen_at);
      pos = read.position;
    } else if (rules.variant != Variant::Standard) {
      pos = variant_start_position(rules.variant);
    } else if (rules.chess960) {
      pos = Position::from_fen(Position::kStartFen, true).position;
    }
    standard_rules = pos.variant() == Variant::Standard;
    return read_on(visitor.start(pos));
  }

  // A move under the rules of a variant, out of the standard games' way.
  [[gnu::noinline]] bool play_variant_move(const MoveText& text, Move& played) {
    const MoveResolution r = resolve_variant_move(pos, text);
    if (!r.ok()) return false;
    pos.play_variant(r.move);
    played = r.move;
    return true;
  }

  // Inlined into the parser's move token handling, as the validator's move() is.
  [[gnu::always_inline]] Control move(std::string_view token, TextPos at) override {
    if (!reading()) [[unlikely]]
      return Control::SkipGame;
    MoveText text;
    MoveTextError error;
    if (parse_move_text(token, text, error, options.notation) != token.size())
      return give_up(MainLineProblem::NotAMove, at);
    if (text.kind == MoveText::Null) return give_up(MainLineProblem::NullMove, at);
    Move played;
    if (standard_rules) [[likely]] {
      const MoveResolution r = resolve_move(pos, text);
      if (!r.ok()) return give_up(MainLineProblem::IllegalMove, at);
      pos.play(r.move);
      played = r.move;
    } else if (!play_variant_move(text, played)) {
      return give_up(MainLineProblem::IllegalMove, at);
    }
    ++end.plies;
    if (!visitor.move(pos, played, token)) return read_on(false);
    if (text.nag) visitor.nag(text.nag);
    return Control::Continue;
  }

  Control begin_variation(TextPos) override {
    if (!reading()) return Control::SkipGame;
    visitor.variation();
    return Control::SkipVariation;
  }
  void nag(int value, TextPos) override {
    if (reading()) visitor.nag(value);
  }
  void comment(std::string_view text, TextPos) override {
    if (reading()) visitor.comment(text);
  }
  void syntax_error(std::string_view, TextPos at) override { give_up(MainLineProblem::Syntax, at); }
  bool wants_move_numbers() const override { return false; }
  // A column is counted only for the place a reading gave up at (read_main_line).
  bool wants_columns() const override { return false; }
};

// read_main_line for a visitor of type V (MainLineVisitor, or a final class derived from it).
template <class V>
MainLineEnd read_main_line_with(const RawGame& game, V& visitor, const MainLineOptions& options) {
  visitor.begin_game(game);
  MainLineReader<V> reader(visitor, options);
  parse_game_with(game, reader, ParseLimits{});
  MainLineEnd& end = reader.end;
  if (end.status == MainLineStatus::GaveUp && end.at.column == 0)
    end.at.column = column_at(game, end.at);
  visitor.end_game(end);
  return end;
}

}  // namespace pgn::detail
