// The tag section of a game: the values the other checks need (Result, FEN, SetUp, Variant,
// Termination), the PGN standard's formats of the known tags (RE2 patterns), the Seven Tag
// Roster, and which rules the game is played by.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "check/diagnostics_builder.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/result_forms.hpp"
#include "libpgn/variant.hpp"

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

// The tags whose values have a format check_format() checks: not free text (Event, Site, the
// players, Termination, unknown tags), nor FEN and Variant, which are checked where they are read.
inline constexpr std::uint32_t kFormatCheckedTags =
    1u << unsigned(KnownTag::Date) | 1u << unsigned(KnownTag::Round) |
    1u << unsigned(KnownTag::Result) | 1u << unsigned(KnownTag::EventDate) |
    1u << unsigned(KnownTag::UTCDate) | 1u << unsigned(KnownTag::WhiteElo) |
    1u << unsigned(KnownTag::BlackElo) | 1u << unsigned(KnownTag::TimeControl) |
    1u << unsigned(KnownTag::ECO) | 1u << unsigned(KnownTag::SetUp) |
    1u << unsigned(KnownTag::Time) | 1u << unsigned(KnownTag::UTCTime) |
    1u << unsigned(KnownTag::PlyCount);

// The tags a game's other checks read the value of (GameTags).
inline constexpr std::uint32_t kValueKeptTags =
    1u << unsigned(KnownTag::Result) | 1u << unsigned(KnownTag::SetUp) |
    1u << unsigned(KnownTag::FEN) | 1u << unsigned(KnownTag::Variant) |
    1u << unsigned(KnownTag::Termination);

namespace detail {

template <class T>
T load_bytes(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

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

// The tag values of one game that other checks read.
struct GameTags {
  bool any = false;  // the game has a tag section
  bool has_result = false, has_fen = false, has_setup = false;
  std::string result, fen, setup, variant, termination;
  TextPos fen_pos, setup_pos;  // where the FEN and SetUp tags are: their problems point there
};

class TagChecks {
 public:
  // Problems are reported to `diagnostics`.
  TagChecks(bool check_formats, const ResultForms& results, DiagnosticsBuilder& diagnostics)
      : check_formats_(check_formats), results_(results), diagnostics_(diagnostics) {}

  // A game read in `notation` (nullptr: English), whose Result tag may be written in it.
  void begin_game(const Notation* notation);
  // One tag as written (escapes in it); returns its value with escapes decoded, valid until
  // the next tag. `escape_free`: the value is known to hold no backslash (no escape to look for).
  // Inline for a tag with nothing to do but be counted (free text, or a format not checked,
  // its value known to hold no escape: about half of a game's tags), out of line for the rest.
  [[gnu::always_inline]] std::string_view tag(std::string_view name, std::string_view raw,
                                              TextPos pos, bool escape_free) {
    const KnownTag kind = classify_tag(name);
    if (escape_free && (counted_only_ >> unsigned(kind) & 1)) {
      tags_.any = true;
      roster_seen_ |= (1u << unsigned(kind)) & 0x7F;  // the Seven Tag Roster's bits
      return raw;
    }
    return checked_tag(kind, name, raw, pos, escape_free);
  }
  // After the last tag: the roster, the variant (parse_variant_name; an unknown one is
  // reported), and SetUp against FEN. `untagged` is the rule set of a game without a Variant
  // tag; a tag naming other rules than a given one is reported.
  VariantName end_tags(TextPos pos, const std::optional<VariantName>& untagged);

  const GameTags& tags() const { return tags_; }

 private:
  // tag() for a tag whose value is kept, checked or may hold an escape.
  std::string_view checked_tag(KnownTag kind, std::string_view name, std::string_view raw,
                               TextPos pos, bool escape_free);
  // A tag of kFormatCheckedTags against its format.
  void check_format(KnownTag kind, std::string_view name, std::string_view value, TextPos pos);
  // A value check_format() did not accept at once: its format checked, a problem reported.
  [[gnu::noinline]] void check_value(KnownTag kind, std::string_view name, std::string_view value,
                                     TextPos pos);

  const bool check_formats_;
  // The kinds tag() only counts: neither kept (kValueKeptTags) nor checked.
  const std::uint32_t counted_only_ =
      ~(kValueKeptTags | (check_formats_ ? kFormatCheckedTags : 0u));
  const ResultForms& results_;
  DiagnosticsBuilder& diagnostics_;
  const Notation* notation_ = nullptr;
  GameTags tags_;
  unsigned roster_seen_ = 0;
  std::string unescaped_;  // buffer for tag values with escapes
  // Per tag kind, the last value check_format accepted (kept across games).
  std::array<std::string, std::size_t(KnownTag::Other) + 1> last_accepted_;
};

}  // namespace pgn
