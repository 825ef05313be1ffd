#!/usr/bin/env bash
# Choosing what a validate report shows: --errors-only / --min-severity error, --summary-only,
# and --max-per-code N (text: the first N problems of each code, then how many more). The
# summary always counts every problem, whatever is shown.
#
# Usage: severity_filters.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$1
source "$(dirname "$0")/lib/common.sh"
# 30 games without Site (a missing-tag warning each), 5 of them with an illegal move.
for i in $(seq 1 30); do
  moves='e4 e5 2. Nf3 Nc6'
  [ $((i % 6)) -eq 0 ] && moves='e4 e5 2. Ke3 Nc6'
  printf '[Event "e"]\n[Date "2024.01.01"]\n[Round "%d"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n\n1. %s *\n\n' "$i" "$moves"
done >"$work/games.pgn"
count() { grep -c -- "$1" "$2"; }

"$pgn" validate "$work/games.pgn" >"$work/all.txt" 2>"$work/all.err"
[ "$(count 'warning\[missing-tag\]' "$work/all.txt")" = 30 ] || fail "all: 30 missing-tag warnings expected"
[ "$(count 'error\[illegal-move\]' "$work/all.txt")" = 5 ] || fail "all: 5 illegal-move errors expected"

for option in --errors-only "--min-severity error"; do
  # shellcheck disable=SC2086
  "$pgn" validate $option "$work/games.pgn" >"$work/errors.txt" 2>"$work/errors.err"
  [ $? -eq 1 ] || fail "$option: exit status"
  [ "$(count 'warning\[' "$work/errors.txt")" = 0 ] || fail "$option: warnings shown"
  [ "$(count 'error\[illegal-move\]' "$work/errors.txt")" = 5 ] || fail "$option: errors not all shown"
  grep -q 'problems: 5 errors, 30 warnings' "$work/errors.err" || fail "$option: the summary does not count every problem"
  # shellcheck disable=SC2086
  "$pgn" validate -q --format jsonl $option "$work/games.pgn" >"$work/errors.jsonl"
  grep -q '"severity":"warning"' "$work/errors.jsonl" && fail "$option jsonl: warnings listed"
  grep -q '"warnings":30' "$work/errors.jsonl" || fail "$option jsonl: the summary does not count the warnings"
done
"$pgn" validate --min-severity info "$work/games.pgn" >/dev/null 2>&1
[ $? -eq 2 ] || fail "--min-severity info: not a usage error"

"$pgn" validate --summary-only "$work/games.pgn" >"$work/summary.txt" 2>"$work/summary.err"
[ $? -eq 1 ] || fail "--summary-only: exit status"
grep -q '\[' "$work/summary.txt" && fail "--summary-only: problems listed"
grep -q '^1 file, 30 games: 25 valid, 5 with errors' "$work/summary.txt" || fail "--summary-only: no summary in the report"
"$pgn" validate -q --summary-only --format json "$work/games.pgn" >"$work/summary.json"
grep -q '"problems":\[$' "$work/summary.json" && grep -q '^\],"games"' "$work/summary.json" ||
  fail "--summary-only json: problems listed"
grep -q '"games_with_errors":5' "$work/summary.json" || fail "--summary-only json: summary"

"$pgn" validate --max-per-code 3 "$work/games.pgn" >"$work/capped.txt" 2>/dev/null
[ "$(count 'warning\[missing-tag\]' "$work/capped.txt")" = 3 ] || fail "--max-per-code 3: missing-tag not capped at 3"
[ "$(count 'error\[illegal-move\]' "$work/capped.txt")" = 3 ] || fail "--max-per-code 3: illegal-move not capped at 3"
grep -q '^\.\.\. 27 more missing-tag problems not shown (--max-per-code 3)$' "$work/capped.txt" ||
  fail "--max-per-code 3: the rest of missing-tag is not counted"
grep -q '^\.\.\. 2 more illegal-move problems not shown' "$work/capped.txt" ||
  fail "--max-per-code 3: the rest of illegal-move is not counted"
# convert's problems on standard error, capped the same way.
"$pgn" convert -q --warnings --max-per-code 2 "$work/games.pgn" >/dev/null 2>"$work/convert.err"
[ "$(count 'warning\[missing-tag\]' "$work/convert.err")" = 2 ] || fail "convert --max-per-code 2: missing-tag not capped"
grep -q '^\.\.\. 28 more missing-tag problems not shown (--max-per-code 2)$' "$work/convert.err" ||
  fail "convert --max-per-code 2: the rest is not counted"
"$pgn" validate --max-per-code 3 --format json "$work/games.pgn" >/dev/null 2>&1
[ $? -eq 2 ] || fail "--max-per-code with json: not a usage error"

finish "all severity filter checks passed"
