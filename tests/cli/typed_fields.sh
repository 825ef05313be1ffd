#!/usr/bin/env bash
# convert --to json/jsonl: the comment commands [%clk], [%emt], [%eval] and [%timestamp] are
# numbers on each move ("clock", "emt", "eval": {"cp"|"mate", "depth"}, "timestamp"), the
# comment keeping its text; read again by Python's own parse of the same comments; variations
# carry their own; a malformed command gives no number and loses no comment; JSON -> PGN gives
# the PGN of the original byte for byte.
#
# Usage: typed_fields.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$(realpath "$1")
src=$2
source "$(dirname "$0")/lib/common.sh"
cat >"$work/t.pgn" <<'PGN'
[Event "typed"]
[Result "*"]

1. e4 { [%clk 0:01:00] [%eval 0.2,18] } ( 1. d4 { [%clk 0:00:59.5] } 1... d5 { [%eval #-2] } )
1... e5 { bad [%clk soon] } 2. Nf3 { [%emt 0:00:07] [%timestamp 15] [%eval -1.25] } *
PGN
inputs=("$work/t.pgn" "$src/docs/examples/lichess-clocks.pgn" "$src/corpora/golden/problems.pgn")
[ -d "${3:-}/corpora/real" ] && inputs+=("$3/corpora/real/lichess_db_1000k.pgn")
for f in "${inputs[@]}"; do
  "$pgn" convert -q --to jsonl "$f" >"$work/out.jsonl" 2>/dev/null
  python3 - "$work/out.jsonl" <<'PY' || fail "typed fields of $(basename "$f")"
import json, re, sys
bad = []
def clock(t):
    h, m, s = t.split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)
def expect(move):
    want = {}
    for text in move.get("comments", []) + move.get("comments_after", []):
        for name, value in re.findall(r"\[%(\w+)\s+([^\]]*?)\s*\]", text):
            try:
                if name == "clk": want["clock"] = clock(value)
                elif name == "emt": want["emt"] = clock(value)
                elif name == "timestamp": want["timestamp"] = int(value)
                elif name == "eval":
                    v, _, depth = value.partition(",")
                    e = {"mate": int(v[1:])} if v.startswith("#") else {"cp": round(float(v) * 100)}
                    if depth: e["depth"] = int(depth)
                    want["eval"] = e
            except ValueError:
                pass
    return want
moves = 0
def walk(line):
    global moves
    for move in line:
        moves += 1
        got = {k: move[k] for k in ("clock", "emt", "eval", "timestamp") if k in move}
        if got != expect(move):
            bad.append(f"{move['san']}: {got} != {expect(move)}")
        for v in move.get("variations", []):
            walk(v)
for record in open(sys.argv[1]):
    walk(json.loads(record)["moves"])
for b in bad[:10]:
    print(b)
sys.exit(1 if bad or not moves else 0)
PY
  # Back to PGN: the same as converting the original.
  "$pgn" convert -q "$work/out.jsonl" >"$work/back.pgn" 2>/dev/null
  "$pgn" convert -q "$f" >"$work/direct.pgn" 2>/dev/null
  cmp -s "$work/back.pgn" "$work/direct.pgn" || fail "JSON -> PGN of $(basename "$f") differs"
done
# The comment with a malformed command keeps its text.
"$pgn" convert -q --to jsonl "$work/t.pgn" | grep -q '" bad \[%clk soon\] "' || fail "a malformed command's comment lost"
"$pgn" convert -q --to jsonl "$work/t.pgn" | grep -q '"clock":59.5' || fail "a variation's clock"
finish "typed fields: clocks, times, evals and timestamps as numbers, comments kept"
