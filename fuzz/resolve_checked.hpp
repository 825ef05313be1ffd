// The check fuzz_move_text and fuzz_variant_san make of every move they read: a token read in
// one notation and resolved in a position (under its variant's rules, as a replay does) must
// give a legal move whose SAN, written in that notation and read again, resolves to it.
#pragma once
#include <cstdlib>
#include <string>
#include <string_view>

#include "libpgn/notation.hpp"
#include "libpgn/position.hpp"
#include "libpgn/san.hpp"
#include "libpgn/variant.hpp"

namespace fuzz {

inline pgn::MoveResolution resolve_in(const pgn::Position& pos, const pgn::MoveText& text) {
  return pos.variant() != pgn::Variant::Standard ? pgn::resolve_variant_move(pos, text)
                                                 : pgn::resolve_move(pos, text);
}

// True with `move` when `token` names a move in `pos` in notation `n` (nullptr: English);
// aborts when the move is illegal or its SAN does not read back to it.
inline bool resolve_checked(const pgn::Position& pos, std::string_view token,
                            const pgn::Notation* n, pgn::Move& move) {
  pgn::MoveText text;
  pgn::MoveTextError error = pgn::MoveTextError::None;
  if (pgn::parse_move_text(token, text, error, n) == 0) return false;
  const pgn::MoveResolution r = resolve_in(pos, text);
  if (!r.ok()) {
    (void)pgn::describe_move_error(pos, text, r);
    return false;
  }
  if (text.kind == pgn::MoveText::Null) return false;  // resolves to no move, by design
  const bool variant = pos.variant() != pgn::Variant::Standard;
  if (variant ? !pgn::is_legal_in_variant(pos, r.move) : !pos.is_legal(r.move)) std::abort();
  std::string san;
  pgn::append_san(pos, r.move, san, n);
  pgn::MoveText again;
  if (pgn::parse_move_text(san, again, error, n) != san.size()) std::abort();
  if (resolve_in(pos, again).move != r.move) std::abort();
  move = r.move;
  return true;
}

}  // namespace fuzz
