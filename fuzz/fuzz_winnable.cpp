// `pgn winnable` on arbitrary bytes: lines read as the command reads them (CR, blanks and #
// comments), each FEN decided for both sides by the full decision (the first with a budget
// that finishes small searches, the others with a small one, so that every input is bounded)
// and by the cheap screen. A witness replays to mate; an `Unwinnable` answer is never
// contradicted by a mate found in two plies, and the screen never claims more than the full
// decision.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "libpgn/movegen.hpp"
#include "libpgn/position.hpp"
#include "libpgn/winnable.hpp"

namespace {

// The first position of an input gets a budget that lets the search exhaust small positions
// (a wrong "no-reachable-mate" proof needs a finished search: tens of thousands of nodes);
// the others a small one, so that an input stays bounded.
constexpr std::uint64_t kFirstNodeBudget = 100'000;
constexpr std::uint64_t kNodeBudget = 2000;

bool is_mate_for(const pgn::Position& pos, pgn::Color side) {
  if (pos.side_to_move() == side || !pos.in_check()) return false;
  pgn::MoveList replies;
  pgn::generate_legal(pos, replies);
  return replies.size == 0;
}

// Whether `side` can mate within two plies (its move, or any move of the opponent and then
// its move): a small exhaustive search that owes nothing to the analyzer.
bool mates_within_two_plies(const pgn::Position& pos, pgn::Color side) {
  if (is_mate_for(pos, side)) return true;
  pgn::MoveList moves;
  pgn::generate_legal(pos, moves);
  for (const pgn::Move m : moves) {
    pgn::Position next = pos;
    next.play(m);
    if (is_mate_for(next, side)) return true;
    if (pos.side_to_move() == side) continue;
    pgn::MoveList replies;
    pgn::generate_legal(next, replies);
    for (const pgn::Move r : replies) {
      pgn::Position last = next;
      last.play(r);
      if (is_mate_for(last, side)) return true;
    }
  }
  return false;
}

void decide(pgn::WinnabilityAnalyzer& analyzer, const pgn::Position& pos, std::uint64_t budget) {
  for (pgn::Color side : {pgn::White, pgn::Black}) {
    const pgn::WinnabilityResult full = analyzer.decide(pos, side, budget);
    if (full.verdict == pgn::Winnability::Winnable &&
        !pgn::replays_to_mate(pos, side, full.witness))
      std::abort();
    if (full.verdict == pgn::Winnability::Unwinnable &&
        (full.proof == pgn::UnwinnableProof::None || mates_within_two_plies(pos, side)))
      std::abort();
    const pgn::WinnabilityResult screened = analyzer.screen(pos, side, 200);
    if (screened.verdict == pgn::Winnability::Winnable) std::abort();
    if (screened.verdict == pgn::Winnability::Unwinnable &&
        (full.verdict == pgn::Winnability::Winnable || mates_within_two_plies(pos, side)))
      std::abort();
    (void)pgn::could_be_unwinnable(pos, side);
    (void)analyzer.static_proof(pos, side);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static pgn::WinnabilityAnalyzer analyzer(kNodeBudget);
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  int lines = 0, positions = 0;
  while (!bytes.empty() && lines++ < 8) {
    const std::size_t newline = bytes.find('\n');
    std::string_view line = bytes.substr(0, newline);
    bytes = newline == std::string_view::npos ? std::string_view() : bytes.substr(newline + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::size_t begin = line.find_first_not_of(" \t");
    if (begin == std::string_view::npos || line[begin] == '#') continue;
    const std::size_t end = line.find_last_not_of(" \t");
    const std::string_view fen = line.substr(begin, end + 1 - begin);
    for (bool chess960 : {false, true}) {
      const pgn::FenResult parsed =
          pgn::Position::from_fen(fen, pgn::Variant::Standard, chess960, pgn::FenMaterial::Any);
      if (parsed.ok())
        decide(analyzer, parsed.position, positions++ == 0 ? kFirstNodeBudget : kNodeBudget);
    }
  }
  return 0;
}
