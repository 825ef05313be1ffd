// Opening classification against lichess's own tags: the lichess games of the shared real
// corpora carry the ECO and Opening tags lichess gave them when they were played. Every game's
// classification is compared with them and each disagreement is put in one kind (see
// docs/eco.md, which quotes the counts checked here).
//
// With LIBPGN_LICHESS_CORPUS naming another lichess export, that file is compared too.
// With LIBPGN_ECO_TABLE_DIR set to a folder of a.tsv..e.tsv (another version of the table),
// the games are classified against that table instead and the counts are only printed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include "libpgn/input.hpp"
#include "libpgn/openings.hpp"
#include "libpgn/splitter.hpp"
#include "libpgn/validator.hpp"
#include "openings/opening_table.hpp"

namespace pgn {
namespace {

enum class Kind { Same, Renamed, Shallower, Deeper, Elsewhere, NoneThere, Count };
const char* kind_name(Kind k) {
  switch (k) {
    case Kind::Same:
      return "same ECO and name";
    case Kind::Renamed:
      return "lichess's ECO/name pair is not in the table any more";
    case Kind::Shallower:
      return "lichess names a named position the game passed before its deepest one";
    case Kind::Deeper:
      return "lichess names a position the game reaches past the deepest one found";
    case Kind::Elsewhere:
      return "lichess names a line of the table the game never reaches";
    case Kind::NoneThere:
      return "no moves: lichess wrote ECO \"?\", and no opening is named here either";
    default:
      return "";
  }
}

struct Tally {
  std::size_t games = 0;  // standard games with lichess tags
  std::array<std::size_t, std::size_t(Kind::Count)> kinds{};
  std::map<Kind, std::vector<std::string>> examples;
};

std::string tag(const GameRecord& r, std::string_view name) {
  for (const auto& [n, v] : r.tags)
    if (n == name) return v;
  return "";
}

// The other table, when LIBPGN_ECO_TABLE_DIR names one.
struct OtherTable {
  std::vector<std::string> texts;
  std::vector<EmbeddedFile> files;
  std::unique_ptr<OpeningIndex> index;
};
OtherTable* other_table() {
  static std::optional<OtherTable> table;
  const char* dir = std::getenv("LIBPGN_ECO_TABLE_DIR");
  if (!dir) return nullptr;
  if (!table) {
    table.emplace();
    for (const char* name : {"a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv"}) {
      std::ifstream in(std::string(dir) + "/" + name);
      std::ostringstream text;
      text << in.rdbuf();
      table->texts.push_back(text.str());
    }
    for (std::size_t i = 0; i < table->texts.size(); ++i)
      table->files.push_back({"tsv", table->texts[i]});
    table->index = std::make_unique<OpeningIndex>(table->files);
  }
  return &*table;
}

Tally compare_with_lichess(const std::string& path) {
  Tally tally;
  OtherTable* other = other_table();
  const OpeningIndex& index = other ? *other->index : opening_index();
  std::set<std::pair<std::string, std::string>> in_table;
  for (const Opening& o : index.table()) in_table.emplace(o.eco, o.name);

  std::string error;
  auto source = InputSource::open(path, error);
  EXPECT_TRUE(source) << error;
  if (!source) return tally;
  GameSplitter splitter(*source);
  GameValidator validator{ValidateOptions{}};
  RawGame game;
  GameReport report;
  GameRecord record;
  while (splitter.next(game)) {
    validator.validate(game, report, &record);
    const std::string eco = tag(record, "ECO"), name = tag(record, "Opening");
    const std::string variant = tag(record, "Variant");
    if (eco.empty() || (!variant.empty() && variant != "Standard")) continue;
    ++tally.games;
    const OpeningClassification c = classify_opening(record, index);
    if (!other) {  // the keys the validator kept give the same
      const OpeningClassification by_keys = classify_opening_by_keys(validator.main_line_keys());
      EXPECT_EQ(by_keys.opening, c.opening) << tag(record, "Site");
      EXPECT_EQ(by_keys.ply, c.ply) << tag(record, "Site");
      EXPECT_EQ(by_keys.codes, c.codes) << tag(record, "Site");
      const OpeningClassification deepest =
          classify_opening_by_keys(validator.main_line_keys(), false);
      EXPECT_EQ(deepest.opening, c.opening) << tag(record, "Site");
      EXPECT_EQ(deepest.ply, c.ply) << tag(record, "Site");
    }
    Kind kind;
    if (eco == "?") {
      EXPECT_EQ(c.opening, nullptr) << tag(record, "Site");
      kind = Kind::NoneThere;
    } else if (c.opening && c.opening->eco == eco && c.opening->name == name) {
      kind = Kind::Same;
    } else if (!in_table.contains({eco, name})) {
      kind = Kind::Renamed;
    } else {
      // Where on the main line (if anywhere) lichess's line stands.
      kind = Kind::Elsewhere;
      Position pos = record.start;
      std::uint32_t ply = 0;
      int depth = 0;
      for (const GameEvent& e : record.events) {
        if (e.kind == GameEvent::VariationBegin) ++depth;
        if (e.kind == GameEvent::VariationEnd) --depth;
        if (e.kind != GameEvent::MoveEvent || depth) continue;
        pos.play(e.move);
        ++ply;
        const Opening* o = index.find(pos);
        if (o && o->eco == eco && o->name == name) {
          kind = ply < c.ply ? Kind::Shallower : Kind::Deeper;
          break;
        }
      }
    }
    ++tally.kinds[std::size_t(kind)];
    if (kind != Kind::Same && tally.examples[kind].size() < 3)
      tally.examples[kind].push_back(
          tag(record, "Site") + ": lichess " + eco + " " + name + "; here " +
          (c.opening ? std::string(c.opening->eco) + " " + std::string(c.opening->name) + " (ply " +
                           std::to_string(c.ply) + ")"
                     : "none"));
  }
  std::cout << path << ": " << tally.games << " games\n";
  for (std::size_t k = 0; k < tally.kinds.size(); ++k)
    if (tally.kinds[k]) {
      std::cout << "  " << tally.kinds[k] << "  " << kind_name(Kind(k)) << "\n";
      for (const std::string& e : tally.examples[Kind(k)]) std::cout << "      " << e << "\n";
    }
  return tally;
}

std::string corpus(const char* name) {
  return std::string(LIBPGN_SHARED_DIR) + "/corpora/real/" + name;
}

// May 2025 games, tagged with the table of that time: every disagreement is a line the table
// gained or renamed since, or a game lichess stored no opening for (docs/eco.md). Against the
// table of 2025-05-01 (lichess-org/chess-openings 1e927b9, through LIBPGN_ECO_TABLE_DIR) all
// 438 games agree.
TEST(LichessTags, RecentGamesAgree) {
  const Tally t = compare_with_lichess(corpus("lichess_db_1000k.pgn"));
  if (other_table()) return;
  EXPECT_EQ(t.games, 438u);
  EXPECT_EQ(t.kinds[std::size_t(Kind::Same)], 422u);
  EXPECT_EQ(t.kinds[std::size_t(Kind::Renamed)], 2u);
  EXPECT_EQ(t.kinds[std::size_t(Kind::Shallower)], 9u);
  EXPECT_EQ(t.kinds[std::size_t(Kind::NoneThere)], 5u);
  EXPECT_EQ(t.kinds[std::size_t(Kind::Deeper)], 0u);
  EXPECT_EQ(t.kinds[std::size_t(Kind::Elsewhere)], 0u);
}

// 2018 games, tagged with lichess's table of 2018, which has been renamed and deepened since.
TEST(LichessTags, OlderGamesDifferWhereTheTableChanged) {
  const Tally t = compare_with_lichess(corpus("lichess_magnus.pgn"));
  if (other_table()) return;
  EXPECT_EQ(t.games, 984u);
  EXPECT_EQ(t.kinds[std::size_t(Kind::Same)], 813u);
  EXPECT_EQ(t.kinds[std::size_t(Kind::Renamed)], 65u);
  EXPECT_EQ(t.kinds[std::size_t(Kind::Shallower)], 96u);
  EXPECT_EQ(t.kinds[std::size_t(Kind::Elsewhere)], 6u);
  EXPECT_EQ(t.kinds[std::size_t(Kind::NoneThere)], 4u);
  EXPECT_EQ(t.kinds[std::size_t(Kind::Deeper)], 0u);
}

// Any other lichess export, named by LIBPGN_LICHESS_CORPUS: the counts are printed.
TEST(LichessTags, OtherExport) {
  const char* path = std::getenv("LIBPGN_LICHESS_CORPUS");
  if (!path) GTEST_SKIP() << "LIBPGN_LICHESS_CORPUS not set";
  compare_with_lichess(path);
}

}  // namespace
}  // namespace pgn
