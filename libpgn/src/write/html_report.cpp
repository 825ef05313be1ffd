// The HTML report (`pgn validate --format html`): one self-contained page, no network, that a
// person opens in a browser: the summary with counts per code, a table of every problem that
// sorts by any column, and a board diagram (inline SVG) of the position of each illegal move
// and wrong result, with the move's squares marked.
//
// The page is written as the run goes, in constant memory: problem rows are streamed, the
// summary (known only at the end) is written last and shown first by the style sheet, listed
// games are spooled to a temporary file, and at most kDiagramLimit diagrams are kept.
#include "write/html_report.hpp"

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/position.hpp"

namespace pgn {
namespace {

// Beyond this many diagrams a page gets slow to open; the rest are counted.
constexpr std::size_t kDiagramLimit = 100;

constexpr std::string_view kHead = R"(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>pgn validate report</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
.report { display: flex; flex-direction: column; gap: 1.5em; }
#summary { order: -1; }
h1 { font-size: 1.4em; margin: 0 0 .4em; }
h2 { font-size: 1.15em; margin: 0 0 .4em; }
table { border-collapse: collapse; }
th, td { border: 1px solid #ccc; padding: .2em .5em; text-align: left; vertical-align: top; }
th { background: #eee; }
#problem-table th, #game-table th { cursor: pointer; user-select: none; }
th[aria-sort=ascending]::after { content: " \25B2"; }
th[aria-sort=descending]::after { content: " \25BC"; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.move, td.fen { font-family: ui-monospace, monospace; white-space: pre-wrap; }
tr.error td.severity { color: #b00020; font-weight: bold; }
tr.warning td.severity { color: #9a6700; font-weight: bold; }
.diagrams { display: flex; flex-wrap: wrap; gap: 1.5em; }
figure { margin: 0; max-width: 380px; }
figcaption { font-size: .9em; }
figcaption code { word-break: break-all; }
svg text.piece { font-family: "DejaVu Sans", "Noto Sans Symbols2", "Segoe UI Symbol", serif; }
</style>
</head>
<body>
<main class="report">
)";

// Sorts a table by the column whose header is clicked (again: the other way), numbers as
// numbers. `#sort=COLUMN` or `#sort=COLUMN-desc` in the address sorts the problem table when
// the page opens, so a sorted view can be shared as a link.
constexpr std::string_view kScript = R"(<script>
(function () {
  function key(cell, numeric) {
    var t = cell ? cell.textContent : "";
    if (!numeric) return t.toLowerCase();
    var n = parseFloat(t);
    return isNaN(n) ? -1 : n;
  }
  function sortBy(table, th, descending) {
    var column = Array.prototype.indexOf.call(th.parentNode.children, th);
    var numeric = th.dataset.type === "number";
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var keyed = rows.map(function (row, i) { return [key(row.cells[column], numeric), i, row]; });
    keyed.sort(function (a, b) {
      if (a[0] < b[0]) return descending ? 1 : -1;
      if (a[0] > b[0]) return descending ? -1 : 1;
      return a[1] - b[1];
    });
    var fragment = document.createDocumentFragment();
    keyed.forEach(function (k) { fragment.appendChild(k[2]); });
    body.appendChild(fragment);
    Array.prototype.forEach.call(th.parentNode.children, function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", descending ? "descending" : "ascending");
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    table.tHead.rows[0].querySelectorAll("th").forEach(function (th) {
      th.addEventListener("click", function () {
        sortBy(table, th, th.getAttribute("aria-sort") === "ascending");
      });
    });
  });
  var wanted = /^#sort=([a-z]+)(-desc)?$/.exec(location.hash);
  var table = document.getElementById("problem-table");
  if (wanted && table) {
    var th = table.querySelector('th[data-key="' + wanted[1] + '"]');
    if (th) sortBy(table, th, !!wanted[2]);
  }
})();
</script>
)";

// Text from the input is first made harmless as in the terminal formats (control characters
// and bytes that are not UTF-8 become visible escapes), then escaped for HTML.
void append_html_text(std::string& out, std::string_view text) {
  for (char c : terminal_text(text)) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
}

std::string html_text(std::string_view text) {
  std::string out;
  append_html_text(out, text);
  return out;
}

void write_text(std::FILE* out, const std::string& s) {
  std::fwrite(s.data(), 1, s.size(), out);
}

bool is_square_at(std::string_view text, std::size_t i) {
  return i + 1 < text.size() && text[i] >= 'a' && text[i] <= 'h' && text[i + 1] >= '1' &&
         text[i + 1] <= '8';
}

Square square_at(std::string_view text, std::size_t i) {
  return Square((text[i + 1] - '1') * 8 + (text[i] - 'a'));
}

// The squares a move names: its destination (the last square written) and, when it names
// two (a long-algebraic or fully disambiguated move), where it comes from. Castling and
// moves written without squares name none.
struct MarkedSquares {
  int from = -1;
  int to = -1;
};

MarkedSquares squares_named(std::string_view move) {
  MarkedSquares marked;
  for (std::size_t i = 0; i + 1 < move.size(); ++i) {
    if (!is_square_at(move, i)) continue;
    marked.from = marked.to;
    marked.to = square_at(move, i);
    ++i;
  }
  return marked;
}

// The position of a FEN written by the validator, whatever its variant: the variants are
// tried in turn (material unchecked), and the first that reads it draws it.
bool read_position(const std::string& fen, Position& out) {
  for (int v = 0; v < kVariantCount; ++v) {
    for (bool chess960 : {false, true}) {
      FenResult read = Position::from_fen(fen, Variant(v), chess960, FenMaterial::Any);
      if (read.ok()) {
        out = read.position;
        return true;
      }
    }
  }
  return false;
}

// Filled glyphs for both colours (white ones drawn white with a dark outline); U+FE0E asks
// for the text form, not an emoji.
const char* piece_glyph(PieceType t) {
  switch (t) {
    case King:
      return "\u265A";
    case Queen:
      return "\u265B";
    case Rook:
      return "\u265C";
    case Bishop:
      return "\u265D";
    case Knight:
      return "\u265E";
    default:
      return "\u265F\uFE0E";
  }
}

const char* piece_name(Piece p) {
  static const char* const kNames[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
  return kNames[type_of(p)];
}

std::string pocket_text(const Position& pos, Color c) {
  static const char kLetters[] = " PNBRQK";
  std::string s;
  for (int t = Queen; t >= Pawn; --t) {
    for (int i = 0; i < pos.pocket_count(c, PieceType(t)); ++i) s += kLetters[t];
  }
  return s;
}

// An 8x8 board seen from white, 44 px squares, files and ranks named, the marked squares
// tinted (the destination red for an illegal move, yellow otherwise).
std::string board_svg(const Position& pos, const std::string& fen, MarkedSquares marked,
                      bool illegal) {
  constexpr int kSquare = 44;
  constexpr int kMargin = 18;
  const int size = 8 * kSquare + kMargin;
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"" +
                  std::to_string(size) + "\" height=\"" + std::to_string(size) +
                  "\" viewBox=\"0 0 " + std::to_string(size) + ' ' + std::to_string(size) +
                  "\"><title>" + html_text(fen) + "</title>";
  for (int rank = 7; rank >= 0; --rank) {
    for (int file = 0; file < 8; ++file) {
      const int square = rank * 8 + file;
      const int x = kMargin + file * kSquare;
      const int y = (7 - rank) * kSquare;
      const bool light = (rank + file) % 2 == 1;
      s += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
           std::to_string(kSquare) + "\" height=\"" + std::to_string(kSquare) + "\" fill=\"" +
           (light ? "#f0d9b5" : "#b58863") + "\"/>";
      if (square == marked.to || square == marked.from) {
        const char* tint = square == marked.to && illegal ? "#e0302a" : "#f6e33a";
        s += "<rect class=\"marked\" data-square=\"" + std::string(1, char('a' + file)) +
             char('1' + rank) + "\" x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) +
             "\" width=\"" + std::to_string(kSquare) + "\" height=\"" + std::to_string(kSquare) +
             "\" fill=\"" + tint + "\" fill-opacity=\"0.55\"/>";
      }
      const Piece p = pos.piece_on(Square(square));
      if (p == NoPiece) continue;
      const bool white = color_of(p) == White;
      s += "<text class=\"piece\" x=\"" + std::to_string(x + kSquare / 2) + "\" y=\"" +
           std::to_string(y + kSquare - 9) + "\" font-size=\"36\" text-anchor=\"middle\" fill=\"" +
           (white ? "#fff" : "#000") + "\" stroke=\"#000\" stroke-width=\"" +
           (white ? "1.2" : "0.4") + "\"><title>" + (white ? "white " : "black ") + piece_name(p) +
           "</title>" + piece_glyph(type_of(p)) + "</text>";
    }
  }
  for (int i = 0; i < 8; ++i) {
    s += "<text x=\"" + std::to_string(kMargin + i * kSquare + kSquare / 2) + "\" y=\"" +
         std::to_string(8 * kSquare + 14) + "\" font-size=\"12\" text-anchor=\"middle\">" +
         char('a' + i) + "</text>";
    s += "<text x=\"6\" y=\"" + std::to_string((7 - i) * kSquare + kSquare / 2 + 4) +
         "\" font-size=\"12\" text-anchor=\"middle\">" + char('1' + i) + "</text>";
  }
  return s + "</svg>";
}

void append_cell(std::string& s, const char* cls, std::string_view text) {
  s += "<td";
  if (cls) {
    s += " class=\"";
    s += cls;
    s += '"';
  }
  s += '>';
  append_html_text(s, text);
  s += "</td>";
}

std::string number_or_empty(std::uint64_t n) {
  return n ? std::to_string(n) : std::string();
}

class HtmlWriter final : public ReportWriter {
 public:
  explicit HtmlWriter(std::FILE* out) : out_(out) {
    write_text(out_, std::string(kHead));
    write_text(out_,
               "<section id=\"problems\">\n<h2>Problems</h2>\n"
               "<table id=\"problem-table\" class=\"sortable\">\n<thead><tr>"
               "<th data-key=\"severity\">Severity</th><th data-key=\"code\">Code</th>"
               "<th data-key=\"file\">File</th>"
               "<th data-key=\"line\" data-type=\"number\">Line</th>"
               "<th data-key=\"column\" data-type=\"number\">Column</th>"
               "<th data-key=\"game\" data-type=\"number\">Game</th>"
               "<th data-key=\"ply\" data-type=\"number\">Ply</th>"
               "<th data-key=\"variation\">Variation</th><th data-key=\"message\">Message</th>"
               "<th data-key=\"written\">Written</th><th data-key=\"san\">SAN</th>"
               "<th data-key=\"diagram\">Diagram</th></tr></thead>\n<tbody>\n");
  }
  ~HtmlWriter() override {
    if (games_) std::fclose(games_);
  }

  void problem(const std::string& file, const Diagnostic& d) override {
    ++problems_;
    const bool error = d.severity == Severity::Error;
    std::string s = error ? "<tr class=\"error\">" : "<tr class=\"warning\">";
    append_cell(s, "severity", severity_name(d.severity));
    append_cell(s, "code", code_info(d.code).name);
    append_cell(s, "file", file);
    append_cell(s, "num", number_or_empty(d.line));
    append_cell(s, "num", number_or_empty(d.column));
    append_cell(s, "num", number_or_empty(d.game));
    append_cell(s, "num", number_or_empty(d.ply));
    append_cell(s, "move", d.variation);
    append_cell(s, "message", d.message);
    append_cell(s, "move", d.written);
    append_cell(s, "move", d.san);
    s += "<td class=\"diagram\">";
    if (wants_diagram(d)) {
      if (diagrams_.size() < kDiagramLimit) {
        std::string figure = diagram(file, d, diagrams_.size() + 1);
        if (!figure.empty()) {
          diagrams_.push_back(std::move(figure));
          s += "<a href=\"#diagram-" + std::to_string(diagrams_.size()) + "\">board " +
               std::to_string(diagrams_.size()) + "</a>";
        }
      } else {
        ++diagrams_left_out_;
      }
    }
    s += "</td></tr>\n";
    write_text(out_, s);
  }

  void game(const std::string& file, std::uint64_t index, const std::string& notation,
            const std::string& variant, std::uint32_t plies, std::optional<GameResult> result,
            std::uint32_t errors, std::uint32_t warnings) override {
    if (!games_ && !(games_ = std::tmpfile())) return;
    std::string s = "<tr>";
    append_cell(s, "file", file);
    append_cell(s, "num", std::to_string(index));
    append_cell(s, nullptr, variant.empty() ? "Standard" : variant);
    append_cell(s, nullptr, notation);
    append_cell(s, "num", std::to_string(plies));
    append_cell(s, "move", result ? result_text(*result) : "none");
    append_cell(s, "num", std::to_string(errors));
    append_cell(s, "num", std::to_string(warnings));
    s += "</tr>\n";
    write_text(games_, s);
  }

  void finish(const RunSummary& summary) override {
    write_text(out_, "</tbody>\n</table>\n" +
                         std::string(problems_ ? "" : "<p>No problems reported.</p>\n") +
                         "</section>\n");
    write_diagrams();
    write_games();
    write_summary(summary);
    write_text(out_, "</main>\n" + std::string(kScript) + "</body>\n</html>\n");
    std::fflush(out_);
  }

 private:
  static bool wants_diagram(const Diagnostic& d) {
    return !d.fen.empty() && (d.code == Code::IllegalMove || d.code == Code::WrongResult);
  }

  static std::string diagram(const std::string& file, const Diagnostic& d, std::size_t number) {
    Position pos;
    if (!read_position(d.fen, pos)) return {};
    // The position before an illegal move, with the squares it names; a wrong result's
    // final position as it stands.
    const bool illegal = d.code == Code::IllegalMove;
    const MarkedSquares marked =
        illegal ? squares_named(d.san.empty() ? d.written : d.san) : MarkedSquares{};
    std::string s = "<figure id=\"diagram-" + std::to_string(number) + "\">" +
                    board_svg(pos, d.fen, marked, illegal) + "<figcaption><strong>";
    append_html_text(s, file);
    s += ':' + std::to_string(d.line) + ':' + std::to_string(d.column) + "</strong> game " +
         std::to_string(d.game);
    if (d.ply) s += ", ply " + std::to_string(d.ply);
    s += "<br>";
    append_html_text(s, d.message);
    if (!d.written.empty()) {
      s += "<br>written <code>";
      append_html_text(s, d.written);
      s += "</code>";
      if (!d.san.empty()) {
        s += ", SAN <code>";
        append_html_text(s, d.san);
        s += "</code>";
      }
    }
    s += std::string("<br>") + (pos.side_to_move() == White ? "white" : "black") + " to move";
    for (Color c : {White, Black}) {
      const std::string pocket = pocket_text(pos, c);
      if (!pocket.empty())
        s += std::string(", ") + (c == White ? "white" : "black") + " holds " + pocket;
    }
    s += "<br><code>";
    append_html_text(s, d.fen);
    return s + "</code></figcaption></figure>\n";
  }

  void write_diagrams() {
    if (diagrams_.empty() && !diagrams_left_out_) return;
    std::string s = "<section id=\"diagrams\">\n<h2>Positions</h2>\n<div class=\"diagrams\">\n";
    for (const auto& figure : diagrams_) s += figure;
    s += "</div>\n";
    if (diagrams_left_out_)
      s += "<p id=\"diagrams-left-out\">" + std::to_string(diagrams_left_out_) + " more position" +
           (diagrams_left_out_ == 1 ? "" : "s") + " not drawn (the first " +
           std::to_string(kDiagramLimit) + " are).</p>\n";
    write_text(out_, s + "</section>\n");
  }

  void write_games() {
    if (!games_) return;
    write_text(out_,
               "<section id=\"games\">\n<h2>Games</h2>\n"
               "<table id=\"game-table\" class=\"sortable\">\n<thead><tr>"
               "<th>File</th><th data-type=\"number\">Game</th><th>Variant</th><th>Notation</th>"
               "<th data-type=\"number\">Plies</th><th>Result</th>"
               "<th data-type=\"number\">Errors</th><th data-type=\"number\">Warnings</th>"
               "</tr></thead>\n<tbody>\n");
    std::rewind(games_);
    char buffer[1 << 16];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, games_)) > 0) std::fwrite(buffer, 1, n, out_);
    write_text(out_, "</tbody>\n</table>\n</section>\n");
  }

  void write_summary(const RunSummary& r) {
    std::string s = "<section id=\"summary\">\n<h1>pgn validate report</h1>\n<p id=\"headline\">";
    append_html_text(s, summary_headline(r));
    s += "</p>\n<p id=\"problem-totals\">" + std::to_string(r.errors) + " error" +
         (r.errors == 1 ? "" : "s") + ", " + std::to_string(r.warnings) + " warning" +
         (r.warnings == 1 ? "" : "s");
    if (r.files_failed)
      s += "; " + std::to_string(r.files_failed) + " file" + (r.files_failed == 1 ? "" : "s") +
           " could not be read completely";
    s += "</p>\n";
    if (r.errors + r.warnings) {
      s += "<table id=\"code-counts\">\n<thead><tr><th>Code</th><th>Default "
           "severity</th><th>Count</th>"
           "<th>Meaning</th></tr></thead>\n<tbody>\n";
      for (const auto& info : all_codes()) {
        const std::uint64_t count = r.by_code[int(info.code)];
        if (!count) continue;
        s += "<tr>";
        append_cell(s, "code", info.name);
        append_cell(s, nullptr, severity_name(info.default_severity));
        append_cell(s, "num", std::to_string(count));
        append_cell(s, nullptr, info.summary);
        s += "</tr>\n";
      }
      s += "</tbody>\n</table>\n";
    }
    write_text(out_, s + "</section>\n");
  }

  std::FILE* out_;
  std::FILE* games_ = nullptr;  // listed games, spooled until the problem table is closed
  std::uint64_t problems_ = 0;
  std::vector<std::string> diagrams_;
  std::uint64_t diagrams_left_out_ = 0;
};

}  // namespace

std::unique_ptr<ReportWriter> make_html_report_writer(std::FILE* out) {
  return std::make_unique<HtmlWriter>(out);
}

}  // namespace pgn
