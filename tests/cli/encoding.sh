#!/usr/bin/env bash
# Files in legacy code pages: the Russian, Ukrainian, Slovak and German scoresheets of
# corpora/localized, re-encoded here with iconv into each code page their language is saved
# in, validate and convert exactly as their UTF-8 originals (the report differs only by the
# encoding warning, which names the code page found); the excerpt and caret of a problem are
# the user's line; an archive concatenated from files in several code pages decodes each game
# right; --encoding forces a code page; UTF-8 input is never taken for another encoding.
# Usage: encoding.sh PGN_BINARY REPO_DIR SHARED_DIR
set -u
source "$(dirname "$0")/lib/common.sh"
pgn=$1
repo=$2
shared=${3:-}
localized=$repo/corpora/localized

# encoded NAME PAGE: corpora/localized/NAME.pgn in code page PAGE, as $work/PAGE/NAME.pgn
# (the UTF-8 original is copied to $work/UTF-8/NAME.pgn: reports name the same file).
encoded() {
  mkdir -p "$work/$2" "$work/UTF-8"
  cp "$localized/$1.pgn" "$work/UTF-8/$1.pgn"
  iconv -f UTF-8 -t "$2" "$localized/$1.pgn" >"$work/$2/$1.pgn" || fail "iconv $1 to $2"
}

# The text report (excerpts and carets included) and the JSON Lines report without the
# encoding warnings and without byte offsets (a Cyrillic letter is one byte in a code page,
# two in UTF-8), nor the input's size.
report() {
  (cd "$(dirname "$1")" && "$pgn" validate --threads 1 -q --list-games --color never \
    --ignore encoding "${@:2}" "$(basename "$1")")
  (cd "$(dirname "$1")" && "$pgn" validate --threads 1 -q --list-games --format jsonl \
    --ignore encoding "${@:2}" "$(basename "$1")") |
    sed -E 's/"offset":[0-9]+,//; /"type":"summary"/ s/"(seconds|input_bytes)":[0-9.]+/"\1":0/g'
}

# name: code pages it is saved in, and the name the warning gives each.
checks=(
  "ru-scoresheet CP1251=Windows-1251 KOI8-R=KOI8-R CP866=CP866"
  "ru-illegal CP1251=Windows-1251 KOI8-R=KOI8-R CP866=CP866"
  "uk-scoresheet CP1251=Windows-1251 KOI8-U=KOI8-U"
  "sk-scoresheet CP1250=Windows-1250 ISO-8859-2=ISO-8859-2"
  "de-scoresheet ISO-8859-1=Windows-1252 CP1252=Windows-1252"
)
for check in "${checks[@]}"; do
  read -r name pages <<<"$check"
  for pair in $pages; do
    page=${pair%%=*} shown=${pair#*=}
    encoded "$name" "$page"
    expect "$name in $page: the report is the UTF-8 original's" \
      "$(report "$work/UTF-8/$name.pgn")" "$(report "$work/$page/$name.pgn")"
    expect "$name in $page: converted as the UTF-8 original" \
      "$("$pgn" convert -q "$work/UTF-8/$name.pgn" 2>/dev/null)" \
      "$("$pgn" convert -q "$work/$page/$name.pgn" 2>/dev/null)"
    games=$(grep -c '^\[Event ' "$localized/$name.pgn")
    named=$("$pgn" validate -q --format jsonl "$work/$page/$name.pgn" |
      grep -c "\"code\":\"encoding\".*it was read as $shown, detected from its content")
    expect "$name in $page: every game's warning names $shown" "$games" "$named"
  done
done

# The excerpt of a problem in a decoded game is the user's line, with the caret under the
# move as an editor shows it (column 23, the fourth character of "Ф:c5").
excerpt=$("$pgn" validate -q --color never "$work/CP1251/ru-illegal.pgn" | grep -A2 'illegal-move')
expect "cp1251 excerpt and caret" \
  "$work/CP1251/ru-illegal.pgn:10:23: error[illegal-move]: illegal move 8...Ф:c5: no black queen can reach c5
10 | 7. Сd2 С:d2+ 8. Кb:d2 Ф:c5 1:0
   |                       ^^^^" "$excerpt"

# An archive concatenated from files in several code pages: each game is decoded in its own.
order="CP1251/ru-scoresheet CP1250/sk-scoresheet ISO-8859-1/de-scoresheet ISO-8859-2/sk-scoresheet
KOI8-R/ru-scoresheet KOI8-U/uk-scoresheet CP866/ru-scoresheet CP1251/uk-scoresheet"
: >"$work/mixed.pgn"
: >"$work/mixed-utf8.pgn"
expected_pages=""
for part in $order; do
  cat "$work/$part.pgn" >>"$work/mixed.pgn"
  cat "$work/UTF-8/${part#*/}.pgn" >>"$work/mixed-utf8.pgn"
  case ${part%/*} in
    CP1251) shown=Windows-1251 ;; CP1250) shown=Windows-1250 ;; ISO-8859-1) shown=Windows-1252 ;;
    CP866) shown=CP866 ;; *) shown=${part%/*} ;;
  esac
  for _ in $(seq "$(grep -c '^\[Event ' "$work/UTF-8/${part#*/}.pgn")"); do
    expected_pages+="$shown"$'\n'
  done
done
expect "mixed archive: converted as its UTF-8 parts" \
  "$("$pgn" convert -q "$work/mixed-utf8.pgn")" "$("$pgn" convert -q "$work/mixed.pgn")"
expect "mixed archive: each game's code page" "${expected_pages%$'\n'}" \
  "$("$pgn" validate -q --format jsonl "$work/mixed.pgn" | grep -o 'it was read as [^,]*' |
    sed 's/it was read as //')"
expect "mixed archive: validates as its UTF-8 parts" \
  "$("$pgn" validate --threads 1 -q --ignore encoding --summary-only --format jsonl "$work/mixed-utf8.pgn" | sed -E 's/"(seconds|input_bytes)":[0-9.]+//g')" \
  "$("$pgn" validate --threads 1 -q --ignore encoding --summary-only --format jsonl "$work/mixed.pgn" | sed -E 's/"(seconds|input_bytes)":[0-9.]+//g')"
# dedupe reads a plain file's games again by their places: each is decoded again from its own
# code page (a place records it).
expect "mixed archive: dedupe writes what it writes for the UTF-8 parts" \
  "$("$pgn" dedupe -q "$work/mixed-utf8.pgn")" "$("$pgn" dedupe -q "$work/mixed.pgn")"

# --encoding forces a code page, for every command that reads PGN: a Windows-1251 file read
# as CP866 (which the content does not show) gives CP866's letters, and the warning says so.
forced=$("$pgn" convert -q --encoding cp866 "$work/CP1251/ru-scoresheet.pgn" 2>/dev/null | grep -m1 '^\[White ')
expect "--encoding cp866 decodes as CP866" \
  "$(grep -a -m1 '^\[White ' "$work/CP1251/ru-scoresheet.pgn" | iconv -f CP866 -t UTF-8)" "$forced"
"$pgn" validate -q --format jsonl --encoding cp866 "$work/CP1251/ru-scoresheet.pgn" |
  grep -q '"code":"encoding".*"message":"the game was read as CP866 (--encoding)"' ||
  fail "the forced code page is named in the warning"
for command in validate convert fix select dedupe; do
  out=$("$pgn" $command -q --encoding windows-1251 "$work/CP1251/ru-scoresheet.pgn" 2>&1)
  status=$?
  [ $status -le 1 ] || fail "$command --encoding windows-1251 exited with $status: $out"
  case $command in
    convert | fix | select | dedupe)
      grep -q 'Карпов, Анатолий' <<<"$out" || fail "$command --encoding: names decoded" ;;
  esac
done
"$pgn" validate -q --encoding utf-8 "$work/UTF-8/ru-scoresheet.pgn" >/dev/null ||
  fail "--encoding utf-8 is accepted"
for bad in nonsense utf-16 shift_jis; do
  message=$("$pgn" validate -q --encoding "$bad" "$work/UTF-8/ru-scoresheet.pgn" 2>&1)
  status=$?
  expect "--encoding $bad is refused" 2 "$status"
  grep -q -- "--encoding" <<<"$message" || fail "--encoding $bad: message names the option: $message"
done

# UTF-8 is never taken for another encoding: no game of a UTF-8 file of the shared corpora
# is decoded (files with some non-UTF-8 games keep the others as UTF-8).
if [ -n "$shared" ] && [ -d "$shared/corpora" ]; then
  for file in "$shared"/corpora/real/*.pgn "$shared"/corpora/localized/*/*.pgn; do
    iconv -f UTF-8 -t UTF-8 "$file" >/dev/null 2>&1 || continue
    "$pgn" validate -q --format jsonl "$file" | grep -q '"code":"encoding"' &&
      fail "$file is UTF-8 but a game was decoded"
  done
  # Files of Danish and German opening names, mostly UTF-8 with Latin-1 games among them.
  for name in eco_da eco_de; do
    file=$shared/corpora/edge/pychess/$name.pgn
    [ -f "$file" ] || continue
    pages=$("$pgn" validate -q --format jsonl "$file" | grep -o 'it was read as [^,]*' | sort -u)
    expect "$name: its Latin-1 games" "it was read as Windows-1252" "$pages"
  done
fi

finish "legacy code pages read as their UTF-8 originals"
