#!/usr/bin/env bash
# `pgn validate` reports in input order whatever the number of threads: the JSON Lines output
# of 1, 2 and 3 worker threads must be byte for byte the same, on real corpora (several MB, so
# many batches are in flight at once) and on the curated ones.
# Usage: validate_threads.sh PGN_BINARY REPO_DIR SHARED_DIR
set -u
pgn=$1 repo=$2 shared=$3
inputs=("$repo"/corpora/golden/*.pgn "$repo"/corpora/localized/*.pgn)
for f in real/twic944.pgn real/pgnmentor_Carlsen_Nakamura_Firouzja.pgn real/lichess_magnus.pgn \
         edge/rust-pgn-reader/illegal.pgn edge/python-chess/immortal-games.pgn; do
  [ -e "$shared/corpora/$f" ] && inputs+=("$shared/corpora/$f")
done
source "$(dirname "$0")/lib/common.sh"
for threads in 1 2 3; do
  "$pgn" validate -q --list-games --format jsonl --threads $threads "${inputs[@]}" >"$work/$threads.jsonl"
  [ $? -le 1 ] || fail "exit status above 1 with --threads $threads"
done
# The summary record at the end holds the run time: its "seconds" are compared as 0.
for threads in 1 2 3; do
  sed -i -E '/^\{"type":"summary"/ s/"seconds":[0-9.]+/"seconds":0/' "$work/$threads.jsonl"
done
lines=$(wc -l <"$work/1.jsonl")
for threads in 2 3; do
  if ! cmp -s "$work/1.jsonl" "$work/$threads.jsonl"; then
    fail "--threads $threads output differs from --threads 1"
    diff "$work/1.jsonl" "$work/$threads.jsonl" | head -5
  fi
done
# Every game is listed once: as many game records as the summary counts.
games=$(grep -c '"type":"game"' "$work/1.jsonl")
summary=$("$pgn" validate -q --format json --threads 2 "${inputs[@]}" | grep -o '"games":[0-9]*' | tail -1 | cut -d: -f2)
[ "$games" = "$summary" ] || fail "$games game records but the summary counts $summary"
[ "$lines" -gt 1000 ] || fail "only $lines lines of output"
echo "${#inputs[@]} inputs, $games games, $lines report lines, identical for 1, 2 and 3 threads: $([ $failures = 0 ] && echo yes || echo no)"
exit $((failures > 0))
