#!/usr/bin/env bash
# SIGINT while a run waits for input on a pipe (standard input or a named pipe whose writer
# keeps it open) ends the run at once, as the input's end would: the games read before the
# signal are checked and counted, the summary says the run was interrupted, and the exit
# status is the interrupt's (2). Plain and zstd-compressed pipes, one and two threads, and the
# commands that write games.
# Usage: interrupt_waiting_input.sh PGN_BINARY SOURCE_DIR [SHARED_DIR]
set -u
pgn=$(realpath "$1")
source "$(dirname "$0")/lib/common.sh"

games=$work/games.pgn
for i in $(seq 1 500); do
  printf '[Event "game %d"]\n[White "W"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n' "$i"
done >"$games"
summary_number() { grep -o '"summary":{[^}]*' "$1" | grep -o "\"$2\":[0-9]*" | head -n 1 | cut -d: -f2; }

# check NAME: the run just interrupted ended promptly, with every game of the pipe counted.
check() {
  # The writer holds the pipe open 30 s: a run that waits for it takes that long.
  [ "$waited_ms" -le 3000 ] || fail "$1: the run went on $waited_ms ms after the SIGINT"
  [ "$status" -eq 2 ] || fail "$1: exit $status, expected 2"
  grep -q '"interrupted":true' "$work/report.json" || fail "$1: the report does not say interrupted"
  expect "$1: the games read before the signal" 500 "$(summary_number "$work/report.json" games)"
  expect "$1: valid games" 500 "$(summary_number "$work/report.json" games_valid)"
}

for threads in 1 2; do
  interrupt_reading 30 'cat "$games"' \
    "$pgn" validate -q -j$threads --format json "$work/fifo" >"$work/report.json" 2>/dev/null
  check "a named pipe, $threads thread(s)"
  interrupt_reading 30 'cat "$games"' \
    sh -c 'exec "$0" validate -q -j"$2" --format json - <"$1"' "$pgn" "$work/fifo" "$threads" >"$work/report.json" 2>/dev/null
  check "standard input, $threads thread(s)"
done
if command -v zstd >/dev/null; then
  # A compressed stream cut by the signal is not a truncated one: no read error.
  interrupt_reading 30 'zstd -q -c "$games"' \
    "$pgn" validate -q -j1 --format json "$work/fifo" >"$work/report.json" 2>"$work/err"
  check "a zstd pipe"
  grep -q 'error\[io\]\|truncated' "$work/err" && fail "a zstd pipe: reported as a fault: $(cat "$work/err")"
fi

# The commands that write games stop the same way (with nothing written: an interrupted run
# leaves its output as it was).
for command in convert fix "select --valid" dedupe; do
  # shellcheck disable=SC2086
  interrupt_reading 30 'cat "$games"' "$pgn" $command -q -j1 -o "$work/out.pgn" "$work/fifo" 2>/dev/null
  [ "$waited_ms" -le 3000 ] || fail "$command: the run went on $waited_ms ms after the SIGINT"
  [ "$status" -eq 2 ] || fail "$command: exit $status, expected 2"
  [ -e "$work/out.pgn" ] && fail "$command: an interrupted run wrote its output"
done

# Nothing written yet when the signal comes: the run ends with no games and says so.
interrupt_reading 30 ':' "$pgn" validate -q -j1 --format json "$work/fifo" >"$work/report.json" 2>/dev/null
[ "$waited_ms" -le 3000 ] || fail "an empty pipe: the run went on $waited_ms ms after the SIGINT"
[ "$status" -eq 2 ] || fail "an empty pipe: exit $status, expected 2"
expect "an empty pipe: no games" 0 "$(summary_number "$work/report.json" games)"

# A named pipe nobody opened for writing: the signal comes while opening it waits. The run
# is interrupted, the input is not an unreadable one.
rm -f "$work/fifo"
mkfifo "$work/fifo"
"$pgn" validate -j1 "$work/fifo" >/dev/null 2>"$work/err" &
pid=$!
sleep 0.7
kill -INT $pid
wait $pid
status=$?
[ "$status" -eq 2 ] || fail "a pipe without a writer: exit $status, expected 2"
grep -q "error\[io\]\|cannot open\|could not be read" "$work/err" && fail "a pipe without a writer: reported as unreadable: $(cat "$work/err")"
grep -q '^interrupted' "$work/err" || fail "a pipe without a writer: the summary does not say interrupted: $(cat "$work/err")"

finish "a SIGINT ends a run waiting for input at once, its games counted"
