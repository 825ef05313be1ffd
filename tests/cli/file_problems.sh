#!/usr/bin/env bash
# Problems of a whole file (io, no games found) have no line: the github format gives them no
# line= or col=, SARIF no region (the log stays valid against the schema), while a problem in a
# game keeps its line and column in both.
# Usage: file_problems.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$(realpath "$1")
src=$2
source "$(dirname "$0")/lib/common.sh"
cd "$work" || exit 1
: >empty.pgn
printf '[Event "e"]\n\n1. e4 e5 2. Ke3 *\n' >game.pgn

github=$("$pgn" validate -q --format github empty.pgn missing.pgn game.pgn)
expect "github: file problems without a line, a game's with one" \
  "::warning file=empty.pgn,title=pgn syntax::no games found
::error file=missing.pgn,title=pgn io::cannot open missing.pgn: No such file or directory
::error file=game.pgn,line=3,col=13,title=pgn illegal-move::illegal move 2.Ke3: no white king can reach e3" \
  "$(grep -v '^::notice' <<<"$github" | grep -v 'missing-tag')"

"$pgn" validate -q --format sarif empty.pgn missing.pgn game.pgn >log.sarif
regions=$(python3 -c '
import json, sys
for r in json.load(open(sys.argv[1]))["runs"][0]["results"]:
    if r["ruleId"] == "missing-tag": continue
    print(r["ruleId"], r["locations"][0]["physicalLocation"].get("region"))' log.sarif)
expect "sarif: file problems without a region" \
  "syntax None
io None
illegal-move {'startLine': 3, 'startColumn': 13}" "$regions"
if python3 -c 'import jsonschema' 2>/dev/null; then
  python3 "$src/tests/sarif/check_sarif.py" "$src/tests/sarif/sarif-schema-2.1.0.json" log.sarif \
    success=false >/dev/null || fail "the SARIF log is valid against the schema"
fi
finish "file problems: no made-up line"
