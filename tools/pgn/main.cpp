// pgn: validate and convert chess games. Thin dispatch over the sub-commands.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include "commands.hpp"

namespace pgn::cli {
namespace {
std::vector<CommandInfo>& registry() {
  static std::vector<CommandInfo> list;
  return list;
}
}  // namespace

RegisterCommand::RegisterCommand(CommandInfo info) {
  auto& list = registry();
  list.push_back(info);
  std::sort(list.begin(), list.end(),
            [](const CommandInfo& a, const CommandInfo& b) { return a.name < b.name; });
}

const std::vector<CommandInfo>& commands() {
  return registry();
}
}  // namespace pgn::cli

namespace {
void print_usage(std::FILE* out) {
  std::fprintf(out,
               "pgn: validate and convert chess games (PGN and localized notation)\n\n"
               "Usage: pgn <command> [options] [FILE...]\n\nCommands:\n");
  for (const auto& c : pgn::cli::commands()) {
    std::fprintf(out, "  %-10.*s %.*s\n", int(c.name.size()), c.name.data(), int(c.summary.size()),
                 c.summary.data());
  }
  std::fprintf(out,
               "\nRun 'pgn <command> --help' for a command's options.\n"
               "Exit status: 0 no errors, 1 errors found in the input, 2 usage or I/O failure.\n");
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    print_usage(stderr);
    return pgn::cli::kExitFailure;
  }
  std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    print_usage(stdout);
    return pgn::cli::kExitOk;
  }
  if (name == "--version") {
    std::printf("pgn (libpgn) 0.1.0\n");
    return pgn::cli::kExitOk;
  }
  for (const auto& c : pgn::cli::commands()) {
    if (c.name == name) return c.run(argc - 1, argv + 1);
  }
  std::fprintf(stderr, "pgn: unknown command '%s'\n\n", name.c_str());
  print_usage(stderr);
  return pgn::cli::kExitFailure;
}
