// Spoken notations (see spoken.hpp for the phrase template).
#include "libpgn/spoken.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "libpgn/san.hpp"
#include "libpgn/variant.hpp"
#include "notation/san.hpp"
#include "notation/word_folding.hpp"

namespace pgn {
namespace {

using detail::folded_equal;

bool is_one_of(std::string_view word, const std::vector<std::string>& list) {
  for (const auto& entry : list)
    if (folded_equal(word, entry)) return true;
  return false;
}

// Number of words of `words` (from `at`) that spell `phrase`, or 0 when they do not.
std::size_t match_phrase(std::span<const std::string_view> words, std::size_t at,
                         std::string_view phrase) {
  std::size_t used = 0;
  while (!phrase.empty()) {
    const std::size_t space = phrase.find(' ');
    const std::string_view part = phrase.substr(0, space);
    if (at + used >= words.size() || !folded_equal(words[at + used], part)) return 0;
    ++used;
    phrase = space == std::string_view::npos ? std::string_view() : phrase.substr(space + 1);
  }
  return used;
}

// Longest phrase of `list` spelled at `at` (so "Umwandlung in" wins over "Umwandlung").
std::size_t match_any(std::span<const std::string_view> words, std::size_t at,
                      const std::vector<std::string>& list) {
  std::size_t best = 0;
  for (const auto& phrase : list) best = std::max(best, match_phrase(words, at, phrase));
  return best;
}

template <std::size_t N>
int index_in(std::string_view word, const std::array<std::vector<std::string>, N>& lists) {
  for (std::size_t i = 0; i < N; ++i)
    if (is_one_of(word, lists[i])) return int(i);
  return -1;
}

PieceType piece_word(std::string_view word, const Notation& n) {
  const int index = index_in(word, n.pieces);
  return index > 0 ? PieceType(index) : NoPieceType;
}

// The check or mate words after a move (from `at`) into out.check_mark; the words used.
std::size_t read_check_words(std::span<const std::string_view> words, std::size_t at, MoveText& out,
                             const Notation& n) {
  if (std::size_t used = match_any(words, at, n.mate_words)) {
    out.check_mark = 2;
    return used;
  }
  std::size_t used = match_any(words, at, n.check_words);
  if (used) {
    out.check_mark = 1;
    // "Schach matt" spoken as two words.
    if (std::size_t more = match_any(words, at + used, n.mate_words)) {
      out.check_mark = 2;
      used += more;
    }
  }
  return used;
}

class PhraseWriter {
 public:
  explicit PhraseWriter(std::string& out) : out_(out) {}
  void add(const std::vector<std::string>& list) {
    if (list.empty()) return;
    if (!first_) out_ += ' ';
    out_ += list.front();
    first_ = false;
  }

 private:
  std::string& out_;
  bool first_ = true;
};

}  // namespace

void append_spoken_move(const Position& pos, Move m, std::string& out, const Notation& n) {
  if (m.is_null()) return;  // a passed turn has no spoken form
  // A variant position is worded by the variant's rules (its legal moves name the origin,
  // its own end is a mate word), as its SAN is; standard moves keep the standard helpers.
  const bool variant = pos.variant() != Variant::Standard;
  PhraseWriter phrase(out);
  if (m.is_drop()) {
    // "Springer eingesetzt auf Felix drei": piece, drop phrase, square.
    phrase.add(n.pieces[m.drop_piece()]);
    phrase.add(n.drop_words);
    phrase.add(n.file_words[file_of(m.to())]);
    phrase.add(n.rank_words[rank_of(m.to())]);
  } else if (m.kind() == Move::Castling && !m.is_king_promotion()) {
    phrase.add(file_of(m.to()) > file_of(m.from()) ? n.castle_short : n.castle_long);
  } else {
    const PieceType type = type_of(pos.piece_on(m.from()));
    const bool capture = variant ? detail::variant_move_captures(pos, m) : pos.is_capture(m);
    const detail::SanOrigin from =
        variant ? detail::variant_san_origin(pos, m) : detail::san_origin(pos, m);
    phrase.add(n.pieces[type]);
    if (from.file || (type == Pawn && capture)) phrase.add(n.file_words[file_of(m.from())]);
    if (from.rank) phrase.add(n.rank_words[rank_of(m.from())]);
    if (capture) phrase.add(n.capture_words);
    phrase.add(n.file_words[file_of(m.to())]);
    phrase.add(n.rank_words[rank_of(m.to())]);
    if (const PieceType promoted = m.promotion_piece(); promoted != NoPieceType) {
      phrase.add(n.promotion_words);
      phrase.add(n.pieces[promoted]);
    }
    // SAN writes no en passant mark; spoken, it helps the listener to say it.
    if (m.kind() == Move::EnPassant) phrase.add(n.en_passant_words);
  }
  Position after = pos;
  if (variant) {
    after.play_variant(m);
    // The mate word on every move that wins, as the variant SAN writes '#'.
    if (variant_game_won(after))
      phrase.add(n.mate_words);
    else if (after.in_check())
      phrase.add(n.check_words);
    return;
  }
  after.play(m);
  if (after.in_check()) phrase.add(after.is_checkmate() ? n.mate_words : n.check_words);
}

std::size_t parse_spoken_move(std::span<const std::string_view> words, MoveText& out,
                              MoveTextError& error, const Notation& n) {
  out = MoveText{};
  error = MoveTextError::None;
  if (words.empty()) {
    error = MoveTextError::Empty;
    return 0;
  }
  std::size_t at = 0;
  // Castling is a king move, as the SAN parser records it.
  if (std::size_t used = match_any(words, 0, n.castle_long)) {
    out.kind = MoveText::CastleLong;
    out.piece = King;
    at = used;
  } else if (std::size_t used = match_any(words, 0, n.castle_short)) {
    out.kind = MoveText::CastleShort;
    out.piece = King;
    at = used;
  } else {
    // A phrase without a piece word is a pawn move ("Eva vier").
    out.piece = Pawn;
    if (PieceType type = piece_word(words[0], n); type != NoPieceType) {
      out.piece = type;
      at = 1;
    } else if (index_in(words[0], n.file_words) < 0) {
      error = MoveTextError::UnknownPiece;
      return 0;
    }
    // A drop: <piece> <drop words> <file> <rank>, as "N@f3" in SAN.
    if (std::size_t used = at == 1 ? match_any(words, at, n.drop_words) : 0) {
      const int file = at + used < words.size() ? index_in(words[at + used], n.file_words) : -1;
      const int rank =
          at + used + 1 < words.size() ? index_in(words[at + used + 1], n.rank_words) : -1;
      if (file < 0 || rank < 0) {
        out = MoveText{};
        error = MoveTextError::BadSquare;
        return 0;
      }
      out.kind = MoveText::Drop;
      out.to = make_square(file, rank);
      at += used + 2;
      return at + read_check_words(words, at, out, n);
    }

    // Coordinates up to the destination: [from file] [from rank] [capture] file rank.
    // Each entry is a file (0..7) or a rank (8..15).
    std::vector<int> coordinates;
    std::size_t capture_position = 0;  // number of coordinates before the capture word
    auto is_file_word = [&](std::size_t i) {
      return i < words.size() && index_in(words[i], n.file_words) >= 0;
    };
    auto is_rank_word = [&](std::size_t i) {
      return i < words.size() && index_in(words[i], n.rank_words) >= 0;
    };
    while (at < words.size()) {
      const std::size_t count = coordinates.size();
      const bool destination_complete =
          count >= 2 && coordinates[count - 2] < 8 && coordinates[count - 1] >= 8;
      if (destination_complete) {
        // A finished square ends the coordinates unless a capture word follows, or (for a
        // piece) a second square follows: the long form "Springer Gustav eins Felix drei".
        // Pawns never need a from-rank, so after a pawn's square a new phrase begins.
        const bool capture_follows = !out.capture && match_any(words, at, n.capture_words);
        const bool square_follows =
            out.piece != Pawn && count == 2 && is_file_word(at) && is_rank_word(at + 1);
        if (!capture_follows && !square_follows) break;
      }
      if (int file = index_in(words[at], n.file_words); file >= 0) {
        coordinates.push_back(file);
        ++at;
      } else if (int rank = index_in(words[at], n.rank_words); rank >= 0) {
        coordinates.push_back(8 + rank);
        ++at;
      } else if (std::size_t used = match_any(words, at, n.capture_words); used && !out.capture) {
        out.capture = true;
        capture_position = coordinates.size();
        at += used;
      } else {
        break;
      }
    }
    // The last two coordinates are the destination; those before it (at most a file and
    // then a rank) name the from-square, and a capture word stands between the two.
    const std::size_t count = coordinates.size();
    auto is_file = [&](std::size_t i) { return coordinates[i] < 8; };
    bool valid = count >= 2 && count <= 4 && is_file(count - 2) && !is_file(count - 1) &&
                 (!out.capture || capture_position == count - 2);
    if (valid && count == 4) valid = is_file(0) && !is_file(1);
    if (!valid) {
      out = MoveText{};
      error = MoveTextError::BadSquare;
      return 0;
    }
    for (std::size_t i = 0; i + 2 < count; ++i) {
      if (is_file(i))
        out.from_file = std::int8_t(coordinates[i]);
      else
        out.from_rank = std::int8_t(coordinates[i] - 8);
    }
    out.to = make_square(coordinates[count - 2], coordinates[count - 1] - 8);

    if (std::size_t used = match_any(words, at, n.promotion_words)) {
      at += used;
      const PieceType promoted = at < words.size() ? piece_word(words[at], n) : NoPieceType;
      if (promoted == NoPieceType) {
        out = MoveText{};
        error = MoveTextError::BadPromotion;
        return 0;
      }
      out.promotion = promoted;
      ++at;
    }
    if (std::size_t used = match_any(words, at, n.en_passant_words)) {
      out.en_passant_mark = true;
      at += used;
    }
  }

  return at + read_check_words(words, at, out, n);
}

bool spoken_phrase_may_continue(std::span<const std::string_view> words, const Notation& n) {
  if (words.empty()) return false;
  auto starts_longer_phrase = [&](const std::vector<std::string>& list) {
    for (const auto& phrase : list) {
      std::string_view rest = phrase;
      std::size_t i = 0;
      for (; i < words.size() && !rest.empty(); ++i) {
        const std::size_t space = rest.find(' ');
        if (!folded_equal(words[i], rest.substr(0, space))) break;
        rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
      }
      if (i == words.size() && !rest.empty()) return true;
    }
    return false;
  };
  for (const auto* list : {&n.castle_short, &n.castle_long, &n.capture_words, &n.check_words,
                           &n.mate_words, &n.promotion_words, &n.en_passant_words, &n.drop_words})
    if (starts_longer_phrase(*list)) return true;
  return false;
}

bool looks_spoken(std::string_view word, const Notation& n) {
  if (index_in(word, n.pieces) > 0 || index_in(word, n.file_words) >= 0 ||
      index_in(word, n.rank_words) >= 0)
    return true;
  for (const auto* list : {&n.castle_short, &n.castle_long, &n.capture_words, &n.check_words,
                           &n.mate_words, &n.promotion_words, &n.en_passant_words, &n.drop_words})
    for (const auto& phrase : *list) {
      std::string_view rest = phrase;
      while (!rest.empty()) {
        const std::size_t space = rest.find(' ');
        if (folded_equal(word, rest.substr(0, space))) return true;
        rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
      }
    }
  return false;
}

std::string fold_spoken_word(std::string_view word) {
  std::string folded;
  detail::FoldedChars chars(word);
  for (char c = chars.next(); c != '\0'; c = chars.next()) folded += c;
  return folded;
}

}  // namespace pgn
