// JSON input: game records in JSON are turned into PGN text, which then goes through the one
// reader and validator like any PGN file (one parser, one replay).
//
// Accepted records (one JSON object per game; the input is a JSON array of them, or objects
// one after another as in JSON Lines / NDJSON):
//   - records with a "pgn" string: the PGN text is used as it is;
//   - what `pgn convert --to json|jsonl` writes ("tags", "start_fen", "moves" as objects with
//     "san" or "uci", comments, NAGs and variations, "result");
//   - lichess game exports ("moves" as one string of SAN moves, "initialFen", "variant",
//     "players.white.user.name", "winner", "status", "createdAt", "clock", "opening", ...).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "libpgn/reader.hpp"

namespace pgn {

// True when an input starting with `head` is JSON rather than PGN: after whitespace (and a
// byte order mark) comes '{' followed by '"' or '}', or '[' followed by '{' or ']'. A PGN
// tag section ("[Event ...") or a leading PGN comment ("{text}") is not taken for JSON.
// A head too short to decide is taken for PGN, except a lone "[" (no PGN starts that way).
bool looks_like_json(std::string_view head);

struct JsonInputOptions {
  std::size_t max_record_bytes = 64u << 20;  // a larger record stops the input with an error
};

// Converts one JSON record (an object, as text) to one PGN game followed by a blank line,
// appended to `pgn`. Returns false with `error` set when the text is no JSON object or holds
// no game.
bool json_record_to_pgn(std::string_view json, std::string& pgn, std::string& error);

// A source of PGN text made from the JSON records read from `json`. A malformed record stops
// it with an error that names the record and its byte offset (earlier games are delivered).
std::unique_ptr<InputSource> make_json_pgn_source(std::unique_ptr<InputSource> json,
                                                  const JsonInputOptions& options = {});

// Looks at the (decompressed) beginning of `bytes` with looks_like_json: JSON input is returned
// as a source of PGN text made from its records, anything else as the bytes themselves.
// `is_json` (optional) tells which. Every command detects its input kind through this.
std::unique_ptr<InputSource> detect_json_input(std::unique_ptr<InputSource> bytes,
                                               bool* is_json = nullptr,
                                               const JsonInputOptions& options = {});

}  // namespace pgn
