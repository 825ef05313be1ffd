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
#include "tags/known_tag.hpp"

namespace pgn {

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
    return tag(classify_tag(name), name, raw, pos, escape_free);
  }
  // tag() for a name whose kind is known (classify_tag(name)): the splitter's tag lines come
  // with it.
  [[gnu::always_inline]] std::string_view tag(KnownTag kind, std::string_view name,
                                              std::string_view raw, TextPos pos, bool escape_free) {
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
