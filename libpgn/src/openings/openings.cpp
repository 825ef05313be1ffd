// Opening classification (libpgn/openings.hpp): the embedded table read and indexed by
// position once, the main-line walk that names a game, and the tag edits of --eco.
#include "libpgn/openings.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <vector>

#include "libpgn/move_text.hpp"
#include "libpgn/san.hpp"
#include "openings/opening_table.hpp"
#include "openings/opening_tags.hpp"

namespace pgn {

std::string_view Opening::family() const {
  return name.substr(0, name.find(": "));
}

std::string_view Opening::variation() const {
  const std::size_t colon = name.find(": ");
  return colon == std::string_view::npos ? std::string_view() : name.substr(colon + 2);
}

namespace {

// A code "A00".."E99" as 0..499, or -1.
int eco_number(std::string_view eco) {
  if (eco.size() < 3 || eco[0] < 'A' || eco[0] > 'E' || eco[1] < '0' || eco[1] > '9' ||
      eco[2] < '0' || eco[2] > '9')
    return -1;
  return (eco[0] - 'A') * 100 + (eco[1] - '0') * 10 + (eco[2] - '0');
}

}  // namespace

PositionSignature::PositionSignature(const Position& pos)
    : white(pos.pieces(White)),
      ep(pos.ep_square()),
      side(pos.side_to_move()),
      castling(pos.castling_rights()) {
  for (int t = Pawn; t <= King; ++t) by_type[t - Pawn] = pos.pieces(PieceType(t));
}

OpeningIndex::OpeningIndex(std::span<const EmbeddedFile> files) {
  std::vector<Row> rows;
  for (const EmbeddedFile& file : files) read_file(file, rows);
  std::size_t capacity = 16;
  while (capacity < 2 * openings_.size()) capacity *= 2;
  slots_.assign(capacity, Slot{});
  mask_ = capacity - 1;
  replay(rows);
  // Bit h of reachable_: some named position's home pawns are a subset of h (a sum over
  // subsets: h gets what h without one of its bits has), a word at a time.
  for (const Named& n : named_)
    reachable_[n.home_pawns >> 6] |= std::uint64_t{1} << (n.home_pawns & 63);
  constexpr std::uint64_t kHasBit[6] = {0xAAAAAAAAAAAAAAAAull, 0xCCCCCCCCCCCCCCCCull,
                                        0xF0F0F0F0F0F0F0F0ull, 0xFF00FF00FF00FF00ull,
                                        0xFFFF0000FFFF0000ull, 0xFFFFFFFF00000000ull};
  for (int bit = 0; bit < 6; ++bit)
    for (std::uint64_t& word : reachable_) word |= (word << (1 << bit)) & kHasBit[bit];
  for (std::size_t stride = 1; stride < reachable_.size(); stride *= 2)
    for (std::size_t w = 0; w < reachable_.size(); ++w)
      if (w & stride) reachable_[w] |= reachable_[w ^ stride];
}

void OpeningIndex::read_file(const EmbeddedFile& file, std::vector<Row>& rows) {
  std::string_view rest = file.contents;
  std::size_t line = 0;
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    std::string_view row = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    ++line;
    if (!row.empty() && row.back() == '\r') row.remove_suffix(1);
    if (line == 1 || row.empty()) continue;
    const std::size_t tab1 = row.find('\t');
    const std::size_t tab2 = tab1 == std::string_view::npos ? tab1 : row.find('\t', tab1 + 1);
    if (tab2 == std::string_view::npos) fail(file, line, "expected three tab-separated columns");
    Opening& o = openings_.emplace_back();
    o.eco = row.substr(0, tab1);
    o.name = row.substr(tab1 + 1, tab2 - tab1 - 1);
    o.moves = row.substr(tab2 + 1);
    rows.push_back({&file, line});
  }
}

// The lines are replayed in the order of their move text, so that a line shares the moves
// (and positions) it has in common with the line before it: about a quarter of the table's
// moves are made, where replaying every line from the start makes them all.
void OpeningIndex::replay(const std::vector<Row>& rows) {
  std::vector<std::uint32_t> order(openings_.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return openings_[a].moves < openings_[b].moves;
  });
  std::vector<std::string_view> played;     // the moves of the line before
  std::vector<Position> after{Position()};  // after[k]: the position after played[0..k)
  std::vector<std::string_view> tokens;
  for (const std::uint32_t index : order) {
    Opening& o = openings_[index];
    const Row& row = rows[index];
    tokens.clear();
    std::string_view rest = o.moves;
    while (!rest.empty()) {
      const std::size_t space = rest.find(' ');
      const std::string_view token = rest.substr(0, space);
      rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
      if (!token.empty() && token.back() != '.') tokens.push_back(token);  // not a move number
    }
    std::size_t shared = 0;
    while (shared < tokens.size() && shared < played.size() && tokens[shared] == played[shared])
      ++shared;
    played.resize(shared);
    after.resize(shared + 1);
    for (std::size_t k = shared; k < tokens.size(); ++k) {
      MoveText text;
      MoveTextError error;
      if (parse_move_text(tokens[k], text, error) != tokens[k].size())
        fail(*row.file, row.line, "cannot read the move " + std::string(tokens[k]));
      const MoveResolution r = resolve_move(after.back(), text);
      if (!r.ok()) fail(*row.file, row.line, "illegal move " + std::string(tokens[k]));
      after.push_back(after.back());
      after.back().play(r.move);
      played.push_back(tokens[k]);
    }
    if (o.eco.size() != 3 || o.eco[0] < 'A' || o.eco[0] > 'E')
      fail(*row.file, row.line, "bad ECO code");
    o.plies = std::uint16_t(tokens.size());
    depth_ = std::max<std::uint32_t>(depth_, o.plies);
    name(after.back(), index);
  }
}

// `pos` is named by the line `index`; of several lines reaching it, the last in table order
// names it.
void OpeningIndex::name(const Position& pos, std::uint32_t index) {
  const std::uint64_t key = pos.key();
  std::size_t s = key & mask_;
  for (; slots_[s].named != kEmpty; s = (s + 1) & mask_) {
    Named& n = named_[slots_[s].named];
    if (slots_[s].key == key && n.signature.matches(pos)) {
      if (index > n.opening) {
        n.opening = index;
        n.eco = std::uint16_t(eco_number(openings_[index].eco));
      }
      return;
    }
  }
  slots_[s] = {key, std::uint32_t(named_.size())};
  filter_[(key >> 46) & 0x3FF] |= std::uint64_t{1} << ((key >> 40) & 63);
  named_.push_back(Named{key, PositionSignature(pos), index,
                         std::uint16_t(eco_number(openings_[index].eco)), home_pawns(pos)});
}

void OpeningIndex::fail(const EmbeddedFile& file, std::size_t line, const std::string& what) {
  throw std::logic_error("opening table " + std::string(file.name) + ":" + std::to_string(line) +
                         ": " + what);
}

const OpeningIndex& opening_index() {
  static const OpeningIndex index(embedded_opening_files());  // thread-safe initialization
  return index;
}

std::span<const Opening> opening_table() {
  return opening_index().table();
}

const Opening* opening_at(const Position& pos) {
  return opening_index().find(pos);
}

std::uint32_t opening_table_depth() {
  return opening_index().depth();
}

bool OpeningClassification::passes(std::string_view eco) const {
  const int n = eco_number(eco);
  return n >= 0 && codes.test(std::size_t(n));
}

OpeningClassification classify_opening(const GameRecord& record) {
  return classify_opening(record, opening_index());
}

OpeningClassification classify_opening(const GameRecord& record, const OpeningIndex& index) {
  OpeningClassification result;
  if (record.chess960 || record.start.variant() != Variant::Standard) return result;
  const std::uint32_t depth = index.depth();
  Position pos = record.start;
  const OpeningIndex::Named* deepest = nullptr;
  auto look = [&](std::uint32_t ply) {
    if (const OpeningIndex::Named* n = index.find_named(pos)) {
      deepest = n;
      result.ply = ply;
      result.codes.set(n->eco);
    }
  };
  look(0);
  std::uint32_t ply = 0;
  int variation_depth = 0;
  for (const GameEvent& e : record.events) {
    if (e.kind == GameEvent::VariationBegin) {
      ++variation_depth;
    } else if (e.kind == GameEvent::VariationEnd) {
      --variation_depth;
    } else if (e.kind == GameEvent::MoveEvent && variation_depth == 0) {
      // The walk stops once the game has left every named line: when no named position can
      // follow (see may_reach_named), or past the table's deepest line, from where a named
      // position could only come back after moves that lose tempo.
      if (ply == depth || e.move.is_null() || !index.may_reach_named(pos)) break;
      pos.play(e.move);
      look(++ply);
    }
  }
  if (deepest) result.opening = &index.opening_of(*deepest);
  return result;
}

OpeningClassification classify_opening_by_keys(std::span<const std::uint64_t> keys,
                                               bool every_code) {
  OpeningClassification result;
  const OpeningIndex& index = opening_index();
  const std::size_t plies = std::min<std::size_t>(keys.size(), std::size_t(index.depth()) + 1);
  const OpeningIndex::Named* deepest = nullptr;
  if (!every_code) {
    for (std::size_t ply = plies; ply-- > 0;)
      if (!index.may_be_named(keys[ply])) {
        continue;  // most keys: the filter alone answers
      } else if (const OpeningIndex::Named* n = index.find_by_key(keys[ply])) {
        result.opening = &index.opening_of(*n);
        result.ply = std::uint32_t(ply);
        break;
      }
    return result;
  }
  for (std::size_t ply = 0; ply < plies; ++ply)
    if (const OpeningIndex::Named* n = index.find_by_key(keys[ply])) {
      deepest = n;
      result.ply = std::uint32_t(ply);
      result.codes.set(n->eco);
    }
  if (deepest) result.opening = &index.opening_of(*deepest);
  return result;
}

std::string eco_tag_contradiction(std::string_view eco_tag,
                                  std::span<const std::uint64_t> main_line_keys) {
  if (eco_number(eco_tag) < 0) return {};  // "?", or a value the format check reports
  const OpeningClassification c = classify_opening_by_keys(main_line_keys);
  if (!c.opening || c.passes(eco_tag)) return {};
  return "ECO \"" + std::string(eco_tag) + "\" contradicts the moves: they give " +
         std::string(c.opening->eco) + " (" + std::string(c.opening->name) + ") after " +
         std::to_string(c.ply) + " plies";
}

// ---- Tags ----

// The decision of which tags are set, replaced or dropped is the writers' plan, so that the
// record edit and `convert --eco`'s writing cannot drift apart.
void set_opening_tags(GameRecord& record, const Opening& opening, OpeningTagMode mode) {
  detail::OpeningTagPlan plan(opening, mode);
  for (std::size_t i = 0; i < record.tags.size(); ++i) plan.see(i, record.tags[i].first);
  plan.decide();
  std::size_t kept = 0;
  for (std::size_t i = 0; i < record.tags.size(); ++i) {
    std::string_view value = record.tags[i].second;
    const auto change = plan.change(i, value);
    if (change == detail::OpeningTagPlan::Change::Drop) continue;
    if (change == detail::OpeningTagPlan::Change::Replace) record.tags[i].second.assign(value);
    if (kept != i) record.tags[kept] = std::move(record.tags[i]);
    ++kept;
  }
  record.tags.resize(kept);
  plan.for_each_added([&](std::string_view name, std::string_view value) {
    record.tags.emplace_back(name, value);
  });
}

namespace {

// A tag pair in a game's text: where its value and the whole pair are.
struct TagSpan {
  std::string_view name;
  std::size_t begin = 0, end = 0;              // '[' .. one past ']'
  std::size_t value_begin = 0, value_end = 0;  // between the quotes, escapes as written
};

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Reads the tag pairs at the start of a game's text; stops at the first thing that is not one.
// Returns how many it found (at most `out.size()` are kept; the count goes on).
std::size_t scan_tags(std::string_view text, std::vector<TagSpan>& out) {
  out.clear();
  std::size_t i = 0;
  for (;;) {
    while (i < text.size() && is_space(text[i])) ++i;
    if (i >= text.size() || text[i] != '[') break;
    TagSpan t;
    t.begin = i++;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t name_begin = i;
    while (i < text.size() && !is_space(text[i]) && text[i] != '"' && text[i] != ']') ++i;
    t.name = text.substr(name_begin, i - name_begin);
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (t.name.empty() || i >= text.size() || text[i] != '"') break;
    t.value_begin = ++i;
    while (i < text.size() && text[i] != '"' && text[i] != '\n') i += text[i] == '\\' ? 2 : 1;
    if (i >= text.size() || text[i] != '"') break;
    t.value_end = i++;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (i >= text.size() || text[i] != ']') break;
    t.end = ++i;
    out.push_back(t);
  }
  return out.size();
}

void append_escaped(std::string_view value, std::string& out) {
  for (char c : value) {
    if (c == '"' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
}

struct Edit {
  std::size_t begin, end;  // the span of the text replaced
  std::string text;
};

}  // namespace

void append_with_opening_tags(std::string_view text, const Opening& opening, OpeningTagMode mode,
                              std::string& out) {
  thread_local std::vector<TagSpan> tags;
  scan_tags(text, tags);
  detail::OpeningTagPlan plan(opening, mode);
  for (std::size_t i = 0; i < tags.size(); ++i) plan.see(i, tags[i].name);
  plan.decide();
  const std::string_view eol = text.find("\r\n") != std::string_view::npos ? "\r\n" : "\n";
  std::array<Edit, 4> edits;
  std::size_t edit_count = 0;
  const TagSpan* removed = nullptr;
  for (std::size_t i = 0; i < tags.size(); ++i) {
    const TagSpan& t = tags[i];
    std::string_view value;
    const auto change = plan.change(i, value);
    if (change == detail::OpeningTagPlan::Change::Replace) {
      Edit& e = edits[edit_count++];
      e = {t.value_begin, t.value_end, {}};
      append_escaped(value, e.text);
    } else if (change == detail::OpeningTagPlan::Change::Drop) {
      // Removed with its line when it has one of its own (the last pair gives its place to
      // the added tags, if any).
      removed = &t;
      std::size_t begin = t.begin, end = t.end;
      std::size_t line_begin = text.rfind('\n', begin);
      line_begin = line_begin == std::string_view::npos ? 0 : line_begin + 1;
      const std::size_t line_end = text.find('\n', end);
      const auto blank = [&](std::size_t a, std::size_t b) {
        for (std::size_t k = a; k < b; ++k)
          if (!is_space(text[k])) return false;
        return true;
      };
      if (line_end != std::string_view::npos && blank(line_begin, begin) && blank(end, line_end)) {
        begin = line_begin;
        end = line_end + 1;
      }
      edits[edit_count++] = {begin, end, {}};
    }
  }
  // New tags go after the last tag pair (or before everything in a game without tags).
  const std::size_t insert_at = tags.empty() ? 0 : tags.back().end;
  std::string added;
  plan.for_each_added([&](std::string_view name, std::string_view value) {
    if (!tags.empty()) added.append(eol);
    added.append("[").append(name).append(" \"");
    append_escaped(value, added);
    added.append("\"]");
    if (tags.empty()) added.append(eol);
  });
  if (!added.empty()) {
    if (tags.empty()) added.append(eol);  // the blank line between tags and movetext
    if (removed && removed == &tags.back())
      edits[edit_count - 1] = {removed->begin, removed->end, added.substr(eol.size())};
    else
      edits[edit_count++] = {insert_at, insert_at, std::move(added)};
  }
  for (std::size_t k = 1; k < edit_count; ++k)  // into text order (at most four)
    for (std::size_t j = k; j > 0 && edits[j].begin < edits[j - 1].begin; --j)
      std::swap(edits[j], edits[j - 1]);
  std::size_t at = 0;
  for (std::size_t k = 0; k < edit_count; ++k) {
    out.append(text.substr(at, edits[k].begin - at));
    out.append(edits[k].text);
    at = edits[k].end;
  }
  out.append(text.substr(at));
}

}  // namespace pgn
