#!/usr/bin/env bash
# pgn convert --to sqlite: the database read back by the sqlite3 command and by Python (its
# sqlite3 module and pandas read_sql), checked against the JSON Lines output of the same
# input; appending the same files again adds nothing; refusals and interrupts leave no trace.
#
# Usage: sqlite.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$1
src=$2
source "$(dirname "$0")/lib/common.sh"
command -v sqlite3 >/dev/null || { echo "sqlite3 is not installed (tools/install-deps)"; exit 1; }

inputs=("$src/corpora/demo/classics.pgn" "$src/corpora/golden/problems.pgn" "$src/docs/examples/lichess-clocks.pgn")
"$pgn" convert -q --to jsonl --fen "${inputs[@]}" >"$work/games.jsonl" 2>/dev/null
"$pgn" convert -q --to sqlite --moves --fen -o "$work/games.db" "${inputs[@]}" 2>"$work/err"
status=$?
[ $status -eq 1 ] || fail "convert --to sqlite: exit $status, expected 1 (problems.pgn has errors)"
expect "the errors reported as by validate" "14" "$(grep -c ': error\[' "$work/err")"
ls "$work" | grep -q 'tmp-' && fail "a temporary file was left behind"

q() { sqlite3 -batch -noheader "$1" "$2"; }

# The sqlite3 command: one row per game, per file; the verdicts as validate counts them.
expect "games" "$(wc -l <"$work/games.jsonl")" "$(q "$work/games.db" 'SELECT count(*) FROM games')"
expect "files" "3" "$(q "$work/games.db" 'SELECT count(*) FROM files')"
expect "games per file" "5|18|3" \
  "$(q "$work/games.db" 'SELECT group_concat(games, "|") FROM (SELECT games FROM files ORDER BY id)')"
"$pgn" validate -q --format json "${inputs[@]}" >"$work/validate.json" 2>/dev/null
valid=$(grep -o '"games_valid":[0-9]*' "$work/validate.json" | cut -d: -f2)
expect "valid games" "$valid" "$(q "$work/games.db" "SELECT count(*) FROM games WHERE verdict = 'valid'")"
expect "moves: keyed by game and ply" "1" "$(q "$work/games.db" "SELECT count(*) FROM sqlite_master WHERE name = 'moves' AND sql LIKE '%PRIMARY KEY (game_id, ply)%WITHOUT ROWID'")"
expect "schema version" "1" "$(q "$work/games.db" 'PRAGMA user_version')"
expect "indexes" "games_black games_eco games_file games_white problems_code problems_game" \
  "$(q "$work/games.db" "SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name)")"
expect "clock and eval of 1.e4" "180.0|36||" \
  "$(q "$work/games.db" "SELECT clock, eval_cp, eval_mate, eval_depth FROM moves JOIN games ON games.id = game_id WHERE white = 'alice' AND ply = 1")"
expect "mate eval" "1" "$(q "$work/games.db" "SELECT eval_mate FROM moves JOIN games ON games.id = game_id WHERE white = 'alice' AND ply = 6")"
expect "eval with depth, emt" "31|24|200.0" "$(q "$work/games.db" "SELECT eval_cp, eval_depth, emt FROM moves JOIN games ON games.id = game_id WHERE white = 'Carol' AND ply = 4")"
expect "chess.com timestamp" "59.9|1" "$(q "$work/games.db" "SELECT clock, timestamp FROM moves JOIN games ON games.id = game_id WHERE white = 'erin' AND ply = 1")"
expect "malformed clock: a warning naming it, no number" "bad-comment-command|warning|6|[%clk 1 hour left]|" \
  "$(q "$work/games.db" "SELECT code, severity, ply, written, (SELECT clock FROM moves WHERE game_id = problems.game_id AND ply = 6) FROM problems JOIN games ON games.id = game_id WHERE white = 'Carol'")"

# Python: every value the JSON Lines output has, read with the sqlite3 module.
/usr/bin/python3 - "$work/games.jsonl" "$work/games.db" <<'PY' || fail "python: the database differs from the JSON Lines output"
import json, re, sqlite3, sys
records = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
db = sqlite3.connect(sys.argv[2])
games = db.execute("SELECT id, white, black, event, date, result, white_elo, eco, plies FROM games ORDER BY id").fetchall()
assert len(games) == len(records), (len(games), len(records))
bad = 0
def clock(comments):
    value = None
    for c in comments:
        for h, m, s in re.findall(r"\[%clk (\d+):(\d\d):(\d\d(?:\.\d+)?)\]", c):
            value = int(h) * 3600 + int(m) * 60 + float(s)
    return value
for (gid, white, black, event, date, result, white_elo, eco, plies), r in zip(games, records):
    tags = r["tags"]
    expected = (tags.get("White"), tags.get("Black"), tags.get("Event"), tags.get("Date"),
                r["result"] or None, int(tags["WhiteElo"]) if tags.get("WhiteElo", "").isdigit() else None,
                tags.get("ECO"))
    if (white, black, event, date, result, white_elo, eco) != expected:
        print("game", gid, (white, black, event, date, result, white_elo, eco), expected); bad += 1
    stored_tags = db.execute("SELECT name, value FROM tags WHERE game_id = ? ORDER BY position", (gid,)).fetchall()
    if stored_tags != list(tags.items()):
        print("tags of game", gid, stored_tags, tags); bad += 1
    problems = db.execute("SELECT code, severity, message, line, \"column\", ply FROM problems WHERE game_id = ? ORDER BY rowid", (gid,)).fetchall()
    if problems != [(p["code"], p["severity"], p["message"], p["line"], p["column"], p["ply"]) for p in r["problems"]]:
        print("problems of game", gid, problems, r["problems"]); bad += 1
    moves = db.execute("SELECT san, uci, fen, clock FROM moves WHERE game_id = ? ORDER BY ply", (gid,)).fetchall()
    if "pgn" not in r:  # games passed on unchanged have no replayed moves in JSON
        want = [(m["san"], m["uci"], m["fen"], clock(m.get("comments", []))) for m in r["moves"]]
        if moves != want:
            print("moves of game", gid, moves[:3], want[:3]); bad += 1
        if plies != len(r["moves"]):
            print("plies of game", gid, plies, len(r["moves"])); bad += 1
sys.exit(1 if bad else 0)
PY

# pandas: read_sql over the sqlite3 module gives typed columns.
/usr/bin/python3 - "$work/games.db" <<'PY' || fail "pandas read_sql"
import sqlite3, sys
import pandas as pd
con = sqlite3.connect(sys.argv[1])
games = pd.read_sql("SELECT * FROM games", con)
assert len(games) == 26, len(games)
assert games["plies"].dtype.kind == "i", games["plies"].dtype
assert games.loc[games.white == "alice", "white_elo"].item() == 1843
moves = pd.read_sql("SELECT * FROM moves", con)
assert moves["clock"].dtype.kind == "f", moves["clock"].dtype
# (a game cut at a null move, a warning, has its moves up to it only)
valid = games[(games.verdict == "valid") & (games.warnings == 0)]
per_game = moves.groupby("game_id").size().reindex(valid["id"], fill_value=0)
assert per_game.tolist() == valid["plies"].tolist(), (per_game.tolist(), valid["plies"].tolist())
clocks = moves.merge(games[["id", "white"]], left_on="game_id", right_on="id")
assert clocks.loc[clocks.white == "erin", "clock"].tolist() == [59.9, 59.1, 58.2, 57.5]
PY

# JSON input: each game's place is its record's (the third line's record is game 3).
"$pgn" convert -q --to jsonl "${inputs[0]}" >"$work/classics.jsonl"
"$pgn" convert -q --to sqlite -o "$work/json.db" "$work/classics.jsonl" || fail "--to sqlite of JSON Lines: exit status"
expect "JSON input: game number, line and offset of the records" \
  "$(awk 'NR <= 3 { printf "%d|%d|%d\n", NR, NR, offset; offset += length($0) + 1 }' "$work/classics.jsonl")" \
  "$(q "$work/json.db" 'SELECT game_index, line, offset FROM games ORDER BY id LIMIT 3')"

# Appending: the same files again add nothing, each is named as skipped; a new one is added.
before=$(q "$work/games.db" 'SELECT count(*) FROM games; SELECT count(*) FROM moves; SELECT count(*) FROM tags')
cp "$src/corpora/demo/classics.pgn" "$work/renamed.pgn"
"$pgn" convert -q --to sqlite --moves -o "$work/games.db" "${inputs[@]}" "$work/renamed.pgn" 2>"$work/err"
[ $? -eq 0 ] || fail "append of loaded files: exit status"
expect "append again: nothing added" "$before" "$(q "$work/games.db" 'SELECT count(*) FROM games; SELECT count(*) FROM moves; SELECT count(*) FROM tags')"
expect "append again: each skipped file named" "4" "$(grep -c 'skipped: its content is in' "$work/err")"
grep -q 'renamed.pgn skipped: .*(as .*classics.pgn)' "$work/err" || fail "a renamed copy is not named as loaded before"
printf '[Event "new"]\n[White "X"]\n[Black "Y"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n' >"$work/new.pgn"
"$pgn" convert -q --to sqlite -o "$work/games.db" "$work/new.pgn" "$work/new.pgn" 2>"$work/err"
expect "append a new file (given twice: loaded once)" "27|4" "$(q "$work/games.db" 'SELECT count(*), (SELECT count(*) FROM files) FROM games')"
grep -q 'new.pgn skipped' "$work/err" || fail "a file given twice is not said to be skipped"

# Refusals: nothing is written, nothing is changed.
cp "$work/games.db" "$work/copy.db"
"$pgn" convert -q --to sqlite -o "$work/new.pgn" "$work/new.pgn" 2>"$work/err"
[ $? -eq 2 ] || fail "-o an input: exit status"
grep -q 'one of the inputs' "$work/err" || fail "-o an input: $(cat "$work/err")"
cmp -s "$work/new.pgn" <(printf '[Event "new"]\n[White "X"]\n[Black "Y"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n') || fail "-o an input changed it"
echo "not a database" >"$work/notes.txt"
"$pgn" convert -q --to sqlite -o "$work/notes.txt" "${inputs[0]}" 2>"$work/err"
[ $? -eq 2 ] || fail "-o a file that is not a database: exit status"
grep -q 'not a games database' "$work/err" || fail "-o a text file: $(cat "$work/err")"
expect "a text file is left as it was" "not a database" "$(cat "$work/notes.txt")"
sqlite3 "$work/other.db" 'CREATE TABLE t(x); INSERT INTO t VALUES (1)'
"$pgn" convert -q --to sqlite -o "$work/other.db" "${inputs[0]}" 2>"$work/err"
[ $? -eq 2 ] || fail "-o another program's database: exit status"
expect "another database is left as it was" "t" "$(q "$work/other.db" "SELECT group_concat(name) FROM sqlite_master")"
for args in "--to sqlite" "--to sqlite -o -" "--to sqlite -o $work/x.db --in-place" \
            "--to sqlite -o $work/x.db --fen" "--to jsonl --moves" "--to sqlite -o $work/x.db --eco"; do
  # shellcheck disable=SC2086
  "$pgn" convert -q $args "${inputs[0]}" >/dev/null 2>"$work/err"
  [ $? -eq 2 ] || fail "convert $args: exit status, expected 2"
  [ -s "$work/err" ] || fail "convert $args: no message"
done
[ -e "$work/x.db" ] && fail "a refused run left x.db"
"$pgn" convert -q --to sqlite -o "$work" "${inputs[0]}" 2>/dev/null
[ $? -eq 2 ] || fail "-o a directory: exit status"
cmp -s "$work/games.db" "$work/copy.db" || fail "a refused run changed the database"

# An interrupt: a new database is not written at all; appending keeps the files committed
# before the interrupted one, whose games are rolled back.
games_text=$(for i in $(seq 300); do printf '[Event "slow %s"]\n[White "P"]\n[Black "Q"]\n[Result "*"]\n\n1. d4 d5 *\n\n' "$i"; done)
for mode in new append; do
  target="$work/games.db"
  [ $mode = new ] && target="$work/fresh.db"
  before=$(q "$work/games.db" 'SELECT count(*) FROM games; SELECT count(*) FROM files')
  printf '[Event "first %s"]\n[Result "*"]\n\n1. e4 *\n\n[Event "first"]\n[Result "*"]\n\n1. d4 *\n\n[Event "first"]\n[Result "*"]\n\n1. c4 *\n' $mode >"$work/first.pgn"
  interrupt_reading 2 'printf "%s\n" "$games_text"' \
    "$pgn" convert -q -j1 --to sqlite -o "$target" "$work/first.pgn" "$work/fifo" 2>"$work/err"
  [ $status -eq 2 ] || fail "$mode: interrupted: exit $status, expected 2"
  ls "$work" | grep -q 'tmp-\|journal' && fail "$mode: interrupted: a temporary file was left: $(ls "$work")"
  if [ $mode = new ]; then
    [ -e "$work/fresh.db" ] && fail "new: interrupted: the database was written"
  else
    expect "append: interrupted: the first file's games are kept, the fifo's rolled back" \
      "$(echo "$before" | awk 'NR == 1 { print $1 + 3 } NR == 2 { print $1 + 1 }')" \
      "$(q "$work/games.db" 'SELECT count(*) FROM games; SELECT count(*) FROM files')"
    expect "append: no game of the interrupted file" "0" \
      "$(q "$work/games.db" "SELECT count(*) FROM games WHERE event LIKE 'slow %'")"
  fi
done

# Several batches of games (1 MB each), moves with and without comment commands mixed: the tags
# and moves of many games share statements, and every row still lands on its game and ply.
for _ in $(seq 700); do
  cat "$src/docs/examples/lichess-clocks.pgn" "$src/corpora/demo/classics.pgn"
  echo
done >"$work/many.pgn"
"$pgn" convert -q --to jsonl "$work/many.pgn" >"$work/many.jsonl" 2>/dev/null
"$pgn" convert -q --to sqlite --moves -o "$work/many.db" "$work/many.pgn" 2>/dev/null
/usr/bin/python3 - "$work/many.jsonl" "$work/many.db" <<'PY' || fail "many batches: the rows differ from JSON Lines"
import json, sqlite3, sys
games = [json.loads(line) for line in open(sys.argv[1])]
db = sqlite3.connect(sys.argv[2])
want_moves = [(g, p, m["san"], m["uci"], m.get("clock"), (m.get("eval") or {}).get("cp"))
              for g, r in enumerate(games, 1) for p, m in enumerate(r["moves"], 1)]
got_moves = db.execute("SELECT game_id, ply, san, uci, clock, eval_cp FROM moves ORDER BY game_id, ply").fetchall()
want_tags = [(g, p, n, v) for g, r in enumerate(games, 1) for p, (n, v) in enumerate(r["tags"].items(), 1)]
got_tags = db.execute("SELECT game_id, position, name, value FROM tags ORDER BY game_id, position").fetchall()
print(len(games), "games,", len(want_moves), "moves,", len(want_tags), "tags")
sys.exit(not (len(games) > 5000 and got_moves == want_moves and got_tags == want_tags))
PY

finish "sqlite: database checked against JSON Lines, sqlite3 and pandas; appends, refusals, interrupts"
