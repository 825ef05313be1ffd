// The tag lines of a game's tag section as the splitter reads them on its way through the
// input, kept in RawGame::tag_lines so that the parser reports them without reading them
// again: one pass over the bytes of the tags instead of two.
//
// Only a line holding one whole tag pair and nothing else but blanks (`[Name "value"]`, a
// name, no stray quote: the pairs tag_pair() reads without a report) is described, and only
// from the game's first byte on, over blank lines, up to the first line that is anything
// else. What follows the last described line is read by the parser as before, so a game
// whose tag section is odd reads just as it did.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "libpgn/raw_game.hpp"
#include "read/movetext_scan.hpp"
#include "tags/tag_scan.hpp"
#include "text/text_scan.hpp"

namespace pgn::detail {

// Offsets are from the game text's first byte; a line is described only when all of them fit.
struct TagLine {
  std::uint16_t line;         // line breaks between the game's start and this line
  std::uint16_t line_begin;   // the line's first byte (for columns; 0 on the first line)
  std::uint16_t open;         // the '['
  std::uint16_t name_end;     // the byte after the name
  std::uint16_t value_begin;  // past the opening quote
  std::uint16_t value_end;    // the closing quote
  std::uint8_t name_skip;     // blanks between the '[' and the name, plus one
  std::uint8_t stop_skip;     // from the closing quote to past the ']'
  bool escape_free;           // no backslash in the value: it is its own unescaped form

  std::string_view name(const char* text) const {
    return {text + open + name_skip, static_cast<std::size_t>(name_end - open - name_skip)};
  }
  std::string_view value(const char* text) const {
    return {text + value_begin, static_cast<std::size_t>(value_end - value_begin)};
  }
  std::size_t stop() const { return std::size_t(value_end) + stop_skip; }
};

inline constexpr std::size_t kMaxTagLineOffset = 0xFFFF;
inline constexpr std::size_t kMaxTagLineSkip = 0xFF;

// A tag line as tags::scan_tag_pair() reads it, when it is one the parser reads without a
// report: a name, a whole value without a stray quote, then only blanks up to a line end.
struct TagLineLayout {
  const char* name_begin;
  const char* name_end;
  const char* value_begin;
  const char* value_end;   // the closing quote
  const char* stop;        // past the ']'
  const char* terminator;  // the line end
  bool escape_free;        // no backslash between value_begin and value_end
};

// The layout of the line whose '[' is at `open`, read by tags::scan_tag_pair() within
// [open, limit); false when the line is not such a line or does not end before `limit`.
inline bool read_tag_line_layout(const char* open, const char* limit, TagLineLayout& out) {
  const tags::TagPairScan t = tags::scan_tag_pair(open, limit);
  if (!t.whole() || t.stray_quote || t.name.empty()) return false;
  const char* stop = t.stop;
  while (stop < limit && is_horizontal_space(*stop)) ++stop;
  if (stop == limit || !is_line_end(*stop)) return false;
  const auto value_size = static_cast<std::size_t>(t.value_end - t.value_begin);
  out = {t.name.data(),
         t.name.data() + t.name.size(),
         t.value_begin,
         t.value_end,
         t.stop,
         stop,
         std::memchr(t.value_begin, '\\', value_size) == nullptr};
  return true;
}

// The bytes read_plain_tag_line_layout() compares a line with, each repeated 32 times. Not
// const: GCC builds a known constant from an immediate (three instructions for each, on
// every line) where it can compare with a variable in memory in the compare itself.
struct alignas(32) TagLineBytes {
  char tab[32], four[32], space[32], line_feed[32], carriage_return[32], quote[32], close[32],
      backslash[32];
};
inline constexpr TagLineBytes make_tag_line_bytes() {
  TagLineBytes k{};
  for (int i = 0; i < 32; ++i) {
    k.tab[i] = '\t';
    k.four[i] = 4;
    k.space[i] = ' ';
    k.line_feed[i] = '\n';
    k.carriage_return[i] = '\r';
    k.quote[i] = '"';
    k.close[i] = ']';
    k.backslash[i] = '\\';
  }
  return k;
}
inline TagLineBytes kTagLineBytes = make_tag_line_bytes();  // never written

// The usual tag line, `[Name "value"]` (blanks allowed between the name and the value and
// after the ']', none elsewhere, no backslash in the value) ending within the 32 bytes from
// `open`, which must be readable: its layout from one classification of those bytes, the one
// read_tag_line_layout() finds. False for any other line, which that function then reads.
[[gnu::always_inline]] inline bool read_plain_tag_line_layout(const char* open,
                                                              TagLineLayout& out) {
#if defined(__AVX2__)
  const TagLineBytes& k = kTagLineBytes;
  const auto load = [](const char(&r)[32]) {
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(r));
  };
  const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(open));
  const auto bits = [&](__m256i hit) {
    return static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm256_movemask_epi8(hit)));
  };
  const auto equal = [&](const char(&c)[32]) { return _mm256_cmpeq_epi8(v, load(c)); };
  // Tab, line feed, vertical tab, form feed and carriage return are 9 to 13.
  const __m256i from_tab = _mm256_sub_epi8(v, load(k.tab));
  const std::uint64_t space_or_line_end = bits(_mm256_or_si256(
      equal(k.space), _mm256_cmpeq_epi8(_mm256_min_epu8(from_tab, load(k.four)), from_tab)));
  const std::uint64_t line_end =
      bits(_mm256_or_si256(equal(k.line_feed), equal(k.carriage_return)));
  const std::uint64_t quote = bits(equal(k.quote));
  const std::uint64_t close = bits(equal(k.close));
  const std::uint64_t backslash = bits(equal(k.backslash));
  const std::uint64_t blank = space_or_line_end & ~line_end;
  const auto at_or_after = [](int i) { return ~std::uint64_t{0} << i; };
  // The name: up to the first byte that ends one (tags::kEndsTagName), at least one byte.
  const std::uint64_t name_ends = (space_or_line_end | quote | close) & ~std::uint64_t{1};
  if (name_ends == 0) return false;
  const int name_end = std::countr_zero(name_ends);
  if (name_end < 2 || quote == 0) return false;
  // Blanks, then the opening quote (a quote ends a name: it is not before name_end).
  const int opening = std::countr_zero(quote);
  if ((~blank & at_or_after(name_end) & ~at_or_after(opening)) != 0) return false;
  // The value: up to the next quote, which a ']' follows at once.
  const std::uint64_t value_ends = (quote | backslash | line_end) & at_or_after(opening + 1);
  if (value_ends == 0) return false;
  const int closing = std::countr_zero(value_ends);
  if ((quote >> closing & 1) == 0 || (close >> (closing + 1) & 1) == 0) return false;
  // Blanks after the ']', then the line's end.
  const std::uint64_t rest = ~blank & ((1ull << 32) - 1) & at_or_after(closing + 2);
  if (rest == 0) return false;
  const int terminator = std::countr_zero(rest);
  if ((line_end >> terminator & 1) == 0) return false;
  // A backslash ends the value's scan above: the value has none.
  out = {open + 1,
         open + name_end,
         open + opening + 1,
         open + closing,
         open + closing + 2,
         open + terminator,
         true};
  return true;
#else
  (void)open;
  (void)out;
  return false;
#endif
}

// The tag lines describing `game.text` as it is now (none if its text was moved or remade).
inline const TagLine* tag_lines_of(const RawGame& game) {
  return game.tag_lines.count != 0 && game.tag_lines.text == game.text.data() ? game.tag_lines.lines
                                                                              : nullptr;
}

// Appends game's text to `store`, followed by its tag lines (aligned for TagLine); returns
// where the lines start, 0 when it has none. rebind_kept_game() points a game at the copy.
inline std::size_t append_game_text(const RawGame& game, std::string& store) {
  store.append(game.text);
  if (!tag_lines_of(game)) return 0;
  store.append((alignof(TagLine) - store.size() % alignof(TagLine)) % alignof(TagLine), '\0');
  const std::size_t at = store.size();
  store.append(reinterpret_cast<const char*>(game.tag_lines.lines),
               game.tag_lines.count * sizeof(TagLine));
  return at;
}

// Points `game` at its copy made by append_game_text(): its text at `text_at` in `store`,
// its tag lines at `lines_at` (0: none).
inline void rebind_kept_game(RawGame& game, const std::string& store, std::size_t text_at,
                             std::size_t lines_at) {
  game.text = std::string_view(store).substr(text_at, game.text.size());
  if (lines_at == 0) {
    game.tag_lines = ReadTagLines{};
    return;
  }
  game.tag_lines.lines = reinterpret_cast<const TagLine*>(store.data() + lines_at);
  game.tag_lines.text = game.text.data();
}

}  // namespace pgn::detail
