#!/usr/bin/env bash
# The bash completion completes option values (--to, --format, --to-lang, --lang, --keep,
# --ignore, --variant, --encoding) from the tables the commands read them by: every value
# offered is one the command takes, and the lists are the tables themselves (the notations in
# localization/, the codes of docs/diagnostics.md, the formats and variants the commands name
# in their messages), so a value added to a table is completed with no edit to the script.
# The zsh completion offers the same values.
set -uo pipefail
pgn=$1
src=$2
source "$(dirname "$0")/lib/common.sh"
cd "$work" || exit 1

"$pgn" help --bash-completion >pgn.bash || fail "pgn help --bash-completion"
"$pgn" help --zsh-completion >_pgn || fail "pgn help --zsh-completion"

# complete WORD...: COMPREPLY when the cursor is on the last WORD, sorted, space-separated.
complete() {
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _pgn
           printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " " | sed "s/ $//"' _ pgn.bash "$@"
}
sorted() { tr ' ' '\n' | grep -v '^$' | sort | tr '\n' ' ' | sed 's/ $//'; }

# The known values as the commands' own messages list them.
formats=$("$pgn" convert --to nosuch x 2>&1 | sed -n "s/.*unknown output format 'nosuch' (\(.*\))/\1/p" | tr -d ',' | sorted)
expect "convert --to: the formats convert names" "$formats" "$(complete pgn convert --to '')"
[[ " $formats " == *" csv "* ]] || fail "csv is not among the formats"
expect "convert -t j" "json jsonl" "$(complete pgn convert -t j)"
expect "convert --to=j (bash splits at =)" "json jsonl" "$(complete pgn convert --to = j)"
expect "convert --to= (bash splits at =)" "$formats" "$(complete pgn convert --to =)"
report_formats=$("$pgn" validate --format nosuch x 2>&1 | sed -n "s/.*unknown format 'nosuch' (\(.*\))/\1/p" | tr -d ',' | sorted)
[ -n "$report_formats" ] || fail "validate names no formats"
expect "validate --format" "$report_formats" "$(complete pgn validate --format '')"
expect "validate -f s" "sarif" "$(complete pgn validate -f s)"
expect "winnable --format" "jsonl text" "$(complete pgn winnable --format '')"

# Notations: one per file in localization/ (English is built in too).
notations=$(cd "$src/localization" && ls *.json | sed 's/\.json$//' | sorted)
expect "convert --to-lang: the localization tables" "$notations" "$(complete pgn convert --to-lang '')"
expect "validate --lang: auto and the tables" "$(echo auto $notations | sorted)" "$(complete pgn validate --lang '')"
expect "fix -l de" "de de-spoken" "$(complete pgn fix -l de)"

# Problem codes: those docs/diagnostics.md documents.
codes=$(sed -n 's/^| `\([a-z0-9-]*\)` | \(error\|warning\|error or warning\|warning or error\|error, warning\) |.*/\1/p' "$src/docs/diagnostics.md" | sorted)
[ -n "$codes" ] || fail "no codes read from docs/diagnostics.md"
expect "validate --ignore: the documented codes" "$codes" "$(complete pgn validate --ignore '')"
expect "validate --ignore illegal" "illegal-move" "$(complete pgn validate --ignore illegal)"

variants=$("$pgn" validate --variant nosuch x 2>&1 | sed -n "s/.*unknown variant 'nosuch'; known: //p" | sorted)
[ -n "$variants" ] || fail "validate names no variants"
for command in validate convert select dedupe fix; do
  expect "$command --variant" "$variants" "$(complete pgn $command --variant '')"
done
expect "perft -v" "$variants" "$(complete pgn perft -v '')"
expect "dedupe --keep" "first most-annotated most-tags" "$(complete pgn dedupe --keep '')"
expect "validate --encoding koi" "koi8-r koi8-u" "$(complete pgn validate --encoding koi)"

# Every value offered is taken: none is a usage error (status 2).
printf '[Event "e"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. e4 e5 *\n' >g.pgn
taken() { # NAME COMMAND... (the value last)
  local name=$1
  shift
  "$pgn" "$@" >/dev/null 2>err.txt
  [ $? -eq 2 ] && fail "$name: a completed value is refused: $(head -n 1 err.txt)"
}
# Each into a new file: sqlite refuses to add to a file that is not its database.
for v in $formats; do taken "--to $v" convert -q g.pgn -o "out.$v" --to "$v"; done
for v in $report_formats; do taken "--format $v" validate -q g.pgn -o out --format "$v"; done
for v in $(complete pgn validate --lang ''); do taken "--lang $v" validate -q g.pgn --lang "$v"; done
for v in $(complete pgn convert --to-lang ''); do taken "--to-lang $v" convert -q g.pgn -o out --to-lang "$v"; done
for v in $(complete pgn validate --ignore ''); do taken "--ignore $v" validate -q g.pgn --ignore "$v"; done
for v in $variants; do taken "--variant $v" validate -q g.pgn --variant "$v"; done
for v in $variants; do taken "perft --variant $v" perft --variant "$v" 1; done
for v in $(complete pgn dedupe --keep ''); do taken "--keep $v" dedupe -q g.pgn -o out --keep "$v"; done
for v in $(complete pgn validate --encoding ''); do taken "--encoding $v" validate -q g.pgn --encoding "$v"; done

# Options without a table still complete files, and options themselves.
touch games-file.pgn
expect "after --output: files" "games-file.pgn" "$(complete pgn convert --output games-f)"
expect "after a value: files again" "games-file.pgn" "$(complete pgn convert --to csv games-f)"
expect "options" "--to --to-lang" "$(complete pgn convert --to)"

# zsh: the same values as the action of each option.
grep -qF "'--ignore[" _pgn || fail "zsh: no --ignore"
grep -q -- "--to}'\[.*\]:FORMAT:(pgn json jsonl uci lan fen epd csv sqlite)'" _pgn || fail "zsh: --to values"
grep -q -- ":CODE:(.*illegal-move" _pgn || fail "zsh: --ignore values"
if command -v zsh >/dev/null; then zsh -n _pgn || fail "the zsh completion does not parse"; fi

finish "completion of option values checked"
