// Exact unwinnability: whether a side can still checkmate by some sequence of legal moves
// (FIDE Laws 6.9 for games lost on time, 5.2.2 for dead positions).
//
// An answer is never wrong: `Winnable` comes with a witness (legal moves from the position,
// both sides' included, ending in that side giving mate) that has been replayed to mate on
// the legality core before it is returned; `Unwinnable` comes only with a proof (the
// material, or a search that examined every position reachable from this one); when the
// node budget runs out first the answer is `Undetermined`. docs/unwinnability.md explains
// the method and why each step is sound.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "libpgn/position.hpp"
#include "libpgn/types.hpp"

namespace pgn {

enum class Winnability : std::uint8_t { Winnable, Unwinnable, Undetermined };

// How an `Unwinnable` answer was proved. Codes are stable: they appear in output and docs.
enum class UnwinnableProof : std::uint8_t {
  None = 0,
  Material,   // "insufficient-material": bare king, lone knight, bishops of one colour
  PawnWall,   // "pawn-wall": pawns that can never move shut the mating pieces out
  Exhausted,  // "no-reachable-mate": every reachable position examined, none is a mate
};
const char* unwinnable_proof_code(UnwinnableProof proof);
const char* winnability_code(Winnability w);  // "winnable", "unwinnable", "undetermined"

struct WinnabilityResult {
  Winnability verdict = Winnability::Undetermined;
  UnwinnableProof proof = UnwinnableProof::None;
  std::vector<Move> witness;  // Winnable only: the moves from the position to the mate
  std::uint64_t nodes = 0;    // positions the search visited
};

// Enough for every position of the published test vector and for real games, and below
// 100 ms for any position on one core.
constexpr std::uint64_t kDefaultWinnableNodes = 400'000;

// Decides positions one after another; keeps its search table between calls, so reuse one
// per thread. Not thread-safe.
class WinnabilityAnalyzer {
 public:
  explicit WinnabilityAnalyzer(std::uint64_t node_limit = kDefaultWinnableNodes);
  ~WinnabilityAnalyzer();
  WinnabilityAnalyzer(const WinnabilityAnalyzer&) = delete;
  WinnabilityAnalyzer& operator=(const WinnabilityAnalyzer&) = delete;

  // Whether `side` can still mate in `pos` (whoever is to move).
  WinnabilityResult decide(const Position& pos, Color side);

  // The cheap screen for bulk use (timeouts, every ply of a game): `Unwinnable` when a
  // proof is found within a few hundred nodes, else `Undetermined` meaning "most likely
  // winnable, not proved". Never returns `Winnable` and never a witness. Every position
  // that decide() proves unwinnable in the published test vector is also proved here, as
  // long as its reachable positions are few.
  WinnabilityResult screen(const Position& pos, Color side);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Whether `moves`, played from `pos`, are all legal and end with `side` giving mate: the
// check every witness passes before decide() returns it.
bool replays_to_mate(const Position& pos, Color side, std::span<const Move> moves);

}  // namespace pgn
