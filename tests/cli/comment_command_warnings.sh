#!/usr/bin/env bash
# A malformed comment command ([%clk], [%emt], [%eval], [%timestamp]) is a bad-comment-command
# warning naming the command and what was expected, at the command's line and column, in every
# report format of validate and wherever convert reports problems; --ignore drops it, --strict
# makes it an error; the comment itself comes out unchanged.
#
# Usage: comment_command_warnings.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$(realpath "$1")
src=$2
source "$(dirname "$0")/lib/common.sh"
cd "$src/docs/examples" || exit 1
in=bad-commands.pgn

# The five warnings as file:line:column code ply written, from every machine format.
want='9:9 1 [%clk 5:xx]
9:33 2 [%emt 0:00:0z]
9:59 3 [%eval good]
10:16 4 [%timestamp 1.5]
10:53 5 [%eval #x]'
from_json() { # reads problem objects (one per line, or a JSON report) on stdin
  python3 -c '
import json, sys
text = sys.stdin.read()
try:
    problems = json.loads(text)["problems"]
except ValueError:
    problems = [json.loads(l) for l in text.splitlines() if l.strip()]
for p in problems:
    if p.get("code") != "bad-comment-command" or p["severity"] != "warning": continue
    written = p["message"].split("]: ")[0] + "]"  # not in convert output
    if p.get("written", written) != written or "expected" not in p["message"]:
        print("bad message", p["message"]); continue
    print("%d:%d %d %s" % (p["line"], p["column"], p["ply"], written))'
}
expect "validate --format jsonl" "$want" "$("$pgn" validate -q --format jsonl "$in" | from_json)"
expect "validate --format json" "$want" "$("$pgn" validate -q --format json "$in" | from_json)"
expect "validate --format sarif" "$want" "$("$pgn" validate -q --format sarif "$in" | python3 -c '
import json, sys
run = json.load(sys.stdin)["runs"][0]
assert any(r["id"] == "bad-comment-command" for r in run["tool"]["driver"]["rules"])
for r in run["results"]:
    if r["ruleId"] != "bad-comment-command" or r["level"] != "warning": continue
    region = r["locations"][0]["physicalLocation"]["region"]
    written = r["message"]["text"].split("]: ")[0] + "]"
    print("%d:%d %d %s" % (region["startLine"], region["startColumn"], r["properties"]["ply"], written))')"
expect "validate --format github" \
  "$(sed 's/^\([0-9]*\):\([0-9]*\) [0-9]* \[%\(.*\)$/line=\1,col=\2 [%25\3/' <<<"$want")" \
  "$("$pgn" validate -q --format github "$in" |
    sed -n 's/^::warning file=bad-commands.pgn,\(line=[0-9]*,col=[0-9]*\),title=pgn bad-comment-command::\(.*\]\): .* expected .*$/\1 \2/p')"

# The text report: the place, the code, the command and what was expected.
text=$("$pgn" validate "$in" 2>"$work/summary")
status=$?
expect "warnings only: exit 0" 0 "$status"
expect "text report" \
  "bad-commands.pgn:9:9: warning[bad-comment-command]: [%clk 5:xx]: clock expected as H:MM:SS or H:MM:SS.f
bad-commands.pgn:9:33: warning[bad-comment-command]: [%emt 0:00:0z]: move time expected as H:MM:SS or H:MM:SS.f
bad-commands.pgn:9:59: warning[bad-comment-command]: [%eval good]: evaluation expected in pawns (0.31) or as a mate (#-3), optionally with ,depth
bad-commands.pgn:10:16: warning[bad-comment-command]: [%timestamp 1.5]: timestamp expected as a whole number
bad-commands.pgn:10:53: warning[bad-comment-command]: [%eval #x]: evaluation expected in pawns (0.31) or as a mate (#-3), optionally with ,depth" \
  "$(grep '^bad-commands' <<<"$text")"
grep -q '^problems: 0 errors, 5 warnings (bad-comment-command 5)$' "$work/summary" ||
  fail "summary counts: $(cat "$work/summary")"
"$pgn" validate -q --format html -o "$work/report.html" "$in"
[ "$(grep -o '\[%clk 5:xx\]: clock expected' "$work/report.html" | head -1)" ] ||
  fail "html report lacks the clock warning"

# Severity rules: ignored, or errors under --strict.
expect "--ignore bad-comment-command" "" \
  "$("$pgn" validate -q --format jsonl --ignore bad-comment-command "$in" | grep bad-comment-command)"
"$pgn" validate -q --strict --format jsonl "$in" >"$work/strict.jsonl"
expect "--strict: exit 1" 1 "$?"
expect "--strict: five errors" 5 "$(grep -c '"severity":"error","code":"bad-comment-command"' "$work/strict.jsonl")"

# convert: the game's problems in JSON, the summary on standard error, the comments unchanged.
for to in json jsonl; do
  expect "convert --to $to problems" "$want" "$("$pgn" convert -q --to "$to" "$in" | python3 -c '
import json, sys
text = sys.stdin.read()
games = json.loads(text) if text.startswith("[") else [json.loads(l) for l in text.splitlines()]
for g in games:
    for p in g["problems"]:
        print(json.dumps(p))' | from_json)"
done
"$pgn" convert --to pgn "$in" >"$work/out.pgn" 2>"$work/summary"
grep -q '^problems: 0 errors, 5 warnings (bad-comment-command 5)$' "$work/summary" ||
  fail "convert --to pgn summary: $(cat "$work/summary")"
for command in '[%clk 5:xx]' '[%emt 0:00:0z]' '[%eval good]' '[%timestamp 1.5]' '[%eval #x]'; do
  grep -qF "$command" "$work/out.pgn" || fail "convert --to pgn lost the comment $command"
done
expect "convert --to jsonl: comments as written" \
  "[' [%clk 5:xx] '] [' [%emt 0:00:0z] '] [' [%eval good] '] ['\\n[%clk 0:04:58] [%timestamp 1.5] '] [' [%eval #x] ']" \
  "$("$pgn" convert -q --to jsonl "$in" | python3 -c '
import json, sys
moves = json.loads(sys.stdin.readline())["moves"]
print(*[m["comments"] for m in moves[:4]], moves[4]["variations"][0][0]["comments"])')"
expect "convert --to csv: warnings column" "5" \
  "$("$pgn" convert -q --to csv --columns warnings "$in" | tail -n 1 | tr -d '\r')"
"$pgn" convert -q --to sqlite --moves -o "$work/g.db" "$in"
expect "convert --to sqlite: problems table" "$want" \
  "$(sqlite3 "$work/g.db" "SELECT line || ':' || \"column\" || ' ' || ply || ' ' || written FROM problems WHERE code = 'bad-comment-command' AND severity = 'warning' ORDER BY line, \"column\"")"

# Well-formed commands give none: lichess games with a clock and an evaluation after each move.
expect "well-formed commands: no warning" "" \
  "$(head -n 30 lichess-clocks.pgn | "$pgn" validate -q --format jsonl - | grep bad-comment-command)"

finish "a malformed comment command is a warning at its place in every output"
