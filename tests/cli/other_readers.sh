#!/usr/bin/env bash
# What other readers read (cases from python-chess's, lichess's and forum users' files): a
# stray '(' before the first move keeps the moves; forum markup [pgn] / [/pgn] is skipped;
# a FEN whose castling rights only Chess960 has is Chess960 in every variant; FENs with
# fields left out read with defaults; the null moves Z0, 0000 and @@@@ read as -- does.
# Arguments: pgn binary, repository dir, shared dir.
set -u
pgn=$1
source "$(dirname "$0")/lib/common.sh"

# The problems of a file, one line each: game, severity, code, message.
problems() {
  "$pgn" validate -q --no-tag-checks -f jsonl "$@" | python3 -c 'import json,sys
for l in sys.stdin:
    r = json.loads(l)
    if "code" in r: print(r["game"], r["severity"], r["code"], r["message"])
    elif r.get("type") == "game": print(r["game"], "plies", r["plies"])' 2>/dev/null
}
list() { problems --list-games "$@"; }

# "((( 1. c4 *": python-chess keeps c4 in the main line.
printf '[Event "x"]\n\n((( 1. c4 *\n' >"$work/parens.pgn"
expect "unbalanced ( before the first move" \
  "1 error syntax '(' before the first move without its ')': ignored
1 plies 1" "$(list "$work/parens.pgn")"
# A closed one is still a variation with nothing to replace, its moves not the main line's.
printf '[Event "x"]\n\n(1. d4) 1. e4 *\n' >"$work/closed.pgn"
expect "balanced ( before the first move" \
  "1 error syntax variation before any move it could replace
1 plies 1" "$(list "$work/closed.pgn")"

# Forum posts copied whole: [pgn] before a game, [/pgn] after it, on their own lines or
# around the movetext. No game of their own, no error: a line of markup belongs to the game
# before it, if any.
cat >"$work/forum.pgn" <<'EOF'
[pgn]
[Event "Post 1"]
[Site "?"]
[Date "2024.01.01"]
[Round "?"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
[/pgn]

[PGN]
[Event "Post 2"]

1. d4 d5 *
[/PGN]
[pgn]1. c4 e5 *[/pgn]
EOF
expect "forum markup" "1 warning syntax forum markup [pgn] skipped
1 warning syntax forum markup [/pgn] skipped
1 warning syntax forum markup [PGN] skipped
1 plies 7
2 warning syntax forum markup [/PGN] skipped
2 plies 2
3 warning syntax forum markup [pgn] skipped
3 warning syntax forum markup [/pgn] skipped
3 plies 2" "$(list "$work/forum.pgn")"
expect "forum markup: converted games" 3 "$("$pgn" convert -q "$work/forum.pgn" | grep -c '^\[Event ')"

# Chess960 castling rights in a variant: python-chess's atomic960 perft suite, and the same
# position as a game's start.
expect "perft atomic960" "Nodes searched: 4364" \
  "$("$pgn" perft --variant atomic --fen "8/8/8/8/8/8/2k5/rR4KR w KQ -" 3 2>/dev/null)"
printf '[Variant "Atomic"]\n[SetUp "1"]\n[FEN "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1"]\n\n1. O-O Kd3 *\n' >"$work/a960.pgn"
expect "atomic game from a Chess960 FEN" "1 plies 2" "$(list "$work/a960.pgn")"

# FENs with fields left out: the tag with a warning, --fen options without.
printf '[SetUp "1"]\n[FEN "8/8/8/8/8/8/Q7/K6k w"]\n\n1. Qb2 Kg1 *\n' >"$work/short-fen.pgn"
expect "FEN tag with fields left out" \
  '1 warning bad-tag FEN "8/8/8/8/8/8/Q7/K6k w" leaves out fields: read as 8/8/8/8/8/8/Q7/K6k w - - 0 1
1 plies 2' "$(list "$work/short-fen.pgn")"
expect "perft --fen with fields left out" "Nodes searched: 43" \
  "$("$pgn" perft --fen "8/8/8/8/8/8/Q7/K6k w" 2 2>/dev/null)"
expect "select --fen, the board alone" 1 \
  "$("$pgn" select -q --count --fen "8/8/8/8/8/8/Q7/K6k" "$work/short-fen.pgn")"

# Null moves as python-chess (Z0), UCI (0000) and lichess (@@@@) write them, as -- is read.
printf '[Event "x"]\n\n1. e4 (1. -- e5) (1. Z0 e5) (1. 0000 e5) (1. @@@@ e5) e5 2. 0000 *\n' >"$work/null.pgn"
expect "null moves" "1 warning null-move null move 1.-- in a variation
1 warning null-move null move 1.Z0 in a variation
1 warning null-move null move 1.0000 in a variation
1 warning null-move null move 1.@@@@ in a variation
1 error illegal-move null move 2.0000 in the main line: a game cannot pass a turn
1 plies 2" "$(list "$work/null.pgn")"

finish "other readers' files: all checks passed"
