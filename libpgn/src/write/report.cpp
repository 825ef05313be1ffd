#include "libpgn/report.hpp"

#include <cinttypes>
#include <filesystem>
#include <optional>
#include <vector>

#include "libpgn/json_writer.hpp"
#include "write/html_report.hpp"

namespace pgn {

namespace {
constexpr std::pair<std::string_view, ReportFormat> kReportFormatNames[] = {
    {"text", ReportFormat::Text},     {"jsonl", ReportFormat::Jsonl}, {"json", ReportFormat::Json},
    {"github", ReportFormat::Github}, {"sarif", ReportFormat::Sarif}, {"html", ReportFormat::Html},
};
}  // namespace

std::vector<std::string_view> report_format_names() {
  std::vector<std::string_view> names;
  for (const auto& entry : kReportFormatNames) names.push_back(entry.first);
  return names;
}

bool report_format_from_name(std::string_view name, ReportFormat& out) {
  for (const auto& [n, f] : kReportFormatNames) {
    if (n == name) {
      out = f;
      return true;
    }
  }
  return false;
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

// A string member, or null when it is empty.
void string_or_null(JsonWriter& json, std::string_view value) {
  if (value.empty())
    json.null();
  else
    json.string(value);
}

// The fields every machine format shares, as JSON members (no braces).
void write_problem_members(JsonWriter& json, const std::string& file, const Diagnostic& d) {
  json.key("file").string(file);
  json.key("game").number(d.game);
  json.key("line").number(d.line);
  json.key("column").number(d.column);
  json.key("offset").number(d.offset);
  json.key("ply");
  if (d.ply)
    json.number(d.ply);
  else
    json.null();
  string_or_null(json.key("variation"), d.variation);
  json.key("severity").string(severity_name(d.severity));
  json.key("code").string(code_info(d.code).name);
  json.key("message").string(d.message);
  string_or_null(json.key("written"), d.written);
  string_or_null(json.key("san"), d.san);
  string_or_null(json.key("fen"), d.fen);
}

void write_game_members(JsonWriter& json, const std::string& file, std::uint64_t index,
                        const std::string& notation, const std::string& variant,
                        std::uint32_t plies, std::optional<GameResult> result, std::uint32_t errors,
                        std::uint32_t warnings) {
  json.key("type").string("game");
  json.key("file").string(file);
  json.key("game").number(index);
  json.key("notation").string(notation);
  if (!variant.empty()) json.key("variant").string(variant);
  json.key("plies").number(plies);
  string_or_null(json.key("result"), result_text(result));
  json.key("errors").number(errors);
  json.key("warnings").number(warnings);
}

// The summary's members (no braces): the json and sarif summary objects and the jsonl
// summary record share them.
void write_summary_members(JsonWriter& json, const RunSummary& r) {
  json.key("files").number(r.files);
  json.key("files_failed").number(r.files_failed);
  json.key("games").number(r.games);
  json.key("games_valid").number(r.games_valid);
  json.key("games_with_errors").number(r.games_with_errors);
  json.key("games_not_checked").number(r.games_not_checked);
  json.key("games_with_warnings").number(r.games_with_warnings);
  json.key("moves").number(r.moves);
  json.key("errors").number(r.errors);
  json.key("warnings").number(r.warnings);
  json.key("input_bytes").number(r.input_bytes);
  json.key("seconds").fixed(r.seconds, 3);
  json.key("interrupted").boolean(r.interrupted);
  json.key("problems_by_code").begin_object();
  for (const auto& info : all_codes())
    if (r.by_code[int(info.code)] != 0) json.key(info.name).number(r.by_code[int(info.code)]);
  json.end_object();
}

void write_summary_object(JsonWriter& json, const RunSummary& r) {
  json.begin_object();
  write_summary_members(json, r);
  json.end_object();
}

// A JSON document or JSON Lines written to a file as it grows: what the writer wrote goes to
// the file at each send().
class JsonToFile {
 public:
  explicit JsonToFile(std::FILE* out) : out_(out) {}
  JsonWriter& json() { return json_; }
  void send() {
    json_.flush();
    write(out_, text_);
    text_.clear();
  }

 private:
  std::FILE* out_;
  std::string text_;
  JsonWriter json_{text_};
};

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
            const std::string& variant, std::uint32_t plies, std::optional<GameResult> result,
            std::uint32_t errors, std::uint32_t warnings) override {
    const std::string line = file + ": game " + std::to_string(index) + ": " +
                             (variant.empty() ? std::string() : variant + ", ") + "notation " +
                             notation + ", " + std::to_string(plies) + " plies, result " +
                             (result ? std::string(result_text(*result)) : "none") + ", " +
                             std::to_string(errors) + " errors, " + std::to_string(warnings) +
                             " warnings";
    write(out_, terminal_text(line) + '\n');
  }

  void finish(const RunSummary&) override { std::fflush(out_); }

 private:
  std::FILE* out_;
  bool color_;
};

class JsonlWriter final : public ReportWriter {
 public:
  explicit JsonlWriter(std::FILE* out) : out_(out), file_(out) {}
  void problem(const std::string& file, const Diagnostic& d) override {
    JsonWriter& json = file_.json();
    json.begin_object();
    write_problem_members(json, file, d);
    json.end_object().newline();
    file_.send();
  }
  void game(const std::string& file, std::uint64_t index, const std::string& notation,
            const std::string& variant, std::uint32_t plies, std::optional<GameResult> result,
            std::uint32_t errors, std::uint32_t warnings) override {
    JsonWriter& json = file_.json();
    json.begin_object();
    write_game_members(json, file, index, notation, variant, plies, result, errors, warnings);
    json.end_object().newline();
    file_.send();
  }
  // The last record: the totals, so that the file alone accounts for every game.
  void finish(const RunSummary& summary) override {
    JsonWriter& json = file_.json();
    json.begin_object().key("type").string("summary");
    write_summary_members(json, summary);
    json.end_object().newline();
    file_.send();
    std::fflush(out_);
  }

 private:
  std::FILE* out_;
  JsonToFile file_;
};

// One JSON document: the problems as they come, the games (held until the end) and the
// summary.
class JsonDocumentWriter final : public ReportWriter {
 public:
  explicit JsonDocumentWriter(std::FILE* out) : out_(out), file_(out) {
    file_.json().begin_object().key("problems").begin_array();
    file_.send();
    games_json_.begin_array();
  }
  void problem(const std::string& file, const Diagnostic& d) override {
    JsonWriter& json = file_.json();
    json.break_line().begin_object();
    write_problem_members(json, file, d);
    json.end_object();
    file_.send();
  }
  void game(const std::string& file, std::uint64_t index, const std::string& notation,
            const std::string& variant, std::uint32_t plies, std::optional<GameResult> result,
            std::uint32_t errors, std::uint32_t warnings) override {
    if (any_game_) games_json_.break_line();
    any_game_ = true;
    games_json_.begin_object();
    write_game_members(games_json_, file, index, notation, variant, plies, result, errors,
                       warnings);
    games_json_.end_object();
  }
  void finish(const RunSummary& summary) override {
    games_json_.end_array().flush();
    JsonWriter& json = file_.json();
    json.newline().end_array().key("games").raw(games_);
    write_summary_object(json.key("summary"), summary);
    json.end_object().newline();
    file_.send();
    std::fflush(out_);
  }

 private:
  std::FILE* out_;
  JsonToFile file_;
  std::string games_;  // the "games" array, written at the end
  JsonWriter games_json_{games_};
  bool any_game_ = false;
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
            std::uint32_t, std::optional<GameResult>, std::uint32_t, std::uint32_t) override {}
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
  explicit SarifWriter(std::FILE* out) : out_(out), file_(out) {
    std::error_code ec;
    workdir_ = std::filesystem::current_path(ec).string();
    if (ec) workdir_.clear();
    JsonWriter& json = file_.json();
    json.begin_object()
        .key("$schema")
        .string(
            "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
            "sarif-schema-2.1.0.json")
        .key("version")
        .string("2.1.0");
    json.key("runs").begin_array().begin_object();
    json.key("tool").begin_object().key("driver").begin_object();
    json.key("name").string("libpgn");
    json.key("informationUri").string("https://github.com/libpgn/libpgn");
    json.key("version").string("0.1.0");
    json.key("rules").begin_array();
    for (const auto& info : all_codes()) {
      json.begin_object().key("id").string(info.name);
      json.key("shortDescription").begin_object().key("text").string(info.summary).end_object();
      json.key("defaultConfiguration").begin_object().key("level");
      json.string(info.default_severity == Severity::Error ? "error" : "warning").end_object();
      json.end_object();
    }
    json.end_array().end_object().end_object();  // rules, driver, tool
    json.key("results").begin_array();
    file_.send();
  }

  void problem(const std::string& file, const Diagnostic& d) override {
    JsonWriter& json = file_.json();
    json.break_line().begin_object();
    json.key("ruleId").string(code_info(d.code).name);
    json.key("ruleIndex").number(int(d.code));
    json.key("level").string(d.severity == Severity::Error ? "error" : "warning");
    json.key("message").begin_object().key("text").string(d.message).end_object();
    json.key("locations").begin_array().begin_object().key("physicalLocation").begin_object();
    const std::size_t index = artifact_index(file);
    write_location(json.key("artifactLocation"), artifacts_[index], index);
    // A problem of the whole file (io, no games found) has no region: none is made up.
    if (d.line) {
      json.key("region").begin_object().key("startLine").number(d.line);
      if (d.column) json.key("startColumn").number(d.column);
      json.end_object();
    }
    json.end_object().end_object().end_array();  // physicalLocation, the location, locations
    json.key("properties").begin_object().key("game").number(d.game);
    if (d.ply) json.key("ply").number(d.ply);
    if (!d.san.empty()) json.key("san").string(d.san);
    if (!d.fen.empty()) json.key("fen").string(d.fen);
    json.end_object().end_object();
    file_.send();
  }

  void game(const std::string&, std::uint64_t, const std::string&, const std::string&,
            std::uint32_t, std::optional<GameResult>, std::uint32_t, std::uint32_t) override {}

  void finish(const RunSummary& summary) override {
    JsonWriter& json = file_.json();
    json.newline().end_array().key("artifacts").begin_array();
    for (const Artifact& artifact : artifacts_) {
      write_location(json.begin_object().key("location"), artifact);
      json.key("roles").begin_array().string("analysisTarget");
      if (artifact.standard_input) json.string("standardStream");
      json.end_array().end_object();
    }
    json.end_array();
    if (!workdir_.empty()) {
      std::string base = workdir_;
      if (base.back() != '/') base += '/';
      json.key("originalUriBaseIds").begin_object().key("WORKDIR").begin_object();
      json.key("uri").string("file://" + percent_encode_path(base)).end_object().end_object();
    }
    // An interrupted run, or one with an unreadable input, did not do all it was asked.
    json.key("invocations").begin_array().begin_object().key("executionSuccessful");
    json.boolean(summary.files_failed == 0 && !summary.interrupted);
    write_summary_object(json.key("properties").begin_object().key("summary"), summary);
    json.end_object().end_object().end_array();  // properties, the invocation, invocations
    json.end_object().end_array().end_object().newline();  // the run, runs, the log
    file_.send();
    std::fflush(out_);
  }

 private:
  // A file as the log names it: by a URI relative to WORKDIR (for a file inside the working
  // folder) or a file: URI (outside), or, for standard input, by a description.
  struct Artifact {
    std::string uri;
    bool relative = false;
    bool standard_input = false;
    bool operator==(const Artifact&) const = default;
  };

  static void write_location(JsonWriter& json, const Artifact& artifact,
                             std::optional<std::size_t> index = std::nullopt) {
    json.begin_object();
    if (artifact.standard_input) {
      json.key("description").begin_object().key("text").string("standard input").end_object();
    } else {
      json.key("uri").string(artifact.uri);
      if (artifact.relative) json.key("uriBaseId").string("WORKDIR");
    }
    if (index) json.key("index").number(*index);
    json.end_object();
  }

  // The index in the run's artifacts of the file named `file`.
  std::size_t artifact_index(const std::string& file) {
    std::size_t seen = 0;
    while (seen < names_.size() && names_[seen].first != file) ++seen;
    if (seen == names_.size()) {
      Artifact artifact;
      if (file == "-") {
        artifact.standard_input = true;
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
        artifact.relative = !relative.empty() && !workdir_.empty();
        artifact.uri =
            artifact.relative
                ? percent_encode_path(relative)
                : "file://" + percent_encode_path(
                                  std::filesystem::absolute(path).lexically_normal().string());
      }
      // Two names of one file ("./a.pgn", "a.pgn") are one artifact.
      std::size_t index = 0;
      while (index < artifacts_.size() && !(artifacts_[index] == artifact)) ++index;
      if (index == artifacts_.size()) artifacts_.push_back(std::move(artifact));
      names_.emplace_back(file, index);
    }
    return names_[seen].second;
  }

  std::FILE* out_;
  JsonToFile file_;
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
      return std::make_unique<JsonDocumentWriter>(out);
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
