// A game's main line replayed straight from its movetext, without the validator: each move is
// read in the notation given (English SAN for nullptr), resolved on the board and played, and
// variations are skipped. For readers that want only the main line's positions (pgn select's
// position and material conditions, pgn dedupe's keys): a game it cannot read (a syntax error,
// a move that is not legal, a null move) is marked `failed` and goes to the validator.
//
// Derived (final, so that the parser, a template over its visitor, calls it without the
// vtable) adds what it does with them:
//   void annotation()                      a variation or a move's suffix
//   Control played(const Position& after)  after each move
// and may read the tags, comments and NAGs as any Visitor does (a visitor that does not
// override comment() is not called for each comment: the parser sees the base's empty one).
#pragma once

#include <string_view>

#include "libpgn/move_text.hpp"
#include "libpgn/parser.hpp"
#include "libpgn/position.hpp"
#include "libpgn/san.hpp"

namespace pgn {

template <class Derived>
struct MainLineReplay : Visitor {
  explicit MainLineReplay(const Notation* notation) : notation(notation) {}
  const Notation* notation;
  Position pos;
  bool failed = false;

  // Before a game: from the standard start.
  void restart() {
    pos = Position();
    failed = false;
  }
  Control begin_variation(TextPos) override {
    derived().annotation();
    return Control::SkipVariation;
  }
  // Inlined into the parser's move token handling, as the validator's move() is.
  [[gnu::always_inline]] Control move(std::string_view token, TextPos) override {
    MoveText text;
    MoveTextError error;
    if (parse_move_text(token, text, error, notation) != token.size() ||
        text.kind == MoveText::Null) {
      failed = true;
      return Control::SkipGame;
    }
    const MoveResolution r = resolve_move(pos, text);
    if (!r.ok()) {
      failed = true;
      return Control::SkipGame;
    }
    if (text.nag) derived().annotation();
    pos.play(r.move);
    return derived().played(pos);
  }
  void syntax_error(std::string_view, TextPos) override { failed = true; }
  bool wants_move_numbers() const override { return false; }
  bool wants_columns() const override { return false; }

 private:
  Derived& derived() { return static_cast<Derived&>(*this); }
};

}  // namespace pgn
