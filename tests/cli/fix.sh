#!/usr/bin/env bash
# pgn fix:
# - the golden corpus of problems (corpora/golden/fix/problems.pgn, one game per fault kind)
#   gives exactly the expected games and changes, with the default options and with
#   --repair-illegal --keep-dropped --keep-notation, and the expected JSON Lines report;
# - `pgn validate` on `pgn fix` output finds no error except in the games fix passed on as
#   they were (said in its report), over the golden corpus and every shared corpus file;
# - the output holds every game, in input order (the same count as the input);
# - --dry-run writes no game; --report is JSON Lines; -o and --report never name an input;
# - one thread and four give the same bytes.
# The expected files were checked by hand, game by game; regenerate only after reading the diff.
# Usage: fix.sh PGN_BINARY REPO_DIR [SHARED_DIR]
set -u
pgn=$(realpath "$1")
repo=$2
shared=${3:-}
source "$(dirname "$0")/lib/common.sh"

# --- golden corpus -------------------------------------------------------------------------
cd "$repo/corpora/golden/fix" || exit 2
golden() {  # NAME OPTIONS...: NAME.pgn and NAME.txt are the games and changes expected
  local name=$1
  shift
  "$pgn" fix -q --threads 1 --color never "$@" problems.pgn >"$work/out.pgn" 2>"$work/out.txt"
  [ $? -le 1 ] || fail "pgn fix $* exited with $?"
  diff -u "problems.$name.pgn" "$work/out.pgn" || fail "games differ from problems.$name.pgn"
  diff -u "problems.$name.txt" "$work/out.txt" || fail "changes differ from problems.$name.txt"
}
golden fixed
golden options --repair-illegal --keep-dropped --keep-notation
"$pgn" fix -q --threads 1 --dry-run --report - problems.pgn >"$work/report.jsonl"
diff -u problems.report.jsonl "$work/report.jsonl" || fail "the JSON Lines report differs"
cd "$work" || exit 2

# --- validate on fix output -------------------------------------------------------------------
# Every game validate finds an error in must be one fix passed on as it was. Each input is
# fixed and validated on its own; one Python run then compares all of them.
mkdir "$work/prop"
checked=0
check_property() {  # FILE [OPTIONS...]
  local input=$1 n=$checked
  shift
  checked=$((checked + 1))
  echo "$input $*" >"$work/prop/$n.name"
  "$pgn" fix -q --threads 2 "$@" --report "$work/prop/$n.fix" -o "$work/prop/$n.pgn" "$input" \
    2>/dev/null
  local status=$?
  [ $status -le 1 ] || fail "pgn fix exited with $status on $input"
  "$pgn" validate -q --threads 2 --format jsonl --list-games "$work/prop/$n.pgn" \
    >"$work/prop/$n.val" 2>/dev/null
}
for input in "$repo/corpora/golden/fix/problems.pgn" "$repo"/corpora/golden/*.pgn; do
  check_property "$input"
done
if [ -n "$shared" ] && [ -d "$shared/corpora" ]; then
  while IFS= read -r input; do
    check_property "$input"
  done < <(find "$shared/corpora/edge" "$shared/corpora/localized" "$shared/corpora/variants" \
    -type f \( -name '*.pgn' -o -name '*.txt' \) | sort)
  check_property "$shared/corpora/real/twic0920.pgn"
  # Damaged games: the 2,245 games of a TWIC issue with characters of their movetext replaced,
  # deleted, swapped or inserted (results, signs, brackets, null moves), and dates broken.
  python3 - "$shared/corpora/real/twic0920.pgn" "$work/damaged.pgn" <<'EOF'
import random, sys
random.seed(1)
games = open(sys.argv[1], encoding="utf-8", errors="replace").read().split("\n\n[")
out = []
for g in games:
    head, _, moves = ("[" + g.lstrip("[")).partition("\n\n")
    m = list(moves)
    for _ in range(random.randint(0, 4)):
        if not m:
            break
        i, op = random.randrange(len(m)), random.random()
        if op < 0.3:
            m[i] = random.choice("NBRQKabcdefgh12345678x+#O0-=()")
        elif op < 0.5:
            del m[i]
        elif op < 0.7:
            m.insert(i, random.choice([" 1-0 ", " 0-1 ", "+", "#", " (", ") ", " {c} ", " -- "]))
        elif i + 1 < len(m):
            m[i], m[i + 1] = m[i + 1], m[i]
    if random.random() < 0.2:
        head = head.replace('[Date "', '[Date "x', 1)
    out.append(head + "\n\n" + "".join(m))
open(sys.argv[2], "w").write("\n\n".join(out) + "\n")
EOF
  check_property "$work/damaged.pgn"
  check_property "$work/damaged.pgn" --repair-illegal --keep-notation --keep-dropped
fi
python3 - "$work/prop" "$checked" <<'EOF' || failures=$((failures + 1))
import json, sys
folder, count = sys.argv[1], int(sys.argv[2])
ok = True
for n in range(count):
    name = open(f"{folder}/{n}.name").read().strip()
    passed_on, summary = set(), None
    for line in open(f"{folder}/{n}.fix"):
        r = json.loads(line)
        if r.get("type") == "summary":
            summary = r
        elif r["game_passed_on"]:
            passed_on.add(r["game"])
    games, bad = 0, []
    for line in open(f"{folder}/{n}.val"):
        r = json.loads(line)
        if r.get("type") == "game":
            games += 1
        elif "type" not in r and r["severity"] == "error" and r["game"] not in passed_on:
            bad.append(r)
    if bad:
        print(f"FAIL: {name}: validate finds errors in mended games, e.g. game "
              f"{bad[0]['game']}: {bad[0]['message']}")
        ok = False
    # Every game is written (a game passed on as it was may be read as more or fewer games
    # when its text is broken).
    if not passed_on and summary["games"] != games:
        print(f"FAIL: {name}: {summary['games']} games in, {games} games written")
        ok = False
print(f"validate on fix output: {count} inputs checked")
sys.exit(0 if ok else 1)
EOF

# --- dry run, report, output safety -------------------------------------------------------
problems=$repo/corpora/golden/fix/problems.pgn
out=$("$pgn" fix -q --dry-run "$problems" 2>/dev/null)
[ -z "$out" ] || fail "--dry-run wrote games"
"$pgn" fix -q --dry-run -o "$work/dry.pgn" "$problems" 2>/dev/null && fail "--dry-run -o accepted"
[ ! -e "$work/dry.pgn" ] || fail "--dry-run created its output file"
"$pgn" fix -q --report "$work/r.jsonl" -o "$work/fixed.pgn" "$problems" 2>/dev/null
python3 -c '
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
assert lines[-1]["type"] == "summary" and lines[-1]["games"] == 23, lines[-1]
assert all({"file", "game", "line", "column", "kind", "was", "now", "why"} <= set(l) for l in lines[:-1])
' "$work/r.jsonl" || fail "--report is not the JSON Lines expected"
cp "$problems" "$work/input.pgn"
before=$(sha256sum <"$work/input.pgn")
"$pgn" fix -q -o "$work/input.pgn" "$work/input.pgn" 2>/dev/null && fail "-o naming an input accepted"
"$pgn" fix -q --report "$work/input.pgn" "$work/input.pgn" >/dev/null 2>&1 &&
  fail "--report naming an input accepted"
[ "$(sha256sum <"$work/input.pgn")" = "$before" ] || fail "an input was overwritten"

# --- variants ------------------------------------------------------------------------------
# Variant ends decide results and drop the moves after them (atomic, king of the hill), and a
# slip is looked for among a variant's legal moves (crazyhouse). Checked where this build
# replays the lichess variants.
cd "$repo/corpora/golden/fix" || exit 2
if "$pgn" validate -q --format jsonl variants.pgn | grep -q unsupported-variant; then
  echo "variants: not replayed by this build, skipped"
else
  "$pgn" fix -q --threads 1 --color never --repair-illegal variants.pgn >"$work/v.pgn" \
    2>"$work/v.txt"
  diff -u variants.fixed.pgn "$work/v.pgn" || fail "variant games differ from variants.fixed.pgn"
  diff -u variants.fixed.txt "$work/v.txt" || fail "variant changes differ from variants.fixed.txt"
  [ -z "$("$pgn" validate -q --errors-only "$work/v.pgn")" ] || fail "validate finds errors in mended variant games"
fi
cd "$work" || exit 2

# --- threads ------------------------------------------------------------------------------
inputs=("$problems")
[ -n "$shared" ] && [ -f "$shared/corpora/real/twic0920.pgn" ] && inputs+=("$shared/corpora/real/twic0920.pgn")
for threads in 1 4; do
  "$pgn" fix -q --threads $threads --repair-illegal --report "$work/t$threads.jsonl" \
    -o "$work/t$threads.pgn" "${inputs[@]}" 2>/dev/null
done
cmp -s "$work/t1.pgn" "$work/t4.pgn" || fail "games differ between 1 and 4 threads"
cmp -s "$work/t1.jsonl" "$work/t4.jsonl" || fail "reports differ between 1 and 4 threads"

finish "fix: all checks passed"
