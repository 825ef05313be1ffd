#!/usr/bin/env bash
# pgn convert --to csv, read back by Python's csv module: one row per game, every cell equal to
# what --to jsonl says of the same game (tags, plies, verdict, problem counts and codes), RFC
# 4180 quoting of quotes, commas, CR and LF in values, --columns and --bom. docs/convert.md.
set -uo pipefail
pgn=$1
src=$2
shared=$3
source "$(dirname "$0")/lib/common.sh"
cd "$work" || exit 1
command -v python3 >/dev/null || { echo "SKIP: no python3" >&2; exit 0; }

# Tag values a CSV must quote: a comma, a quote, and non-ASCII text. (CR and LF in a JSON tag
# value become spaces on reading, as a PGN tag value cannot hold them; they are quoted in a
# column name here, and in tags in tests/unit/csv_writer_test.cpp.)
cat >tricky.jsonl <<'JSON'
{"tags":{"Event":"Line one\r\nline two","Site":"Paris, \"Opera\"","Date":"1858.??.??","Round":"?","White":"Morphy, Paul","Black":"Дюк Карл","Result":"1-0"},"moves":["e4","e5","Nf3","d6"],"result":"1-0"}
{"tags":{"Event":"a\nb","White":"Comma,","Black":"\"","Result":"*"},"moves":["e4","Ke7","Qh5"],"result":"*"}
JSON
inputs=("$src/corpora/demo/classics.pgn" "$src/corpora/golden/problems.pgn"
  "$src/fuzz/seeds/validate/variants.pgn" tricky.jsonl)
[ -d "$shared/corpora/edge/python-chess" ] && inputs+=("$shared"/corpora/edge/python-chess/*.pgn)

columns=game,Event,Site,Date,Round,White,Black,Result,ECO,plies,verdict,errors,warnings,codes,termination,variant,notation,start_fen
"$pgn" convert -q --to csv --columns "$columns" "${inputs[@]}" -o all.csv 2>/dev/null
"$pgn" convert -q --to jsonl "${inputs[@]}" -o all.jsonl 2>/dev/null
[ -s all.csv ] && [ -s all.jsonl ] || fail "convert wrote no csv or jsonl"

# Each row against the JSON Lines record of the same game: a game's row exists even where the
# game cannot be replayed (its record then carries the input text unchanged).
python3 - all.csv all.jsonl "$columns" <<'PY' || fail "csv and jsonl disagree"
import csv, json, sys
rows_path, jsonl_path, columns = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
with open(rows_path, newline="", encoding="utf-8") as f:
    rows = list(csv.reader(f))
header, rows = rows[0], rows[1:]
assert header == columns, header
records = [json.loads(line) for line in open(jsonl_path, encoding="utf-8")]
assert len(rows) == len(records), (len(rows), len(records))
bad = 0
def check(what, got, want):
    global bad
    if got != want:
        bad += 1
        if bad < 10: print(f"row {n}: {what}: csv {got!r}, jsonl {want!r}")
for n, (row, record) in enumerate(zip(rows, records), 1):
    cell = dict(zip(header, row))
    assert len(row) == len(header), row
    tags = record["tags"]
    for name in header:
        if name[0].isupper():
            check(name, cell[name], tags.get(name, ""))
    problems = record["problems"]
    errors = sum(p["severity"] == "error" for p in problems)
    warnings = sum(p["severity"] == "warning" for p in problems)
    check("errors", cell["errors"], str(errors))
    check("warnings", cell["warnings"], str(warnings))
    codes = list(dict.fromkeys(p["code"] for p in problems))
    check("codes", cell["codes"], " ".join(codes))
    check("verdict", cell["verdict"] == "errors", errors > 0)
    if "pgn" not in record:  # replayed: its main line is the moves written
        check("plies", cell["plies"], str(len(record["moves"])))
        check("verdict", cell["verdict"], "errors" if errors else "valid")
        check("start_fen", cell["start_fen"], record["start_fen"])
        check("variant", cell["variant"], record.get("variant", ""))
        check("termination", cell["termination"], record["result"])
    check("notation", cell["notation"], record["notation"])
sys.exit(1 if bad else 0)
PY

# Quoting: the tricky values come back whole through the csv module, and the raw bytes are
# RFC 4180 (quoted fields, doubled quotes, CRLF after each row).
"$pgn" convert -q --to csv tricky.jsonl >tricky.csv 2>/dev/null
python3 - tricky.csv <<'PY' || fail "tricky values did not survive"
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8")))
assert rows[1][0] == "Line one  line two", rows[1]
assert rows[1][1] == 'Paris, "Opera"', rows[1]
assert rows[1][4:6] == ["Morphy, Paul", "Дюк Карл"], rows[1]
assert rows[2][0] == "a b" and rows[2][4:6] == ["Comma,", '"'], rows[2]
assert rows[1][7:] == ["4", "valid", "0", "0"], rows[1]
assert rows[2][8] == "errors", rows[2]
PY
grep -q -F '"Paris, ""Opera"""' tricky.csv || fail "quotes are not doubled inside a quoted field"
expect "rows end with CRLF" 3 "$(grep -c $'\r$' tricky.csv)"
expect "default header" "Event,Site,Date,Round,White,Black,Result,plies,verdict,errors,warnings" \
  "$(head -n 1 tricky.csv | tr -d '\r')"

# A column name with CR, LF and quotes: quoted in the header, read back whole.
"$pgn" convert -q --to csv --columns $'White,Odd\r\n"name"' tricky.jsonl >odd.csv 2>/dev/null
python3 -c 'import csv,sys; r=list(csv.reader(open(sys.argv[1], newline=""))); assert r[0]==["White","Odd\r\n\"name\""] and r[1]==["Morphy, Paul",""], r' odd.csv ||
  fail "a column name with CR, LF and quotes"

# --bom: the UTF-8 byte order mark first, then the same bytes.
"$pgn" convert -q --to csv --bom tricky.jsonl >bom.csv 2>/dev/null
expect "--bom" "efbbbf" "$(head -c 3 bom.csv | od -An -tx1 | tr -d ' \n')"
cmp -s <(tail -c +4 bom.csv) tricky.csv || fail "--bom changed more than the first bytes"
python3 -c 'import csv,sys; r=list(csv.DictReader(open(sys.argv[1], encoding="utf-8-sig", newline=""))); assert r[0]["White"]=="Morphy, Paul", r' bom.csv ||
  fail "the csv module does not read the --bom file"

# --skip-invalid leaves the rows of games with errors out; a column named twice is written twice.
"$pgn" convert -q --to csv --skip-invalid --columns verdict,White,White "$src/corpora/golden/problems.pgn" >valid.csv 2>/dev/null
grep -q '^errors,' valid.csv && fail "--skip-invalid wrote a row of a game with errors"
expect "column named twice" "verdict,White,White" "$(head -n 1 valid.csv | tr -d '\r')"

# --moves: a row per main-line move, every cell equal to what --to jsonl --fen says of the same
# move (SAN, UCI, FEN, and the comment commands as numbers), in the fixed columns.
move_inputs=("$src/docs/examples/lichess-clocks.pgn" "$src/docs/examples/clocks.pgn"
  "$src/docs/examples/bad-commands.pgn" "$src/corpora/demo/classics.pgn"
  "$src/corpora/golden/problems.pgn" "$src/fuzz/seeds/validate/variants.pgn")
[ -f "$shared/corpora/real/lichess_db_1000k.pgn" ] && move_inputs+=("$shared/corpora/real/lichess_db_1000k.pgn")
for input in "${move_inputs[@]}"; do
  "$pgn" convert -q --to csv --moves --fen "$input" -o moves.csv 2>/dev/null
  "$pgn" convert -q --to jsonl --fen "$input" -o moves.jsonl 2>/dev/null
  python3 - moves.csv moves.jsonl <<'PY' || fail "csv --moves and jsonl disagree on $(basename "$input")"
import csv, json, sys
with open(sys.argv[1], newline="", encoding="utf-8") as f:
    rows = list(csv.reader(f))
assert rows[0] == ["game", "ply", "san", "uci", "clock", "emt", "eval_cp", "eval_mate",
                   "eval_depth", "timestamp", "fen"], rows[0]
def number(cell):
    return None if cell == "" else float(cell)
got = [(int(r[0]), int(r[1]), r[2], r[3], *map(number, r[4:10]), r[10]) for r in rows[1:]]
want = []
for game, line in enumerate(open(sys.argv[2], encoding="utf-8"), 1):
    record = json.loads(line)
    for ply, move in enumerate(record.get("moves", []), 1):
        if not isinstance(move, dict):
            continue
        e = move.get("eval", {})
        values = [move.get("clock"), move.get("emt"), e.get("cp"), e.get("mate"), e.get("depth"),
                  move.get("timestamp")]
        want.append((game, ply, move["san"], move["uci"],
                     *[None if v is None else float(v) for v in values], move["fen"]))
assert got == want, next((g, w) for g, w in zip(got + [None] * len(want), want + [None] * len(got)) if g != w)
assert any(row[4] is not None for row in got) or "lichess" not in sys.argv[1]
PY
done
# The shipped lichess example's first move: its clock and evaluation as numbers.
"$pgn" convert -q --to csv --moves "$src/docs/examples/lichess-clocks.pgn" >lc.csv 2>/dev/null
expect "csv --moves first row" "1,1,e4,e2e4,180,,36,,," "$(sed -n 2p lc.csv | tr -d '\r')"

# Usage errors.
"$pgn" convert --to csv --columns 'White,,Black' tricky.jsonl >/dev/null 2>err.txt
expect "empty column name: status" 2 $?
"$pgn" convert --to jsonl --bom tricky.jsonl >/dev/null 2>err.txt
expect "--bom without csv: status" 2 $?
grep -q -- '--columns and --bom apply to --to csv' err.txt || fail "--bom without csv: no message"
"$pgn" convert --to csv --moves --columns White tricky.jsonl >/dev/null 2>err.txt
expect "--moves with --columns: status" 2 $?
grep -q -- '--moves writes a row per move' err.txt || fail "--moves with --columns: no message"
"$pgn" convert --to csv --fen tricky.jsonl >/dev/null 2>err.txt
expect "csv --fen without --moves: status" 2 $?

finish "csv rows (per game and per move) match jsonl, quoting and --bom checked"
