// pgn: validate and convert chess games. Thin dispatch over the sub-commands.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include "cli_options.hpp"
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
               "Usage: pgn <command> [options] [FILE...]\n"
               "       pgn help [<command>]\n"
               "       pgn --version\n\nCommands:\n");
  for (const auto& c : pgn::cli::commands()) {
    std::fprintf(out, "  %-10.*s %.*s\n", int(c.name.size()), c.name.data(), int(c.summary.size()),
                 c.summary.data());
  }
  std::fprintf(out, "  %-10s %s\n", "help", "show this help, or a command's ('pgn help validate')");
  std::fprintf(out,
               "\nOptions:\n"
               "  -h, --help    show this help and exit\n"
               "      --version show the version and exit\n"
               "\nRun 'pgn help <command>' (or 'pgn <command> --help') for a command's options.\n"
               "Exit status: 0 no errors, 1 errors found in the input, 2 usage or I/O failure.\n");
}

const pgn::cli::CommandInfo* find_command(const std::string& name) {
  for (const auto& c : pgn::cli::commands())
    if (c.name == name) return &c;
  return nullptr;
}

int unknown_command(const std::string& name) {
  std::vector<std::string> names{"help"};
  for (const auto& c : pgn::cli::commands()) names.emplace_back(c.name);
  const std::string suggestion = pgn::cli::closest_match(name, names);
  std::fprintf(stderr, "pgn: unknown command '%s'%s\nRun 'pgn help' for the commands.\n",
               name.c_str(),
               suggestion.empty() ? "" : ("; did you mean '" + suggestion + "'?").c_str());
  return pgn::cli::kExitFailure;
}

// pgn help [COMMAND | --man | --bash-completion | --zsh-completion]
int run_help(int argc, char** argv) {
  if (argc < 2) {
    print_usage(stdout);
    return pgn::cli::kExitOk;
  }
  const std::string what = argv[1];
  std::string text;
  if (what == "--man")
    text = pgn::cli::man_page(pgn::cli::collect_command_docs());
  else if (what == "--bash-completion")
    text = pgn::cli::bash_completion(pgn::cli::collect_command_docs());
  else if (what == "--zsh-completion")
    text = pgn::cli::zsh_completion(pgn::cli::collect_command_docs());
  if (!text.empty()) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return std::fflush(stdout) == 0 ? pgn::cli::kExitOk : pgn::cli::kExitFailure;
  }
  const pgn::cli::CommandInfo* command = find_command(what);
  if (!command) return unknown_command(what);
  std::string name(command->name), flag = "--help";
  char* args[] = {name.data(), flag.data(), nullptr};
  return command->run(2, args);
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    print_usage(stderr);
    return pgn::cli::kExitFailure;
  }
  std::string name = argv[1];
  if (name == "--help" || name == "-h") {
    print_usage(stdout);
    return pgn::cli::kExitOk;
  }
  if (name == "help") return run_help(argc - 1, argv + 1);
  if (name == "--version") {
    pgn::cli::print_version();
    return pgn::cli::kExitOk;
  }
  if (const pgn::cli::CommandInfo* command = find_command(name))
    return command->run(argc - 1, argv + 1);
  if (!name.empty() && name[0] == '-') {
    std::fprintf(stderr, "pgn: '%s' before a command; the command comes first\n\n", name.c_str());
    print_usage(stderr);
    return pgn::cli::kExitFailure;
  }
  return unknown_command(name);
}
