#!/usr/bin/env bash
# pgn dedupe on a corpus made here from real games (twic944) with planted copies of every
# kind: exact, retagged and reflowed, players spelled differently, another result, truncated.
# The expected report (file:line of each copy and of its original) is computed by the script
# that plants them; the exact count is checked against pgn-extract -D too.
#
# Usage: dedupe.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$(realpath "$1")
shared=$3
source "$(dirname "$0")/lib/common.sh"

# plant.py SOURCE OUT_DIR: writes base.pgn (distinct games), planted.pgn and expected-*.txt.
python3 - "$shared/corpora/real/twic944.pgn" "$work" <<'PY'
import re, sys, random
src, out = sys.argv[1], sys.argv[2]
text = open(src, encoding="utf-8").read()
games = ["[Event " + g for g in text.split("\n[Event ")]
games[0] = games[0][len("[Event "):]
def split(g):
    head, _, moves = g.strip("\n").partition("\n\n")
    return head, moves
def tokens(moves):
    moves = re.sub(r"\{[^}]*\}", " ", moves)
    return tuple(t for t in moves.split() if not re.match(r"^\d+\.+$", t) and t not in ("1-0", "0-1", "1/2-1/2", "*"))
# Distinct games of at least 30 plies whose moves are no beginning of another's.
seen, base = set(), []
for g in games:
    head, moves = split(g)
    t = tokens(moves)
    if len(t) < 30 or t in seen or "FEN" in head or not re.search(r'\[White "[^",]+,[^"]+"\]', head):
        continue
    seen.add(t)
    base.append(g.strip("\n") + "\n")
prefixes = {t[:k] for t in seen for k in range(10, len(t))}
base = [g for g in base if tokens(split(g)[1]) not in prefixes][:200]
random.seed(7)
planted = []  # (game text, kind or None, index of original in base)
def tag(head, name, value):
    if re.search(r'^\[%s "' % name, head, re.M):
        return re.sub(r'^\[%s "[^"]*"\]' % name, '[%s "%s"]' % (name, value), head, flags=re.M)
    return head + '\n[%s "%s"]' % (name, value)
def get(head, name):
    return re.search(r'^\[%s "([^"]*)"\]' % name, head, re.M).group(1)
items = [(g, None, i) for i, g in enumerate(base)]
for i in range(0, 200, 10):  # exact copies, as they were
    items.append((base[i], "exact", i))
for i in range(1, 200, 10):  # new tags, a comment, movetext reflowed: still the same game
    head, moves = split(base[i])
    moves = " ".join(moves.split())
    moves = moves.replace(" ", " {a comment} ", 1)
    items.append((tag(head, "Annotator", "Somebody") + "\n\n" + moves + "\n", "exact", i))
for i in range(2, 200, 10):  # "Surname,Given" written "Surname, G."
    head, moves = split(base[i])
    w = get(head, "White")
    sur, given = w.split(",", 1)
    items.append((tag(head, "White", "%s, %s." % (sur, given.strip()[:1])) + "\n\n" + moves + "\n", "players-spelled-differently", i))
for i in range(3, 200, 10):  # another result
    head, moves = split(base[i])
    r = get(head, "Result")
    other = "1-0" if r != "1-0" else "0-1"
    items.append((tag(head, "Result", other) + "\n\n" + moves + "\n", "different-result", i))
truncated = []
for i in range(4, 200, 10):  # cut after 20 plies
    head, moves = split(base[i])
    t = tokens(moves)[:20]
    cut = " ".join(("%d. %s" % (k // 2 + 1, m)) if k % 2 == 0 else m for k, m in enumerate(t)) + " *"
    truncated.append(len(items))
    items.append((tag(head, "Result", "*") + "\n\n" + cut + "\n", "prefix", i))
first = items[:200]
rest = items[200:]
random.shuffle(rest)
# Some copies come before their original: the first of a pair is the one kept.
order = first[:100] + rest[:30] + first[100:] + rest[30:]
with open(out + "/planted.pgn", "w", encoding="utf-8") as f:
    line = 1
    where = {}
    rows = []
    for n, (g, kind, i) in enumerate(order):
        rows.append((line, kind, i))
        if kind is None:
            where[i] = line
        f.write(g + "\n")
        line += g.count("\n") + 1
# The original of a copy is the first game with those moves (a copy may come first).
def expected(kinds):
    lines = []
    firsts = {}
    for line, kind, i in rows:
        if kind == "prefix" and "prefix" not in kinds:
            continue
        if kind == "prefix":
            continue
        firsts.setdefault(i, (line, kind))
    for line, kind, i in rows:
        if kind == "prefix":
            if "prefix" in kinds:
                lines.append("planted.pgn:%d: duplicate (prefix) of planted.pgn:%d" % (line, where[i]))
            continue
        fline, fkind = firsts[i]
        if line == fline:
            continue
        # The kind is named from the game kept to the copy.
        k = kind if fkind is None else (fkind if kind is None else ("exact" if kind == fkind == "exact" else "mixed"))
        lines.append("planted.pgn:%d: duplicate (%s) of planted.pgn:%d" % (line, k, fline))
    return lines
open(out + "/expected-moves.txt", "w").write("\n".join(expected(set())) + "\n")
open(out + "/expected-prefix.txt", "w").write("\n".join(expected({"prefix"})) + "\n")
annotated_first = sum(1 for line, kind, i in rows if kind == "exact" and "Somebody" in order[[r[0] for r in rows].index(line)][0] and line < where[i])
open(out + "/counts.txt", "w").write("%d %d %d\n" % (len(order), len(truncated), annotated_first))
PY
read -r total truncated annotated_first <"$work/counts.txt"
cd "$work" || exit 1

# Exact duplicates (by moves): every copy but the truncated ones; the report names each.
"$pgn" dedupe --duplicates dups.pgn planted.pgn >kept.pgn 2>report.txt
expect "exit" 0 $?
grep ': duplicate (' report.txt >found.txt
# Copies that come before their original swap roles; "mixed" rows are those.
grep -v '(mixed)' expected-moves.txt | sort >want.txt
grep -v -F -f <(grep '(mixed)' expected-moves.txt | sed 's/: duplicate.*//') found.txt | sort >got.txt
diff want.txt got.txt >diff.txt || fail "report differs from the planted copies: $(head -5 diff.txt)"
expect "games kept" 200 "$(( $(grep -c '^\[Event ' kept.pgn) - truncated ))"
expect "--duplicates holds the copies" "$((total - 200 - truncated))" "$(grep -c '^\[Event ' dups.pgn)"
for kind in exact players-spelled-differently different-result; do
  [ "$(grep -c "($kind)" found.txt)" -gt 0 ] || fail "no $kind copy reported"
done
# Every kept game is byte for byte a game of the input.
python3 - planted.pgn kept.pgn <<'PY' || fail "a kept game is not as it was in the input"
import sys
src = open(sys.argv[1]).read()
for g in open(sys.argv[2]).read().split("\n\n[Event ")[1:]:
    if "[Event " + g.rstrip("\n") not in src:
        sys.exit(1)
PY

# pgn-extract -D agrees on which games are copies by their moves: twic944 twice over (with the
# copies it already holds).
real=$shared/corpora/real/twic944.pgn
# (Games without moves, forfeits, are told apart by their tags here and not by pgn-extract: they
# are left out.)
"$pgn" select -q --ply 1.. "$real" >moved.pgn
cat moved.pgn moved.pgn >twice.pgn
"$pgn" dedupe -q twice.pgn >twice-kept.pgn
if [ -x /usr/games/pgn-extract ]; then
  /usr/games/pgn-extract -s -D -o extract.pgn twice.pgn 2>/dev/null
  expect "pgn-extract -D keeps" "$(grep -c '^\[Event ' extract.pgn)" "$(grep -c '^\[Event ' twice-kept.pgn)"
fi

# Spilled to partition files (twice.pgn's 48-byte entries are far more than 64K): the same
# output, duplicates and report.
cat planted.pgn twice.pgn >big.pgn
"$pgn" dedupe --duplicates dups1.pgn big.pgn >kept1.pgn 2>report1.txt
"$pgn" dedupe --memory 64K --duplicates dups2.pgn big.pgn >kept2.pgn 2>report2.txt
grep -q "spilled to 256 partitions" report2.txt || fail "--memory 64K did not spill: $(tail -1 report2.txt)"
grep -q "spilled" report1.txt && fail "the default --memory spilled"
cmp -s kept1.pgn kept2.pgn || fail "spilling changed the output"
cmp -s dups1.pgn dups2.pgn || fail "spilling changed the duplicates"
diff <(grep ': duplicate' report1.txt) <(grep ': duplicate' report2.txt) >/dev/null || fail "spilling changed the report"
expect "copies in big.pgn" "$(grep -c '^\[Event ' dups1.pgn)" "$(grep -c ': duplicate' report2.txt)"

# Truncated copies with --prefix: named, and the longer game kept.
"$pgn" dedupe --prefix planted.pgn >kept3.pgn 2>report3.txt
expect "--prefix copies" "$truncated" "$(grep -c '(prefix)' report3.txt)"
diff <(grep '(prefix)' expected-prefix.txt | sort) <(grep '(prefix)' report3.txt | sort) >/dev/null ||
  fail "--prefix report differs: $(diff <(grep '(prefix)' expected-prefix.txt | sort) <(grep '(prefix)' report3.txt | sort) | head -3)"
expect "--prefix keeps" 200 "$(grep -c '^\[Event ' kept3.pgn)"

# --prefix past --memory: the keys of whole games (a quarter of 64K, 1024 of them; big.pgn
# holds some 6000 games and the planted truncated copies) go to partition files and are looked
# up one group at a time; output, duplicates and report are those of the run in memory.
"$pgn" dedupe --prefix --duplicates dups9.pgn big.pgn >kept9.pgn 2>report9.txt
"$pgn" dedupe --prefix --memory 64K --duplicates dups10.pgn big.pgn >kept10.pgn 2>report10.txt
grep -q "prefix keys spilled, looked up in [2-9][0-9]* passes" report10.txt ||
  fail "--prefix --memory 64K did not spill its keys: $(tail -n 1 report10.txt)"
grep -q "prefix keys spilled" report9.txt && fail "the default --memory spilled the prefix keys"
[ "$(grep -c '(prefix)' report9.txt)" -ge "$truncated" ] ||
  fail "--prefix found $(grep -c '(prefix)' report9.txt) truncated copies in big.pgn, planted $truncated"
cmp -s kept9.pgn kept10.pgn || fail "spilling the prefix keys changed the output"
cmp -s dups9.pgn dups10.pgn || fail "spilling the prefix keys changed the duplicates"
diff <(grep ': duplicate' report9.txt) <(grep ': duplicate' report10.txt) >/dev/null ||
  fail "spilling the prefix keys changed the report: $(diff <(grep ': duplicate' report9.txt) <(grep ': duplicate' report10.txt) | head -3)"

# --same-tags: the respelled players are no copies, unless compared fuzzily; the other result
# is no copy with Result among the tags.
"$pgn" dedupe -q --same-tags White,Black planted.pgn >kept4.pgn
expect "--same-tags White,Black" "$(( $(grep -c '^\[Event ' kept.pgn) + 20 ))" "$(grep -c '^\[Event ' kept4.pgn)"
"$pgn" dedupe -q --same-tags White,Black --fuzzy-players planted.pgn >kept5.pgn
cmp -s kept.pgn kept5.pgn || fail "--fuzzy-players did not take the respelled players as the same"
"$pgn" dedupe -q --same-tags Result planted.pgn >kept6.pgn
expect "--same-tags Result" "$(( $(grep -c '^\[Event ' kept.pgn) + 20 ))" "$(grep -c '^\[Event ' kept6.pgn)"

# --keep most-tags keeps the copy with the added Annotator tag; most-annotated the commented one.
"$pgn" dedupe -q --keep most-tags planted.pgn >kept7.pgn
expect "--keep most-tags" 20 "$(grep -c '^\[Annotator "Somebody"\]' kept7.pgn)"
"$pgn" dedupe -q --keep most-annotated planted.pgn >kept8.pgn
expect "--keep most-annotated" 20 "$(grep -c '{a comment}' kept8.pgn)"
# (with first, only the retagged copies that come before their original are written)
expect "--keep first" "$annotated_first" "$(grep -c '^\[Annotator "Somebody"\]' kept.pgn)"

# Standard input is read twice through a temporary copy, and named - in the report.
"$pgn" dedupe - <planted.pgn 2>stdin-report.txt | cmp -s - kept.pgn || fail "standard input gives another output"
diff <(sed 's/planted.pgn/-/g' report.txt | grep ': duplicate') <(grep ': duplicate' stdin-report.txt) >/dev/null ||
  fail "standard input is not named - in the report: $(grep -m1 ': duplicate' stdin-report.txt)"

# The second reading takes the games of a plain file from where the first reading found them;
# a compressed file is cut into games again. Both give the same bytes, with a Windows-1252
# game (written as UTF-8), CRLF line ends and games without a blank line between them.
{
  cat planted.pgn
  printf '[Event "latin-1"]\n[White "M\xfcller, K"]\n\n1. e4 e5 2. Nf3 *\n'
  printf '[Event "crlf"]\r\n\r\n1. d4 d5 2. c4 *\r\n'
  printf '[Event "latin-1 again"]\n[White "M\xfcller, K"]\n\n1. e4 e5 2. Nf3 *'
} >mixed.pgn
"$pgn" dedupe --duplicates mixed-dups1.pgn mixed.pgn >mixed-kept1.pgn 2>mixed-report1.txt
gzip -c mixed.pgn >mixed.pgn.gz
"$pgn" dedupe --duplicates mixed-dups2.pgn mixed.pgn.gz >mixed-kept2.pgn 2>mixed-report2.txt
cmp -s mixed-kept1.pgn mixed-kept2.pgn || fail "a plain file and its gzip give other outputs"
cmp -s mixed-dups1.pgn mixed-dups2.pgn || fail "a plain file and its gzip give other duplicates"
diff <(grep ': duplicate' mixed-report1.txt) <(sed 's/mixed.pgn.gz/mixed.pgn/g' mixed-report2.txt | grep ': duplicate') >/dev/null ||
  fail "a plain file and its gzip give other reports"
grep -q '^\[White "Müller, K"\]$' mixed-kept1.pgn || fail "the Windows-1252 game is not written as UTF-8"
grep -q '^\[Event "latin-1 again"\]' mixed-dups1.pgn || fail "the Windows-1252 copy is not among the duplicates"
expect "games of mixed.pgn" "$(( $(grep -c '^\[Event ' mixed.pgn) ))" \
  "$(( $(grep -c '^\[Event ' mixed-kept1.pgn) + $(grep -c '^\[Event ' mixed-dups1.pgn) ))"

# Forfeits (no moves) are copies only when their tags are the same: twic944 has six with
# other players, which are all kept; each twice over are copies. Its one real copy (the moves
# of line 7425 again at line 8311 under other names and another result) is found.
"$pgn" dedupe "$real" 2>forfeit-report.txt | grep -c '^\[Event ' >forfeit-kept.txt
expect "forfeits kept" "$(( $(grep -c '^\[Event ' "$real") - 1 ))" "$(cat forfeit-kept.txt)"
grep -q 'twic944.pgn:8311: duplicate (different-result) of .*twic944.pgn:7425$' forfeit-report.txt ||
  fail "the copy in twic944 is not reported: $(cat forfeit-report.txt)"
"$pgn" select -q --ply 0 "$real" >forfeits.pgn
cat forfeits.pgn forfeits.pgn >forfeits2.pgn
expect "forfeits twice" "$(grep -c '^\[Event ' forfeits.pgn)" "$("$pgn" dedupe -q forfeits2.pgn | grep -c '^\[Event ')"

# A game that cannot be read whole is written as it was, named, and never compared.
"$pgn" dedupe --max-game-bytes 700 planted.pgn >cut-kept.pgn 2>cut-report.txt
grep -q 'planted.pgn:[0-9]*: game [0-9]* is longer than --max-game-bytes and cannot be read whole; written, not compared' cut-report.txt ||
  fail "a game too long to read is not named: $(head -n 2 cut-report.txt)"
written=$(grep -o '[0-9][0-9]* written' cut-report.txt | cut -d' ' -f1)
expect "long games written" "$written" "$(grep -c '^\[Event ' cut-kept.pgn)"
[ "$written" -gt "$(grep -c '^\[Event ' kept.pgn)" ] || fail "games not compared were not all written"
grep -q "not compared (cannot be read whole)" cut-report.txt || fail "the summary does not count the games not compared"

# Games under ten plies are copies only when their players match too (as surname and
# initial): the masters database has 178, mostly one-move forfeits ("1.d4 0-1" under sixty
# pairs of players), which the moves alone made 96 different-players and different-result
# copies. The 8 left are the same game entered twice; each game twice over is a copy.
masters=$shared/corpora/real/pgnmentor_players_A-K.pgn.zst
if [ -f "$masters" ]; then
  "$pgn" select -q --ply 1..9 "$masters" >short.pgn
  report=$("$pgn" dedupe -o short-kept.pgn short.pgn 2>&1 | tail -1)
  expect "short games of masters" "178 games: 170 written, 8 duplicates (8 exact)" "${report%%;*}"
  cat short.pgn short.pgn >short2.pgn
  report=$("$pgn" dedupe -o /dev/null short2.pgn 2>&1 | tail -1)
  expect "short games of masters twice" "356 games: 170 written, 186 duplicates (186 exact)" \
    "${report%%;*}"
fi

"$pgn" dedupe --keep best planted.pgn >/dev/null 2>&1
expect "bad --keep" 2 $?
"$pgn" dedupe --memory lots planted.pgn >/dev/null 2>&1
expect "bad --memory" 2 $?

finish "dedupe: all checks passed"
