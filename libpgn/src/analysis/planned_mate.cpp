// A planned helpmate. Many mates by a side with little material are built the same way: the
// losing king goes into a corner, its own men stand on the squares beside it, the winning
// king (when a flight is left) two squares away, and one piece checks. The guided passes of
// winnable.cpp find such mates when they are near; far away, behind pawns, their free moves
// branch too much. Here the net is chosen first and every man of it routed:
//
// - For each corner the losing king can reach, every way of putting the loser's pieces on
//   its flight squares (at most one a square), and the post of the winning king that covers
//   the flights left (none, or one the checking piece covers), is a plan. Its cost is the
//   number of moves its men need, each along the shortest way through the squares without a
//   pawn (other men are ignored: they move; a king also avoids the opposing pawns' attacks).
// - The cheapest plans are searched in turn by iterative deepening on the plies played plus
//   the plies still needed (each side moves every other ply, so a side with d moves to make
//   needs 2d - 1 or 2d plies). Moves that bring a man of the plan nearer are tried first,
//   then the other pieces' moves and the pawns' last (the side with nothing to route has to
//   pass, and a pawn move cannot be taken back); positions are remembered with the fewest
//   plies they were reached in. Each plan gets few nodes first, then more.
// - Where every man stands on its square, the caller's finish (a few small guided passes
//   aimed at the corner) brings the checking piece in.
//
// Nothing here is trusted: the caller replays the whole line to mate before answering.
#include "analysis/planned_mate.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <functional>
#include <vector>

#include "core/bitboard.hpp"
#include "libpgn/movegen.hpp"

namespace pgn::analysis {
namespace {

constexpr std::uint8_t kFar = 255;
constexpr int kMaxRoutes = 5;  // the losing king, three blockers, the winning king
constexpr int kMaxPlies = 160;
// Plans tried, cheapest first, and the nodes each may use.
constexpr int kMaxPlans = 12;
constexpr std::array<std::uint64_t, 3> kPlanNodes = {1'000, 6'000, 24'000};
constexpr int kMaxBlockers = 6;  // the loser's pieces considered, nearest the corner first
// Positions where a net stands handed to the finish before its plan is given up.
constexpr int kNetGoals = 64;

using DistanceMap = std::array<std::uint8_t, 64>;

int chebyshev(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// Moves a man of `type` needs from each square to `target`, through squares without a pawn
// and outside `forbidden` (the target may hold one: it is taken). The moves are symmetric (a slider
// stops at the same pawns both ways), so a search outward from the target gives them.
DistanceMap distances_to(PieceType type, Square target, Bitboard pawns, Bitboard forbidden) {
  DistanceMap d;
  d.fill(kFar);
  if (forbidden & square_bb(target)) return d;
  const Bitboard open = ~(pawns | forbidden) | square_bb(target);  // a man there is taken
  d[target] = 0;
  Bitboard frontier = square_bb(target), seen = frontier;
  for (std::uint8_t step = 1; frontier && step < kFar; ++step) {
    Bitboard next = 0;
    for (Bitboard b = frontier; b; b &= b - 1)
      next |= bb::attacks(type, Square(std::countr_zero(b)), pawns);
    next &= open & ~seen;
    seen |= next;
    for (Bitboard b = next; b; b &= b - 1) d[std::countr_zero(b)] = step;
    frontier = next;
  }
  return d;
}

struct Route {
  Square at = NoSquare;  // where the man stands now (NoSquare once taken)
  Color color = White;
  DistanceMap dist{};
};

struct Plan {
  Square corner = A1;
  int cost = 0;
  int size = 0;
  std::array<Route, kMaxRoutes> routes;
};

// Positions met in the current iteration with the fewest plies they were reached in.
class PliesTable {
 public:
  static constexpr std::size_t kSize = std::size_t{1} << 14;
  void next_iteration() {
    if (++stamp_ == 0) {
      std::fill(entries_.begin(), entries_.end(), Entry{});
      stamp_ = 1;
    }
  }
  // False when the position was already met with no more plies (nothing new below it).
  bool enter(std::uint64_t key, int plies) {
    Entry& e = entries_[(key >> 24) & (kSize - 1)];
    if (e.stamp == stamp_ && e.key == key && e.plies <= plies) return false;
    e = Entry{key, std::uint16_t(plies), stamp_};
    return true;
  }

 private:
  struct Entry {
    std::uint64_t key = 0;
    std::uint16_t plies = 0;
    std::uint32_t stamp = 0;
  };
  std::vector<Entry> entries_ = std::vector<Entry>(kSize);
  std::uint32_t stamp_ = 0;
};

// What follows the routing, from the position where the plan's men stand on their squares:
// true with its moves in the vector.
using Continuation = std::function<bool(const Position&, std::vector<Move>&)>;

// Routes the men of a plan to their squares (both sides moving, the other side passing)
// and calls the continuation where they all stand there.
class RouteSearch {
 public:
  explicit RouteSearch(std::uint64_t& nodes) : nodes_(nodes) {}

  bool run(const Position& root, const Plan& plan, std::uint64_t limit, int max_goals,
           const Continuation& next, std::vector<Move>& line) {
    pos_ = root;
    plan_ = plan;
    limit_ = limit;
    next_ = &next;
    out_ = &line;
    goals_left_ = max_goals;
    int threshold = plies_needed();
    while (threshold >= 0 && threshold < kMaxPlies && nodes_ < limit_ && goals_left_ > 0) {
      table_.next_iteration();
      next_threshold_ = kMaxPlies;
      if (search(0, threshold)) return true;
      threshold = next_threshold_;
    }
    return false;
  }

 private:
  // Plies still needed by the plan (0: every man on its square), or -1 when a man of it was
  // taken or cannot get there.
  int plies_needed() const {
    int moves[2] = {0, 0};
    for (int i = 0; i < plan_.size; ++i) {
      const Route& r = plan_.routes[i];
      if (r.at == NoSquare || r.dist[r.at] == kFar) return -1;
      moves[r.color] += r.dist[r.at];
    }
    int plies = 0;
    for (Color c : {White, Black})
      if (moves[c]) plies = std::max(plies, 2 * moves[c] - (pos_.side_to_move() == c));
    return plies;
  }

  // 0: brings a man of the plan nearer; 1: moves another piece; 2: another pawn (its moves
  // cannot be taken back: a side may need them later to pass); 3: takes a man of the plan
  // away from its square or further from it.
  int move_rank(Move m) const {
    for (int i = 0; i < plan_.size; ++i) {
      const Route& r = plan_.routes[i];
      if (r.at == m.from()) return r.dist[m.to()] < r.dist[m.from()] ? 0 : 3;
    }
    return type_of(pos_.piece_on(m.from())) == Pawn ? 2 : 1;
  }

  void play(Move m, int ply) {
    for (int i = 0; i < plan_.size; ++i) {
      Route& r = plan_.routes[i];
      saved_[ply][i] = r.at;
      if (r.at == m.to()) r.at = NoSquare;  // taken
      if (r.at == m.from()) r.at = m.to();
    }
    pos_.do_move(m, undo_[ply]);
    line_[ply] = m;
  }
  void unplay(Move m, int ply) {
    pos_.undo_move(m, undo_[ply]);
    for (int i = 0; i < plan_.size; ++i) plan_.routes[i].at = saved_[ply][i];
  }

  bool search(int ply, int threshold) {
    if (++nodes_ > limit_ || goals_left_ <= 0) return false;
    const int needed = plies_needed();
    if (needed < 0) return false;
    if (needed == 0) {
      --goals_left_;
      std::vector<Move> tail;
      if (!(*next_)(pos_, tail)) return false;
      out_->assign(line_.begin(), line_.begin() + ply);
      out_->insert(out_->end(), tail.begin(), tail.end());
      return true;
    }
    if (ply + needed > threshold) {
      next_threshold_ = std::min(next_threshold_, ply + needed);
      return false;
    }
    if (ply + 1 >= kMaxPlies || !table_.enter(pos_.key(), ply)) return false;
    MoveList moves;
    generate_legal(pos_, moves);
    if (moves.size == 0) return false;  // the game is over before the plan stands
    std::array<std::uint8_t, kMaxMoves> ranks;
    for (int i = 0; i < moves.size; ++i) ranks[i] = std::uint8_t(move_rank(moves.moves[i]));
    for (int rank = 0; rank <= 3; ++rank)
      for (int i = 0; i < moves.size; ++i) {
        const Move m = moves.moves[i];
        if (ranks[i] != rank || m.kind() == Move::Castling) continue;
        play(m, ply);
        const bool found = search(ply + 1, threshold);
        unplay(m, ply);
        if (found) return true;
        if (nodes_ > limit_ || goals_left_ <= 0) return false;
      }
    return false;
  }

  std::uint64_t& nodes_;
  Position pos_;
  Plan plan_;
  std::uint64_t limit_ = 0;
  const Continuation* next_ = nullptr;
  std::vector<Move>* out_ = nullptr;
  int goals_left_ = 0;
  int next_threshold_ = 0;
  PliesTable table_;
  std::array<Move, kMaxPlies> line_{};
  std::array<UndoInfo, kMaxPlies> undo_{};
  std::array<std::array<Square, kMaxRoutes>, kMaxPlies> saved_{};
};

// The corners a mate by `winner` can be given in: with nothing but bishops of one colour
// (no pawn to promote), only the corners of that colour.
Bitboard usable_corners(const Position& pos, Color winner) {
  const Bitboard corners = square_bb(A1) | square_bb(H1) | square_bb(A8) | square_bb(H8);
  const Bitboard own = pos.pieces(winner) & ~pos.pieces(winner, King);
  const Bitboard bishops = pos.pieces(winner, Bishop);
  if (own != bishops) return corners;
  if (!(bishops & ~bb::kDarkSquares)) return corners & bb::kDarkSquares;
  if (!(bishops & bb::kDarkSquares)) return corners & ~bb::kDarkSquares;
  return corners;
}

// Adds the plans of one corner: every assignment of the loser's pieces to its flights, with
// the winning king's post covering the flights left.
void add_plans(const Position& pos, Color winner, Square corner, std::vector<Plan>& plans) {
  const Color loser = ~winner;
  const Bitboard pawns = pos.pieces(Pawn);
  const Bitboard winner_pawn_attacks = winner == White
                                           ? bb::pawn_attacks_bb<White>(pos.pieces(White, Pawn))
                                           : bb::pawn_attacks_bb<Black>(pos.pieces(Black, Pawn));
  const Bitboard loser_pawn_attacks = loser == White
                                          ? bb::pawn_attacks_bb<White>(pos.pieces(White, Pawn))
                                          : bb::pawn_attacks_bb<Black>(pos.pieces(Black, Pawn));
  Plan base;
  base.corner = corner;
  Route& king = base.routes[base.size++];
  king.at = pos.king_square(loser);
  king.color = loser;
  king.dist = distances_to(King, corner, pawns, winner_pawn_attacks & ~square_bb(king.at));
  if (king.dist[king.at] == kFar) return;

  // Flights a pawn stands on stay taken (as far as a plan can tell).
  std::array<Square, 3> flights{};
  int flight_count = 0;
  for (Bitboard b = bb::king_attacks(corner) & ~pawns; b; b &= b - 1)
    flights[flight_count++] = Square(std::countr_zero(b));

  // The loser's pieces nearest the corner, with their ways to each flight.
  std::array<Square, kMaxBlockers> men{};
  int man_count = 0;
  {
    Bitboard pieces = pos.pieces(loser) & ~pawns & ~pos.pieces(loser, King);
    std::array<Square, 16> all{};
    int n = 0;
    for (; pieces && n < 16; pieces &= pieces - 1) all[n++] = Square(std::countr_zero(pieces));
    std::sort(all.begin(), all.begin() + n,
              [&](Square a, Square b) { return chebyshev(a, corner) < chebyshev(b, corner); });
    man_count = std::min(n, kMaxBlockers);
    std::copy(all.begin(), all.begin() + man_count, men.begin());
  }
  std::array<std::array<DistanceMap, 3>, kMaxBlockers> ways;
  for (int i = 0; i < man_count; ++i)
    for (int f = 0; f < flight_count; ++f)
      ways[i][f] = distances_to(type_of(pos.piece_on(men[i])), flights[f], pawns, 0);

  // The posts of the winning king: two squares from the corner, next to a flight.
  const Square winner_king = pos.king_square(winner);
  std::array<Square, 8> posts{};
  std::array<DistanceMap, 8> post_ways;
  int post_count = 0;
  Bitboard candidates = 0;
  for (int f = 0; f < flight_count; ++f) candidates |= bb::king_attacks(flights[f]);
  for (Bitboard p = candidates; p && post_count < 8; p &= p - 1) {
    const Square post = Square(std::countr_zero(p));
    if (chebyshev(post, corner) != 2) continue;
    post_ways[post_count] =
        distances_to(King, post, pawns, loser_pawn_attacks & ~square_bb(winner_king));
    if (post_ways[post_count][winner_king] != kFar) posts[post_count++] = post;
  }

  // The flights a piece checking in the corner can cover too: those on its line through it.
  Bitboard line_cover = 0;
  if (pos.pieces(winner, Queen) | pos.pieces(winner, Pawn))
    line_cover = bb::king_attacks(corner);
  else {
    if (pos.pieces(winner, Rook)) line_cover |= bb::king_attacks(corner) & bb::kRookRays[corner];
    const Bitboard corner_colour =
        (bb::kDarkSquares & square_bb(corner)) ? bb::kDarkSquares : ~bb::kDarkSquares;
    if (pos.pieces(winner, Bishop) & corner_colour)
      line_cover |= bb::king_attacks(corner) & bb::kBishopRays[corner];
  }

  // Each flight gets a man (index) or none (-1); one man blocks at most one flight.
  std::array<int, 3> choice{};
  const int options = man_count + 1;
  int combinations = 1;
  for (int f = 0; f < flight_count; ++f) combinations *= options;
  for (int code = 0; code < combinations; ++code) {
    int rest = code;
    bool valid = true;
    Bitboard left = 0;  // flights nobody of the loser blocks
    int cost = king.dist[king.at];
    for (int f = 0; f < flight_count; ++f) {
      choice[f] = rest % options - 1;
      rest /= options;
      if (choice[f] < 0) {
        left |= square_bb(flights[f]);
        continue;
      }
      for (int g = 0; g < f; ++g) valid &= choice[g] != choice[f];
      const std::uint8_t d = ways[choice[f]][f][men[choice[f]]];
      valid &= d != kFar;
      cost += d;
    }
    if (!valid) continue;
    Plan plan = base;
    for (int f = 0; f < flight_count; ++f) {
      if (choice[f] < 0) continue;
      Route& r = plan.routes[plan.size++];
      r.at = men[choice[f]];
      r.color = loser;
      r.dist = ways[choice[f]][f];
    }
    // The winning king two squares from the corner, next to every flight left.
    if (left) {
      int best = -1;
      for (int i = 0; i < post_count; ++i)
        if (!(left & ~bb::king_attacks(posts[i])) &&
            (best < 0 || post_ways[i][winner_king] < post_ways[best][winner_king]))
          best = i;
      // One flight left may be the checking piece's to cover (on its line through the
      // corner): the plan without the winning king stays.
      plan.cost = cost;
      if (!bb::more_than_one(left) && (left & line_cover)) plans.push_back(plan);
      if (best < 0) continue;
      Route& r = plan.routes[plan.size++];
      r.at = winner_king;
      r.color = winner;
      r.dist = post_ways[best];
      cost += post_ways[best][winner_king];
    }
    plan.cost = cost;
    plans.push_back(plan);
  }
}

}  // namespace

bool planned_mate(const Position& root, Color winner, std::uint64_t node_limit,
                  std::uint64_t& nodes, const FinishMate& finish, std::vector<Move>& witness) {
  std::vector<Plan> plans;
  for (Bitboard c = usable_corners(root, winner); c; c &= c - 1)
    add_plans(root, winner, Square(std::countr_zero(c)), plans);
  std::stable_sort(plans.begin(), plans.end(),
                   [](const Plan& a, const Plan& b) { return a.cost < b.cost; });
  RouteSearch search(nodes);
  const int tries = std::min<int>(int(plans.size()), kMaxPlans);
  // Every plan on few nodes first, then on more: a cheap plan may lead nowhere (a corner
  // the winning king can never leave, a man that cannot pass another).
  for (std::uint64_t plan_nodes : kPlanNodes)
    for (int i = 0; i < tries && nodes < node_limit; ++i) {
      const Continuation next = [&](const Position& at, std::vector<Move>& tail) {
        return finish(at, plans[i].corner, tail);
      };
      if (search.run(root, plans[i], std::min(node_limit, nodes + plan_nodes), kNetGoals, next,
                     witness))
        return true;
    }
  return false;
}

}  // namespace pgn::analysis
