#!/usr/bin/env bash
# Variant positions and the FIDE checks that cover standard chess only.
# - pgn winnable given a variant FEN (a crazyhouse pocket in both forms, three-check counters
#   in both forms, a kingless horde) names the position and says winnable decides standard
#   chess and Chess960 only; the run goes on with the next line.
# - pgn validate never applies FIDE 5.2.2 (dead position) or 6.9 (a flag fell, but the winner
#   could not mate) to variant games: their standard twins get those problems, they do not.
# Arguments: pgn binary, repository dir, shared dir.
set -u
pgn=$1
source "$(dirname "$0")/lib/common.sh"

cat >"$work/fens.txt" <<'FENS'
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 2 3
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R/Pp w KQkq - 2 3
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 +1+0
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2+3 2 3
rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1
8/8/8/4k3/8/8/8/4K3 w - - 0 1
FENS
"$pgn" winnable "$work/fens.txt" >"$work/out.txt" 2>"$work/err.txt"
status=$?
[ "$status" = 1 ] || fail "winnable exit status $status (expected 1: some lines not decided)"
expected="$work/fens.txt:1: 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 2 3' is a Crazyhouse position: pgn winnable decides standard chess and Chess960 only
$work/fens.txt:2: 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R/Pp w KQkq - 2 3' is a Crazyhouse position: pgn winnable decides standard chess and Chess960 only
$work/fens.txt:3: 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 +1+0' is a Three-check position: pgn winnable decides standard chess and Chess960 only
$work/fens.txt:4: 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2+3 2 3' is a Three-check position: pgn winnable decides standard chess and Chess960 only
$work/fens.txt:5: 'rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1' is a Horde position: pgn winnable decides standard chess and Chess960 only"
got=$(grep -v '^[0-9]* positions' "$work/err.txt")
if [ "$expected" != "$got" ]; then
  fail "winnable messages for variant FENs"
  diff <(echo "$expected") <(echo "$got")
fi
# The standard line after them is still decided.
grep -q '^6: 8/8/8/4k3/8/8/8/4K3 w - - 0 1' "$work/out.txt" || fail "the standard line was not decided: $(cat "$work/out.txt")"
expect "a rejected record for each variant line" "1 2 3 4 5" "$(grep -o '^[0-9]*: rejected: ' "$work/out.txt" | cut -d: -f1 | tr '\n' ' ' | sed 's/ $//')"
# A bad FEN is still a bad FEN.
msg=$("$pgn" winnable --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pp] x KQkq - 0 1' 2>&1 | head -1)
case "$msg" in
  *"invalid FEN (fen-"*) ;;
  *) fail "bad FEN with a pocket: $msg" ;;
esac

# validate: each variant game has a standard twin (the same moves without the Variant tag).
cat >"$work/games.pgn" <<'PGN'
[Event "king of the hill: the lone king can still reach the hill"]
[Result "1-0"]
[Variant "King of the Hill"]
[FEN "q3k3/8/8/8/8/8/8/4K3 w - - 0 1"]
[SetUp "1"]
[Termination "Time forfeit"]

1. Ke2 Qa6+ 2. Ke1 Qa8 1-0

[Event "three-check: a knight still gives checks"]
[Result "1-0"]
[Variant "Three-check"]
[FEN "4k3/8/8/8/8/5q2/8/4K1N1 w - - 0 1 +0+0"]
[SetUp "1"]
[Termination "Time forfeit"]

1. Nxf3 Kf7 2. Ng5+ Kf6 1-0

[Event "antichess: king against king is no draw"]
[Result "1-0"]
[Variant "Antichess"]
[FEN "8/4P3/8/8/8/8/6k1/8 w - - 0 1"]
[SetUp "1"]

1. e8=K Kf3 2. Kd7 Ke4 3. Kd6 Kd4 4. Kd5 Kxd5# 1-0
PGN
variant_problems=$("$pgn" validate -q --no-tag-checks -f jsonl "$work/games.pgn" | grep -c '"code":')
[ "$variant_problems" = 0 ] || fail "variant games got $variant_problems problems: $("$pgn" validate -q --no-tag-checks "$work/games.pgn" 2>&1 | head -5)"
grep -v '^\[Variant ' "$work/games.pgn" | sed 's/ +0+0"\]/"]/' | head -18 >"$work/standard.pgn"
codes=$("$pgn" validate -q --no-tag-checks -f jsonl "$work/standard.pgn" |
  python3 -c 'import json, sys
for line in sys.stdin:
    r = json.loads(line)
    if "code" in r: print(r["game"], r["code"], "6.9" if "6.9" in r["message"] else "")')
expected_codes="1 wrong-result 6.9
2 dead-position 
2 wrong-result "
[ "$codes" = "$expected_codes" ] || fail "standard twins: $codes"

finish "winnable variants: all checks passed"
