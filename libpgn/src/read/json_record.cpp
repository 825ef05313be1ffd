// One JSON game record to PGN text (see read/json_record.hpp).
#include "read/json_record.hpp"

#include <array>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <string>
#include <string_view>

#include "libpgn/types.hpp"
#include "libpgn/variant.hpp"
#include "text/tag_value.hpp"

namespace pgn {
namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

// A name the PGN reader reads back as it is: any bytes but blanks, line ends, '"' and ']'
// (so "BlackType:" of `[BlackType: "program"]` is kept).
bool writable_tag_name(std::string_view name) {
  if (name.empty()) return false;
  for (unsigned char c : name)
    if (c <= ' ' || c == '"' || c == ']' || c == 0x7F) return false;
  return true;
}

void append_tag(std::string& out, std::string_view name, std::string_view value) {
  out += '[';
  out += name;
  out += " \"";
  detail::append_tag_value_to(value, out);
  out += "\"]\n";
}

// A brace comment; '}' cannot stand inside one and is left out.
void append_comment(std::string& out, std::string_view text) {
  out += " {";
  for (char c : text)
    if (c != '}') out += c;
  out += '}';
}

// A JSON value as tag text: strings as they are, anything else as its JSON.
std::string value_text(element value) {
  std::string_view s;
  if (!value.get_string().get(s)) return std::string(s);
  return simdjson::to_string(value);
}

std::string_view string_field(object obj, std::string_view key) {
  std::string_view s;
  if (obj[key].get_string().get(s)) return {};
  return s;
}

// Move numbers for generated movetext, from the start position's FEN (side, full move).
struct MoveCounter {
  std::uint64_t fullmove = 1;
  bool black = false;

  void from_fen(std::string_view fen) {
    // Fields: board side castling ep halfmove fullmove.
    std::array<std::string_view, 6> fields{};
    std::size_t count = 0;
    std::size_t i = 0;
    while (i < fen.size() && count < fields.size()) {
      while (i < fen.size() && fen[i] == ' ') ++i;
      std::size_t begin = i;
      while (i < fen.size() && fen[i] != ' ') ++i;
      if (i > begin) fields[count++] = fen.substr(begin, i - begin);
    }
    black = count > 1 && fields[1] == "b";
    fullmove = 1;
    if (count > 5) {
      std::uint64_t n = 0;
      bool ok = !fields[5].empty() && fields[5].size() < 10;
      for (char c : fields[5]) {
        if (c < '0' || c > '9') ok = false;
        n = n * 10 + std::uint64_t(c - '0');
      }
      if (ok && n > 0) fullmove = n;
    }
  }
  // The number for the move at `ply` (0 = the first move from the start position).
  void append(std::string& out, std::uint64_t ply) const {
    const std::uint64_t half = ply + (black ? 1 : 0);
    out += ' ';
    out += std::to_string(fullmove + half / 2);
    out += half % 2 ? "..." : ".";
  }
};

constexpr std::string_view kStandardStart =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

class RecordConverter {
 public:
  // `origin` (optional) receives where each field's PGN starts in `out`.
  RecordConverter(std::string& out, std::string& error, RecordOrigin* origin = nullptr)
      : out_(out), error_(error), origin_(origin), base_(out.size()) {}

  bool convert(element record) {
    object obj;
    if (record.get_object().get(obj)) return fail("a game record must be a JSON object");
    element pgn_value;
    if (!obj["pgn"].get(pgn_value)) {
      std::string_view pgn;
      if (pgn_value.get_string().get(pgn)) return fail("\"pgn\" must be a string");
      std::size_t end = pgn.size();
      while (end > 0 && is_json_space(pgn[end - 1])) --end;
      if (end == 0) return fail("\"pgn\" holds no game");
      if (origin_) origin_->pgn_field = true;
      out_.append(pgn.substr(0, end));
      out_ += "\n\n";
      return true;
    }
    element moves;
    if (obj["moves"].get(moves)) {
      // Tags and no moves: a game all the same (PGN has them too).
      object tags;
      if (!obj["tags"].get_object().get(tags)) return own(obj, nullptr);
      return fail("the record has neither a \"pgn\" string nor \"moves\" nor \"tags\"");
    }
    if (moves.is_string()) return lichess(obj, moves.get_string().value_unsafe());
    array list;
    if (moves.get_array().get(list)) return fail("\"moves\" must be a string or an array");
    return own(obj, &list);
  }

 private:
  bool fail(std::string message) {
    error_ = std::move(message);
    return false;
  }

  // The PGN written from here on comes from `field`.
  void mark(std::string field) {
    if (origin_) origin_->fields.emplace_back(std::uint32_t(out_.size() - base_), std::move(field));
  }

  // ---- what pgn convert --to json writes --------------------------------------------------

  // `moves` is null for a record of tags alone.
  bool own(object obj, const array* moves) {
    bool has_fen_tag = false;
    std::string variant_tag;
    object tags;
    if (!obj["tags"].get_object().get(tags)) {
      for (auto field : tags) {
        if (origin_) mark("tags." + std::string(field.key));
        if (!writable_tag_name(field.key)) {
          if (origin_) origin_->lost.push_back("tag \"" + std::string(field.key) + "\"");
          continue;
        }
        if (field.key == "FEN") has_fen_tag = true;
        if (field.key == "Variant") variant_tag = value_text(field.value);
        append_tag(out_, field.key, value_text(field.value));
      }
    }
    std::string_view start_fen = string_field(obj, "start_fen");
    // A variant's own start position (crazyhouse's empty pockets, horde) needs no FEN tag.
    const VariantName variant = parse_variant_name(variant_tag);
    const std::string_view variant_start =
        variant.known ? variant_start_fen(variant.variant) : kStandardStart;
    if (!start_fen.empty() && !has_fen_tag && start_fen != kStandardStart &&
        start_fen != variant_start) {
      mark("start_fen");
      append_tag(out_, "SetUp", "1");
      append_tag(out_, "FEN", start_fen);
    }
    counter_.from_fen(start_fen.empty() ? kStandardStart : start_fen);
    out_ += '\n';
    array comments;
    if (!obj["comments"].get_array().get(comments)) {
      mark("comments");
      append_comments(comments);
    }
    std::string path = "moves";
    if (moves && !line(*moves, 0, path)) return false;
    // No result: the game had no termination marker.
    std::string_view result = string_field(obj, "result");
    if (!result.empty()) {
      mark("result");
      GameResult known;
      if (!standard_result(result, known)) result = result_text(GameResult::Unknown);
      out_ += ' ';
      out_ += result;
    }
    out_ += "\n\n";
    return true;
  }

  void append_comments(array comments) {
    for (element c : comments) {
      std::string_view text;
      if (!c.get_string().get(text)) append_comment(out_, text);
    }
  }
  void append_comment_field(object move, std::string_view key) {
    array comments;
    if (!move[key].get_array().get(comments)) append_comments(comments);
  }

  // One line of play; `path` names it ("moves", "moves[3].variations[0]"). simdjson bounds
  // the nesting depth, so the recursion is bounded too.
  bool line(array moves, std::uint64_t ply, std::string& path) {
    std::size_t index = 0;
    for (element m : moves) {
      const std::size_t path_size = path.size();
      if (origin_) {
        path += '[' + std::to_string(index) + ']';
        mark(path);
      }
      ++index;
      std::string_view text;
      object move;
      const bool is_object = !m.get_object().get(move);
      if (is_object) {
        append_comment_field(move, "comments_before");
        if (move["san"].get_string().get(text) && move["uci"].get_string().get(text))
          return fail("a move needs a \"san\" or \"uci\" string");
      } else if (m.get_string().get(text)) {
        return fail("a move must be a string or an object");
      }
      if (text.empty() || text.find_first_of(" \t\r\n{}()[];") != std::string_view::npos)
        return fail("\"" + std::string(text) + "\" is not a move");
      counter_.append(out_, ply);
      out_ += ' ';
      out_ += text;
      if (is_object) {
        array nags;
        if (!move["nags"].get_array().get(nags))
          for (element n : nags) {
            std::uint64_t value;
            if (!n.get_uint64().get(value) && value <= 255) out_ += " $" + std::to_string(value);
          }
        append_comment_field(move, "comments");
        array variations;
        if (!move["variations"].get_array().get(variations)) {
          std::size_t number = 0;
          for (element v : variations) {
            array variation;
            if (v.get_array().get(variation)) return fail("a variation must be an array of moves");
            const std::size_t move_path = path.size();
            if (origin_) path += ".variations[" + std::to_string(number) + ']';
            ++number;
            if (variation.size() != 0) {
              out_ += " (";
              if (!line(variation, ply, path)) return false;
              out_ += " )";
            }
            path.resize(move_path);
            if (origin_) mark(path);
          }
        }
        append_comment_field(move, "comments_after");
      }
      path.resize(path_size);
      ++ply;
    }
    return true;
  }

  // ---- lichess game exports ------------------------------------------------------------

  bool lichess(object obj, std::string_view moves) {
    mark("");  // the tags are made from several fields
    bool rated = false;
    if (obj["rated"].get_bool().get(rated)) rated = false;
    std::string_view speed = string_field(obj, "speed");
    std::string event = rated ? "Rated " : "Casual ";
    if (!speed.empty()) {
      event += char(speed[0] >= 'a' && speed[0] <= 'z' ? speed[0] - 'a' + 'A' : speed[0]);
      event.append(speed.substr(1));
      event += ' ';
    }
    event += "game";
    append_tag(out_, "Event", event);
    std::string_view id = string_field(obj, "id");
    append_tag(out_, "Site", id.empty() ? "?" : "https://lichess.org/" + std::string(id));

    std::string date = "????.??.??", time;
    std::int64_t created_ms = 0;
    if (!obj["createdAt"].get_int64().get(created_ms) && created_ms >= 0) {
      std::time_t seconds = std::time_t(created_ms / 1000);
      std::tm utc{};
      if (gmtime_r(&seconds, &utc)) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%04d.%02d.%02d", utc.tm_year + 1900, utc.tm_mon + 1,
                      utc.tm_mday);
        date = buffer;
        std::snprintf(buffer, sizeof buffer, "%02d:%02d:%02d", utc.tm_hour, utc.tm_min, utc.tm_sec);
        time = buffer;
      }
    }
    append_tag(out_, "Date", date);
    append_tag(out_, "Round", "-");
    append_tag(out_, "White", player_name(obj, "white"));
    append_tag(out_, "Black", player_name(obj, "black"));
    std::string_view result = lichess_result(obj);
    append_tag(out_, "Result", result);
    if (!time.empty()) {
      append_tag(out_, "UTCDate", date);
      append_tag(out_, "UTCTime", time);
    }
    for (const char* side : {"white", "black"}) {
      const std::string prefix = side[0] == 'w' ? "White" : "Black";
      object player;
      if (obj["players"][side].get_object().get(player)) continue;
      std::int64_t number;
      if (!player["rating"].get_int64().get(number))
        append_tag(out_, prefix + "Elo", std::to_string(number));
      if (!player["ratingDiff"].get_int64().get(number))
        append_tag(out_, prefix + "RatingDiff", (number > 0 ? "+" : "") + std::to_string(number));
      std::string_view title;
      if (!player["user"]["title"].get_string().get(title))
        append_tag(out_, prefix + "Title", title);
    }
    std::string_view variant = string_field(obj, "variant");
    if (!variant.empty() && variant != "standard")
      append_tag(out_, "Variant", variant_name(variant));
    std::uint64_t initial, increment;
    if (!obj["clock"]["initial"].get_uint64().get(initial) &&
        !obj["clock"]["increment"].get_uint64().get(increment))
      append_tag(out_, "TimeControl", std::to_string(initial) + "+" + std::to_string(increment));
    else
      append_tag(out_, "TimeControl", "-");
    std::string_view text;
    if (!obj["opening"]["eco"].get_string().get(text)) append_tag(out_, "ECO", text);
    if (!obj["opening"]["name"].get_string().get(text)) append_tag(out_, "Opening", text);
    append_tag(out_, "Termination", termination(string_field(obj, "status")));
    std::string_view fen = string_field(obj, "initialFen");
    if (!fen.empty() && fen != kStandardStart) {
      append_tag(out_, "SetUp", "1");
      append_tag(out_, "FEN", fen);
    }
    counter_.from_fen(fen.empty() ? kStandardStart : fen);
    out_ += '\n';
    std::uint64_t ply = 0;
    std::size_t i = 0;
    while (i < moves.size()) {
      while (i < moves.size() && is_json_space(moves[i])) ++i;
      std::size_t begin = i;
      while (i < moves.size() && !is_json_space(moves[i])) ++i;
      if (i == begin) break;
      std::string_view move = moves.substr(begin, i - begin);
      if (move.find_first_of("{}()[];") != std::string_view::npos)
        return fail("\"" + std::string(move) + "\" is not a move");
      if (origin_) mark("moves word " + std::to_string(ply + 1));
      counter_.append(out_, ply++);
      out_ += ' ';
      out_.append(move);
    }
    mark("");
    out_ += ' ';
    out_ += result;
    out_ += "\n\n";
    return true;
  }

  static std::string player_name(object obj, const char* side) {
    object player;
    if (obj["players"][side].get_object().get(player)) return "?";
    std::string_view name;
    if (!player["user"]["name"].get_string().get(name)) return std::string(name);
    std::int64_t level;
    if (!player["aiLevel"].get_int64().get(level))
      return "lichess AI level " + std::to_string(level);
    if (!player["name"].get_string().get(name)) return std::string(name);
    return "Anonymous";
  }

  static std::string_view lichess_result(object obj) {
    std::string_view winner = string_field(obj, "winner");
    if (winner == "white") return result_text(GameResult::WhiteWins);
    if (winner == "black") return result_text(GameResult::BlackWins);
    std::string_view status = string_field(obj, "status");
    if (status.empty() || status == "created" || status == "started" || status == "aborted" ||
        status == "noStart" || status == "unknownFinish")
      return result_text(GameResult::Unknown);
    return result_text(GameResult::Draw);
  }

  static std::string_view termination(std::string_view status) {
    if (status == "outoftime") return "Time forfeit";
    if (status == "cheat") return "Rules infraction";
    if (status == "aborted" || status == "noStart") return "Abandoned";
    if (status.empty() || status == "created" || status == "started") return "Unterminated";
    return "Normal";
  }

  static std::string variant_name(std::string_view key) {
    static constexpr std::pair<std::string_view, std::string_view> kNames[] = {
        {"chess960", "Chess960"},
        {"fromPosition", "From Position"},
        {"crazyhouse", "Crazyhouse"},
        {"antichess", "Antichess"},
        {"atomic", "Atomic"},
        {"horde", "Horde"},
        {"kingOfTheHill", "King of the Hill"},
        {"racingKings", "Racing Kings"},
        {"threeCheck", "Three-check"}};
    for (const auto& [k, name] : kNames)
      if (k == key) return std::string(name);
    return std::string(key);
  }

  std::string& out_;
  std::string& error_;
  RecordOrigin* origin_;
  std::size_t base_;  // where the record's PGN starts in out_
  MoveCounter counter_;
};

}  // namespace

bool append_record_pgn(simdjson::dom::element record, std::string& out, std::string& error,
                       RecordOrigin* origin) {
  RecordConverter converter(out, error, origin);
  return converter.convert(record);
}

}  // namespace pgn
