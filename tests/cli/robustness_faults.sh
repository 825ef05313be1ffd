#!/usr/bin/env bash
# Faults around pgn validate: truncated and corrupt compressed input, unreadable files,
# full disks on output, a reader that goes away, and an interrupt. Each must end in a clear
# report and the right exit status, with every game decoded before a fault still counted.
#
# Usage: robustness_faults.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$1
src=$2
source "$(dirname "$0")/lib/common.sh"
mounted=""
cleanup() {
  [ -n "$mounted" ] && umount "$mounted" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# json_number FILE KEY: the number KEY has in the summary object of a --format json report.
json_number() { grep -o '"summary":{[^}]*' "$1" | grep -o "\"$2\":[0-9]*" | head -n 1 | cut -d: -f2; }

# 2,000 small games, about 200 kB: large enough for several compressed blocks.
games=$work/games.pgn
for i in $(seq 1 2000); do
  printf '[Event "game %d"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "%d"]\n[White "W"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# {mate %d} 1-0\n\n' "$i" "$i" "$i"
done >"$games"
"$pgn" validate -q "$games" || fail "the generated games are not valid"

# ---- truncated and corrupt compressed files ------------------------------------------------
for tool in gzip bzip2 zstd; do
  command -v $tool >/dev/null || continue
  compressed=$work/games.$tool
  # bzip2 decodes whole blocks only: small blocks (-1 = 100 kB) and a late cut leave the
  # first block complete.
  level=""
  [ $tool = bzip2 ] && level=-1
  $tool $level -c <"$games" >"$compressed"
  size=$(stat -c %s "$compressed")

  head -c $((size * 3 / 4)) "$compressed" >"$compressed.cut"
  "$pgn" validate -q --format json "$compressed.cut" >"$work/cut.json"
  status=$?
  [ $status -eq 2 ] || fail "$tool truncated: exit $status, expected 2"
  read_games=$(json_number "$work/cut.json" games)
  [ "${read_games:-0}" -gt 0 ] && [ "${read_games:-0}" -lt 2000 ] ||
    fail "$tool truncated: $read_games games kept, expected some but not all"
  grep -q '"code":"io"' "$work/cut.json" || fail "$tool truncated: no io problem"
  grep -q 'byte [0-9]' "$work/cut.json" || fail "$tool truncated: the message gives no byte offset"
  [ "$(json_number "$work/cut.json" files_failed)" = 1 ] || fail "$tool truncated: files_failed"

  # Garbage in the middle of the stream.
  cp "$compressed" "$compressed.bad"
  printf 'this is not compressed data at all, not at all, not at all' |
    dd of="$compressed.bad" bs=1 seek=$((size / 2)) conv=notrunc status=none
  "$pgn" validate -q --format json "$compressed.bad" >"$work/bad.json"
  status=$?
  [ $status -eq 2 ] || fail "$tool corrupt: exit $status, expected 2"
  grep -q '"code":"io"' "$work/bad.json" || fail "$tool corrupt: no io problem"
  valid=$(json_number "$work/bad.json" games_valid)
  with_errors=$(json_number "$work/bad.json" games_with_errors)
  total=$(json_number "$work/bad.json" games)
  [ $((valid + with_errors)) -eq "$total" ] || fail "$tool corrupt: $valid + $with_errors != $total"
done

# ---- unreadable files: reported, the others still processed, exit 2 at the end --------------
mkdir "$work/a-directory"
"$pgn" validate -q --format json "$work/missing.pgn" "$work/a-directory" "$games" >"$work/mixed.json" 2>"$work/mixed.err"
status=$?
[ $status -eq 2 ] || fail "unreadable files: exit $status, expected 2"
[ "$(json_number "$work/mixed.json" games)" = 2000 ] || fail "unreadable files: the readable file was not processed"
[ "$(json_number "$work/mixed.json" files_failed)" = 2 ] || fail "unreadable files: files_failed"
grep -q 'missing.pgn' "$work/mixed.json" || fail "unreadable files: the missing file is not named"

# ---- full disk ---------------------------------------------------------------------------------
# Standard output on a full device: an error and a non-zero exit.
"$pgn" validate -q --format jsonl --list-games "$games" >/dev/full 2>"$work/full.err"
status=$?
[ $status -eq 2 ] || fail "stdout on /dev/full: exit $status, expected 2"
grep -qi 'no space' "$work/full.err" || fail "stdout on /dev/full: no error message"

# Every command checks the flush and close of standard output: small outputs sit in the
# buffer until the end, so only the final flush finds the full disk. Each must say so and
# exit 2, never 0.
echo '8/8/8/4k3/8/8/4K3/8 w - - 0 1' >"$work/fens.txt"
head -n 40 "$games" >"$work/few.pgn"
printf '[Event "e"]\n[Site "?"]\n[Date "2024.1.1"]\n[Round "1"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 *\n' >"$work/onefix.pgn"
while IFS= read -r command; do
  # shellcheck disable=SC2086
  (cd "$work" && "$pgn" $command) >/dev/full 2>"$work/full.err"
  status=$?
  [ $status -eq 2 ] || fail "$command >/dev/full: exit $status, expected 2"
  grep -qi 'no space' "$work/full.err" || fail "$command >/dev/full: no error message"
done <<'COMMANDS'
validate -q --list-games few.pgn
convert -q few.pgn
select -q --player W few.pgn
select -q --count few.pgn
dedupe -q few.pgn
fix -q few.pgn
fix -q -o fixed.pgn --report - onefix.pgn
fix -q --dry-run --report - onefix.pgn
winnable fens.txt
perft --divide 2
perft 1
COMMANDS
[ -e "$work/fixed.pgn" ] && fail "fix --report - >/dev/full: the games were written although the report failed"

# An output on a full device beside a good one (dedupe --duplicates /dev/full): nothing is
# replaced, the good one neither.
cat "$work/few.pgn" "$work/few.pgn" >"$work/twice.pgn"
echo OLD >"$work/good.pgn"
"$pgn" dedupe -q -o "$work/good.pgn" --duplicates /dev/full "$work/twice.pgn" 2>"$work/full.err"
status=$?
[ $status -eq 2 ] || fail "dedupe --duplicates /dev/full: exit $status, expected 2"
[ "$(cat "$work/good.pgn")" = OLD ] || fail "dedupe --duplicates /dev/full: -o was replaced all the same"
grep -q 'good.pgn not written' "$work/full.err" || fail "dedupe --duplicates /dev/full: no message that -o was not written"
echo OLD >"$work/good.pgn"
"$pgn" fix -q -o "$work/good.pgn" --report /dev/full "$work/onefix.pgn" 2>/dev/null
[ $? -eq 2 ] || fail "fix --report /dev/full: exit status"
[ "$(cat "$work/good.pgn")" = OLD ] || fail "fix --report /dev/full: -o was replaced all the same"

# An unreadable input: every command that reads games reports it, exits 2 and writes nothing
# to -o; its summary says nothing was written.
for command in validate convert "select --player W" dedupe fix; do
  echo OLD >"$work/keep.out"
  # shellcheck disable=SC2086
  "$pgn" $command -o "$work/keep.out" "$games" "$work/missing.pgn" 2>"$work/unreadable.err"
  status=$?
  [ $status -eq 2 ] || fail "$command with a missing input: exit $status, expected 2"
  [ "$(cat "$work/keep.out")" = OLD ] || fail "$command with a missing input: -o was replaced"
  grep -q 'keep.out not written' "$work/unreadable.err" || fail "$command with a missing input: no 'not written'"
  [ "$command" = validate ] && continue # its problems and summary are the report's
  grep -q 'missing.pgn' "$work/unreadable.err" || fail "$command with a missing input: not named"
  grep -q 'nothing written' "$work/unreadable.err" ||
    fail "$command with a missing input: the summary does not say nothing was written: $(tail -n 3 "$work/unreadable.err")"
done
if "$pgn" winnable "$work/missing.pgn" >/dev/null 2>&1; then fail "winnable with a missing input: exit 0"; fi

# -o FILE on a full file system: an error, and neither the file nor a temporary left behind.
mkdir "$work/small-fs"
if mount -t tmpfs -o size=64k tmpfs "$work/small-fs" 2>/dev/null; then
  mounted=$work/small-fs
  "$pgn" validate -q --format jsonl --list-games -o "$work/small-fs/report.jsonl" "$games" 2>"$work/enospc.err"
  status=$?
  [ $status -eq 2 ] || fail "-o on a full file system: exit $status, expected 2"
  grep -qi 'no space' "$work/enospc.err" || fail "-o on a full file system: no error message"
  leftovers=$(ls -A "$work/small-fs")
  [ -z "$leftovers" ] || fail "-o on a full file system left files behind: $leftovers"
  for command in convert fix dedupe "select --invert --player no-such-player"; do
    # shellcheck disable=SC2086
    "$pgn" $command -q -o "$work/small-fs/out.pgn" "$3/corpora/real/twic944.pgn" 2>"$work/enospc.err"
    status=$?
    [ $status -eq 2 ] || fail "$command -o on a full file system: exit $status, expected 2"
    grep -qi 'no space' "$work/enospc.err" || fail "$command -o on a full file system: no error message"
    leftovers=$(ls -A "$work/small-fs")
    [ -z "$leftovers" ] || fail "$command -o on a full file system left files behind: $leftovers"
  done
  umount "$work/small-fs" && mounted=""
else
  echo "SKIP: cannot mount a small tmpfs here; -o on a full file system not tested" >&2
fi

# ---- a reader that goes away -------------------------------------------------------------------
"$pgn" validate -q --format jsonl --list-games "$games" "$games" "$games" 2>"$work/pipe.err" | head -c 100 >/dev/null
status=${PIPESTATUS[0]}
[ -s "$work/pipe.err" ] && fail "closed pipe: messages on stderr: $(head -c 300 "$work/pipe.err")"
[ $status -le 1 ] || fail "closed pipe: exit $status"

# ---- SIGINT: workers stop, the summary of what was done is still printed ------------------------
big=()
for i in $(seq 1 200); do big+=("$games"); done
"$pgn" validate --format json "${big[@]}" >"$work/interrupted.json" 2>"$work/interrupted.err" &
pid=$!
sleep 0.3
kill -INT $pid 2>/dev/null
wait $pid
status=$?
if grep -q '^interrupted:' "$work/interrupted.err"; then
  [ $status -eq 2 ] || fail "SIGINT: exit $status, expected 2"
  grep -q '"interrupted":true' "$work/interrupted.json" || fail "SIGINT: the report does not say interrupted"
  valid=$(json_number "$work/interrupted.json" games_valid)
  total=$(json_number "$work/interrupted.json" games)
  [ "$valid" = "$total" ] || fail "SIGINT: $valid valid of $total games"
else
  echo "SKIP: the run finished before the interrupt arrived" >&2
fi

finish "all fault checks passed"
