// The move parser and resolver on arbitrary tokens, in English and in every built-in
// notation, against a few positions (standard and variant ones: pockets, kingless antichess,
// atomic, racing kings); a resolved move must be legal and write back to SAN that resolves to
// the same move.
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
const pgn::Position& position(std::size_t i) {
  static const pgn::Position positions[] = {
      pgn::Position(),
      pgn::Position::from_fen(
          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
          .position,
      pgn::Position::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").position,
      pgn::Position::from_fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1")
          .position,
      pgn::Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                              true)
          .position,
      pgn::Position::from_fen(
          "r1bqk2r/ppp2ppp/2n2n2/3pp3/1b2P3/2NP1N2/PPP2PPP/R1BQKB1R[Bp] w KQkq - 0 6",
          pgn::Variant::Crazyhouse)
          .position,
      pgn::Position::from_fen("8/4P3/8/2p5/8/8/1n6/k7 w - - 0 1", pgn::Variant::Antichess).position,
      pgn::Position::from_fen("rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2",
                              pgn::Variant::Atomic)
          .position,
      pgn::Position::from_fen("8/k7/8/8/8/N7/3N4/R6K w - - 0 1", pgn::Variant::RacingKings)
          .position,
  };
  return positions[i % (sizeof positions / sizeof positions[0])];
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const pgn::Position& pos = position(data[0]);
  std::string_view token(reinterpret_cast<const char*>(data + 1), size - 1);
  auto notations = pgn::builtin_notations();
  for (std::size_t i = 0; i <= notations.size(); ++i) {
    const pgn::Notation* n = i == 0 ? nullptr : notations[i - 1];
    if (n && n->spoken) continue;
    pgn::Move move;
    (void)fuzz::resolve_checked(pos, token, n, move);
  }
  return 0;
}
