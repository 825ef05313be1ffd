// `pgn dedupe` on arbitrary bytes: fuzzy player names, the keyer (moves replayed, or the
// movetext's text when they cannot be, same_tags, prefix keys) and the in-memory index that
// decides the copies. The first byte picks the rules. Keys are deterministic (a game keyed
// twice gets the same entry), every duplicate names a game kept before it, and a game copied
// exactly is found as a duplicate.
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/dedupe.hpp"
#include "libpgn/reader.hpp"
#include "split_games.hpp"

namespace {

bool same_entry(const pgn::DuplicateEntry& a, const pgn::DuplicateEntry& b) {
  return a.key_high == b.key_high && a.key_low == b.key_low && a.score == b.score &&
         a.players == b.players && a.fuzzy_players == b.fuzzy_players && a.result == b.result &&
         a.kind == b.kind;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t selector = data[0];
  const std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);

  // Fuzzy names of the first line, as written in a White or Black tag.
  const std::string_view first_line = bytes.substr(0, bytes.find('\n'));
  const std::string fuzzy = pgn::fuzzy_player_name(first_line);
  if (fuzzy.size() > first_line.size() + 1) std::abort();

  pgn::DuplicateRules rules;
  if (selector & 1) rules.same_tags = {"White", "Black"};
  if (selector & 2) rules.same_tags.push_back("Event");
  rules.fuzzy_players = selector & 4;
  rules.keep = pgn::DuplicateRules::Keep((selector >> 3) % 3);
  rules.prefix_min_plies = (selector & 0x20) ? 2 : 0;
  static const pgn::ValidateOptions options = [] {
    pgn::ValidateOptions o;
    o.max_plies = 1000;
    o.parse_limits.max_variation_depth = 50;
    return o;
  }();
  pgn::DuplicateKeyer keyer(rules, options);
  pgn::DuplicateKeyer again(rules, options);
  pgn::DuplicateIndex index(rules, 1 << 20, "/nonexistent");

  auto source = pgn::InputSource::from_memory(bytes);
  std::vector<pgn::RawGame> games;
  std::deque<std::string> texts;  // a game's text lasts only until the splitter's next call
  fuzz::for_each_game(*source, {.max_games = 32}, [&](const pgn::RawGame& game) {
    games.push_back(game);
    games.back().text = texts.emplace_back(game.text);
  });
  // Each game once more at the end: the copy must be found.
  const std::size_t originals = games.size();
  if (selector & 0x40)
    for (std::size_t i = 0; i < originals; ++i) games.push_back(games[i]);

  std::string error;
  for (std::size_t i = 0; i < games.size(); ++i) {
    pgn::DuplicateEntry entry, check;
    keyer.key(games[i], entry);
    again.key(games[i], check);
    if (!same_entry(entry, check)) std::abort();
    if (rules.prefix_min_plies) (void)keyer.prefix_keys();
    entry.ordinal = i;
    entry.line = games[i].start.line;
    if (!index.add(entry, error)) std::abort();  // in memory: no spill can fail
  }
  if (!index.finish(error)) std::abort();
  pgn::Duplicate duplicate;
  std::vector<bool> is_copy(games.size(), false);
  std::uint64_t last = 0;
  bool first = true;
  while (index.next(duplicate)) {
    if (duplicate.ordinal >= games.size() || duplicate.original_ordinal >= games.size())
      std::abort();
    if (!first && duplicate.ordinal <= last) std::abort();  // in ordinal order, once each
    if (duplicate.original_ordinal == duplicate.ordinal) std::abort();
    first = false;
    last = duplicate.ordinal;
    is_copy[duplicate.ordinal] = true;
  }
  if (selector & 0x40)
    for (std::size_t i = originals; i < games.size(); ++i)
      if (!is_copy[i] && !is_copy[i - originals]) std::abort();
  return 0;
}
