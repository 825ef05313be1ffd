#!/usr/bin/env bash
# Golden tests for `pgn validate`: every corpora/golden/NAME.pgn (and corpora/localized/NAME.pgn)
# that has a NAME.expected.jsonl beside it must give exactly that JSON Lines report (with
# --list-games, so the notation read and the result of every game are checked too), and
# NAME.expected.txt the exact text report. The expected files were checked by hand against
# the games (and pgn-extract's reading of them); regenerate only after checking the diff.
# The JSON Lines report ends with its summary record, whose "seconds" vary from run to run:
# they are compared as 0.
# Usage: validate_golden.sh PGN_BINARY REPO_DIR [SHARED_DIR]
set -u
pgn=$1
cd "$2" || exit 2
failed=0
checked=0
for expected in corpora/golden/*.expected.jsonl corpora/localized/*.expected.jsonl \
                corpora/golden/*.expected.txt corpora/localized/*.expected.txt; do
  [ -e "$expected" ] || continue
  case $expected in
    *.jsonl) format=jsonl; input=${expected%.expected.jsonl} ;;
    *) format=text; input=${expected%.expected.txt} ;;
  esac
  for ext in pgn txt; do [ -e "$input.$ext" ] && input=$input.$ext && break; done
  actual=$("$pgn" validate --threads 1 -q --list-games --color never --format "$format" "$input")
  status=$?
  [ "$format" = jsonl ] && actual=$(sed -E '/^\{"type":"summary"/ s/"seconds":[0-9.]+/"seconds":0/' <<<"$actual")
  if [ $status -gt 1 ]; then
    echo "FAIL $input: pgn validate exited with $status"; failed=$((failed + 1)); continue
  fi
  if ! diff -u "$expected" <(printf '%s\n' "$actual") >/tmp/golden-diff.$$; then
    echo "FAIL $input ($format): report differs from $expected"
    head -60 /tmp/golden-diff.$$
    failed=$((failed + 1))
  fi
  checked=$((checked + 1))
done
rm -f /tmp/golden-diff.$$
echo "$checked golden reports checked, $failed failed"
[ $checked -gt 0 ] && [ $failed -eq 0 ]
