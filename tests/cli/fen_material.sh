#!/usr/bin/env bash
# FEN positions no game can reach by material are bad-fen with the reason, in validate as in
# perft (issue 16, item 10). Arguments: pgn binary, repository dir, shared dir.
set -u
pgn=$1
source "$(dirname "$0")/lib/common.sh"
# check NAME FEN EXPECTED-REASON
check() {
  printf '[Event "x"]\n[SetUp "1"]\n[FEN "%s"]\n[Result "*"]\n\n*\n' "$2" >"$work/game.pgn"
  out=$("$pgn" validate "$work/game.pgn" 2>&1)
  if ! grep -qF "error[bad-fen]: FEN is not a legal position (fen-material): $3" <<<"$out"; then
    echo "FAIL: $1"
    echo "$out" | head -8
    failures=$((failures + 1))
  fi
}
check "nine pawns" "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1" "white has 9 pawns; a side starts with 8"
check "promoted pieces beyond the missing pawns" "3qk3/8/8/8/8/8/PPPPPP2/QQQQK3 b - - 0 1" \
  "white has 3 promoted pieces (4 queens) but only 2 pawns missing"
check "seventeen men" "rnbqkbnr/pppppppp/8/8/8/n7/8/4K3 w - - 0 1" "black has 17 men; a side starts with 16"
finish "fen material CLI: all checks passed"
