// The splitter's byte-level scanning: the character classes it decides on and the block scan
// over movetext (AVX2 or SSE2 when available), kept apart from the game-boundary rules of
// splitter.cpp. Inline: the scan runs over every byte of every game.
#pragma once

#include <cstddef>
#include <cstdint>

#include "text/text_scan.hpp"

namespace pgn::detail {

inline bool is_horizontal_space(char c) {
  return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}
inline bool is_line_end(char c) {
  return c == '\n' || c == '\r';
}

// Line breaks passed over by scan_movetext: how many, the last one ('\n', or the '\r' of a
// CR LF) and the first byte of the line after it.
struct PlainLineBreaks {
  std::uint32_t count = 0;
  const char* last = nullptr;
  const char* next_line = nullptr;
};

// A line starting with `first` continues movetext without a decision: movetext, '{' or ';'
// (a blank, a line end, '[', '%' or a BOM decide more at a line start).
inline bool is_plain_line_start(char first) {
  switch (first) {
    case ' ':
    case '\t':
    case '\v':
    case '\f':
    case '\n':
    case '\r':
    case '[':
    case '%':
    case '\xEF':
      return false;
    default:
      return true;
  }
}

// A '\n' at `at` that decides nothing about game boundaries: the line before it ends in
// neither a blank, a CR, nor what may be a termination marker, and the next line is a plain
// line start. `at - 2` and `at + 1` must be readable.
inline bool ends_plain_line(const char* at) {
  const char last = at[-1];
  if (is_horizontal_space(last) || last == '\r' || last == '*') return false;
  if ((last == '0' || last == '1') && at[-2] == '-') return false;
  if (last == '2' && at[-2] == '/') return false;
  return true;
}
inline bool is_plain_line_break(const char* at) {
  return ends_plain_line(at) && is_plain_line_start(at[1]);
}
// The same for the CR LF whose '\r' is at `at` (`at + 2` readable).
inline bool is_plain_crlf_line_break(const char* at) {
  return at[1] == '\n' && ends_plain_line(at) && is_plain_line_start(at[2]);
}

// The splitter's scan over movetext and brace comments: only line ends, ';' and '['
// outside comments and the comment state at the end of a line matter. scan_movetext finds the
// next line end, or ';' or '[' outside a comment (or `end`) and keeps `in_comment` up to date.
// A '[' inside a comment (clock and eval commands) is filtered in the block. Without ';',
// the state after a stretch of text is "in a comment" exactly when its last brace is '{' (braces
// do not nest), so whole 16-byte blocks are classified at once.
// With `plain` given, the scan also passes over plain line breaks (see is_plain_line_break;
// a CR LF counts as one) that are at least 128 bytes before `end`, and counts them there, instead
// of stopping at each: a caller that knows its game goes on after such a break gives it.
[[gnu::always_inline]] inline const char* scan_movetext(const char* p, const char* const end,
                                                        bool& in_comment,
                                                        PlainLineBreaks* plain = nullptr) {
  const char* const first = p;
#if defined(__SSE2__)
  const __m128i newline = _mm_set1_epi8('\n'), carriage = _mm_set1_epi8('\r');
  const __m128i semicolon = _mm_set1_epi8(';'), bracket = _mm_set1_epi8('[');
  const __m128i open_brace = _mm_set1_epi8('{'), close_brace = _mm_set1_epi8('}');
#if defined(__AVX2__)
  const __m256i newline32 = _mm256_set1_epi8('\n'), carriage32 = _mm256_set1_epi8('\r');
  const __m256i semicolon32 = _mm256_set1_epi8(';'), bracket32 = _mm256_set1_epi8('[');
  const __m256i open_brace32 = _mm256_set1_epi8('{'), close_brace32 = _mm256_set1_epi8('}');
#endif
  // 64 bytes per round: lines are long and a stop is rare, so few branches per byte.
  while (end - p >= 64) {
    std::uint64_t stops = 0, opens = 0, closes = 0, brackets = 0;
#if defined(__AVX2__)
    // Two 32-byte halves: half the compares and mask moves of four 16-byte parts.
    for (int part = 0; part < 2; ++part) {
      const __m256i v =
          _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + std::ptrdiff_t{32} * part));
      const auto mask = [&v](__m256i needle) {
        return static_cast<std::uint64_t>(
            static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, needle))));
      };
      const __m256i stop = _mm256_or_si256(
          _mm256_or_si256(_mm256_cmpeq_epi8(v, newline32), _mm256_cmpeq_epi8(v, carriage32)),
          _mm256_cmpeq_epi8(v, semicolon32));
      const int shift = 32 * part;
      stops |= static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm256_movemask_epi8(stop)))
               << shift;
      opens |= mask(open_brace32) << shift;
      closes |= mask(close_brace32) << shift;
      brackets |= mask(bracket32) << shift;
    }
#else
    for (int part = 0; part < 4; ++part) {
      const __m128i v =
          _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + std::ptrdiff_t{16} * part));
      const __m128i stop =
          _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, newline), _mm_cmpeq_epi8(v, carriage)),
                       _mm_cmpeq_epi8(v, semicolon));
      const int shift = 16 * part;
      stops |= static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(stop))) << shift;
      opens |= static_cast<std::uint64_t>(
                   static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, open_brace))))
               << shift;
      closes |= static_cast<std::uint64_t>(
                    static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, close_brace))))
                << shift;
      brackets |= static_cast<std::uint64_t>(
                      static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, bracket))))
                  << shift;
    }
#endif
    // A '[' stops the scan only outside a comment: inside when the last brace before it
    // is '{'.
    // Right after '{' or "{ " (clock and eval commands), a '[' is in a comment at once.
    if (brackets) brackets &= ~((opens << 1) | ((opens << 2) & ~(closes << 1)));
    for (std::uint64_t left = brackets; left != 0; left &= left - 1) {
      const int at = __builtin_ctzll(left);
      const std::uint64_t below = (opens | closes) & ((std::uint64_t{1} << at) - 1);
      const bool inside = below ? ((opens >> (63 - __builtin_clzll(below))) & 1) != 0 : in_comment;
      if (!inside) stops |= std::uint64_t{1} << at;
    }
    if (stops && plain && end - p >= 128) {
      // The lookahead the splitter needs after a line break is in the window here.
      while (stops) {
        const int stop = __builtin_ctzll(stops);
        const char* at = p + stop;
        if (at - first < 2) break;
        if (*at == '\n') {
          if (!is_plain_line_break(at)) break;
          plain->next_line = at + 1;
        } else {
          // A CR LF whose '\n' is in this block (its bit, the next stop, is cleared with it).
          if (*at != '\r' || stop == 63 || !is_plain_crlf_line_break(at)) break;
          plain->next_line = at + 2;
          stops &= stops - 1;
        }
        ++plain->count;
        plain->last = at;
        stops &= stops - 1;
      }
    }
    const std::uint64_t before = stops ? (std::uint64_t{1} << __builtin_ctzll(stops)) - 1 : ~0ull;
    const std::uint64_t braces = (opens | closes) & before;
    const int last_brace = braces ? 63 - __builtin_clzll(braces) : 0;
    in_comment = braces ? ((opens >> last_brace) & 1) != 0 : in_comment;
    if (!stops) {
      p += 64;
      continue;
    }
    p += __builtin_ctzll(stops);
    if (*p == ';' && in_comment) {
      ++p;  // literal inside a comment
      continue;
    }
    break;
  }
  while (end - p >= 16 && !is_line_end(*p) && *p != ';' && *p != '[') {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const unsigned terminators = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, newline), _mm_cmpeq_epi8(v, carriage))));
    const unsigned semicolons =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, semicolon)));
    const unsigned opens = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, open_brace)));
    const unsigned closes =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, close_brace)));
    unsigned stops = terminators | semicolons;
    unsigned brackets = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, bracket)));
    if (brackets) brackets &= ~((opens << 1) | ((opens << 2) & ~(closes << 1)));
    for (unsigned left = brackets; left != 0; left &= left - 1) {
      const int at = detail::count_trailing_zeros(left);
      const unsigned below = (opens | closes) & ((1u << at) - 1);
      const bool inside = below ? ((opens >> (31 - __builtin_clz(below))) & 1) != 0 : in_comment;
      if (!inside) stops |= 1u << at;
    }
    const unsigned before = stops ? (1u << detail::count_trailing_zeros(stops)) - 1 : 0xFFFFu;
    const unsigned braces = (opens | closes) & before;
    if (braces) in_comment = (opens >> (31 - __builtin_clz(braces))) & 1;
    if (!stops) {
      p += 16;
      continue;
    }
    p += detail::count_trailing_zeros(stops);
    if (*p == ';' && in_comment) {
      ++p;  // literal inside a comment
      continue;
    }
    break;
  }
#endif
  // The tail shorter than a block (or everything, without SSE2); a stop found above is
  // at p and ends this loop at once.
  for (; p < end; ++p) {
    const char c = *p;
    if (c == '{') {
      in_comment = true;
    } else if (c == '}') {
      in_comment = false;
    } else if (is_line_end(c) || ((c == ';' || c == '[') && !in_comment)) {
      break;
    }
  }
  return p;
}

}  // namespace pgn::detail
