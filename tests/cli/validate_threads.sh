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
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
for threads in 1 2 3; do
  "$pgn" validate -q --list-games --format jsonl --threads $threads "${inputs[@]}" >"$tmp/$threads.jsonl"
  [ $? -le 1 ] || { echo "FAIL: exit status above 1 with --threads $threads"; failed=1; }
done
# The summary record at the end holds the run time: its "seconds" are compared as 0.
for threads in 1 2 3; do
  sed -i -E '/^\{"type":"summary"/ s/"seconds":[0-9.]+/"seconds":0/' "$tmp/$threads.jsonl"
done
lines=$(wc -l <"$tmp/1.jsonl")
for threads in 2 3; do
  if ! cmp -s "$tmp/1.jsonl" "$tmp/$threads.jsonl"; then
    echo "FAIL: --threads $threads output differs from --threads 1"
    diff "$tmp/1.jsonl" "$tmp/$threads.jsonl" | head -5
    failed=1
  fi
done
# Every game is listed once: as many game records as the summary counts.
games=$(grep -c '"type":"game"' "$tmp/1.jsonl")
summary=$("$pgn" validate -q --format json --threads 2 "${inputs[@]}" | grep -o '"games":[0-9]*' | tail -1 | cut -d: -f2)
[ "$games" = "$summary" ] || { echo "FAIL: $games game records but the summary counts $summary"; failed=1; }
[ "$lines" -gt 1000 ] || { echo "FAIL: only $lines lines of output"; failed=1; }
echo "${#inputs[@]} inputs, $games games, $lines report lines, identical for 1, 2 and 3 threads: $([ $failed = 0 ] && echo yes || echo no)"
exit $failed
