#!/usr/bin/env bash
# pgn fix with its changes going to standard error (no --report) on a full device: a clear
# failure (exit 2, no abort), whichever stream failed, and the output file left alone.
# Usage: fix_stderr_full.sh PGN_BINARY REPO_DIR [SHARED_DIR]
set -u
pgn=$(realpath "$1")
source "$(dirname "$0")/lib/common.sh"
[ -w /dev/full ] || { echo "no /dev/full: skipped"; exit 0; }

# One game with one change (the result tag is set from the termination marker).
printf '[Event "x"]\n[Site "?"]\n[Date "2020.01.01"]\n[Round "1"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. e4 e5 1-0\n' \
  >"$work/onefix.pgn"

for quiet in -q ""; do
  "$pgn" fix $quiet "$work/onefix.pgn" >/dev/null 2>/dev/full
  status=$?
  expect "fix $quiet, changes to a full standard error: exit status" 2 "$status"
done

echo "kept" >"$work/out.pgn"
"$pgn" fix -q -o "$work/out.pgn" "$work/onefix.pgn" 2>/dev/full
expect "fix -o, changes to a full standard error: exit status" 2 "$?"
expect "fix -o, changes to a full standard error: output untouched" kept "$(cat "$work/out.pgn")"

finish "fix_stderr_full: all checks passed"
