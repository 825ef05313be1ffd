#!/usr/bin/env bash
# Text from the input (tag values, comments, file names) in every report: control characters
# reach a terminal escaped (\x1b), never raw, and the caret under an excerpt still stands
# under the move; a file name that is not UTF-8 leaves every JSON report valid JSON. PGN
# output keeps the input's bytes. docs/diagnostics.md, "Text from the input".
set -uo pipefail
pgn=$1
source "$(dirname "$0")/lib/common.sh"
cd "$work" || exit 1

# ESC, BEL and a C1 control (U+009B, the one-byte CSI) in a tag value, a comment and a name.
printf '[Event "e"]\n[Site "?"]\n[Date "1\x1b[2J\x07"]\n[Round "1"]\n[White "A\xc2\x9b1m"]\n[Black "B"]\n[Result "*"]\n\n1. e4 {\x07\x1b[31m} e5 2. Ke3 *\n' >ctl.pgn
hostile=$(printf 'x\x1b[2Jy.pgn')
cp ctl.pgn "$hostile"

# raw_controls NAME FILE: fails NAME when FILE holds a C0 control other than tab and newline,
# DEL, or a C1 control encoded in UTF-8.
raw_controls() {
  if LC_ALL=C grep -q -P '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]' "$2"; then
    fail "$1: raw control characters"
    LC_ALL=C grep -n -a -P '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]' "$2" | cat -A | head -5
  fi
}

"$pgn" validate "$hostile" >text.out 2>text.err
raw_controls "validate text report" text.out
raw_controls "validate summary" text.err
grep -q -F 'Date "1\x1b[2J\x07" is not a date' text.out || fail "tag value not shown escaped"
grep -q -F 'x\x1b[2Jy.pgn:3:1:' text.out || fail "file name not shown escaped"

# The caret stands under Ke3 in the escaped excerpt line.
excerpt=$(grep -a '^9 | ' text.out)
caret=$(grep -a -A1 '^9 | ' text.out | tail -n 1)
move_at=$(S=$excerpt awk 'BEGIN { print index(ENVIRON["S"], "Ke3") }')
caret_at=$(S=$caret awk 'BEGIN { print index(ENVIRON["S"], "^^^") }')
expect "caret under the move after escapes" "$move_at" "$caret_at"
expect "excerpt escaped" '9 | 1. e4 {\x07\x1b[31m} e5 2. Ke3 *' "$excerpt"

"$pgn" validate --format github "$hostile" >github.out 2>/dev/null
raw_controls "github annotations" github.out
grep -q -F 'file=x\x1b[2Jy.pgn' github.out || fail "github: file name not escaped"

# fix's change report on standard error names the file and shows the values it changed.
printf '[Event "e"]\n[Site "?"]\n[Date "2021-03-04"]\n[Round "1"]\n[White "A\x07"]\n[Black "B"]\n[Result "1:0"]\n\n1. e4 e5 1-0\n' >"$hostile"
"$pgn" fix -o fixed.pgn "$hostile" 2>fix.err
raw_controls "fix change report" fix.err
grep -q -F 'x\x1b[2Jy.pgn:3:' fix.err || fail "fix: file name not escaped"$'\n'"$(cat -A fix.err)"

# dedupe's report names both files of a duplicate.
cp ctl.pgn "$hostile"
"$pgn" dedupe -o unique.pgn ctl.pgn "$hostile" 2>dedupe.err
raw_controls "dedupe report" dedupe.err
grep -q -F 'x\x1b[2Jy.pgn:1: duplicate (exact) of ctl.pgn:1' dedupe.err ||
  fail "dedupe: duplicate line"$'\n'"$(cat -A dedupe.err)"

# select's notes and winnable's lines and messages.
"$pgn" select --player A -o selected.pgn "$hostile" >/dev/null 2>select.err
raw_controls "select notes" select.err
# The games themselves are data: a game selected is written with its bytes as read.
grep -q -F "$(printf '[Date "1\x1b[2J\x07"]')" selected.pgn ||
  fail "select: the PGN output changed the game's bytes"
printf '8/8/8/4k3/8/8/4K3/8 w - - 0 1\n8/8/8/4k3/8/8/4K3/8 w - - 0 1\x1b[2J\n' >fens.txt
"$pgn" winnable fens.txt >winnable.out 2>winnable.err
raw_controls "winnable output" winnable.out
raw_controls "winnable messages" winnable.err
grep -q -F "fens.txt:2: invalid FEN" winnable.err || fail "winnable: no message for line 2"

# A file name that is not UTF-8 (byte 0xFF) in every JSON report: each parses, and the byte
# is the character U+00FF.
latin=$(printf 'n\xff.pgn')
cp ctl.pgn "$latin"
# SARIF names files by URI, where the byte is percent-encoded.
json_ok() {  # NAME FILE MODE (json, jsonl or sarif): FILE parses and names the file
  python3 - "$2" "$3" <<'PY' || fail "$1"
import json, sys
path, mode = sys.argv[1], sys.argv[2]
name = "n%FF.pgn" if mode == "sarif" else "n\u00ff.pgn"
text = open(path, encoding="utf-8").read()  # a stray byte would already fail here
docs = [json.loads(l) for l in text.splitlines() if l.strip()] if mode == "jsonl" else [json.loads(text)]
assert name in json.dumps(docs, ensure_ascii=False), "file name not found"
PY
}
"$pgn" validate --format json "$latin" >report.json 2>/dev/null
json_ok "validate --format json" report.json json
"$pgn" validate --format jsonl "$latin" >report.jsonl 2>/dev/null
json_ok "validate --format jsonl" report.jsonl jsonl
"$pgn" validate --format sarif "$latin" >report.sarif 2>/dev/null
json_ok "validate --format sarif" report.sarif sarif
printf '[Event "e"]\n[Site "?"]\n[Date "2021-03-04"]\n[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "1:0"]\n\n1. e4 e5 1-0\n' >"$latin"
"$pgn" fix -o fixed2.pgn --report changes.jsonl "$latin" 2>/dev/null
json_ok "fix --report" changes.jsonl jsonl
# The text report shows the byte escaped.
"$pgn" validate "$latin" >latin.out 2>/dev/null
grep -q -F 'n\xff.pgn:3:1:' latin.out || fail "text report: the byte 0xff not escaped"

finish "untrusted text: escaped in text reports, valid in JSON reports"
