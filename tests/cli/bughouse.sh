#!/usr/bin/env bash
# Bughouse (BPGN): the real records of the shared corpus validate clean in all four dialects,
# and faults made from them are each found at the move that holds them.
# Arguments: pgn binary, repository dir, shared dir.
set -u
pgn=$1
shared=${3:-}
source "$(dirname "$0")/lib/common.sh"
corpus=$shared/corpora/bughouse
if [ ! -d "$corpus" ]; then
  echo "SKIP: no shared bughouse corpus"
  exit 0
fi

# problems FILE: "line:column: severity[code]: message" of every problem, without the file.
problems() {
  "$pgn" validate -q --threads 1 "$@" 2>/dev/null | grep -E '^[^ ]+:[0-9]+:[0-9]+: ' |
    sed -E 's|^[^:]+:||'
}

# The real records: every legal one clean (the Latin-1 FICS records carry their encoding
# warning), the one that starts mid-game reported once at its move 1, the engine games that
# play on after a mate at the move after it, the duck-chess match not replayed.
expect "fics 2001 clean" "" "$(problems "$corpus/fics-2001-jchess.bpgn")"
out=$(problems "$corpus/fics-bughouse-db-64.bpgn" | grep -v 'warning\[encoding\]')
expect "fics db: only game 24, at its move 1" \
  "47:1: error[illegal-move]: illegal move 1A Qe7+ on board A: no white queen can reach e7" "$out"
summary=$("$pgn" validate --threads 1 "$corpus/fics-bughouse-db-64.bpgn" 2>&1 >/dev/null | head -1)
expect "fics db: 64 records, each accounted for" \
  "1 file, 64 games: 63 valid, 1 with errors, 4 with warnings; 7679 moves replayed" "$summary"
out=$(problems "$corpus/hivemind-selfplay.bpgn")
expect "engine games: a move after the mate" \
  "188:1933: error[illegal-move]: move 24B after the end of the match: checkmate on board A at 33a
302:1370: error[illegal-move]: move 15B after the end of the match: checkmate on board A at 26a" "$out"
out=$(problems "$corpus/bughouse-pro.bpgn")
expect "bughouse.pro: three replayed, the duck-chess one not" \
  '129:1: warning[unsupported-variant]: variant "Bughouse Accolade Chess960 DuckChess" is bughouse with other rules; its moves are not replayed' \
  "$out"

# Faults made from real records.
python3 - "$corpus" "$work" <<'EOF'
import sys
corpus, work = sys.argv[1], sys.argv[2]
def records(name):
    text = open(f"{corpus}/{name}", encoding="latin-1").read()
    return [r for r in text.split("\n\n") if r.strip()]
def write(name, text):
    open(f"{work}/{name}", "w", encoding="latin-1").write(text + "\n")
jchess = open(f"{corpus}/fics-2001-jchess.bpgn").read().split("\n\n[")[0]
# The pawn that BlackA drops at 7a comes from WhiteB's capture 7B. dxe5: moved before it.
moved = jchess.replace("\n7a. P@d4 {174}", "").replace("7B. dxe5 {173}", "7a. P@d4 {174} 7B. dxe5 {173}")
assert moved != jchess
write("drop-before-capture.bpgn", moved)
# A pawn dropped on the last rank of its side (BlackB on b1).
write("pawn-last-rank.bpgn", jchess.replace("9b. P@e4", "9b. P@b1"))
# The knight promoted at 18A and taken at 18a goes back as a pawn: WhiteB drops a knight.
db = records("fics-bughouse-db-64.bpgn")
write("promoted-as-itself.bpgn", db[0].replace("18B. P@h6", "18B. N@h6"))
# Game 23: BlackA, checked by a bishop on c1 with an empty pocket, is not mated (a drop
# could block on b2); a record ending there as a mate is wrong.
cut = db[22].split("53A. B@c1+")[0] + "53A. B@c1+{60.0} {BlackA checkmated} 1-0"
write("blockable-mate.bpgn", "[WhiteA \"W1\"][BlackA \"BlackA\"]\n[WhiteB \"W2\"][BlackB \"B2\"]\n[Result \"1-0\"]\n" + cut)
hive = open(f"{corpus}/hivemind-selfplay.bpgn").read().split("\n\n[")[0]
# A draw where board B ended in mate; and the colour reading (BlackB won board B: 0-1).
write("wrong-result.bpgn", hive.replace('[Result "1-0"]', '[Result "1/2-1/2"]'))
write("colour-result.bpgn", hive.replace('[Result "1-0"]', '[Result "0-1"]'))
# A move after the end: the mate on board B, then one more move on board A.
last = hive.rstrip().rsplit(" ", 1)
write("after-end.bpgn", last[0] + " 37a. Kd7 {1.0} " + last[1])
# A record starting mid-game, with tags: one game with one error at move 1.
write("mid-game.bpgn", "[Variant \"Bughouse\"]\n" + db[23])
# Move numbers that skip on board A.
write("numbers.bpgn", jchess.replace("3A. e5 {177}", "4A. e5 {177}"))
# Board B's moves written in a block after board A's: the order is not known.
moves = jchess.split("\n\n", 1)
tokens = moves[1].replace("\n", " ").split(" ")
pairs, i = [], 0
import re
while i < len(tokens):
    if re.match(r"^\d+[AaBb]\.$", tokens[i]):
        j = i + 1
        while j < len(tokens) and not re.match(r"^\d+[AaBb]\.$", tokens[j]) and tokens[j] not in ("0-1", "1-0", "*"):
            j += 1
        pairs.append(" ".join(tokens[i:j]))
        i = j
    else:
        i += 1
a = [p for p in pairs if p.split(".")[0][-1] in "Aa"]
b = [p for p in pairs if p.split(".")[0][-1] in "Bb"]
write("blocks.bpgn", moves[0] + "\n\n" + " ".join(a) + "\n" + " ".join(b))
EOF

out=$(problems "$work/drop-before-capture.bpgn")
expect "drop before the capture that feeds it" \
  "16:57: error[illegal-move]: no black pawn in hand on board a for 7a P@d4: the first pawn is captured at 7B, one move later" \
  "$out"
out=$(problems "$work/pawn-last-rank.bpgn")
expect "pawn dropped on the last rank" "19:1: error[illegal-move]: illegal move 9b P@b1 on board B: a pawn cannot be dropped on the first or last rank" "$out"
out=$(problems "$work/promoted-as-itself.bpgn")
case "$out" in
  "1:"*"error[illegal-move]: no white knight in hand on board B for 18B N@h6"*) ;;
  *) fail "promoted piece passed back as itself: $out" ;;
esac
out=$(problems "$work/blockable-mate.bpgn")
case "$out" in
  *"error[wrong-result]: the record ends with \"BlackA checkmated\", but on board A"*"the check can be blocked by a drop"*) ;;
  *) fail "a mate a drop could block: $out" ;;
esac
out=$(problems "$work/wrong-result.bpgn")
expect "wrong result" \
  "14:1: error[wrong-result]: result 1/2-1/2 contradicts the end of the match (checkmate on board B): WhiteA and BlackB won, 1-0 as the team's result or 0-1 as the colour that won on board B" \
  "$out"
expect "colour reading accepted" "" "$(problems "$work/colour-result.bpgn")"
listed=$("$pgn" validate -q --threads 1 --list-games "$work/colour-result.bpgn" 2>/dev/null | grep -c 'colour on board B')
expect "colour reading named" 1 "$listed"
out=$(problems "$work/after-end.bpgn")
case "$out" in
  *"error[illegal-move]: move 37a after the end of the match: checkmate on board B at "*) ;;
  *) fail "move after the end: $out" ;;
esac
out=$(problems "$work/mid-game.bpgn")
expect "mid-game record: one error at move 1" \
  "2:1: error[illegal-move]: illegal move 1A Qe7+ on board A: no white queen can reach e7" "$out"
out=$(problems "$work/numbers.bpgn")
expect "move number skips" \
  "13:14: warning[syntax]: move number 4A skips: board A is at move 3" "$out"
out=$(problems "$work/blocks.bpgn")
case "$out" in
  *"warning[illegal-move]: order not verifiable: the boards' moves are written in blocks"*) ;;
  *) fail "block-written boards: $out" ;;
esac
expect "block-written boards: no error" "0" "$(grep -c 'error\[' <<<"$out")"

# Conversion: normalized BPGN validates the same, JSON has four players and the team result,
# --to fen writes both boards, --board writes one board as a PGN game with drops.
"$pgn" convert -q "$corpus/hivemind-selfplay.bpgn" -o "$work/normal.bpgn" 2>/dev/null
"$pgn" convert -q "$work/normal.bpgn" -o "$work/normal2.bpgn" 2>/dev/null
cmp -s "$work/normal.bpgn" "$work/normal2.bpgn" || fail "normalized BPGN is a fixed point"
expect "normalized BPGN validates alike" "$(problems "$corpus/hivemind-selfplay.bpgn" | wc -l)" \
  "$(problems "$work/normal.bpgn" | wc -l)"
json=$("$pgn" convert -q --to jsonl --fen "$corpus/fics-2001-jchess.bpgn" 2>/dev/null | head -1)
fields=$(python3 -c '
import json, sys
g = json.loads(sys.argv[1])
m = g["moves"][0]
print(g["players"]["BlackB"], g["result"], m["board"], m["side"], m["san"], m["uci"], m["clock"], m["pockets"]["A"])
drops = [m for m in g["moves"] if "@" in m["san"]]
print(drops[0]["board"], drops[0]["san"], drops[0]["uci"])' "$json")
expect "json fields" "LinusO 0-1 A white e4 e2e4 179 []
A P@d4 P@d4" "$fields"
fen=$("$pgn" convert -q --to fen "$corpus/fics-2001-jchess.bpgn" 2>/dev/null | head -1)
case "$fen" in
  *"] "*" | "*"]"*) ;;
  *) fail "two-board FEN with holdings: $fen" ;;
esac
board=$("$pgn" convert -q --board B "$corpus/fics-2001-jchess.bpgn" 2>/dev/null | head -12)
expect "one board as PGN" '[White "VABORIS"]' "$(grep '^\[White ' <<<"$board" | head -1)"
"$pgn" convert -q --board Q "$corpus/fics-2001-jchess.bpgn" >/dev/null 2>&1
expect "--board takes A or B" 2 "$?"

# select matches any of the four players; dedupe keys a match by its moves on both boards.
expect "select by a player of board B" 18 \
  "$("$pgn" select -q --player Alice2 "$corpus/hivemind-selfplay.bpgn" 2>/dev/null | grep -c '^\[Event ')"
expect "select by a player of board A" 1 \
  "$("$pgn" select -q --player-re '^WhoAmI$' "$corpus/fics-2001-jchess.bpgn" 2>/dev/null | grep -c '^\[Event ')"
cat "$corpus/hivemind-selfplay.bpgn" "$corpus/hivemind-selfplay.bpgn" >"$work/twice.bpgn"
# The first engine game and a copy cut one move short: the same tags, other moves.
python3 - "$corpus/hivemind-selfplay.bpgn" "$work/cut.bpgn" <<'EOF2'
import re, sys
game = open(sys.argv[1]).read().split("\n\n[")[0]
tags, moves = game.split("\n\n", 1)
last = list(re.finditer(r"\d+[AaBb]\. ", moves))[-1]
cut = moves[:last.start()] + "*"
open(sys.argv[2], "w").write(tags + "\n\n" + moves.rstrip() + "\n\n" + tags + "\n\n" + cut + "\n")
EOF2
expect "dedupe: copies of matches" "36 games: 18 written, 18 duplicates (18 exact)" \
  "$("$pgn" dedupe "$work/twice.bpgn" -o "$work/deduped.bpgn" 2>&1 | tail -1 | sed 's/; [0-9.]* s$//')"
expect "dedupe: the same tags, other moves: no copy" "2 games: 2 written, 0 duplicates" \
  "$("$pgn" dedupe "$work/cut.bpgn" -o "$work/deduped.bpgn" 2>&1 | tail -1 | sed 's/; [0-9.]* s$//')"
expect "dedupe --prefix: the cut copy" "2 games: 1 written, 1 duplicates (1 prefix)" \
  "$("$pgn" dedupe --prefix "$work/cut.bpgn" -o "$work/deduped.bpgn" 2>&1 | tail -1 | sed 's/; [0-9.]* s$//')"

finish "bughouse: corpus, faults and conversion as expected"
