// Byte-scanning helpers shared by the game splitter, the parser and the text writers: finding
// the next interesting byte with SSE2 where available, UTF-8 classification (text_scan.cpp),
// code point counting, the escape of one byte in hexadecimal.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "libpgn/load_bytes.hpp"

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace pgn::detail {

inline int count_trailing_zeros(std::uint32_t x) {
  return __builtin_ctz(x);
}

// First byte in [p, end) equal to one of the four needles (repeat a needle to look for
// fewer), or `end`.
template <char A, char B, char C, char D>
inline const char* find_any(const char* p, const char* end) {
#if defined(__AVX2__)
  // 32 bytes a step: a lichess clock comment or a tag line is one step, not two.
  const __m256i a32 = _mm256_set1_epi8(A), b32 = _mm256_set1_epi8(B);
  const __m256i c32 = _mm256_set1_epi8(C), d32 = _mm256_set1_epi8(D);
  while (end - p >= 32) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const __m256i hit =
        _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, a32), _mm256_cmpeq_epi8(v, b32)),
                        _mm256_or_si256(_mm256_cmpeq_epi8(v, c32), _mm256_cmpeq_epi8(v, d32)));
    const std::uint32_t mask = static_cast<std::uint32_t>(_mm256_movemask_epi8(hit));
    if (mask != 0) return p + count_trailing_zeros(mask);
    p += 32;
  }
#endif
#if defined(__SSE2__)
  const __m128i a = _mm_set1_epi8(A), b = _mm_set1_epi8(B);
  const __m128i c = _mm_set1_epi8(C), d = _mm_set1_epi8(D);
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, a), _mm_cmpeq_epi8(v, b)),
                                     _mm_or_si128(_mm_cmpeq_epi8(v, c), _mm_cmpeq_epi8(v, d)));
    const int mask = _mm_movemask_epi8(hit);
    if (mask != 0) return p + count_trailing_zeros(static_cast<std::uint32_t>(mask));
    p += 16;
  }
#endif
  for (; p < end; ++p) {
    const char ch = *p;
    if (ch == A || ch == B || ch == C || ch == D) return p;
  }
  return end;
}

// Number of continuation bytes (10xxxxxx) among the eight bytes of `word`, where `keep` has
// 0x80 set in the bytes that count.
inline std::size_t count_continuations(std::uint64_t word, std::uint64_t keep) {
  const std::uint64_t marks = word & ~(word << 1) & keep;
#if defined(__POPCNT__)
  return static_cast<std::size_t>(__builtin_popcountll(marks));
#else
  // Sum of the per-byte 0/1 flags (no popcount instruction in the baseline ISA).
  return static_cast<std::size_t>(((marks >> 7) * 0x0101010101010101ull) >> 56);
#endif
}

// Number of UTF-8 code points in [p, end): bytes that are not continuation bytes. Bytes up to
// `readable` (at least `end`) may be read, so that a short stretch costs one load, not a
// loop over its bytes: the parser counts the few bytes between two tokens. Never inlined: it
// is needed for a reported event only, and inlined into the parser's per-token function its
// vector code makes that function realign its stack on every token.
[[gnu::noinline]] inline std::size_t count_code_points(const char* p, const char* end,
                                                       const char* readable) {
  std::size_t continuation = 0;
  const std::size_t length = static_cast<std::size_t>(end - p);
#if defined(__SSE2__)
  // Continuation bytes 80..BF are the signed bytes below -64. Stretches between two tokens
  // are mostly under 16 bytes: one load and no loop, so no branch that depends on the length.
  const __m128i below = _mm_set1_epi8(-64);
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    continuation += static_cast<std::size_t>(
        std::popcount(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmplt_epi8(v, below)))));
    p += 16;
  }
  if (readable - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const unsigned in_range = (1u << (end - p)) - 1;
    const unsigned marks = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmplt_epi8(v, below)));
    return length - continuation - static_cast<std::size_t>(std::popcount(marks & in_range));
  }
#endif
  while (end - p >= 8) {
    continuation += count_continuations(load_bytes<std::uint64_t>(p), 0x8080808080808080ull);
    p += 8;
  }
  if constexpr (std::endian::native == std::endian::little) {
    if (p < end && readable - p >= 8) {
      // The first end - p bytes of the word are its low bytes.
      const int bits = static_cast<int>(end - p) * 8;
      return length - continuation -
             count_continuations(load_bytes<std::uint64_t>(p),
                                 0x8080808080808080ull & ((1ull << bits) - 1));
    }
  }
  for (; p < end; ++p) continuation += (static_cast<unsigned char>(*p) & 0xC0) == 0x80;
  return length - continuation;
}

inline std::size_t count_code_points(const char* p, const char* end) {
  return count_code_points(p, end, end);
}

// What the writer needs to know of a comment's text (blanks at its ends taken off): whether it
// can be written as it is, with no control byte (tab, line break ...) and no two spaces in a
// row, whether it holds a '}', and whether it is all ASCII.
struct CommentScan {
  bool plain = true;
  bool brace = false;
  bool ascii = true;
};
// Always inlined: returned from a call, the three flags were put together on the stack by
// byte stores and read back as one word, a store-forwarding stall that cost more than the scan.
[[gnu::always_inline]] inline CommentScan scan_comment(const char* p, std::size_t size) {
  CommentScan scan;
#if defined(__SSE2__)
  if (size >= 8) {
    unsigned control = 0, doubled = 0, brace = 0, high = 0;
    // Windows overlap by a byte at least, so every pair of neighbours shares one: rescanning
    // bytes changes no answer, and no loop over single bytes is left.
    auto check = [&](__m128i v) __attribute__((always_inline)) {
      const unsigned top = static_cast<unsigned>(_mm_movemask_epi8(v));
      const unsigned low =  // bytes below 0x20, and (signed) those from 0x80
          static_cast<unsigned>(_mm_movemask_epi8(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20))));
      const unsigned spaces =
          static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' '))));
      control |= low & ~top;
      doubled |= spaces & (spaces >> 1);
      brace |= static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('}'))));
      high |= top;
    };
    if (size >= 16) {
      std::size_t k = 0;
      for (; k + 16 < size; k += 15)
        check(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + k)));
      check(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + size - 16)));
    } else {  // both 8-byte windows in one vector; lanes 7 and 8 are not neighbours
      check(_mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)),
                               _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + size - 8))));
      doubled &= 0xFF7F;
    }
    scan.plain = control == 0 && doubled == 0;
    scan.brace = brace != 0;
    scan.ascii = high == 0;
    return scan;
  }
#endif
  for (std::size_t k = 0; k < size; ++k) {
    const unsigned char c = static_cast<unsigned char>(p[k]);
    if (c < 0x20 || (c == ' ' && k > 0 && p[k - 1] == ' ')) scan.plain = false;
    scan.brace |= c == '}';
    scan.ascii &= c < 0x80;
  }
  return scan;
}

enum class TextKind : std::uint8_t { Ascii, Utf8, Invalid };

// Whether `text` is all ASCII, valid UTF-8 with other characters, or not UTF-8 at all
// (overlong forms, surrogates and code points above U+10FFFF are invalid).
TextKind classify_text(std::string_view text);

// The length of the well-formed UTF-8 sequence that starts at p (at most `left` bytes
// readable), or 0 when none does: a stray continuation byte, a cut or overlong sequence, a
// surrogate or a code point above U+10FFFF. ASCII bytes are sequences of one.
inline std::size_t utf8_sequence_length(const unsigned char* p, std::size_t left) {
  const unsigned char lead = p[0];
  if (lead < 0x80) return 1;
  auto continuation = [&](std::size_t i, unsigned char low = 0x80, unsigned char high = 0xBF) {
    return i < left && p[i] >= low && p[i] <= high;
  };
  if (lead >= 0xC2 && lead <= 0xDF) return continuation(1) ? 2 : 0;
  if (lead >= 0xE0 && lead <= 0xEF) {
    const unsigned char low = lead == 0xE0 ? 0xA0 : 0x80, high = lead == 0xED ? 0x9F : 0xBF;
    return continuation(1, low, high) && continuation(2) ? 3 : 0;
  }
  if (lead >= 0xF0 && lead <= 0xF4) {
    const unsigned char low = lead == 0xF0 ? 0x90 : 0x80, high = lead == 0xF4 ? 0x8F : 0xBF;
    return continuation(1, low, high) && continuation(2) && continuation(3) ? 4 : 0;
  }
  return 0;
}

// The largest length <= limit at which `text` (with `available` readable bytes) can be cut
// without splitting a UTF-8 sequence; backs up at most 3 bytes, so invalid input still cuts.
inline std::size_t cut_at_character(const char* text, std::size_t available, std::size_t limit) {
  if (limit >= available) return available;
  std::size_t cut = limit;
  for (int i = 0; i < 3 && cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80; ++i) {
    --cut;
  }
  return cut;
}

// `prefix` and the two lowercase hexadecimal digits of `byte` ("\\u00" and 0x1b: \u001b), into
// a std::string or an AppendBuffer: how the JSON and terminal escapers write a byte.
template <class Out>
void append_hex_escape(Out& out, std::string_view prefix, unsigned char byte) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += prefix;
  out += kHex[byte >> 4];
  out += kHex[byte & 15];
}

// "[pgn]" or "[/pgn]" (any case) at p, which is '[': the markup forums wrap a game in, copied
// along with it. Its length, or 0.
inline std::size_t forum_wrapper_at(const char* p, const char* end) {
  const char* q = p + 1;
  if (q < end && *q == '/') ++q;
  if (end - q < 4 || (q[0] | 0x20) != 'p' || (q[1] | 0x20) != 'g' || (q[2] | 0x20) != 'n' ||
      q[3] != ']')
    return 0;
  return std::size_t(q + 4 - p);
}

}  // namespace pgn::detail
