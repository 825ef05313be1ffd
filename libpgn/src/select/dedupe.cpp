// Duplicate keys and the index that finds copies among any number of games: in memory up to
// a budget, then partitioned by key into files that are each decided alone.
#include "libpgn/dedupe.hpp"

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <deque>
#include <functional>
#include <queue>

#include "libpgn/bughouse.hpp"
#include "libpgn/game_record.hpp"
#include "libpgn/load_bytes.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/result_forms.hpp"
#include "libpgn/san.hpp"
#include "libpgn/tags.hpp"
#include "read/main_line_reader.hpp"

namespace pgn {

namespace {

// fuzzy_player_name appended to `out`, which keeps its capacity from game to game.
void append_fuzzy_player_name(std::string_view name, std::string& out) {
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c + 32) : c; };
  auto is_letter = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (unsigned char)c >= 0x80;
  };
  std::string_view surname, given;
  if (const std::size_t comma = name.find(','); comma != std::string_view::npos) {
    surname = name.substr(0, comma);
    given = name.substr(comma + 1);
  } else {
    const std::size_t end = name.find_last_not_of(" .");
    const std::string_view trimmed = end == std::string_view::npos ? "" : name.substr(0, end + 1);
    const std::size_t space = trimmed.rfind(' ');
    surname = space == std::string_view::npos ? trimmed : trimmed.substr(space + 1);
    given = space == std::string_view::npos ? "" : trimmed.substr(0, space);
  }
  for (char c : surname)
    if (is_letter(c) || c == '-') out += lower(c);
  for (char c : given)
    if (is_letter(c)) {
      out += ' ';
      out += lower(c);
      break;
    }
}

}  // namespace

std::string fuzzy_player_name(std::string_view name) {
  std::string out;
  append_fuzzy_player_name(name, out);
  return out;
}

const char* duplicate_kind_name(Duplicate::Kind kind) {
  switch (kind) {
    case Duplicate::Exact:
      return "exact";
    case Duplicate::PlayersSpelled:
      return "players-spelled-differently";
    case Duplicate::DifferentPlayers:
      return "different-players";
    case Duplicate::DifferentResult:
      return "different-result";
    case Duplicate::Prefix:
      return "prefix";
  }
  return "?";
}

namespace {

// Order-dependent absorption of 64-bit values into a 128-bit key.
struct KeyMixer {
  std::uint64_t high = 0x9E3779B97F4A7C15ull, low = 0xC2B2AE3D27D4EB4Full;
  void absorb(std::uint64_t v) {
    low = (low ^ v) * 0xff51afd7ed558ccdull;
    low ^= low >> 32;
    high = std::rotl(high, 23) ^ (v * 0xc4ceb9fe1a85ec53ull);
    high += high >> 29;
  }
};

std::uint64_t text_hash(std::string_view s) {
  return std::hash<std::string_view>{}(s);
}

// A 128-bit hash of bytes for the movetext memo below: four independent multiply-xorshift
// lanes over 32 bytes at a time (a single chain would wait on its multiplies), then the
// lanes, the tail and the length go through a KeyMixer.
KeyMixer bytes_hash(std::string_view s) {
  std::uint64_t lanes[4] = {0x243F6A8885A308D3ull, 0x13198A2E03707344ull, 0xA4093822299F31D0ull,
                            0x082EFA98EC4E6C89ull};
  std::size_t at = 0;
  for (; at + 32 <= s.size(); at += 32)
    for (std::size_t k = 0; k < 4; ++k) {
      lanes[k] = (lanes[k] ^ detail::load_bytes<std::uint64_t>(s.data() + at + 8 * k)) *
                 0x9E3779B97F4A7C15ull;
      lanes[k] ^= lanes[k] >> 29;
    }
  KeyMixer m;
  for (std::uint64_t lane : lanes) m.absorb(lane);
  for (; at + 8 <= s.size(); at += 8) m.absorb(detail::load_bytes<std::uint64_t>(s.data() + at));
  std::uint64_t tail = 0;
  std::memcpy(&tail, s.data() + at, s.size() - at);
  m.absorb(tail);
  m.absorb(s.size());
  return m;
}

// Copies in merged databases are mostly byte for byte the same movetext: a game whose text
// after its last tag is one a thread has keyed before takes the key found then (the same
// bytes parse to the same moves, comments and variations) instead of replaying it again.
// Direct-mapped by a 128-bit hash of that text; a slot is 48 bytes, 768 KB per thread.
struct MovetextMemo {
  struct Slot {
    std::uint64_t text_high = 0, text_low = 0;
    KeyMixer mix;
    std::uint32_t plies = 0, annotations = 0;
  };
  static constexpr std::size_t kSlots = 1 << 14;
  std::vector<Slot> slots;
  Slot& slot(const KeyMixer& text) {
    if (slots.empty()) slots.resize(kSlots);
    return slots[text.low & (kSlots - 1)];
  }
};

}  // namespace

struct DuplicateKeyer::Impl {
  Impl(const DuplicateRules& r, const ValidateOptions& options)
      : rules(r),
        validate_options(options),
        validator(options),
        notation(options.notation),
        line_options{options.notation, VariantName{}},
        results(options.extra_notations, options.notation),
        // The quick replay plays standard chess: with other rules for untagged games
        // (--variant), every game goes to the validator.
        quick_replay(!options.variant ||
                     (options.variant->variant == Variant::Standard && !options.variant->chess960)),
        quick(*this) {}
  const DuplicateRules& rules;
  const ValidateOptions validate_options;  // a copy: callers may pass a temporary
  GameValidator validator;
  const Notation* notation;
  const MainLineOptions line_options;  // the quick replay's: standard chess, in `notation`
  const ResultForms results;           // the Result tag is read as the validator reads it
  const bool quick_replay;
  GameReport report;
  GameRecord record;
  std::string scratch;
  std::vector<std::uint64_t> prefixes;
  // The tags of the game at hand, as views of the game's text (of the record's tags after the
  // validator); values with escapes are decoded into `unescaped`, whose strings stay put.
  std::vector<std::pair<std::string_view, std::string_view>> tags;
  std::vector<std::pair<std::string, std::string>> bughouse_tags;  // what `tags` views then
  std::deque<std::string> unescaped;
  std::size_t unescaped_used = 0;
  std::size_t tag_count = 0;
  KeyMixer mix;
  std::uint64_t plies = 0;
  std::uint32_t annotations = 0;
  // The memo (not with --prefix, whose keyer gives the key of every beginning too).
  MovetextMemo memo;
  const RawGame* game_at_hand = nullptr;
  std::size_t tags_end = 0;  // in game_at_hand->text: just after the last tag value
  bool memo_usable = false;
  KeyMixer movetext_hash;

  // 1 to 4 for 1-0, 0-1, 1/2-1/2 and *; 0 when the game has none that reads.
  std::uint8_t result_code(std::string_view value) const {
    GameResult read;
    return results.read(value, read, notation) ? std::uint8_t(1 + int(read)) : 0;
  }

  // Reads the main line in English (or the --lang notation), collecting tags and counting
  // the main line's annotations. A game it gives up on, or one with a FEN or Variant tag
  // (`to_validator`), is keyed by the validator.
  struct QuickLine final : MainLineVisitor {
    explicit QuickLine(Impl& i) : impl(i) {}
    Impl& impl;
    bool to_validator = false;
    bool seen_fen = false, seen_variant = false;
    bool tag(std::string_view name, std::string_view value) override {
      const std::string_view text = impl.game_at_hand->text;
      const bool in_text =
          value.data() >= text.data() && value.data() + value.size() <= text.data() + text.size();
      if (in_text)
        impl.tags_end = std::size_t(value.data() + value.size() - text.data());
      else
        impl.memo_usable = false;
      if (value.find('\\') != std::string_view::npos || !in_text) {
        if (impl.unescaped_used == impl.unescaped.size()) impl.unescaped.emplace_back();
        std::string& decoded = impl.unescaped[impl.unescaped_used++];
        decoded = unescape_tag_value(value);
        value = decoded;
      }
      impl.tags.emplace_back(name, value);
      // The first FEN tag, or the first Variant tag naming other rules, sends the game to the
      // validator: decided here, before the reader sets up a board it would not use.
      if (name == "FEN" && !seen_fen) {
        seen_fen = true;
        to_validator = !value.empty();
      } else if (name == "Variant" && !seen_variant) {
        seen_variant = true;
        to_validator = !value.empty() && value != "Standard" && value != "standard";
      }
      return !to_validator;
    }
    bool start(const Position& board) override {
      impl.tag_count = impl.tags.size();
      if (impl.memo_usable) {
        impl.movetext_hash = bytes_hash(impl.game_at_hand->text.substr(impl.tags_end));
        const MovetextMemo::Slot& slot = impl.memo.slot(impl.movetext_hash);
        if (slot.text_high == impl.movetext_hash.high && slot.text_low == impl.movetext_hash.low) {
          impl.mix = slot.mix;
          impl.plies = slot.plies;
          impl.annotations = slot.annotations;
          impl.memo_usable = false;  // nothing to remember
          return false;
        }
      }
      impl.mix.absorb(board.key());
      return true;
    }
    void variation() override { ++impl.annotations; }
    void comment(std::string_view) override { ++impl.annotations; }
    void nag(int) override { ++impl.annotations; }
    bool move(const Position& board, Move, std::string_view) override {
      impl.before_move();
      impl.mix.absorb(board.key());
      return true;
    }
  };
  QuickLine quick;

  std::string_view tag(std::string_view name) const {
    for (std::size_t i = 0; i < tag_count; ++i)
      if (tags[i].first == name) return tags[i].second;
    return {};
  }

  // Both players as surname and initial (fuzzy_player_name).
  std::uint64_t fuzzy_players_hash() {
    scratch.clear();
    append_fuzzy_player_name(tag("White"), scratch);
    scratch += '\0';
    append_fuzzy_player_name(tag("Black"), scratch);
    return text_hash(scratch);
  }

  // The key of a game made of the moves absorbed so far: their count and the same_tags, and
  // for a short game its players, whom a short game is a copy of only (a forfeit, 0 plies,
  // has all its tags in the key already).
  KeyMixer finished(KeyMixer m, std::uint64_t count) {
    m.absorb(count);
    if (count > 0 && count < rules.short_game_plies) m.absorb(fuzzy_players_hash());
    for (const std::string& name : rules.same_tags) {
      std::string_view value = tag(name);
      if (rules.fuzzy_players && (name == "White" || name == "Black")) {
        scratch.clear();
        append_fuzzy_player_name(value, scratch);
        value = scratch;
      }
      m.absorb(text_hash(value) ^ text_hash(name));
    }
    return m;
  }

  // Before each main-line move: the key of the game cut here, for --prefix.
  void before_move() {
    if (rules.prefix_min_plies && plies >= rules.prefix_min_plies)
      prefixes.push_back(finished(mix, plies).high);
    ++plies;
  }

  void reset() {
    mix = KeyMixer{};
    plies = 0;
    annotations = 0;
    prefixes.clear();
  }

  bool key_quickly(const RawGame& game) {
    reset();
    tags.clear();
    unescaped_used = 0;
    tag_count = 0;
    quick.to_validator = quick.seen_fen = quick.seen_variant = false;
    game_at_hand = &game;
    tags_end = 0;
    memo_usable = rules.prefix_min_plies == 0;
    // QuickLine is final: the reader calls its hooks directly, not through the vtable.
    const MainLineEnd end = detail::read_main_line_with(game, quick, line_options);
    if (end.status == MainLineStatus::GaveUp || quick.to_validator) return false;
    if (memo_usable) {
      MovetextMemo::Slot& slot = memo.slot(movetext_hash);
      slot.text_high = movetext_hash.high;
      slot.text_low = movetext_hash.low;
      slot.mix = mix;
      slot.plies = std::uint32_t(plies);
      slot.annotations = annotations;
    }
    return true;
  }

  // Every game the quick replay cannot read: the validator, any notation, any start.
  bool key_by_validator(const RawGame& game) {
    reset();
    validator.validate(game, report, &record);
    tags.assign(record.tags.begin(), record.tags.end());
    tag_count = record.tags.size();
    if (report.variant.rfind("Bughouse", 0) == 0) [[unlikely]]
      return key_bughouse(game);
    if (!report.replayed || !record.complete) return false;
    Position pos = record.start;
    mix.absorb(pos.key());
    for_each_main_line_event(record, [&](const GameEvent& e, std::uint32_t) {
      if (e.kind != GameEvent::MoveEvent) {
        ++annotations;  // a comment, a NAG or a variation
        return;
      }
      before_move();
      play_recorded_move(pos, e.move);
      mix.absorb(pos.key());
    });
    return true;
  }

  // A bughouse match (its record holds no moves): keyed by both start positions and each
  // move's board and SAN, in the order written.
  [[gnu::cold, gnu::noinline]] bool key_bughouse(const RawGame& game) {
    BughouseMatch match;
    read_bughouse_match(game, validate_options, report, match);
    bughouse_tags.assign(match.tags.begin(), match.tags.end());
    tags.assign(bughouse_tags.begin(), bughouse_tags.end());
    tag_count = tags.size();
    if (!report.replayed || !match.complete) return false;
    mix.absorb(match.start[0].key());
    mix.absorb(match.start[1].key() * 31);
    for (const BughouseMove& m : match.moves) {
      before_move();
      mix.absorb(text_hash(m.san) ^ (std::uint64_t(m.board) << 63));
      annotations += m.comments.empty() ? 0 : 1;
    }
    return true;
  }

  void key(const RawGame& game, DuplicateEntry& e) {
    e.kind = 0;
    if (!(quick_replay && key_quickly(game)) && !key_by_validator(game)) {
      // Not replayable: the movetext's text, without the tag lines.
      e.kind = 1;
      reset();
      std::size_t begin = 0;
      while (begin < game.text.size()) {
        std::size_t end = game.text.find('\n', begin);
        if (end == std::string_view::npos) end = game.text.size();
        const std::string_view line = game.text.substr(begin, end - begin);
        if (!line.starts_with('[')) mix.absorb(text_hash(line));
        begin = end + 1;
      }
      mix.absorb(0x5bd1e995);
    }
    // A game without moves (a forfeit) is no copy of every other one: its tags, all of them
    // in order, stand for its moves.
    if (e.kind == 0 && plies == 0)
      for (std::size_t i = 0; i < tag_count; ++i)
        mix.absorb(text_hash(tags[i].first) ^ text_hash(tags[i].second) * 31);
    e.fuzzy_players = std::uint16_t(fuzzy_players_hash());
    const KeyMixer done = finished(mix, e.kind == 0 ? plies : 0);
    e.key_high = done.high;
    e.key_low = done.low;
    scratch.assign(tag("White"));
    scratch += '\0';
    scratch.append(tag("Black"));
    e.players = std::uint32_t(text_hash(scratch));
    e.result = result_code(tag("Result"));
    e.score = rules.keep == DuplicateRules::Keep::MostTags        ? std::uint32_t(tag_count)
              : rules.keep == DuplicateRules::Keep::MostAnnotated ? annotations
                                                                  : 0;
  }
};

DuplicateKeyer::DuplicateKeyer(const DuplicateRules& rules, const ValidateOptions& validate)
    : impl_(std::make_unique<Impl>(rules, validate)) {}
DuplicateKeyer::~DuplicateKeyer() = default;
void DuplicateKeyer::key(const RawGame& game, DuplicateEntry& entry) {
  impl_->key(game, entry);
}
void DuplicateKeyer::set_neighbours(const std::vector<RawGame>& games) {
  impl_->validator.set_neighbours(games);
}
const std::vector<std::uint64_t>& DuplicateKeyer::prefix_keys() const {
  return impl_->prefixes;
}

namespace {

constexpr int kPartitionBits = 8;
constexpr int kPartitions = 1 << kPartitionBits;

bool fail(std::string& error, const std::string& what) {
  error = what + ": " + std::strerror(errno);
  return false;
}

// Unnamed files (unlinked at once), so nothing is left behind whatever happens.
std::FILE* spill_file(const std::string& dir, std::string& error) {
  std::string path = dir + "/pgn-dedupe.XXXXXX";
  const int fd = ::mkstemp(path.data());
  if (fd < 0) {
    fail(error, "cannot make a spill file in " + dir);
    return nullptr;
  }
  ::unlink(path.c_str());
  std::FILE* f = ::fdopen(fd, "w+b");
  if (!f) fail(error, "cannot open a spill file in " + dir);
  return f;
}

// Sorts a group of entries by key and appends the copies found to `out` (ordinal order).
void decide(std::vector<DuplicateEntry>& entries, const DuplicateRules& rules,
            std::vector<Duplicate>& out) {
  std::sort(entries.begin(), entries.end(), [](const DuplicateEntry& a, const DuplicateEntry& b) {
    if (a.key_high != b.key_high) return a.key_high < b.key_high;
    if (a.key_low != b.key_low) return a.key_low < b.key_low;
    return a.ordinal < b.ordinal;
  });
  const std::size_t first_out = out.size();
  for (std::size_t begin = 0; begin < entries.size();) {
    std::size_t end = begin + 1;
    while (end < entries.size() && entries[end].key_high == entries[begin].key_high &&
           entries[end].key_low == entries[begin].key_low)
      ++end;
    if (end - begin > 1) {
      std::size_t kept = begin;  // the first copy, unless another has a higher score
      if (rules.keep != DuplicateRules::Keep::First)
        for (std::size_t i = begin + 1; i < end; ++i)
          if (entries[i].score > entries[kept].score) kept = i;
      const DuplicateEntry& k = entries[kept];
      for (std::size_t i = begin; i < end; ++i) {
        if (i == kept) continue;
        const DuplicateEntry& c = entries[i];
        Duplicate& d = out.emplace_back();
        d.ordinal = c.ordinal;
        d.line = c.line;
        d.file = c.file;
        d.kind = c.result != k.result                 ? Duplicate::DifferentResult
                 : c.players == k.players             ? Duplicate::Exact
                 : c.fuzzy_players == k.fuzzy_players ? Duplicate::PlayersSpelled
                                                      : Duplicate::DifferentPlayers;
        d.original_ordinal = k.ordinal;
        d.original_line = k.line;
        d.original_file = k.file;
      }
    }
    begin = end;
  }
  std::sort(out.begin() + first_out, out.end(),
            [](const Duplicate& a, const Duplicate& b) { return a.ordinal < b.ordinal; });
}

}  // namespace

struct DuplicateIndex::Impl {
  const DuplicateRules& rules;
  std::size_t budget_entries;
  std::string dir;
  std::vector<DuplicateEntry> entries;
  std::uint64_t games = 0;
  // Spilled: one entry file per partition, then one file of copies per partition.
  std::vector<std::FILE*> partition_files;
  std::vector<std::FILE*> duplicate_files;
  // Reading the copies back: the in-memory list, or a merge of the partitions' files.
  std::vector<Duplicate> in_memory;
  std::size_t next_in_memory = 0;
  using Head = std::pair<Duplicate, std::size_t>;  // a file's next copy, and the file
  struct Later {
    bool operator()(const Head& a, const Head& b) const {
      return a.first.ordinal > b.first.ordinal;
    }
  };
  std::priority_queue<Head, std::vector<Head>, Later> heads;

  Impl(const DuplicateRules& r, std::uint64_t memory, std::string d)
      : rules(r),
        budget_entries(std::max<std::uint64_t>(memory / sizeof(DuplicateEntry), 1024)),
        dir(std::move(d)) {}
  ~Impl() {
    for (std::FILE* f : partition_files)
      if (f) std::fclose(f);
    for (std::FILE* f : duplicate_files)
      if (f) std::fclose(f);
  }

  std::FILE* temporary(std::string& error) { return spill_file(dir, error); }

  bool flush(std::string& error) {
    if (partition_files.empty()) {
      partition_files.resize(kPartitions, nullptr);
      for (auto& f : partition_files)
        if (!(f = temporary(error))) return false;
    }
    for (const DuplicateEntry& e : entries)
      if (std::fwrite(&e, sizeof e, 1, partition_files[e.key_high >> (64 - kPartitionBits)]) != 1)
        return fail(error, "cannot write a spill file in " + dir);
    entries.clear();
    return true;
  }

  bool add(const DuplicateEntry& e, std::string& error) {
    ++games;
    entries.push_back(e);
    return entries.size() < budget_entries || flush(error);
  }

  bool finish(std::string& error) {
    if (partition_files.empty()) {
      decide(entries, rules, in_memory);
      entries = {};
      return true;
    }
    if (!flush(error)) return false;
    entries.shrink_to_fit();
    std::vector<Duplicate> found;
    duplicate_files.resize(kPartitions, nullptr);
    for (int p = 0; p < kPartitions; ++p) {
      std::FILE* f = partition_files[p];
      const long size = std::ftell(f);
      std::rewind(f);
      entries.resize(std::size_t(size) / sizeof(DuplicateEntry));
      if (std::fread(entries.data(), sizeof(DuplicateEntry), entries.size(), f) != entries.size())
        return fail(error, "cannot read a spill file in " + dir);
      std::fclose(f);
      partition_files[p] = nullptr;
      found.clear();
      decide(entries, rules, found);
      if (!(duplicate_files[p] = temporary(error))) return false;
      if (!found.empty() && std::fwrite(found.data(), sizeof(Duplicate), found.size(),
                                        duplicate_files[p]) != found.size())
        return fail(error, "cannot write a spill file in " + dir);
      std::rewind(duplicate_files[p]);
      Duplicate d;
      if (std::fread(&d, sizeof d, 1, duplicate_files[p]) == 1) heads.emplace(d, p);
    }
    entries = {};
    return true;
  }

  bool next(Duplicate& out) {
    if (duplicate_files.empty()) {
      if (next_in_memory == in_memory.size()) return false;
      out = in_memory[next_in_memory++];
      return true;
    }
    if (heads.empty()) return false;
    const auto [d, file] = heads.top();
    heads.pop();
    out = d;
    Duplicate following;
    if (std::fread(&following, sizeof following, 1, duplicate_files[file]) == 1)
      heads.emplace(following, file);
    return true;
  }
};

DuplicateIndex::DuplicateIndex(const DuplicateRules& rules, std::uint64_t memory_bytes,
                               std::string spill_dir)
    : impl_(std::make_unique<Impl>(rules, memory_bytes, std::move(spill_dir))) {}
DuplicateIndex::~DuplicateIndex() = default;
bool DuplicateIndex::add(const DuplicateEntry& entry, std::string& error) {
  return impl_->add(entry, error);
}
bool DuplicateIndex::finish(std::string& error) {
  return impl_->finish(error);
}
bool DuplicateIndex::next(Duplicate& out) {
  return impl_->next(out);
}
std::uint64_t DuplicateIndex::games() const {
  return impl_->games;
}
bool DuplicateIndex::spilled() const {
  return !impl_->duplicate_files.empty() || !impl_->partition_files.empty();
}
std::uint64_t DuplicateIndex::partitions() const {
  return spilled() ? kPartitions : 1;
}

// ---------------------------------------------------------------------------------------
// The keys of whole games for --prefix.

struct PrefixIndex::Impl {
  std::size_t budget_entries;
  std::string dir;
  std::vector<Final> entries;  // in memory, or the group loaded
  std::vector<std::FILE*> partition_files;
  std::vector<std::uint64_t> partition_entries;
  std::vector<int> group_starts;  // partitions [group_starts[g], group_starts[g + 1])
  int loaded_begin = 0, loaded_end = kPartitions;

  Impl(std::uint64_t memory, std::string d)
      : budget_entries(std::max<std::uint64_t>(memory / sizeof(Final), 1024)), dir(std::move(d)) {}
  ~Impl() {
    for (std::FILE* f : partition_files)
      if (f) std::fclose(f);
  }

  bool flush(std::string& error) {
    if (partition_files.empty()) {
      partition_files.resize(kPartitions, nullptr);
      partition_entries.resize(kPartitions, 0);
      for (auto& f : partition_files)
        if (!(f = spill_file(dir, error))) return false;
    }
    for (const Final& e : entries) {
      const std::size_t p = e.key >> (64 - kPartitionBits);
      if (std::fwrite(&e, sizeof e, 1, partition_files[p]) != 1)
        return fail(error, "cannot write a spill file in " + dir);
      ++partition_entries[p];
    }
    entries.clear();
    return true;
  }

  void sort() {
    std::sort(entries.begin(), entries.end(), [](const Final& a, const Final& b) {
      return a.key != b.key ? a.key < b.key : a.ordinal < b.ordinal;
    });
  }

  bool finish(std::string& error) {
    if (partition_files.empty()) {
      sort();
      group_starts = {0, kPartitions};
      return true;
    }
    if (!flush(error)) return false;
    entries.shrink_to_fit();
    // Consecutive partitions as long as they fit the budget together (at least one each).
    group_starts = {0};
    std::uint64_t in_group = 0;
    for (int p = 0; p < kPartitions; ++p) {
      if (in_group && in_group + partition_entries[p] > budget_entries) {
        group_starts.push_back(p);
        in_group = 0;
      }
      in_group += partition_entries[p];
    }
    group_starts.push_back(kPartitions);
    return true;
  }

  bool load(std::size_t group, std::string& error) {
    if (partition_files.empty()) return true;
    loaded_begin = group_starts[group];
    loaded_end = group_starts[group + 1];
    entries.clear();
    for (int p = loaded_begin; p < loaded_end; ++p) {
      std::FILE* f = partition_files[p];
      const std::size_t at = entries.size();
      entries.resize(at + partition_entries[p]);
      std::rewind(f);
      if (std::fread(entries.data() + at, sizeof(Final), partition_entries[p], f) !=
          partition_entries[p])
        return fail(error, "cannot read a spill file in " + dir);
    }
    sort();
    return true;
  }
};

PrefixIndex::PrefixIndex(std::uint64_t memory_bytes, std::string spill_dir)
    : impl_(std::make_unique<Impl>(memory_bytes, std::move(spill_dir))) {}
PrefixIndex::~PrefixIndex() = default;
bool PrefixIndex::add(std::uint64_t key, std::uint64_t ordinal, std::string& error) {
  impl_->entries.push_back({key, ordinal});
  return impl_->entries.size() < impl_->budget_entries || impl_->flush(error);
}
bool PrefixIndex::finish(std::string& error) {
  return impl_->finish(error);
}
std::size_t PrefixIndex::groups() const {
  return impl_->group_starts.size() - 1;
}
bool PrefixIndex::load(std::size_t group, std::string& error) {
  return impl_->load(group, error);
}
std::span<const PrefixIndex::Final> PrefixIndex::find(std::uint64_t key) const {
  const int partition = int(key >> (64 - kPartitionBits));
  if (partition < impl_->loaded_begin || partition >= impl_->loaded_end) return {};
  const auto& entries = impl_->entries;
  auto begin = std::lower_bound(entries.begin(), entries.end(), key,
                                [](const Final& f, std::uint64_t k) { return f.key < k; });
  auto end = begin;
  while (end != entries.end() && end->key == key) ++end;
  return {begin, end};
}
bool PrefixIndex::spilled() const {
  return !impl_->partition_files.empty();
}

}  // namespace pgn
