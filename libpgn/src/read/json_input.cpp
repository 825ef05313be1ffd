// JSON records to PGN text (see libpgn/json_input.hpp). A small byte scanner cuts the input
// into records (strings and nesting understood, constant memory); simdjson parses each one.
#include "libpgn/json_input.hpp"

#include <simdjson.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "libpgn/writers.hpp"

namespace pgn {
namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

bool is_json_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool valid_tag_name(std::string_view name) {
  if (name.empty() || name.size() > 255) return false;
  for (char c : name)
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
      return false;
  return true;
}

void append_tag(std::string& out, std::string_view name, std::string_view value) {
  out += '[';
  out += name;
  out += " \"";
  append_tag_value(value, out);
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
  RecordConverter(std::string& out, std::string& error) : out_(out), error_(error) {}

  bool convert(element record) {
    object obj;
    if (record.get_object().get(obj)) return fail("a game record must be a JSON object");
    element pgn_value;
    if (!obj["pgn"].get(pgn_value)) {
      std::string_view pgn;
      if (pgn_value.get_string().get(pgn)) return fail("\"pgn\" must be a string");
      std::size_t end = pgn.size();
      while (end > 0 && is_json_space(pgn[end - 1])) --end;
      out_.append(pgn.substr(0, end));
      out_ += "\n\n";
      return true;
    }
    element moves;
    if (obj["moves"].get(moves))
      return fail("the record has neither a \"pgn\" string nor \"moves\"");
    if (moves.is_string()) return lichess(obj, moves.get_string().value_unsafe());
    array list;
    if (moves.get_array().get(list)) return fail("\"moves\" must be a string or an array");
    return own(obj, list);
  }

 private:
  bool fail(std::string message) {
    error_ = std::move(message);
    return false;
  }

  // ---- what pgn convert --to json writes --------------------------------------------------

  bool own(object obj, array moves) {
    bool has_fen_tag = false;
    object tags;
    if (!obj["tags"].get_object().get(tags)) {
      for (auto field : tags) {
        if (!valid_tag_name(field.key)) continue;
        if (field.key == "FEN") has_fen_tag = true;
        append_tag(out_, field.key, value_text(field.value));
      }
    }
    std::string_view start_fen = string_field(obj, "start_fen");
    if (!start_fen.empty() && !has_fen_tag && start_fen != kStandardStart) {
      append_tag(out_, "SetUp", "1");
      append_tag(out_, "FEN", start_fen);
    }
    counter_.from_fen(start_fen.empty() ? kStandardStart : start_fen);
    out_ += '\n';
    array comments;
    if (!obj["comments"].get_array().get(comments)) append_comments(comments);
    if (!line(moves, 0)) return false;
    // No result: the game had no termination marker.
    std::string_view result = string_field(obj, "result");
    if (!result.empty()) {
      if (result != "1-0" && result != "0-1" && result != "1/2-1/2") result = "*";
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

  // One line of play. simdjson bounds the nesting depth, so the recursion is bounded too.
  bool line(array moves, std::uint64_t ply) {
    for (element m : moves) {
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
        if (!move["variations"].get_array().get(variations))
          for (element v : variations) {
            array variation;
            if (v.get_array().get(variation)) return fail("a variation must be an array of moves");
            if (variation.size() == 0) continue;
            out_ += " (";
            if (!line(variation, ply)) return false;
            out_ += " )";
          }
        append_comment_field(move, "comments_after");
      }
      ++ply;
    }
    return true;
  }

  // ---- lichess game exports ------------------------------------------------------------

  bool lichess(object obj, std::string_view moves) {
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
      counter_.append(out_, ply++);
      out_ += ' ';
      out_.append(move);
    }
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
    if (winner == "white") return "1-0";
    if (winner == "black") return "0-1";
    std::string_view status = string_field(obj, "status");
    if (status.empty() || status == "created" || status == "started" || status == "aborted" ||
        status == "noStart" || status == "unknownFinish")
      return "*";
    return "1/2-1/2";
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
  MoveCounter counter_;
};

// Cuts the JSON text into records and hands out the PGN made from them.
class JsonPgnSource final : public InputSource {
 public:
  JsonPgnSource(std::unique_ptr<InputSource> json, const JsonInputOptions& options)
      : json_(std::move(json)), options_(options) {
    compression_ = json_->compression();
  }

  std::size_t read(char* buffer, std::size_t size) override {
    while (out_pos_ >= out_.size()) {
      out_.clear();
      out_pos_ = 0;
      if (finished_) return 0;
      // Several records per refill keep the per-call overhead small.
      while (out_.size() < (64u << 10) && !finished_)
        if (!next_record()) finished_ = true;
    }
    const std::size_t n = std::min(size, out_.size() - out_pos_);
    std::memcpy(buffer, out_.data() + out_pos_, n);
    out_pos_ += n;
    return n;
  }

 private:
  // Reads more JSON bytes; false at the end of the input (or a read fault).
  bool refill() {
    const std::size_t keep_from = in_record_ ? record_begin_ : scan_;
    if (keep_from > 0 && keep_from >= buffer_.size() / 2) {
      buffer_.erase(0, keep_from);
      dropped_ += keep_from;
      scan_ -= keep_from;
      record_begin_ -= in_record_ ? keep_from : 0;
      if (!in_record_) record_begin_ = scan_;
    }
    constexpr std::size_t kChunk = 1u << 20;
    const std::size_t old = buffer_.size();
    buffer_.resize(old + kChunk);
    const std::size_t n = json_->read(buffer_.data() + old, kChunk);
    buffer_.resize(old + n);
    raw_offset_ = json_->raw_offset();
    if (n == 0 && !json_->error().empty()) error_ = json_->error();
    return n > 0;
  }

  bool stop(std::string message) {
    if (error_.empty())
      error_ = "JSON record " + std::to_string(records_ + 1) + " (byte " +
               std::to_string(dropped_ + (in_record_ ? record_begin_ : scan_)) + "): " + message;
    return false;
  }

  // Converts the next record into out_; false at the end of the input or on an error.
  bool next_record() {
    for (;;) {
      if (scan_ >= buffer_.size()) {
        if (!refill()) {
          if (!error_.empty()) return false;
          if (in_record_) return stop("the input ends inside the record");
          return false;
        }
        continue;
      }
      const char c = buffer_[scan_];
      if (!in_record_) {
        if (is_json_space(c)) {
          ++scan_;
        } else if (dropped_ + scan_ == 0 && buffer_.compare(0, 3, "\xEF\xBB\xBF") == 0) {
          scan_ += 3;
        } else if (c == '{') {
          in_record_ = true;
          record_begin_ = scan_++;
          depth_ = 1;
        } else if (c == '[' && !in_array_) {
          in_array_ = true;
          ++scan_;
        } else if ((c == ',' || c == ']') && in_array_) {
          if (c == ']') in_array_ = false;
          ++scan_;
        } else {
          return stop(std::string("expected a JSON object, found '") + c + "'");
        }
        continue;
      }
      // Inside a record: only strings and brackets matter.
      if (in_string_) {
        if (escape_)
          escape_ = false;
        else if (c == '\\')
          escape_ = true;
        else if (c == '"')
          in_string_ = false;
      } else if (c == '"') {
        in_string_ = true;
      } else if (c == '{' || c == '[') {
        ++depth_;
      } else if (c == '}' || c == ']') {
        if (--depth_ == 0) {
          ++scan_;
          in_record_ = false;
          return convert(std::string_view(buffer_).substr(record_begin_, scan_ - record_begin_));
        }
      }
      ++scan_;
      if (scan_ - record_begin_ > options_.max_record_bytes)
        return stop("the record is larger than " + std::to_string(options_.max_record_bytes) +
                    " bytes");
    }
  }

  bool convert(std::string_view text) {
    element record;
    if (auto e = parser_.parse(text.data(), text.size(), true).get(record)) {
      record_begin_ = scan_ - text.size();
      in_record_ = true;  // for the offset in the message
      stop(std::string("not valid JSON: ") + simdjson::error_message(e));
      in_record_ = false;
      return false;
    }
    std::string message;
    RecordConverter converter(out_, message);
    const std::size_t before = out_.size();
    if (!converter.convert(record)) {
      out_.resize(before);
      record_begin_ = scan_ - text.size();
      in_record_ = true;
      stop(message);
      in_record_ = false;
      return false;
    }
    ++records_;
    return true;
  }

  std::unique_ptr<InputSource> json_;
  JsonInputOptions options_;
  simdjson::dom::parser parser_;
  std::string buffer_;            // JSON bytes not yet converted
  std::uint64_t dropped_ = 0;     // bytes removed from the front of buffer_
  std::size_t scan_ = 0;          // next byte to look at
  std::size_t record_begin_ = 0;  // where the record being scanned starts
  std::uint32_t depth_ = 0;
  bool in_record_ = false, in_string_ = false, escape_ = false, in_array_ = false;
  bool finished_ = false;
  std::uint64_t records_ = 0;
  std::string out_;  // PGN text waiting to be read
  std::size_t out_pos_ = 0;
};

// Serves bytes already read (while sniffing) before the rest of the source.
class PrefixedSource final : public InputSource {
 public:
  PrefixedSource(std::string prefix, std::unique_ptr<InputSource> rest)
      : prefix_(std::move(prefix)), rest_(std::move(rest)) {
    compression_ = rest_->compression();
  }
  std::size_t read(char* buffer, std::size_t size) override {
    if (pos_ < prefix_.size()) {
      const std::size_t n = std::min(size, prefix_.size() - pos_);
      std::memcpy(buffer, prefix_.data() + pos_, n);
      pos_ += n;
      return n;
    }
    const std::size_t n = rest_->read(buffer, size);
    raw_offset_ = rest_->raw_offset();
    if (n == 0) error_ = rest_->error();
    return n;
  }

 private:
  std::string prefix_;
  std::size_t pos_ = 0;
  std::unique_ptr<InputSource> rest_;
};

}  // namespace

bool looks_like_json(std::string_view head) {
  std::size_t i = head.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  while (i < head.size() && is_json_space(head[i])) ++i;
  if (i >= head.size() || (head[i] != '{' && head[i] != '[')) return false;
  const char open = head[i++];
  while (i < head.size() && is_json_space(head[i])) ++i;
  if (i >= head.size()) return open == '[';  // "[" alone (or followed by spaces) is no PGN
  const char next = head[i];
  return open == '{' ? (next == '"' || next == '}') : (next == '{' || next == ']');
}

bool json_record_to_pgn(std::string_view json, std::string& pgn, std::string& error) {
  simdjson::dom::parser parser;
  element record;
  if (auto e = parser.parse(json.data(), json.size(), true).get(record)) {
    error = std::string("not valid JSON: ") + simdjson::error_message(e);
    return false;
  }
  const std::size_t before = pgn.size();
  RecordConverter converter(pgn, error);
  if (converter.convert(record)) return true;
  pgn.resize(before);
  return false;
}

std::unique_ptr<InputSource> make_json_pgn_source(std::unique_ptr<InputSource> json,
                                                  const JsonInputOptions& options) {
  return std::make_unique<JsonPgnSource>(std::move(json), options);
}

std::unique_ptr<InputSource> detect_json_input(std::unique_ptr<InputSource> source, bool* is_json,
                                               const JsonInputOptions& options) {
  // Enough of the beginning to see the first two significant characters.
  std::string head;
  constexpr std::size_t kLimit = 1u << 16;
  char buffer[4096];
  for (;;) {
    std::size_t significant = 0;
    for (std::size_t i = head.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
         i < head.size() && significant < 2; ++i)
      significant += !is_json_space(head[i]);
    if (significant >= 2 || head.size() >= kLimit) break;
    const std::size_t n = source->read(buffer, sizeof buffer);
    if (n == 0) break;
    head.append(buffer, n);
  }
  const bool json = looks_like_json(head);
  if (is_json) *is_json = json;
  auto whole = std::make_unique<PrefixedSource>(std::move(head), std::move(source));
  if (!json) return whole;
  return make_json_pgn_source(std::move(whole), options);
}

}  // namespace pgn
