#!/usr/bin/env bash
# -o FILE of validate and convert: a run that fails (missing or unreadable input, truncated
# compressed input, an interrupt) leaves an existing output file exactly as it was and creates
# none; no temporary file stays behind. A run that succeeds replaces the file, keeping its mode.
#
# Usage: output_safety.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$1
source "$(dirname "$0")/lib/common.sh"

# unchanged NAME: keep.out still holds OLD, nothing new appeared in out/.
unchanged() {
  [ "$(cat "$work/out/keep.out")" = OLD ] || fail "$1: the existing output file was changed"
  [ ! -e "$work/out/new.out" ] || fail "$1: a failed run created its output file"
  local extra
  extra=$(ls -A "$work/out" | grep -v '^keep.out$')
  [ -z "$extra" ] || fail "$1: files left behind: $extra"
  rm -rf "${work:?}/out" && mkdir "$work/out" && echo OLD >"$work/out/keep.out"
}
mkdir "$work/out" "$work/a-directory"
echo OLD >"$work/out/keep.out"

games=$work/games.pgn
for i in $(seq 1 3000); do
  printf '[Event "game %d"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "%d"]\n[White "W"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# {mate %d} 1-0\n\n' "$i" "$i" "$i"
done >"$games"

inputs=("$work/nope.pgn" "$work/a-directory")
for tool in gzip zstd; do
  command -v $tool >/dev/null || continue
  $tool -c <"$games" >"$work/games.$tool"
  size=$(stat -c %s "$work/games.$tool")
  head -c $((size * 3 / 4)) "$work/games.$tool" >"$work/cut.$tool"
  inputs+=("$work/cut.$tool")
done

for input in "${inputs[@]}"; do
  for command in "convert" "validate --format json"; do
    for target in keep.out new.out; do
      # shellcheck disable=SC2086
      "$pgn" $command -q -o "$work/out/$target" "$input" 2>"$work/err"
      status=$?
      [ $status -eq 2 ] || fail "$command -o $target $(basename "$input"): exit $status, expected 2"
      grep -q 'not written\|cannot' "$work/err" ||
        fail "$command $(basename "$input"): no message says the output was not written"
      unchanged "$command -o $target $(basename "$input")"
    done
  done
done
# The good input after a bad one: still a failed run.
"$pgn" convert -q -o "$work/out/keep.out" "$games" "$work/nope.pgn" 2>/dev/null
[ $? -eq 2 ] || fail "a good and a missing input: exit status"
unchanged "a good and a missing input"

# -o naming a directory: a usage failure before any reading.
"$pgn" convert -q -o "$work/a-directory" "$games" 2>"$work/err"
[ $? -eq 2 ] || fail "-o a directory: exit status"
grep -q 'directory' "$work/err" || fail "-o a directory: the message does not say so"

# SIGINT in the middle of a run: the input is a pipe that stays open after the first games.
for command in "convert" "validate --format sarif"; do
  rm -f "$work/fifo"
  mkfifo "$work/fifo"
  (cat "$games"; sleep 2) >"$work/fifo" &
  writer=$!
  # shellcheck disable=SC2086
  "$pgn" $command -q -j1 -o "$work/out/keep.out" "$work/fifo" 2>"$work/err" &
  pid=$!
  sleep 0.7
  kill -INT $pid
  wait $pid
  status=$?
  wait $writer
  [ $status -eq 2 ] || fail "$command interrupted: exit $status, expected 2"
  unchanged "$command interrupted"
done

# A second SIGINT ends a run that waits for input at once, still without a trace.
rm -f "$work/fifo"
mkfifo "$work/fifo"
(cat "$games"; sleep 6) >"$work/fifo" &
writer=$!
"$pgn" convert -q -j1 -o "$work/out/keep.out" "$work/fifo" 2>/dev/null &
pid=$!
sleep 0.7
kill -INT $pid
sleep 0.3
kill -INT $pid
started=$SECONDS
wait $pid
status=$?
[ $((SECONDS - started)) -le 2 ] || fail "a second SIGINT did not end the run at once"
[ $status -eq 130 ] || fail "a second SIGINT: exit $status, expected 130"
unchanged "a second SIGINT"
kill $writer 2>/dev/null
wait $writer 2>/dev/null

# Success replaces the file and keeps its mode.
chmod 600 "$work/out/keep.out"
"$pgn" convert -q -o "$work/out/keep.out" "$games" || fail "a good run failed"
[ "$(grep -c '^\[Event ' "$work/out/keep.out")" = 3000 ] || fail "a good run did not write every game"
[ "$(stat -c %a "$work/out/keep.out")" = 600 ] || fail "the replaced file lost its mode"
"$pgn" validate -q --format json -o "$work/out/new.out" "$games" || fail "a good validate run failed"
# -o through a symbolic link replaces the file it names and keeps the link.
echo OLD >"$work/real.pgn"
ln -s ../real.pgn "$work/out/link.pgn"
"$pgn" convert -q -o "$work/out/link.pgn" "$games" || fail "-o through a link failed"
[ -L "$work/out/link.pgn" ] || fail "-o replaced the symbolic link by a file"
[ "$(grep -c '^\[Event ' "$work/real.pgn")" = 3000 ] || fail "-o through a link did not write the file it names"
grep -q '"games":3000' "$work/out/new.out" || fail "the validate report was not written"

# -o naming something that is not a regular file is written directly: a rename through a
# temporary file would replace a named pipe or a device such as /dev/null with a file.
rm -f "$work/fifo"
mkfifo "$work/fifo"
timeout 20 cat "$work/fifo" >"$work/from-fifo" &
reader=$!
timeout 20 "$pgn" convert -q -o "$work/fifo" "$games" || fail "-o a named pipe failed"
wait $reader
[ -p "$work/fifo" ] || fail "-o replaced a named pipe with a file"
[ "$(grep -c '^\[Event ' "$work/from-fifo")" = 3000 ] || fail "-o a named pipe: the reader did not get every game"
ls "$work" | grep -q 'fifo.tmp-' && fail "-o a named pipe left a temporary file"
if mknod "$work/null" c 1 3 2>/dev/null; then
  "$pgn" validate -q --format json -o "$work/null" "$games" || fail "-o a null device failed"
  [ -c "$work/null" ] || fail "-o replaced a character device with a file"
fi

finish "all output safety checks passed"
