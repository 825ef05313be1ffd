// JSON input: game records in JSON are turned into PGN text, which then goes through the one
// reader and validator like any PGN file (one parser, one replay).
//
// Accepted records (one JSON object per game; the input is a JSON array of them, or objects
// one after another as in JSON Lines / NDJSON):
//   - records with a "pgn" string: the PGN text is used as it is;
//   - what the JSON writers (OutputFormat::Json, Jsonl) write ("tags", "start_fen", "moves"
//     as objects with "san" or "uci", comments, NAGs and variations, "result");
//   - lichess game exports ("moves" as one string of SAN moves, "initialFen", "variant",
//     "players.white.user.name", "winner", "status", "createdAt", "clock", "opening", ...).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "libpgn/input.hpp"
#include "libpgn/splitter.hpp"

namespace pgn {

// True when an input starting with `head` is JSON rather than PGN: after whitespace (and a
// byte order mark) comes '{' followed by '"' or '}', or '[' followed by '{' or ']'. A PGN
// tag section ("[Event ...") or a leading PGN comment ("{text}") is not taken for JSON.
// A head too short to decide is taken for PGN, except a lone "[" (no PGN starts that way).
bool looks_like_json(std::string_view head);

// Where a game read from JSON came from, so that its problems are reported at the record in
// the user's file rather than in the PGN text made from it.
struct RecordOrigin {
  std::uint64_t record = 0;  // 1-based number of the record in its input
  TextPos at;                // the record's '{' in the JSON input
  // Where each field's PGN starts in the game's text, in order ("tags.Event", "moves[3]",
  // "moves[3].variations[0][1]", "result"; "moves word 5" for a lichess move string).
  std::vector<std::pair<std::uint32_t, std::string>> fields;
  // The game's text is a "pgn" field's: its positions are that text's own lines and columns.
  bool pgn_field = false;
  // What the record held that PGN cannot ("tag \"White Elo\""): reported, not dropped silently.
  std::vector<std::string> lost;

  // The field the PGN at `offset` (in the game's text) was made from; "" for none.
  std::string_view field_at(std::uint64_t offset) const;
};

struct JsonInputOptions {
  std::size_t max_record_bytes = 64u << 20;  // a larger record stops the input with an error
};

// Converts one JSON record (an object, as text) to one PGN game followed by a blank line,
// appended to `pgn`. Returns false with `error` set when the text is no JSON object or holds
// no game. `fields` (optional) receives where each field's PGN starts (offsets in `pgn`).
bool json_record_to_pgn(std::string_view json, std::string& pgn, std::string& error,
                        RecordOrigin* fields = nullptr);

// A source of PGN text made from the JSON records read from `json`. A malformed record stops
// it with an error that names the record and its byte offset (earlier games are delivered).
std::unique_ptr<InputSource> make_json_pgn_source(std::unique_ptr<InputSource> json,
                                                  const JsonInputOptions& options = {});

// Reads the (decompressed) beginning of `bytes` and tells with looks_like_json whether the
// input is JSON; `bytes` is replaced by a source that still yields every byte. The one
// detection of the input kind, for every command (the pipeline uses it).
bool detect_json(std::unique_ptr<InputSource>& bytes);

// detect_json, then JSON input as a source of PGN text made from its records (see
// make_json_pgn_source), anything else as the bytes themselves.
std::unique_ptr<InputSource> detect_json_input(std::unique_ptr<InputSource> bytes,
                                               bool* is_json = nullptr,
                                               const JsonInputOptions& options = {});

}  // namespace pgn
