#!/usr/bin/env bash
# Real crazyhouse, antichess and atomic games through every notation table of localization/:
# written in the table (--to-lang) and read back (--lang), they give the same PGN as the
# English conversion. The spoken table words variant moves as it words standard ones (drops
# as "<piece> eingesetzt auf <file> <rank>", never a piece word glued to a square), and a
# standard en passant capture spoken as "... en passant" reads back.
# Arguments: pgn binary, repository dir, shared dir.
set -u
pgn=$1
repo=$2
variants=$3/corpora/variants
source "$(dirname "$0")/lib/common.sh"

cat "$variants/python-chess/antichess-programfox.pgn" \
  "$variants/python-chess/knightvuillaume-jannlee-zh-lichess.pgn" \
  "$variants/python-chess/saturs-jannlee-zh-lichess.pgn" \
  "$variants/pychess/atomic.pgn" "$variants/pychess/zh.pgn" >"$work/games.pgn"
"$pgn" convert -q "$work/games.pgn" -o "$work/english.pgn" || fail "english conversion"
games=$(grep -c '^\[Event ' "$work/english.pgn")
[ "$games" -ge 90 ] || fail "expected the corpus games, got $games"
for v in Antichess Crazyhouse atomic; do
  grep -q "^\[Variant \"$v\"\]" "$work/english.pgn" || fail "no $v game in the set"
done

tables=0
for table in "$repo"/localization/*.json; do
  code=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["code"])' "$table")
  tables=$((tables + 1))
  "$pgn" convert -q --to-lang "$code" "$work/games.pgn" -o "$work/$code.pgn" 2>"$work/$code.err" ||
    fail "$code: writing failed: $(head -3 "$work/$code.err")"
  "$pgn" convert -q --lang "$code" "$work/$code.pgn" -o "$work/$code.back.pgn" 2>"$work/$code.err" ||
    fail "$code: reading back failed: $(head -3 "$work/$code.err")"
  if ! cmp -s "$work/english.pgn" "$work/$code.back.pgn"; then
    fail "$code: the round trip changed the games"
    diff "$work/english.pgn" "$work/$code.back.pgn" | head -10
  fi
done
[ "$tables" -ge 30 ] || fail "expected every table of localization/, found $tables"

# The spoken table: drops in words, check and win words, no piece word glued to a square.
spoken=$work/de-spoken.moves
perl -0pe 's/\{[^}]*\}//g' "$work/de-spoken.pgn" | grep -v '^\[' >"$spoken"  # moves, no comments
grep -q 'Springer eingesetzt auf [A-Z][a-zä]* [a-zü]*' "$spoken" || fail "no spoken knight drop"
grep -q 'Bauer eingesetzt auf' "$spoken" || fail "no spoken pawn drop"
if grep -Eq '(Springer|Läufer|Turm|Dame|König|Bauer)[a-h]?[1-8@x]|[A-Z]@[a-h][1-8]' "$spoken"; then
  fail "spoken variant moves written as SAN: $(grep -Eo '(Springer|Läufer|Turm|Dame|König|Bauer)[a-h]?[1-8@x][^ ]*|[A-Z]@[a-h][1-8]' "$spoken" | head -3 | tr '\n' ' ')"
fi
# Russian writes its own letters for drops.
grep -q 'К@[a-h][1-8]' "$work/ru.pgn" || fail "no Russian knight drop К@"

# A standard en passant capture: "en passant" is two words, and the reader waits for the
# second before it ends the move.
printf '[Event "ep"]\n[Result "*"]\n\n1. e4 Nf6 2. e5 d5 3. exd6 e6 *\n' >"$work/ep.pgn"
"$pgn" convert -q --to-lang de-spoken "$work/ep.pgn" -o "$work/ep.de.pgn"
grep -q 'Bauer Eva schlägt David sechs en passant Bauer Eva sechs' "$work/ep.de.pgn" ||
  fail "spoken en passant: $(grep '^1' "$work/ep.de.pgn")"
back=$("$pgn" convert -q --lang de-spoken "$work/ep.de.pgn" 2>&1 | grep '^1\.')
[ "$back" = "1. e4 Nf6 2. e5 d5 3. exd6 e6 *" ] || fail "spoken en passant read back: $back"

finish "variant notations: $games games through $tables tables, all checks passed"
