#!/usr/bin/env bash
# --variant NAME: the rules of games without a Variant tag, in validate, convert, fix, select
# and dedupe. FICS exports crazyhouse games without the tag (zh2200plus.pgn: 1,285 of 1,291
# games have a drop); with --variant crazyhouse the whole file reads clean. A game's own tag
# wins, with a warning when it names other rules. Without the option, an untagged game that
# another rule set reads whole has its first error name that set and the option.
# Arguments: pgn binary, repository dir, shared dir.
set -u
pgn=$1
dir=$3/corpora/variants
if [ ! -d "$dir" ]; then
  echo "SKIP: no $dir"
  exit 0
fi
source "$(dirname "$0")/lib/common.sh"

zh=$dir/pychess/zh2200plus.pgn
if [ -f "$zh" ]; then
  summary() { "$pgn" "$@" 2>&1 >/dev/null | head -1; }
  clean="1 file, 1291 games: 1291 valid, 0 with errors, 0 with warnings; 77477 moves replayed"
  expect "validate --variant crazyhouse" "$clean" \
    "$(summary validate --errors-only --variant crazyhouse "$zh")"
  expect "validate --variant Crazyhouse (the tag's spelling)" "$clean" \
    "$(summary validate --errors-only --variant Crazyhouse "$zh")"
  expect "convert --variant crazyhouse" "$clean" "$(summary convert --variant crazyhouse "$zh")"
  expect "fix --variant crazyhouse" "$clean" "$(summary fix --variant crazyhouse "$zh")"
  # Without it: the first drop of each game names the variant and the option.
  hinted=$("$pgn" validate -q -f jsonl "$zh" | grep -c 'drops exist only in crazyhouse, and the game is played by standard rules: is this crazyhouse? use --variant crazyhouse')
  expect "drops name crazyhouse and the option" 1285 "$hinted"
  # select: the one --variant named is also the rules of untagged games.
  expect "select --valid --variant crazyhouse" 1291 \
    "$("$pgn" select -q --count --valid --variant crazyhouse "$zh")"
  expect "select --valid (standard rules)" 6 "$("$pgn" select -q --count --valid "$zh")"
  # dedupe replays by the option's rules: the file twice is each game once plus its copy.
  dd=$("$pgn" dedupe --variant crazyhouse "$zh" "$zh" -o "$work/once.pgn" 2>&1 | tail -1)
  expect "dedupe --variant crazyhouse" "2582 games: 1287 written, 1295 duplicates (1295 exact)" \
    "${dd%%;*}"
  # The same games with their Variant tag are the same games (the 6 without a drop too).
  awk '/^\[Event /{print "[Variant \"Crazyhouse\"]"} {print}' "$zh" >"$work/zh-tagged.pgn"
  dd=$("$pgn" dedupe --variant crazyhouse "$zh" "$work/zh-tagged.pgn" -o /dev/null 2>&1 | tail -1)
  expect "dedupe --variant crazyhouse, untagged and tagged" \
    "2582 games: 1287 written, 1295 duplicates (1295 exact)" "${dd%%;*}"
else
  echo "SKIP (corpus part): no $zh"
fi

# A Variant tag wins over the option, with a warning when they differ.
cat >"$work/tagged.pgn" <<'EOF'
[Event "tagged standard"]
[Variant "Standard"]

1. e4 e5 *

[Event "tagged crazyhouse"]
[Variant "Crazyhouse"]

1. e4 d5 2. exd5 Qxd5 3. P@e4 *

[Event "untagged"]

1. e4 d5 2. exd5 Qxd5 3. P@e4 *
EOF
got=$("$pgn" validate -q --no-tag-checks --variant crazyhouse -f jsonl "$work/tagged.pgn" |
  python3 -c 'import json,sys
for l in sys.stdin:
    r=json.loads(l)
    if "code" in r: print(r["game"], r["severity"], r["code"], r["message"])')
expect "tag against option" \
  '1 warning bad-tag Variant "Standard" differs from the rules asked for (crazyhouse): the game is read by its tag' \
  "$got"
"$pgn" validate -q --variant shogi "$work/tagged.pgn" 2>"$work/err"
expect "unknown --variant: usage error" 2 $?
expect "unknown --variant: names the known ones" \
  "pgn validate: unknown variant 'shogi'; known: standard chess960 antichess atomic crazyhouse horde king-of-the-hill racing-kings three-check bughouse" \
  "$(cat "$work/err")"

# The hints: a pocket in the FEN (brackets or a ninth rank), check counters, a king capture
# (antichess), an exploded piece moved on (atomic).
game() { cat >"$work/h$1.pgn"; }
game 1 <<'EOF'
[Event "pocket"]
[SetUp "1"]
[FEN "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[Nn] w KQkq - 0 1"]

1. e4 *
EOF
game 2 <<'EOF'
[Event "pocket rank"]
[SetUp "1"]
[FEN "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR/Nn w KQkq - 0 1"]

1. N@e5 *
EOF
game 3 <<'EOF'
[Event "checks"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"]

1. e4 *
EOF
# The first antichess game of python-chess's file and the first atomic game of pychess's,
# their Variant tags taken away.
first_untagged() {
  python3 -c 'import re,sys
game = re.split(r"\n\s*\n(?=\[)", open(sys.argv[1]).read())[0]
print(re.sub(r"(?m)^\[Variant .*\n", "", game))' "$1"
}
first_untagged "$dir/python-chess/antichess-programfox.pgn" | game 4
first_untagged "$dir/pychess/atomic.pgn" | game 5
for i in 1 2 3 4 5; do cat "$work/h$i.pgn"; echo; done >"$work/hints.pgn"
got=$("$pgn" validate -q --no-tag-checks -f jsonl "$work/hints.pgn" | python3 -c 'import json,sys
for l in sys.stdin:
    r=json.loads(l)
    if r.get("severity")=="error": print(r["game"], r["message"].split(": ")[-1])')
expect "hints" "1 is this crazyhouse? use --variant crazyhouse
2 is this crazyhouse? use --variant crazyhouse
3 is this three-check? use --variant three-check
4 is this antichess? use --variant antichess
5 is this atomic? use --variant atomic" "$got"
# Given the rules they name, the same games read clean.
for v in "crazyhouse 1" "crazyhouse 2" "three-check 3" "antichess 4" "atomic 5"; do
  set -- $v
  expect "game $2 with --variant $1" 0 \
    "$("$pgn" validate -q --no-tag-checks --variant "$1" -f jsonl "$work/h$2.pgn" | grep -c '"severity":"error"')"
done

finish "--variant: rules of untagged games, tag wins with a warning, hints name the variant"
