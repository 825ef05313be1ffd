// Variant names, start positions, game ends and the per-game rules table.
#include "libpgn/variant.hpp"

#include <string>

#include "core/bitboard.hpp"
#include "core/variant_rules.hpp"

namespace pgn {

using namespace bb;

VariantName parse_variant_name(std::string_view tag_value) {
  std::string key;
  for (char c : tag_value) {
    // Control characters count as blanks: the PGN writer writes them as spaces, and a copy
    // must not turn an unknown variant into a known one.
    if (c == ' ' || c == '-' || c == '_' || static_cast<unsigned char>(c) < 0x20 || c == 0x7F)
      continue;
    key += (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
  }
  auto is = [&key](std::initializer_list<std::string_view> names) {
    for (std::string_view n : names)
      if (key == n) return true;
    return false;
  };
  if (is({"", "standard", "chess", "normal", "fromposition", "classical"})) return {};
  if (is({"chess960", "960", "fischerandom", "fischerrandom", "frc", "freestyle",
          "doublefischerrandom", "dfrc"}))
    return {Variant::Standard, true, true};
  if (is({"antichess"})) return {Variant::Antichess, false, true};
  if (is({"atomic"})) return {Variant::Atomic, false, true};
  if (is({"crazyhouse"})) return {Variant::Crazyhouse, false, true};
  if (is({"horde"})) return {Variant::Horde, false, true};
  if (is({"kingofthehill", "koth"})) return {Variant::KingOfTheHill, false, true};
  if (is({"racingkings"})) return {Variant::RacingKings, false, true};
  if (is({"threecheck", "3check"})) return {Variant::ThreeCheck, false, true};
  if (is({"bughouse"})) return {Variant::Bughouse, false, true};
  if (is({"bughousechess960", "bughouse960"})) return {Variant::Bughouse, true, true};
  return {Variant::Standard, false, false};
}

const char* variant_name(Variant v) {
  switch (v) {
    case Variant::Standard:
      return "Standard";
    case Variant::Antichess:
      return "Antichess";
    case Variant::Atomic:
      return "Atomic";
    case Variant::Crazyhouse:
      return "Crazyhouse";
    case Variant::Horde:
      return "Horde";
    case Variant::KingOfTheHill:
      return "King of the Hill";
    case Variant::RacingKings:
      return "Racing Kings";
    case Variant::ThreeCheck:
      return "Three-check";
    case Variant::Bughouse:
      return "Bughouse";
  }
  return "Standard";
}

std::string variant_option_name(const VariantName& name) {
  if (name.variant == Variant::Standard) return name.chess960 ? "chess960" : "standard";
  std::string out = variant_name(name.variant);
  for (char& c : out) c = c == ' ' ? '-' : (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
  return out;
}

std::string variant_hint(Variant v) {
  const std::string name = variant_option_name({v, false, true});
  return "is this " + name + "? use --variant " + name;
}

std::string_view variant_start_fen(Variant v) {
  switch (v) {
    case Variant::Antichess:
      return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    case Variant::Crazyhouse:
    case Variant::Bughouse:
      return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    case Variant::Horde:
      return "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1";
    case Variant::RacingKings:
      return "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1";
    case Variant::ThreeCheck:
      return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+0";
    default:
      return Position::kStartFen;
  }
}

Position variant_start_position(Variant v) {
  return Position::from_fen(variant_start_fen(v), v).position;
}

namespace {

constexpr Bitboard kHill = square_bb(D4) | square_bb(E4) | square_bb(D5) | square_bb(E5);

Outcome win(EndReason end, Color winner) {
  return {winner == White ? GameResult::WhiteWins : GameResult::BlackWins, end};
}

// The variant's own end, decided before mate and stalemate are asked.
Outcome variant_end(const Position& pos) {
  const Color us = pos.side_to_move(), them = ~us;
  switch (pos.variant()) {
    case Variant::Standard:
    case Variant::Crazyhouse:
    case Variant::Bughouse:
      break;
    case Variant::Antichess:
      if (!pos.pieces(us)) return win(EndReason::NoPieces, us);
      if (!pos.pieces(them)) return win(EndReason::NoPieces, them);
      break;
    case Variant::Atomic:
      if (!pos.pieces(us, King)) return win(EndReason::KingExploded, them);
      if (!pos.pieces(them, King)) return win(EndReason::KingExploded, us);
      break;
    case Variant::Horde:
      if (!pos.pieces(White)) return win(EndReason::HordeDestroyed, Black);
      break;
    case Variant::KingOfTheHill:
      if (Bitboard on_hill = pos.pieces(King) & kHill)
        return win(EndReason::KingOfTheHill, color_of(pos.piece_on(lsb(on_hill))));
      break;
    case Variant::RacingKings:
      if (racing_kings_over(pos)) {
        Bitboard home = pos.pieces(King) & kRank8;
        if (more_than_one(home)) return {GameResult::Draw, EndReason::BothKingsReached};
        return win(EndReason::KingReachedGoal, color_of(pos.piece_on(lsb(home))));
      }
      break;
    case Variant::ThreeCheck:
      if (pos.checks_given(White) >= 3) return win(EndReason::ThirdCheck, White);
      if (pos.checks_given(Black) >= 3) return win(EndReason::ThirdCheck, Black);
      break;
  }
  return {};
}

}  // namespace

Outcome game_outcome(const Position& pos) {
  if (Outcome end = variant_end(pos); end.over()) return end;
  if (count_legal_variant(pos) != 0) return {};
  const Color us = pos.side_to_move();
  // Bughouse: a side without a move waits for a piece from its partner, unless the check is
  // one no drop can block.
  if (pos.variant() == Variant::Bughouse && !bughouse_check_unblockable(pos)) return {};
  if (pos.variant() == Variant::Antichess) return win(EndReason::NoMoves, us);
  if (pos.in_check()) return win(EndReason::Checkmate, ~us);
  return {GameResult::Draw, EndReason::Stalemate};
}

const char* game_end_code(EndReason end) {
  switch (end) {
    case EndReason::Unknown:
      return "none";
    case EndReason::Checkmate:
      return "checkmate";
    case EndReason::Stalemate:
      return "stalemate";
    case EndReason::KingExploded:
      return "king-exploded";
    case EndReason::KingOfTheHill:
      return "king-of-the-hill";
    case EndReason::ThirdCheck:
      return "third-check";
    case EndReason::NoPieces:
      return "no-pieces";
    case EndReason::NoMoves:
      return "no-moves";
    case EndReason::HordeDestroyed:
      return "horde-destroyed";
    case EndReason::KingReachedGoal:
      return "king-reached-goal";
    case EndReason::BothKingsReached:
      return "both-kings-reached";
    case EndReason::Resignation:
      return "resignation";
    case EndReason::Time:
      return "time";
    case EndReason::InsufficientMaterial:
      return "insufficient-material";
    case EndReason::FivefoldRepetition:
      return "fivefold-repetition";
    case EndReason::SeventyFiveMoveRule:
      return "seventy-five-move-rule";
  }
  return "none";
}

const char* game_end_description(EndReason end) {
  switch (end) {
    case EndReason::Unknown:
      return "the game is not over";
    case EndReason::Checkmate:
      return "checkmate";
    case EndReason::Stalemate:
      return "stalemate";
    case EndReason::KingExploded:
      return "a king exploded";
    case EndReason::KingOfTheHill:
      return "a king reached the centre (king of the hill)";
    case EndReason::ThirdCheck:
      return "the third check was given";
    case EndReason::NoPieces:
      return "a side lost all its pieces (antichess: it wins)";
    case EndReason::NoMoves:
      return "the side to move has no legal move (antichess: it wins)";
    case EndReason::HordeDestroyed:
      return "the horde has no piece left";
    case EndReason::KingReachedGoal:
      return "a king reached the eighth rank";
    case EndReason::BothKingsReached:
      return "both kings reached the eighth rank (a draw)";
    case EndReason::Resignation:
      return "a side resigned";
    case EndReason::Time:
      return "a flag fell";
    case EndReason::InsufficientMaterial:
      return "neither side can mate (a dead position)";
    case EndReason::FivefoldRepetition:
      return "the same position arose five times";
    case EndReason::SeventyFiveMoveRule:
      return "75 moves by each side without a capture or a pawn move";
  }
  return "";
}

bool is_variant_insufficient_material(const Position& pos) {
  switch (pos.variant()) {
    case Variant::Standard:
      return pos.is_insufficient_material();
    case Variant::Atomic:
    case Variant::ThreeCheck:
      return pos.pieces() == pos.pieces(King);
    default:
      return false;
  }
}

bool is_legal_in_variant(const Position& pos, Move m) {
  if (m.is_null()) return false;
  // A drop is a quarter of crazyhouse's moves: decided by its rule, without a generator.
  if (m.is_drop() && has_pockets(pos.variant())) return crazyhouse_drop_is_legal(pos, m);
  PieceType type = m.is_drop() ? m.drop_piece() : type_of(pos.piece_on(m.from()));
  if (type == NoPieceType ||
      (!m.is_drop() && color_of(pos.piece_on(m.from())) != pos.side_to_move()))
    return false;
  MoveList candidates;
  generate_legal_variant_to(pos, m.to(), type, candidates);
  return candidates.contains(m);
}

bool variant_gives_check(const Position& pos, Move m) {
  if (pos.variant() == Variant::Standard) return pos.gives_check(m);
  Position after = pos;
  after.play_variant(m);
  return after.in_check();
}

namespace {

template <Variant V>
void play_in(Position& pos, Move m) {
  if constexpr (V == Variant::Standard)
    pos.play(m);
  else
    pos.make_variant_move<V>(m);
}

template <Variant V>
constexpr Rules rules_of() {
  return {V,
          V == Variant::Standard ? generate_legal : generate_legal_variant,
          V == Variant::Standard ? generate_legal_to : generate_legal_variant_to,
          play_in<V>,
          game_outcome,
          V == Variant::Standard ? perft : perft_variant};
}

constexpr Rules kRules[kVariantCount] = {
    rules_of<Variant::Standard>(),    rules_of<Variant::Antichess>(),
    rules_of<Variant::Atomic>(),      rules_of<Variant::Crazyhouse>(),
    rules_of<Variant::Horde>(),       rules_of<Variant::KingOfTheHill>(),
    rules_of<Variant::RacingKings>(), rules_of<Variant::ThreeCheck>(),
    rules_of<Variant::Bughouse>(),
};

}  // namespace

const Rules& rules_for(Variant v) {
  return kRules[static_cast<int>(v)];
}

}  // namespace pgn
