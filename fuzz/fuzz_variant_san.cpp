// Moves of every variant from positions the input gives: the first byte picks the rule set
// (and Chess960), the first line is a FEN read under those rules (the variant's start
// position when it is not one), and the rest are move tokens, played one after another as a
// replay plays them. Each token is read in English and in every built-in written notation;
// a move resolved must be legal under the variant, and its SAN, written and read again,
// must resolve to the same move. Every position reached while the game goes on is written as
// FEN, which must read back under the same rules.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "libpgn/notation.hpp"
#include "libpgn/position.hpp"
#include "libpgn/san.hpp"
#include "libpgn/variant.hpp"
#include "resolve_checked.hpp"

namespace {

constexpr int kMaxMoves = 64;

// The move `token` names in `pos`, in the first notation that reads it; false for none.
bool resolve(const pgn::Position& pos, std::string_view token, pgn::Move& move) {
  auto notations = pgn::builtin_notations();
  for (std::size_t i = 0; i <= notations.size(); ++i) {
    const pgn::Notation* n = i == 0 ? nullptr : notations[i - 1];
    if (n && n->spoken) continue;
    if (fuzz::resolve_checked(pos, token, n, move)) return true;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const pgn::Variant variant = pgn::Variant(data[0] % pgn::kVariantCount);
  const bool chess960 = data[0] & 0x80;
  std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::size_t newline = rest.find('\n');
  const std::string_view fen = rest.substr(0, newline);
  rest = newline == std::string_view::npos ? std::string_view() : rest.substr(newline + 1);

  pgn::FenResult parsed = pgn::Position::from_fen(fen, variant, chess960);
  pgn::Position pos = parsed.ok() ? parsed.position : pgn::variant_start_position(variant);
  if (pos.variant() != variant) std::abort();

  const pgn::Rules& rules = pgn::rules_for(variant);
  for (int played = 0; played < kMaxMoves;) {
    const std::size_t begin = rest.find_first_not_of(" \t\r\n");
    if (begin == std::string_view::npos) break;
    rest.remove_prefix(begin);
    const std::size_t end = std::min(rest.find_first_of(" \t\r\n"), rest.size());
    const std::string_view token = rest.substr(0, end);
    rest.remove_prefix(end);
    if (pgn::game_outcome(pos).reason != pgn::EndReason::Unknown) break;
    pgn::Move move;
    if (!resolve(pos, token, move)) continue;
    rules.play(pos, move);
    ++played;
    // A finished game's last position may be one no FEN stands for (atomic: a king exploded).
    if (pgn::game_outcome(pos).reason != pgn::EndReason::Unknown) break;
    const std::string written = pos.fen();
    const pgn::FenResult again =
        pgn::Position::from_fen(written, variant, chess960, pgn::FenMaterial::Any);
    if (!again.ok()) std::abort();
  }
  (void)pgn::is_variant_insufficient_material(pos);
  return 0;
}
