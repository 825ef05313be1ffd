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

// The default node budget of decide(): the slowest decision of the published test vector
// takes about 60 to 80 ms on one core (docs/unwinnability.md), below the 100 ms bound.
constexpr std::uint64_t kDefaultWinnableNodes = 400'000;
constexpr std::uint64_t kScreenNodes = 1'000;

// Whether every pawn has an opposing pawn somewhere ahead of it on its file: then no pawn
// can promote without first capturing, and pawns that can still step only close a wall.
inline bool every_pawn_faced(const Position& pos) {
  Bitboard up = pos.pieces(White, Pawn), down = pos.pieces(Black, Pawn);
  const Bitboard white = up, black = down;
  for (int shift : {8, 16, 32}) {
    up |= up << shift;
    down |= down >> shift;
  }
  return !(white & ~down) && !(black & ~up);
}

// The cheap filter in front of any search: false when `side` has a queen, a rook, a knight
// with another minor piece, bishops on both colours, or when some pawn on the board (of
// either side) has an empty square in front of it while another pawn has no opposing pawn
// ahead of it on its file. Such positions are taken as winnable by screen(); a position
// where neither side passes is almost never dead, so a per-ply check for dead positions
// (FIDE 5.2.2) can skip them. Not a proof of anything.
bool could_be_shut_out(const Position& pos, Color side);

// The filter in front of a full decision on one position of a game (a loss on time, a
// candidate dead position): true when the side lacks mating material, could_be_shut_out()
// holds, or no pawn on the board can step forward (a pawn, a piece or a king in front of
// each) and the side has no queen and no rook. A few bitboard operations; false for
// almost every position of real games, where a search would only find a witness. Not a
// proof of anything: positions it rejects are taken as winnable unproved.
bool could_be_unwinnable(const Position& pos, Color side);

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
  // The same with another node budget (a per-ply check keeps it small).
  WinnabilityResult decide(const Position& pos, Color side, std::uint64_t node_limit);

  // The cheap screen for bulk use (games lost on time): `Unwinnable` when proved cheaply,
  // else `Undetermined`, meaning "most likely winnable, not proved". Never `Winnable`, never
  // a witness. Positions that could_be_shut_out() rejects take a few bitboard operations;
  // the others get the pawn-wall test and a walk of at most `walk_nodes` positions (none:
  // the static tests alone, for a check on every ply).
  WinnabilityResult screen(const Position& pos, Color side,
                           std::uint64_t walk_nodes = kScreenNodes);

  // The static tests alone (material, the pawn wall), with no filter in front of them: for a
  // caller that has its own cheap gate (the per-ply check for dead positions). The proof,
  // or None when nothing was proved.
  UnwinnableProof static_proof(const Position& pos, Color side);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Whether `moves`, played from `pos`, are all legal and end with `side` giving mate: the
// check every witness passes before decide() returns it.
bool replays_to_mate(const Position& pos, Color side, std::span<const Move> moves);

}  // namespace pgn
