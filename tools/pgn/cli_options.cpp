#include "cli_options.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <set>
#include <sstream>

#include "commands.hpp"

namespace pgn::cli {
namespace {

template <class T>
po::typed_value<std::string>* bounded_count(T& target, std::uint64_t min, std::uint64_t max) {
  return po::value<std::string>()
      ->value_name("N")
      ->default_value(std::to_string(target))
      ->notifier([&target, min, max](const std::string& text) {
        std::uint64_t value = 0;
        const char* end = text.data() + text.size();
        auto [stop, ec] = std::from_chars(text.data(), end, value);
        if (text.empty() || ec != std::errc() || stop != end || value < min || value > max)
          throw po::error("expected a whole number from " + std::to_string(min) + " to " +
                          std::to_string(max) + ", not '" + text + "'");
        target = T(value);
      });
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string short_name_of(const po::option_description& option) {
  const std::string shown =
      option.canonical_display_name(po::command_line_style::allow_dash_for_short);
  return shown.size() == 2 && shown[0] == '-' ? shown.substr(1) : std::string();
}

OptionDoc document(const po::option_description& option) {
  OptionDoc doc;
  doc.short_name = short_name_of(option);
  doc.long_name = option.long_name();
  doc.description = option.description();
  if (option.semantic()->max_tokens() > 0) {
    doc.argument = option.semantic()->name();
    const auto defaulted = doc.argument.find(" (=");
    if (defaulted != std::string::npos) {
      doc.default_value = doc.argument.substr(defaulted + 3);
      doc.default_value.pop_back();  // ')'
      doc.argument.resize(defaulted);
    }
  }
  return doc;
}

// Words of `text` filled into lines of at most `width` columns, each after `indent`.
std::string fill(std::string_view text, std::size_t indent, std::size_t width,
                 std::size_t first_column) {
  std::string out;
  std::size_t column = first_column;
  std::istringstream words{std::string(text)};
  std::string word;
  bool first = true;
  while (words >> word) {
    if (!first && column + 1 + word.size() > width) {
      out += '\n';
      out.append(indent, ' ');
      column = indent;
    } else if (!first) {
      out += ' ';
      ++column;
    }
    out += word;
    column += word.size();
    first = false;
  }
  return out;
}

void print_gnu_help(const CommandHelp& help, const po::options_description& visible) {
  constexpr std::size_t kWidth = 80;
  std::string out = "Usage: pgn " + std::string(help.command) + ' ' + std::string(help.usage) +
                    "\n\n" + fill(help.description, 0, kWidth, 0) + "\n\nOptions:\n";
  for (const auto& option : visible.options()) {
    const OptionDoc doc = document(*option);
    std::string left = "  ";
    left += doc.short_name.empty() ? "    " : "-" + doc.short_name + ", ";
    left += "--" + doc.long_name;
    if (!doc.argument.empty()) left += ' ' + doc.argument;
    std::string text = doc.description;
    if (!doc.default_value.empty()) text += " (default: " + doc.default_value + ")";
    constexpr std::size_t kColumn = 30;
    if (left.size() + 2 > kColumn) {
      out += left + '\n' + std::string(kColumn, ' ');
    } else {
      out += left + std::string(kColumn - left.size(), ' ');
    }
    out += fill(text, kColumn, kWidth, kColumn) + '\n';
  }
  out += "\n" + fill(help.exit_status, 0, kWidth, 0) + "\n";
  std::fwrite(out.data(), 1, out.size(), stdout);
}

// troff escapes for text in a man page.
std::string roff(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else if ((c == '.' || c == '\'') && (i == 0 || text[i - 1] == '\n'))
      out += "\\&" + std::string(1, c);
    else
      out += c;
  }
  return out;
}

}  // namespace

po::typed_value<std::string>* count_value(std::uint64_t& target, std::uint64_t min,
                                          std::uint64_t max) {
  return bounded_count(target, min, max);
}
po::typed_value<std::string>* count_value(std::uint32_t& target, std::uint64_t min,
                                          std::uint64_t max) {
  return bounded_count(target, min, max);
}

void add_standard_options(po::options_description& options) {
  options.add_options()("help,h", "show this help and exit")("version",
                                                             "show the version and exit");
}

std::string closest_match(std::string_view typed, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = std::string::npos;
  for (const auto& candidate : candidates) {
    const std::size_t d = edit_distance(typed, candidate);
    if (d < best_distance) {
      best_distance = d;
      best = candidate;
    }
  }
  // A slip is a letter or two, or a third of a long word.
  const std::size_t allowed = std::max<std::size_t>(2, typed.size() / 3);
  return best_distance <= allowed ? best : std::string();
}

void spell_out_implicit_value(int argc, char** argv, const char* bare, char* spelled) {
  for (int i = 1; i < argc && std::string_view(argv[i]) != "--"; ++i)
    if (std::string_view(argv[i]) == bare) argv[i] = spelled;
}

bool parse_command_line(const CommandHelp& help, int argc, char** argv,
                        const po::options_description& visible,
                        const po::options_description& hidden,
                        const po::positional_options_description& positional,
                        po::variables_map& vm) {
  po::options_description all;
  all.add(visible).add(hidden);
  const std::string command(help.command);
  try {
    po::parsed_options parsed =
        po::command_line_parser(argc, argv).options(all).positional(positional).run();
    // The last of a repeated option wins (--format json ... --format sarif), as in most tools;
    // repeatable options (--ignore CODE) and the input files accumulate.
    std::set<std::string> seen;
    for (auto it = parsed.options.rbegin(); it != parsed.options.rend(); ++it) {
      if (it->position_key >= 0 || it->string_key.empty()) continue;
      const po::option_description* option = visible.find_nothrow(it->string_key, false);
      if (!option || option->semantic()->is_composing()) continue;
      if (!seen.insert(it->string_key).second) it->string_key.clear();
    }
    std::erase_if(parsed.options, [](const po::option& o) { return o.string_key.empty(); });
    po::store(parsed, vm);
    if (!vm.count("help") && !vm.count("version")) {
      // po::notify(vm), one option at a time, so that a rejected value names its option.
      for (const auto& [key, value] : vm) {
        const po::option_description* option = all.find_nothrow(key, false);
        if (!option) continue;
        try {
          option->semantic()->notify(value.value());
        } catch (const po::error& e) {
          // A positional argument is named as the usage line names it (DEPTH).
          std::string shown = "--" + option->long_name();
          if (!visible.find_nothrow(key, false)) {
            shown = key;
            for (char& c : shown) c = char(std::toupper(static_cast<unsigned char>(c)));
          }
          throw po::error(shown + ": " + e.what());
        }
      }
    }
  } catch (const po::unknown_option& e) {
    std::string typed = e.get_option_name();
    std::vector<std::string> names;
    for (const auto& option : visible.options()) names.push_back("--" + option->long_name());
    const std::string suggestion = closest_match(typed, names);
    std::fprintf(stderr, "pgn %s: unknown option '%s'%s\nRun 'pgn help %s' for the options.\n",
                 command.c_str(), typed.c_str(),
                 suggestion.empty() ? "" : ("; did you mean '" + suggestion + "'?").c_str(),
                 command.c_str());
    return false;
  } catch (const po::error& e) {
    std::fprintf(stderr, "pgn %s: %s\nRun 'pgn help %s' for the options.\n", command.c_str(),
                 e.what(), command.c_str());
    return false;
  }
  return true;
}

void print_version() {
  std::printf("pgn (libpgn) %s\n", kVersion);
}

bool handled_help_or_version(const CommandHelp& help, const po::options_description& visible,
                             const po::variables_map& vm) {
  if (vm.count("help")) {
    print_gnu_help(help, visible);
    return true;
  }
  if (vm.count("version")) {
    print_version();
    return true;
  }
  return false;
}

bool parse_file_command(const CommandHelp& help, int argc, char** argv,
                        const po::options_description& visible, po::variables_map& vm,
                        std::vector<std::string>& files, int& status) {
  po::options_description hidden;
  hidden.add_options()("files", po::value<std::vector<std::string>>(), "input files");
  po::positional_options_description positional;
  positional.add("files", -1);
  status = 2;
  if (!parse_command_line(help, argc, argv, visible, hidden, positional, vm)) return false;
  if (handled_help_or_version(help, visible, vm)) {
    status = 0;
    return false;
  }
  if (!vm.count("files")) {
    std::fprintf(stderr, "pgn %.*s: no input files (use - for standard input)\n",
                 int(help.command.size()), help.command.data());
    return false;
  }
  files = vm["files"].as<std::vector<std::string>>();
  return true;
}

CommandDoc command_doc(const CommandHelp& help, const po::options_description& visible) {
  CommandDoc doc;
  doc.usage = help.usage;
  doc.description = help.description;
  doc.exit_status = help.exit_status;
  for (const auto& option : visible.options()) doc.options.push_back(document(*option));
  return doc;
}

std::vector<CommandDoc> collect_command_docs() {
  std::vector<CommandDoc> docs;
  for (const auto& c : commands()) {
    CommandDoc doc = c.document ? c.document() : CommandDoc{};
    doc.name = c.name;
    doc.summary = c.summary;
    docs.push_back(std::move(doc));
  }
  return docs;
}

std::string man_page(const std::vector<CommandDoc>& commands) {
  std::string s = ".TH PGN 1 \"\" \"libpgn " + std::string(kVersion) + "\" \"User Commands\"\n";
  s += ".SH NAME\npgn \\- validate and convert chess games (PGN and localized notation)\n";
  s += ".SH SYNOPSIS\n.B pgn\n.I command\n[\\fIoptions\\fR] [\\fIFILE\\fR...]\n.br\n";
  s += ".B pgn help\n[\\fIcommand\\fR]\n.br\n.B pgn \\-\\-version\n";
  s += ".SH DESCRIPTION\n";
  s += "Reads chess games in PGN (plain, .zst, .gz, .bz2) and localized notations, replays every "
       "move on a legality core, reports illegal moves and wrong results, and writes games "
       "again as PGN, JSON and other notations.\n";
  s += ".SH COMMANDS\n";
  for (const auto& c : commands) {
    s += ".TP\n.B " + roff(c.name) + "\n" + roff(c.summary) + "\n";
  }
  for (const auto& c : commands) {
    std::string heading = "PGN " + c.name;
    for (char& ch : heading) ch = char(std::toupper(static_cast<unsigned char>(ch)));
    s += ".SH \"" + roff(heading) + "\"\n";
    if (!c.usage.empty()) s += ".B pgn " + roff(c.name) + "\n" + roff(c.usage) + "\n.PP\n";
    s += roff(c.description.empty() ? c.summary : c.description) + "\n";
    for (const auto& o : c.options) {
      s += ".TP\n";
      if (!o.short_name.empty()) s += "\\fB\\-" + roff(o.short_name) + "\\fR, ";
      s += "\\fB\\-\\-" + roff(o.long_name) + "\\fR";
      if (!o.argument.empty()) s += " \\fI" + roff(o.argument) + "\\fR";
      s += "\n" + roff(o.description);
      if (!o.default_value.empty()) s += " (default: " + roff(o.default_value) + ")";
      s += '\n';
    }
    if (!c.exit_status.empty()) s += ".PP\n" + roff(c.exit_status) + "\n";
  }
  s += ".SH EXIT STATUS\n0: no errors (warnings allowed); 1: errors found in the input; 2: usage "
       "error, unreadable input, failed output or an interrupt.\n";
  s += ".SH SEE ALSO\nThe documentation in the libpgn source tree: README.md and docs/.\n";
  return s;
}

std::string bash_completion(const std::vector<CommandDoc>& commands) {
  std::string names = "help";
  for (const auto& c : commands) names += ' ' + c.name;
  std::string s =
      "# bash completion for pgn (generated by 'pgn help --bash-completion')\n"
      "_pgn() {\n"
      "  local cur=${COMP_WORDS[COMP_CWORD]} options\n"
      "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
      "    COMPREPLY=($(compgen -W \"" +
      names +
      " --help --version\" -- \"$cur\"))\n"
      "    return\n"
      "  fi\n"
      "  case ${COMP_WORDS[1]} in\n"
      "    help) COMPREPLY=($(compgen -W \"" +
      names + "\" -- \"$cur\")); return ;;\n";
  for (const auto& c : commands) {
    std::string options;
    for (const auto& o : c.options) {
      options += " --" + o.long_name;
      if (!o.short_name.empty()) options += " -" + o.short_name;
    }
    s += "    " + c.name + ") options=\"" + options.substr(options.empty() ? 0 : 1) + "\" ;;\n";
  }
  s += "  esac\n"
       "  if [[ $cur == -* ]]; then\n"
       "    COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
       "  else\n"
       "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
       "  fi\n"
       "}\n"
       "complete -o filenames -F _pgn pgn\n";
  return s;
}

std::string zsh_completion(const std::vector<CommandDoc>& commands) {
  auto quote = [](std::string_view text) {
    std::string out;
    for (char c : text) {
      if (c == '\'')
        out += "'\\''";
      else if (c == '[' || c == ']' || c == ':')
        out += std::string("\\") + c;
      else
        out += c;
    }
    return out;
  };
  std::string s =
      "#compdef pgn\n# zsh completion for pgn (generated by 'pgn help --zsh-completion')\n"
      "_pgn() {\n"
      "  local -a commands\n"
      "  commands=(\n"
      "    'help:show the help of pgn or of a command'\n";
  for (const auto& c : commands) s += "    '" + quote(c.name) + ":" + quote(c.summary) + "'\n";
  s += "  )\n"
       "  if (( CURRENT == 2 )); then\n"
       "    _describe -t commands 'pgn command' commands\n"
       "    return\n"
       "  fi\n"
       "  local command=${words[2]}\n"
       "  shift words; (( CURRENT-- ))\n"
       "  case $command in\n"
       "    help) _describe -t commands 'pgn command' commands ;;\n";
  for (const auto& c : commands) {
    s += "    " + c.name + ")\n      _arguments -s \\\n";
    for (const auto& o : c.options) {
      const std::string text = quote(o.description);
      std::string action;
      if (!o.argument.empty())
        action = o.argument == "FILE" ? ":file:_files" : ":" + o.argument + ":";
      if (!o.short_name.empty())
        s += "        '(-" + o.short_name + " --" + o.long_name + ")'{-" + o.short_name + ",--" +
             o.long_name + "}'[" + text + "]" + action + "' \\\n";
      else
        s += "        '--" + o.long_name + "[" + text + "]" + action + "' \\\n";
    }
    s += "        '*:file:_files' ;;\n";
  }
  s += "  esac\n}\n_pgn \"$@\"\n";
  return s;
}

}  // namespace pgn::cli
