#include "check/tag_checks.hpp"

#include <re2/re2.h>

#include <algorithm>

#include "libpgn/parser.hpp"
#include "libpgn/tags.hpp"

namespace pgn {
namespace {

// Regular expressions for the formats of the tags libpgn/tags.hpp has no reader for (RE2:
// linear time on any input).
struct TagPatterns {
  RE2 eco{R"([A-E]\d\d(/[A-E]\d\d)?|\?|)"};
  RE2 setup{R"([01])"};
  RE2 time{R"((\d{2}|\?{2}):(\d{2}|\?{2}):(\d{2}|\?{2}))"};
  RE2 ply_count{R"(\d+)"};
};
const TagPatterns& tag_patterns() {
  static const TagPatterns patterns;
  return patterns;
}

bool all_digits(std::string_view value) {
  for (char c : value)
    if (c < '0' || c > '9') return false;
  return true;
}

constexpr std::string_view kRosterNames[] = {"Event", "Site",  "Date",  "Round",
                                             "White", "Black", "Result"};

// The most common values of the tags that change from game to game (Round "7", WhiteElo
// "2710" or "", ECO "B90", PlyCount "83"), each a case its pattern accepts, recognized
// without running the pattern: a tag check would otherwise cost more than the moves of a
// short game.
bool plainly_well_formed(KnownTag kind, std::string_view value) {
  switch (kind) {
    case KnownTag::PlyCount:
      return !value.empty() && value.size() <= 9 && all_digits(value);
    case KnownTag::WhiteElo:
    case KnownTag::BlackElo:
      return value.size() <= 4 && all_digits(value);
    case KnownTag::ECO:
      return value.empty() ||
             (value.size() == 3 && value[0] >= 'A' && value[0] <= 'E' && value[1] >= '0' &&
              value[1] <= '9' && value[2] >= '0' && value[2] <= '9');
    case KnownTag::Round: {
      // "6.1", "3.12.2": parts of digits (none longer than 9 here) between single dots.
      if (value.empty() || value.size() > 9) return false;
      bool after_dot = true;
      for (char c : value) {
        if (c >= '0' && c <= '9') {
          after_dot = false;
        } else if (c != '.' || after_dot) {
          return false;
        } else {
          after_dot = true;
        }
      }
      return !after_dot;
    }
    case KnownTag::Result:
      // The standard forms, which read_result() reads in any notation.
      return value == "1-0" || value == "0-1" || value == "1/2-1/2" || value == "*";
    case KnownTag::Time:
    case KnownTag::UTCTime:
      // "14:05:09": HH:MM:SS in digits.
      if (value.size() != 8 || value[2] != ':' || value[5] != ':') return false;
      for (int i : {0, 1, 3, 4, 6, 7})
        if (value[i] < '0' || value[i] > '9') return false;
      return true;
    default:
      return false;
  }
}

// What a value of a checked tag should have been, or nullptr when it is well formed.
const char* tag_format_problem(KnownTag kind, std::string_view value, const Notation* notation,
                               const ResultForms& results) {
  const TagPatterns& p = tag_patterns();
  switch (kind) {
    case KnownTag::Date:
    case KnownTag::EventDate:
    case KnownTag::UTCDate: {
      if (read_date(value)) return nullptr;
      return has_date_form(value) ? "a real calendar date"
                                  : "a date in the form YYYY.MM.DD (?? for unknown parts)";
    }
    case KnownTag::Round:
      return is_round(value) ? nullptr : "a round: digits separated by dots, ? or -";
    case KnownTag::Result: {
      GameResult result;
      return results.read(value, result, notation) ? nullptr : "one of 1-0, 0-1, 1/2-1/2, *";
    }
    case KnownTag::WhiteElo:
    case KnownTag::BlackElo:
      return is_elo(value) ? nullptr : "a rating (digits, or - when there is none)";
    case KnownTag::TimeControl:
      return is_time_control(value) ? nullptr
                                    : "a time control such as 40/7200:3600, 300+2, or ? or -";
    case KnownTag::ECO:
      return RE2::FullMatch(value, p.eco) ? nullptr : "an ECO code such as B90";
    case KnownTag::SetUp:
      return RE2::FullMatch(value, p.setup) ? nullptr : "0 or 1";
    case KnownTag::Time:
    case KnownTag::UTCTime:
      return RE2::FullMatch(value, p.time) ? nullptr : "a time in the form HH:MM:SS";
    case KnownTag::PlyCount:
      return RE2::FullMatch(value, p.ply_count) ? nullptr : "a number of plies";
    default:
      return nullptr;
  }
}

}  // namespace

void TagChecks::begin_game(const Notation* notation) {
  notation_ = notation;
  tags_.any = false;
  tags_.has_result = tags_.has_fen = tags_.has_setup = false;
  tags_.result.clear();
  tags_.fen.clear();
  tags_.setup.clear();
  tags_.variant.clear();
  tags_.termination.clear();
  roster_seen_ = 0;
}

// Inline in checked_tag(): the values accepted at once (the last one accepted, the plain
// forms) cost no call; the rest go to check_value().
[[gnu::always_inline]] inline void TagChecks::check_format(KnownTag kind, std::string_view name,
                                                           std::string_view value, TextPos pos) {
  // Files repeat values from game to game (one Date for a whole round, one TimeControl for
  // an event): a value equal to the last one accepted for this tag is accepted again
  // without running its pattern.
  const bool by_pattern = kind != KnownTag::Result;  // a Result is read, not matched
  const std::string& accepted = last_accepted_[std::size_t(kind)];
  if (by_pattern && !accepted.empty() && value == accepted) return;
  if (plainly_well_formed(kind, value)) return;
  check_value(kind, name, value, pos);
}

void TagChecks::check_value(KnownTag kind, std::string_view name, std::string_view value,
                            TextPos pos) {
  if (const char* expected = tag_format_problem(kind, value, notation_, results_)) {
    diagnostics_.add(Code::BadTag, pos,
                     std::string(name) + " \"" + std::string(value) + "\" is not " + expected);
    return;
  }
  if (kind != KnownTag::Result) last_accepted_[std::size_t(kind)].assign(value);
}

std::string_view TagChecks::checked_tag(KnownTag kind, std::string_view name, std::string_view raw,
                                        TextPos pos, bool escape_free) {
  tags_.any = true;
  if (kind <= KnownTag::Result) roster_seen_ |= 1u << unsigned(kind);
  std::string_view value = raw;
  if (!escape_free && raw.find('\\') != std::string_view::npos) {
    unescaped_ = unescape_tag_value(raw);
    value = unescaped_;
  }
  switch (kind) {
    case KnownTag::Result:
      tags_.has_result = true;
      tags_.result.assign(value);
      break;
    case KnownTag::FEN:
      tags_.has_fen = true;
      tags_.fen.assign(value);
      tags_.fen_pos = pos;
      break;
    case KnownTag::SetUp:
      tags_.has_setup = true;
      tags_.setup.assign(value);
      tags_.setup_pos = pos;
      break;
    case KnownTag::Variant:
      tags_.variant.assign(value);
      break;
    case KnownTag::Termination:
      tags_.termination.assign(value);
      break;
    default:
      break;
  }
  // Free text has nothing to check: no call for it.
  if (check_formats_ && (kFormatCheckedTags >> unsigned(kind) & 1))
    check_format(kind, name, value, pos);
  return value;
}

VariantName TagChecks::end_tags(TextPos pos, const std::optional<VariantName>& untagged) {
  // A plain scoresheet (moves without any tag) is not held to the PGN tag rules.
  if (check_formats_ && tags_.any && roster_seen_ != 0x7F) {
    std::string missing;
    for (unsigned i = 0; i < 7; ++i) {
      if (roster_seen_ & (1u << i)) continue;
      if (!missing.empty()) missing += ", ";
      missing += kRosterNames[i];
    }
    diagnostics_.add(
        Code::MissingTag, pos,
        "missing Seven Tag Roster tag" +
            std::string(std::count(missing.begin(), missing.end(), ',') ? "s: " : ": ") + missing);
  }
  const bool tagged = !tags_.variant.empty();
  const VariantName variant = untagged && !tagged ? *untagged : parse_variant_name(tags_.variant);
  if (untagged && tagged && variant.known &&
      (variant.variant != untagged->variant || variant.chess960 != untagged->chess960))
    diagnostics_.add(Code::BadTag, pos,
                     "Variant \"" + tags_.variant + "\" differs from the rules asked for (" +
                         variant_option_name(*untagged) + "): the game is read by its tag");
  if (!variant.known) {
    diagnostics_.add(Code::UnsupportedVariant, pos,
                     "variant \"" + tags_.variant +
                         "\" is not replayed (standard chess, Chess960 and the lichess variants "
                         "Antichess, Atomic, Crazyhouse, Horde, King of the Hill, Racing Kings "
                         "and Three-check are)");
    return variant;
  }
  if (check_formats_) {
    if (tags_.has_fen && !tags_.has_setup)
      diagnostics_.add(Code::BadTag, tags_.fen_pos, "FEN tag without SetUp \"1\"");
    else if (tags_.has_setup && tags_.setup == "1" && !tags_.has_fen)
      diagnostics_.add(Code::BadTag, tags_.setup_pos, "SetUp \"1\" without a FEN tag");
  }
  return variant;
}

}  // namespace pgn
