// The library's folders are floors (docs/architecture.md, "Floors"): a file may include the
// headers of its own floor and of the floors below it, never of one above. A header of either
// root (libpgn/include/libpgn, installed; libpgn/internal/libpgn, the build's own) stands on
// the floor of the source file that declares it (<folder>/x.cpp), or on the one kHeaderFloors
// gives it; an installed header includes installed ones only. The arrows that once ran up
// (notation/san.cpp to write/append_buffer.hpp, openings/openings.cpp to write/opening_tags.hpp,
// read/json_record.cpp to libpgn/writers.hpp, io/source.cpp to libpgn/json_input.hpp) would fail
// here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace {

namespace fs = std::filesystem;

// From the ground up. A new folder takes its place here and in docs/architecture.md.
constexpr std::string_view kFloors[] = {"text",     "core",     "tags",     "notation", "io",
                                        "read",     "analysis", "openings", "check",    "write",
                                        "bughouse", "repair",   "select",   "run"};

// Public headers declared by no source file of their own name.
const std::map<std::string, std::string, std::less<>> kHeaderFloors = {
    {"append_buffer", "text"},      // a class template, all in the header
    {"batch_side_table", "run"},    // a class template, all in the header
    {"bughouse_teams", "tags"},     // a function template, all in the header
    {"types", "core"},              // types.hpp: moves, pieces, outcomes
    {"game_record", "core"},        // a record of moves and positions, filled by check/
    {"game_report", "check"},       // what the validator found in a game
    {"load_bytes", "text"},         // a function template, all in the header
    {"min_severity", "check"},      // inline functions, all in the header
    {"ordered_stream", "run"},      // a class template, all in the header
    {"parse_limits", "read"},       // the parser's budgets
    {"parser", "read"},             // read/pgn_parser.cpp
    {"raw_game", "read"},           // a game's text, as the splitter cuts it
    {"reader", "read"},             // includes input, splitter and parser
    {"result_forms", "notation"},   // notation/notation.cpp
    {"select", "select"},           // select/selection.cpp
    {"sqlite", "write"},            // write/sqlite_writer.cpp
    {"validate_options", "check"},  // how the validator reads
};

const fs::path kSource = fs::path(LIBPGN_SOURCE_DIR) / "libpgn";
// The two roots of "libpgn/x.hpp": the installed API, and the layers only this build sees.
const fs::path kPublicHeaders = kSource / "include" / "libpgn";
const fs::path kInternalHeaders = kSource / "internal" / "libpgn";

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

// The free functions a file declares and defines at namespace scope, where clang-format puts
// them at column 0: a statement starts on a line that starts with a letter and runs to the line
// that ends in ';' (a declaration) or '{' (a definition). Qualified names (members) are left
// out, and so are variables (an '=' before the parenthesis).
struct FreeFunctions {
  std::vector<std::string> declared, defined;
};

constexpr std::string_view kNotFunctions[] = {"namespace", "using", "template", "struct",
                                              "class",     "enum",  "union"};

FreeFunctions free_functions(const fs::path& file) {
  FreeFunctions found;
  std::ifstream in(file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (const std::size_t comment = line.find("//"); comment != std::string::npos)
      line.erase(comment);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
    lines.push_back(line);
  }
  auto is_name_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ':';
  };
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].empty() || !std::isalpha(static_cast<unsigned char>(lines[i][0]))) continue;
    std::string statement = lines[i];
    for (std::size_t next = i + 1; next < lines.size() && next < i + 8 && statement.back() != ';' &&
                                   statement.back() != '{' && statement.back() != '}';
         ++next)
      statement += ' ' + lines[next];
    const std::size_t paren = statement.find('(');
    if (paren == std::string::npos || statement.substr(0, paren).find('=') != std::string::npos)
      continue;
    const bool keyword = std::any_of(std::begin(kNotFunctions), std::end(kNotFunctions),
                                     [&](std::string_view w) { return statement.starts_with(w); });
    if (keyword) continue;
    std::size_t begin = paren;
    while (begin > 0 && is_name_char(statement[begin - 1])) --begin;
    const std::string name = statement.substr(begin, paren - begin);
    if (name.empty() || name.find(':') != std::string::npos || begin == 0) continue;
    if (statement.back() == ';')
      found.declared.push_back(name);
    else if (statement.back() == '{' || statement.back() == '}')
      found.defined.push_back(name);
  }
  return found;
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
  for (const fs::path& root : {kPublicHeaders, kInternalHeaders})
    for (const fs::path& header : files_in(root)) {
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

// A declaration is a way up that no include shows: a file that declares a function defined
// only on a floor above its own (check/ calling into bughouse/ by a declaration in a header of
// check's floor) calls upward all the same.
TEST(Layering, NoDeclarationReachesUpward) {
  const auto sources = source_folders();
  // Every file with its floor: the sources by folder, the public headers by header_folder.
  std::vector<std::pair<fs::path, std::string>> files;
  for (const auto& folder : fs::directory_iterator(kSource / "src"))
    if (folder.is_directory())
      for (const fs::path& file : files_in(folder.path()))
        files.emplace_back(file, folder.path().filename().string());
  for (const fs::path& root : {kPublicHeaders, kInternalHeaders})
    for (const fs::path& header : files_in(root)) {
      std::string problem;
      const std::string folder = header_folder(header.stem().string(), sources, problem);
      if (!folder.empty()) files.emplace_back(header, folder);
    }
  std::map<std::string, std::size_t, std::less<>> lowest_definition;
  std::vector<std::tuple<std::string, std::string, std::size_t>> declarations;
  for (const auto& [file, folder] : files) {
    const auto floor = floor_of(folder);
    if (!floor) continue;  // EveryFolderHasAFloor says so
    const FreeFunctions functions = free_functions(file);
    for (const std::string& name : functions.defined) {
      auto [at, inserted] = lowest_definition.emplace(name, *floor);
      if (!inserted) at->second = std::min(at->second, *floor);
    }
    const std::string shown = (file.parent_path().filename() == "libpgn" ? "libpgn" : folder) +
                              "/" + file.filename().string();
    for (const std::string& name : functions.declared)
      declarations.emplace_back(shown, name, *floor);
  }
  std::vector<std::string> problems;
  for (const auto& [file, name, floor] : declarations) {
    const auto defined = lowest_definition.find(name);
    if (defined != lowest_definition.end() && defined->second > floor)
      problems.push_back(file + " declares " + name + "(), defined on " +
                         std::string(kFloors[defined->second]) + "/, above its floor");
  }
  EXPECT_TRUE(problems.empty()) << [&] {
    std::string all;
    for (const std::string& p : problems) all += p + '\n';
    return all;
  }();
}

// An installed header stands alone in the installed tree: it includes no header of the internal
// root (which is not installed), and no name is in both roots, where the include path's order
// would pick one.
TEST(Layering, InstalledHeadersIncludeOnlyInstalledOnes) {
  std::vector<std::string> problems;
  for (const fs::path& header : files_in(kPublicHeaders)) {
    if (fs::exists(kInternalHeaders / header.filename()))
      problems.push_back("libpgn/" + header.filename().string() + " is in both roots");
    for (const std::string& include : quoted_includes(header))
      if (!include.starts_with("libpgn/") || !fs::exists(kPublicHeaders / include.substr(7)))
        problems.push_back("libpgn/" + header.filename().string() + " (installed) -> " + include +
                           ": not an installed header");
  }
  EXPECT_FALSE(files_in(kPublicHeaders).empty());
  EXPECT_TRUE(problems.empty()) << [&] {
    std::string all;
    for (const std::string& p : problems) all += p + '\n';
    return all;
  }();
}

// An installed header befriends public types only, or internal ones that say so by their
// namespace (detail::, forward-declared): no friend names a type the installed tree never
// mentions (as `friend struct NotationIndexAccess` in notation.hpp once did).
TEST(Layering, InstalledHeadersBefriendNoHiddenType) {
  std::string public_text;
  for (const fs::path& header : files_in(kPublicHeaders)) {
    std::ifstream in(header);
    public_text.append(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const auto defined = [&](const std::string& name) {
    for (const char* kind : {"struct ", "class "})
      for (const char* after : {" {", " :", " final"})
        if (public_text.find(kind + name + after) != std::string::npos) return true;
    return false;
  };
  std::vector<std::string> problems;
  for (const fs::path& header : files_in(kPublicHeaders)) {
    std::ifstream in(header);
    std::string line;
    while (std::getline(in, line)) {
      std::istringstream words(line);
      std::string friend_word, kind, name;
      if (!(words >> friend_word >> kind >> name) || friend_word != "friend" ||
          (kind != "struct" && kind != "class"))
        continue;
      if (name.ends_with(';')) name.pop_back();
      if (!name.starts_with("detail::") && !defined(name))
        problems.push_back(header.filename().string() + ": friend " + name);
    }
  }
  EXPECT_TRUE(problems.empty()) << [&] {
    std::string all;
    for (const std::string& p : problems) all += p + '\n';
    return all;
  }();
}

// The declarations are read as clang-format writes them.
TEST(Layering, FreeFunctionsAreRead) {
  const fs::path file = fs::temp_directory_path() / "layering_test_functions.hpp";
  {
    std::ofstream out(file);
    out << "namespace pgn {\nvoid read_match(const RawGame& game,\n                GameReport& "
           "report);\n"
           "std::string pocket_text(const Position& pos) {\n  return f(pos);\n}\n"
           "constexpr auto kTable = make(1);\nbool Match::tag(int) const;\n}  // namespace pgn\n";
  }
  const FreeFunctions found = free_functions(file);
  EXPECT_EQ(found.declared, std::vector<std::string>{"read_match"});
  EXPECT_EQ(found.defined, std::vector<std::string>{"pocket_text"});
  fs::remove(file);
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
