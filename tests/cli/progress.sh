#!/usr/bin/env bash
# The progress line: on standard error, for runs longer than a second, with how far into the
# input (on-disk bytes, compressed ones for .zst), games, games/s, elapsed and remaining time.
# Shown by default only on a terminal; --progress and --no-progress force it; never in the
# report or the converted output. Runs are stretched past a second by stopping the process
# (SIGSTOP) for a while, so the checks do not depend on the machine's speed.
#
# Usage: progress.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$1
source "$(dirname "$0")/lib/common.sh"
for i in $(seq 1 500); do
  printf '[Event "game %d"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "%d"]\n[White "W"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# {mate} 1-0\n\n' "$i" "$i"
done >"$work/500.pgn"
for i in $(seq 1 300); do cat "$work/500.pgn"; done >"$work/big.pgn" # 150,000 games, 23 MB
command -v zstd >/dev/null && zstd -q -19 "$work/big.pgn" -o "$work/big.pgn.zst"

# stretched OUT ERR ARGS...: runs pgn ARGS, stopped for 1.3 s once it has its input (the last
# argument) open: its clock has started by then. A fixed delay instead raced a slow start (a
# sanitizer build on a busy machine takes longer than 0.05 s to reach its clock).
stretched() {
  local out=$1 err=$2
  shift 2
  local input
  input=$(basename "${@: -1}")
  "$pgn" "$@" >"$out" 2>"$err" &
  local pid=$!
  for _ in $(seq 500); do
    ls -l /proc/$pid/fd 2>/dev/null | grep -qF "$input" && break
    kill -0 $pid 2>/dev/null || break
    sleep 0.01
  done
  kill -STOP $pid 2>/dev/null
  sleep 1.3
  kill -CONT $pid 2>/dev/null
  wait $pid
}

stretched "$work/out" "$work/err" validate -j1 --progress --format jsonl "$work/big.pgn"
grep -q '^progress: .*%.* of .*MB  [0-9]* games  [0-9]* games/s  0:0[0-9] elapsed' "$work/err" ||
  fail "--progress: no progress line on standard error: $(head -c 300 "$work/err")"
grep -q 'progress' "$work/out" && fail "--progress: the line reached the report"

if [ -e "$work/big.pgn.zst" ]; then
  stretched "$work/out" "$work/err" convert -j1 -q --progress "$work/big.pgn.zst"
  line=$(grep -m 1 '^progress: ' "$work/err")
  [ -n "$line" ] || fail ".zst: no progress line"
  # The total is the compressed size (kB), not the 23 MB of PGN inside.
  size_kb=$(stat -c %s "$work/big.pgn.zst")
  grep -q " of [0-9.]* kB " <<<"$line" || fail ".zst: the total is not the compressed size ($size_kb bytes): $line"
  grep -q 'progress' "$work/out" && fail ".zst: the line reached the converted output"
  [ "$(grep -c '^\[Event ' "$work/out")" = 150000 ] || fail ".zst: not every game converted"
fi

# dedupe reads its inputs twice: the line covers both readings, says which one it is in, and
# its share of the whole run. The second reading is held up for 1.2 s by writing its copies
# to a named pipe that is not read yet.
for i in $(seq 1 20); do cat "$work/500.pgn"; done >"$work/copies.pgn" # 10,000 games, 9,500 copies
mkfifo "$work/fifo"
exec 3<>"$work/fifo"
"$pgn" dedupe -q -j1 --progress -o "$work/out" --duplicates "$work/fifo" "$work/copies.pgn" 2>"$work/err" &
pid=$!
timeout 60 head -c 1 <&3 >/dev/null || fail "dedupe: the second reading never wrote a copy"
sleep 1.2
cat <&3 >/dev/null &
drain=$!
wait $pid || fail "dedupe --progress failed"
kill $drain 2>/dev/null
exec 3<&-
line=$(grep -m 1 '^progress: reading 2 of 2 ' "$work/err")
[ -n "$line" ] || fail "dedupe: no progress line in the second reading: $(head -c 300 "$work/err")"
percent=$(grep -o '[0-9.]*%' <<<"$line" | cut -d. -f1)
[ "${percent:-0}" -ge 50 ] || fail "dedupe: the second reading is not shown as the second half of the run: $line"

# Not a terminal, no option: no progress line.
stretched "$work/out" "$work/err" validate -j1 "$work/big.pgn"
grep -q 'progress\|elapsed' "$work/err" && fail "progress shown on a standard error that is not a terminal"

# On a terminal (script gives the run a pseudo-terminal): shown, rewriting one line, unless
# --no-progress or --quiet.
if command -v script >/dev/null; then
  script -qefc "sh -c 'sleep 1.2; cat \"$work/big.pgn\"' | \"$pgn\" validate -j1 --format jsonl -o \"$work/tty.jsonl\" -" \
    "$work/typescript" >/dev/null 2>&1
  grep -q $'\r\e\[K.*games/s.*elapsed' "$work/typescript" || fail "terminal: no progress line"
  grep -q 'elapsed' "$work/tty.jsonl" && fail "terminal: the line reached the report"
  for option in --no-progress --quiet; do
    script -qefc "sh -c 'sleep 1.2; cat \"$work/500.pgn\"' | \"$pgn\" validate $option -j1 --format jsonl -" \
      "$work/typescript" >/dev/null 2>&1
    grep -q 'elapsed' "$work/typescript" && fail "terminal, $option: progress shown"
  done
fi

finish "all progress checks passed"
