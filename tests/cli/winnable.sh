#!/usr/bin/env bash
# pgn winnable end to end: text and jsonl output, one record per line that is not blank nor
# a comment, starting with its line number (bad FEN lines and lines too long rejected in
# theirs, the run going on; a 100 MB line read in constant memory), option errors, and a
# sample of the published test vector.
# Arguments: pgn binary, repository dir, shared dir.
set -u
pgn=$1
shared=$3
source "$(dirname "$0")/lib/common.sh"

out=$("$pgn" winnable --side white --fen "k7/8/2K5/8/8/8/8/7Q w - -" 2>/dev/null)
expect "text, one side" "1: k7/8/2K5/8/8/8/8/7Q w - -; white winnable Kb6+ Kb8 Qb7#" "$out"
out=$("$pgn" winnable --fen "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -" 2>/dev/null)
expect "text, both sides" \
  "1: 2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -; white unwinnable (pawn-wall); black unwinnable (pawn-wall)" \
  "$out"
out=$("$pgn" winnable --side black --fen "8/8/8/8/8/4k1b1/8/3RKB2 w - -" 2>/dev/null)
expect "mate on the board" "1: 8/8/8/8/8/4k1b1/8/3RKB2 w - -; black winnable (mate on the board)" "$out"

# FENs with fields left out (EPD-style, python-chess's board alone) read with defaults; a
# Chess960 castling right makes a Chess960 position.
out=$("$pgn" winnable --side white --fen "8/8/8/8/8/8/Q7/K6k w" 2>/dev/null)
expect "fields left out" "1: 8/8/8/8/8/8/Q7/K6k w; white winnable" "${out%% Kb1*}"
out=$("$pgn" winnable --side black --fen "4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1" 2>/dev/null)
expect "Chess960 castling rights" "1: 4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1; black unwinnable (insufficient-material)" "$out"

printf '%s\n' "4k3/8/8/8/8/8/8/4K3 w - -" "not a fen" "" "# a comment" \
  "8/8/8/8/8/8/8/8 w - -" "k7/8/2K5/8/8/8/8/7Q w - - 0 1" >"$work/in.fen"
"$pgn" winnable --format jsonl "$work/in.fen" >"$work/out.jsonl" 2>"$work/err"
expect "bad lines: exit status" 1 "$?"
expect "jsonl lines" 4 "$(wc -l <"$work/out.jsonl")"
expect "jsonl bare kings" \
  '{"line": 1, "fen": "4k3/8/8/8/8/8/8/4K3 w - -", "white": {"verdict": "unwinnable", "reason": "insufficient-material", "nodes": 0}, "black": {"verdict": "unwinnable", "reason": "insufficient-material", "nodes": 0}}' \
  "$(head -1 "$work/out.jsonl")"
expect "jsonl rejected lines" \
  '{"line": 2, "fen": "not a fen", "rejected": "invalid FEN (fen-piece): '"'"'o'"'"' on rank 8 is neither a piece letter nor a count of 1 to 8 empty squares"}
{"line": 5, "fen": "8/8/8/8/8/8/8/8 w - -", "rejected": "invalid FEN (fen-kings): white has no king"}' \
  "$(sed -n 2,3p "$work/out.jsonl")"
expect "jsonl witness" \
  '{"line": 6, "fen": "k7/8/2K5/8/8/8/8/7Q w - - 0 1", "white": {"verdict": "winnable", "moves": ["Kb6+", "Kb8", "Qb7#"], "nodes": 124}, "black": {"verdict": "unwinnable", "reason": "insufficient-material", "nodes": 0}}' \
  "$(tail -1 "$work/out.jsonl")"
grep -q "in.fen:2: invalid FEN (fen-piece)" "$work/err" || fail "line 2 reported"
grep -q "in.fen:5: invalid FEN (fen-kings): white has no king" "$work/err" || fail "line 5 reported"
if command -v python3 >/dev/null; then
  python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$work/out.jsonl" ||
    fail "jsonl parses"
fi

"$pgn" winnable --side white "$work/in.fen" >"$work/out.txt" 2>/dev/null
expect "text records" "1: 4k3/8/8/8/8/8/8/4K3 w - -; white unwinnable (insufficient-material)
2: rejected: invalid FEN (fen-piece): 'o' on rank 8 is neither a piece letter nor a count of 1 to 8 empty squares
5: rejected: invalid FEN (fen-kings): white has no king
6: k7/8/2K5/8/8/8/8/7Q w - - 0 1; white winnable Kb6+ Kb8 Qb7#" "$(cat "$work/out.txt")"

# A line of 100 MB between two positions: rejected in its record, read in constant memory
# (the address space capped well below the line), and the next line still decided.
{
  echo "4k3/8/8/8/8/8/8/4K3 w - -"
  head -c 100000000 /dev/zero | tr '\0' x
  printf '\nk7/8/2K5/8/8/8/8/7Q w - - 0 1'  # the last line without its newline
} >"$work/long.fen"
(
  # AddressSanitizer reserves terabytes of address space: its build runs without the cap.
  grep -q __asan_init "$pgn" || ulimit -v 60000
  "$pgn" winnable --side white --format jsonl "$work/long.fen" >"$work/long.jsonl" 2>"$work/err"
)
expect "100 MB line: exit status" 1 "$?"
expect "100 MB line: records" '{"line": 2, "rejected": "line longer than 4096 bytes"}
{"line": 3, "fen": "k7/8/2K5/8/8/8/8/7Q w - - 0 1", "white": {"verdict": "winnable", "moves": ["Kb6+", "Kb8", "Qb7#"], "nodes": 124}}' \
  "$(tail -n +2 "$work/long.jsonl")"
grep -q "long.fen:2: line longer than 4096 bytes" "$work/err" || fail "100 MB line reported"

# Standard input, and a budget too small to decide.
out=$(echo "Bb1k1b2/bKp1p1p1/1pP1P1P1/1P4P1/p7/P7/8/8 b - -" |
  "$pgn" winnable --side white --limit 100 - 2>/dev/null)
expect "small budget" "1: Bb1k1b2/bKp1p1p1/1pP1P1P1/1P4P1/p7/P7/8/8 b - -; white undetermined" "$out"

"$pgn" winnable --side red --fen "4k3/8/8/8/8/8/8/4K3 w - -" >/dev/null 2>&1
expect "bad side status" 2 "$?"
"$pgn" winnable --format xml --fen "4k3/8/8/8/8/8/8/4K3 w - -" >/dev/null 2>&1
expect "bad format status" 2 "$?"
# --limit is read strictly: a whole number from 1 on, nothing wrapped or truncated.
for bad in 0 -1 abc 12x 1e5 "" 99999999999999999999; do
  err=$("$pgn" winnable --limit "$bad" --fen "4k3/8/8/8/8/8/8/4K3 w - -" 2>&1 >/dev/null)
  expect "bad --limit '$bad' status" 2 "$?"
  grep -q "expected a whole number from 1 to" <<<"$err" || fail "bad --limit '$bad' message: $err"
done
out=$("$pgn" winnable --limit=1 --side white --fen "4k3/8/8/8/8/8/8/4K3 w - -" 2>/dev/null)
expect "--limit=1" "1: 4k3/8/8/8/8/8/8/4K3 w - -; white unwinnable (insufficient-material)" "$out"
"$pgn" winnable --limt 5 --fen "4k3/8/8/8/8/8/8/4K3 w - -" >/dev/null 2>"$work/err"
expect "mistyped option status" 2 "$?"
grep -q -- "--limit" "$work/err" || fail "mistyped option suggests --limit: $(cat "$work/err")"
"$pgn" winnable "$work/missing.fen" >/dev/null 2>&1
expect "unreadable file status" 2 "$?"
help=$("$pgn" winnable --help)
expect "help status" 0 "$?"
for option in --side --limit --fen --format --screen; do
  grep -q -- "$option" <<<"$help" || fail "help mentions $option"
done

# Every 20th position of the published vector: each side's class must match (undetermined
# allowed), checked against the published class.
vector=$shared/unwinnability/test-vector.txt
if [ -f "$vector" ]; then
  awk '!/^#/ && NF && (++n % 20 == 1)' "$vector" >"$work/sample"
  cut -c4- "$work/sample" | "$pgn" winnable - 2>/dev/null >"$work/sample.out"
  paste -d'|' "$work/sample" "$work/sample.out" | while IFS='|' read -r case result; do
    class=${case:0:2}
    for side in white black; do
      [ $side = white ] && can=${class:0:1} || can=${class:1:1}
      verdict=$(sed -E "s/.*; $side (winnable|unwinnable|undetermined).*/\1/" <<<"$result")
      if { [ "$can" = "-" ] && [ "$verdict" = winnable ]; } ||
        { [ "$can" != "-" ] && [ "$verdict" = unwinnable ]; }; then
        echo "FAIL: $case: $side $verdict"
      fi
    done
  done >"$work/sample.fail"
  [ -s "$work/sample.fail" ] && fail "vector sample: $(cat "$work/sample.fail")"
else
  fail "no test vector at $vector"
fi

finish "winnable CLI: all checks passed"
