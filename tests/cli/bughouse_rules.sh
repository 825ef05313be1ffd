#!/usr/bin/env bash
# bughouse.pro's rule options (its tags PawnDropRanks, DropAggression, Promotion): each checked
# where it differs from the common rules, and a value the replay cannot follow reported as an
# unsupported variant rather than replayed by other rules.
# Arguments: pgn binary, repository dir, shared dir.
set -u
pgn=$1
source "$(dirname "$0")/lib/common.sh"

start="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
# match NAME OPTION_TAGS BOARD_A_FEN MOVES: a bughouse.pro match in $work/NAME.bpgn
match() {
  {
    echo '[Event "Rules"]'
    echo '[Site "bughouse.pro"]'
    echo '[WhiteA "a"]'
    echo '[BlackA "b"]'
    echo '[WhiteB "c"]'
    echo '[BlackB "d"]'
    echo '[Variant "Bughouse"]'
    [ -n "$2" ] && printf '%s\n' "$2"
    [ -n "$3" ] && echo "[FEN \"$3 | $start\"]"
    echo '[Result "*"]'
    echo "$4 *"
  } >"$work/$1.bpgn"
}
# problems NAME: "line:column: severity[code]: message" of every problem
problems() {
  "$pgn" validate -q --threads 1 "$work/$1.bpgn" 2>/dev/null | grep -E '^[^ ]+:[0-9]+:[0-9]+: ' |
    sed -E 's|^[^:]+:||'
}

# A knight passed from board A and dropped with check on board B.
knight_check="1A. Nc3 1a. Nf6 2A. Nd5 2a. Nxd5 1B. N@d6+"
match check-allowed '[DropAggression "Mate allowed"]' "" "$knight_check"
expect "Mate allowed: a drop may check" "" "$(problems check-allowed)"
match no-check '[DropAggression "No check"]' "" "$knight_check"
expect "No check: the drop that checks" \
  '10:34: error[illegal-move]: illegal move 1B N@d6+ on board B: the drop gives check, which DropAggression "No check" forbids' \
  "$(problems no-check)"

# A smothered mate by a dropped knight: a mate by both rules.
smothered="6rk/6pp/8/8/8/8/8/K7[N] w - - 0 1"
match smothered-allowed "" "$smothered" "1A. N@f7#"
expect "no option: a drop may mate" "" "$(problems smothered-allowed)"
match no-bughouse-mate '[DropAggression "No bughouse mate"]' "$smothered" "1A. N@f7#"
expect "No bughouse mate: the mating drop" \
  '11:1: error[illegal-move]: illegal move 1A N@f7# on board A: the drop is a bughouse mate, which DropAggression "No bughouse mate" forbids' \
  "$(problems no-bughouse-mate)"
# A back-rank check a drop could block: a chess mate, no bughouse mate.
back_rank="7k/6pp/8/8/8/8/8/K7[R] w - - 0 1"
match back-rank-bughouse '[DropAggression "No bughouse mate"]' "$back_rank" "1A. R@a8+"
expect "No bughouse mate: a blockable check is no mate" "" "$(problems back-rank-bughouse)"
match back-rank-chess '[DropAggression "No chess mate"]' "$back_rank" "1A. R@a8+"
expect "No chess mate: the drop no board move answers" \
  '11:1: error[illegal-move]: illegal move 1A R@a8+ on board A: the drop mates by the rules of chess (no move on the board answers it), which DropAggression "No chess mate" forbids' \
  "$(problems back-rank-chess)"

# Pawn drops on the ranks PawnDropRanks allows, counted from the dropping side.
pawn="4k3/8/8/8/8/8/8/4K3[P] w - - 0 1"
match pawn-rank-6 '[PawnDropRanks "2-6"]' "$pawn" "1A. P@a6"
expect "PawnDropRanks 2-6: rank 6" "" "$(problems pawn-rank-6)"
match pawn-rank-7 '[PawnDropRanks "2-6"]' "$pawn" "1A. P@a7"
expect "PawnDropRanks 2-6: rank 7" \
  '11:1: error[illegal-move]: illegal move 1A P@a7 on board A: a pawn dropped on rank 7 of its side, outside PawnDropRanks "2-6"' \
  "$(problems pawn-rank-7)"
match pawn-rank-7-common "" "$pawn" "1A. P@a7"
expect "no option: rank 7 is allowed" "" "$(problems pawn-rank-7-common)"

# Promotions that take the new piece from elsewhere: checked up to the promotion.
promote="4k3/P7/8/8/8/8/8/4K3[] w - - 0 1"
match steal '[Promotion "Steal"]' "$promote" "1A. Kd2 1a. Kd7 2A. a8=Q"
expect "Promotion Steal: replayed up to the promotion" \
  '11:17: warning[unsupported-variant]: promotion 2A a8=Q under Promotion "Steal", which takes the new piece from elsewhere, is not replayed: the match is checked up to this move' \
  "$(problems steal)"
match upgrade '[Promotion "Upgrade"]' "$promote" "1A. Kd2 1a. Kd7 2A. a8=Q"
expect "Promotion Upgrade: the common rule" "" "$(problems upgrade)"

# Values the replay does not know.
match unknown-aggression '[DropAggression "Sometimes"]' "" "$knight_check"
expect "an unknown DropAggression: not replayed" \
  '8:1: warning[unsupported-variant]: rule option DropAggression "Sometimes" is none of "Mate allowed", "No check", "No chess mate", "No bughouse mate"; its moves are not replayed' \
  "$(problems unknown-aggression)"
match bad-ranks '[PawnDropRanks "3-9"]' "" "$knight_check"
expect "PawnDropRanks out of the board: not replayed" \
  '8:1: warning[unsupported-variant]: rule option PawnDropRanks "3-9" is no range of ranks within 1-7; its moves are not replayed' \
  "$(problems bad-ranks)"

# The real bughouse.pro records (options "2-6", "No chess mate", "Steal" among them) replay
# clean but for the duck-chess match.
shared=${3:-}
[ -d "$shared/corpora/bughouse" ] && expect "bughouse.pro records under their options" \
  '129:1: warning[unsupported-variant]: variant "Bughouse Accolade Chess960 DuckChess" is bughouse with other rules; its moves are not replayed' \
  "$("$pgn" validate -q --threads 1 "$shared/corpora/bughouse/bughouse-pro.bpgn" 2>/dev/null |
    grep -E '^[^ ]+:[0-9]+:[0-9]+: ' | sed -E 's|^[^:]+:||')"

finish "bughouse rule options: checked as bughouse.pro states them"
