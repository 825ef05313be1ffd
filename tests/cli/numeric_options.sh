#!/usr/bin/env bash
# Every numeric option is read strictly: a negative, absurd or malformed value is a usage
# error (exit 2) naming the option and its range, never a wrapped-around number, an abort or
# a run with a silly budget.
#
# Usage: numeric_options.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$1
source "$(dirname "$0")/lib/common.sh"
printf '[Event "e"]\n[Site "?"]\n[Date "?"]\n[Round "?"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 *\n' >"$work/g.pgn"

# rejected COMMAND OPTION VALUE: exit 2, a message naming the option, nothing on stdout.
rejected() {
  local command=$1 option=$2 value=$3
  "$pgn" "$command" "$option" "$value" "$work/g.pgn" >"$work/out" 2>"$work/err"
  local status=$?
  [ $status -eq 2 ] || fail "$command $option $value: exit $status, expected 2"
  grep -q -- "$option" "$work/err" || fail "$command $option $value: the message does not name $option: $(head -c 200 "$work/err")"
  [ ! -s "$work/out" ] || fail "$command $option $value: wrote to standard output"
}
for command in validate convert; do
  for value in -1 100000 abc 1.5 "" 99999999999999999999999; do
    rejected $command --threads "$value"
  done
  for option in --max-plies --max-variation-depth --max-game-bytes; do
    for value in -1 0 x 99999999999999999999; do rejected $command $option "$value"; done
  done
  for value in -1 x 4294967296000; do rejected $command --max-comment-bytes "$value"; done
  "$pgn" $command -j -2 "$work/g.pgn" 2>"$work/err" >/dev/null
  [ $? -eq 2 ] && grep -q -- --threads "$work/err" || fail "$command -j -2"
done
for value in -1 1000001 x; do rejected convert --line-width "$value"; done
rejected validate --max-per-code -1

"$pgn" perft -- -1 >/dev/null 2>&1
[ $? -eq 2 ] || fail "perft -1: exit status"
"$pgn" perft 33 >/dev/null 2>"$work/err"
[ $? -eq 2 ] || fail "perft 33: exit status"

# Values inside the ranges still work.
"$pgn" validate -q --threads 3 --max-plies 5 --max-game-bytes 100000 "$work/g.pgn" >/dev/null || fail "accepted values"
"$pgn" convert -q --line-width 0 -j 1 "$work/g.pgn" >/dev/null || fail "--line-width 0"

finish "all numeric option checks passed"
