#!/usr/bin/env bash
# pgn select on real games, every count checked another way: tag conditions against a small
# independent tag reader (python), positions against pgn-extract's -x, the validator's verdict
# by validating what was selected, byte-for-byte output against the input file.
#
# Usage: select.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$1
shared=$3
real=$shared/corpora/real
edge=$shared/corpora/edge
source "$(dirname "$0")/lib/common.sh"
count() { "$pgn" select -q --count "$@"; }

# An independent count: games whose tags satisfy a python predicate over a dict of tags.
tagcount() { # tagcount FILE PYTHON-EXPRESSION (over t, the game's tags)
  python3 - "$1" "$2" <<'PY'
import re, sys
games, cur = [], None
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    if line.startswith("[Event "):
        cur = {}
        games.append(cur)
    m = re.match(r'\[(\w+) "(.*)"\]\s*$', line)
    if m and cur is not None and m.group(1) not in cur:
        cur[m.group(1)] = m.group(2)
def num(v):
    return int(v) if v and v.isdigit() else None
def elo(t, k):
    return num(t.get(k))
print(sum(1 for t in games if eval(sys.argv[2])))
PY
}

twic=$real/twic944.pgn
mentor=$real/pgnmentor_Carlsen_Nakamura_Firouzja.pgn

# Every game, no condition: the input comes out byte for byte (its games are separated by
# blank lines already).
"$pgn" select -q "$twic" | cmp -s - "$twic" || fail "select without conditions changed twic944.pgn"
# Out of order nothing: -j 1 and -j 2 write the same bytes.
"$pgn" select -q -j 1 --player Carlsen "$mentor" >"$work/j1"
"$pgn" select -q -j 2 --player Carlsen "$mentor" >"$work/j2"
cmp -s "$work/j1" "$work/j2" || fail "--threads 1 and 2 wrote different output"
# Each selected game is one of the input's games, byte for byte.
python3 - "$mentor" "$work/j1" <<'PY' || fail "a selected game is not a game of the input as it was"
import sys
src = open(sys.argv[1], "rb").read()
out = open(sys.argv[2], "rb").read()
for game in out.split(b"\n\n[Event ")[1:]:
    if b"[Event " + game.rstrip(b"\n") not in src:
        sys.exit(1)
PY

expect "--player carlsen" "$(tagcount "$mentor" "'carlsen' in t.get('White','').lower() or 'carlsen' in t.get('Black','').lower()")" \
  "$(count --player carlsen "$mentor")"
expect "--player-re" "$(tagcount "$mentor" "bool(re.search('^Carlsen', t.get('White',''))) or bool(re.search('^Carlsen', t.get('Black','')))")" \
  "$(count --player-re '^Carlsen' "$mentor")"
expect "--tag White=" "$(tagcount "$mentor" "t.get('White')=='Carlsen,M'")" "$(count --tag 'White=Carlsen,M' "$mentor")"
expect "--tag negated" "$(tagcount "$mentor" "t.get('White')!='Carlsen,M'")" "$(count --tag '!White=Carlsen,M' "$mentor")"
expect "--invert" "$(tagcount "$mentor" "t.get('White')!='Carlsen,M'")" "$(count --invert --tag 'White=Carlsen,M' "$mentor")"
expect "--tag-re Event" "$(tagcount "$twic" "bool(re.search('^Tata', t.get('Event','')))")" "$(count --tag-re 'Event=^Tata' "$twic")"
expect "--tag-missing WhiteElo" "$(tagcount "$twic" "'WhiteElo' not in t")" "$(count --tag-missing WhiteElo "$twic")"
expect "--elo >=2600" "$(tagcount "$twic" "(elo(t,'WhiteElo') or 0)>=2600 or (elo(t,'BlackElo') or 0)>=2600")" "$(count --elo '>=2600' "$twic")"
expect "--white-elo <2200" "$(tagcount "$twic" "elo(t,'WhiteElo') is not None and elo(t,'WhiteElo')<2200")" "$(count --white-elo '<2200' "$twic")"
expect "--black-elo 2400..2500" "$(tagcount "$twic" "elo(t,'BlackElo') is not None and 2400<=elo(t,'BlackElo')<=2500")" "$(count --black-elo 2400..2500 "$twic")"
expect "--date 2010..2012" "$(tagcount "$mentor" "t.get('Date','')[:4].isdigit() and 2010<=int(t['Date'][:4])<=2012")" "$(count --date 2010..2012 "$mentor")"
expect "--date 2013.05" "$(tagcount "$mentor" "t.get('Date','').startswith('2013.05')")" "$(count --date 2013.05 "$mentor")"
expect "--eco B90..B99" "$(tagcount "$twic" "bool(re.match('B9[0-9]$', t.get('ECO','')))")" "$(count --eco B90..B99 "$twic")"
expect "--result 1/2-1/2" "$(tagcount "$twic" "t.get('Result')=='1/2-1/2'")" "$(count --result 1/2-1/2 "$twic")"
expect "AND" "$(tagcount "$twic" "t.get('Result')=='1-0' and bool(re.match('C', t.get('ECO',''))) ")" "$(count --result 1-0 --eco C "$twic")"
expect "--any" "$(tagcount "$twic" "t.get('Result')=='1-0' or bool(re.match('C', t.get('ECO',''))) ")" "$(count --any --result 1-0 --eco C "$twic")"
expect "--variant standard" "$(tagcount "$twic" "True")" "$(count --variant standard "$twic")"

# Positions, against pgn-extract's positional match (-x: the position after the line,
# reached anywhere in the main line, in any move order).
extract=/usr/games/pgn-extract
if [ -x "$extract" ]; then
  for line in '1. e4 c5 2. Nf3 d6' '1. d4 Nf6 2. c4 e6 3. Nc3 Bb4' '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6'; do
    echo "$line" >"$work/line.txt"
    "$extract" -s -x"$work/line.txt" -o "$work/extract.pgn" "$twic" 2>/dev/null
    theirs=$(grep '^\[\(White\|Black\|Round\) ' "$work/extract.pgn" | md5sum)
    "$pgn" select -q --moves "$line" "$twic" >"$work/ours.pgn"
    ours=$(grep '^\[\(White\|Black\|Round\) ' "$work/ours.pgn" | md5sum)
    [ "$theirs" = "$ours" ] || fail "--moves '$line' selects other games than pgn-extract -x ($(grep -c '^\[Event ' "$work/extract.pgn") vs $(grep -c '^\[Event ' "$work/ours.pgn"))"
  done
else
  echo "pgn-extract not installed: position checks against it skipped" >&2
fi
# The main-line replay that stops early and the validator's replay (which --ply needs) agree.
for file in "$twic" "$mentor"; do
  expect "--moves quick = validator in $(basename "$file")" "$(count --moves '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6' --ply 0.. "$file")" \
    "$(count --moves '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6' "$file")"
  expect "--material quick = validator in $(basename "$file")" "$(count --material 'KR*P*kr*p*' --material-plies 8 --ply 0.. "$file")" \
    "$(count --material 'KR*P*kr*p*' --material-plies 8 "$file")"
done
# The Nimzo-Indian by FEN is the same selection as by moves (transpositions included).
expect "--fen = --moves" "$(count --moves '1. d4 Nf6 2. c4 e6 3. Nc3 Bb4' "$twic")" \
  "$(count --fen 'rnbqk2r/pppp1ppp/4pn2/8/1bPP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4' "$twic")"
# The same position with Black to move is another position.
expect "--fen side to move" 0 "$(count --fen 'rnbqk2r/pppp1ppp/4pn2/8/1bPP4/2N5/PP2PPPP/R1BQKBNR b KQkq - 2 4' "$twic")"

# Material, against the FEN of every main-line position written by pgn convert and counted
# here: games that reach rook and pawn against rook (any pawns for White, none for Black) and
# keep it for 4 positions in a row.
"$pgn" convert -q --to fen "$twic" >"$work/fens.txt" 2>/dev/null
python3 - "$work/fens.txt" >"$work/material.expected" <<'PY'
import sys
hit, run, matched = 0, 0, False
def wanted(board):
    c = {p: board.count(p) for p in "QRBNPqrbnp"}
    return c["R"] == 1 and c["P"] >= 1 and c["Q"] + c["B"] + c["N"] == 0 and \
        c["r"] == 1 and c["q"] + c["b"] + c["n"] + c["p"] == 0
# One FEN per line after each move, a blank line after each game.
for line in open(sys.argv[1]):
    if not line.strip():
        hit += matched
        run, matched = 0, False
        continue
    run = run + 1 if wanted(line.split()[0]) else 0
    matched = matched or run >= 4
hit += matched
print(hit)
PY
expect "--material KRP+kr held 4" "$(cat "$work/material.expected")" "$(count --material 'KRP+kr' --material-plies 4 "$twic")"

# Plies against the FEN lines pgn convert writes (one per main-line move, a blank line after
# each game); the termination marker against the end of each game's text.
plies() { # plies LOW: games with at least LOW plies
  awk -v low="$1" 'BEGIN{n=0; c=0} /^$/{if (c >= low) n++; c=0; next} {c++} END{print n}' "$work/fens.txt"
}
expect "--ply 60.." "$(plies 60)" "$(count --ply 60.. "$twic")"
expect "--ply ..59" "$(( $(grep -c '^\[Event ' "$twic") - $(plies 60) ))" "$(count --ply ..59 "$twic")"
expect "--termination 1/2-1/2" \
  "$(python3 -c "import sys,re; t=open(sys.argv[1]).read(); print(sum(1 for g in re.split(r'\n\n(?=\[Event )', t) if g.rstrip().endswith('1/2-1/2')))" "$twic")" \
  "$(count --termination 1/2-1/2 "$twic")"

# The validator's verdict: what --valid selects validates clean; --with-errors and --valid
# split the games.
for file in "$edge/python-chess/immortal-games.pgn" "$edge/pgn4web/test.pgn"; do
  total=$(grep -c '^\[Event ' "$file")
  "$pgn" select -q --valid "$file" >"$work/valid.pgn"
  "$pgn" validate -q "$work/valid.pgn" >/dev/null || fail "--valid selected games with errors in $file"
  valid=$(grep -c '^\[Event ' "$work/valid.pgn")
  "$pgn" select -q --with-errors "$file" >"$work/errors.pgn"
  errors=$(grep -c '^\[Event ' "$work/errors.pgn")
  { "$pgn" validate -q --format json "$work/errors.pgn" || true; } | grep -o '"games_valid":[0-9]*' | grep -q '"games_valid":0$' ||
    fail "--with-errors selected a valid game in $file"
  expect "--valid + --with-errors of $file" "$total" "$((valid + errors))"
  [ "$errors" -gt 0 ] || fail "no game with errors found in $file"
done
expect "--with-code illegal-move" \
  "$("$pgn" validate -q --format jsonl "$edge/python-chess/immortal-games.pgn" | grep '"code":"illegal-move"' | grep -o '"game":[0-9]*' | sort -u | wc -l)" \
  "$(count --with-code illegal-move "$edge/python-chess/immortal-games.pgn")"

# Usage errors: exit 2 and a message naming what is wrong.
"$pgn" select --tag-re 'Event=(' "$twic" >/dev/null 2>"$work/err"
expect "bad RE2 exit" 2 $?
grep -q "bad regular expression '(': missing )" "$work/err" || fail "bad RE2 message: $(cat "$work/err")"
"$pgn" select --material 'KXk' "$twic" >/dev/null 2>"$work/err"
expect "bad material exit" 2 $?
grep -q "'X' is not a piece letter" "$work/err" || fail "bad material message: $(cat "$work/err")"
"$pgn" select --moves '1. e4 e5 2. Ke3' "$twic" >/dev/null 2>"$work/err"
expect "illegal --moves exit" 2 $?
"$pgn" select --elo 'high' "$twic" >/dev/null 2>"$work/err"
expect "bad range exit" 2 $?
# A run that matches nothing still exits 0.
"$pgn" select -q --player 'no such player' "$twic" >/dev/null
expect "no match exit" 0 $?

# Games that cannot be read are named on standard error and counted, not lost silently.
"$pgn" select --max-game-bytes 600 --count "$twic" >/dev/null 2>"$work/err"
grep -q "twic944.pgn:[0-9]*: game [0-9]* is longer than --max-game-bytes" "$work/err" ||
  fail "a cut game is not reported"
grep -q "could not be read" "$work/err" || fail "the summary does not count unreadable games"

# A game whose moves are not replayed (a variant the core does not play) is named with the
# reason and satisfies no move condition.
printf '[Event "e"]\n[White "W"]\n[Black "B"]\n[Variant "Duck Chess"]\n[Result "*"]\n\n1. e4 @d5 e5 @e4 *\n\n[Event "f"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 *\n\n' >"$work/duck.pgn"
"$pgn" select --count --moves '1. e4 e5' "$work/duck.pgn" >"$work/out" 2>"$work/err"
expect "variant game not selected" 1 "$(cat "$work/out")"
grep -q 'duck.pgn:1: game 1: moves not replayed (.*Duck' "$work/err" || fail "the variant game is not named: $(cat "$work/err")"
grep -q '1 examined in part or not at all' "$work/err" || fail "the variant game is not counted: $(cat "$work/err")"

# -o replaces the file only when the run completes.
"$pgn" select -q --eco A -o "$work/a.pgn" "$twic"
expect "-o" "$(count --eco A "$twic")" "$(grep -c '^\[Event ' "$work/a.pgn")"
# --normalize writes the export format of the same games.
"$pgn" select -q --eco A --normalize "$twic" >"$work/norm.pgn"
expect "--normalize games" "$(count --eco A "$twic")" "$(grep -c '^\[Event ' "$work/norm.pgn")"
"$pgn" convert -q "$work/a.pgn" | cmp -s - "$work/norm.pgn" || fail "--normalize differs from pgn convert"

finish "select: all checks passed"
