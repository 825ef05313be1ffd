// The one move parser. A single grammar (parse_with) reads every accepted form; what counts
// as a piece letter, a capture sign, a dash, a castling form... comes from a lexicon. English
// SAN uses EnglishLexicon, whose rules are hard-wired byte tests (the validator's hot path: no
// allocation, no strings); any other notation uses TableLexicon, which matches the same
// grammar's words against a Notation table, longest match first. With the English table
// (localization/en.json) both give the same result; a test checks that on many tokens.
//
// The grammar, in every notation:
//   null move     --  Z0  0000  @@@@
//   castling      a castling form; each '-' in it may be written as any dash
//   other moves   [piece] [from-file] [from-rank] [capture | dash] file rank
//                 which covers SAN with missing or superfluous disambiguation (Nf3, Ngf3,
//                 N1f3, Ng1f3), long algebraic (Ng1-f3, Ng1xf3, e2-e4, e4xd5) and UCI (e2e4).
//                 A capture sign may also follow a lone destination ("Be5:") unless that sign
//                 is a check or mate sign of the notation (Russian "X" is mate). No piece
//                 symbol and a complete from-square means "whatever stands there" (piece =
//                 NoPieceType); no piece symbol otherwise means a pawn.
//   promotion     [sign] piece: e8=Q, e8Q, e8/Q, e8(Q), e7e8q; "(" needs its ")"
//   suffixes      in any order, each at most once: en passant mark, check or mate sign
//                 (check_mark 1 / 2; "++" is 3, the position decides), annotation ! ? !! ??
//                 !? ?! (NAG 1..6, also ‼ ⁇ ⁉ ⁈)
//   end           the token ends or a PGN delimiter follows (white space { } ( ) [ ] ; $);
//                 the return value is the number of bytes read
// Symbols: a piece symbol that is a single ASCII capital may also be written in lower case,
// except where that lower-case letter is a file (so "b" is always the b-file, "nf3" a knight
// move); promotion pieces may be lower case without exception (e8b). Files are a-h plus the
// table's file aliases, which count only where a file is expected; a Latin letter in the text
// matches its Cyrillic look-alike in a table word (Kp for Кр). The PGN standard signs x X = +
// # and O-O / 0-0 with any dash are read in every notation besides the table's own words.
//
// English words (EnglishLexicon, equal to localization/en.json plus the standard signs):
//   pieces        K Q R B N P, lower case k q r n p, figurines ♔♕♖♗♘♙ ♚♛♜♝♞♟
//   castling      O-O 0-0 o-o, O-O-O 0-0-0 o-o-o (dashes - – —)
//   capture       x X : ×           dash        - – —
//   promotion     = / (             en passant  e.p. ep
//   check, mate   + # ++
#include <cstddef>
#include <cstdint>
#include <array>
#include <bitset>
#include <initializer_list>
#include <memory>
#include <utility>
#include <vector>
#include <string>

#include "libpgn/notation.hpp"
#include "libpgn/san.hpp"

namespace pgn {
namespace {

using Byte = unsigned char;

constexpr bool is_file_letter(Byte c) {
  return c >= 'a' && c <= 'h';
}
constexpr char to_lower_ascii(char c) {
  return c >= 'A' && c <= 'Z' ? char(c + 32) : c;
}

// ---------------------------------------------------------------------------------------
// Words every notation shares.

// "--", "Z0", "0000", "@@@@".
std::size_t match_null_move(const char* p, const char* end) {
  const std::size_t left = std::size_t(end - p);
  if (left >= 2 && p[0] == '-' && p[1] == '-') return 2;
  if (left >= 2 && p[0] == 'Z' && p[1] == '0') return 2;
  if (left >= 4 && (p[0] == '0' || p[0] == '@') && p[1] == p[0] && p[2] == p[0] && p[3] == p[0])
    return 4;
  return 0;
}

// '-', '–' (U+2013) or '—' (U+2014).
std::size_t match_standard_dash(const char* p, const char* end) {
  if (p >= end) return 0;
  if (*p == '-') return 1;
  if (end - p >= 3 && Byte(p[0]) == 0xE2 && Byte(p[1]) == 0x80 &&
      (Byte(p[2]) == 0x93 || Byte(p[2]) == 0x94))
    return 3;
  return 0;
}

// Suffix annotations as NAGs 1..6.
std::size_t match_annotation(const char* p, const char* end, std::uint8_t& nag) {
  if (p >= end) return 0;
  const Byte c = Byte(p[0]);
  if (c == '!' || c == '?') {
    const Byte next = end - p >= 2 ? Byte(p[1]) : 0;
    if (c == '!') {
      if (next == '!') return nag = 3, 2;
      if (next == '?') return nag = 5, 2;
      return nag = 1, 1;
    }
    if (next == '?') return nag = 4, 2;
    if (next == '!') return nag = 6, 2;
    return nag = 2, 1;
  }
  // ‼ U+203C, ⁇ U+2047, ⁈ U+2048 (?!), ⁉ U+2049 (!?)
  if (c == 0xE2 && end - p >= 3) {
    const Byte b1 = Byte(p[1]), b2 = Byte(p[2]);
    if (b1 == 0x80 && b2 == 0xBC) return nag = 3, 3;
    if (b1 == 0x81 && b2 == 0x87) return nag = 4, 3;
    if (b1 == 0x81 && b2 == 0x88) return nag = 6, 3;
    if (b1 == 0x81 && b2 == 0x89) return nag = 5, 3;
  }
  return 0;
}

constexpr bool is_delimiter(Byte c) {
  switch (c) {
    case ' ':
    case '\t':
    case '\n':
    case '\r':
    case '\v':
    case '\f':
    case '{':
    case '}':
    case '(':
    case ')':
    case '[':
    case ']':
    case ';':
    case '$':
      return true;
    default:
      return false;
  }
}

constexpr bool is_rank_digit(Byte c) {
  return c >= '1' && c <= '8';
}

// ---------------------------------------------------------------------------------------
// English SAN: the same words as the English table, as direct byte tests.

struct EnglishLexicon {
  static std::size_t dash(const char* p, const char* end) { return match_standard_dash(p, end); }

  static std::size_t capture(const char* p, const char* end) {
    if (p >= end) return 0;
    if (*p == 'x' || *p == 'X' || *p == ':') return 1;
    if (end - p >= 2 && Byte(p[0]) == 0xC3 && Byte(p[1]) == 0x97) return 2;  // ×
    return 0;
  }

  // O-O, 0-0, o-o and the long forms; every dash may be any dash.
  static std::size_t castle(const char* p, const char* end, MoveText::Kind& kind) {
    if (p >= end) return 0;
    const char letter = *p;
    if (letter != 'O' && letter != '0' && letter != 'o') return 0;
    const char* q = p + 1;
    int dashes = 0;
    while (dashes < 2) {
      const std::size_t d = dash(q, end);
      if (d == 0 || q + d >= end || q[d] != letter) break;
      q += d + 1;
      ++dashes;
    }
    if (dashes == 0) return 0;
    kind = dashes == 2 ? MoveText::CastleLong : MoveText::CastleShort;
    return std::size_t(q - p);
  }

  static PieceType piece_of_letter(char c) {
    switch (c) {
      case 'P':
        return Pawn;
      case 'N':
        return Knight;
      case 'B':
        return Bishop;
      case 'R':
        return Rook;
      case 'Q':
        return Queen;
      case 'K':
        return King;
      default:
        return NoPieceType;
    }
  }

  // Figurines ♔♕♖♗♘♙ (U+2654..2659) and ♚♛♜♝♞♟ (U+265A..265F).
  static std::size_t figurine(const char* p, const char* end, PieceType& type) {
    if (end - p < 3 || Byte(p[0]) != 0xE2 || Byte(p[1]) != 0x99) return 0;
    const Byte last = Byte(p[2]);
    if (last < 0x94 || last > 0x9F) return 0;
    static constexpr PieceType kOrder[6] = {King, Queen, Rook, Bishop, Knight, Pawn};
    type = kOrder[(last - 0x94) % 6];
    return 3;
  }

  // The moving piece: capitals, figurines, or lower case except "b" (the b-file).
  static std::size_t piece(const char* p, const char* end, PieceType& type) {
    if (p >= end) return 0;
    const char c = *p;
    PieceType t = piece_of_letter(c);
    if (t == NoPieceType && c != 'b' && c >= 'a' && c <= 'z') t = piece_of_letter(char(c - 32));
    if (t == NoPieceType) return figurine(p, end, type);
    type = t;
    return 1;
  }

  // A promotion piece: any case (no file can follow a destination square), or a figurine.
  static std::size_t promotion_piece(const char* p, const char* end, PieceType& type) {
    if (p >= end) return 0;
    const char c = *p;
    const PieceType t = piece_of_letter(c >= 'a' && c <= 'z' ? char(c - 32) : c);
    if (t == NoPieceType) return figurine(p, end, type);
    type = t;
    return 1;
  }

  static std::size_t promotion_sign(const char* p, const char* end, bool& needs_closing) {
    if (p >= end) return 0;
    if (*p == '=' || *p == '/') return needs_closing = false, 1;
    if (*p == '(') return needs_closing = true, 1;
    return 0;
  }

  static std::size_t file(const char* p, const char* end, int& file) {
    if (p >= end || !is_file_letter(Byte(*p))) return 0;
    file = *p - 'a';
    return 1;
  }

  // One check sign: '+' check (1), '#' mate (2), "++" (3).
  static std::size_t check(const char* p, const char* end, std::uint8_t& mark) {
    if (p >= end) return 0;
    if (*p == '+') {
      if (end - p >= 2 && p[1] == '+') return mark = 3, 2;
      return mark = 1, 1;
    }
    if (*p == '#') return mark = 2, 1;
    return 0;
  }

  static std::size_t en_passant(const char* p, const char* end) {
    const std::size_t left = std::size_t(end - p);
    if (left >= 2 && p[0] == 'e' && p[1] == 'p') return 2;
    if (left >= 4 && p[0] == 'e' && p[1] == '.' && p[2] == 'p' && p[3] == '.') return 4;
    return 0;
  }
};

// ---------------------------------------------------------------------------------------
// Any notation table. Lists are matched longest first; the PGN standard signs ('x', '-',
// '=', '+', '#', O-O, 0-0) are accepted in every notation besides the table's own words.

// A Latin letter typed for its Cyrillic look-alike (e.g. "Kр" for "Кр"): the second UTF-8
// byte of the Cyrillic letter the ASCII byte `latin` may stand for, given the first byte.
bool latin_stands_for(Byte latin, Byte lead, Byte trail) {
  struct Pair {
    char latin;
    Byte lead, trail;
  };
  static constexpr Pair kLookAlikes[] = {
      {'A', 0xD0, 0x90}, {'B', 0xD0, 0x92}, {'C', 0xD0, 0xA1}, {'E', 0xD0, 0x95}, {'H', 0xD0, 0x9D},
      {'K', 0xD0, 0x9A}, {'M', 0xD0, 0x9C}, {'O', 0xD0, 0x9E}, {'P', 0xD0, 0xA0}, {'T', 0xD0, 0xA2},
      {'X', 0xD0, 0xA5}, {'a', 0xD0, 0xB0}, {'c', 0xD1, 0x81}, {'e', 0xD0, 0xB5}, {'k', 0xD0, 0xBA},
      {'o', 0xD0, 0xBE}, {'p', 0xD1, 0x80}, {'x', 0xD1, 0x85}, {'y', 0xD1, 0x83},
  };
  for (const Pair& pair : kLookAlikes)
    if (Byte(pair.latin) == latin && pair.lead == lead && pair.trail == trail) return true;
  return false;
}

// The bytes each kind of word of a table can start with. Most tokens start with a byte no
// castling form, capture sign or file alias starts with, so this saves walking the word
// lists for them: the table path costs about as much as the English one.
struct FirstBytes {
  std::bitset<256> castle, piece, alias, check, capture, dash, promotion, en_passant;
  // For castling forms that start with a multi-byte letter (Cyrillic "О-О"): their first
  // two bytes, since one lead byte is shared by every Cyrillic piece letter.
  std::vector<std::uint16_t> castle_pairs;
  // Piece symbols by the token byte they can start with (a Cyrillic symbol also under its
  // Latin look-alike), so a piece is found by trying two or three symbols, not all of them.
  std::array<std::vector<std::pair<const std::string*, PieceType>>, 256> pieces_by_byte;

  bool may_castle(const char* p, const char* end) const {
    const Byte b = Byte(*p);
    if (b < 0x80) return castle[b];
    if (end - p < 2) return false;
    const std::uint16_t pair = std::uint16_t(b << 8 | Byte(p[1]));
    for (std::uint16_t c : castle_pairs)
      if (c == pair) return true;
    return false;
  }

  explicit FirstBytes(const Notation& n) {
    auto add = [](std::bitset<256>& set, const std::vector<std::string>& words) {
      for (const std::string& w : words) {
        if (w.empty()) continue;
        set.set(Byte(w[0]));
        // A Latin look-alike may stand for a Cyrillic first letter.
        if ((Byte(w[0]) == 0xD0 || Byte(w[0]) == 0xD1) && w.size() > 1)
          for (int c = 'A'; c <= 'z'; ++c)
            if (latin_stands_for(Byte(c), Byte(w[0]), Byte(w[1]))) set.set(c);
        // Castling forms may be written with other dashes; digits and O start them anyway.
      }
    };
    add(castle, n.castle_short);
    add(castle, n.castle_long);
    for (const auto* forms : {&n.castle_short, &n.castle_long})
      for (const std::string& w : *forms)
        if (w.size() > 1 && Byte(w[0]) >= 0x80)
          castle_pairs.push_back(std::uint16_t(Byte(w[0]) << 8 | Byte(w[1])));
    for (const char c : {'O', '0'}) castle.set(Byte(c));
    for (const auto& list : n.pieces) add(piece, list);
    for (int t = Pawn; t <= King; ++t)
      for (const std::string& w : n.pieces[t]) {
        if (w.empty()) continue;
        pieces_by_byte[Byte(w[0])].emplace_back(&w, PieceType(t));
        if ((Byte(w[0]) == 0xD0 || Byte(w[0]) == 0xD1) && w.size() > 1)
          for (int c = 'A'; c <= 'z'; ++c)
            if (latin_stands_for(Byte(c), Byte(w[0]), Byte(w[1])))
              pieces_by_byte[c].emplace_back(&w, PieceType(t));
      }
    for (const auto& list : n.file_aliases) add(alias, list);
    add(check, n.check);
    add(check, n.mate);
    add(check, n.double_check);
    for (const char c : {'+', '#'}) check.set(Byte(c));
    add(capture, n.capture);
    add(dash, n.move_dash);
    add(promotion, n.promotion);
    add(en_passant, n.en_passant);
  }
};

// The first-byte sets of a table, built on its first use and kept in the table. Threads may
// race to build them; the first to publish wins and the others discard theirs.
const FirstBytes& first_bytes(const Notation& n) {
  if (void* built = n.parser_cache.data.load(std::memory_order_acquire))
    return *static_cast<const FirstBytes*>(built);
  auto fresh = std::make_unique<FirstBytes>(n);
  void* expected = nullptr;
  if (n.parser_cache.data.compare_exchange_strong(expected, fresh.get(), std::memory_order_acq_rel))
    return *fresh.release();
  return *static_cast<const FirstBytes*>(expected);
}

class TableLexicon {
 public:
  explicit TableLexicon(const Notation& notation)
      : n_(notation), first_(first_bytes(notation)) {}

  std::size_t dash(const char* p, const char* end) const {
    const std::size_t standard = match_standard_dash(p, end);
    if (p >= end || !first_.dash[Byte(*p)]) return standard;
    return longest(p, end, n_.move_dash, standard);
  }

  std::size_t capture(const char* p, const char* end) const {
    const std::size_t standard = p < end && (*p == 'x' || *p == 'X') ? 1 : 0;
    if (p >= end || !first_.capture[Byte(*p)]) return standard;
    return longest(p, end, n_.capture, standard);
  }

  std::size_t castle(const char* p, const char* end, MoveText::Kind& kind) const {
    if (p >= end || !first_.may_castle(p, end)) return 0;
    std::size_t best = 0;
    auto consider = [&](const std::vector<std::string>& forms, MoveText::Kind k,
                        std::initializer_list<const char*> standard) {
      for (const char* form : standard) {
        const std::size_t len = match_castle_form(p, end, form);
        if (len > best) best = len, kind = k;
      }
      for (const std::string& form : forms) {
        const std::size_t len = match_castle_form(p, end, form);
        if (len > best) best = len, kind = k;
      }
    };
    consider(n_.castle_long, MoveText::CastleLong, {"O-O-O", "0-0-0"});
    consider(n_.castle_short, MoveText::CastleShort, {"O-O", "0-0"});
    return best;
  }

  std::size_t piece(const char* p, const char* end, PieceType& type) const {
    // A file letter never starts a piece (Latin look-alikes must not turn it into one).
    if (p >= end || is_file_letter(Byte(*p))) return 0;
    const std::size_t len = exact_piece(p, end, type);
    if (len != 0) return len;
    // Lower case of a one-letter capital symbol, unless that letter is a file.
    int alias_file;
    if (file(p, end, alias_file) != 0) return 0;
    return lower_case_piece(p, end, type);
  }

  std::size_t promotion_piece(const char* p, const char* end, PieceType& type) const {
    const std::size_t len = exact_piece(p, end, type);
    return len != 0 ? len : lower_case_piece(p, end, type);
  }

  std::size_t promotion_sign(const char* p, const char* end, bool& needs_closing) const {
    std::size_t best = 0;
    if (p < end && *p == '=') best = 1, needs_closing = false;
    if (p >= end || !first_.promotion[Byte(*p)]) return best;
    for (const std::string& form : n_.promotion) {
      const std::size_t len = match_word(p, end, form);
      if (len > best) best = len, needs_closing = form.back() == '(';
    }
    return best;
  }

  std::size_t file(const char* p, const char* end, int& file) const {
    if (p >= end) return 0;
    if (is_file_letter(Byte(*p))) return file = *p - 'a', 1;
    if (!first_.alias[Byte(*p)]) return 0;
    std::size_t best = 0;
    for (int f = 0; f < 8; ++f)
      for (const std::string& alias : n_.file_aliases[f]) {
        const std::size_t len = match_word(p, end, alias);
        if (len > best) best = len, file = f;
      }
    return best;
  }

  std::size_t check(const char* p, const char* end, std::uint8_t& mark) const {
    std::size_t best = 0;
    if (p < end && *p == '+') best = 1, mark = 1;
    if (p < end && *p == '#') best = 1, mark = 2;
    if (p < end && !first_.check[Byte(*p)]) return best;
    auto consider = [&](const std::vector<std::string>& forms, std::uint8_t m) {
      for (const std::string& form : forms) {
        const std::size_t len = match_word(p, end, form);
        if (len > best) best = len, mark = m;
      }
    };
    consider(n_.check, 1);
    consider(n_.mate, 2);
    consider(n_.double_check, 3);
    // "++" is mate in some usages and double check in others: the position decides.
    if (end - p >= 2 && p[0] == '+' && p[1] == '+' && best <= 2) best = 2, mark = 3;
    return best;
  }

  std::size_t en_passant(const char* p, const char* end) const {
    if (p >= end || !first_.en_passant[Byte(*p)]) return 0;
    return longest(p, end, n_.en_passant, 0);
  }

 private:
  // Bytes of the token that spell `word` (0 if they don't); Latin look-alikes may stand for
  // Cyrillic letters of the word.
  static std::size_t match_word(const char* p, const char* end, std::string_view word,
                                const TableLexicon* dashes = nullptr) {
    const char* q = p;
    std::size_t i = 0;
    while (i < word.size()) {
      if (q >= end) return 0;
      const Byte w = Byte(word[i]);
      if (dashes != nullptr && w == '-') {
        const std::size_t d = dashes->dash(q, end);
        if (d == 0) return 0;
        q += d, i += 1;
        continue;
      }
      // A Latin look-alike for a Cyrillic letter (checked only when the bytes differ).
      if (Byte(*q) != w && (w == 0xD0 || w == 0xD1) && i + 1 < word.size() &&
          Byte(*q) < 0x80 && latin_stands_for(Byte(*q), w, Byte(word[i + 1]))) {
        q += 1, i += 2;
        continue;
      }
      if (Byte(*q) != w) return 0;
      ++q, ++i;
    }
    return std::size_t(q - p);
  }

  std::size_t match_castle_form(const char* p, const char* end, std::string_view form) const {
    return match_word(p, end, form, this);
  }

  static std::size_t longest(const char* p, const char* end, const std::vector<std::string>& words,
                             std::size_t best) {
    for (const std::string& word : words) {
      const std::size_t len = match_word(p, end, word);
      if (len > best) best = len;
    }
    return best;
  }

  std::size_t exact_piece(const char* p, const char* end, PieceType& type) const {
    if (p >= end || !first_.piece[Byte(*p)]) return 0;
    std::size_t best = 0;
    for (const auto& [symbol, t] : first_.pieces_by_byte[Byte(*p)]) {
      const std::size_t len = match_word(p, end, *symbol);
      if (len > best) best = len, type = t;
    }
    return best;
  }

  std::size_t lower_case_piece(const char* p, const char* end, PieceType& type) const {
    if (p >= end) return 0;
    for (int t = Pawn; t <= King; ++t)
      for (const std::string& symbol : n_.pieces[t])
        if (symbol.size() == 1 && symbol[0] >= 'A' && symbol[0] <= 'Z' &&
            to_lower_ascii(symbol[0]) == *p) {
          type = PieceType(t);
          return 1;
        }
    return 0;
  }

  const Notation& n_;
  const FirstBytes& first_;
};

// ---------------------------------------------------------------------------------------
// The grammar.

template <class Lexicon>
std::size_t parse_with(const Lexicon& lex, std::string_view token, MoveText& out,
                       MoveTextError& error) {
  out = MoveText{};
  error = MoveTextError::None;
  const char* const begin = token.data();
  const char* const end = begin + token.size();
  const char* p = begin;
  if (p == end) return error = MoveTextError::Empty, 0;

  std::size_t len;
  MoveText::Kind castle_kind = MoveText::Normal;
  if ((len = match_null_move(p, end)) != 0) {
    out.kind = MoveText::Null;
    out.piece = NoPieceType;
    p += len;
  } else if ((len = lex.castle(p, end, castle_kind)) != 0) {
    out.kind = castle_kind;
    out.piece = King;
    p += len;
  } else {
    PieceType piece = NoPieceType;
    const bool piece_written = (len = lex.piece(p, end, piece)) != 0;
    p += len;

    // Up to two squares, each possibly partial, with an optional sign between them.
    int from_file = -1, from_rank = -1, to_file = -1, to_rank = -1;
    if ((len = lex.file(p, end, from_file)) != 0) p += len;
    if (p < end && is_rank_digit(Byte(*p))) from_rank = *p++ - '1';
    bool dash = false;
    const char* const separator = p;
    if ((len = lex.capture(p, end)) != 0) {
      out.capture = true;
      p += len;
    } else if ((len = lex.dash(p, end)) != 0) {
      dash = true;
      p += len;
    }
    if ((len = lex.file(p, end, to_file)) != 0) p += len;
    if (p < end && is_rank_digit(Byte(*p))) to_rank = *p++ - '1';

    const bool first_complete = from_file >= 0 && from_rank >= 0;
    const bool second_complete = to_file >= 0 && to_rank >= 0;
    const bool second_empty = to_file < 0 && to_rank < 0;
    if (first_complete && !second_complete && !dash && (second_empty || !out.capture)) {
      // The one square is the destination ("e4", "Nf3"). A capture sign after it ("Be5:")
      // belongs to it unless that sign is also a check or mate sign here (Russian "X" is
      // mate); whatever else follows is read as promotion and suffixes ("e8b", but "e44" is
      // garbage).
      to_file = from_file, to_rank = from_rank;
      from_file = from_rank = -1;
      std::uint8_t mark;
      if (!out.capture || lex.check(separator, end, mark) != 0) {
        out.capture = false;
        p = separator;
      }
    } else if (!second_complete) {
      // Nothing readable at all, starting with a letter: an unknown piece symbol.
      const Byte first = Byte(*begin);
      const bool letter =
          (first >= 'A' && first <= 'Z') || (first >= 'a' && first <= 'z') || first >= 0x80;
      error = p == begin && letter ? MoveTextError::UnknownPiece : MoveTextError::BadSquare;
      return 0;
    }
    out.to = make_square(to_file, to_rank);
    out.from_file = std::int8_t(from_file);
    out.from_rank = std::int8_t(from_rank);
    if (piece_written)
      out.piece = piece;
    else
      out.piece = from_file >= 0 && from_rank >= 0 ? NoPieceType : Pawn;
    if (p == end) return std::size_t(p - begin);  // most moves end here ("e4", "Nf3")

    bool needs_closing = false;
    if ((len = lex.promotion_sign(p, end, needs_closing)) != 0) {
      p += len;
      if ((len = lex.promotion_piece(p, end, out.promotion)) == 0)
        return error = MoveTextError::BadPromotion, 0;
      p += len;
      if (needs_closing) {
        if (p >= end || *p != ')') return error = MoveTextError::BadPromotion, 0;
        ++p;
      }
    } else if ((len = lex.promotion_piece(p, end, out.promotion)) != 0) {
      p += len;
    }
  }

  // Suffixes, each at most once, in any order.
  while (p != end) {
    if (!out.en_passant_mark && (len = lex.en_passant(p, end)) != 0) {
      out.en_passant_mark = true;
      p += len;
      continue;
    }
    std::uint8_t mark = 0;
    if (out.check_mark == 0 && (len = lex.check(p, end, mark)) != 0) {
      p += len;
      std::uint8_t again = 0;
      if (mark == 1 && (len = lex.check(p, end, again)) != 0 && again == 1) {
        mark = 3;
        p += len;
      }
      out.check_mark = mark;
      continue;
    }
    if (out.nag == 0 && (len = match_annotation(p, end, out.nag)) != 0) {
      p += len;
      continue;
    }
    break;
  }
  if (p != end && !is_delimiter(Byte(*p))) return error = MoveTextError::TrailingGarbage, 0;
  return std::size_t(p - begin);
}

// The shape nearly every move of a PGN file has: [NBRQK] [file] [rank] [x] square [=NBRQ]
// [+ or #], nothing else. Reads it straight from both ends of the token and fills `out` as
// parse_with(EnglishLexicon) would; false means "not that shape", and the grammar decides
// (tests/unit/move_text_test.cpp compares the two on every sampled token).
bool parse_plain_san(std::string_view token, MoveText& out) {
  const char* p = token.data();
  const char* end = p + token.size();
  std::uint8_t check_mark = 0;
  if (end - p >= 3 && (end[-1] == '+' || end[-1] == '#')) {
    check_mark = end[-1] == '+' ? 1 : 2;
    --end;
  }
  PieceType promotion = NoPieceType;
  if (end - p >= 4 && end[-2] == '=') {
    promotion = EnglishLexicon::piece_of_letter(end[-1]);
    if (promotion == NoPieceType || promotion == Pawn || promotion == King) return false;
    end -= 2;
  }
  if (end - p < 2 || !is_file_letter(Byte(end[-2])) || !is_rank_digit(Byte(end[-1]))) return false;
  const Square to = make_square(end[-2] - 'a', end[-1] - '1');
  end -= 2;
  const bool capture = end > p && end[-1] == 'x';
  if (capture) --end;
  PieceType piece = Pawn;
  bool piece_written = false;
  if (p < end && *p >= 'B' && *p <= 'R') {
    piece = EnglishLexicon::piece_of_letter(*p);
    if (piece == NoPieceType || piece == Pawn) return false;
    piece_written = true;
    ++p;
  }
  int from_file = -1, from_rank = -1;
  if (p < end && is_file_letter(Byte(*p))) from_file = *p++ - 'a';
  if (p < end && is_rank_digit(Byte(*p))) from_rank = *p++ - '1';
  if (p != end) return false;
  out = MoveText{};
  out.piece = !piece_written && from_file >= 0 && from_rank >= 0 ? NoPieceType : piece;
  out.from_file = std::int8_t(from_file);
  out.from_rank = std::int8_t(from_rank);
  out.to = to;
  out.capture = capture;
  out.promotion = promotion;
  out.check_mark = check_mark;
  return true;
}

// Out of line, so that the fast path above does not pay the grammar's stack frame.
[[gnu::noinline]] std::size_t parse_with_english(std::string_view token, MoveText& out,
                                                 MoveTextError& error) {
  return parse_with(EnglishLexicon{}, token, out, error);
}

}  // namespace

namespace detail {
ParserCache& ParserCache::operator=(const ParserCache&) {
  delete static_cast<FirstBytes*>(data.exchange(nullptr));
  return *this;
}
ParserCache::~ParserCache() { delete static_cast<FirstBytes*>(data.load()); }
}  // namespace detail

std::size_t parse_move_text(std::string_view token, MoveText& out, MoveTextError& error,
                            const Notation* notation) {
  if (notation == nullptr) {
    if (parse_plain_san(token, out)) {
      error = MoveTextError::None;
      return token.size();
    }
    return parse_with_english(token, out, error);
  }
  return parse_with(TableLexicon(*notation), token, out, error);
}

}  // namespace pgn
