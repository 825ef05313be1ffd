#!/usr/bin/env bash
# pgn validate --format html: the page is opened in headless Chromium (no network) and read
# back after its script ran. Every problem of the JSON Lines report of the same run is a row
# with the same fields, in order; the summary and the counts per code are the run's; each
# illegal move and wrong result has a diagram of its position with the move's square marked;
# sorting by a column works; text from the input cannot add elements to the page; diagrams
# stop at 100 with a count of the rest; listed games get a table.
#
# Usage: html_report.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$(realpath "$1")
src=$2
source "$(dirname "$0")/lib/common.sh"
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "FAIL: chromium is not installed (tools/install-deps installs it)"
  exit 1
fi

# DOM after the page's script ran, for a file and an optional #fragment.
dom() {
  HOME=$work timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$work/profile" --dump-dom "file://$1$2" 2>/dev/null >"$work/dom.html"
  python3 "$src/tests/cli/lib/html_report_dom.py" "$work/dom.html"
}

cd "$src" || exit 1
# The golden problems, a crazyhouse game with an illegal drop, and a tag and a move that try
# to inject markup.
cat >"$work/more.pgn" <<'PGN'
[Event "<img src=x onerror=alert(1)>"]
[Variant "Crazyhouse"]
[Result "*"]

1. e4 d5 2. exd5 Qxd5 3. Nc3 Q@e4 *

[Event "inject"]
[Result "*"]

1. e4 <b>x</b> *
PGN
inputs=(corpora/golden/problems.pgn "$work/more.pgn")
"$pgn" validate -q --format html -o "$work/report.html" "${inputs[@]}"
[ $? -eq 1 ] || fail "exit status of a run with errors"
"$pgn" validate -q --format jsonl "${inputs[@]}" >"$work/report.jsonl"
"$pgn" validate --format json "${inputs[@]}" 2>"$work/summary.txt" >/dev/null
dom "$work/report.html" "" >"$work/dom.json" || fail "the page could not be read back"

python3 - "$work/dom.json" "$work/report.jsonl" "$work/summary.txt" <<'PY' || fail "page against the JSON Lines report"
import json, sys
page = json.load(open(sys.argv[1]))
records = [json.loads(l) for l in open(sys.argv[2])]
problems = [r for r in records if r.get("type", "problem") == "problem" and "code" in r]
summary = next(r for r in records if r.get("type") == "summary")
headline = open(sys.argv[3]).readline().strip()
bad = []
rows = page["problem-table"]["rows"]
head = page["problem-table"]["head"]
if len(rows) != len(problems):
    bad.append(f"{len(rows)} rows for {len(problems)} problems")
num = lambda v: "" if not v else str(v)
for row, p in zip(rows, problems):
    cells = dict(zip(head, row))
    want = {"Severity": p["severity"], "Code": p["code"], "File": p["file"],
            "Line": num(p["line"]), "Column": num(p["column"]), "Game": num(p["game"]),
            "Ply": num(p["ply"]), "Variation": p["variation"] or "", "Message": p["message"],
            "Written": p["written"] or "", "SAN": p["san"] or ""}
    for k, v in want.items():
        if cells.get(k) != v:
            bad.append(f"row {p['line']}:{p['column']} {k}: {cells.get(k)!r} != {v!r}")
if page["texts"].get("headline") != headline:
    bad.append(f"headline {page['texts'].get('headline')!r} != {headline!r}")
totals = f"{summary['errors']} errors, {summary['warnings']} warnings"
if page["texts"].get("problem-totals") != totals:
    bad.append(f"totals {page['texts'].get('problem-totals')!r} != {totals!r}")
counts = {r[0]: int(r[2]) for r in page["code-counts"]["rows"]}
if counts != summary["problems_by_code"]:
    bad.append(f"counts {counts} != {summary['problems_by_code']}")
drawn = [p for p in problems if p["code"] in ("illegal-move", "wrong-result") and p["fen"]]
figures = page["figures"]
if len(figures) != len(drawn) or not drawn:
    bad.append(f"{len(figures)} diagrams for {len(drawn)} positions")
for fig, p in zip(figures, drawn):
    if p["fen"] not in fig["caption"]:
        bad.append(f"diagram {fig['id']} shows {p['fen']!r}?")
    pieces = sum(c.isalpha() for c in p["fen"].split()[0].split("[")[0])
    if fig["pieces"] != pieces:
        bad.append(f"diagram {fig['id']}: {fig['pieces']} pieces, FEN has {pieces}")
    if p["code"] == "illegal-move" and p["san"] and p["san"][0] != "O":
        dest = [p["san"][i:i + 2] for i in range(len(p["san"]) - 1)
                if p["san"][i] in "abcdefgh" and p["san"][i + 1] in "12345678"][-1]
        if dest not in fig["marked"]:
            bad.append(f"diagram {fig['id']}: {dest} not marked ({fig['marked']})")
# The crazyhouse drop's diagram names the pockets; nothing from the input became markup.
if not any("holds" in f["caption"] for f in figures):
    bad.append("no pocket shown for the crazyhouse position")
for tag in ("img", "b"):
    if tag in page["elements"]:
        bad.append(f"input text became a <{tag}> element")
if not any("<img src=x" in r[head.index("Message")] or "<b>x</b>" in r[head.index("Message")]
           or "<b>" in r[head.index("Written")] for r in rows):
    bad.append("the injected text is not shown as text")
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY

# Sorting: by line, the other way, and by code, as the address asks.
for order in line-desc code; do
  dom "$work/report.html" "#sort=$order" >"$work/sorted.json"
  python3 - "$work/sorted.json" "$order" <<'PY' || fail "sorting by $order"
import json, sys
page = json.load(open(sys.argv[1]))
head, rows = page["problem-table"]["head"], page["problem-table"]["rows"]
order = sys.argv[2]
if order == "line-desc":
    lines = [int(r[head.index("Line")] or 0) for r in rows]
    ok = lines == sorted(lines, reverse=True) and lines != sorted(lines)
else:
    codes = [r[head.index("Code")] for r in rows]
    ok = codes == sorted(codes)
sys.exit(0 if ok else 1)
PY
done

# 105 games with an illegal move: 100 diagrams and a count of the rest; --list-games adds
# a games table with a row per game.
for i in $(seq 105); do printf '[Event "g%s"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n\n' "$i"; done >"$work/many.pgn"
"$pgn" validate -q --list-games --errors-only --format html -o "$work/many.html" "$work/many.pgn"
dom "$work/many.html" "" >"$work/many.json"
python3 - "$work/many.json" <<'PY' || fail "diagram cap and games table"
import json, sys
page = json.load(open(sys.argv[1]))
bad = []
if len(page["figures"]) != 100: bad.append(f"{len(page['figures'])} diagrams")
if page["texts"].get("diagrams-left-out", "").split()[0:1] != ["5"]:
    bad.append(f"left out: {page['texts'].get('diagrams-left-out')!r}")
if len(page["problem-table"]["rows"]) != 105: bad.append("problem rows")
if len(page.get("game-table", {}).get("rows", [])) != 105: bad.append("game rows")
for b in bad: print(b)
sys.exit(1 if bad else 0)
PY

# A clean file: no problems, and the page says so.
"$pgn" validate -q --format html corpora/demo/*.pgn >"$work/clean.html"
[ $? -eq 0 ] || fail "a clean run with --format html exits 0"
grep -q "No problems reported." "$work/clean.html" || fail "the clean page says there are no problems"

finish "html report: page read back in Chromium matches the run"
