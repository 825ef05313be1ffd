#!/usr/bin/env bash
# pgn validate on FIDE 6.9 and 5.2.2: a game won on time by a side that cannot mate is
# reported as a draw; a dead position reached during a game ends it (play after it gets one
# dead-position warning, a decisive result is wrong). Every 5th position of the published
# unwinnability test vector is played as a game lost on time by each side in turn: every
# report must agree with the published class. The lichess games lost on time in the shared
# corpora are all won by a side that can mate: none is reported.
# Arguments: pgn binary, repository dir, shared dir.
set -u
pgn=$1
shared=$3
source "$(dirname "$0")/lib/common.sh"

# game RESULT FEN TERMINATION MOVES
game() {
  printf '[Event "e"]\n[Site "s"]\n[Date "2024.01.02"]\n[Round "1"]\n[White "w"]\n[Black "b"]\n'
  printf '[Result "%s"]\n[SetUp "1"]\n[FEN "%s 0 1"]\n' "$1" "$2"
  [ -n "$3" ] && printf '[Termination "%s"]\n' "$3"
  printf '\n%s %s\n\n' "$4" "$1"
}

# A dead position after 1. Kxe2 (the pawns wall both bishops out), played on and scored 0-1.
game "0-1" "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/4n3/2B1K3 w - -" "" "1. Kxe2 Kd7 2. Kd2" >"$work/dead.pgn"
out=$("$pgn" validate -q --color never "$work/dead.pgn")
expect "dead position: exit status" 1 "$?"
expect "dead position: report" \
  "$work/dead.pgn:11:9: warning[dead-position]: play went on after the game ended in a dead position at ply 1 (FIDE Laws 5.2.2): neither side can mate by any sequence of legal moves (white: pawn-wall, black: pawn-wall)
11 | 1. Kxe2 Kd7 2. Kd2 0-1
   |         ^
   = game 1, ply 1, position 2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/4K3/2B5 b - - 0 1
$work/dead.pgn:11:20: error[wrong-result]: the game ended in a dead position at ply 1 (FIDE Laws 5.2.2: neither side can mate by any sequence of legal moves; white: pawn-wall, black: pawn-wall), so it is drawn, not 0-1
11 | 1. Kxe2 Kd7 2. Kd2 0-1
   |                    ^
   = game 1, ply 1, position 2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/4K3/2B5 b - - 0 1" "$out"

# The dead positions the per-ply filter used to skip, each beside a game that looks the same and
# is not dead: (a) a queen and rooks boxed in behind locked pawns; (b) a passed pawn blocked for
# good by a king that can never move; (c) a king stepping out of a pawn's check into that box, or
# into a jam of its own men; (d) a set-up position that is dead already, played on with king moves.
{
  game "1-0" "8/8/5k2/1p6/1Pp5/B2p4/RKPP4/QRB5 w - -" "" "1. c3"
  game "1-0" "8/8/5k2/1p6/1Pp5/B2p4/RKPP4/Q1B4R w - -" "" "1. c3 Kg5"
  game "1-0" "7k/4p1p1/6PP/8/8/p1p5/P1P1P3/KB6 w - -" "" "1. h7 e6 2. e3"
  game "1-0" "7k/4p3/6PP/8/8/p1p5/P1P1P3/KB6 w - -" "" "1. h7 e6 2. e3"
  game "1-0" "6k1/4p1p1/6PP/8/8/p1p5/P1P1P3/KB6 w - -" "" "1. h7+ Kh8 2. e3 e6"
  game "1-0" "6k1/4p1p1/6PP/8/8/p1p5/P1P1P3/KB6 w - -" "" "1. h7+ Kf8 2. e3 e6"
  game "0-1" "8/8/5k2/1p6/1Ppp4/B1P5/R1KP4/QRB5 b - -" "" "1... d3+ 2. Kb2"
  game "0-1" "8/8/5k2/1p6/1Ppp4/B1P5/R1KP4/QRB5 b - -" "" "1... d3+ 2. Kd1 Kg5"
  game "1-0" "2k5/p1p1p1p1/P1P1P1P1/2p1p2K/8/8/2P1P1P1/8 w - -" "" "1. Kg5 Kd8 2. Kh5"
  game "1-0" "2k5/p1p1p1p1/P1P1P1P1/2p1p2K/8/8/2P1P1P1/7N w - -" "" "1. Kg5 Kd8 2. Kh5"
} >"$work/kinds.pgn"
out=$("$pgn" validate -q --color never "$work/kinds.pgn" | grep -E '^\S+:[0-9]+:[0-9]+: |^ +=' |
  sed -E "s|^$work/||; s/ \(FIDE Laws 5\.2\.2.*//; s/^ +=/   =/")
expect "the four kinds of dead positions" \
  "kinds.pgn:11:7: error[wrong-result]: the game ended in a dead position at ply 1
   = game 1, ply 1, position 8/8/5k2/1p6/1Pp5/B1Pp4/RK1P4/QRB5 b - - 0 1
kinds.pgn:35:7: warning[dead-position]: play went on after the game ended in a dead position at ply 1
   = game 3, ply 1, position 7k/4p1pP/6P1/8/8/p1p5/P1P1P3/KB6 b - - 0 1
kinds.pgn:35:16: error[wrong-result]: the game ended in a dead position at ply 1
   = game 3, ply 1, position 7k/4p1pP/6P1/8/8/p1p5/P1P1P3/KB6 b - - 0 1
kinds.pgn:59:15: warning[dead-position]: play went on after the game ended in a dead position at ply 2
   = game 5, ply 2, position 7k/4p1pP/6P1/8/8/p1p5/P1P1P3/KB6 w - - 1 2
kinds.pgn:59:21: error[wrong-result]: the game ended in a dead position at ply 2
   = game 5, ply 2, position 7k/4p1pP/6P1/8/8/p1p5/P1P1P3/KB6 w - - 1 2
kinds.pgn:83:17: error[wrong-result]: the game ended in a dead position at ply 2
   = game 7, ply 2, position 8/8/5k2/1p6/1Pp5/B1Pp4/RK1P4/QRB5 b - - 1 2
kinds.pgn:107:4: warning[dead-position]: play went on after the game ended in a dead position in its starting position
   = game 9, position 2k5/p1p1p1p1/P1P1P1P1/2p1p2K/8/8/2P1P1P1/8 w - - 0 1
kinds.pgn:107:19: error[wrong-result]: the game ended in a dead position in its starting position
   = game 9, position 2k5/p1p1p1p1/P1P1P1P1/2p1p2K/8/8/2P1P1P1/8 w - - 0 1" "$out"

# Won on time by Black, who cannot mate (published W-): a draw by 6.9.
game "0-1" "7b/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N7 b - -" "Time forfeit" "1... Kc7 2. Kf1" \
  >"$work/timeout.pgn"
out=$("$pgn" validate -q --color never --format jsonl "$work/timeout.pgn" | grep -o '"message":"[^"]*"')
expect "6.9: message" \
  '"message":"the game is drawn by FIDE Laws 6.9, not 0-1: white lost on time, but black cannot mate by any sequence of legal moves (pawn-wall)"' \
  "$out"
# The same game won on time by White, who can mate: nothing to report.
sed 's/0-1/1-0/' "$work/timeout.pgn" >"$work/timeout-white.pgn"
"$pgn" validate -q "$work/timeout-white.pgn" >/dev/null
expect "6.9: winner can mate" 0 "$?"

# Every 5th vector position, won on time by White and then by Black. classes.txt: the
# published class of the winner ("1" can mate) and of both sides, one line per game.
awk '!/^#/ && NF && (++n % 5 == 1) { print substr($0, 1, 2) "\t" substr($0, 4) }' \
  "$shared/unwinnability/test-vector.txt" >"$work/sample.tsv"
: >"$work/vector.pgn"
: >"$work/classes.txt"
while IFS=$'\t' read -r class fen; do
  for winner in W B; do
    result="1-0"
    [ $winner = B ] && result="0-1"
    game "$result" "$fen" "Time forfeit" "" >>"$work/vector.pgn"
    can=0
    case "$winner$class" in WW? | B?B) can=1 ;; esac
    echo "$can $class" >>"$work/classes.txt"
  done
done <"$work/sample.tsv"
"$pgn" validate -q --format jsonl "$work/vector.pgn" >"$work/vector.jsonl"
# Per game: the published classes, then the wrong-result message if any.
grep '"code":"wrong-result"' "$work/vector.jsonl" |
  sed -E 's/.*"game":([0-9]+),.*"message":"([^"]*)".*/\1\t\2/' >"$work/wrong.tsv"
verdict=$(awk -F'\t' 'NR == FNR { split($0, c, " "); can[NR] = c[1]; cls[NR] = c[2]; games = NR; next }
  {
    g = $1; m = $2
    if (m ~ /is checkmated, so the result is/) next   # the board decides those
    reported++
    if (m ~ /6\.9/ && can[g] == 1) { print "wrong 6.9 report on game " g ": " m; bad++ }
    if (m !~ /6\.9/ && cls[g] != "--") { print "wrong dead report on game " g ": " m; bad++ }
  }
  END { for (i = 1; i <= games; i++) if (can[i] == 0) unw++
        printf "%d %d %d\n", reported, unw, bad }' "$work/classes.txt" "$work/wrong.tsv")
echo "vector sample: $(tail -1 <<<"$verdict") (reported, sides published unable to mate, wrong)"
read -r reported unwinnable bad <<<"$(tail -1 <<<"$verdict")"
[ "$bad" = 0 ] || fail "reports against the published classes: $(head -n -1 <<<"$verdict")"
# About 70% of the sides published unable to mate pass the filter and are proved.
[ $((reported * 100)) -ge $((unwinnable * 60)) ] || fail "only $reported of $unwinnable reported"

# The lichess games lost on time in the shared corpora: the winner can mate in every one.
for file in "$shared"/corpora/real/lichess*.pgn; do
  "$pgn" validate -q --format jsonl "$file" | grep '"code":"wrong-result"' | grep '6\.9' &&
    fail "$file: a loss on time reported as a draw"
done

finish "validate_unwinnable: all checks passed"
