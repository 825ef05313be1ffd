#!/usr/bin/env bash
# pgn dedupe reads its inputs twice. An input that can be read once only (a process
# substitution, a named pipe, standard input, compressed or not) is kept for the second
# reading, so it gives what the same games in a file give; an input that changed between the
# two readings is an error (exit 2) and every output stays as it was.
#
# Usage: dedupe_inputs.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$1
shared=$3
source "$(dirname "$0")/lib/common.sh"
cleanup() {
  [ -n "${drain:-}" ] && kill "$drain" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

cat "$shared/corpora/real/twic944.pgn" "$shared/corpora/real/twic944.pgn" >"$work/twice.pgn"
"$pgn" dedupe -q -o "$work/expected.pgn" --duplicates "$work/expected.dups" "$work/twice.pgn" ||
  fail "dedupe of a plain file failed"
[ -s "$work/expected.dups" ] || fail "the test input has no copies"

# same NAME: out.pgn and dups.pgn are what the plain file gave.
same() {
  cmp -s "$work/expected.pgn" "$work/out.pgn" || fail "$1: the games written differ from a plain file's"
  cmp -s "$work/expected.dups" "$work/dups.pgn" || fail "$1: the copies differ from a plain file's"
  rm -f "$work/out.pgn" "$work/dups.pgn"
}

timeout 60 "$pgn" dedupe -q -o "$work/out.pgn" --duplicates "$work/dups.pgn" <(cat "$work/twice.pgn")
status=$?
[ $status -eq 0 ] || fail "process substitution: exit $status"
same "process substitution"

mkfifo "$work/fifo"
cat "$work/twice.pgn" >"$work/fifo" &
timeout 60 "$pgn" dedupe -q -o "$work/out.pgn" --duplicates "$work/dups.pgn" "$work/fifo"
status=$?
[ $status -eq 0 ] || fail "named pipe: exit $status (124: it hung)"
same "named pipe"

timeout 60 "$pgn" dedupe -q -o "$work/out.pgn" --duplicates "$work/dups.pgn" - <"$work/twice.pgn"
[ $? -eq 0 ] || fail "standard input: exit status"
same "standard input"

if command -v zstd >/dev/null; then
  timeout 60 "$pgn" dedupe -q -o "$work/out.pgn" --duplicates "$work/dups.pgn" <(zstd -qc "$work/twice.pgn")
  [ $? -eq 0 ] || fail "zstd through a process substitution: exit status"
  same "zstd through a process substitution"
fi

# A pipe and a file together: the copies across them are found.
head -n 2000 "$work/twice.pgn" >"$work/part.pgn"
"$pgn" dedupe -q -o "$work/expected.pgn" --duplicates "$work/expected.dups" "$work/part.pgn" "$work/twice.pgn"
timeout 60 "$pgn" dedupe -q -o "$work/out.pgn" --duplicates "$work/dups.pgn" <(cat "$work/part.pgn") "$work/twice.pgn"
[ $? -eq 0 ] || fail "a pipe and a file: exit status"
same "a pipe and a file"

# An input changed between the two readings. The copies go to a named pipe nobody reads, so
# the second reading stops at its first megabyte of copies; the input grows then.
cp "$work/twice.pgn" "$work/changing.pgn"
echo OLD >"$work/out.pgn"
rm -f "$work/fifo"
mkfifo "$work/fifo"
exec 3<>"$work/fifo" # a reader that does not read yet
"$pgn" dedupe -q -o "$work/out.pgn" --duplicates "$work/fifo" "$work/changing.pgn" 2>"$work/err" &
pid=$!
timeout 60 head -c 1 <&3 >/dev/null || fail "the second reading never wrote a copy"
head -n 40 "$work/twice.pgn" >>"$work/changing.pgn"
cat <&3 >/dev/null &
drain=$!
timeout 60 tail --pid=$pid -f /dev/null
wait $pid
status=$?
exec 3<&-
[ $status -eq 2 ] || fail "an input changed between the readings: exit $status, expected 2"
grep -q 'changed between the two readings' "$work/err" || fail "an input changed: no clear message: $(cat "$work/err")"
[ "$(cat "$work/out.pgn")" = OLD ] || fail "an input changed: the output was replaced"
ls "$work" | grep -q '\.tmp-' && fail "an input changed: a temporary file was left"

finish "all dedupe input checks passed"
