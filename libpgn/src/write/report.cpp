#include "libpgn/report.hpp"

#include <cinttypes>
#include <filesystem>
#include <vector>

#include "read/text_scan.hpp"
#include "write/html_report.hpp"

namespace pgn {

namespace {
constexpr std::pair<std::string_view, ReportFormat> kReportFormats[] = {
    {"text", ReportFormat::Text},     {"jsonl", ReportFormat::Jsonl}, {"json", ReportFormat::Json},
    {"github", ReportFormat::Github}, {"sarif", ReportFormat::Sarif}, {"html", ReportFormat::Html},
};
constexpr auto kReportFormatNames = [] {
  std::array<std::string_view, std::size(kReportFormats)> names{};
  for (std::size_t i = 0; i < names.size(); ++i) names[i] = kReportFormats[i].first;
  return names;
}();
}  // namespace

bool report_format_from_name(std::string_view name, ReportFormat& out) {
  for (const auto& [n, f] : kReportFormats) {
    if (n == name) {
      out = f;
      return true;
    }
  }
  return false;
}

std::span<const std::string_view> report_format_names() {
  return kReportFormatNames;
}

namespace {

constexpr char kHex[] = "0123456789abcdef";

void append_escape(std::string& out, const char* prefix, unsigned char c) {
  out += prefix;
  out += kHex[c >> 4];
  out += kHex[c & 15];
}

// Calls `plain(p, n)` for each well-formed UTF-8 character of `text` and `stray(byte)` for
// each byte that is not part of one.
template <class Plain, class Stray>
void for_each_character(std::string_view text, Plain plain, Stray stray) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = p + text.size();
  while (p < end) {
    const std::size_t n = detail::utf8_sequence_length(p, std::size_t(end - p));
    if (n == 0) {
      stray(*p++);
    } else {
      plain(p, n);
      p += n;
    }
  }
}

// Whether the character at p (n bytes) is one a terminal acts on: C0 but tab, DEL, C1.
bool is_terminal_control(const unsigned char* p, std::size_t n) {
  if (n == 1) return (p[0] < 0x20 && p[0] != '\t') || p[0] == 0x7F;
  return n == 2 && p[0] == 0xC2 && p[1] < 0xA0;
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
  // One pass, ASCII first: the writers call this for every move and tag of `--to json`.
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t size = text.size();
  out += '"';
  for (std::size_t i = 0; i < size;) {
    const unsigned char c = p[i];
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          append_escape(out, "\\u00", c);
        } else if (c < 0x80) {
          out += char(c);
        } else if (const std::size_t n = detail::utf8_sequence_length(p + i, size - i); n) {
          out.append(reinterpret_cast<const char*>(p + i), n);
          i += n;
          continue;
        } else {
          append_escape(out, "\\u00", c);  // not UTF-8: the Latin-1 character
        }
    }
    ++i;
  }
  out += '"';
}

void append_terminal_text(std::string& out, std::string_view text) {
  // Nearly all text is printable ASCII: that leading run is appended at once, and characters
  // are looked at one by one only from the first byte that may need an escape.
  std::size_t plain = 0;
  while (plain < text.size()) {
    const unsigned char c = static_cast<unsigned char>(text[plain]);
    if ((c < 0x20 && c != '\t') || c >= 0x7F) break;
    ++plain;
  }
  out.append(text.data(), plain);
  text.remove_prefix(plain);
  for_each_character(
      text,
      [&](const unsigned char* p, std::size_t n) {
        if (!is_terminal_control(p, n))
          out.append(reinterpret_cast<const char*>(p), n);
        else if (n == 1)
          append_escape(out, "\\x", p[0]);
        else
          append_escape(out, "\\u00", p[1]);
      },
      [&](unsigned char c) { append_escape(out, "\\x", c); });
}

std::string terminal_text(std::string_view text) {
  std::string out;
  append_terminal_text(out, text);
  return out;
}

std::size_t terminal_columns(std::string_view text) {
  std::size_t columns = 0;
  for_each_character(
      text,
      [&](const unsigned char* p, std::size_t n) {
        columns += !is_terminal_control(p, n) ? 1 : n == 1 ? 4 : 6;
      },
      [&](unsigned char) { columns += 4; });
  return columns;
}

namespace {

// The first `column` - 1 characters of `line` (bytes that do not continue a character each
// start one): what stands before a 1-based caret column.
std::string_view leading_characters(std::string_view line, std::uint32_t column) {
  if (column <= 1) return {};
  std::size_t i = 0;
  for (std::uint32_t n = 1; i < line.size(); ++i)
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80 && n++ == column) break;
  return line.substr(0, i);
}

}  // namespace

void RunSummary::add(const GameReport& report) {
  ++games;
  moves += report.moves_replayed;
  errors += report.errors;
  warnings += report.warnings;
  if (report.errors)
    ++games_with_errors;
  else if (!report.replayed)
    ++games_not_checked;
  else
    ++games_valid;
  if (report.warnings) ++games_with_warnings;
  for (const Diagnostic& d : report.problems) ++by_code[int(d.code)];
}

void RunSummary::add_unreadable(const Diagnostic& problem) {
  ++games;
  ++games_with_errors;
  ++errors;
  ++by_code[int(problem.code)];
}

void RunSummary::add_file_warning(const Diagnostic& warning) {
  ++warnings;
  ++by_code[int(warning.code)];
}

namespace {

void write(std::FILE* out, const std::string& s) {
  std::fwrite(s.data(), 1, s.size(), out);
}

// The fields every machine format shares, as JSON members (no braces).
void append_problem_members(std::string& s, const std::string& file, const Diagnostic& d) {
  s += "\"file\":";
  append_json_string(s, file);
  s += ",\"game\":" + std::to_string(d.game);
  s += ",\"line\":" + std::to_string(d.line);
  s += ",\"column\":" + std::to_string(d.column);
  s += ",\"offset\":" + std::to_string(d.offset);
  s += ",\"ply\":";
  s += d.ply ? std::to_string(d.ply) : "null";
  s += ",\"variation\":";
  if (d.variation.empty())
    s += "null";
  else
    append_json_string(s, d.variation);
  s += ",\"severity\":";
  append_json_string(s, severity_name(d.severity));
  s += ",\"code\":";
  append_json_string(s, code_info(d.code).name);
  s += ",\"message\":";
  append_json_string(s, d.message);
  auto optional = [&](const char* name, const std::string& value) {
    s += ",\"";
    s += name;
    s += "\":";
    if (value.empty())
      s += "null";
    else
      append_json_string(s, value);
  };
  optional("written", d.written);
  optional("san", d.san);
  optional("fen", d.fen);
}

void append_game_members(std::string& s, const std::string& file, std::uint64_t index,
                         const std::string& notation, const std::string& variant,
                         std::uint32_t plies, const std::string& result, std::uint32_t errors,
                         std::uint32_t warnings) {
  s += "\"type\":\"game\",\"file\":";
  append_json_string(s, file);
  s += ",\"game\":" + std::to_string(index);
  s += ",\"notation\":";
  append_json_string(s, notation);
  if (!variant.empty()) {
    s += ",\"variant\":";
    append_json_string(s, variant);
  }
  s += ",\"plies\":" + std::to_string(plies);
  s += ",\"result\":";
  if (result.empty())
    s += "null";
  else
    append_json_string(s, result);
  s += ",\"errors\":" + std::to_string(errors);
  s += ",\"warnings\":" + std::to_string(warnings);
}

// The summary's members (no braces): the json and sarif summary objects and the jsonl
// summary record share them.
void append_summary_members(std::string& s, const RunSummary& r) {
  s += "\"files\":" + std::to_string(r.files);
  s += ",\"files_failed\":" + std::to_string(r.files_failed);
  s += ",\"games\":" + std::to_string(r.games);
  s += ",\"games_valid\":" + std::to_string(r.games_valid);
  s += ",\"games_with_errors\":" + std::to_string(r.games_with_errors);
  s += ",\"games_not_checked\":" + std::to_string(r.games_not_checked);
  s += ",\"games_with_warnings\":" + std::to_string(r.games_with_warnings);
  s += ",\"moves\":" + std::to_string(r.moves);
  s += ",\"errors\":" + std::to_string(r.errors);
  s += ",\"warnings\":" + std::to_string(r.warnings);
  s += ",\"input_bytes\":" + std::to_string(r.input_bytes);
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.3f", r.seconds);
  s += ",\"seconds\":";
  s += seconds;
  s += ",\"interrupted\":";
  s += r.interrupted ? "true" : "false";
  s += ",\"problems_by_code\":{";
  bool first = true;
  for (const auto& info : all_codes()) {
    if (r.by_code[int(info.code)] == 0) continue;
    if (!first) s += ',';
    first = false;
    append_json_string(s, info.name);
    s += ':' + std::to_string(r.by_code[int(info.code)]);
  }
  s += '}';
}

void append_summary_object(std::string& s, const RunSummary& r) {
  s += '{';
  append_summary_members(s, r);
  s += '}';
}

}  // namespace

// With "N not checked" after the errors when games were not replayed.
std::string summary_headline(const RunSummary& r) {
  std::string s = std::string(r.interrupted ? "interrupted: " : "") + std::to_string(r.files) +
                  " file" + (r.files == 1 ? "" : "s") + ", " + std::to_string(r.games) + " game" +
                  (r.games == 1 ? "" : "s") + ": " + std::to_string(r.games_valid) + " valid, " +
                  std::to_string(r.games_with_errors) + " with errors, ";
  if (r.games_not_checked)
    s += std::to_string(r.games_not_checked) + " not checked (not replayed), ";
  return s + std::to_string(r.games_with_warnings) + " with warnings; " + std::to_string(r.moves) +
         " moves replayed";
}

namespace {

class TextWriter final : public ReportWriter {
 public:
  TextWriter(std::FILE* out, bool color) : out_(out), color_(color) {}

  void problem(const std::string& file, const Diagnostic& d) override {
    const bool error = d.severity == Severity::Error;
    const char* bold = color_ ? "\033[1m" : "";
    const char* reset = color_ ? "\033[0m" : "";
    const char* tone = !color_ ? "" : error ? "\033[1;31m" : "\033[1;33m";
    const char* blue = color_ ? "\033[1;34m" : "";
    // Everything taken from the input goes through append_terminal_text: a tag value or a
    // file name must not drive the terminal (docs/diagnostics.md).
    std::string s;
    s += bold;
    append_terminal_text(s, file);
    s += ':' + std::to_string(d.line) + ':' + std::to_string(d.column) + ": ";
    s += reset;
    s += tone;
    s += severity_name(d.severity);
    s += '[';
    s += code_info(d.code).name;
    s += "]:";
    s += reset;
    s += bold;
    s += ' ';
    append_terminal_text(s, d.message);
    s += reset;
    s += '\n';
    if (!d.source_line.empty()) {
      std::string number = std::to_string(d.line);
      std::string pad(number.size(), ' ');
      s += blue + number + " | " + reset;
      append_terminal_text(s, d.source_line);
      s += '\n';
      s += blue + pad + " | " + reset;
      // The caret stands under the same character once escapes have widened the line.
      s.append(terminal_columns(leading_characters(d.source_line, d.source_column)), ' ');
      const std::size_t width = d.written.empty() ? 1 : terminal_columns(d.written);
      s += tone;
      s.append(width, '^');
      s += reset;
      s += '\n';
      std::string note = "game " + std::to_string(d.game);
      if (d.ply) note += ", ply " + std::to_string(d.ply);
      if (!d.variation.empty()) note += " (variation " + d.variation + ")";
      if (!d.san.empty()) note += ", SAN " + d.san;
      if (!d.fen.empty()) note += ", position " + d.fen;
      s += blue + pad + " = " + reset;
      append_terminal_text(s, note);
      s += '\n';
    }
    write(out_, s);
  }

  void game(const std::string& file, std::uint64_t index, const std::string& notation,
            const std::string& variant, std::uint32_t plies, const std::string& result,
            std::uint32_t errors, std::uint32_t warnings) override {
    const std::string line = file + ": game " + std::to_string(index) + ": " +
                             (variant.empty() ? std::string() : variant + ", ") + "notation " +
                             notation + ", " + std::to_string(plies) + " plies, result " +
                             (result.empty() ? "none" : result) + ", " + std::to_string(errors) +
                             " errors, " + std::to_string(warnings) + " warnings";
    write(out_, terminal_text(line) + '\n');
  }

  void finish(const RunSummary&) override { std::fflush(out_); }

 private:
  std::FILE* out_;
  bool color_;
};

class JsonlWriter final : public ReportWriter {
 public:
  explicit JsonlWriter(std::FILE* out) : out_(out) {}
  void problem(const std::string& file, const Diagnostic& d) override {
    std::string s = "{";
    append_problem_members(s, file, d);
    s += "}\n";
    write(out_, s);
  }
  void game(const std::string& file, std::uint64_t index, const std::string& notation,
            const std::string& variant, std::uint32_t plies, const std::string& result,
            std::uint32_t errors, std::uint32_t warnings) override {
    std::string s = "{";
    append_game_members(s, file, index, notation, variant, plies, result, errors, warnings);
    s += "}\n";
    write(out_, s);
  }
  // The last record: the totals, so that the file alone accounts for every game.
  void finish(const RunSummary& summary) override {
    std::string s = "{\"type\":\"summary\",";
    append_summary_members(s, summary);
    s += "}\n";
    write(out_, s);
    std::fflush(out_);
  }

 private:
  std::FILE* out_;
};

class JsonWriter final : public ReportWriter {
 public:
  explicit JsonWriter(std::FILE* out) : out_(out) { write(out_, "{\"problems\":["); }
  void problem(const std::string& file, const Diagnostic& d) override {
    std::string s = first_ ? "\n{" : ",\n{";
    first_ = false;
    append_problem_members(s, file, d);
    s += '}';
    write(out_, s);
  }
  void game(const std::string& file, std::uint64_t index, const std::string& notation,
            const std::string& variant, std::uint32_t plies, const std::string& result,
            std::uint32_t errors, std::uint32_t warnings) override {
    std::string s = "{";
    append_game_members(s, file, index, notation, variant, plies, result, errors, warnings);
    s += '}';
    games_.push_back(std::move(s));
  }
  void finish(const RunSummary& summary) override {
    std::string s = "\n],\"games\":[";
    for (std::size_t i = 0; i < games_.size(); ++i) {
      if (i) s += ",\n";
      s += games_[i];
    }
    s += "],\"summary\":";
    append_summary_object(s, summary);
    s += "}\n";
    write(out_, s);
    std::fflush(out_);
  }

 private:
  std::FILE* out_;
  bool first_ = true;
  std::vector<std::string> games_;
};

// GitHub workflow commands: properties escape %, CR, LF, ':' and ','; the message escapes
// %, CR and LF.
std::string github_escape(std::string_view text, bool property) {
  std::string s;
  // The workflow log shows the line as it is before GitHub reads it: controls escaped first.
  for (char c : terminal_text(text)) {
    switch (c) {
      case '%':
        s += "%25";
        break;
      case '\r':
        s += "%0D";
        break;
      case '\n':
        s += "%0A";
        break;
      case ':':
        s += property ? "%3A" : ":";
        break;
      case ',':
        s += property ? "%2C" : ",";
        break;
      default:
        s += c;
    }
  }
  return s;
}

class GithubWriter final : public ReportWriter {
 public:
  explicit GithubWriter(std::FILE* out) : out_(out) {}
  void problem(const std::string& file, const Diagnostic& d) override {
    std::string s = d.severity == Severity::Error ? "::error " : "::warning ";
    s += "file=" + github_escape(file, true);
    // A problem of the whole file (io, no games found) has no line: none is made up.
    if (d.line) s += ",line=" + std::to_string(d.line);
    if (d.line && d.column) s += ",col=" + std::to_string(d.column);
    s += ",title=" + github_escape(std::string("pgn ") + code_info(d.code).name, true);
    s += "::" + github_escape(d.message, false) + '\n';
    write(out_, s);
  }
  void game(const std::string&, std::uint64_t, const std::string&, const std::string&,
            std::uint32_t, const std::string&, std::uint32_t, std::uint32_t) override {}
  // The totals as a notice: the first line of the summary on standard error, then the
  // problem counts and unreadable files.
  void finish(const RunSummary& summary) override {
    std::string text = summary_headline(summary) + "; " + std::to_string(summary.errors) +
                       " errors, " + std::to_string(summary.warnings) + " warnings";
    if (summary.files_failed) {
      text += "; " + std::to_string(summary.files_failed) + " file" +
              (summary.files_failed == 1 ? "" : "s") + " could not be read completely";
    }
    write(out_, "::notice title=pgn summary::" + github_escape(text, false) + '\n');
    std::fflush(out_);
  }

 private:
  std::FILE* out_;
};

// RFC 3986 percent-encoding of a path for a URI: every byte but the unreserved characters
// and '/' (spaces, '#', '%', ':' and every byte of a non-ASCII character).
std::string percent_encode_path(std::string_view path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string s;
  for (unsigned char c : path) {
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
        c == '.' || c == '_' || c == '~' || c == '/') {
      s += char(c);
    } else {
      s += '%';
      s += kHex[c >> 4];
      s += kHex[c & 15];
    }
  }
  return s;
}

class SarifWriter final : public ReportWriter {
 public:
  // Files are named relative to the working folder, which the log names once as the base
  // WORKDIR (SARIF 2.1.0, 3.14.14 originalUriBaseIds), so that the log does not depend on
  // where it was made.
  explicit SarifWriter(std::FILE* out) : out_(out) {
    std::error_code ec;
    workdir_ = std::filesystem::current_path(ec).string();
    if (ec) workdir_.clear();
    std::string s =
        "{\"$schema\":\"https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
        "sarif-schema-2.1.0.json\",\"version\":\"2.1.0\","
        "\"runs\":[{\"tool\":{\"driver\":{\"name\":\"libpgn\",\"informationUri\":"
        "\"https://github.com/libpgn/libpgn\",\"version\":\"0.1.0\",\"rules\":[";
    bool first = true;
    for (const auto& info : all_codes()) {
      if (!first) s += ',';
      first = false;
      s += "{\"id\":";
      append_json_string(s, info.name);
      s += ",\"shortDescription\":{\"text\":";
      append_json_string(s, info.summary);
      s += "},\"defaultConfiguration\":{\"level\":";
      append_json_string(s, info.default_severity == Severity::Error ? "error" : "warning");
      s += "}}";
    }
    s += "]}},\"results\":[";
    write(out_, s);
  }

  void problem(const std::string& file, const Diagnostic& d) override {
    std::string s = first_ ? "\n{" : ",\n{";
    first_ = false;
    s += "\"ruleId\":";
    append_json_string(s, code_info(d.code).name);
    s += ",\"ruleIndex\":" + std::to_string(int(d.code));
    s += ",\"level\":";
    append_json_string(s, d.severity == Severity::Error ? "error" : "warning");
    s += ",\"message\":{\"text\":";
    append_json_string(s, d.message);
    s += "},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":";
    s += artifact_location(file);
    // A problem of the whole file (io, no games found) has no region: none is made up.
    if (d.line) {
      s += ",\"region\":{\"startLine\":" + std::to_string(d.line);
      if (d.column) s += ",\"startColumn\":" + std::to_string(d.column);
      s += '}';
    }
    s += "}}]";
    s += ",\"properties\":{\"game\":" + std::to_string(d.game);
    if (d.ply) s += ",\"ply\":" + std::to_string(d.ply);
    if (!d.san.empty()) {
      s += ",\"san\":";
      append_json_string(s, d.san);
    }
    if (!d.fen.empty()) {
      s += ",\"fen\":";
      append_json_string(s, d.fen);
    }
    s += "}}";
    write(out_, s);
  }

  void game(const std::string&, std::uint64_t, const std::string&, const std::string&,
            std::uint32_t, const std::string&, std::uint32_t, std::uint32_t) override {}

 private:
  struct Artifact {
    std::string location;  // its artifactLocation object, without the index
    bool standard_input;
  };

  // The artifactLocation of `file` (with its index in the run's artifacts): a URI relative to
  // WORKDIR for a file inside the working folder, a file: URI for one outside, and for
  // standard input no URI but a description.
  std::string artifact_location(const std::string& file) {
    std::size_t seen = 0;
    while (seen < names_.size() && names_[seen].first != file) ++seen;
    if (seen == names_.size()) {
      std::string location;
      if (file == "-") {
        location = "{\"description\":{\"text\":\"standard input\"}}";
      } else {
        std::filesystem::path path(file);
        std::string relative;
        if (path.is_absolute()) {
          const std::string prefix =
              workdir_.empty() || workdir_.back() == '/' ? workdir_ : workdir_ + '/';
          if (!workdir_.empty() && file.compare(0, prefix.size(), prefix) == 0)
            relative = file.substr(prefix.size());
        } else {
          relative = path.lexically_normal().string();
        }
        location = "{\"uri\":";
        if (!relative.empty() && !workdir_.empty()) {
          append_json_string(location, percent_encode_path(relative));
          location += ",\"uriBaseId\":\"WORKDIR\"";
        } else {
          const std::string absolute = std::filesystem::absolute(path).lexically_normal().string();
          append_json_string(location, "file://" + percent_encode_path(absolute));
        }
        location += '}';
      }
      // Two names of one file ("./a.pgn", "a.pgn") are one artifact.
      std::size_t index = 0;
      while (index < artifacts_.size() && artifacts_[index].location != location) ++index;
      if (index == artifacts_.size()) artifacts_.push_back({std::move(location), file == "-"});
      names_.emplace_back(file, index);
    }
    const std::size_t index = names_[seen].second;
    std::string s = artifacts_[index].location;
    s.pop_back();  // '}'
    s += ",\"index\":" + std::to_string(index) + '}';
    return s;
  }

 public:
  void finish(const RunSummary& summary) override {
    std::string s = "\n],\"artifacts\":[";
    for (std::size_t i = 0; i < artifacts_.size(); ++i) {
      if (i) s += ',';
      s += "{\"location\":" + artifacts_[i].location + ",\"roles\":[\"analysisTarget\"";
      if (artifacts_[i].standard_input) s += ",\"standardStream\"";
      s += "]}";
    }
    s += "]";
    if (!workdir_.empty()) {
      s += ",\"originalUriBaseIds\":{\"WORKDIR\":{\"uri\":";
      std::string base = workdir_;
      if (base.empty() || base.back() != '/') base += '/';
      append_json_string(s, "file://" + percent_encode_path(base));
      s += "}}";
    }
    // An interrupted run, or one with an unreadable input, did not do all it was asked.
    s += ",\"invocations\":[{\"executionSuccessful\":";
    s += summary.files_failed == 0 && !summary.interrupted ? "true" : "false";
    s += ",\"properties\":{\"summary\":";
    append_summary_object(s, summary);
    s += "}}]}]}\n";
    write(out_, s);
    std::fflush(out_);
  }

 private:
  std::FILE* out_;
  bool first_ = true;
  std::string workdir_;
  // Few: a linear search per problem is cheap.
  std::vector<Artifact> artifacts_;
  std::vector<std::pair<std::string, std::size_t>> names_;  // file name -> artifact
};

}  // namespace

std::unique_ptr<ReportWriter> ReportWriter::create(ReportFormat format, std::FILE* out,
                                                   bool color) {
  switch (format) {
    case ReportFormat::Text:
      return std::make_unique<TextWriter>(out, color);
    case ReportFormat::Jsonl:
      return std::make_unique<JsonlWriter>(out);
    case ReportFormat::Json:
      return std::make_unique<JsonWriter>(out);
    case ReportFormat::Github:
      return std::make_unique<GithubWriter>(out);
    case ReportFormat::Sarif:
      return std::make_unique<SarifWriter>(out);
    case ReportFormat::Html:
      return make_html_report_writer(out);
  }
  return nullptr;
}

void print_summary(std::FILE* out, const RunSummary& r, std::string_view command_line) {
  const double mb = double(r.input_bytes) / 1e6;
  std::fprintf(out, "%s\n", summary_headline(r).c_str());
  if (!command_line.empty())
    std::fprintf(out, "%.*s\n", int(command_line.size()), command_line.data());
  if (r.errors + r.warnings > 0) {
    std::string line;
    for (const auto& info : all_codes()) {
      if (r.by_code[int(info.code)] == 0) continue;
      if (!line.empty()) line += ", ";
      line += info.name;
      line += ' ' + std::to_string(r.by_code[int(info.code)]);
    }
    std::fprintf(out, "problems: %" PRIu64 " errors, %" PRIu64 " warnings (%s)\n", r.errors,
                 r.warnings, line.c_str());
  }
  if (r.files_failed)
    std::fprintf(out, "%" PRIu64 " file%s could not be read completely\n", r.files_failed,
                 r.files_failed == 1 ? "" : "s");
  std::fprintf(out, "%.2f s, %.1f MB, %.1f MB/s, %.0f games/s\n", r.seconds, mb,
               r.seconds > 0 ? mb / r.seconds : 0.0,
               r.seconds > 0 ? double(r.games) / r.seconds : 0.0);
}

}  // namespace pgn
