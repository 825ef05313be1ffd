// Writing a replayed bughouse match: normalized BPGN, JSON, and one board as a PGN game.
#include "libpgn/bughouse_writers.hpp"

#include <cstdio>
#include <initializer_list>
#include <string>
#include <string_view>

#include "libpgn/json_writer.hpp"
#include "libpgn/report.hpp"
#include "libpgn/writers.hpp"

namespace pgn {
namespace {

constexpr const char* kPlayers[4] = {"WhiteA", "BlackA", "WhiteB", "BlackB"};
// The tags written first, in this order; the others follow in input order.
constexpr const char* kTagOrder[] = {"Event",  "Site",   "Date",   "Round",  "WhiteA",
                                     "BlackA", "WhiteB", "BlackB", "Result", "Variant"};

bool is_ordered_tag(std::string_view name) {
  for (const char* t : kTagOrder)
    if (name == t) return true;
  return false;
}

// Seconds with at most three decimals and no trailing zeros: 179, 118.979, -0.5.
std::string seconds_text(double seconds) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3f", seconds);
  std::string s = buffer;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

// A clock as [%clk] writes it: 0:02:59.547 (a negative one as 0:00:00).
std::string clock_text(double seconds) {
  if (seconds < 0) seconds = 0;
  const long whole = long(seconds);
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%ld:%02ld:%02ld", whole / 3600, whole / 60 % 60,
                whole % 60);
  std::string s = buffer;
  const std::string fraction = seconds_text(seconds - double(whole));
  if (fraction != "0") s += fraction.substr(1);
  return s;
}

std::string variant_tag(const BughouseMatch& match) {
  return match.chess960 ? "Bughouse Chess960" : "Bughouse";
}

// The match's result as written: "*" when none is given.
std::string_view result_of(const BughouseMatch& match) {
  return result_text(match.result.value_or(GameResult::Unknown));
}

void append_tag(std::string_view name, std::string_view value, std::string& out) {
  out += '[';
  out += name;
  out += " \"";
  append_tag_value(value, out);
  out += "\"]\n";
}

// A comment token, "{" the parts "}", appended piece by piece: GCC 12 takes
// `"{" + std::string` for overlapping copies (-Wrestrict).
std::string comment_token(std::initializer_list<std::string_view> parts) {
  std::string token = "{";
  for (std::string_view part : parts) token += part;
  token += '}';
  return token;
}

// Appends `token` to movetext lines of at most 79 characters.
void append_token(std::string_view token, std::size_t& line, std::string& out) {
  if (line > 0 && line + 1 + token.size() > 79) {
    out += '\n';
    line = 0;
  } else if (line > 0) {
    out += ' ';
    ++line;
  }
  out += token;
  line += token.size();
}

std::string move_number(const BughouseMove& m) {
  const char letter = char((m.board ? 'B' : 'A') + (m.side == Black ? 32 : 0));
  return std::to_string(m.number) + letter + '.';
}

}  // namespace

void append_bpgn(const BughouseMatch& match, std::string& out) {
  const std::string_view result = result_of(match);
  for (const char* name : kTagOrder) {
    std::string_view value = match.tag(name);
    if (std::string_view(name) == "Result") value = result;
    if (std::string_view(name) == "Variant") {
      append_tag(name, variant_tag(match), out);
      continue;
    }
    const bool date = std::string_view(name) == "Date";
    append_tag(name, !value.empty() ? value : date ? "????.??.??" : "?", out);
  }
  for (const auto& [name, value] : match.tags)
    if (!is_ordered_tag(name)) append_tag(name, value, out);
  out += '\n';
  std::size_t line = 0;
  for (const BughouseMove& m : match.moves) {
    append_token(move_number(m), line, out);
    append_token(m.san, line, out);
    if (m.clock) append_token(comment_token({seconds_text(*m.clock)}), line, out);
    if (m.elapsed) append_token(comment_token({"[ts=", seconds_text(*m.elapsed), "]"}), line, out);
    for (const std::string& c : m.comments) append_token(comment_token({c}), line, out);
  }
  append_token(result_of(match), line, out);
  out += "\n\n";
}

void append_bughouse_json(const BughouseMatch& match, std::string& out, bool pockets) {
  JsonWriter json(out);
  json.begin_object().key("variant").string("bughouse").key("tags").begin_object();
  for (const auto& [name, value] : match.tags) json.key(name).string(value);
  json.end_object().key("players").begin_object();
  for (const char* player : kPlayers) json.key(player).string(match.tag(player));
  // Partners sit crosswise: the team of WhiteA and BlackB scores 1-0.
  json.end_object().key("teams").begin_array();
  json.begin_array().string("WhiteA").string("BlackB").end_array();
  json.begin_array().string("BlackA").string("WhiteB").end_array();
  json.end_array().key("result").string(result_of(match)).key("result_reading");
  if (match.reading == MatchResultReading::None)
    json.null();
  else
    json.string(match.reading == MatchResultReading::Team ? "team" : "board-colour");
  json.key("deciding_board");
  if (match.deciding_board < 0)
    json.null();
  else
    json.string(match.deciding_board == 0 ? "A" : "B");
  json.key("end");
  if (match.end.empty())
    json.null();
  else
    json.string(match.end);
  json.key("start").string(match.start[0].fen() + " | " + match.start[1].fen());
  json.key("moves").begin_array();
  for (const BughouseMove& m : match.moves) {
    json.begin_object().key("board").string(m.board ? "B" : "A");
    json.key("side").string(m.side == White ? "white" : "black");
    json.key("number").number(m.number).key("san").string(m.san).key("uci").string(m.uci);
    // Seconds as the BPGN clocks are written (179, 118.979), not as the shortest double.
    if (m.clock) json.key("clock").raw(seconds_text(*m.clock));
    if (m.elapsed) json.key("elapsed").raw(seconds_text(*m.elapsed));
    if (!m.comments.empty()) {
      json.key("comments").begin_array();
      for (const std::string& c : m.comments) json.string(c);
      json.end_array();
    }
    if (pockets) {
      json.key("pockets").begin_object().key("A").string(m.pockets[0]);
      json.key("B").string(m.pockets[1]).end_object().key("fen").string(m.fen);
    }
    json.end_object();
  }
  json.end_array().key("fen").string(match.fen()).end_object();
}

void append_bughouse_board_pgn(const BughouseMatch& match, int board, std::string& out) {
  const char letter = board == 0 ? 'A' : 'B';
  const std::string white = "White" + std::string(1, letter);
  const std::string black = "Black" + std::string(1, letter);
  // The board's own result: a decisive match decided on this board, read by the team meaning.
  GameResult result = GameResult::Unknown;
  const GameResult match_result = match.result.value_or(GameResult::Unknown);
  if (match.deciding_board == board &&
      (match_result == GameResult::WhiteWins || match_result == GameResult::BlackWins)) {
    const bool team1_won = match_result == GameResult::WhiteWins;
    // Team 1 plays White on board A and Black on board B.
    result = (team1_won == (board == 0)) ? GameResult::WhiteWins : GameResult::BlackWins;
  } else if (match_result == GameResult::Draw) {
    result = GameResult::Draw;
  }
  append_tag("Event", match.tag("Event").empty() ? "?" : match.tag("Event"), out);
  append_tag("Site", match.tag("Site").empty() ? "?" : match.tag("Site"), out);
  append_tag("Date", match.tag("Date").empty() ? "????.??.??" : match.tag("Date"), out);
  append_tag("Round", match.tag("Round").empty() ? "?" : match.tag("Round"), out);
  append_tag("White", match.tag(white).empty() ? "?" : match.tag(white), out);
  append_tag("Black", match.tag(black).empty() ? "?" : match.tag(black), out);
  append_tag("Result", result_text(result), out);
  append_tag("Variant", variant_tag(match), out);
  append_tag("Board", std::string(1, letter), out);
  if (!match.tag("FEN").empty()) {
    append_tag("SetUp", "1", out);
    append_tag("FEN", match.start[board].fen(), out);
  }
  out += '\n';
  std::size_t line = 0;
  bool need_number = true;
  for (const BughouseMove& m : match.moves) {
    if (m.board != board) continue;
    if (m.side == White)
      append_token(std::to_string(m.number) + ".", line, out);
    else if (need_number)
      append_token(std::to_string(m.number) + "...", line, out);
    append_token(m.san, line, out);
    // The pockets change between a board's moves: the partner's captures fill them.
    if (m.clock) append_token(comment_token({"[%clk ", clock_text(*m.clock), "]"}), line, out);
    need_number = m.side == Black;
  }
  append_token(result_text(result), line, out);
  out += "\n\n";
}

}  // namespace pgn
