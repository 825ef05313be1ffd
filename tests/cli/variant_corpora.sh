#!/usr/bin/env bash
# The real variant games of ../shared/corpora/variants: every game of the seven lichess
# variants is replayed (no unsupported-variant for them), the problems reported are exactly
# the ones docs/variants.md lists, and, when Debian's fairy-stockfish is installed, it replays
# the same moves to the same final position in every game (a second, independent opinion on
# the legality of every move we accept).
# Arguments: pgn binary, repository dir, shared dir.
set -u
pgn=$1
shared=${3:-}
dir=$shared/corpora/variants
if [ ! -d "$dir" ]; then
  echo "SKIP: no $dir"
  exit 0
fi
source "$(dirname "$0")/lib/common.sh"

# Problems by file and code (errors and unsupported variants), and the variants not replayed.
for f in $(find "$dir" -type f -name '*.pgn*' | sort); do
  name=${f#"$dir"/}
  "$pgn" validate -q -f jsonl --no-tag-checks "$f" >"$work/report.jsonl"
  python3 - "$work/report.jsonl" "$name" <<'EOF' >>"$work/found.txt"
import json, re, sys
counts = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    if "code" in r and (r["severity"] == "error" or r["code"] == "unsupported-variant"):
        key = r["code"]
        if r["code"] == "unsupported-variant":
            key += " " + re.match(r'variant "([^"]*)"', r["message"]).group(1).lower()
        if "drops exist only in crazyhouse" in r["message"]:
            key += " (drop in a game without a Variant tag)"
        counts[key] = counts.get(key, 0) + 1
for key in sorted(counts):
    print(f"{sys.argv[2]}: {key}: {counts[key]}")
EOF
done
expected="pychess/schess.pgn: unsupported-variant seirawan: 401
pychess/sittuyin.pgn: result-mismatch: 2
pychess/sittuyin.pgn: unsupported-variant sittuyin: 3
pychess/zh2200plus.pgn: illegal-move (drop in a game without a Variant tag): 1285"
if [ "$expected" != "$(cat "$work/found.txt")" ]; then
  fail "problems in the variant corpora differ from docs/variants.md"
  diff <(echo "$expected") "$work/found.txt"
fi

# zh2200plus.pgn is crazyhouse without a Variant tag: with the tag, every game reads clean.
awk '/^\[Event /{print "[Variant \"Crazyhouse\"]"} {print}' "$dir/pychess/zh2200plus.pgn" >"$work/zh-tagged.pgn"
summary=$("$pgn" validate --errors-only "$work/zh-tagged.pgn" 2>&1 >/dev/null | head -1)
[ "$summary" = "1 file, 1291 games: 1291 valid, 0 with errors, 0 with warnings; 77477 moves replayed" ] ||
  fail "zh2200plus.pgn with its Variant tag: $summary"

# dedupe and select replay variant records by their rules (drops played as standard moves once
# crashed dedupe on this file).
dedupe=$("$pgn" dedupe "$dir/pychess/zh.pgn" "$dir/pychess/zh.pgn" -o "$work/once.pgn" 2>&1 | tail -1)
[ "${dedupe%%;*}" = "166 games: 83 written, 83 duplicates (83 exact)" ] || fail "dedupe zh.pgn twice: $dedupe"
selected=$("$pgn" select -q --valid "$dir/pychess/zh.pgn" | grep -c '^\[Event')
[ "$selected" = 83 ] || fail "select --valid zh.pgn: $selected games"

# Fairy-Stockfish replays each game's moves (UCI, drops as N@f3) from its start and must reach
# the final position we reach: it stops at a move it finds illegal, so any disagreement
# about any move shows as a different position. Debian's build has no atomic: those games
# rest on the atomic perft suites (perft_suites_test).
fairy=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
if [ ! -x "$fairy" ]; then
  echo "SKIP: fairy-stockfish is not installed (the corpora were checked without it)"
else
  games=0
  for f in pychess/atomic.pgn pychess/zh.pgn pychess/schess.pgn python-chess/antichess-programfox.pgn \
    python-chess/knightvuillaume-jannlee-zh-lichess.pgn python-chess/saturs-jannlee-zh-lichess.pgn; do
    "$pgn" convert -q -t jsonl --fen --skip-invalid "$dir/$f" >>"$work/games.jsonl" 2>/dev/null
  done
  "$pgn" convert -q -t jsonl --fen "$work/zh-tagged.pgn" >>"$work/games.jsonl"
  result=$(python3 - "$work/games.jsonl" "$fairy" <<'EOF'
import json, subprocess, sys
names = {"Antichess": "antichess", "Atomic": "atomic", "Crazyhouse": "crazyhouse",
         "Horde": "horde", "King of the Hill": "kingofthehill", "Racing Kings": "racingkings",
         "Three-check": "3check"}
uci = subprocess.run([sys.argv[2]], input="uci\nquit\n", capture_output=True, text=True).stdout
known = set(next((l for l in uci.splitlines() if "UCI_Variant" in l), "").split())
games, commands = [], []
for line in open(sys.argv[1]):
    g = json.loads(line)
    if names.get(g.get("variant")) not in known or not g["moves"]:
        continue
    games.append(g)
    commands.append(f"setoption name UCI_Variant value {names[g['variant']]}")
    commands.append(f"position fen {g['start_fen']} moves " + " ".join(m["uci"] for m in g["moves"]))
    commands.append("d")
commands.append("quit")
out = subprocess.run([sys.argv[2]], input="\n".join(commands) + "\n", capture_output=True,
                     text=True).stdout
fens = [l[5:].strip() for l in out.splitlines() if l.startswith("Fen: ")]
def key(fen):
    # Board, pockets (any order), side to move and castling rights.
    board, side, castling = fen.split()[:3]
    pocket = ""
    if "[" in board:
        board, pocket = board.rstrip("]").split("[")
    return board, "".join(sorted(pocket)), side, castling
bad = [i for i, g in enumerate(games) if i >= len(fens) or key(fens[i]) != key(g["moves"][-1]["fen"])]
for i in bad[:5]:
    print("differs:", games[i]["tags"].get("Site", ""), games[i]["moves"][-1]["fen"], fens[i] if i < len(fens) else None)
print(f"{len(games)} games, {sum(len(g['moves']) for g in games)} moves, {len(bad)} differ")
EOF
)
  case "$result" in
    *" 0 differ") ;;
    *) fail "fairy-stockfish disagrees: $result" ;;
  esac
  echo "fairy-stockfish: $(tail -1 <<<"$result")"
fi

finish "variant corpora: all checks passed"
