#!/usr/bin/env bash
# -o FILE of every command: a run that fails (missing or unreadable input, truncated
# compressed input, an interrupt, two interrupts) leaves an existing output file exactly as it
# was and creates none; no temporary file stays behind. A run that succeeds replaces the file,
# keeping its mode. -o never names an input; --in-place rewrites inputs on purpose; a link
# planted by another user in a sticky folder is not followed.
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
  for command in "convert" "validate --format json" "fix" "dedupe" "select --player W"; do
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
  # shellcheck disable=SC2086
  interrupt_reading 2 'cat "$games"' "$pgn" $command -q -j1 -o "$work/out/keep.out" "$work/fifo" 2>"$work/err"
  [ $status -eq 2 ] || fail "$command interrupted: exit $status, expected 2"
  unchanged "$command interrupted"
done

# One SIGINT ends a run that waits for input at once, still without a trace.
interrupt_reading 30 'cat "$games"' "$pgn" convert -q -j1 -o "$work/out/keep.out" "$work/fifo" 2>/dev/null
[ "$waited_ms" -le 3000 ] || fail "a SIGINT did not end a run waiting for input at once (${waited_ms} ms)"
[ $status -eq 2 ] || fail "a SIGINT while waiting for input: exit $status, expected 2"
unchanged "a SIGINT while waiting for input"

# Success replaces the file and keeps its mode.
chmod 600 "$work/out/keep.out"
"$pgn" convert -q -o "$work/out/keep.out" "$games" || fail "a good run failed"
[ "$(grep -c '^\[Event ' "$work/out/keep.out")" = 3000 ] || fail "a good run did not write every game"
[ "$(stat -c %a "$work/out/keep.out")" = 600 ] || fail "the replaced file lost its mode"
"$pgn" validate -q --format json -o "$work/out/new.out" "$games" || fail "a good validate run failed"
for command in fix dedupe "select --player W"; do
  # shellcheck disable=SC2086
  "$pgn" $command -q -o "$work/out/keep.out" "$games" 2>/dev/null || fail "a good $command run failed"
  expected=3000
  [ "$command" = dedupe ] && expected=1 # the games differ in their tags only
  [ "$(grep -c '^\[Event ' "$work/out/keep.out")" = $expected ] || fail "a good $command run did not write every game"
  [ "$(stat -c %a "$work/out/keep.out")" = 600 ] || fail "$command: the replaced file lost its mode"
done
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

# ---- -o naming an input: refused by every command, also through hard and symbolic links ----
cp "$games" "$work/in.pgn"
ln "$work/in.pgn" "$work/in-hard.pgn"
ln -s in.pgn "$work/in-link.pgn"
for target in in.pgn in-hard.pgn in-link.pgn; do
  for command in "validate -o" "convert -o" "select --player W -o" "dedupe -o" "dedupe --duplicates" "fix -o" "fix --report"; do
    # shellcheck disable=SC2086
    "$pgn" $command "$work/$target" "$work/in.pgn" >/dev/null 2>"$work/err"
    status=$?
    [ $status -eq 2 ] || fail "$command $target (an input): exit $status, expected 2"
    grep -q 'one of the inputs' "$work/err" || fail "$command $target (an input): no clear message: $(head -c 200 "$work/err")"
    cmp -s "$games" "$work/in.pgn" || fail "$command $target (an input): the input was changed"
    cp "$games" "$work/in.pgn"
  done
done
ls "$work" | grep -q '\.tmp-' && fail "-o naming an input left a temporary file"
# Two outputs of one run naming one file: refused too.
"$pgn" dedupe -q -o "$work/out/both.pgn" --duplicates "$work/out/both.pgn" "$games" 2>"$work/err"
[ $? -eq 2 ] || fail "dedupe -o X --duplicates X: exit status"
grep -q 'already an output' "$work/err" || fail "dedupe -o X --duplicates X: no clear message"
rm -f "$work/out/both.pgn"

# ---- --in-place: fix and convert rewrite each input, together, only when the run completes ----
printf '[Event "a"]\n[Site "?"]\n[Date "2024.1.1"]\n[Round "1"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# *\n' >"$work/a.pgn"
head -n 30 "$games" >"$work/b.pgn"
"$pgn" fix -q -o "$work/a.fixed" "$work/a.pgn" 2>/dev/null
"$pgn" fix -q -o "$work/b.fixed" "$work/b.pgn" 2>/dev/null
cp "$work/a.pgn" "$work/a.orig"
chmod 640 "$work/a.pgn"
"$pgn" fix --in-place "$work/a.pgn" "$work/b.pgn" "$work/nope.pgn" 2>"$work/err"
[ $? -eq 2 ] || fail "fix --in-place with a missing input: exit status"
cmp -s "$work/a.pgn" "$work/a.orig" || fail "fix --in-place with a missing input: an input was rewritten"
grep -q 'cannot read .*nope.pgn' "$work/err" || fail "fix --in-place with a missing input: not said"
"$pgn" fix --in-place "$work/a.pgn" "$work/b.pgn" 2>"$work/err"
[ $? -eq 0 ] || fail "fix --in-place: exit status"
cmp -s "$work/a.pgn" "$work/a.fixed" || fail "fix --in-place: a.pgn is not what fix -o writes"
cmp -s "$work/b.pgn" "$work/b.fixed" || fail "fix --in-place: b.pgn is not what fix -o writes"
[ "$(stat -c %a "$work/a.pgn")" = 640 ] || fail "fix --in-place: the mode was lost"
grep -q '^2 files rewritten in place' "$work/err" || grep -q '2 files rewritten in place' "$work/err" ||
  fail "fix --in-place: the summary does not say what was rewritten: $(cat "$work/err")"
"$pgn" convert -q --to uci -o "$work/a.uci" "$work/a.orig"
cp "$work/a.orig" "$work/a.pgn"
"$pgn" convert -q --to uci --in-place "$work/a.pgn" || fail "convert --in-place failed"
cmp -s "$work/a.pgn" "$work/a.uci" || fail "convert --in-place: not what convert -o writes"
for bad in "-o $work/x.pgn $work/a.pgn" "$work/a.pgn $work/a.pgn" "$work/a.pgn $work/in.pgn $work/in-hard.pgn" "-"; do
  # shellcheck disable=SC2086
  "$pgn" convert --in-place $bad </dev/null >/dev/null 2>"$work/err"
  [ $? -eq 2 ] || fail "convert --in-place $bad: not refused"
done
if command -v zstd >/dev/null; then
  "$pgn" fix --in-place "$work/games.zstd" 2>"$work/err"
  [ $? -eq 2 ] || fail "fix --in-place on a compressed file: not refused"
fi
ls "$work" | grep -q '\.tmp-' && fail "--in-place left a temporary file"

# ---- symbolic links planted in a world-writable sticky folder (/tmp) ----
# The kernel's protected_symlinks rule: follow a link there only when the caller or the
# folder's owner owns it. Otherwise -o would rename over whatever the link names.
mkdir -m 1777 "$work/sticky"
echo VICTIM >"$work/victim"
mkdir "$work/elsewhere"
ln -s "$work/victim" "$work/sticky/planted"
ln -s "$work/elsewhere" "$work/sticky/planted-dir"
if chown -h nobody "$work/sticky/planted" "$work/sticky/planted-dir" 2>/dev/null; then
  for command in "validate --format json" convert "select --player W" dedupe fix; do
    for target in planted planted-dir/out.pgn; do
      # shellcheck disable=SC2086
      "$pgn" $command -q -o "$work/sticky/$target" "$games" 2>"$work/err"
      status=$?
      [ $status -eq 2 ] || fail "$command -o a planted link ($target): exit $status, expected 2"
      grep -q 'belongs to another user' "$work/err" || fail "$command -o a planted link: no clear message: $(head -c 300 "$work/err")"
      [ "$(cat "$work/victim")" = VICTIM ] || fail "$command -o a planted link: the file it names was replaced"
      [ -z "$(ls -A "$work/elsewhere")" ] || fail "$command -o through a planted folder link: written"
      echo VICTIM >"$work/victim"
    done
  done
  # The caller's own link there is followed, as is another user's link outside sticky folders.
  ln -s "$work/victim" "$work/sticky/mine"
  "$pgn" convert -q -o "$work/sticky/mine" "$games" || fail "-o the caller's own link in a sticky folder failed"
  [ "$(grep -c '^\[Event ' "$work/victim")" = 3000 ] || fail "-o the caller's own link: not written"
  ln -s "$work/victim" "$work/out/theirs"
  chown -h nobody "$work/out/theirs"
  "$pgn" validate -q -o "$work/out/theirs" "$games" || fail "-o another user's link outside a sticky folder failed"
  rm -f "$work/out/theirs"
else
  echo "SKIP: cannot give a link to another user here; planted links not tested" >&2
fi

# ---- interrupts: every temporary file goes, however many signals, in every command ----
# A large input (shared corpora, concatenated: about 330 MB, several seconds of work even for
# dedupe's fast first reading on an idle machine) so that the run is still reading, its
# temporary files made, when the signals come half a second in.
shared=$3
big=$work/big.pgn
for i in $(seq 25); do
  cat "$shared"/corpora/real/twic944.pgn "$shared"/corpora/real/cancer0707.pgn \
    "$shared"/corpora/real/pgnmentor_Carlsen_Nakamura_Firouzja.pgn
done >"$big"
rm -rf "${work:?}/out" && mkdir "$work/out" && echo OLD >"$work/out/keep.out"
echo OLD >"$work/out/second.out"
# A second interrupt ends the run at once. Two signals sent one after the other to a running
# process race its own clean stop after the first (a busy machine lets it finish in between),
# so the run is frozen first: SIGINT and SIGHUP, being different signals, both stay pending
# (two SIGINTs would merge into one), and on SIGCONT both handlers run before any of the run's
# own code does. The second one handled exits with 128 + its number: 129 or 130.
stopped() { [ "$(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null)" = T ]; }
while IFS= read -r command; do
  # shellcheck disable=SC2086
  (cd "$work/out" && exec "$pgn" $command "$big") >/dev/null 2>"$work/err" &
  pid=$!
  sleep 0.5
  kill -STOP $pid
  for _ in $(seq 500); do stopped $pid && break; sleep 0.01; done
  stopped $pid || fail "$command: the run did not stop on SIGSTOP"
  ls -A "$work/out" | grep -q '\.tmp-' || fail "$command: no temporary file half a second in"
  kill -INT $pid
  kill -HUP $pid
  kill -CONT $pid
  wait $pid
  status=$?
  [ "$(cat "$work/out/keep.out")" = OLD ] || fail "$command, two interrupts: keep.out changed"
  [ "$(cat "$work/out/second.out")" = OLD ] || fail "$command, two interrupts: second.out changed"
  leftovers=$(ls -A "$work/out" | grep '\.tmp-')
  if [ -n "$leftovers" ]; then
    fail "$command, two interrupts: temporary files left behind: $leftovers"
    rm -f "$work"/out/*.tmp-*
  fi
  [ $status -eq 129 ] || [ $status -eq 130 ] ||
    fail "$command, two interrupts: exit $status, expected 129 or 130 (ended by the second)"
done <<'COMMANDS'
dedupe -o keep.out --duplicates second.out
fix -o keep.out --report second.out
validate --format json -o keep.out
convert -o keep.out
select --valid -o keep.out
COMMANDS
rm -f "$work/out/second.out"

# One SIGINT: the run stops, and its summary says it was interrupted and that nothing was
# written, never "games written N".
while IFS= read -r command; do
  # shellcheck disable=SC2086
  "$pgn" $command -o "$work/out/keep.out" "$big" >/dev/null 2>"$work/err" &
  pid=$!
  sleep 0.5
  kill -INT $pid
  wait $pid
  status=$?
  [ $status -eq 2 ] || fail "$command, SIGINT: exit $status, expected 2"
  grep -q '^interrupted' "$work/err" || fail "$command, SIGINT: the summary does not say interrupted: $(tail -n 4 "$work/err")"
  grep -q 'nothing written' "$work/err" || fail "$command, SIGINT: the summary does not say nothing was written"
  grep -q 'games written [1-9]\|[1-9][0-9]* written' "$work/err" && fail "$command, SIGINT: the summary claims games written"
  unchanged "$command, SIGINT"
done <<'COMMANDS'
convert
fix
dedupe
select --valid
COMMANDS
# --in-place interrupted: no input rewritten, and the summary says so.
cp "$big" "$work/big-copy.pgn"
"$pgn" fix --in-place "$big" "$work/big-copy.pgn" >/dev/null 2>"$work/err" &
pid=$!
sleep 0.5
kill -INT $pid
wait $pid
[ $? -eq 2 ] || fail "fix --in-place, SIGINT: exit status"
cmp -s "$big" "$work/big-copy.pgn" || fail "fix --in-place, SIGINT: an input was changed"
grep -q 'nothing written' "$work/err" || fail "fix --in-place, SIGINT: the summary does not say nothing was written"
ls "$work" | grep -q '\.tmp-' && fail "fix --in-place, SIGINT: temporary files left behind"

finish "all output safety checks passed"
