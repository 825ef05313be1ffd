// The small languages of `pgn select`: value ranges (--elo, --date, --eco, --ply), material
// patterns (--material), lines of moves (--moves), tag conditions and RE2 patterns (--tag,
// --tag-re, --player-re), positions (--fen) and verdicts. The first byte picks the condition
// (and its negation), the text runs to the first newline; whatever follows is PGN, and every
// game in it is decided by the selection built from the condition, so that matching runs too.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "libpgn/reader.hpp"
#include "libpgn/select.hpp"
#include "split_games.hpp"

namespace {

constexpr std::string_view kGames =
    "[Event \"?\"]\n[White \"Carlsen, Magnus\"]\n[Black \"Nepo\"]\n[Result \"1-0\"]\n"
    "[WhiteElo \"2850\"]\n[Date \"2021.12.03\"]\n[ECO \"C88\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0\n\n"
    "[FEN \"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 Kd6 2. Kd2 *\n";

// Builds the selection; false when the condition's text was refused (which must say why).
bool add_condition(pgn::Selection& selection, std::uint8_t selector, std::string_view text,
                   const pgn::ValidateOptions& options) {
  using Kind = pgn::Selection::Kind;
  const bool negated = selector & 0x80;
  std::string error;
  bool ok = false;
  switch (selector % 16) {
    case 0:
      ok = selection.add_range(Kind::Elo, text, negated, error);
      break;
    case 1:
      ok = selection.add_range(Kind::WhiteElo, text, negated, error);
      break;
    case 2:
      ok = selection.add_range(Kind::Date, text, negated, error);
      break;
    case 3:
      ok = selection.add_range(Kind::Eco, text, negated, error);
      break;
    case 4:
      ok = selection.add_range(Kind::Ply, text, negated, error);
      break;
    case 5:
      ok = selection.add_material(text, 1 + (selector >> 4) % 4, negated, error);
      break;
    case 6:
      ok = selection.add_moves(text, negated, options, error);
      break;
    case 7:
      ok = selection.add_tag(text, negated, error);
      break;
    case 8:
      ok = selection.add_tag_regex(text, negated, error);
      break;
    case 9:
      ok = selection.add_player_regex(text, negated, error);
      break;
    case 10:
      ok = selection.add_tag_missing(text, negated, error);
      break;
    case 11:
      ok = selection.add_text(Kind::Player, text, negated, error);
      break;
    case 12:
      ok = selection.add_text(Kind::Result, text, negated, error);
      break;
    case 13:
      ok = selection.add_text(Kind::Termination, text, negated, error);
      break;
    case 14:
      ok = selection.add_fen(text, negated, error, pgn::Variant((selector >> 4) % 8));
      break;
    default:
      ok = selection.add_verdict(Kind::WithCode, text, negated, error);
      break;
  }
  if (!ok && error.empty()) std::abort();  // a refusal always says why
  return ok;
}

// The range forms on their own: a parsed range is never empty, and a single value (or a
// tag value of that kind) lies in its own range.
void check_ranges(std::string_view text) {
  for (pgn::RangeKind kind : {pgn::RangeKind::Number, pgn::RangeKind::Date, pgn::RangeKind::Eco}) {
    pgn::ValueRange range;
    std::string error;
    if (pgn::parse_value_range(text, kind, range, error)) {
      if (range.low > range.high) std::abort();
      std::int64_t value = 0;
      if (text.find_first_of("<>=.") == std::string_view::npos &&
          pgn::value_of(text, kind, value) && kind != pgn::RangeKind::Date &&
          !range.contains(value))
        std::abort();
    } else if (error.empty()) {
      std::abort();
    }
    std::int64_t value = 0;
    (void)pgn::value_of(text, kind, value);
  }
  pgn::MaterialPattern pattern;
  std::string error;
  if (pgn::MaterialPattern::parse(text, pattern, error)) (void)pattern.matches(pgn::Position());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t selector = data[0];
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::size_t newline = rest.find('\n');
  const std::string_view text = rest.substr(0, newline);
  const std::string_view games =
      newline == std::string_view::npos ? kGames : rest.substr(newline + 1);

  check_ranges(text);

  static const pgn::ValidateOptions options = [] {
    pgn::ValidateOptions o;
    o.max_plies = 1000;
    o.parse_limits.max_variation_depth = 50;
    return o;
  }();
  pgn::Selection selection;
  if (!add_condition(selection, selector, text, options)) return 0;
  selection.set_any(selector & 0x40);

  pgn::GameSelector selector_(selection, options);
  auto source = pgn::InputSource::from_memory(games);
  fuzz::for_each_game(*source, {.max_games = 16}, [&](const pgn::RawGame& game) {
    const pgn::SelectOutcome outcome = selector_.decide(game, selector & 0x20);
    if (outcome.replayed) (void)selector_.report();
  });
  return 0;
}
