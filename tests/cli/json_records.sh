#!/usr/bin/env bash
# JSON and NDJSON input read record by record, the same way by validate and convert:
#   - validate tells JSON from PGN as convert does (it read JSON as PGN and reported
#     nonsense illegal moves);
#   - problems are reported at the record in the user's file (its line and column) and name
#     the field, not a line of the PGN made from it;
#   - a record that cannot be read is reported, and the records after it are still read;
#   - JSON to PGN keeps every tag the PGN reader reads (`[BlackType: "program"]`) and every
#     game (a record of tags alone), and reports the tag names PGN cannot hold.
#
# Usage: json_records.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$1
source "$(dirname "$0")/lib/common.sh"

# expect_line FILE TEXT WHAT: FILE has a line containing TEXT (fixed string).
expect_line() { grep -qF -- "$2" "$1" || fail "$3: no line with '$2' in: $(cat "$1")"; }

# ---- validate detects JSON as convert does --------------------------------------------------
good=$work/good.ndjson
printf '%s\n' \
  '{"tags":{"Event":"e","Site":"s","Date":"2024.01.01","Round":"1","White":"w","Black":"b","Result":"1-0"},"moves":["e4","e5","Qh5","Nc6","Bc4","Nf6","Qxf7#"],"result":"1-0"}' \
  '{"moves":"d4 d5 c4","winner":"white","status":"resign","players":{"white":{"user":{"name":"a"}},"black":{"user":{"name":"b"}}}}' \
  >"$good"
"$pgn" validate -q "$good" >"$work/good.out" 2>&1
status=$?
[ $status -eq 0 ] || fail "validate of valid NDJSON exits $status: $(cat "$work/good.out")"
"$pgn" validate -q -f json "$good" >"$work/good.json" 2>&1
grep -q '"games":2,' "$work/good.json" || fail "validate does not read 2 games: $(cat "$work/good.json")"
grep -q '"moves":10,' "$work/good.json" || fail "validate does not replay 10 moves: $(cat "$work/good.json")"
# Standard input too.
"$pgn" validate -q - <"$good" >"$work/stdin.out" 2>&1 || fail "validate - of NDJSON: $(cat "$work/stdin.out")"

# ---- positions at the record, bad records skipped --------------------------------------------
bad=$work/bad.json
cat >"$bad" <<'EOF'
[
  {"tags":{"Event":"a","Result":"*"},"moves":["e4","e5"],"result":"*"},
  {"tags":{"Event":"b"}, "moves": [1, },
  {"tags":{"Event":"c","Result":"*"},"moves":["e4",{"san":"e5","variations":[["c5","Nf7"]]},"Ke3"],"result":"*"},
  {"moves":"e4 e5 Ke3","status":"started"},
  {"tags":{"Event":"d","Result":"*"},"pgn":"[Event \"d\"]\n[Result \"*\"]\n\n1. e4 e5\n2. Ke3 *"}
]
EOF
"$pgn" validate --no-tag-checks "$bad" >"$work/bad.out" 2>"$work/bad.err"
status=$?
[ $status -eq 1 ] || fail "validate of bad JSON exits $status, not 1"
expect_line "$work/bad.out" "bad.json:3:3: error[syntax]: JSON record 2 cannot be read: not valid JSON" \
  "the broken record"
expect_line "$work/bad.out" \
  "bad.json:4:3: error[illegal-move]: illegal move 2.Nf7: no white knight can reach f7 (JSON record 3, moves[1].variations[0][1])" \
  "a move in a variation of a record after the broken one"
expect_line "$work/bad.out" "bad.json:4:3: error[illegal-move]: illegal move 2.Ke3: no white king can reach e3 (JSON record 3, moves[2])" \
  "a move of the main line"
expect_line "$work/bad.out" "bad.json:5:3: error[illegal-move]: illegal move 2.Ke3: no white king can reach e3 (JSON record 4, moves word 3)" \
  "a move of a lichess move string"
expect_line "$work/bad.out" "bad.json:6:3: error[illegal-move]: illegal move 2.Ke3: no white king can reach e3 (JSON record 5, \"pgn\" line 5 column 4)" \
  "a move inside a \"pgn\" field"
# No source window of the PGN made from a record: it is not in the user's file.
grep -q '^[0-9]* | ' "$work/bad.out" && fail "a source line of internal PGN is shown: $(cat "$work/bad.out")"
expect_line "$work/bad.err" "1 file, 5 games: 1 valid, 4 with errors" "the summary counts every record"
# Machine formats carry the same places.
"$pgn" validate -q --no-tag-checks -f jsonl "$bad" >"$work/bad.jsonl"
expect_line "$work/bad.jsonl" '"game":4,"line":5,"column":3,' "jsonl position of record 4"
# convert reads the same records and says what it left out.
"$pgn" convert --skip-invalid "$bad" >"$work/bad.pgn" 2>"$work/bad.convert.err"
expect_line "$work/bad.convert.err" "bad.json:3:3: error[syntax]: JSON record 2 cannot be read" "convert: broken record"
expect_line "$work/bad.convert.err" "games written 1, skipped 4, truncated 0" "convert tally"

# ---- JSON to PGN keeps every tag and every game ----------------------------------------------
pgn_in=$work/types.pgn
printf '[Event "x"]\n[Result "*"]\n[BlackType: "program"]\n\n1. e4 *\n\n' >"$pgn_in"
"$pgn" convert -q --to jsonl "$pgn_in" >"$work/types.jsonl"
"$pgn" convert -q "$work/types.jsonl" >"$work/types.back.pgn"
expect_line "$work/types.back.pgn" '[BlackType: "program"]' "a tag the PGN reader accepts, back from JSON"

tags_only=$work/tags-only.ndjson
printf '%s\n' \
  '{"tags":{"Event":"tags only","Result":"*"},"moves":[]}' \
  '{"moves":["e4"],"result":"*"}' \
  '{"tags":{"Event":"no moves field","Result":"1-0"}}' \
  '{"tags":{"Event":"blank in a name","White Elo":"2100","Result":"*"},"moves":["d4"],"result":"*"}' \
  >"$tags_only"
"$pgn" convert --warnings "$tags_only" >"$work/tags-only.pgn" 2>"$work/tags-only.err"
expect_line "$work/tags-only.err" "games written 4, skipped 0" "every record is a game"
[ "$(grep -c '^\[Event ' "$work/tags-only.pgn")" = 4 ] ||
  fail "4 games expected in: $(cat "$work/tags-only.pgn")"
expect_line "$work/tags-only.pgn" '[Event "no moves field"]' "a record with tags and no moves"
expect_line "$work/tags-only.err" \
  "tags-only.ndjson:4:1: warning[bad-tag]: the record's tag \"White Elo\" cannot be written as a PGN tag" \
  "a tag PGN cannot hold is reported"

finish "json records: all checks passed"
