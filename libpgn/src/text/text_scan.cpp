#include "text/text_scan.hpp"

#include <simdjson.h>

namespace pgn::detail {

TextKind classify_text(std::string_view text) {
  const char* p = text.data();
  const char* const end = p + text.size();
  // PGN is nearly all ASCII: find the first byte that is not, a block at a time.
#if defined(__SSE2__)
  while (end - p >= 32) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16));
    if (_mm_movemask_epi8(_mm_or_si128(a, b)) != 0) break;
    p += 32;
  }
#endif
  while (end - p >= 8 && (load_bytes<std::uint64_t>(p) & 0x8080808080808080ull) == 0) p += 8;
  while (p < end && static_cast<unsigned char>(*p) < 0x80) ++p;
  if (p == end) return TextKind::Ascii;
  // Everything before p is ASCII, so p starts a character. simdjson's validator checks the
  // rest with SIMD; a byte-by-byte decoder mispredicts a branch on nearly every letter of
  // Cyrillic text.
  return simdjson::validate_utf8(p, static_cast<std::size_t>(end - p)) ? TextKind::Utf8
                                                                       : TextKind::Invalid;
}

}  // namespace pgn::detail
