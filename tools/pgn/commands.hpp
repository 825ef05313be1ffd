// The pgn command line: each sub-command lives in its own file and registers itself here.
#pragma once

#include <string_view>
#include <vector>

namespace pgn::cli {

#ifndef LIBPGN_VERSION
#define LIBPGN_VERSION "0.1.0"
#endif
constexpr const char* kVersion = LIBPGN_VERSION;

// Exit statuses shared by all commands.
constexpr int kExitOk = 0;        // no errors (warnings allowed)
constexpr int kExitProblems = 1;  // the input has errors
constexpr int kExitFailure = 2;   // usage error, unreadable input, failed output

struct CommandDoc;  // cli_options.hpp

struct CommandInfo {
  std::string_view name;
  std::string_view summary;
  // argv[0] is the command name; returns the exit status.
  int (*run)(int argc, char** argv);
  // The command's usage, description and options, from the table its --help shows.
  CommandDoc (*document)() = nullptr;
};

const std::vector<CommandInfo>& commands();

// Static registration: `static RegisterCommand reg{{"perft", "...", run_perft}};`
struct RegisterCommand {
  explicit RegisterCommand(CommandInfo info);
};

}  // namespace pgn::cli
