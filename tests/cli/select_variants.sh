#!/usr/bin/env bash
# pgn select --fen with variant positions: the FEN is read under the rule set --variant names,
# and a position matches only in games of that rule set, with the same pockets (crazyhouse)
# and the same checks given (three-check). The crazyhouse counts over the real corpora are
# checked against Fairy-Stockfish playing the same moves (an independent board and pocket).
# Arguments: pgn binary, repository dir, shared dir.
set -u
pgn=$1
dir=$3/corpora/variants
source "$(dirname "$0")/lib/common.sh"

# zh2200plus.pgn is crazyhouse without a Variant tag (see variant_corpora.sh).
awk '/^\[Event /{print "[Variant \"Crazyhouse\"]"} {print}' "$dir/pychess/zh2200plus.pgn" >"$work/zh.pgn"
cat "$dir/pychess/zh.pgn" >>"$work/zh.pgn"
count() { "$pgn" select -q --count "$@" "$work/zh.pgn"; }

# Two positions many games reach (one with pockets on both sides), and the first with one
# pawn less in black's pocket.
a='rnbqkbnr/ppp2ppp/8/3p4/8/2N5/PPPP1PPP/R1BQKBNR[Pp] w KQkq - 0 4'
b='r1bqkbnr/ppp3pp/4p3/3pP3/8/2N5/PPP2PPP/R1BQKB1R[NPnp] b KQkq - 0 6'
c='rnbqkbnr/ppp2ppp/8/3p4/8/2N5/PPPP1PPP/R1BQKBNR[P] w KQkq - 0 4'
got="$(count --variant crazyhouse --fen "$a") $(count --variant Crazyhouse --fen "$b") $(count --variant crazyhouse --fen "$c")"
expect "crazyhouse positions (pockets compared)" "51 43 0" "$got"
# The same board as a standard FEN is a standard position: no crazyhouse game reaches it.
expect "standard FEN in crazyhouse games" 0 "$(count --fen "${a/\[Pp\]/}")"
# A pocket without --variant is a bad FEN that says what to give.
msg=$(count --fen "$a" 2>&1)
case "$msg" in
  *"fen-pocket"*"--variant crazyhouse"*) ;;
  *) fail "pocket without --variant: $msg" ;;
esac
msg=$(count --variant crazyhouse --variant atomic --fen "$a" 2>&1)
case "$msg" in
  *"several --variant"*) ;;
  *) fail "two rule sets for --fen: $msg" ;;
esac

fairy=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
if [ ! -x "$fairy" ]; then
  echo "SKIP: fairy-stockfish is not installed (the counts were checked against it when written)"
else
  # Fairy-Stockfish plays the first 16 plies of every game (the targets are at plies 6 and
  # 11) and counts the games whose positions have the target's board, pockets, side to move
  # and castling rights.
  "$pgn" convert -q -t jsonl "$work/zh.pgn" -o "$work/zh.jsonl"
  independent=$(python3 - "$fairy" "$work/zh.jsonl" "$a" "$b" "$c" <<'PY'
import json, subprocess, sys
fairy, jsonl, targets = sys.argv[1], sys.argv[2], sys.argv[3:]
def key(fen):
    board, side, castling = fen.split()[:3]
    pocket = ""
    if "[" in board:
        board, pocket = board.rstrip("]").split("[")
    return board, "".join(sorted(pocket)), side, castling
commands, owners = ["setoption name UCI_Variant value crazyhouse"], []
for n, line in enumerate(open(jsonl)):
    moves = [m["uci"] for m in json.loads(line)["moves"]]
    for i in range(min(len(moves), 16) + 1):
        commands += ["position startpos moves " + " ".join(moves[:i]), "d"]
        owners.append(n)
out = subprocess.run([fairy], input="\n".join(commands + ["quit"]) + "\n",
                     capture_output=True, text=True).stdout
fens = [l[5:].strip() for l in out.splitlines() if l.startswith("Fen: ")]
assert len(fens) == len(owners), (len(fens), len(owners))
reached = {key(t): set() for t in targets}
for owner, fen in zip(owners, fens):
    if key(fen) in reached:
        reached[key(fen)].add(owner)
print(" ".join(str(len(reached[key(t)])) for t in targets))
PY
)
  expect "fairy-stockfish counts" "$independent" "$got"
fi

# Three-check: the checks given are part of the position. The game reaches the board after
# 4...Ke7 with two checks given by white; the same board with one check is not reached.
cat >"$work/3check.pgn" <<'PGN'
[Event "3check"]
[Result "1-0"]
[Variant "Three-check"]

1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5# 1-0
PGN
board='r1bq1bnr/ppppk1pp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1K1NR w KQ - 2 5'
expect "three-check, two checks given" 1 \
  "$("$pgn" select -q --count --variant 3check --fen "$board +2+0" "$work/3check.pgn")"
expect "three-check, remaining-checks form" 1 \
  "$("$pgn" select -q --count --variant three-check --fen "${board% 2 5} 1+3 2 5" "$work/3check.pgn")"
expect "three-check, one check given" 0 \
  "$("$pgn" select -q --count --variant 3check --fen "$board +1+0" "$work/3check.pgn")"

finish "select variants: all checks passed"
