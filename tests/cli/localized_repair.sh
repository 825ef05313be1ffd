#!/usr/bin/env bash
# pgn fix --repair-illegal in every built-in notation: a scholar's mate written with
# `pgn convert --to-lang X`, its mating move then given a wrong rank (Qxf6 for Qxf7#), is
# mended when fixed with --lang X and with --lang auto, and the change is said in X and in SAN.
# Usage: localized_repair.sh PGN_BINARY REPO_DIR [SHARED_DIR]
set -u
pgn=$(realpath "$1")
repo=$2
source "$(dirname "$0")/lib/common.sh"

cat >"$work/mate.pgn" <<'PGN'
[Event "e"]
[Site "s"]
[Date "2024.01.02"]
[Round "1"]
[White "w"]
[Black "b"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
PGN
tables=0
for table in "$repo"/localization/*.json; do
  code=$(basename "$table" .json)
  tables=$((tables + 1))
  "$pgn" convert -q --to-lang "$code" -o "$work/$code.pgn" "$work/mate.pgn" ||
    fail "$code: convert exited with $?"
  # The wrong rank, in figures or in the spoken table's words.
  sed -e 's/f7/f6/' -e 's/Felix sieben/Felix sechs/' "$work/$code.pgn" >"$work/slip-$code.pgn"
  cmp -s "$work/$code.pgn" "$work/slip-$code.pgn" && fail "$code: no slip made"
  for lang in "$code" auto; do
    "$pgn" fix -q --threads 1 --repair-illegal --lang "$lang" --report "$work/report.jsonl" \
      -o "$work/fixed.pgn" "$work/slip-$code.pgn"
    status=$?
    expect "$code --lang $lang: exit status" 0 "$status"
    guessed=$(grep -c '"kind":"guessed-move"' "$work/report.jsonl")
    expect "$code --lang $lang: one guessed move" 1 "$guessed"
    if [ "$code" != en ]; then
      grep -q '"now":"[^"]* (SAN Qxf7#)"' "$work/report.jsonl" ||
        fail "$code --lang $lang: the change is not said in SAN: $(cat "$work/report.jsonl")"
    fi
    # The game read back (in SAN, or a spoken game in its own words) is the mate, whole.
    "$pgn" validate -q "$work/fixed.pgn" >/dev/null 2>&1 ||
      fail "$code --lang $lang: the fixed game does not validate"
  done
done
[ "$tables" -ge 30 ] || fail "only $tables tables found"
finish "slips mended in $tables notations"
