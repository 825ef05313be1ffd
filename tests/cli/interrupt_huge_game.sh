#!/usr/bin/env bash
# SIGINT and SIGTERM stop a run within a second even inside one huge game: validate, fix,
# convert and select --normalize on a single game of 150 MB of moves on one line (the game
# budget raised to hold it), each signalled half a second in. The reading of the game polls
# the stop request, so the run ends at once (under a second of processor time from the
# signal to the exit), with its interrupt exit status and no output.
# Usage: interrupt_huge_game.sh PGN_BINARY REPO_DIR [SHARED_DIR]
set -u
pgn=$(realpath "$1")
source "$(dirname "$0")/lib/common.sh"

{
  printf '[Event "huge"]\n[Result "*"]\n\n1. Nf3 Nf6 '
  yes "2. Ng1 Ng8 3. Nf3 Nf6" | head -c 150000000 | tr '\n' ' '
  printf ' *\n'
} >"$work/huge.pgn"
budgets=(--max-game-bytes 1073741824 --max-plies 1000000000 --threads 1 -q)

now_ms() { echo $(($(date +%s%N) / 1000000)); }
# Processor time (user + system, in clock ticks) of process $1 once it has ended: a child not
# yet waited for stays a zombie whose /proc entry keeps its final times. Processor time, not
# wall time, so that a loaded machine does not fail the test.
final_ticks() {
  local stat
  for _ in $(seq 1 3000); do
    stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
    stat=${stat##*) }
    set -- $stat
    if [ "$1" = Z ]; then
      echo $((${12} + ${13}))
      return 0
    fi
    sleep 0.01
  done
  return 1
}
ticks_now() {
  local stat
  stat=$(cat "/proc/$1/stat") && stat=${stat##*) } && set -- $stat && echo $((${12} + ${13}))
}
hz=$(getconf CLK_TCK)

for signal in INT TERM; do
  for command in validate "fix -o $work/out.pgn" "convert -o $work/out.pgn" \
    "select --normalize -o $work/out.pgn"; do
    # shellcheck disable=SC2086
    "$pgn" $command "${budgets[@]}" "$work/huge.pgn" >/dev/null 2>"$work/err" &
    pid=$!
    sleep 0.5
    if ! kill -0 "$pid" 2>/dev/null; then
      fail "$command ended before the signal (the game is read too fast to test)"
      continue
    fi
    # Frozen while its processor time is read and the signal sent, so that a test shell
    # starved by a loaded machine does not charge the run for its own delay.
    kill -STOP "$pid"
    sent=$(now_ms)
    before=$(ticks_now "$pid")
    kill -"$signal" "$pid"
    kill -CONT "$pid"
    after=$(final_ticks "$pid")
    wait "$pid"
    status=$?
    took=$(($(now_ms) - sent))
    cpu_ms=$(((after - before) * 1000 / hz))
    [ "$cpu_ms" -lt 1000 ] ||
      fail "$command: SIG$signal took $cpu_ms ms of processor time ($took ms) to stop the run"
    [ "$status" -ne 0 ] || fail "$command: exit status 0 after SIG$signal"
    [ ! -e "$work/out.pgn" ] || fail "$command: wrote $work/out.pgn after SIG$signal"
    rm -f "$work/out.pgn"
  done
done

finish "interrupt_huge_game: all checks passed"
