#!/usr/bin/env bash
# Nothing is lost: on every corpus file, games read = games valid + games with errors in the
# summary of every report format (inside the report for jsonl, json, github and sarif; on
# standard error for text, whose report is problems only), all formats give the same counts,
# and the per-game listing has exactly one entry per game read.
#
# Usage: robustness_accounting.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$1
src=$2
shared=$3
source "$(dirname "$0")/lib/common.sh"

summary_number() { grep -o '"summary":{[^}]*' "$1" | grep -o "\"$2\":[0-9]*" | head -n 1 | cut -d: -f2; }
# "games valid with_errors" from the summary a report of FORMAT carries (FILE: the report;
# ERR: its standard error).
report_totals() {
  local format=$1 file=$2 err=$3 record
  case $format in
    json | sarif)
      echo "$(summary_number "$file" games) $(summary_number "$file" games_valid)" \
        "$(summary_number "$file" games_with_errors)"
      ;;
    jsonl)
      record=$(tail -n 1 "$file" | grep '^{"type":"summary",') || return 0
      for name in games games_valid games_with_errors; do
        grep -o "\"$name\":[0-9]*" <<<"$record" | cut -d: -f2
      done | paste -sd' '
      ;;
    github) tail -n 1 "$file" | sed -n 's/^::notice title=pgn summary:://p' | headline_totals ;;
    text) headline_totals <"$err" | head -n 1 ;;
  esac
}
# "games valid with_errors" from a summary headline ("2 files, 6 games: 6 valid, 0 with
# errors, ...").
headline_totals() {
  sed -n -E 's/^(interrupted: )?[0-9]+ files?, ([0-9]+) games?: ([0-9]+) valid, ([0-9]+) with errors.*/\2 \3 \4/p'
}

mapfile -t files < <(find "$src/corpora" "$shared/corpora" -type f \
  \( -name '*.pgn' -o -name '*.pgn.zst' -o -name '*.txt' -o -name bare \) 2>/dev/null | sort)
[ ${#files[@]} -gt 20 ] || fail "only ${#files[@]} corpus files found"

checked=0
for file in "${files[@]}"; do
  "$pgn" validate -q -j2 --list-games --format json -o "$work/report.json" "$file"
  status=$?
  [ $status -le 2 ] || fail "$file: exit $status"
  games=$(summary_number "$work/report.json" games)
  valid=$(summary_number "$work/report.json" games_valid)
  with_errors=$(summary_number "$work/report.json" games_with_errors)
  not_checked=$(summary_number "$work/report.json" games_not_checked)
  if [ -z "$games" ] || [ -z "$valid" ] || [ -z "$with_errors" ]; then
    fail "$file: no summary in the json report"
    continue
  fi
  [ $((valid + with_errors + ${not_checked:-0})) -eq "$games" ] ||
    fail "$file: $valid valid + $with_errors with errors + ${not_checked:-0} not checked != $games games"
  listed=$(grep -o '"type":"game"' "$work/report.json" | wc -l)
  [ "$listed" -eq "$games" ] || fail "$file: $listed games listed, summary says $games"
  listed_with_errors=$(grep -o '"type":"game"[^}]*"errors":[1-9]' "$work/report.json" | wc -l)
  [ "$listed_with_errors" -eq "$with_errors" ] ||
    fail "$file: $listed_with_errors games listed with errors, summary says $with_errors"
  # The other formats: their own summary must say the same. (text: on standard error.)
  for format in jsonl github sarif text; do
    "$pgn" validate -j2 --format "$format" -o "$work/report.$format" "$file" 2>"$work/report.err"
    read -r f_games f_valid f_with_errors < <(report_totals "$format" "$work/report.$format" "$work/report.err")
    if [ -z "${f_with_errors:-}" ]; then
      fail "$file: no summary in the $format report"
    elif [ "$f_games $f_valid $f_with_errors" != "$games $valid $with_errors" ]; then
      fail "$file: the $format summary says $f_games games, $f_valid valid, $f_with_errors with errors; json says $games, $valid, $with_errors"
    fi
    f_games='' f_valid='' f_with_errors=''
  done
  checked=$((checked + 1))
done
echo "$checked corpus files accounted for"

# Every format over all files at once: the same totals, and games = valid + with errors.
"$pgn" validate -q -j2 --format json -o "$work/all.json" "${files[@]}"
games=$(summary_number "$work/all.json" games)
valid=$(summary_number "$work/all.json" games_valid)
with_errors=$(summary_number "$work/all.json" games_with_errors)
not_checked=$(summary_number "$work/all.json" games_not_checked)
[ $((valid + with_errors + ${not_checked:-0})) -eq "$games" ] ||
  fail "all files: $valid + $with_errors + ${not_checked:-0} != $games"
expected_line="${#files[@]} files, $games games: $valid valid, $with_errors with errors"
for format in text jsonl json github sarif; do
  "$pgn" validate -j2 --format "$format" -o "$work/all.$format" "${files[@]}" 2>"$work/all.$format.err"
  grep -q "^$expected_line," "$work/all.$format.err" ||
    fail "$format: the summary on standard error is not '$expected_line': $(head -n 1 "$work/all.$format.err")"
done
for format in text jsonl json github sarif; do
  [ "$(report_totals "$format" "$work/all.$format" "$work/all.$format.err")" = "$games $valid $with_errors" ] ||
    fail "$format: the report's summary does not say $games games, $valid valid, $with_errors with errors"
done

finish "all accounted: $games games, $valid valid, $with_errors with errors"
