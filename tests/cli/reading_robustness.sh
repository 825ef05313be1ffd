#!/usr/bin/env bash
# Reading and checking games as they come (issue 16: items 3, 4, 5, 15, 16, 17, 18, 19, 20):
# several games on one line, blank lines inside movetext, games over --max-game-bytes, empty
# and binary input, spoken German annotations, an illegal move in a variation, a pawn capture
# written as a push, other dashes, games without a Result tag or without movetext.
#
# Usage: reading_robustness.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$1
shared=$3
source "$(dirname "$0")/lib/common.sh"

has() { grep -qF -- "$2" "$1" || fail "$3: no '$2' in $(cat "$1")"; }
games_read() { grep -o '^1 file, [0-9]* game' "$1" | grep -o '[0-9]* game' | cut -d' ' -f1; }

# Item 4: a real file with its line ends removed keeps all its games.
twic=$shared/corpora/real/twic944.pgn
if [[ -f $twic ]]; then
  tr '\r\n' '  ' <"$twic" >"$work/one-line.pgn"
  "$pgn" validate -o /dev/null "$twic" 2>"$work/lines.err"
  "$pgn" validate -o /dev/null "$work/one-line.pgn" 2>"$work/one-line.err"
  expect "games on one line" "$(games_read "$work/lines.err")" "$(games_read "$work/one-line.err")"
  expect "games on one line (count)" 2953 "$(games_read "$work/one-line.err")"
  has "$work/one-line.err" "2953 valid" "games on one line are all valid"
else
  echo "skipping the one-line corpus check: no $twic" >&2
fi
printf '[Event "a"]\n[Result "1-0"]\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0 [Event "b"] [Result "*"] 1. d4 *\n' \
  >"$work/two.pgn"
"$pgn" convert -q --to uci "$work/two.pgn" >"$work/two.uci" 2>"$work/two.err"
expect "two games on one line" "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7
d2d4" "$(cat "$work/two.uci")"

# Item 19: a blank line between moves continues the game, with a warning.
printf '[Event "a"]\n[Result "1-0"]\n\n1. e4 e5\n\n{engine notes}\n\n2. Qh5 Nc6\n\n3. Bc4 Nf6 4. Qxf7# 1-0\n' \
  >"$work/blank.pgn"
"$pgn" validate --no-tag-checks "$work/blank.pgn" >"$work/blank.out" 2>"$work/blank.err"
expect "blank line inside movetext: exit status" 0 $?
has "$work/blank.err" "1 file, 1 game: 1 valid" "blank line inside movetext: one valid game"
has "$work/blank.out" "blank.pgn:6:1: warning[syntax]: blank line inside movetext" \
  "blank line inside movetext: warning"

# Item 3: a game over --max-game-bytes is not passed on as if whole; the error says what was
# dropped and the summary counts it.
{
  printf '[Event "big"]\n[Result "*"]\n\n1. e4 {'
  for i in $(seq 1 300); do printf 'a comment line %03d\n' "$i"; done
  printf '} e5 *\n\n[Event "next"]\n[Result "*"]\n\n1. d4 *\n'
} >"$work/big.pgn"
"$pgn" convert --max-game-bytes 2000 -o "$work/big.out.pgn" "$work/big.pgn" 2>"$work/big.err"
expect "cut game: exit status" 1 $?
expect "cut game: only the whole game is written" 1 "$(grep -c '^\[Event ' "$work/big.out.pgn")"
has "$work/big.out.pgn" '[Event "next"]' "cut game: the next game is written"
has "$work/big.err" "games written 1, skipped 1, truncated 0" "cut game: summary"
has "$work/big.err" "only its first 2000 bytes were read; the rest, " "cut game: what was read"
has "$work/big.err" "from line 107 column 9 to line 304 (input bytes 2000 to 5741), was not" "cut game: what was dropped"
has "$work/big.err" "the game is not written" "cut game: not written"

# Item 15: an empty input and binary data each get one warning.
: >"$work/empty.pgn"
printf 'PK\003\004\024\000\010\000junk' >"$work/archive.pgn"
"$pgn" validate "$work/empty.pgn" "$work/archive.pgn" >"$work/none.out" 2>"$work/none.err"
expect "no games: exit status" 0 $?
expect "no games: one warning each" 2 "$(wc -l <"$work/none.out")"
has "$work/none.out" "empty.pgn:0:0: warning[syntax]: no games found" "empty input"
has "$work/none.out" "archive.pgn:1:3: warning[syntax]: not PGN: binary data at byte 2" "binary input"
"$pgn" convert -q -o "$work/none.pgn" "$work/archive.pgn" 2>"$work/none-convert.err"
has "$work/none-convert.err" "not PGN: binary data at byte 2" "binary input, convert"

# Item 5: spoken German annotations stay with their moves, and round trips are exact.
out=$(printf '1. Bauer Eva vier Bauer Eva fünf $2 {schwach} 2. Springer Felix drei *' |
  "$pgn" convert -q - | grep '^1\.')
expect "spoken NAG and comment" '1. e4 e5 $2 {schwach} 2. Nf3 *' "$out"
printf '[Result "1-0"]\n\n1. e4! {gut} e5 $2 (1... c5 {sizilianisch} 2. Nf3 d6?!) 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7#! 1-0\n' \
  >"$work/annotated.pgn"
for keep in "" --keep-suffixes; do
  "$pgn" convert -q $keep "$work/annotated.pgn" >"$work/direct.pgn"
  "$pgn" convert -q $keep --to-lang de-spoken "$work/annotated.pgn" >"$work/de.pgn"
  "$pgn" convert -q $keep "$work/de.pgn" >"$work/back.pgn" 2>"$work/back.err"
  expect "de-spoken round trip ${keep:-(NAGs)}" "$(cat "$work/direct.pgn")" "$(cat "$work/back.pgn")"
  expect "de-spoken round trip ${keep:-(NAGs)}: no errors" "" "$(cat "$work/back.err")"
done

# Item 16: an illegal move in a variation cuts only that variation.
game='1. e4 e5 (1... Qh4) 2. Nf3 (2. Nc3 Nc6 (2... Qxe4) 3. Bc4) Nc6 3. Bb5 a6 *'
expect "variation cut: uci" "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6" \
  "$(echo "$game" | "$pgn" convert -q --to uci - 2>/dev/null)"
expect "variation cut: lan" "1. e2-e4 e7-e5 2. Ng1-f3 (2. Nb1-c3 Nb8-c6 3. Bf1-c4) 2... Nb8-c6 3. Bf1-b5
a7-a6 *" "$(echo "$game" | "$pgn" convert -q --to lan - 2>/dev/null | grep -v '^$' | tail -n 2)"
expect "variation cut: epd lines" 6 "$(echo "$game" | "$pgn" convert -q --to epd - 2>/dev/null | grep -c ' hmvc ')"
json=$(echo "$game" | "$pgn" convert -q --to json - 2>/dev/null)
[[ $json == *'"complete":false'* ]] && fail "variation cut: json says incomplete"
[[ $json == *'{"san":"a6","uci":"a7a6"}'* ]] || fail "variation cut: json main line whole: $json"

# Item 17: a pawn capture written as a push is an illegal move that names the capture.
printf '1. e4 d5 2. d5 *\n' >"$work/push.pgn"
"$pgn" validate --no-tag-checks "$work/push.pgn" >"$work/push.out" 2>/dev/null
expect "capture as push: exit status" 1 $?
has "$work/push.out" "error[illegal-move]: illegal move 2.d5: no white pawn can move straight to d5; a pawn capture names the file it leaves: probably exd5 was meant" \
  "capture as push"

# Item 18: results and castling with other dashes.
printf '[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O\342\200\221O O\342\200\223O 5. d3 d6 1\342\200\2240\n' >"$work/dash.pgn"
"$pgn" validate --no-tag-checks "$work/dash.pgn" >"$work/dash.out" 2>"$work/dash.err"
expect "dashes: exit status" 0 $?
has "$work/dash.err" "1 valid" "dashes: the game is valid"
expect "dashes: three warnings" 3 "$(grep -c 'warning\[syntax\]' "$work/dash.out")"
has "$work/dash.out" "termination marker written with a dash other than '-': read as 1-0" "dash result"
has "$work/dash.out" "castling written with a dash other than '-': read as O-O" "dash castling"

# Items 20 and 12: no Result tag beside a marker, and a game of tags only, are warnings.
printf '[Event "a"]\n[Site "b"]\n[Date "2020.01.01"]\n[Round "1"]\n[White "x"]\n[Black "y"]\n\n1. e4 e5 *\n\n' >"$work/tags.pgn"
printf '[Event "a"]\n[Site "b"]\n[Date "2020.01.01"]\n[Round "2"]\n[White "x"]\n[Black "y"]\n[Result "1-0"]\n' >>"$work/tags.pgn"
"$pgn" validate "$work/tags.pgn" >"$work/tags.out" 2>"$work/tags.err"
expect "missing Result tag: exit status" 0 $?
grep -q "result-mismatch" "$work/tags.out" && fail "missing Result tag: result-mismatch"
has "$work/tags.out" "tags.pgn:1:1: warning[missing-tag]: missing Seven Tag Roster tag: Result" \
  "missing Result tag"
has "$work/tags.out" "tags.pgn:10:1: warning[missing-tag]: a game of tags only" "tags only"

finish "reading robustness: all checks passed"
