#!/usr/bin/env bash
# Bughouse legality on one board with given pockets: perft of pgn against Fairy-Stockfish
# (Debian's fairy-stockfish knows bughouse per board), on fixed positions and on the position
# after every move of real records. Without the engine, the fixed counts (taken from it) stay.
# Arguments: pgn binary, repository dir, shared dir.
set -u
pgn=$1
shared=${3:-}
source "$(dirname "$0")/lib/common.sh"

nodes() { "$pgn" perft --variant bughouse --fen "$1" "$2" 2>/dev/null | sed -n 's/^Nodes searched: //p'; }

# Counts Fairy-Stockfish 11.1 gives: pockets on both sides, a check a drop may block with an
# empty pocket, a promoted queen, pawn drops kept off the first and last ranks.
expect "pockets on both sides, depth 3" 416755 \
  "$(nodes 'r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R[NPp] w KQkq - 4 5' 3)"
expect "blockable check, empty pocket" 0 \
  "$(nodes '2Q~5/5p1p/2pp2p1/QpBP1p2/bP1P4/k1P1NB1P/P5QP/2B1R1K1[NP] b - - 1 53' 1)"
expect "same with a pawn in hand, depth 2" "$(nodes '2Q~5/5p1p/2pp2p1/QpBP1p2/bP1P4/k1P1NB1P/P5QP/2B1R1K1[NPp] b - - 1 53' 2)" \
  "$(nodes '2Q~5/5p1p/2pp2p1/QpBP1p2/bP1P4/k1P1NB1P/P5QP/2B1R1K1[NPp] b - - 1 53' 2)"
expect "pawn drops, depth 2" 2654 \
  "$(nodes '4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1' 2)"
# Captures stay off the capturer's pocket (they go to the partner): fewer nodes than crazyhouse.
italian='r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R[] w KQkq - 4 5'
zh=$("$pgn" perft --variant crazyhouse --fen "$italian" 3 2>/dev/null | sed -n 's/^Nodes searched: //p')
bh=$(nodes "$italian" 3)
[ "$zh" -gt "$bh" ] || fail "crazyhouse keeps its captures: $zh against $bh"

fairy=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
if [ ! -x "$fairy" ]; then
  echo "SKIP: fairy-stockfish is not installed (fixed counts checked)"
  finish "bughouse perft: fixed counts as expected"
fi

# fairy FEN DEPTH...: the engine's counts, one per line.
fairy_nodes() {
  python3 - "$fairy" "$@" <<'EOF'
import subprocess, sys
engine, pairs = sys.argv[1], sys.argv[2:]
script = "setoption name UCI_Variant value bughouse\n"
for fen, depth in zip(pairs[::2], pairs[1::2]):
    script += f"position fen {fen}\ngo perft {depth}\n"
out = subprocess.run([engine], input=script + "quit\n", capture_output=True, text=True).stdout
for line in out.splitlines():
    if line.startswith("Nodes searched:"):
        print(line.split(":")[1].strip())
EOF
}
expect "engine agrees on the fixed counts" "416755
0
2654" "$(fairy_nodes 'r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R[NPp] w KQkq - 4 5' 3 \
  '2Q~5/5p1p/2pp2p1/QpBP1p2/bP1P4/k1P1NB1P/P5QP/2B1R1K1[NP] b - - 1 53' 1 \
  '4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1' 2)"

# Every position of real records (FICS 2001, the first engine game and the first ten FICS
# database games), depth 2: pockets as the match fed them.
corpus=$shared/corpora/bughouse
[ -d "$corpus" ] || finish "bughouse perft: engine agrees"
{
  "$pgn" convert -q --to jsonl --fen "$corpus/fics-2001-jchess.bpgn"
  "$pgn" convert -q --to jsonl --fen "$corpus/hivemind-selfplay.bpgn" | head -1
  "$pgn" convert -q --to jsonl --fen "$corpus/fics-bughouse-db-64.bpgn" | head -10
} 2>/dev/null | python3 -c '
import json, sys
for line in sys.stdin:
    for m in json.loads(line)["moves"]:
        print(m["fen"])' >"$work/fens"
count=$(wc -l <"$work/fens")
[ "$count" -gt 1000 ] || fail "positions to compare: $count"
args=()
while IFS= read -r fen; do args+=("$fen" 2); done <"$work/fens"
fairy_nodes "${args[@]}" >"$work/engine"
while IFS= read -r fen; do nodes "$fen" 2; done <"$work/fens" >"$work/ours"
if ! cmp -s "$work/engine" "$work/ours"; then
  fail "perft 2 differs from fairy-stockfish"
  paste "$work/fens" "$work/engine" "$work/ours" | awk -F'\t' '$2 != $3' | head -5
fi

finish "bughouse perft: $count positions of real matches agree with fairy-stockfish"
