// The command line's manners, shared by every sub-command: strict numeric options, the last of
// a repeated option winning, "did you mean" for a mistyped option, --help in the GNU style and
// --version. The same option tables produce the man page and the shell completions (see
// `pgn help --man`), so that nothing is described twice.
#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace pgn::cli {

namespace po = boost::program_options;

// A whole-number option read strictly: digits only, within [min, max], else a usage error
// naming the range ("-1" is not wrapped into a huge unsigned number).
po::typed_value<std::string>* count_value(std::uint64_t& target, std::uint64_t min,
                                          std::uint64_t max);
po::typed_value<std::string>* count_value(std::uint32_t& target, std::uint64_t min,
                                          std::uint64_t max);

// --help and --version, which every command takes.
void add_standard_options(po::options_description& options);

// What `pgn CMD --help` prints, and what the man page and completions are made from.
struct CommandHelp {
  std::string_view command;      // "validate"
  std::string_view usage;        // "[options] FILE... | -"
  std::string_view description;  // paragraphs, wrapped at 80 columns by the writer
  std::string_view exit_status;  // one paragraph
};

// Boost.Program_options (1.74) gives an option with an implicit value the next word as its
// value ("--eco games.pgn"). Before parsing, `bare` ("--eco") alone is replaced by `spelled`
// ("--eco=add"), which must outlive argv's use, so the next word stays what it was.
void spell_out_implicit_value(int argc, char** argv, const char* bare, char* spelled);

// Parses argv (argv[0] is the command name). On a usage error prints it, with a suggestion
// for a mistyped option, and returns false: the caller exits with status 2.
bool parse_command_line(const CommandHelp& help, int argc, char** argv,
                        const po::options_description& visible,
                        const po::options_description& hidden,
                        const po::positional_options_description& positional,
                        po::variables_map& vm);

// Handles --help and --version; true when one of them was given (the caller exits 0).
bool handled_help_or_version(const CommandHelp& help, const po::options_description& visible,
                             const po::variables_map& vm);

// For a command that reads input files (`[options] FILE... | -`): parses the command line with
// `visible` plus the files, handles --help and --version, and requires at least one file.
// Returns false when the command must stop, with its exit status in `status` (0 after
// --help or --version, 2 on a usage error, which has been printed).
bool parse_file_command(const CommandHelp& help, int argc, char** argv,
                        const po::options_description& visible, po::variables_map& vm,
                        std::vector<std::string>& files, int& status);

// The version line: "pgn (libpgn) 0.1.0".
void print_version();

// The closest of `candidates` to `typed` when it is close enough to be a typing slip.
std::string closest_match(std::string_view typed, const std::vector<std::string>& candidates);

// Documentation of one command, as --help shows it, for the man page and the completions.
struct OptionDoc {
  std::string short_name;  // "o" or empty
  std::string long_name;   // "output"
  std::string argument;    // "FILE" or empty for a switch
  std::string default_value;
  std::string description;
};
struct CommandDoc {
  std::string name, summary, usage, description, exit_status;
  std::vector<OptionDoc> options;
};

// A command's documentation from its help and the option table its --help shows.
CommandDoc command_doc(const CommandHelp& help, const po::options_description& visible);

// A command's options: one table, built by the constructor of a struct derived from this one
// and bound to its members, parses the command line, is shown by --help and documents the
// command in the man page and the completions (document_command). Not copied: the table
// points into the struct.
struct OptionTable {
  po::options_description options{"Options"};
  OptionTable() = default;
  OptionTable(const OptionTable&) = delete;
  OptionTable& operator=(const OptionTable&) = delete;
};
template <class Args, const CommandHelp& help>
CommandDoc document_command() {
  Args args;
  return command_doc(help, args.options);
}
// Every registered command's documentation (CommandInfo::document; a command without one is
// documented by its name and summary alone).
std::vector<CommandDoc> collect_command_docs();

std::string man_page(const std::vector<CommandDoc>& commands);
std::string bash_completion(const std::vector<CommandDoc>& commands);
std::string zsh_completion(const std::vector<CommandDoc>& commands);

}  // namespace pgn::cli
