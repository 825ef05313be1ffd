// One JSON game record, parsed by simdjson, to PGN text: what `pgn convert --to json|jsonl`
// writes, lichess game exports, and records with a "pgn" field (see libpgn/json_input.hpp).
#pragma once

#include <simdjson.h>

#include <string>

#include "libpgn/json_input.hpp"

namespace pgn {

inline bool is_json_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Appends the record's PGN game (followed by a blank line) to `out`; false with `error` when
// the record holds no game. `origin` (optional) receives where each field's PGN starts, as
// offsets from the size `out` had, and what PGN cannot hold.
bool append_record_pgn(simdjson::dom::element record, std::string& out, std::string& error,
                       RecordOrigin* origin);

}  // namespace pgn
