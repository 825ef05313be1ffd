// Unwinnability by helpmate search. See docs/unwinnability.md for the method and its proof.
//
// Two searches serve both answers. Guided passes walk the moves of both sides (the loser
// cooperating) depth first, each move costing part of a budget, and stop with a witness at
// the first mate given by the intended winner. Moves that head for a mate (the mating side's
// king and knights approaching a chosen corner, its pawns advancing, captures; the other
// king walking into that corner) cost nothing, so mates far away are found at a small
// budget. Positions where the winner lacks mating material, or behind a pawn wall it cannot
// pass, are not entered (nothing below them can be a mate), and a table remembers which
// positions were already searched with at least the budget left now. A pass that ends without
// a mate and without ever having cut a line for want of budget or nodes has entered a set of
// positions closed under legal moves: no mate is reachable, a proof.
//
// The walk over the whole move graph enters every reachable position once; blocked positions
// have few, so it proves most of them, and a mate met on the way is a witness.
#include "libpgn/winnable.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <utility>

#include "analysis/blocked.hpp"
#include "analysis/lone_minor.hpp"
#include "analysis/planned_mate.hpp"
#include "core/bitboard.hpp"
#include "core/zobrist.hpp"
#include "libpgn/movegen.hpp"

namespace pgn {

using bb::kDarkSquares;
using bb::knight_attacks;
using bb::more_than_one;

const char* unwinnable_proof_code(UnwinnableProof proof) {
  switch (proof) {
    case UnwinnableProof::Material:
      return "insufficient-material";
    case UnwinnableProof::PawnWall:
      return "pawn-wall";
    case UnwinnableProof::Exhausted:
      return "no-reachable-mate";
    case UnwinnableProof::None:
      break;
  }
  return "none";
}

const char* winnability_code(Winnability w) {
  switch (w) {
    case Winnability::Winnable:
      return "winnable";
    case Winnability::Unwinnable:
      return "unwinnable";
    case Winnability::Undetermined:
      break;
  }
  return "undetermined";
}

bool replays_to_mate(const Position& pos, Color side, std::span<const Move> moves) {
  Position replay = pos;
  for (Move m : moves) {
    if (!replay.is_legal(m)) return false;
    replay.play(m);
  }
  return replay.side_to_move() == ~side && replay.is_checkmate();
}

namespace {

// Longest line a search follows; also bounds its recursion (each level holds a move list).
constexpr int kMaxPly = 320;
// Nodes one guided pass may use: a pass that needs more is cut and the next, with a larger
// budget, tries again (a larger budget reaches mates along lines of fewer moves tried).
constexpr std::uint64_t kPassNodes = 20'000;
// Corners each budget of the last guided passes is aimed at (the chosen one, then the others).
constexpr int kCornerTries = 4;
// The guided passes that end a planned mating net: budgets up to this, nodes each.
constexpr int kFinishBudget = 3;
constexpr std::uint64_t kFinishNodes = 2'000;

int chebyshev(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// Knight moves from one square to another on an empty board.
struct KnightDistance {
  std::array<std::array<std::uint8_t, 64>, 64> moves{};
  KnightDistance() {
    for (int from = 0; from < 64; ++from) {
      auto& d = moves[from];
      d.fill(255);
      d[from] = 0;
      Bitboard frontier = square_bb(Square(from)), seen = frontier;
      for (std::uint8_t step = 1; frontier; ++step) {
        Bitboard next = 0;
        for (Bitboard b = frontier; b; b &= b - 1)
          next |= knight_attacks(Square(std::countr_zero(b)));
        next &= ~seen;
        seen |= next;
        for (Bitboard b = next; b; b &= b - 1) d[std::countr_zero(b)] = step;
        frontier = next;
      }
    }
  }
};
const KnightDistance kKnightDistance;

// The open-addressed table of searched positions: key and the budget left when searched.
// Entries of earlier passes are ignored through the pass number instead of clearing.
// A pass stores at most kPassNodes positions, so 2^16 entries keep it below a third full in
// 1 MB, which mostly stays in cache (a larger table only missed the cache more often).
class SearchedTable {
 public:
  static constexpr std::size_t kSize = std::size_t{1} << 16;

  void new_pass() {
    if (++pass_ == 0) {
      std::fill(entries_.begin(), entries_.end(), Entry{});
      pass_ = 1;
    }
  }
  // Whether `key` was searched in this pass with at least `budget` left.
  bool covers(std::uint64_t key, int budget) const {
    const Entry* e = &entries_[slot(key)];
    for (int i = 0; i < kProbe; ++i, ++e)
      if (e->pass == pass_ && e->key == key) return e->budget >= budget;
    return false;
  }
  void store(std::uint64_t key, int budget) {
    Entry* e = &entries_[slot(key)];
    Entry* victim = e;
    for (int i = 0; i < kProbe; ++i, ++e) {
      if (e->pass != pass_ || e->key == key) {
        victim = e;
        break;
      }
      if (e->budget < victim->budget) victim = e;
    }
    *victim = Entry{key, std::uint16_t(budget), pass_};
  }

 private:
  static constexpr int kProbe = 4;
  struct Entry {
    std::uint64_t key = 0;
    std::uint16_t budget = 0;
    std::uint16_t pass = 0;
  };
  std::size_t slot(std::uint64_t key) const { return (key >> 20) & (kSize - 1); }

  std::vector<Entry> entries_ = std::vector<Entry>(kSize + kProbe);
  std::uint16_t pass_ = 0;
};

// A growing set of position keys (open addressing, linear probing, 8 bytes a slot so that
// more of a large walk stays in cache; 0 marks an empty slot, so a key of 0 is stored as 1,
// one more collision on top of the 64-bit key assumption). A walk that grew the table gives
// it back when the next one starts: most walks are small, and clearing a large table would
// cost them more than the walk.
class KeySet {
 public:
  void clear() {
    used_ = 0;
    if (slots_.size() > kInitialSlots)
      slots_.assign(kInitialSlots, 0);
    else if (slots_.empty())
      slots_.resize(kInitialSlots);
    else
      std::fill(slots_.begin(), slots_.end(), 0);
  }
  bool contains(std::uint64_t key) const {
    key += key == 0;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = key & mask;; i = (i + 1) & mask) {
      if (slots_[i] == key) return true;
      if (slots_[i] == 0) return false;
    }
  }
  // Starts loading the slot where `key` would go: the walk asks for it a move ahead.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&slots_[key & (slots_.size() - 1)]); }
  // False when the key was already in the set.
  bool insert(std::uint64_t key) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    key += key == 0;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = key & mask;; i = (i + 1) & mask) {
      if (slots_[i] == key) return false;
      if (slots_[i] == 0) {
        slots_[i] = key;
        ++used_;
        return true;
      }
    }
  }

 private:
  static constexpr std::size_t kInitialSlots = 4096;
  void grow() {
    std::vector<std::uint64_t> old = std::move(slots_);
    slots_.assign(old.empty() ? kInitialSlots : 2 * old.size(), 0);
    used_ = 0;
    for (std::uint64_t key : old)
      if (key) insert(key);
  }
  std::vector<std::uint64_t> slots_;
  std::size_t used_ = 0;
};

// What a move costs in a guided pass. A move that heads for the mate costs nothing and makes
// the other side's next ordinary move free too (it may have to step aside); a free move
// itself gives no such credit, so free lines always end.
enum MoveClass : std::uint8_t { kProgress, kFree, kNormal, kSetback };
constexpr int kClassCost[] = {0, 0, 1, 3};

}  // namespace

struct WinnabilityAnalyzer::Impl {
  std::uint64_t node_limit;
  SearchedTable table;

  // State of one decision.
  Position pos;
  Color winner = White;
  bool guided = true;  // progress-aware move costs, or every move costs kNormal
  bool want_witness = true;
  std::uint64_t nodes = 0, pass_limit = 0;
  bool cut = false;  // a line was cut for want of budget, depth or nodes
  int ply = 0;
  std::array<Move, kMaxPly> line{};
  std::vector<Move> witness;
  // The walk over the whole move graph: positions entered, the moves still to try at each
  // level, and one stack frame per level.
  struct Frame {
    std::size_t first = 0, next = 0, last = 0;  // this level's moves in `arena`
    Move played;
    UndoInfo undo{};
  };
  KeySet visited;
  std::vector<Move> arena;
  std::vector<Frame> frames;
  // Where a mate is steered to: the losing king's corner, a square beside it for the
  // loser's men that will block it in, and the square two ranks off for the winning king.
  Square corner = H8, corner_block = G8, king_post = H6;
  bool loser_must_promote = false;

  // The corners the last guided passes try in turn, the chosen one first.
  std::array<Square, 4> corners{};

  explicit Impl(std::uint64_t limit) : node_limit(limit) {}

  void aim_at(Square target) {
    corner = target;
    const int file_step = file_of(corner) == 7 ? -1 : 1;
    const int rank_step = rank_of(corner) == 7 ? -1 : 1;
    corner_block = make_square(file_of(corner) + file_step, rank_of(corner));
    king_post = make_square(file_of(corner), rank_of(corner) + 2 * rank_step);
  }

  void choose_targets() {
    const Bitboard winner_bishops = pos.pieces(winner, Bishop);
    const Bitboard loser_bishops = pos.pieces(~winner, Bishop);
    // A bishop mates on its own colour; the loser's bishop blocks on the other colour.
    const bool dark =
        (winner_bishops & kDarkSquares) || (!winner_bishops && (loser_bishops & ~kDarkSquares));
    // Dark corners: a1 and h8. The winner mates on its far rank; without bishops the colour
    // does not matter, and the corner on the losing king's side is the nearer one.
    if (!(winner_bishops | loser_bishops)) {
      const bool h_side = file_of(pos.king_square(~winner)) >= 4;
      corner = winner == White ? (h_side ? H8 : A8) : (h_side ? H1 : A1);
    } else {
      corner = winner == White ? (dark ? H8 : A8) : (dark ? A1 : H1);
    }
    // The other corners follow, nearest to the losing king first: when the chosen one leads
    // nowhere, the mate may be built elsewhere (often where the loser's own men are).
    corners[0] = corner;
    int n = 1;
    for (Square c : {A1, H1, A8, H8})
      if (c != corner) corners[n++] = c;
    const Square loser_king = pos.king_square(~winner);
    std::sort(corners.begin() + 1, corners.end(), [&](Square a, Square b) {
      return chebyshev(a, loser_king) < chebyshev(b, loser_king);
    });
    aim_at(corner);
    // With a lone knight or bishops of one colour only, the loser's own men must box its king
    // in; its pawns may have to promote (to minor pieces) to provide them.
    const Bitboard own = pos.pieces(winner) ^ pos.pieces(winner, King);
    const Bitboard minors_rooks = pos.pieces(Knight) | pos.pieces(Bishop) | pos.pieces(Rook);
    const bool lone_knight = own == pos.pieces(winner, Knight) && std::popcount(own) == 1;
    const bool one_colour_bishops =
        own && own == winner_bishops &&
        (!(pos.pieces(Bishop) & kDarkSquares) || !(pos.pieces(Bishop) & ~kDarkSquares));
    loser_must_promote = (lone_knight && !(pos.pieces(~winner) & minors_rooks)) ||
                         (one_colour_bishops && !pos.pieces(~winner, Knight));
  }

  MoveClass move_class(Move m, bool after_progress) const {
    const Square from = m.from(), to = m.to();
    const PieceType type = type_of(pos.piece_on(from));
    const bool capture = pos.is_capture(m);
    if (pos.side_to_move() == winner) {
      // Captures and pawns going for promotion (to the sixth rank and beyond).
      if (capture || (type == Pawn && relative_rank(winner, rank_of(to)) >= 5)) return kProgress;
      if (type == King && chebyshev(to, king_post) < chebyshev(from, king_post)) return kProgress;
      if (type == Knight && kKnightDistance.moves[to][corner] < kKnightDistance.moves[from][corner])
        return kProgress;
      return after_progress ? kFree : kNormal;
    }
    if (type == King && m.kind() != Move::Castling &&
        chebyshev(to, corner) < chebyshev(from, corner))
      return kProgress;
    if (type == Knight &&
        kKnightDistance.moves[to][corner_block] < kKnightDistance.moves[from][corner_block])
      return kProgress;
    // The loser's own long-range pieces box its king in by stepping next to the corner
    // (its knights head for the square beside it above).
    if ((type == Queen || type == Rook || type == Bishop) && chebyshev(to, corner) == 1 &&
        chebyshev(from, corner) > 1)
      return kProgress;
    if (loser_must_promote && type == Pawn &&
        !(m.kind() == Move::Promotion && m.promotion() >= Rook))
      return kProgress;
    if (capture) return kSetback;
    return after_progress ? kFree : kNormal;
  }

  // True when a mate by `winner` was found below (its moves are then in `witness`).
  // Whether no mate can follow (a proof, so nothing below needs searching). The lone minor
  // piece and the pawn-wall tests only run when a pawn moved or something was taken, as
  // only then can the material or a wall change (after `gxf8=N` in
  // `5r1k/6P1/7K/5q2/8/8/8/8 b`, a knight against a queen closes every line at once).
  bool hopeless(bool structure_changed) const {
    return pos.has_insufficient_material(winner) ||
           (structure_changed && (analysis::lone_minor_cannot_mate(pos, winner) ||
                                  analysis::blocked_unwinnable(pos, winner) ||
                                  analysis::forming_wall_unwinnable(pos, winner)));
  }
  bool changes_structure(Move m, const UndoInfo& undo) const {
    return undo.captured != NoPiece || type_of(pos.piece_on(m.to())) == Pawn ||
           m.kind() == Move::Promotion;
  }

  bool search(int budget, bool after_progress, bool structure_changed) {
    if (++nodes > pass_limit) {
      cut = true;
      return false;
    }
    if (hopeless(structure_changed)) return false;
    const std::uint64_t key = pos.key();
    if (table.covers(key, budget)) return false;
    MoveList moves;
    generate_legal(pos, moves);
    if (moves.size == 0) {
      if (pos.side_to_move() != winner && pos.in_check()) {
        if (want_witness) witness.assign(line.begin(), line.begin() + ply);
        return true;
      }
      return false;  // stalemate, or the winner mated: the game is over
    }
    if (budget <= 0 || ply == kMaxPly) {
      cut = true;
      return false;
    }
    table.store(key, budget);

    if (!guided) {
      for (Move m : moves)
        if (try_move(m, budget - kNormal, false)) return true;
      return false;
    }
    // Cheapest moves first: a mate along them is found before the others are tried.
    std::array<std::uint8_t, kMaxMoves> classes;
    unsigned present = 0;
    for (int i = 0; i < moves.size; ++i) {
      classes[i] = std::uint8_t(move_class(moves.moves[i], after_progress));
      present |= 1u << classes[i];
    }
    for (int c = kProgress; c <= kSetback; ++c) {
      if (!(present & (1u << c))) continue;
      for (int i = 0; i < moves.size; ++i)
        if (classes[i] == c && try_move(moves.moves[i], budget - kClassCost[c], c == kProgress))
          return true;
    }
    return false;
  }

  bool try_move(Move m, int budget, bool progress) {
    if (nodes > pass_limit) return false;  // already cut: stop the pass
    UndoInfo undo;
    pos.do_move(m, undo);
    line[ply++] = m;
    const bool mate = search(budget, progress, changes_structure(m, undo));
    --ply;
    pos.undo_move(m, undo);
    return mate;
  }

  // One guided pass from the root. Returns true if the pass settles the verdict.
  bool run_pass(int budget, std::uint64_t limit, WinnabilityResult& result) {
    table.new_pass();
    cut = false;
    ply = 0;
    pass_limit = limit;
    if (search(budget, false, false)) {
      result.verdict = Winnability::Winnable;
      return true;
    }
    if (!cut) {
      result.verdict = Winnability::Unwinnable;
      result.proof = UnwinnableProof::Exhausted;
      return true;
    }
    return false;
  }

  // The end of a planned mating net: small guided passes from `at`, aimed at its corner.
  bool finish_net(const Position& at, Square target, std::uint64_t limit, std::vector<Move>& tail) {
    pos = at;
    aim_at(target);
    guided = true;
    for (int budget = 1; budget <= kFinishBudget && nodes < limit; ++budget) {
      table.new_pass();
      cut = false;
      ply = 0;
      pass_limit = std::min(limit, nodes + kFinishNodes);
      if (search(budget, false, false)) {
        tail = witness;
        return true;
      }
    }
    return false;
  }

  // Mating nets planned and routed (mating_net.cpp), on nodes up to `limit`.
  bool plan_net(const Position& root, std::uint64_t limit, WinnabilityResult& result) {
    const analysis::FinishMate finish = [&](const Position& at, Square target,
                                            std::vector<Move>& tail) {
      return finish_net(at, target, limit, tail);
    };
    std::vector<Move> line;
    if (!analysis::planned_mate(root, winner, limit, nodes, finish, line)) return false;
    witness = std::move(line);
    result.verdict = Winnability::Winnable;
    return true;
  }

  // The key of the position after `m`, or a near guess of it for castling, promotions, en
  // passant and changed castling rights or en passant squares: it only says which slot of
  // the walk's key set to load early, so a wrong guess costs one wasted load.
  std::uint64_t key_after(Move m) const {
    const Square from = m.from(), to = m.to();
    const Piece moving = pos.piece_on(from), target = pos.piece_on(to);
    std::uint64_t key = pos.key() ^ zobrist_side_key() ^ zobrist_piece_key(moving, from) ^
                        zobrist_piece_key(moving, to);
    if (target != NoPiece) key ^= zobrist_piece_key(target, to);
    if (pos.ep_square() != NoSquare) key ^= zobrist_en_passant_key(pos.ep_square());
    return key;
  }

  bool key_after_is_exact(Move m) const {
    return m.kind() == Move::Normal && !pos.castling_rights() &&
           !(type_of(pos.piece_on(m.from())) == Pawn && (int(m.from()) ^ int(m.to())) == 16);
  }

  // The walk entered a position without legal moves (frame on top, just opened): a mate by
  // the winner settles the verdict with the path as witness; otherwise it is left.
  bool game_over_in_walk(Move m, const UndoInfo& undo, WinnabilityResult& result) {
    if (pos.side_to_move() != winner && pos.in_check()) {
      if (want_witness) {
        witness.clear();
        for (std::size_t i = 1; i < frames.size(); ++i) witness.push_back(frames[i].played);
      }
      result.verdict = Winnability::Winnable;
      return true;
    }
    frames.pop_back();
    pos.undo_move(m, undo);
    return false;
  }

  // Every position reachable from the root, each entered once (depth first, with an explicit
  // stack: the walk can be thousands of plies deep). Returns true if it settles the verdict.
  bool close_graph(std::uint64_t limit, WinnabilityResult& result) {
    visited.clear();
    visited.insert(pos.key());
    arena.clear();
    frames.clear();
    auto open = [&](Move played) {
      Frame f;
      f.played = played;
      f.next = f.first = arena.size();
      MoveList moves;
      generate_legal(pos, moves);
      // The winner's moves heading for the mate first (the guided passes' classes): the walk
      // enters the same positions in any order, but meets a mate sooner along them. The
      // loser's moves keep their order (steering them as well lost more mates than it found
      // on the test vector).
      if (pos.side_to_move() != winner) {
        arena.insert(arena.end(), moves.begin(), moves.end());
      } else {
        std::array<std::uint8_t, kMaxMoves> classes;
        unsigned present = 0;
        for (int i = 0; i < moves.size; ++i) {
          classes[i] = std::uint8_t(move_class(moves.moves[i], false));
          present |= 1u << classes[i];
        }
        for (int c = kProgress; c <= kSetback; ++c)
          if (present & (1u << c))
            for (int i = 0; i < moves.size; ++i)
              if (classes[i] == c) arena.push_back(moves.moves[i]);
      }
      f.last = arena.size();
      frames.push_back(f);
    };
    open(Move::null());
    if (arena.empty()) {  // the game is already over
      if (pos.side_to_move() != winner && pos.in_check()) {
        witness.clear();
        result.verdict = Winnability::Winnable;
      } else {
        result.verdict = Winnability::Unwinnable;
        result.proof = UnwinnableProof::Exhausted;
      }
      return true;
    }
    while (!frames.empty()) {
      Frame& top = frames.back();
      if (top.next == top.last) {
        if (frames.size() > 1) pos.undo_move(top.played, top.undo);
        arena.resize(top.first);
        frames.pop_back();
        continue;
      }
      const Move m = arena[top.next++];
      const std::uint64_t guess = key_after(m);
      // The guess is the key itself for an ordinary move without castling rights or a double
      // step (most moves of a walk): a position already entered is then skipped unplayed.
      UndoInfo undo;
      if (key_after_is_exact(m)) {
        if (++nodes > limit) return false;
        if (visited.contains(guess)) continue;
        if (top.next != top.last) visited.prefetch(key_after(arena[top.next]));
        pos.do_move(m, undo);
        visited.insert(guess);
        if (hopeless(changes_structure(m, undo))) {
          pos.undo_move(m, undo);
          continue;
        }
      } else {
        visited.prefetch(guess);
        pos.do_move(m, undo);
        if (++nodes > limit) return false;
        if (!visited.insert(pos.key()) || hopeless(changes_structure(m, undo))) {
          pos.undo_move(m, undo);
          continue;
        }
      }
      open(m);
      frames.back().undo = undo;
      if (frames.back().first == frames.back().last && game_over_in_walk(m, undo, result))
        return true;
    }
    result.verdict = Winnability::Unwinnable;
    result.proof = UnwinnableProof::Exhausted;
    return true;
  }

  WinnabilityResult run(const Position& root, Color side, std::uint64_t limit, bool witness_wanted,
                        std::uint64_t guided_limit) {
    WinnabilityResult result;
    if (root.has_insufficient_material(side) || analysis::lone_minor_cannot_mate(root, side)) {
      result.verdict = Winnability::Unwinnable;
      result.proof = UnwinnableProof::Material;
      return result;
    }
    if (analysis::blocked_unwinnable(root, side) || analysis::forming_wall_unwinnable(root, side)) {
      result.verdict = Winnability::Unwinnable;
      result.proof = UnwinnableProof::PawnWall;
      return result;
    }
    if (limit == 0) return result;  // the static tests alone
    pos = root;
    winner = side;
    want_witness = witness_wanted;
    nodes = 0;
    choose_targets();
    bool settled = false;
    // Guided passes first: they find the mates of open positions in few nodes.
    guided = true;
    int budget = 1;
    for (; !settled && budget <= 64 && nodes < guided_limit; ++budget)
      settled = run_pass(budget, std::min(guided_limit, nodes + kPassNodes), result);
    // Planned mating nets, briefly: most of those that lead anywhere stand within a few
    // thousand nodes.
    if (!settled && want_witness && !loser_must_promote && guided_limit < limit) {
      settled = plan_net(root, nodes + limit / 32, result);
      aim_at(corners[0]);
    }
    // Then the walk over the whole move graph, which is small in blocked positions, on up to
    // seven eighths of the budget. A winner with a queen or a rook rarely has a small graph
    // and its nodes cost more (more moves each): the walk gets five eighths, so that the
    // guided passes after it find such mates in time. A rook or queen boxed in by its own
    // men (`rnb1b3/pk1p4/...`) does not count: its graph is the small one of a wall.
    if (!settled && guided_limit < limit) {
      pos = root;
      bool heavy = false;
      for (Bitboard b = pos.pieces(winner, Queen) | pos.pieces(winner, Rook); b; b &= b - 1) {
        const Square s = Square(std::countr_zero(b));
        heavy |=
            (bb::attacks(type_of(pos.piece_on(s)), s, pos.pieces()) & ~pos.pieces(winner)) != 0;
      }
      settled = close_graph(std::max(heavy ? limit / 8 * 5 : limit - limit / 8, nodes), result);
      // Then mating nets planned and routed, on half of what is left (not where the loser
      // must promote first: no net of its present men can hold its king).
      if (!settled && want_witness && !loser_must_promote && nodes < limit)
        settled = plan_net(root, nodes + (limit - nodes) / 2, result);
      // Open positions: back to guided passes, with the budgets they had reached, each budget
      // aimed at every corner in turn.
      pos = root;
      guided = true;
      for (; !settled && budget <= 64 && nodes < limit; ++budget)
        for (int k = 0; !settled && k < kCornerTries && nodes < limit; ++k) {
          aim_at(corners[k]);
          settled = run_pass(budget, std::min(limit, nodes + kPassNodes), result);
        }
    }
    result.nodes = std::min(nodes, limit);
    if (result.verdict == Winnability::Winnable && want_witness) {
      // Never answer winnable without a mate the legality core confirms.
      if (replays_to_mate(root, side, witness)) {
        result.witness = witness;
      } else {
        result.verdict = Winnability::Undetermined;
      }
    }
    return result;
  }
};

WinnabilityAnalyzer::WinnabilityAnalyzer(std::uint64_t node_limit)
    : impl_(std::make_unique<Impl>(node_limit)) {}
WinnabilityAnalyzer::~WinnabilityAnalyzer() = default;

WinnabilityResult WinnabilityAnalyzer::decide(const Position& pos, Color side) {
  return decide(pos, side, impl_->node_limit);
}

WinnabilityResult WinnabilityAnalyzer::decide(const Position& pos, Color side,
                                              std::uint64_t node_limit) {
  // A queen or a rook on the board (either side's) gives each node many more moves to play
  // and generate: such positions get three quarters of the budget, so that no decision takes
  // much longer than one over pawns and minor pieces.
  if (pos.pieces(Queen) | pos.pieces(Rook)) node_limit -= node_limit / 4;
  return impl_->run(pos, side, node_limit, true, node_limit / 16);
}

bool could_be_shut_out(const Position& pos, Color side) {
  // Pawns free to advance can promote, and queens, rooks and mixed minor pieces mate too
  // easily: positions with any of them are taken as winnable without a search.
  const Bitboard pawns = pos.pieces(Pawn);
  if (pos.pieces(side, Queen) | pos.pieces(side, Rook)) return false;
  if ((((pos.pieces(White, Pawn) << 8) | (pos.pieces(Black, Pawn) >> 8)) & ~pawns) &&
      !every_pawn_faced(pos))
    return false;
  const Bitboard knights = pos.pieces(side, Knight), bishops = pos.pieces(side, Bishop);
  if (knights && (bishops || more_than_one(knights))) return false;
  return !((bishops & kDarkSquares) && (bishops & ~kDarkSquares));
}

bool could_be_unwinnable(const Position& pos, Color side) {
  if (pos.has_insufficient_material(side) || could_be_shut_out(pos, side)) return true;
  // Pawns that cannot step now may be frozen for good, and a side without a queen or a
  // rook is then often shut out (a side with them is, rarely, and its search is long).
  const Bitboard fronts = (pos.pieces(White, Pawn) << 8) | (pos.pieces(Black, Pawn) >> 8);
  return pos.pieces(Pawn) && !(fronts & ~pos.pieces()) &&
         !(pos.pieces(side, Queen) | pos.pieces(side, Rook));
}

WinnabilityResult WinnabilityAnalyzer::screen(const Position& pos, Color side,
                                              std::uint64_t walk_nodes) {
  WinnabilityResult result;
  if (pos.has_insufficient_material(side)) {
    result.verdict = Winnability::Unwinnable;
    result.proof = UnwinnableProof::Material;
    return result;
  }
  if (!could_be_shut_out(pos, side)) return result;
  // Pawns that can still step leave many positions to walk through: the static tests alone
  // (a wall still forming), which keeps the screen at a few microseconds.
  if (((pos.pieces(White, Pawn) << 8) | (pos.pieces(Black, Pawn) >> 8)) & ~pos.pieces(Pawn))
    walk_nodes = 0;
  result = impl_->run(pos, side, std::min(impl_->node_limit, walk_nodes), false, 0);
  if (result.verdict == Winnability::Winnable) result.verdict = Winnability::Undetermined;
  return result;
}

UnwinnableProof WinnabilityAnalyzer::static_proof(const Position& pos, Color side) {
  const WinnabilityResult result = impl_->run(pos, side, 0, false, 0);
  return result.verdict == Winnability::Unwinnable ? result.proof : UnwinnableProof::None;
}

}  // namespace pgn
