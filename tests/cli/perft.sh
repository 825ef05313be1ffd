#!/usr/bin/env bash
# pgn perft end to end: counts, --divide output, Chess960, help and the exit statuses.
# Arguments: pgn binary, repository dir, shared dir.
set -u
pgn=$1
source "$(dirname "$0")/lib/common.sh"

expect "start depth 4" "Nodes searched: 197281" "$("$pgn" perft 4 2>/dev/null)"
expect "depth 0" "Nodes searched: 1" "$("$pgn" perft 0 2>/dev/null)"
expect "kiwipete depth 3" "Nodes searched: 97862" \
  "$("$pgn" perft --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' 3 2>/dev/null)"

# --divide: one line per root move in UCI form, a blank line, then the total.
divide=$("$pgn" perft --divide --fen '4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1' 1 2>/dev/null)
expect "divide lists castling as the king's move" "e1g1: 1" "$(grep '^e1g1:' <<<"$divide")"
expect "divide total" "Nodes searched: 26" "$(tail -1 <<<"$divide")"
expect "divide blank line" "" "$(tail -2 <<<"$divide" | head -1)"
expect "divide line count" 28 "$(wc -l <<<"$divide" | tr -d ' ')"

# Chess960: Shredder-FEN castling, castling printed king-takes-rook.
fischer='bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9'
expect "chess960 depth 3" "Nodes searched: 12189" "$("$pgn" perft --chess960 --fen "$fischer" 3 2>/dev/null)"
c960=$("$pgn" perft --chess960 --divide --fen '4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1' 1 2>/dev/null)
expect "chess960 castling as king takes rook" "e1h1: 1" "$(grep '^e1h1:' <<<"$c960")"

# Variants: start positions, EPD with the variant's own fields, drops in --divide, names.
expect "crazyhouse start depth 4" "Nodes searched: 197281" "$("$pgn" perft --variant crazyhouse 4 2>/dev/null)"
expect "antichess start depth 4" "Nodes searched: 153299" "$("$pgn" perft --variant Antichess 4 2>/dev/null)"
expect "horde start depth 3" "Nodes searched: 1274" "$("$pgn" perft --variant horde 3 2>/dev/null)"
expect "racing kings start depth 3" "Nodes searched: 11264" "$("$pgn" perft --variant 'Racing Kings' 3 2>/dev/null)"
expect "three-check EPD with remaining checks" "Nodes searched: 13410" \
  "$("$pgn" perft --variant 3check --fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1' 3 2>/dev/null)"
expect "crazyhouse pocket as a ninth rank" "Nodes searched: 5445" \
  "$("$pgn" perft --variant crazyhouse --fen '4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - -' 3 2>/dev/null)"
zh=$("$pgn" perft --variant crazyhouse --divide --fen '4k3/8/8/8/8/8/8/4K3[N] w - - 0 1' 1 2>/dev/null)
expect "crazyhouse drops in UCI form" "N@e4: 1" "$(grep '^N@e4:' <<<"$zh")"
err=$("$pgn" perft --variant shogi 2 2>&1 >/dev/null)
expect "unknown variant status" 2 "$?"
expect "unknown variant message" "pgn perft: unknown variant 'shogi' (see 'pgn perft --help')" "$err"
err=$("$pgn" perft --fen '4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1' 2 2>&1 >/dev/null)
expect "pocket in a standard FEN" "pgn perft: invalid FEN (fen-pocket): a pocket [Q] exists only in crazyhouse" "$err"
err=$("$pgn" perft --fen '4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1' 2 2>&1 >/dev/null)
expect "nine pawns" "pgn perft: invalid FEN (fen-material): white has 9 pawns; a side starts with 8" "$err"

# Timing goes to standard error only.
"$pgn" perft 2 2>"${TMPDIR:-/tmp}/perft_err.$$" >/dev/null
grep -q '^Time: ' "${TMPDIR:-/tmp}/perft_err.$$" || fail "time line on standard error"
rm -f "${TMPDIR:-/tmp}/perft_err.$$"

# Errors: bad FEN names the code and exits 2; usage errors exit 2; --help exits 0.
err=$("$pgn" perft --fen 'r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1' 2 2>&1 >/dev/null)
status=$?
expect "bad FEN status" 2 "$status"
expect "bad FEN message" "pgn perft: invalid FEN (fen-castling): castling right K but no white rook on h1" "$err"
"$pgn" perft >/dev/null 2>&1
expect "missing depth status" 2 "$?"
"$pgn" perft --no-such-option 3 >/dev/null 2>&1
expect "unknown option status" 2 "$?"
"$pgn" perft -- -1 >/dev/null 2>&1
expect "negative depth status" 2 "$?"
help=$("$pgn" perft --help)
expect "help status" 0 "$?"
for option in --fen --chess960 --divide --help; do
  grep -q -- "$option" <<<"$help" || fail "help mentions $option"
done

finish "perft CLI: all checks passed"
