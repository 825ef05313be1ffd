// JSON records to PGN text (see libpgn/json_input.hpp). A small byte scanner cuts the input
// into records (strings and nesting understood, constant memory); simdjson parses each one.
#include "libpgn/json_input.hpp"

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "libpgn/writers.hpp"
#include "read/json_records.hpp"

namespace pgn {
namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

bool is_json_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

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
    object tags;
    if (!obj["tags"].get_object().get(tags)) {
      for (auto field : tags) {
        if (origin_) mark("tags." + std::string(field.key));
        if (!writable_tag_name(field.key)) {
          if (origin_) origin_->lost.push_back("tag \"" + std::string(field.key) + "\"");
          continue;
        }
        if (field.key == "FEN") has_fen_tag = true;
        append_tag(out_, field.key, value_text(field.value));
      }
    }
    std::string_view start_fen = string_field(obj, "start_fen");
    if (!start_fen.empty() && !has_fen_tag && start_fen != kStandardStart) {
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
  RecordOrigin* origin_;
  std::size_t base_;  // where the record's PGN starts in out_
  MoveCounter counter_;
};

// Cuts JSON text into records (strings and nesting understood, constant memory) and converts
// each to PGN, counting lines and columns so that a record can be named by its place.
class RecordScanner {
 public:
  RecordScanner(std::unique_ptr<InputSource> json, const JsonInputOptions& options)
      : json_(std::move(json)), options_(options) {}

  enum class Result { Record, BadRecord, End };

  // The next record's PGN (appended to `pgn`) with its origin, a record that cannot be read
  // (`problem` says why), or the end (error() is set if a fault ended the input).
  Result next(std::string& pgn, RecordOrigin& origin, std::string& problem) {
    std::string_view text;
    if (!next_record(text, problem)) return Result::End;
    origin.record = ++records_;
    origin.at = record_at_;
    if (!problem.empty()) return Result::BadRecord;
    element record;
    if (auto e = parser_.parse(text.data(), text.size(), true).get(record)) {
      problem = std::string("not valid JSON: ") + simdjson::error_message(e);
      return Result::BadRecord;
    }
    RecordConverter converter(pgn, problem, &origin);
    return converter.convert(record) ? Result::Record : Result::BadRecord;
  }

  const std::string& error() const { return error_; }
  std::uint64_t raw_offset() const { return json_->raw_offset(); }
  Compression compression() const { return json_->compression(); }
  std::uint64_t records() const { return records_; }

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
    if (n == 0 && !json_->error().empty()) error_ = json_->error();
    return n > 0;
  }

  bool stop(std::string message) {
    if (error_.empty())
      error_ = "JSON record " + std::to_string(records_ + 1) + " (byte " +
               std::to_string(dropped_ + (in_record_ ? record_begin_ : scan_)) + "): " + message;
    return false;
  }

  // Steps over the byte at scan_, keeping the line and column of the next one.
  void advance() {
    const unsigned char c = static_cast<unsigned char>(buffer_[scan_++]);
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++column_;
    }
  }

  // Ends a record that is not JSON at the byte at scan_: the records after it are still read,
  // from the next line on.
  bool malformed(std::string& problem, std::string message) {
    problem = "not valid JSON: " + std::move(message);
    in_record_ = in_string_ = escape_ = false;
    open_.clear();
    skip_line_ = true;
    return true;
  }

  // The next record's text, or `problem` for one whose brackets or strings are broken; false
  // at the end of the input or at a fault (error_).
  bool next_record(std::string_view& text, std::string& problem) {
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
      if (skip_line_) {
        skip_line_ = c != '\n';
        advance();
        continue;
      }
      if (!in_record_) {
        if (is_json_space(c)) {
          advance();
        } else if (dropped_ + scan_ == 0 && buffer_.compare(0, 3, "\xEF\xBB\xBF") == 0) {
          scan_ += 3;
        } else if (c == '{') {
          in_record_ = true;
          record_begin_ = scan_;
          record_at_ = TextPos{dropped_ + scan_, line_, column_};
          advance();
          open_.assign(1, '{');
        } else if (c == '[' && !in_array_) {
          in_array_ = true;
          advance();
        } else if ((c == ',' || c == ']') && in_array_) {
          if (c == ']') in_array_ = false;
          advance();
        } else {
          return stop(std::string("expected a JSON object, found '") + c + "'");
        }
        continue;
      }
      // Inside a record: only strings and brackets matter.
      if (in_string_) {
        if (c == '\n')  // JSON strings hold no line end: the string was left open
          return malformed(problem, "a string is not closed on its line");
        if (escape_)
          escape_ = false;
        else if (c == '\\')
          escape_ = true;
        else if (c == '"')
          in_string_ = false;
      } else if (c == '"') {
        in_string_ = true;
      } else if (c == '{' || c == '[') {
        open_ += c;
      } else if (c == '}' || c == ']') {
        if (open_.back() != (c == '}' ? '{' : '['))
          return malformed(problem, std::string("'") + c + "' closes a '" + open_.back() + "'");
        open_.pop_back();
        if (open_.empty()) {
          advance();
          in_record_ = false;
          text = std::string_view(buffer_).substr(record_begin_, scan_ - record_begin_);
          return true;
        }
      }
      advance();
      if (scan_ - record_begin_ > options_.max_record_bytes)
        return stop("the record is larger than " + std::to_string(options_.max_record_bytes) +
                    " bytes");
    }
  }

  std::unique_ptr<InputSource> json_;
  JsonInputOptions options_;
  simdjson::dom::parser parser_;
  std::string buffer_;                   // JSON bytes not yet scanned
  std::uint64_t dropped_ = 0;            // bytes removed from the front of buffer_
  std::size_t scan_ = 0;                 // next byte to look at
  std::size_t record_begin_ = 0;         // where the record being scanned starts
  TextPos record_at_;                    // ... in the input
  std::uint32_t line_ = 1, column_ = 1;  // of the byte at scan_
  std::string open_;  // the brackets open in the record, innermost last
  bool in_record_ = false, in_string_ = false, escape_ = false, in_array_ = false;
  bool skip_line_ = false;  // after a broken record: the rest of its line is left
  std::uint64_t records_ = 0;
  std::string error_;
};

// The PGN made from the records, as one stream of bytes (make_json_pgn_source). A record that
// cannot be read stops it, naming the record and its byte offset.
class JsonPgnSource final : public InputSource {
 public:
  JsonPgnSource(std::unique_ptr<InputSource> json, const JsonInputOptions& options)
      : scanner_(std::move(json), options) {
    compression_ = scanner_.compression();
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
  bool next_record() {
    RecordOrigin origin;
    std::string problem;
    const std::size_t before = out_.size();
    const auto result = scanner_.next(out_, origin, problem);
    raw_offset_ = scanner_.raw_offset();
    if (result == RecordScanner::Result::Record) return true;
    if (result == RecordScanner::Result::End) {
      error_ = scanner_.error();
      return false;
    }
    out_.resize(before);
    error_ = "JSON record " + std::to_string(origin.record) + " (byte " +
             std::to_string(origin.at.offset) + "): " + problem;
    return false;
  }

  RecordScanner scanner_;
  bool finished_ = false;
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

bool json_record_to_pgn(std::string_view json, std::string& pgn, std::string& error,
                        RecordOrigin* fields) {
  simdjson::dom::parser parser;
  element record;
  if (auto e = parser.parse(json.data(), json.size(), true).get(record)) {
    error = std::string("not valid JSON: ") + simdjson::error_message(e);
    return false;
  }
  const std::size_t before = pgn.size();
  RecordConverter converter(pgn, error, fields);
  if (converter.convert(record)) return true;
  pgn.resize(before);
  return false;
}

std::string_view RecordOrigin::field_at(std::uint64_t offset) const {
  std::string_view field;
  for (const auto& [start, name] : fields) {
    if (start > offset) break;
    field = name;
  }
  return field;
}

struct JsonGameReader::Impl {
  Impl(std::unique_ptr<InputSource> json, const SplitterOptions& splitter,
       const JsonInputOptions& options)
      : scanner(std::move(json), options), splitter_options(splitter) {}

  RecordScanner scanner;
  SplitterOptions splitter_options;
  std::string pgn;  // the current record's PGN
  RecordOrigin origin;
  // A "pgn" field may hold several games: they are cut as a file's would be.
  std::unique_ptr<InputSource> field_source;
  std::unique_ptr<GameSplitter> field_games;
  std::uint64_t games = 0;
  std::string error;
};

JsonGameReader::JsonGameReader(std::unique_ptr<InputSource> json, const SplitterOptions& splitter,
                               const JsonInputOptions& options)
    : impl_(std::make_unique<Impl>(std::move(json), splitter, options)) {}

JsonGameReader::~JsonGameReader() = default;

const std::string& JsonGameReader::error() const {
  return impl_->error;
}

bool JsonGameReader::next(RawGame& game, RecordOrigin& origin, std::string& problem) {
  Impl& r = *impl_;
  problem.clear();
  for (;;) {
    if (r.field_games) {
      if (r.field_games->next(game)) {
        game.index = ++r.games;
        origin = r.origin;
        return true;
      }
      r.field_games.reset();
      r.field_source.reset();
    }
    r.pgn.clear();
    r.origin = RecordOrigin{};
    switch (r.scanner.next(r.pgn, r.origin, problem)) {
      case RecordScanner::Result::End:
        r.error = r.scanner.error();
        return false;
      case RecordScanner::Result::BadRecord:
        game = RawGame{};
        game.index = ++r.games;
        origin = std::move(r.origin);
        return true;
      case RecordScanner::Result::Record:
        break;
    }
    if (r.origin.pgn_field) {
      SplitterOptions options = r.splitter_options;
      options.buffer_bytes = std::min<std::size_t>(options.buffer_bytes, 64u << 10);
      r.field_source = InputSource::from_memory(r.pgn);
      r.field_games = std::make_unique<GameSplitter>(*r.field_source, options);
      continue;
    }
    // One record, one game, even one of tags alone: no splitting to merge it with the next.
    std::size_t end = r.pgn.size();
    while (end > 0 && is_json_space(r.pgn[end - 1])) --end;
    game = RawGame{};
    game.text = std::string_view(r.pgn).substr(0, end);
    game.index = ++r.games;
    game.original_size = end;
    game.ascii_only = std::all_of(game.text.begin(), game.text.end(),
                                  [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    origin = r.origin;
    return true;
  }
}

std::unique_ptr<InputSource> make_json_pgn_source(std::unique_ptr<InputSource> json,
                                                  const JsonInputOptions& options) {
  return std::make_unique<JsonPgnSource>(std::move(json), options);
}

bool detect_json(std::unique_ptr<InputSource>& source) {
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
  source = std::make_unique<PrefixedSource>(std::move(head), std::move(source));
  return json;
}

std::unique_ptr<InputSource> detect_json_input(std::unique_ptr<InputSource> source, bool* is_json,
                                               const JsonInputOptions& options) {
  const bool json = detect_json(source);
  if (is_json) *is_json = json;
  if (!json) return source;
  return make_json_pgn_source(std::move(source), options);
}

}  // namespace pgn
