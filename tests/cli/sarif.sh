#!/usr/bin/env bash
# pgn validate --format sarif: the log is valid against the OASIS SARIF 2.1.0 schema
# (tests/sarif/); file names are percent-encoded URIs relative to the working folder (the
# base WORKDIR), files elsewhere are file: URIs, standard input is named as such; an
# interrupted run or an unreadable input is not an executionSuccessful one.
#
# Usage: sarif.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$(realpath "$1")
src=$2
source "$(dirname "$0")/lib/common.sh"
if ! python3 -c 'import jsonschema' 2>/dev/null; then
  echo "SKIP: python3-jsonschema is not installed (tools/install-deps installs it)" >&2
  exit 0
fi
check() { python3 "$src/tests/sarif/check_sarif.py" "$src/tests/sarif/sarif-schema-2.1.0.json" "$@"; }

game() { printf '[Event "e"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "1"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 2. %s *\n\n' "$1"; }
mkdir -p "$work/here/sub dir" "$work/elsewhere"
game Ke3 >"$work/here/sub dir/my games #1.pgn"
game Ke3 >"$work/here/échecs 100%.pgn"
game Ke3 >"$work/elsewhere/other.pgn"
{ game Ke3; game Ke3; } >"$work/here/stdin.pgn"

cd "$work/here" || exit 1
"$pgn" validate -q --format sarif "sub dir/my games #1.pgn" "./échecs 100%.pgn" \
  "$work/here/échecs 100%.pgn" "$work/elsewhere/other.pgn" - <stdin.pgn >"$work/log.sarif"
[ $? -eq 1 ] || fail "exit status of a run with illegal moves"
check "$work/log.sarif" success=true \
  "names=sub dir/my games #1.pgn|échecs 100%.pgn|$work/elsewhere/other.pgn|-" ||
  fail "the SARIF log of a complete run"
grep -q '"uri":"sub%20dir/my%20games%20%231.pgn","uriBaseId":"WORKDIR"' "$work/log.sarif" ||
  fail "the relative uri is not percent-encoded as expected"
grep -q '"uri":"%C3%A9checs%20100%25.pgn"' "$work/log.sarif" || fail "non-ASCII and % are not percent-encoded"
[ "$(grep -o '"ruleId":"illegal-move"' "$work/log.sarif" | wc -l)" = 6 ] || fail "6 illegal moves expected"

# An unreadable input: the log is still valid, and says the run did not succeed.
"$pgn" validate -q --format sarif "missing file.pgn" "sub dir/my games #1.pgn" >"$work/missing.sarif"
[ $? -eq 2 ] || fail "a missing input: exit status"
check "$work/missing.sarif" success=false || fail "the SARIF log of a run with a missing input"

# An interrupt: the input is a pipe that stays open after the first games.
interrupt_reading 2 'for i in $(seq 1 500); do game Ke3; done' \
  "$pgn" validate -q -j1 --format sarif "$work/fifo" >"$work/interrupted.sarif" 2>/dev/null
[ $status -eq 2 ] || fail "interrupted: exit $status, expected 2"
check "$work/interrupted.sarif" success=false || fail "the SARIF log of an interrupted run"
grep -q '"interrupted":true' "$work/interrupted.sarif" || fail "interrupted: the summary does not say so"

# The checker itself fails on a log that breaks the schema.
sed 's/"version":"2.1.0"/"version":"2.0.0"/' "$work/log.sarif" >"$work/broken.sarif"
check "$work/broken.sarif" >/dev/null && fail "the schema check accepts a wrong version"

finish "all SARIF checks passed"
