// Resolving a parsed move against a position (with precise reasons when it fails; the
// sentences that explain them are in move_errors.cpp), and the one move writer (SAN and long
// algebraic), with its variant forms.
#include "libpgn/san.hpp"

#include <bit>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/bitboard.hpp"
#include "core/variant_rules.hpp"
#include "libpgn/append_buffer.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/spoken.hpp"
#include "libpgn/variant.hpp"
#include "notation/move_text.hpp"
#include "notation/san.hpp"

namespace pgn {
namespace {

using detail::captured_by;
using detail::enemy_attackers;
using detail::file_bb;
using detail::keeps_king_safe;
using detail::kFileA;
using detail::kFileH;
using detail::king_destination;
using detail::lowest_square;
using detail::pawn_attackers_of;
using detail::pieces_reaching;
using detail::rook_destination;

constexpr Bitboard rank_bb(int rank) {
  return Bitboard{0xFF} << (8 * rank);
}

// All squares from a to b inclusive (both on one rank).
Bitboard rank_span(Square a, Square b) {
  const int low = a < b ? a : b, high = a < b ? b : a;
  Bitboard span = 0;
  for (int s = low; s <= high; ++s) span |= square_bb(Square(s));
  return span;
}

// The squares a written from-file / from-rank allow.
Bitboard allowed_origins(const MoveText& text) {
  Bitboard allowed = ~Bitboard{0};
  if (text.from_file >= 0 && text.from_file < 8) allowed &= file_bb(text.from_file);
  if (text.from_rank >= 0 && text.from_rank < 8) allowed &= rank_bb(text.from_rank);
  return allowed;
}

using detail::failure;

// Castling is legal unless one of the reasons below applies; they are checked in the order
// a player would name them.
MoveResolution resolve_castling(const Position& pos, CastleSide side) {
  const Color us = pos.side_to_move();
  if (!pos.can_castle(us, side)) return failure(MoveError::CastleRightLost);
  if (pos.in_check()) return failure(MoveError::CastleOutOfCheck, lowest_square(pos.checkers()));
  const Square king = pos.king_square(us);
  const Square rook = pos.castling_rook(us, side);
  const Square king_to = king_destination(us, side), rook_to = rook_destination(us, side);
  const Bitboard movers = square_bb(king) | square_bb(rook);
  const Bitboard must_be_empty = (rank_span(king, king_to) | rank_span(rook, rook_to)) & ~movers;
  if (const Bitboard blockers = must_be_empty & pos.pieces()) {
    // Name the blocker nearest the king.
    Square nearest = lowest_square(blockers);
    for (Bitboard b = blockers; b; b &= b - 1) {
      const Square s = lowest_square(b);
      if (std::abs(s - king) < std::abs(nearest - king)) nearest = s;
    }
    return failure(MoveError::CastleBlocked, nearest);
  }
  const int step = king_to > king ? 1 : -1;
  for (int s = king + step; king != king_to && s != king_to; s += step)
    if (enemy_attackers(pos, Square(s), pos.pieces(), ~us))
      return failure(MoveError::CastleThroughCheck, Square(s));
  // The destination counts with the rook moved: in Chess960 the rook may have been the piece
  // that kept a line to the king's new square closed.
  const Bitboard after = (pos.pieces() ^ movers) | square_bb(king_to) | square_bb(rook_to);
  if (enemy_attackers(pos, king_to, after, ~us))
    return failure(MoveError::CastleIntoCheck, king_to);
  MoveResolution r;
  r.move = Move(king, rook, Move::Castling);
  return r;
}

// A king move from its square that means castling: king takes own castling rook (Chess960
// and UCI style), or in standard chess the two-square step e1g1 / e1c1. -1 when not castling.
int castling_side_of_king_move(const Position& pos, Square from, Square to) {
  const Color us = pos.side_to_move();
  if (rank_of(from) != rank_of(to)) return -1;
  for (CastleSide side : {KingSide, QueenSide})
    if (pos.can_castle(us, side) && pos.castling_rook(us, side) == to) return side;
  if (pos.is_chess960() || from != relative_square(us, E1)) return -1;
  if (to == relative_square(us, G1) || to == relative_square(us, H1)) return KingSide;
  if (to == relative_square(us, C1) || to == relative_square(us, A1)) return QueenSide;
  return -1;
}

// No legal move matched: find the pieces that could reach the square by their movement and
// say why each one may not go there.
MoveResolution diagnose_illegal(const Position& pos, const MoveText& text, PieceType type,
                                Bitboard origins) {
  const Color us = pos.side_to_move();
  const Square to = text.to;
  Bitboard reaching = 0;
  if (type == NoPieceType) {
    for (int t = Pawn; t <= King; ++t) reaching |= pieces_reaching(pos, us, PieceType(t), to);
  } else {
    reaching = pieces_reaching(pos, us, type, to);
  }
  reaching &= origins;
  if (type == Pawn && text.capture) reaching &= ~file_bb(file_of(to));

  // A diagonal pawn step onto the empty square behind an enemy pawn has the shape of an
  // en passant capture; whether the right exists the position alone cannot say, but a capture
  // that would expose the king is worth naming as such.
  const bool empty_target = !(pos.pieces() & square_bb(to));
  const bool pawn_may_move = type == Pawn || type == NoPieceType;
  const Bitboard diagonal_pawns =
      pawn_may_move && empty_target && relative_rank(us, rank_of(to)) == 5
          ? pawn_attackers_of(us, to) & pos.pieces(us, Pawn) & origins
          : 0;
  const Square passed = Square(us == White ? to - 8 : to + 8);
  const bool behind_enemy_pawn = diagonal_pawns && pos.piece_on(passed) == make_piece(~us, Pawn);
  if (behind_enemy_pawn) reaching |= diagonal_pawns;

  if (!reaching) {
    if (diagonal_pawns) return failure(MoveError::EnPassantUnavailable, to);
    return failure(MoveError::NoSuchPiece, (pos.pieces(us) & square_bb(to)) ? to : NoSquare);
  }

  const Bitboard occupied = pos.pieces();
  const Square king = pos.king_square(us);
  MoveResolution exposed = failure(MoveError::None);
  for (Bitboard b = reaching; b; b &= b - 1) {
    const Square from = lowest_square(b);
    Bitboard captured = pos.pieces(~us) & square_bb(to);
    if (empty_target && (diagonal_pawns & square_bb(from))) captured = square_bb(passed);
    const Bitboard after = (occupied ^ square_bb(from) ^ captured) | square_bb(to);
    const bool king_moves = from == king;
    const Bitboard attackers = enemy_attackers(pos, king_moves ? to : king, after, ~us) & ~captured;
    if (!attackers) continue;
    const Bitboard pinned = pos.pinned(us) & square_bb(from);
    if (king_moves)
      return failure(MoveError::KingInCheck, lowest_square(attackers), square_bb(from));
    if (pos.in_check() && (attackers & pos.checkers()))
      return failure(MoveError::KingInCheck, lowest_square(attackers & pos.checkers()),
                     square_bb(from));
    if (pinned) return failure(MoveError::Pinned, lowest_square(attackers), square_bb(from));
    if (exposed.error == MoveError::None)
      exposed = failure(MoveError::KingInCheck, lowest_square(attackers), square_bb(from));
  }
  if (exposed.error != MoveError::None) return exposed;
  if (behind_enemy_pawn) return failure(MoveError::EnPassantUnavailable, to);
  return failure(MoveError::NoSuchPiece);
}

}  // namespace

const char* move_error_code(MoveError e) {
  switch (e) {
    case MoveError::None:
      return "ok";
    case MoveError::Ambiguous:
      return "ambiguous-move";
    default:
      return "illegal-move";
  }
}

MoveResolution resolve_move(const Position& pos, const MoveText& text) {
  // The usual move: a piece or pawn that exactly one own piece can legally play, no
  // promotion, no complete from-square. Anything else takes the general path below, which
  // also explains failures. (This repeats the general path's last steps for that one case:
  // sharing them through helpers made validating 3% slower.)
  if (text.kind == MoveText::Normal && text.to < NoSquare && text.promotion == NoPieceType &&
      text.piece != NoPieceType && (text.from_file < 0 || text.from_rank < 0)) {
    const Color us = pos.side_to_move();
    Bitboard reaching = pieces_reaching(pos, us, text.piece, text.to) & allowed_origins(text);
    if (text.capture) reaching &= ~(pos.pieces(us, Pawn) & file_bb(file_of(text.to)));
    if (reaching && !(reaching & (reaching - 1))) {
      const Square from = lowest_square(reaching);
      const bool pawn = text.piece == Pawn;
      if ((!pawn || (relative_rank(us, rank_of(text.to)) != 7 &&
                     (file_of(from) == file_of(text.to) || ((text.from_file >= 0 || text.capture) &&
                                                            pos.piece_on(text.to) != NoPiece)))) &&
          keeps_king_safe(pos, us, from, text.to)) {
        MoveResolution r;
        r.move = Move(from, text.to);
        return r;
      }
    }
  }
  switch (text.kind) {
    case MoveText::Null:
      if (pos.in_check()) return failure(MoveError::NullMoveInCheck, lowest_square(pos.checkers()));
      return MoveResolution{};
    case MoveText::CastleShort:
      return resolve_castling(pos, KingSide);
    case MoveText::CastleLong:
      return resolve_castling(pos, QueenSide);
    case MoveText::Drop:
      return failure(MoveError::DropOutsideCrazyhouse, text.to);
    case MoveText::Normal:
      break;
  }
  if (text.to >= NoSquare) return failure(MoveError::NoSuchPiece);
  const Color us = pos.side_to_move();
  PieceType type = text.piece;
  if (text.from_file >= 0 && text.from_file < 8 && text.from_rank >= 0 && text.from_rank < 8) {
    const Square from = make_square(text.from_file, text.from_rank);
    const Piece on_from = pos.piece_on(from);
    const bool own = on_from != NoPiece && color_of(on_from) == us;
    if (type == NoPieceType) {
      if (!own) return failure(MoveError::WrongPieceOnSquare, from);
      type = type_of(on_from);
    }
    if (own && type == King && type_of(on_from) == King) {
      const int side = castling_side_of_king_move(pos, from, text.to);
      if (side >= 0) return resolve_castling(pos, CastleSide(side));
    }
  }
  if (text.promotion == King || text.promotion == Pawn)
    return failure(MoveError::BadPromotion, text.to);

  const Square to = text.to;
  const Bitboard origins = allowed_origins(text);
  Bitboard reaching = 0;
  if (type == NoPieceType) {
    for (int t = Pawn; t <= King; ++t) reaching |= pieces_reaching(pos, us, PieceType(t), to);
  } else {
    reaching = pieces_reaching(pos, us, type, to);
  }
  reaching &= origins;
  // A pawn written with a capture sign cannot be moving straight ahead.
  if (text.capture) reaching &= ~(pos.pieces(us, Pawn) & file_bb(file_of(to)));
  // Nor can one written as a push be capturing: "d5" is never exd5 ("xd5" still reads).
  if (text.from_file < 0 && !text.capture && (type == Pawn || type == NoPieceType)) {
    const Bitboard capturing = reaching & pos.pieces(us, Pawn) & ~file_bb(file_of(to));
    reaching &= ~capturing;
    if (!reaching && capturing) {
      Bitboard meant = 0;
      for (Bitboard b = capturing; b; b &= b - 1)
        if (keeps_king_safe(pos, us, lowest_square(b), to)) meant |= b & -b;
      if (meant) return failure(MoveError::CaptureWrittenAsPush, to, meant);
    }
  }
  Bitboard legal = 0;
  for (Bitboard b = reaching; b; b &= b - 1)
    if (keeps_king_safe(pos, us, lowest_square(b), to)) legal |= b & -b;
  if (!legal) return diagnose_illegal(pos, text, type, origins);

  const Square from = lowest_square(legal);
  const bool pawn = type_of(pos.piece_on(from)) == Pawn;
  const bool promotes = pawn && relative_rank(us, rank_of(to)) == 7;
  if (promotes && text.promotion == NoPieceType) return failure(MoveError::PromotionMissing, to);
  if (!promotes && text.promotion != NoPieceType) return failure(MoveError::BadPromotion, to);
  if (legal & (legal - 1)) return failure(MoveError::Ambiguous, to, legal);
  MoveResolution r;
  if (promotes) {
    r.move = Move(from, to, Move::Promotion, text.promotion);
  } else if (pawn && file_of(from) != file_of(to) && pos.piece_on(to) == NoPiece) {
    r.move = Move(from, to, Move::EnPassant);
  } else {
    r.move = Move(from, to);
  }
  return r;
}

// keeps_king_safe's full test.
bool detail::keeps_king_safe_by_attacks(const Position& pos, Color us, Square from, Square to) {
  const Square king = pos.king_square(us);
  const Bitboard captured = captured_by(pos, us, from, to);
  const Bitboard after = (pos.pieces() ^ square_bb(from) ^ captured) | square_bb(to);
  const Square guarded = from == king ? to : king;
  return !(pos.attackers_to(guarded, after) & pos.pieces(~us) & ~captured);
}

// resolve_plain_san's castling, out of line (a few moves in a hundred).
bool detail::resolve_plain_castling(const Position& pos, std::string_view castle,
                                    std::uint8_t check_mark, detail::PlainSan& out) {
  // Castling as the PGN standard writes it; every other spelling takes the grammar.
  if (castle != "O-O" && castle != "O-O-O") return false;
  const MoveResolution r = resolve_castling(pos, castle.size() == 3 ? KingSide : QueenSide);
  if (!r.ok()) return false;
  out.move = r.move;
  out.check_mark = check_mark;
  out.canonical = false;  // written_as_canonical_san leaves castling to the writer
  return true;
}

// ---------------------------------------------------------------------------------------
// The writer.

namespace {

constexpr char kEnglishLetters[kPieceTypeCount] = {' ', 'P', 'N', 'B', 'R', 'Q', 'K'};

// The writers below append to a std::string or to an AppendBuffer alike.

// The first entry of a table list, or `fallback` without a table.
template <class Text>
inline void append_first(Text& out, const Notation* notation,
                         const std::vector<std::string> Notation::*list, const char* fallback) {
  if (notation == nullptr) {
    out += fallback;
  } else if (!(notation->*list).empty()) {
    out += (notation->*list).front();
  }
}

template <class Text>
inline void append_piece_symbol(Text& out, const Notation* notation, PieceType t) {
  if (notation != nullptr && !notation->pieces[t].empty()) {
    out += notation->pieces[t].front();
  } else {
    out += kEnglishLetters[t];
  }
}

template <class Text>
inline void append_square_name(Text& out, Square s) {
  const char name[2] = {char('a' + file_of(s)), char('1' + rank_of(s))};
  out.append(name, 2);
}

template <class Text>
void append_castling(Text& out, Move m, const Notation* notation) {
  const bool king_side = file_of(m.to()) > file_of(m.from());
  if (notation != nullptr) {
    const std::vector<std::string>& forms =
        king_side ? notation->castle_short : notation->castle_long;
    if (!forms.empty()) {
      out += forms.front();
      return;
    }
  }
  out += king_side ? "O-O" : "O-O-O";
}

// "=Q": `piece` is what a pawn becomes (NoPieceType: nothing to write).
template <class Text>
void append_promotion(Text& out, PieceType piece, const Notation* notation) {
  if (piece == NoPieceType) return;
  std::string_view sign = "=";
  if (notation != nullptr) {
    sign = {};
    if (!notation->promotion.empty()) sign = notation->promotion.front();
  }
  out += sign;
  append_piece_symbol(out, notation, piece);
  if (!sign.empty() && sign.back() == '(') out += ')';
}

// "N@f3", "P@e4": a drop as lichess writes it, with the table's letters.
void append_drop(std::string& out, Move m, const Notation* notation) {
  append_piece_symbol(out, notation, m.drop_piece());
  out += '@';
  append_square_name(out, m.to());
}

template <class Text>
void append_capture(Text& out, const Notation* notation) {
  append_first(out, notation, &Notation::capture, "x");
}

// A move that is neither castling nor a drop, in SAN: the piece (none for a pawn), the origin
// coordinates `origin()` names (a pawn's file when it captures), the capture sign, the
// square, the promotion. The standard and the variant writers differ only in what they know
// of the move: whether it captures, which coordinates tell it apart, what a pawn becomes.
template <class Text, class Origin>
inline void append_board_move(Text& out, Move m, PieceType type, bool capture, const Origin& origin,
                              PieceType promotion, const Notation* notation) {
  const Square from = m.from();
  if (type == Pawn) {
    if (capture) {
      out += char('a' + file_of(from));
      append_capture(out, notation);
    }
  } else {
    append_piece_symbol(out, notation, type);
    const detail::SanOrigin named = origin();
    if (named.file) out += char('a' + file_of(from));
    if (named.rank) out += char('1' + rank_of(from));
    if (capture) append_capture(out, notation);
  }
  append_square_name(out, m.to());
  append_promotion(out, promotion, notation);
}

// The same in long algebraic: the piece, both squares, '-' or the capture sign between them.
inline void append_long_board_move(std::string& out, Move m, PieceType type, bool capture,
                                   PieceType promotion, const Notation* notation) {
  if (type != Pawn) append_piece_symbol(out, notation, type);
  append_square_name(out, m.from());
  if (capture) {
    append_capture(out, notation);
  } else if (notation != nullptr && !notation->move_dash.empty()) {
    out += notation->move_dash.front();
  } else {
    out += '-';
  }
  append_square_name(out, m.to());
  append_promotion(out, promotion, notation);
}

// '+' or '#' after a checking move.
void append_check(std::string& out, const Position& pos, Move m, const Notation* notation) {
  if (!pos.gives_check(m)) return;
  Position after = pos;
  after.play(m);
  append_check_sign(after, out, notation);
}

}  // namespace

detail::SanOrigin detail::san_origin(const Position& pos, Move m) {
  SanOrigin origin;
  const PieceType type = type_of(pos.piece_on(m.from()));
  if (type == Pawn || type == King || m.kind() == Move::Castling) return origin;
  // Only the moving piece's attack set is looked up, not every attacker of the square.
  const Square from = m.from(), to = m.to();
  const Color us = pos.side_to_move();
  const Bitboard others =
      bb::attacks(type, to, pos.pieces()) & pos.pieces(us, type) & ~square_bb(from);
  Bitboard rivals = 0;
  for (Bitboard b = others; b; b &= b - 1)
    if (keeps_king_safe(pos, us, lowest_square(b), to)) rivals |= b & -b;
  if (!rivals) return origin;
  if (!(rivals & file_bb(file_of(from)))) {
    origin.file = true;
  } else if (!(rivals & rank_bb(rank_of(from)))) {
    origin.rank = true;
  } else {
    origin.file = origin.rank = true;
  }
  return origin;
}

void append_check_sign(const Position& after, std::string& out, const Notation* notation) {
  const char* sign = english_check_sign(after);
  if (*sign == '\0') return;
  append_first(out, notation, *sign == '#' ? &Notation::mate : &Notation::check, sign);
}

void append_san(const Position& pos, Move m, std::string& out, const Notation* notation) {
  if (pos.variant() != Variant::Standard) [[unlikely]]
    return append_variant_san(pos, m, out, notation);
  if (notation != nullptr && notation->spoken) {
    append_spoken_move(pos, m, out, *notation);
    return;
  }
  append_san_unchecked(pos, m, out, notation);
  if (!m.is_null()) append_check(out, pos, m, notation);
}

void append_san_unchecked(const Position& pos, Move m, std::string& out, const Notation* notation) {
  if (m.is_null()) {
    out += "--";
    return;
  }
  // Gathered on the stack and appended once: an append per character cost more than finding
  // the move.
  AppendBuffer<32> text(out);
  if (m.kind() == Move::Castling) {
    append_castling(text, m, notation);
  } else {
    append_board_move(
        text, m, type_of(pos.piece_on(m.from())), pos.is_capture(m),
        [&] { return detail::san_origin(pos, m); },
        m.kind() == Move::Promotion ? m.promotion() : NoPieceType, notation);
  }
  text.flush();
}

void append_lan(const Position& pos, Move m, std::string& out, const Notation* notation) {
  if (pos.variant() != Variant::Standard) [[unlikely]]
    return append_variant_lan(pos, m, out, notation);
  if (notation != nullptr && notation->spoken) {
    append_spoken_move(pos, m, out, *notation);
    return;
  }
  if (m.is_null()) {
    out += "--";
    return;
  }
  if (m.kind() == Move::Castling) {
    append_castling(out, m, notation);
  } else {
    append_long_board_move(out, m, type_of(pos.piece_on(m.from())), pos.is_capture(m),
                           m.kind() == Move::Promotion ? m.promotion() : NoPieceType, notation);
  }
  append_check(out, pos, m, notation);
}

// The variant forms: drops, "=K", '+' only where the variant has check, '#' on every move
// that wins. Standard games never come here (append_san and append_lan forward only a
// variant position), and crazyhouse, king of the hill and three-check write their board
// moves as standard ones while the game goes on.

void append_variant_san_unchecked(const Position& pos, Move m, std::string& out,
                                  const Notation* notation) {
  if (m.is_null()) {
    out += "--";
    return;
  }
  if (m.is_drop()) return append_drop(out, m, notation);
  if (detail::is_castling(m) || detail::standard_board_moves(pos))
    return append_san_unchecked(pos, m, out, notation);
  append_board_move(
      out, m, type_of(pos.piece_on(m.from())), detail::variant_move_captures(pos, m),
      [&] { return detail::variant_san_origin(pos, m); }, m.promotion_piece(), notation);
}

bool variant_game_won(const Position& after) {
  if (variant_over(after)) return game_outcome(after).decisive();
  // Otherwise only a mate wins, or in antichess a side left without a move; a side in check
  // that has a standard move (crazyhouse, king of the hill, three-check) is not mated.
  if (after.variant() != Variant::Antichess && !after.in_check()) return false;
  if (detail::standard_board_moves(after) && after.has_legal_move()) return false;
  return game_outcome(after).decisive();
}

void append_variant_check_sign(const Position& after, std::string& out, const Notation* notation) {
  // '#' on every move that wins, however the variant says it is won (lichess's SAN).
  if (variant_game_won(after))
    append_first(out, notation, &Notation::mate, "#");
  else if (after.in_check())
    append_first(out, notation, &Notation::check, "+");
}

void append_variant_san(const Position& pos, Move m, std::string& out, const Notation* notation) {
  if (notation != nullptr && notation->spoken) return append_spoken_move(pos, m, out, *notation);
  append_variant_san_unchecked(pos, m, out, notation);
  if (m.is_null()) return;
  Position after = pos;
  after.play_variant(m);
  append_variant_check_sign(after, out, notation);
}

void append_variant_lan(const Position& pos, Move m, std::string& out, const Notation* notation) {
  if (notation != nullptr && notation->spoken) return append_spoken_move(pos, m, out, *notation);
  if (m.is_null()) {
    out += "--";
    return;
  }
  if (m.is_drop()) {
    append_drop(out, m, notation);
  } else if (detail::is_castling(m)) {
    append_castling(out, m, notation);
  } else {
    append_long_board_move(out, m, type_of(pos.piece_on(m.from())),
                           detail::variant_move_captures(pos, m), m.promotion_piece(), notation);
  }
  Position after = pos;
  after.play_variant(m);
  append_variant_check_sign(after, out, notation);
}

}  // namespace pgn
