// The PGN parser's view of bytes and tokens: the byte classes its scan dispatches on, the
// blanks that are not ASCII, and the token forms it recognizes (castling written with other
// dashes, annotation symbols; results so written are read in tags/marker_dashes.hpp). Kept
// apart from the parser's state machine in pgn_parser.hpp; inline, as they run on every token.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#if defined(__SSSE3__)
#include <tmmintrin.h>
#endif

#include "tags/marker_dashes.hpp"

namespace pgn::detail::parser {

enum CharClass : std::uint8_t {
  kToken,       // part of a move, number, result or symbol
  kSpace,       // blank, tab, vertical tab, form feed
  kNewline,     // '\n'
  kReturn,      // '\r'
  kOpenBrace,   // '{'
  kCloseBrace,  // '}'
  kSemicolon,   // ';'
  kOpenParen,   // '('
  kCloseParen,  // ')'
  kDollar,      // '$'
  kOpenBracket,
  kCloseBracket,
  kPercent,     // '%': an escape line in column 1, else part of a token
  kControl,     // other ASCII control characters, NUL included
  kMaybeSpace,  // first byte of U+00A0 or U+FEFF, which count as blanks
};

inline constexpr std::array<CharClass, 256> make_classes() {
  std::array<CharClass, 256> table{};
  for (int c = 0; c < 0x20; ++c) table[c] = kControl;
  table[0x7F] = kControl;
  table[' '] = table['\t'] = table['\v'] = table['\f'] = kSpace;
  table['\n'] = kNewline;
  table['\r'] = kReturn;
  table['{'] = kOpenBrace;
  table['}'] = kCloseBrace;
  table[';'] = kSemicolon;
  table['('] = kOpenParen;
  table[')'] = kCloseParen;
  table['$'] = kDollar;
  table['['] = kOpenBracket;
  table[']'] = kCloseBracket;
  table['%'] = kPercent;
  table[0xC2] = table[0xEF] = kMaybeSpace;
  return table;
}
inline constexpr std::array<CharClass, 256> kClass = make_classes();

inline CharClass class_of(char c) {
  return kClass[static_cast<unsigned char>(c)];
}

// token_end()'s view of a byte: part of a token, a token end, or the lead byte of NBSP or
// BOM (a blank when the whole sequence is there, else part of the token).
enum TokenByte : std::uint8_t { kInToken, kEndsToken, kMaybeEndsToken };
inline constexpr std::array<TokenByte, 256> make_token_bytes() {
  std::array<TokenByte, 256> table{};
  for (int c = 0; c < 256; ++c) {
    table[c] = kClass[c] == kToken || kClass[c] == kPercent ? kInToken
               : kClass[c] == kMaybeSpace                   ? kMaybeEndsToken
                                                            : kEndsToken;
  }
  return table;
}
inline constexpr std::array<TokenByte, 256> kTokenByte = make_token_bytes();

#if defined(__SSSE3__)
// The bytes among q[0..16) that kTokenByte does not mark kInToken, as a bit mask: each byte's
// low and high nibble look up a set of byte groups, and a byte is a candidate when both sets
// share one. Groups: 00-1F; space $ ( ); ';'; [ ]; { } DEL; C2; EF.
inline std::uint32_t token_end_candidates(const char* q) {
  const __m128i by_low = _mm_setr_epi8(0x03, 0x01, 0x21, 0x01, 0x03, 0x01, 0x01, 0x01,  //
                                       0x03, 0x03, 0x01, 0x1D, 0x01, 0x19, 0x01, 0x51);
  const __m128i by_high = _mm_setr_epi8(0x01, 0x01, 0x02, 0x04, 0x00, 0x08, 0x00, 0x10,  //
                                        0x00, 0x00, 0x00, 0x00, 0x20, 0x00, 0x40, 0x00);
  const __m128i nibble = _mm_set1_epi8(0x0F);
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
  const __m128i low = _mm_shuffle_epi8(by_low, _mm_and_si128(v, nibble));
  const __m128i high = _mm_shuffle_epi8(by_high, _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
  const __m128i in_token = _mm_cmpeq_epi8(_mm_and_si128(low, high), _mm_setzero_si128());
  return static_cast<std::uint32_t>(_mm_movemask_epi8(in_token)) ^ 0xFFFFu;
}
#endif

inline bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
// Bytes a token starts with when it can only be a move: letters, and the lead bytes of
// letters in other scripts ("Кf3", "Фd1"). Results, numbers and annotation symbols start with
// ASCII signs or digits, or with C2 (½, ±) or E2 (…, ∞, ⩲); EF starts a BOM.
inline constexpr std::array<bool, 256> make_move_starts() {
  std::array<bool, 256> table{};
  for (int c = 0; c < 256; ++c)
    table[c] =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= 0xC3 && c != 0xE2 && c != 0xEF);
  return table;
}
inline constexpr std::array<bool, 256> kStartsMoveOnly = make_move_starts();

// Length of a multi-byte blank (NBSP, BOM) at p, or 0.
inline int multibyte_space(const char* p, const char* end) {
  if (end - p >= 2 && p[0] == '\xC2' && p[1] == '\xA0') return 2;
  if (end - p >= 3 && p[0] == '\xEF' && p[1] == '\xBB' && p[2] == '\xBF') return 3;
  return 0;
}

// Castling written with dashes that are not all '-' ("O‑O" with U+2011): its plain form, or "".
inline std::string_view castling_with_other_dash(std::string_view token) {
  const char letter = token[0];
  if (letter != 'O' && letter != '0' && letter != 'o') return {};
  const char* p = token.data() + 1;
  const char* const end = token.data() + token.size();
  int dashes = 0;
  bool other = false;
  while (p < end && dashes < 2) {
    std::size_t d = *p == '-' ? 1 : tags::other_dash(p, end);
    if (d == 0 || p + d >= end || p[d] != letter) break;
    other = other || d > 1;
    p += d + 1;
    ++dashes;
  }
  if (!other) return {};
  return dashes == 2 ? "O-O-O" : "O-O";
}

// Annotation symbols written as their own token, mapped to their NAG numbers.
inline int symbol_nag(std::string_view token) {
  struct Symbol {
    std::string_view text;
    int nag;
  };
  static constexpr Symbol kSymbols[] = {
      {"!", 1},       {"?", 2},    {"!!", 3},      {"??", 4},   {"!?", 5},        {"?!", 6},
      {"\u25A1", 7},  {"=", 10},   {"\u221E", 13}, {"+=", 14},  {"+/=", 14},      {"\u2A72", 14},
      {"=+", 15},     {"=/+", 15}, {"\u2A71", 15}, {"+/-", 16}, {"\xC2\xB1", 16}, {"-/+", 17},
      {"\u2213", 17}, {"+-", 18},  {"+--", 18},    {"-+", 19},  {"--+", 19},
  };
  const char first = token[0];
  if (first != '!' && first != '?' && first != '=' && first != '+' && first != '-' &&
      static_cast<unsigned char>(first) < 0x80) {
    return 0;
  }
  for (const Symbol& symbol : kSymbols) {
    if (symbol.text == token) return symbol.nag;
  }
  return 0;
}

}  // namespace pgn::detail::parser
