// The library's folders are floors (docs/architecture.md, "Floors"): a file may include the
// headers of its own floor and of the floors below it, never of one above. A public header
// (libpgn/x.hpp) stands on the floor of the source file that declares it (<folder>/x.cpp), or
// on the one kHeaderFloors gives it. The arrows that once ran up (notation/san.cpp to
// write/append_buffer.hpp, openings/openings.cpp to write/opening_tags.hpp, read/json_record.cpp
// to libpgn/writers.hpp, io/source.cpp to libpgn/json_input.hpp) would fail here.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace fs = std::filesystem;

// From the ground up. A new folder takes its place here and in docs/architecture.md.
constexpr std::string_view kFloors[] = {"text",     "core",     "tags",     "notation", "io",
                                        "read",     "analysis", "openings", "check",    "write",
                                        "bughouse", "repair",   "select",   "run"};

// Public headers declared by no source file of their own name.
const std::map<std::string, std::string, std::less<>> kHeaderFloors = {
    {"append_buffer", "text"},  // a class template, all in the header
    {"bughouse", "check"},      // the match's types: the validator hands it bughouse records
    {"types", "core"},          // types.hpp: moves, pieces, outcomes
    {"game_record", "core"},    // a record of moves and positions, filled by check/
    {"parser", "read"},         // read/pgn_parser.cpp
    {"reader", "read"},         // includes input, splitter and parser
    {"select", "select"},       // select/selection.cpp
    {"sqlite", "write"},        // write/sqlite_writer.cpp
};

const fs::path kSource = fs::path(LIBPGN_SOURCE_DIR) / "libpgn";

std::optional<std::size_t> floor_of(std::string_view folder) {
  const auto* at = std::find(std::begin(kFloors), std::end(kFloors), folder);
  if (at == std::end(kFloors)) return std::nullopt;
  return std::size_t(at - std::begin(kFloors));
}

std::vector<std::string> quoted_includes(const fs::path& file) {
  std::vector<std::string> includes;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    const std::size_t hash = line.find_first_not_of(" \t");
    if (hash == std::string::npos || line[hash] != '#') continue;
    const std::size_t word = line.find_first_not_of(" \t", hash + 1);
    if (word == std::string::npos || line.compare(word, 7, "include") != 0) continue;
    const std::size_t open = line.find('"', word);
    const std::size_t close = open == std::string::npos ? open : line.find('"', open + 1);
    if (close != std::string::npos) includes.push_back(line.substr(open + 1, close - open - 1));
  }
  return includes;
}

std::vector<fs::path> files_in(const fs::path& folder) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(folder))
    if (entry.is_regular_file() &&
        (entry.path().extension() == ".cpp" || entry.path().extension() == ".hpp"))
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// The folder of every source file under libpgn/src, by its name without extension.
std::multimap<std::string, std::string> source_folders() {
  std::multimap<std::string, std::string> folders;
  for (const auto& folder : fs::directory_iterator(kSource / "src"))
    if (folder.is_directory())
      for (const fs::path& file : files_in(folder.path()))
        if (file.extension() == ".cpp")
          folders.emplace(file.stem().string(), folder.path().filename().string());
  return folders;
}

// The folder a public header stands on, or "" (with the reason in `problem`).
std::string header_folder(const std::string& stem,
                          const std::multimap<std::string, std::string>& sources,
                          std::string& problem) {
  if (const auto given = kHeaderFloors.find(stem); given != kHeaderFloors.end())
    return given->second;
  if (sources.count(stem) == 1) return sources.find(stem)->second;
  problem = "libpgn/" + stem + ".hpp: " +
            (sources.count(stem) == 0 ? "no source file declares it"
                                      : "several source files have its name") +
            "; give it a floor in kHeaderFloors";
  return {};
}

TEST(Layering, EveryFolderHasAFloor) {
  for (const auto& folder : fs::directory_iterator(kSource / "src")) {
    if (!folder.is_directory()) continue;
    EXPECT_TRUE(floor_of(folder.path().filename().string()))
        << "libpgn/src/" << folder.path().filename().string()
        << " is on no floor: add it to kFloors and to docs/architecture.md";
  }
}

TEST(Layering, NoIncludeRunsUpward) {
  const auto sources = source_folders();
  std::vector<std::string> problems;
  // The folder a quoted include names, or "" when it names none that is known.
  auto target_folder = [&](const std::string& include, const std::string& from) {
    const std::size_t slash = include.find('/');
    if (slash == std::string::npos) {
      problems.push_back(from + " -> " + include + ": an include names its folder");
      return std::string();
    }
    const std::string folder = include.substr(0, slash);
    if (folder != "libpgn") return folder;
    std::string problem;
    std::string found = header_folder(fs::path(include).stem().string(), sources, problem);
    if (found.empty()) problems.push_back(problem);
    return found;
  };
  auto check = [&](const fs::path& file, const std::string& folder, const std::string& name) {
    const auto from = floor_of(folder);
    if (!from) return;  // EveryFolderHasAFloor says so
    for (const std::string& include : quoted_includes(file)) {
      const std::string to_folder = target_folder(include, name);
      if (to_folder.empty()) continue;
      const auto to = floor_of(to_folder);
      if (!to)
        problems.push_back(name + " -> " + include + ": " + to_folder + " is on no floor");
      else if (*to > *from)
        problems.push_back(name + " -> " + include + ": " + to_folder + " is above " + folder);
    }
  };
  for (const auto& folder : fs::directory_iterator(kSource / "src")) {
    if (!folder.is_directory()) continue;
    const std::string name = folder.path().filename().string();
    for (const fs::path& file : files_in(folder.path()))
      check(file, name, name + "/" + file.filename().string());
  }
  for (const fs::path& header : files_in(kSource / "include" / "libpgn")) {
    std::string problem;
    const std::string folder = header_folder(header.stem().string(), sources, problem);
    if (folder.empty())
      problems.push_back(problem);
    else
      check(header, folder, "libpgn/" + header.filename().string());
  }
  EXPECT_TRUE(problems.empty()) << [&] {
    std::string all;
    for (const std::string& p : problems) all += p + '\n';
    return all;
  }();
}

// The check reads includes as the compiler does: spaces after '#', only quoted names.
TEST(Layering, IncludesAreRead) {
  const fs::path file = fs::temp_directory_path() / "layering_test_includes.cpp";
  {
    std::ofstream out(file);
    out << "#include <vector>\n#  include \"write/report.hpp\"\n// #include \"x\" is prose\n"
           "  #include \"libpgn/san.hpp\" // why\n";
  }
  EXPECT_EQ(quoted_includes(file),
            (std::vector<std::string>{"write/report.hpp", "libpgn/san.hpp"}));
  fs::remove(file);
}

}  // namespace
