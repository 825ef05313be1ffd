#!/usr/bin/env bash
# Games whose moves are not replayed (a variant libpgn does not know) are counted apart as
# "not checked" in the summary of every report format, never as valid; convert to a format
# that needs replayed moves says which games it left out and does not exit 0.
#
# Usage: not_checked.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$1
source "$(dirname "$0")/lib/common.sh"
game() { # game VARIANT-TAG-LINE MOVES
  printf '[Event "e"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "1"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n%s\n1. %s *\n\n' "$1" "$2"
}
{
  game '' 'e4 e5 2. Nf3'
  game '[Variant "Duck Chess"]' 'e4 @d5 e5 @e4'
  game '' 'd4 d5'
  game '[Variant "Martian Chess"]' 'Xz9 Yq0'
} >"$work/mixed.pgn"

number() { grep -o "\"$2\":[0-9]*" "$1" | tail -n 1 | cut -d: -f2; }

for format in json jsonl sarif; do
  "$pgn" validate -q --format $format "$work/mixed.pgn" >"$work/r.$format"
  status=$?
  [ $status -eq 0 ] || fail "$format: exit $status (warnings only: expected 0)"
  [ "$(number "$work/r.$format" games_not_checked)" = 2 ] || fail "$format: games_not_checked is not 2"
  [ "$(number "$work/r.$format" games_valid)" = 2 ] || fail "$format: games_valid is not 2"
done
"$pgn" validate -q --format github "$work/mixed.pgn" >"$work/r.github"
grep -q '^::notice title=pgn summary::.*4 games: 2 valid, 0 with errors, 2 not checked' "$work/r.github" ||
  fail "github: the summary notice does not count 2 not checked: $(grep notice "$work/r.github")"
"$pgn" validate "$work/mixed.pgn" >/dev/null 2>"$work/text.err"
grep -q '^1 file, 4 games: 2 valid, 0 with errors, 2 not checked' "$work/text.err" ||
  fail "text: the summary does not count 2 not checked: $(head -n 1 "$work/text.err")"
"$pgn" validate --summary-only "$work/mixed.pgn" >"$work/summary.txt" 2>/dev/null
grep -q '2 not checked' "$work/summary.txt" || fail "--summary-only: not checked missing"

# convert: PGN passes the games on unchanged; uci cannot, and says so.
"$pgn" convert "$work/mixed.pgn" >"$work/out.pgn" 2>"$work/pgn.err"
[ $? -eq 0 ] || fail "convert --to pgn: exit status"
[ "$(grep -c '^\[Event' "$work/out.pgn")" = 4 ] || fail "convert --to pgn: not every game written"
grep -q '2 not checked' "$work/pgn.err" || fail "convert --to pgn: the summary does not count 2 not checked"
for to in uci lan fen epd; do
  "$pgn" convert --to $to "$work/mixed.pgn" >"$work/out.$to" 2>"$work/$to.err"
  status=$?
  [ $status -eq 1 ] || fail "convert --to $to: exit $status, expected 1"
  grep -q '2 games not written' "$work/$to.err" || fail "convert --to $to: no message about the games left out"
  grep -q 'Duck Chess' "$work/$to.err" || fail "convert --to $to: the variant is not named"
done
# A file of standard games only still converts with exit 0.
head -n 10 "$work/mixed.pgn" >"$work/standard.pgn"
"$pgn" convert -q --to uci "$work/standard.pgn" >/dev/null || fail "convert --to uci of standard games"

finish "all not-checked checks passed"
