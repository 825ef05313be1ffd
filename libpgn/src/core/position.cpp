// Position: make/unmake, hashing, attack queries and game-end tests.
#include "libpgn/position.hpp"

#include <array>

#include "core/bitboard.hpp"
#include "core/zobrist.hpp"
#include "libpgn/movegen.hpp"

namespace pgn {
namespace {

using namespace bb;

// Zobrist keys from a fixed-seed SplitMix64 sequence, so keys are identical in every build and
// on every run (stored keys and repetition tables stay comparable).
struct ZobristKeys {
  std::array<std::array<std::uint64_t, 64>, kPieceCount> piece_square{};
  std::array<std::uint64_t, 16> castling{};  // indexed by the 4-bit rights set
  std::array<std::uint64_t, 8> en_passant_file{};
  std::uint64_t black_to_move = 0;
  // Variants: crazyhouse pockets by piece and count, three-check checks given by side and count.
  std::array<std::array<std::uint64_t, 32>, kPieceCount> pocket{};
  std::array<std::array<std::uint64_t, 4>, 2> checks_given{};
};

constexpr ZobristKeys make_zobrist_keys() {
  std::uint64_t state = 0x6c696270676e2121ULL;
  auto next = [&state] {
    state += 0x9e3779b97f4a7c15ULL;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  };
  ZobristKeys keys;
  for (int piece = 0; piece < kPieceCount; ++piece)
    for (int square = 0; square < 64; ++square) keys.piece_square[piece][square] = next();
  std::uint64_t single_right[4] = {next(), next(), next(), next()};
  // The key of a set of rights is the XOR of its members, so dropping one right is one XOR.
  for (int rights = 0; rights < 16; ++rights)
    for (int bit = 0; bit < 4; ++bit)
      if (rights & (1 << bit)) keys.castling[rights] ^= single_right[bit];
  for (auto& key : keys.en_passant_file) key = next();
  keys.black_to_move = next();
  // Drawn after the standard keys, so standard keys stay what they were.
  for (auto& counts : keys.pocket)
    for (int n = 1; n < 32; ++n) counts[n] = next();
  for (auto& counts : keys.checks_given)
    for (int n = 1; n < 4; ++n) counts[n] = next();
  // "No piece" on a square changes no key: do_move captures without asking whether there
  // is something to capture.
  for (auto& key : keys.piece_square[NoPiece]) key = 0;
  return keys;
}

constexpr ZobristKeys kZobrist = make_zobrist_keys();

inline std::uint64_t piece_key(Piece p, Square s) {
  return kZobrist.piece_square[p][s];
}

// The slider tables of diagonals (0) and of ranks and files (1), chosen by a load, not a branch.
constexpr const std::array<SliderSquare, 64>* kSlidersOfLine[2] = {&kBishopSliders, &kRookSliders};

}  // namespace

std::uint64_t pocket_key(Piece p, int count) {
  return kZobrist.pocket[p][count & 31];
}
std::uint64_t checks_given_key(Color c, int count) {
  return kZobrist.checks_given[c][count & 3];
}
std::uint64_t zobrist_piece_key(Piece p, Square s) {
  return piece_key(p, s);
}
std::uint64_t zobrist_castling_key(int rights) {
  return kZobrist.castling[rights];
}
std::uint64_t zobrist_en_passant_key(Square ep) {
  return kZobrist.en_passant_file[file_of(ep)];
}
std::uint64_t zobrist_side_key() {
  return kZobrist.black_to_move;
}

namespace {

// Where king and rook end up after castling to `side`, whatever variant.
inline Square castled_king_square(Color c, CastleSide side) {
  return relative_square(c, side == KingSide ? G1 : C1);
}
inline Square castled_rook_square(Color c, CastleSide side) {
  return relative_square(c, side == KingSide ? F1 : D1);
}

const Position& start_position() {
  static const Position start = [] {
    FenResult result = Position::from_fen(Position::kStartFen);
    return result.position;
  }();
  return start;
}

}  // namespace

Position::Position() {
  *this = start_position();
}

Position::Position(EmptyTag)
    : board_{},
      by_type_{},
      by_color_{},
      checkers_(0),
      key_(0),
      castling_rook_{NoSquare, NoSquare, NoSquare, NoSquare},
      castling_path_{},
      ep_square_(NoSquare),
      side_(White),
      castling_rights_(0),
      castling_mask_{},
      halfmove_clock_(0),
      fullmove_number_(1),
      chess960_(false),
      variant_(Variant::Standard),
      checks_given_{},
      pocket_{},
      promoted_(0) {}

std::uint64_t Position::compute_key() const {
  std::uint64_t key = kZobrist.castling[castling_rights_];
  for (Bitboard b = pieces(); b;) {
    Square s = pop_lsb(b);
    key ^= piece_key(board_[s], s);
  }
  if (ep_square_ != NoSquare) key ^= kZobrist.en_passant_file[file_of(ep_square_)];
  if (side_ == Black) key ^= kZobrist.black_to_move;
  if (variant_ != Variant::Standard) key ^= variant_key_part();
  return key;
}

std::uint64_t Position::variant_key_part() const {
  std::uint64_t key = 0;
  for (Color c : {White, Black}) {
    key ^= checks_given_key(c, checks_given_[c]);
    for (int t = Pawn; t <= King; ++t)
      key ^= pocket_key(make_piece(c, PieceType(t)), pocket_[c][t]);
  }
  return key;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (pawn_attacks(Black, s) & pieces(White, Pawn)) |
         (pawn_attacks(White, s) & pieces(Black, Pawn)) | (knight_attacks(s) & pieces(Knight)) |
         (king_attacks(s) & pieces(King)) |
         (bishop_attacks(s, occupied) & (pieces(Bishop) | pieces(Queen))) |
         (rook_attacks(s, occupied) & (pieces(Rook) | pieces(Queen)));
}

bool Position::is_attacked(Square s, Color by) const {
  return (attackers_to(s, pieces()) & pieces(by)) != 0;
}

Bitboard Position::compute_checkers() const {
  Color us = side_, them = ~us;
  Square ksq = king_square(us);
  Bitboard occupied = pieces();
  return ((pawn_attacks(us, ksq) & pieces(them, Pawn)) |
          (knight_attacks(ksq) & pieces(them, Knight)) |
          (bishop_attacks(ksq, occupied) & (pieces(them, Bishop) | pieces(them, Queen))) |
          (rook_attacks(ksq, occupied) & (pieces(them, Rook) | pieces(them, Queen))));
}

Bitboard Position::pinned(Color c) const {
  Square ksq = king_square(c);
  Color them = ~c;
  Bitboard snipers = (kRookRays[ksq] & (pieces(them, Rook) | pieces(them, Queen))) |
                     (kBishopRays[ksq] & (pieces(them, Bishop) | pieces(them, Queen)));
  Bitboard occupied = pieces(), result = 0;
  while (snipers) {
    Bitboard blockers = between(ksq, pop_lsb(snipers)) & occupied;
    if (blockers && !more_than_one(blockers)) result |= blockers & pieces(c);
  }
  return result;
}

[[gnu::always_inline]] inline Bitboard Position::checkers_after_normal_move(
    Square from_square, Square to_square) const {
  // Word-sized, as in do_move. Only the piece that moved can check directly: it does when its
  // empty-board attacks reach the king with nothing in between (rarely true, so rarely asked),
  // which needs neither a switch on its type nor a slider lookup.
  const std::size_t from = from_square, to = to_square;
  const std::size_t us = ~side_, them = side_;
  const Bitboard occupied = by_color_[0] | by_color_[1];
  const std::size_t king = std::size_t(std::countr_zero(by_color_[them] & by_type_[King]));
  Bitboard checkers = 0;
  if (((kEmptyBoardAttacks[board_[to]][to] >> king) & 1) && !(kBetween[to][king] & occupied))
    checkers = Bitboard{1} << to;
  // Otherwise only a slider uncovered on the line from the king through `from` can check:
  // before the move the side that made it could not attack the other king (the position was
  // legal), the moved piece stands on `to`, and `from` is the only square emptied. A third
  // of all squares lie on a line from the king, so the slider lookup is made for every move
  // rather than behind a branch that would be mispredicted that often. No square lies on
  // both kinds of line, so one lookup does, in the table of the line `from` is on; when
  // `from` is on none, that (diagonal) lookup finds nothing, since no slider of the mover
  // attacked the king before and none was uncovered.
  const std::size_t straight = (kRookRays[king] >> from) & 1;
  const SliderSquare& slider = (*kSlidersOfLine[straight])[king];
  const Bitboard uncovered = (by_type_[Bishop + straight] | by_type_[Queen]) & by_color_[us];
  return checkers | (slider.attacks[slider.index(occupied)] & uncovered);
}

bool Position::en_passant_capture_legal(Square ep) const {
  Color us = side_, them = ~us;
  Square victim = Square(ep ^ 8);  // the pawn that passed `ep` stands just beyond it
  Square ksq = king_square(us);
  Bitboard enemies = pieces(them) ^ square_bb(victim);
  for (Bitboard capturers = pawn_attacks(them, ep) & pieces(us, Pawn); capturers;) {
    Square from = pop_lsb(capturers);
    Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(victim)) | square_bb(ep);
    Bitboard attackers =
        ((rook_attacks(ksq, occupied) & (pieces(Rook) | pieces(Queen))) |
         (bishop_attacks(ksq, occupied) & (pieces(Bishop) | pieces(Queen))) |
         (knight_attacks(ksq) & pieces(Knight)) | (pawn_attacks(us, ksq) & pieces(Pawn))) &
        enemies;
    if (!attackers) return true;
  }
  return false;
}

bool Position::is_legal(Move m) const {
  Square from = m.from(), to = m.to();
  if (from == to) return false;
  Piece moving = board_[from];
  if (moving == NoPiece || color_of(moving) != side_) return false;
  // Any move the generator produces is legal; everything else (wrong kind bits, stray
  // promotion bits, impossible geometry) simply is not among the candidates.
  MoveList candidates;
  generate_legal_to(*this, to, type_of(moving), candidates);
  return candidates.contains(m);
}

Piece Position::captured_piece(Move m) const {
  switch (m.kind()) {
    case Move::Castling:
      return NoPiece;
    case Move::EnPassant:
      return make_piece(~side_, Pawn);
    default: {
      Piece target = board_[m.to()];
      return target != NoPiece && color_of(target) != side_ ? target : NoPiece;
    }
  }
}

bool Position::gives_check(Move m) const {
  Color us = side_, them = ~us;
  Square from = m.from(), to = m.to();
  Square their_king = king_square(them);
  // Rebuild our piece sets and the occupancy as they will be after the move, then ask
  // whether anything of ours attacks their king: direct, discovered and special moves alike.
  Bitboard mine[kPieceTypeCount] = {};
  for (int t = Pawn; t <= King; ++t) mine[t] = pieces(us, PieceType(t));
  Bitboard occupied = pieces();
  PieceType moving = type_of(board_[from]);
  switch (m.kind()) {
    case Move::Castling: {
      CastleSide side = to > from ? KingSide : QueenSide;
      Square king_to = castled_king_square(us, side), rook_to = castled_rook_square(us, side);
      occupied ^= square_bb(from) | square_bb(to);
      occupied |= square_bb(king_to) | square_bb(rook_to);
      mine[King] = square_bb(king_to);
      mine[Rook] = (mine[Rook] ^ square_bb(to)) | square_bb(rook_to);
      break;
    }
    case Move::EnPassant:
      occupied ^= square_bb(from) | square_bb(Square(to ^ 8));
      occupied |= square_bb(to);
      mine[Pawn] ^= square_bb(from) | square_bb(to);
      break;
    default:
      occupied = (occupied ^ square_bb(from)) | square_bb(to);
      mine[moving] ^= square_bb(from);
      mine[m.kind() == Move::Promotion ? m.promotion() : moving] |= square_bb(to);
      break;
  }
  return (pawn_attacks(them, their_king) & mine[Pawn]) ||
         (knight_attacks(their_king) & mine[Knight]) ||
         (bishop_attacks(their_king, occupied) & (mine[Bishop] | mine[Queen])) ||
         (rook_attacks(their_king, occupied) & (mine[Rook] | mine[Queen]));
}

// do_move's steps shared by the plain and the special moves.
[[gnu::always_inline]] inline std::uint64_t Position::start_move(UndoInfo& __restrict undo) {
  undo.key = key_;
  undo.checkers = checkers_;
  undo.ep_square = ep_square_;
  undo.castling_rights = castling_rights_;
  undo.halfmove_clock = halfmove_clock_;
  std::uint64_t key = key_ ^ kZobrist.black_to_move;
  if (ep_square_ != NoSquare) [[unlikely]] {
    key ^= kZobrist.en_passant_file[file_of(ep_square_)];
    ep_square_ = NoSquare;
  }
  return key;
}

// Word-sized squares and side: as the byte-sized Square and Color, each use in the plain move
// would narrow and widen them again.
[[gnu::always_inline]] inline void Position::end_move(std::size_t from, std::size_t to,
                                                      std::uint64_t key, std::size_t us) {
  if (castling_rights_) {
    std::uint8_t lost = castling_mask_[from] | castling_mask_[to];
    if (castling_rights_ & lost) {
      key ^= kZobrist.castling[castling_rights_];
      castling_rights_ &= std::uint8_t(~lost);
      key ^= kZobrist.castling[castling_rights_];
    }
  }
  fullmove_number_ += us;  // after Black's move; no branch that alternates every ply
  side_ = Color(us ^ 1);
  key_ = key;
}

void Position::do_move(Move m, UndoInfo& __restrict undo) {
  // Castling, en passant and promotions, a few in a hundred moves, take their own path, so
  // that the plain move's keeps few values alive (and makes no call but a rare last one).
  if (m.kind() != Move::Normal) [[unlikely]] {
    do_special_move(m, undo);
    return;
  }
  std::uint64_t key = start_move(undo);
  // The squares as plain integers: as the byte-sized Square, each use would narrow and widen
  // them again.
  const std::size_t from = m.raw() & 63, to = (m.raw() >> 6) & 63;
  const std::size_t us = side_, them = us ^ 1;
  const Piece moving = board_[from], captured = board_[to];
  undo.captured = captured;
  key ^= kZobrist.piece_square[captured][to] ^ kZobrist.piece_square[moving][from] ^
         kZobrist.piece_square[moving][to];
  // A quarter of all moves capture, in no pattern a branch predictor could learn: the
  // square is emptied whatever stands there ("no piece" has no key and an empty mask).
  const Bitboard to_bb = Bitboard{1} << to;
  const bool capture = captured != NoPiece;
  const Bitboard lifted = to_bb & (Bitboard{0} - Bitboard{capture});
  by_type_[std::size_t{captured} & 7] ^= lifted;
  by_color_[them] ^= lifted;
  const Bitboard change = (Bitboard{1} << from) | to_bb;
  board_[from] = NoPiece;
  board_[to] = moving;
  const std::size_t moving_type = std::size_t{moving} & 7;
  by_type_[moving_type] ^= change;
  by_color_[us] ^= change;
  // Masked, not branched on, for the same reason.
  const bool irreversible = capture || moving_type == Pawn;
  halfmove_clock_ = std::uint16_t((halfmove_clock_ + 1) & (0u - unsigned{!irreversible}));
  end_move(from, to, key, us);
  checkers_ = checkers_after_normal_move(Square(from), Square(to));
  // The en-passant square is recorded only when a capture there is really possible, so that
  // positions that differ in nothing else share one key.
  if (moving_type == Pawn && (to ^ from) == 16) {
    const Square passed = Square((from + to) / 2);
    if (pawn_attacks(Color(us), passed) & pieces(Color(them), Pawn)) [[unlikely]]
      record_en_passant(passed);
  }
}

void Position::record_en_passant(Square passed) {
  if (!en_passant_capture_legal(passed)) return;
  ep_square_ = passed;
  key_ ^= kZobrist.en_passant_file[file_of(passed)];
}

void Position::do_special_move(Move m, UndoInfo& __restrict undo) {
  std::uint64_t key = start_move(undo);
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  const Piece moving = board_[from];
  Piece captured = NoPiece;
  if (m.kind() == Move::Castling) {
    CastleSide side = to > from ? KingSide : QueenSide;
    Square king_to = castled_king_square(us, side), rook_to = castled_rook_square(us, side);
    Piece rook = board_[to];
    // Lift both first: in Chess960 either may land where the other stood.
    remove_piece(from);
    remove_piece(to);
    put_piece(moving, king_to);
    put_piece(rook, rook_to);
    key ^= piece_key(moving, from) ^ piece_key(moving, king_to) ^ piece_key(rook, to) ^
           piece_key(rook, rook_to);
    ++halfmove_clock_;
  } else if (m.kind() == Move::EnPassant) {
    const Square victim = Square(to ^ 8);
    captured = board_[victim];
    remove_piece(victim);
    move_piece(from, to);
    key ^= piece_key(captured, victim) ^ piece_key(moving, from) ^ piece_key(moving, to);
    halfmove_clock_ = 0;
  } else {  // a promotion
    captured = board_[to];
    if (captured != NoPiece) remove_piece(to);
    const Piece promoted = make_piece(us, m.promotion());
    remove_piece(from);
    put_piece(promoted, to);
    key ^= piece_key(captured, to) ^ piece_key(moving, from) ^ piece_key(promoted, to);
    halfmove_clock_ = 0;
  }
  undo.captured = captured;
  end_move(from, to, key, us);
  checkers_ = compute_checkers();
}

void Position::undo_move(Move m, const UndoInfo& undo) {
  side_ = ~side_;
  const Color us = side_;
  fullmove_number_ -= us;
  const Square from = m.from(), to = m.to();

  if (m.kind() == Move::Castling) {
    CastleSide side = to > from ? KingSide : QueenSide;
    Square king_to = castled_king_square(us, side), rook_to = castled_rook_square(us, side);
    Piece king = board_[king_to], rook = board_[rook_to];
    remove_piece(king_to);
    remove_piece(rook_to);
    put_piece(king, from);
    put_piece(rook, to);
  } else {
    if (m.kind() == Move::Promotion) {
      remove_piece(to);
      put_piece(make_piece(us, Pawn), to);
    }
    move_piece(to, from);
    if (undo.captured != NoPiece)
      put_piece(undo.captured, m.kind() == Move::EnPassant ? Square(to ^ 8) : to);
  }

  key_ = undo.key;
  checkers_ = undo.checkers;
  ep_square_ = undo.ep_square;
  castling_rights_ = undo.castling_rights;
  halfmove_clock_ = undo.halfmove_clock;
}

void Position::play_null() {
  if (ep_square_ != NoSquare) {
    key_ ^= kZobrist.en_passant_file[file_of(ep_square_)];
    ep_square_ = NoSquare;
  }
  key_ ^= kZobrist.black_to_move;
  if (side_ == Black) ++fullmove_number_;
  side_ = ~side_;
  ++halfmove_clock_;
  checkers_ = compute_checkers();
}

bool Position::is_checkmate() const {
  return in_check() && !has_legal_move();
}
bool Position::is_stalemate() const {
  return !in_check() && !has_legal_move();
}

bool Position::has_insufficient_material(Color c) const {
  Color them = ~c;
  if (pieces(c, Pawn) | pieces(c, Rook) | pieces(c, Queen)) return false;
  Bitboard knights = pieces(c, Knight), bishops = pieces(c, Bishop);
  if (!knights && !bishops) return true;  // bare king
  // The opponent's own men can box their king in, so every case below allows only those
  // helpers that provably cannot make a mate possible.
  Bitboard their_helpers = pieces(them) ^ pieces(them, King);
  if (!bishops) {
    // A lone knight mates only with enemy pieces hemming the king in.
    return !more_than_one(knights) && !their_helpers;
  }
  if (knights) return false;
  // Bishops only: all on one square colour, they and the king can never cover the squares of
  // the other colour. The opponent's bishops on that same colour cannot help either; any other
  // enemy man (pawn, knight, rook, queen, a bishop of the other colour) might block a flight
  // square, so then a mate is not ruled out.
  Bitboard all_bishops = bishops | pieces(them, Bishop);
  bool one_colour = !(all_bishops & kDarkSquares) || !(all_bishops & ~kDarkSquares);
  return one_colour && !(their_helpers & ~pieces(them, Bishop));
}

}  // namespace pgn
