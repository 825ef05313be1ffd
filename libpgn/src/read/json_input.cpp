// JSON input (see libpgn/json_input.hpp): a small byte scanner cuts the input into records
// (strings and nesting understood, constant memory); simdjson parses each one, and
// json_record.cpp turns it into PGN text.
#include "libpgn/json_input.hpp"

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "io/source_open.hpp"
#include "read/json_games.hpp"
#include "read/json_record.hpp"

namespace pgn {
namespace {

using simdjson::dom::element;

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
    return append_record_pgn(record, pgn, problem, &origin) ? Result::Record : Result::BadRecord;
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
    // A source hands out at most this per read: a larger request would zero more than it fills.
    constexpr std::size_t kChunk = kInputPieceBytes;
    const std::size_t old = buffer_.size();
    buffer_.resize(old + kChunk);
    const std::size_t n = json_->read(buffer_.data() + old, kChunk);
    buffer_.resize(old + n);
    if (n == 0 && !json_->error().empty()) error_ = json_->error();
    return n > 0;
  }

  bool stop(std::string_view message) {
    if (error_.empty()) {
      error_ = "JSON record " + std::to_string(records_ + 1) + " (byte " +
               std::to_string(dropped_ + (in_record_ ? record_begin_ : scan_)) + "): ";
      error_.append(message);
    }
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
  bool malformed(std::string& problem, std::string_view message) {
    // Appended, not `"..." + std::move(message)`: GCC 12 warns (-Wrestrict) on that form.
    problem.assign("not valid JSON: ").append(message);
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
  std::string open_;                     // the brackets open in the record, innermost last
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
  if (append_record_pgn(record, pgn, error, fields)) return true;
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

bool reads_as_json(InputFormat format, std::unique_ptr<InputSource>& bytes) {
  switch (format) {
    case InputFormat::Pgn:
      return false;
    case InputFormat::Json:
      return true;
    case InputFormat::Detect:
      break;
  }
  return detect_json(bytes);
}

std::unique_ptr<InputSource> detect_json_input(std::unique_ptr<InputSource> source, bool* is_json,
                                               const JsonInputOptions& options) {
  const bool json = detect_json(source);
  if (is_json) *is_json = json;
  if (!json) return source;
  return make_json_pgn_source(std::move(source), options);
}

}  // namespace pgn
