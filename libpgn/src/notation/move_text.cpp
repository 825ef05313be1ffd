// Why one file of 1,200 lines: the grammar below is one template (parse_with) instantiated for
// both lexicons, and the per-token path (parse_plain_san, EnglishLexicon's byte tests) must
// inline into parse_move_text; without link-time optimization, splitting the file would turn
// those into calls per move. The table index (TableIndex) is the part that could move out.
//
// The one move parser. A single grammar (parse_with) reads every accepted form; what counts
// as a piece letter, a capture sign, a dash, a castling form... comes from a lexicon. English
// SAN uses EnglishLexicon, whose rules are hard-wired byte tests (the validator's hot path: no
// allocation, no strings); any other notation uses TableLexicon, which matches the same
// grammar's words against a Notation table, longest match first, through an index of the
// table's words by first byte built on the table's first use. With the English table
// (localization/en.json) both give the same result; a test checks that on many tokens.
// Plain moves ("Nf3", "Кf3", "e:d5+") skip the grammar: parse_plain_san and parse_plain_table
// read that one shape directly and leave every other token to the grammar.
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
#include "libpgn/move_text.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bitset>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "libpgn/load_bytes.hpp"
#include "libpgn/notation.hpp"
#include "notation/move_text.hpp"

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

// '-', '–' (U+2013), '—' (U+2014), or what word processors put for '-': the hyphen U+2010,
// the non-breaking hyphen U+2011, the figure dash U+2012 and the minus sign U+2212.
std::size_t match_standard_dash(const char* p, const char* end) {
  if (p >= end) return 0;
  if (*p == '-') return 1;
  if (end - p >= 3 && Byte(p[0]) == 0xE2 &&
      ((Byte(p[1]) == 0x80 && Byte(p[2]) >= 0x90 && Byte(p[2]) <= 0x94) ||
       (Byte(p[1]) == 0x88 && Byte(p[2]) == 0x92)))
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

// The Latin letter that may be typed for the Cyrillic letter with UTF-8 bytes `lead`
// `trail` (e.g. "Kр" for "Кр"), or 0 if none looks like it. Each Cyrillic letter has at most
// one Latin look-alike.
char latin_look_alike(Byte lead, Byte trail) {
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
    if (pair.lead == lead && pair.trail == trail) return pair.latin;
  return 0;
}

bool latin_stands_for(Byte latin, Byte lead, Byte trail) {
  return Byte(latin_look_alike(lead, trail)) == latin;
}

bool is_cyrillic_lead(Byte b) {
  return b == 0xD0 || b == 0xD1;
}

// Bytes of the token that spell `word` (0 if they don't); Latin look-alikes may stand for
// Cyrillic letters of the word, and with `dash` each '-' of the word for any dash it reads.
template <class Dash>
std::size_t match_word(const char* p, const char* end, std::string_view word, const Dash& dash) {
  const char* q = p;
  std::size_t i = 0;
  while (i < word.size()) {
    if (q >= end) return 0;
    const Byte w = Byte(word[i]);
    if constexpr (!std::is_same_v<Dash, std::nullptr_t>) {
      if (w == '-') {
        const std::size_t d = dash(q, end);
        if (d == 0) return 0;
        q += d, i += 1;
        continue;
      }
    }
    // A Latin look-alike for a Cyrillic letter (checked only when the bytes differ).
    if (Byte(*q) != w && is_cyrillic_lead(w) && i + 1 < word.size() && Byte(*q) < 0x80 &&
        latin_stands_for(Byte(*q), w, Byte(word[i + 1]))) {
      q += 1, i += 2;
      continue;
    }
    if (Byte(*q) != w) return 0;
    ++q, ++i;
  }
  return std::size_t(q - p);
}

std::size_t match_word(const char* p, const char* end, std::string_view word) {
  return match_word(p, end, word, nullptr);
}

// The Latin look-alike of the Cyrillic letter at word[i], or 0.
char look_alike_at(std::string_view word, std::size_t i) {
  return is_cyrillic_lead(Byte(word[i])) && i + 1 < word.size()
             ? latin_look_alike(Byte(word[i]), Byte(word[i + 1]))
             : 0;
}

// Every byte some spelling of `word` (as match_word reads it) contains.
void add_spelling_bytes(std::string_view word, detail::ByteSet& bytes) {
  for (std::size_t i = 0; i < word.size(); ++i) {
    bytes.add(Byte(word[i]));
    if (const char latin = look_alike_at(word, i)) bytes.add(Byte(latin));
  }
}

// Spellings listed per word: those of its first kSpelledLookAlikes look-alike letters (at
// most 2^4 of them); the rest of the word, from its next look-alike letter on, is matched by
// match_word, which takes either spelling letter by letter. Listing every spelling would
// cost 2^n for n look-alike letters (a 24-letter Cyrillic word: 16 million).
constexpr std::size_t kSpelledLookAlikes = 4;

// Calls `visit(spelling, rest)` for every spelling of the head of `word` that match_word
// accepts (Latin look-alikes first, as a reader types them less often), with the rest of the
// word after the head.
template <class Visit>
void for_each_spelling(std::string_view word, const Visit& visit) {
  std::size_t letters[kSpelledLookAlikes];  // where the head's look-alike letters start
  std::size_t count = 0, head = word.size();
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (!look_alike_at(word, i)) continue;
    if (count == kSpelledLookAlikes) {
      head = i;
      break;
    }
    letters[count++] = i++;
  }
  std::string spelling;
  // Bit k of `latin` clear: letter k in Latin. Counting up keeps the first letter's choice
  // the slowest to change, Latin first.
  for (unsigned latin = 0; latin < (1u << count); ++latin) {
    spelling.clear();
    std::size_t k = 0;
    for (std::size_t i = 0; i < head; ++i) {
      if (k < count && letters[k] == i) {
        const bool as_latin = !((latin >> (count - 1 - k)) & 1);
        ++k;
        if (as_latin) {
          spelling += look_alike_at(word, i++);
          continue;
        }
      }
      spelling += word[i];
    }
    visit(std::string_view(spelling), word.substr(head));
  }
}

// The words of one kind in a table (piece symbols, capture signs...) in every spelling,
// indexed so that a lookup compares only the words that start with the token's first two
// bytes (longest first), then the one-byte word for its first byte, instead of every word of
// the table. Of equally long words the one added first wins, as when the table's lists are
// read in order.
class WordIndex {
 public:
  void add(std::string_view word, int value) {
    for_each_spelling(word, [&](std::string_view spelling, std::string_view rest) {
      if (spelling.empty()) return;
      Word w;
      w.text = spelling;
      w.rest = rest;
      w.size = std::uint32_t(spelling.size());
      w.value = value;
      w.head = head_of(spelling.data(), spelling.size());
      const char ones[4] = {'\xFF', '\xFF', '\xFF', '\xFF'};
      w.mask = head_of(ones, std::min<std::size_t>(spelling.size(), 4));
      words_.push_back(std::move(w));
    });
  }

  // To be called once, after the last add.
  void finish() {
    // Longer words first, each group by its first two bytes; one-byte words after them.
    std::stable_sort(words_.begin(), words_.end(), [](const Word& a, const Word& b) {
      if ((a.text.size() == 1) != (b.text.size() == 1)) return b.text.size() == 1;
      if (a.text.size() == 1) return false;
      if (prefix_of(a.text) != prefix_of(b.text)) return prefix_of(a.text) < prefix_of(b.text);
      return a.text.size() > b.text.size();
    });
    std::size_t groups = 0;
    for (std::size_t i = 0; i < words_.size(); ++i) {
      const Word& w = words_[i];
      const Byte first = Byte(w.text[0]);
      first_[first] = true;
      longest_[first] = std::uint8_t(std::max<std::size_t>(
          longest_[first], std::min<std::size_t>(w.text.size() + w.rest.size(), 255)));
      if (w.text.size() == 1 && one_byte_[first] == 0) one_byte_[first] = std::uint32_t(i + 1);
      if (w.text.size() > 1 && (i == 0 || prefix_of(words_[i - 1].text) != prefix_of(w.text)))
        ++groups;
    }
    if (groups == 0) return;
    std::size_t size = 4;
    while (size < 2 * groups) size *= 2;
    groups_.assign(size, Group{});
    group_mask_ = size - 1;
    for (std::size_t i = 0; i < words_.size() && words_[i].text.size() > 1;) {
      const std::uint16_t prefix = prefix_of(words_[i].text);
      std::size_t last = i;
      while (last < words_.size() && words_[last].text.size() > 1 &&
             prefix_of(words_[last].text) == prefix)
        ++last;
      std::size_t slot = slot_of(prefix);
      while (groups_[slot].end != 0) slot = (slot + 1) & group_mask_;
      Group& group = groups_[slot];
      group = Group{};
      group.prefix = prefix;
      group.begin = std::uint32_t(i);
      group.end = std::uint32_t(last);
      for (std::size_t k = i; k < last; ++k) group.rests |= !words_[k].rest.empty();
      for (std::size_t k = i; k < last; ++k)
        if (words_[k].size > 2) {
          const Byte third = Byte(words_[k].text[2]);
          group.third_bytes[third >> 6] |= std::uint64_t{1} << (third & 63);
        } else if (group.two_byte == 0) {
          group.two_byte = std::uint32_t(k + 1);
        }
      i = last;
    }
  }

  bool starts(Byte b) const { return first_[b]; }

  // Length of the longest word that starts with `b` (0 if none).
  std::size_t longest_starting_with(Byte b) const { return longest_[b]; }

  // Length of the longest word at `p` (0 if none), with its value. Inlined: the plain path
  // calls it once per piece move.
  [[gnu::always_inline]] std::size_t match(const char* p, const char* end, int& value) const {
    if (p >= end || !first_[Byte(*p)]) return 0;
    const std::size_t left = std::size_t(end - p);
    if (left >= 2 && group_mask_ != 0) {
      const std::uint16_t prefix = std::uint16_t(Byte(p[0]) << 8 | Byte(p[1]));
      const Group* groups = groups_.data();
      for (std::size_t slot = slot_of(prefix); groups[slot].end != 0;
           slot = (slot + 1) & group_mask_) {
        const Group& group = groups[slot];
        if (group.prefix != prefix) continue;
        if (left == 2 || !group.continues_with(Byte(p[2]))) {
          if (group.two_byte == 0) break;
          value = words_[group.two_byte - 1].value;
          return 2;
        }
        // Words are a few bytes long: their first four bytes are compared at once.
        const std::uint32_t window = head_of(p, left);
        std::size_t best = 0;
        for (std::size_t i = group.begin; i < group.end; ++i) {
          const Word& w = words_[i];
          if (w.size > left || (window & w.mask) != w.head) continue;
          if (w.size > 4 &&
              std::string_view(w.text).substr(4) != std::string_view(p + 4, w.size - 4))
            continue;
          if (!group.rests) {  // sorted longest first: the first match is the longest
            value = w.value;
            return w.size;
          }
          std::size_t size = w.size;
          if (!w.rest.empty()) {
            const std::size_t more = match_word(p + size, end, w.rest);
            if (more == 0) continue;
            size += more;
          }
          if (size > best) best = size, value = w.value;
        }
        if (best != 0) return best;
        break;
      }
    }
    if (const std::uint32_t one = one_byte_[Byte(*p)]) {
      value = words_[one - 1].value;
      return 1;
    }
    return 0;
  }

  std::size_t match(const char* p, const char* end) const {
    int unused;
    return match(p, end, unused);
  }

  // Adds every byte of every spelling to `bytes`.
  void add_bytes_to(detail::ByteSet& bytes) const {
    for (const Word& w : words_) {
      for (char c : w.text) bytes.add(Byte(c));
      add_spelling_bytes(w.rest, bytes);
    }
  }

 private:
  struct Word {
    std::uint32_t head = 0, mask = 0;  // the first four bytes (zero-padded), and which count
    std::uint32_t size = 0;
    int value = 0;
    std::string text;  // the spelling of the word's head
    std::string rest;  // the rest of the word as written, matched by match_word
  };
  // The words (longer than one byte) that start with the two bytes `prefix`: [begin, end).
  // Also the third bytes of its longer words: a token whose third byte is none of them can
  // only be the group's (first) two-byte word, if any ("Кf3" is not "Кр...").
  struct Group {
    std::uint16_t prefix = 0;
    bool rests = false;  // some word has a rest: its matches differ in length
    std::uint32_t begin = 0, end = 0;
    std::uint32_t two_byte = 0;  // 1 + index of the first two-byte word, or 0
    std::array<std::uint64_t, 4> third_bytes{};
    bool continues_with(Byte b) const { return (third_bytes[b >> 6] >> (b & 63)) & 1; }
  };

  // The first min(size, 4) bytes at p as one word, the rest zero.
  static std::uint32_t head_of(const char* p, std::size_t size) {
    std::uint32_t head = 0;
    if (size >= 4) {
      head = detail::load_bytes<std::uint32_t>(p);
    } else {
      char bytes[4] = {};
      for (std::size_t i = 0; i < size; ++i) bytes[i] = p[i];
      std::memcpy(&head, bytes, 4);
    }
    return head;
  }

  static std::uint16_t prefix_of(const std::string& text) {
    return std::uint16_t(Byte(text[0]) << 8 | Byte(text[1]));
  }

  std::size_t slot_of(std::uint16_t prefix) const { return (prefix * 0x9E37u >> 7) & group_mask_; }

  std::vector<Word> words_;
  std::vector<Group> groups_;   // open addressing by prefix; end == 0 marks a free slot
  std::size_t group_mask_ = 0;  // groups_.size() - 1, or 0 when there are none
  std::array<bool, 256> first_{};
  std::array<std::uint32_t, 256> one_byte_{};  // 1 + index of the one-byte word, or 0
  std::array<std::uint8_t, 256> longest_{};
};

// Which first bytes the plain path (parse_plain_table) reads itself.
enum class PlainStart : std::uint8_t { No, File, Piece, PieceOrCastle };
// What the plain path makes of a byte after the piece: a file a-h, a rank 1-8, the start of
// a look-alike file letter, a single-byte capture sign that starts no longer one, or the
// start of any other capture sign or dash.
enum PlainByte : std::uint8_t {
  kPlainFile = 1,
  kPlainRank = 2,
  kPlainAlias = 4,
  kPlainCapture = 8,
  kPlainSeparator = 16,
};

// What the move parser derives from a table on its first use: the table's words indexed by
// first byte, and the byte classes of the plain path.
struct TableIndex {
  WordIndex pieces, files, captures, dashes, checks, promotions, en_passant;
  // The piece a lower-case letter stands for (one-letter capital symbols only).
  std::array<PieceType, 256> lower_case_piece{};
  // First bytes of castling forms; for forms that start with a multi-byte letter
  // (Cyrillic "О-О") also their first two bytes, since one lead byte is shared by every
  // Cyrillic piece letter.
  std::bitset<256> castle;
  std::vector<std::uint16_t> castle_pairs;
  detail::ByteSet castle_seconds;  // the second bytes of castle_pairs, tested first
  // The plain path: how a token may start, single-byte capture signs that no longer sign
  // starts with, bytes that start any capture sign or dash, and whether a lone trailing '+'
  // or '#' can only be the check or mate sign.
  std::array<PlainStart, 256> plain_start{};
  std::array<std::uint8_t, 256> plain_byte{};  // kPlainFile | kPlainRank | ...
  bool plain_suffixes = true;
  // Every byte a move of this table can contain (see move_alphabet).
  detail::ByteSet alphabet;
  // The castling forms as whole tokens, alone or with '+' or '#', and how the grammar reads
  // them (find_castle_tokens): looked up instead of matching every form with every dash.
  std::vector<std::pair<std::string, MoveText>> castle_tokens;

  bool may_castle(const char* p, const char* end) const {
    const Byte b = Byte(*p);
    if (!castle[b]) return false;
    if (b < 0x80) return true;
    if (end - p < 2 || !castle_seconds.has(Byte(p[1]))) return false;
    const std::uint16_t pair = std::uint16_t(b << 8 | Byte(p[1]));
    for (std::uint16_t c : castle_pairs)
      if (c == pair) return true;
    return false;
  }

  explicit TableIndex(const Notation& n) {
    for (int t = Pawn; t <= King; ++t)
      for (const std::string& w : n.pieces[t]) pieces.add(w, t);
    for (int f = 0; f < 8; ++f)
      for (const std::string& w : n.file_aliases[f]) files.add(w, f);
    for (const std::string& w : n.capture) captures.add(w, 0);
    for (const std::string& w : n.move_dash) dashes.add(w, 0);
    for (const std::string& w : n.check) checks.add(w, 1);
    for (const std::string& w : n.mate) checks.add(w, 2);
    for (const std::string& w : n.double_check) checks.add(w, 3);
    for (const std::string& w : n.promotion) promotions.add(w, !w.empty() && w.back() == '(');
    for (const std::string& w : n.en_passant) en_passant.add(w, 0);
    for (WordIndex* index :
         {&pieces, &files, &captures, &dashes, &checks, &promotions, &en_passant})
      index->finish();
    for (int t = Pawn; t <= King; ++t)
      for (const std::string& symbol : n.pieces[t])
        if (symbol.size() == 1 && symbol[0] >= 'A' && symbol[0] <= 'Z' &&
            lower_case_piece[Byte(to_lower_ascii(symbol[0]))] == NoPieceType)
          lower_case_piece[Byte(to_lower_ascii(symbol[0]))] = PieceType(t);

    for (const char* standard : {"O-O", "0-0", "O-O-O", "0-0-0"})
      for (char c : std::string_view(standard)) alphabet.add(Byte(c));
    for (const auto* forms : {&n.castle_short, &n.castle_long})
      for (const std::string& form : *forms) {
        if (form.empty()) continue;
        castle.set(Byte(form[0]));
        if (const char latin = look_alike_at(form, 0)) castle.set(Byte(latin));
        add_spelling_bytes(form, alphabet);
        if (form.size() < 2 || Byte(form[0]) < 0x80) continue;
        const std::uint16_t pair = std::uint16_t(Byte(form[0]) << 8 | Byte(form[1]));
        if (std::find(castle_pairs.begin(), castle_pairs.end(), pair) == castle_pairs.end())
          castle_pairs.push_back(pair);
        castle_seconds.add(Byte(form[1]));
      }
    for (const char c : {'O', '0'}) castle.set(Byte(c));

    find_plain_classes();
    if (n.spoken)
      find_spoken_alphabet(n);
    else
      find_written_alphabet();
  }

 private:
  void find_plain_classes() {
    for (int b = 0; b < 256; ++b) {
      const bool null_move = b == '-' || b == 'Z' || b == '0' || b == '@';
      if (null_move || (castle[b] && b < 0x80))
        plain_start[b] = PlainStart::No;
      else if (is_file_letter(Byte(b)))
        plain_start[b] = PlainStart::File;
      else if (pieces.starts(Byte(b)))
        plain_start[b] = castle[b] ? PlainStart::PieceOrCastle : PlainStart::Piece;
    }
    // A capture sign that starts a longer one is left to the grammar.
    for (int b = 0; b < 256; ++b) {
      const bool standard_capture = b == 'x' || b == 'X';
      const bool capture = captures.starts(Byte(b)) ? captures.longest_starting_with(Byte(b)) == 1
                                                    : standard_capture;
      const bool separator = standard_capture || b == '-' || b == 0xE2 ||
                             captures.starts(Byte(b)) || dashes.starts(Byte(b));
      plain_byte[b] = std::uint8_t(
          (is_file_letter(Byte(b)) ? kPlainFile : 0) | (is_rank_digit(Byte(b)) ? kPlainRank : 0) |
          (files.starts(Byte(b)) ? kPlainAlias : 0) | (capture ? kPlainCapture : 0) |
          (separator ? kPlainSeparator : 0));
    }
    for (const char c : {'+', '#'})
      if (promotions.starts(Byte(c)) || pieces.starts(Byte(c)) || en_passant.starts(Byte(c)))
        plain_suffixes = false;
  }

  void find_written_alphabet() {
    for (const char* standard :
         {"abcdefgh", "12345678", "xX=+#()", "-Z0@", "!?", "\xE2\x80\x93\x94\xBC\x81\x87\x88\x89"})
      for (const char* c = standard; *c; ++c) alphabet.add(Byte(*c));
    for (const WordIndex* index :
         {&pieces, &files, &captures, &dashes, &checks, &promotions, &en_passant})
      index->add_bytes_to(alphabet);
    for (int b = 0; b < 256; ++b)
      if (lower_case_piece[b] != NoPieceType) alphabet.add(b);
  }

  // A spoken word matches a table word compared folded (ASCII case, ä/ae, ß/ss...): any
  // letter or UTF-8 continuation byte may occur; other bytes fold to themselves, so they
  // occur only if some word of the table has them.
  void find_spoken_alphabet(const Notation& n) {
    for (int b = 0; b < 256; ++b)
      if ((b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') || (b >= 0x80 && b <= 0xBF) ||
          b == 0xC3 || b == 0xE1)
        alphabet.add(b);
    auto add = [&](const std::vector<std::string>& list) {
      for (const std::string& word : list)
        for (char c : word) alphabet.add(Byte(c));
    };
    for (const auto& list : n.pieces) add(list);
    for (const auto& list : n.file_words) add(list);
    for (const auto& list : n.rank_words) add(list);
    for (const auto* list : {&n.castle_short, &n.castle_long, &n.capture_words, &n.check_words,
                             &n.mate_words, &n.promotion_words, &n.en_passant_words, &n.drop_words})
      add(*list);
  }
};

void find_castle_tokens(const Notation& n, TableIndex& index);
}  // namespace

namespace detail {

// The index of a table, built on its first use and kept in the table's slot (notation.hpp).
struct NotationIndex {
  explicit NotationIndex(const Notation& n) : table(n) {}
  TableIndex table;

  static std::atomic_ref<NotationIndex*> slot(const Notation& n) {
    return std::atomic_ref<NotationIndex*>(n.index_.built_);
  }
};
static_assert(std::atomic_ref<NotationIndex*>::required_alignment == alignof(NotationIndex*));

}  // namespace detail

namespace {

// Threads may race to build a table's index; the first to publish wins and the others discard
// theirs.
[[gnu::noinline]] const TableIndex& build_table_index(const Notation& n) {
  auto fresh = std::make_unique<detail::NotationIndex>(n);
  find_castle_tokens(n, fresh->table);
  detail::NotationIndex* expected = nullptr;
  if (detail::NotationIndex::slot(n).compare_exchange_strong(expected, fresh.get(),
                                                             std::memory_order_acq_rel))
    return fresh.release()->table;
  return expected->table;
}

inline const TableIndex& table_index(const Notation& n) {
  if (detail::NotationIndex* built = detail::NotationIndex::slot(n).load(std::memory_order_acquire))
      [[likely]]
    return built->table;
  return build_table_index(n);
}

// The longest castling form at `p`, standard or the table's; each '-' in a form may be
// written as any dash `lex` reads.
template <class Lexicon>
std::size_t castle_in_forms(const Lexicon& lex, const Notation& n, const char* p, const char* end,
                            MoveText::Kind& kind) {
  const auto dash = [&lex](const char* q, const char* e) { return lex.dash(q, e); };
  std::size_t best = 0;
  auto consider = [&](const std::vector<std::string>& forms, MoveText::Kind k,
                      std::initializer_list<const char*> standard) {
    for (const char* form : standard) {
      const std::size_t len = match_word(p, end, form, dash);
      if (len > best) best = len, kind = k;
    }
    for (const std::string& form : forms) {
      const std::size_t len = match_word(p, end, form, dash);
      if (len > best) best = len, kind = k;
    }
  };
  consider(n.castle_long, MoveText::CastleLong, {"O-O-O", "0-0-0"});
  consider(n.castle_short, MoveText::CastleShort, {"O-O", "0-0"});
  return best;
}

// What both table lexicons do alike, over words each looks up its own way (`Words`
// provides file, exact_piece and lower_case_piece).
template <class Words>
class TableRules {
 public:
  std::size_t castle(const char* p, const char* end, MoveText::Kind& kind) const {
    if (p >= end || !index_.may_castle(p, end)) return 0;
    return castle_in_forms(words(), n_, p, end, kind);
  }

  std::size_t piece(const char* p, const char* end, PieceType& type) const {
    // A file letter never starts a piece (Latin look-alikes must not turn it into one).
    if (p >= end || is_file_letter(Byte(*p))) return 0;
    const std::size_t len = words().exact_piece(p, end, type);
    if (len != 0) return len;
    // Lower case of a one-letter capital symbol, unless that letter is a file.
    int alias_file;
    if (words().file(p, end, alias_file) != 0) return 0;
    return words().lower_case_piece(p, end, type);
  }

  std::size_t promotion_piece(const char* p, const char* end, PieceType& type) const {
    const std::size_t len = words().exact_piece(p, end, type);
    return len != 0 ? len : words().lower_case_piece(p, end, type);
  }

 protected:
  TableRules(const Notation& notation, const TableIndex& index) : n_(notation), index_(index) {}

  const Notation& n_;
  const TableIndex& index_;

 private:
  const Words& words() const { return static_cast<const Words&>(*this); }
};

// The table's words, looked up in its index.
class TableLexicon : public TableRules<TableLexicon> {
 public:
  explicit TableLexicon(const Notation& notation) : TableRules(notation, table_index(notation)) {}
  TableLexicon(const Notation& notation, const TableIndex& index) : TableRules(notation, index) {}

  std::size_t dash(const char* p, const char* end) const {
    return std::max(match_standard_dash(p, end), index_.dashes.match(p, end));
  }

  std::size_t capture(const char* p, const char* end) const {
    const std::size_t standard = p < end && (*p == 'x' || *p == 'X') ? 1 : 0;
    return std::max(standard, index_.captures.match(p, end));
  }

  std::size_t promotion_sign(const char* p, const char* end, bool& needs_closing) const {
    std::size_t best = 0;
    if (p < end && *p == '=') best = 1, needs_closing = false;
    int closing;
    const std::size_t len = index_.promotions.match(p, end, closing);
    if (len > best) best = len, needs_closing = closing != 0;
    return best;
  }

  std::size_t file(const char* p, const char* end, int& file) const {
    if (p >= end) return 0;
    if (is_file_letter(Byte(*p))) return file = *p - 'a', 1;
    return index_.files.match(p, end, file);
  }

  std::size_t check(const char* p, const char* end, std::uint8_t& mark) const {
    std::size_t best = 0;
    if (p < end && *p == '+') best = 1, mark = 1;
    if (p < end && *p == '#') best = 1, mark = 2;
    int value;
    const std::size_t len = index_.checks.match(p, end, value);
    if (len > best) best = len, mark = std::uint8_t(value);
    // "++" is mate in some usages and double check in others: the position decides.
    if (end - p >= 2 && p[0] == '+' && p[1] == '+' && best <= 2) best = 2, mark = 3;
    return best;
  }

  std::size_t en_passant(const char* p, const char* end) const {
    return index_.en_passant.match(p, end);
  }

  std::size_t exact_piece(const char* p, const char* end, PieceType& type) const {
    int t;
    const std::size_t len = index_.pieces.match(p, end, t);
    if (len != 0) type = PieceType(t);
    return len;
  }

  std::size_t lower_case_piece(const char* p, const char* end, PieceType& type) const {
    const PieceType t = p < end ? index_.lower_case_piece[Byte(*p)] : NoPieceType;
    if (t == NoPieceType) return 0;
    type = t;
    return 1;
  }
};

// The same words read by trying the table's lists one form after another: the reference
// that tests compare TableLexicon with (detail::parse_move_text_word_by_word).
class WordByWordLexicon : public TableRules<WordByWordLexicon> {
 public:
  explicit WordByWordLexicon(const Notation& notation)
      : TableRules(notation, table_index(notation)) {}

  std::size_t dash(const char* p, const char* end) const {
    return longest(p, end, n_.move_dash, match_standard_dash(p, end));
  }

  std::size_t capture(const char* p, const char* end) const {
    return longest(p, end, n_.capture, p < end && (*p == 'x' || *p == 'X') ? 1 : 0);
  }

  std::size_t promotion_sign(const char* p, const char* end, bool& needs_closing) const {
    std::size_t best = 0;
    if (p < end && *p == '=') best = 1, needs_closing = false;
    for (const std::string& form : n_.promotion) {
      const std::size_t len = match_word(p, end, form);
      if (len > best) best = len, needs_closing = form.back() == '(';
    }
    return best;
  }

  std::size_t file(const char* p, const char* end, int& file) const {
    if (p >= end) return 0;
    if (is_file_letter(Byte(*p))) return file = *p - 'a', 1;
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
    auto consider = [&](const std::vector<std::string>& forms, std::uint8_t m) {
      for (const std::string& form : forms) {
        const std::size_t len = match_word(p, end, form);
        if (len > best) best = len, mark = m;
      }
    };
    consider(n_.check, 1);
    consider(n_.mate, 2);
    consider(n_.double_check, 3);
    if (end - p >= 2 && p[0] == '+' && p[1] == '+' && best <= 2) best = 2, mark = 3;
    return best;
  }

  std::size_t en_passant(const char* p, const char* end) const {
    return longest(p, end, n_.en_passant, 0);
  }

  std::size_t exact_piece(const char* p, const char* end, PieceType& type) const {
    std::size_t best = 0;
    for (int t = Pawn; t <= King; ++t)
      for (const std::string& symbol : n_.pieces[t]) {
        const std::size_t len = match_word(p, end, symbol);
        if (len > best) best = len, type = PieceType(t);
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

 private:
  static std::size_t longest(const char* p, const char* end, const std::vector<std::string>& words,
                             std::size_t best) {
    for (const std::string& word : words) best = std::max(best, match_word(p, end, word));
    return best;
  }
};

// ---------------------------------------------------------------------------------------
// The grammar.

template <class Lexicon>
std::size_t parse_suffixes(const Lexicon& lex, const char* p, const char* begin, const char* end,
                           MoveText& out, MoveTextError& error);

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
    // A drop: "N@f3", "P@e4", "@e4" (a pawn), with the table's own piece letters.
    if (p < end && *p == '@') {
      int file = -1;
      ++p;
      if ((len = lex.file(p, end, file)) == 0 || p + len >= end || !is_rank_digit(Byte(p[len])))
        return error = MoveTextError::BadSquare, 0;
      p += len;
      out.kind = MoveText::Drop;
      out.piece = piece_written ? piece : Pawn;
      out.to = make_square(file, *p++ - '1');
      return parse_suffixes(lex, p, begin, end, out, error);
    }

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

  return parse_suffixes(lex, p, begin, end, out, error);
}

// Suffixes, each at most once, in any order, up to the end of the token.
template <class Lexicon>
std::size_t parse_suffixes(const Lexicon& lex, const char* p, const char* begin, const char* end,
                           MoveText& out, MoveTextError& error) {
  std::size_t len;
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

void find_castle_tokens(const Notation& n, TableIndex& index) {
  std::vector<std::string> forms = {"O-O", "0-0", "O-O-O", "0-0-0"};
  for (const auto* list : {&n.castle_short, &n.castle_long})
    forms.insert(forms.end(), list->begin(), list->end());
  const TableLexicon lexicon(n, index);
  for (const std::string& form : forms)
    for (const char* suffix : {"", "+", "#"}) {
      const std::string token = form + suffix;
      bool known = false;
      for (const auto& [text, unused] : index.castle_tokens) known = known || text == token;
      MoveText out;
      MoveTextError error;
      if (known || parse_with(lexicon, token, out, error) != token.size()) continue;
      if (out.kind == MoveText::CastleShort || out.kind == MoveText::CastleLong)
        index.castle_tokens.emplace_back(token, out);
    }
}

// The shape nearly every move of a PGN file has: [NBRQK] [file] [rank] [x] square [=NBRQ]
// [+ or #], nothing else. Reads it straight from both ends of the token and fills `out` as
// parse_with(EnglishLexicon) would; false means "not that shape", and the grammar decides
// (tests/unit/move_text_test.cpp compares the two on every sampled token).
bool parse_plain_san(std::string_view token, MoveText& out) {
  const char* p = token.data();
  const char* end = p + token.size();
  const std::uint8_t check_mark = detail::take_check_sign(p, end);
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
  out.plain = true;
  return true;
}

// The same shape in a table's letters: [piece] [file] [rank] [capture] file rank ['+' | '#'],
// with a-h files and single-byte capture signs. Fills `out` as parse_with(TableLexicon)
// would; false means "not that shape" (castling, long forms, promotions, look-alike file
// letters...), and the grammar decides. Whatever could start another reading of the same
// bytes (a castling form, a longer capture sign, a dash) sends the token to the grammar too.
bool parse_plain_table(const TableIndex& index, std::string_view token, MoveText& out) {
  const char* p = token.data();
  const char* const end = p + token.size();
  if (p == end) return false;
  PieceType piece = Pawn;
  bool piece_written = false;
  switch (index.plain_start[Byte(*p)]) {
    case PlainStart::File:
      break;
    case PlainStart::PieceOrCastle:
      if (index.may_castle(p, end)) return false;
      [[fallthrough]];
    case PlainStart::Piece: {
      int type;
      const std::size_t len = index.pieces.match(p, end, type);
      if (len == 0) return false;
      piece = PieceType(type);
      piece_written = true;
      p += len;
      break;
    }
    case PlainStart::No:
      return false;
  }
  // A square, possibly partial; false when a look-alike file letter may start there.
  auto square = [&](int& file, int& rank) {
    if (p == end) return true;
    std::uint8_t kind = index.plain_byte[Byte(*p)];
    if (kind & kPlainFile) {
      file = *p++ - 'a';
      if (p == end) return true;
      kind = index.plain_byte[Byte(*p)];
    } else if (kind & kPlainAlias) {
      return false;
    }
    if (kind & kPlainRank) rank = *p++ - '1';
    return true;
  };
  int from_file = -1, from_rank = -1, to_file = -1, to_rank = -1;
  if (!square(from_file, from_rank)) return false;
  bool capture = false;
  if (p < end && (index.plain_byte[Byte(*p)] & kPlainSeparator)) {
    if (!(index.plain_byte[Byte(*p)] & kPlainCapture)) return false;
    capture = true;
    ++p;
  }
  if (!square(to_file, to_rank)) return false;
  if (to_file < 0 || to_rank < 0) {
    // Only the lone destination ("e4", "Кf3") is plain.
    if (to_file >= 0 || to_rank >= 0 || capture || from_file < 0 || from_rank < 0) return false;
    to_file = std::exchange(from_file, -1);
    to_rank = std::exchange(from_rank, -1);
  }
  std::uint8_t check_mark = 0;
  if (p != end) {
    if (!index.plain_suffixes || p + 1 != end) return false;
    if (*p == '+')
      check_mark = 1;
    else if (*p == '#')
      check_mark = 2;
    else
      return false;
  }
  out = MoveText{};
  out.piece = piece_written ? piece : from_file >= 0 && from_rank >= 0 ? NoPieceType : Pawn;
  out.from_file = std::int8_t(from_file);
  out.from_rank = std::int8_t(from_rank);
  out.to = make_square(to_file, to_rank);
  out.capture = capture;
  out.check_mark = check_mark;
  return true;
}

// Out of line, so that the fast path above does not pay the grammar's stack frame.
[[gnu::noinline]] std::size_t parse_with_english(std::string_view token, MoveText& out,
                                                 MoveTextError& error) {
  return parse_with(EnglishLexicon{}, token, out, error);
}

// Castling forms and everything else the plain path leaves, out of line like
// parse_with_english: inlined, the grammar's frame would be paid by every plain move too.
[[gnu::noinline]] std::size_t parse_with_table(const Notation& notation, const TableIndex& index,
                                               std::string_view token, MoveText& out,
                                               MoveTextError& error) {
  for (const auto& [text, castle] : index.castle_tokens)
    if (text == token) {
      out = castle;
      error = MoveTextError::None;
      return token.size();
    }
  return parse_with(TableLexicon(notation, index), token, out, error);
}

}  // namespace

namespace detail {

NotationIndexSlot& NotationIndexSlot::operator=(const NotationIndexSlot&) noexcept {
  delete std::exchange(built_, nullptr);
  return *this;
}
NotationIndexSlot::~NotationIndexSlot() {
  delete built_;
}

std::size_t parse_move_text_word_by_word(std::string_view token, MoveText& out,
                                         MoveTextError& error, const Notation& notation) {
  return parse_with(WordByWordLexicon(notation), token, out, error);
}

const ByteSet& move_alphabet(const Notation& notation) {
  return table_index(notation).alphabet;
}
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
  const TableIndex& index = table_index(*notation);
  if (parse_plain_table(index, token, out)) {
    error = MoveTextError::None;
    return token.size();
  }
  return parse_with_table(*notation, index, token, out, error);
}

}  // namespace pgn
