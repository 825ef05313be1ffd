// The tag names the validator's checks know (KnownTag), and the two ways a name is
// classified: classify_tag() from a name of any length, and classify_tag_name16() without a
// branch from the 16 bytes at the name, where they are readable (the parser's loop over the
// splitter's tag lines).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string_view>

#include "libpgn/load_bytes.hpp"

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace pgn {

// The tags the checks look at. The Seven Tag Roster comes first, in its order, so that a
// roster tag's value is its bit in the roster set.
enum class KnownTag : std::uint8_t {
  Event,
  Site,
  Date,
  Round,
  White,
  Black,
  Result,  // the Seven Tag Roster
  EventDate,
  UTCDate,
  WhiteElo,
  BlackElo,
  TimeControl,
  ECO,
  SetUp,
  FEN,
  Time,
  UTCTime,
  PlyCount,
  Variant,
  Termination,
  Other
};

namespace detail {

// `name` (of the known name's size) is `known`: two loads of up to 8 bytes each, overlapping
// when the size is not a power of two, compared with the known name's (constants).
template <std::size_t N>
[[gnu::always_inline]] inline bool same_name(const char* name, const char (&known)[N]) {
  constexpr std::size_t n = N - 1;
  static_assert(n >= 3 && n <= 16);
  if constexpr (n >= 8) {
    return load_bytes<std::uint64_t>(name) == load_bytes<std::uint64_t>(known) &&
           load_bytes<std::uint64_t>(name + n - 8) == load_bytes<std::uint64_t>(known + n - 8);
  } else if constexpr (n >= 4) {
    return load_bytes<std::uint32_t>(name) == load_bytes<std::uint32_t>(known) &&
           load_bytes<std::uint32_t>(name + n - 4) == load_bytes<std::uint32_t>(known + n - 4);
  } else {
    return load_bytes<std::uint16_t>(name) == load_bytes<std::uint16_t>(known) &&
           load_bytes<std::uint16_t>(name + n - 2) == load_bytes<std::uint16_t>(known + n - 2);
  }
}

}  // namespace detail

// One switch on the length, then at most two comparisons of whole words per tag.
[[gnu::always_inline]] inline KnownTag classify_tag(std::string_view name) {
  const char* const p = name.data();
  const auto is = [p](const auto& known, KnownTag tag) {
    return detail::same_name(p, known) ? tag : KnownTag::Other;
  };
  switch (name.size()) {
    case 3:
      return p[0] == 'E' ? is("ECO", KnownTag::ECO) : is("FEN", KnownTag::FEN);
    case 4:
      if (p[0] == 'S') return is("Site", KnownTag::Site);
      return p[0] == 'D' ? is("Date", KnownTag::Date) : is("Time", KnownTag::Time);
    case 5:
      switch (p[0]) {
        case 'E':
          return is("Event", KnownTag::Event);
        case 'R':
          return is("Round", KnownTag::Round);
        case 'W':
          return is("White", KnownTag::White);
        case 'B':
          return is("Black", KnownTag::Black);
        case 'S':
          return is("SetUp", KnownTag::SetUp);
        default:
          return KnownTag::Other;
      }
    case 6:
      return is("Result", KnownTag::Result);
    case 7:
      if (p[0] != 'U') return is("Variant", KnownTag::Variant);
      return p[3] == 'D' ? is("UTCDate", KnownTag::UTCDate) : is("UTCTime", KnownTag::UTCTime);
    case 8:
      if (p[0] == 'W') return is("WhiteElo", KnownTag::WhiteElo);
      if (p[0] == 'B') return is("BlackElo", KnownTag::BlackElo);
      return is("PlyCount", KnownTag::PlyCount);
    case 9:
      return is("EventDate", KnownTag::EventDate);
    case 11:
      return p[1] == 'i' ? is("TimeControl", KnownTag::TimeControl)
                         : is("Termination", KnownTag::Termination);
    default:
      return KnownTag::Other;
  }
}

namespace detail {

inline constexpr std::string_view kKnownTagNames[] = {
    "Event",     "Site",    "Date",     "Round",    "White",       "Black",      "Result",
    "EventDate", "UTCDate", "WhiteElo", "BlackElo", "TimeControl", "ECO",        "SetUp",
    "FEN",       "Time",    "UTCTime",  "PlyCount", "Variant",     "Termination"};
static_assert(std::size(kKnownTagNames) == std::size_t(KnownTag::Other));

// A name's first 8 bytes (zeros past its end) as a little-endian word.
constexpr std::uint64_t first_word(std::string_view name) {
  std::uint64_t word = 0;
  for (std::size_t i = 0; i < name.size() && i < 8; ++i)
    word |= std::uint64_t(static_cast<unsigned char>(name[i])) << (8 * i);
  return word;
}

// The slot of a name among 32: its first word times a constant, the top 5 bits. The constant
// was chosen so that the known names fall into 32 different slots (checked below).
inline constexpr std::uint64_t kTagNameHashFactor = 0xb6f3d08a4406d47full;
constexpr unsigned tag_name_slot(std::uint64_t first) {
  return static_cast<unsigned>((first * kTagNameHashFactor) >> 59);
}

// Per slot, the known name's bytes (zeros after it), its size (0: a free slot, which no name
// matches) and its kind.
struct alignas(64) KnownTagSlots {
  char name[32][16];
  std::uint8_t size[32];
  std::uint8_t kind[32];
  bool collision;
};
constexpr KnownTagSlots make_known_tag_slots() {
  KnownTagSlots t{};
  for (std::size_t k = 0; k < std::size(kKnownTagNames); ++k) {
    const std::string_view name = kKnownTagNames[k];
    const unsigned slot = tag_name_slot(first_word(name));
    if (t.size[slot] != 0) t.collision = true;
    for (std::size_t i = 0; i < name.size(); ++i) t.name[slot][i] = name[i];
    t.size[slot] = static_cast<std::uint8_t>(name.size());
    t.kind[slot] = static_cast<std::uint8_t>(k);
  }
  return t;
}
inline constexpr KnownTagSlots kKnownTagSlots = make_known_tag_slots();
static_assert(!kKnownTagSlots.collision, "two known tag names in one slot");

}  // namespace detail

#if defined(__SSE2__)
// classify_tag() for the name of `size` bytes at `name`, 16 of which are readable: the name's
// bytes masked to its size, one slot looked up and compared whole. No branch: the kind is
// picked by the compare. A name of 16 bytes or more is no known name (the longest is 11).
[[gnu::always_inline]] inline KnownTag classify_tag_name16(const char* name, std::size_t size) {
  const __m128i index = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const std::size_t kept = size < 16 ? size : 16;
  const __m128i in_name = _mm_cmpgt_epi8(_mm_set1_epi8(static_cast<char>(kept)), index);
  const __m128i bytes =
      _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(name)), in_name);
  const unsigned slot = detail::tag_name_slot(static_cast<std::uint64_t>(_mm_cvtsi128_si64(bytes)));
  const __m128i known =
      _mm_load_si128(reinterpret_cast<const __m128i*>(detail::kKnownTagSlots.name[slot]));
  const bool same = (_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, known)) == 0xFFFF) &
                    (detail::kKnownTagSlots.size[slot] == size);
  return same ? static_cast<KnownTag>(detail::kKnownTagSlots.kind[slot]) : KnownTag::Other;
}
#endif

}  // namespace pgn
