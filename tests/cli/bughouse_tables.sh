#!/usr/bin/env bash
# A bughouse match in the tables of one row per game (convert --to csv, --to sqlite): its
# White and Black are its teams, "WhiteA & BlackB" (the team 1-0 scores for) and "BlackA &
# WhiteB"; a team has no Elo. docs/bughouse.md, "Tables".
#
# Usage: bughouse_tables.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$1
src=$2
source "$(dirname "$0")/lib/common.sh"
# chesscom-form.bpgn gives both boards in one FEN tag, so its record starts from a standard
# position: it is a match by the validator's reading all the same.
matches=("$src/corpora/bughouse/bughouse-pro.bpgn" "$src/corpora/bughouse/fics-2001.bpgn"
  "$src/corpora/bughouse/chesscom-form.bpgn")

"$pgn" convert -q --to csv --columns White,Black,WhiteA,Result,variant "${matches[@]}" >"$work/matches.csv"
expect "CSV: the teams" "White,Black,WhiteA,Result,variant
Alice & Dave,Bob & Charlie,Alice,0-1,Bughouse
LINDEGREN & LinusO,WhoAmI & VABORIS,LINDEGREN,0-1,Bughouse
a & d,b & c,a,*,Bughouse" "$(tr -d '\r' <"$work/matches.csv")"

if command -v sqlite3 >/dev/null; then
  "$pgn" convert -q --to sqlite -o "$work/matches.db" "${matches[@]}"
  expect "SQLite: the teams, no team Elo" "Alice & Dave|Bob & Charlie||
LINDEGREN & LinusO|WhoAmI & VABORIS||
a & d|b & c||" \
    "$(sqlite3 -batch -noheader "$work/matches.db" 'SELECT white, black, white_elo, black_elo FROM games ORDER BY id')"
fi

# A game of one board keeps its players as they are.
printf '[White "W"]\n[Black "B"]\n[WhiteA "x"]\n\n1. e4 *\n' >"$work/one.pgn"
expect "CSV: an ordinary game" "W,B" "$("$pgn" convert -q --to csv --columns White,Black "$work/one.pgn" | tr -d '\r' | tail -n 1)"
finish "bughouse tables: White and Black are the teams"
