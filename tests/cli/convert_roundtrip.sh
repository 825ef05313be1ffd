#!/usr/bin/env bash
# Round trips of pgn convert on the shared corpora:
#   - normalized PGN is a fixed point (normalizing it again changes nothing);
#   - PGN -> JSON Lines -> PGN and PGN -> JSON (array, through stdin) -> PGN give exactly the
#     normalized PGN;
#   - the UCI moves equal an independent replay (pgn-extract -Wuci) where pgn-extract exists.
# Arguments: pgn binary, repository dir, shared dir.
set -u
pgn=$1
shared=$3
corpora=$shared/corpora
source "$(dirname "$0")/lib/common.sh"

files=()
for f in "$corpora"/real/*.pgn "$corpora"/real/tcec/*; do files+=("$f"); done
while IFS= read -r f; do files+=("$f"); done < <(find "$corpora/edge" "$corpora/variants" "$corpora/localized" -type f | sort)

for f in "${files[@]}"; do
  "$pgn" convert -q "$f" -o "$work/a.pgn" 2>/dev/null
  rc=$?
  [ "$rc" -le 1 ] || { fail "$f: convert exited $rc"; continue; }
  "$pgn" convert -q "$work/a.pgn" -o "$work/b.pgn" 2>/dev/null
  cmp -s "$work/a.pgn" "$work/b.pgn" || fail "$f: normalizing twice changes the output"
  "$pgn" convert -q --to jsonl "$f" -o "$work/a.jsonl" 2>/dev/null
  "$pgn" convert -q "$work/a.jsonl" -o "$work/c.pgn" 2>/dev/null
  cmp -s "$work/a.pgn" "$work/c.pgn" || fail "$f: PGN -> JSONL -> PGN differs from PGN -> PGN"
  "$pgn" convert -q --to json "$f" 2>/dev/null | "$pgn" convert -q - -o "$work/d.pgn" 2>/dev/null
  cmp -s "$work/a.pgn" "$work/d.pgn" || fail "$f: PGN -> JSON -> PGN (stdin) differs from PGN -> PGN"
done
echo "round trips: ${#files[@]} files"

extract=/usr/games/pgn-extract
if [ -x "$extract" ]; then
  for name in twic944.pgn lichess_db_1000k.pgn cancer0707.pgn twic0920.pgn; do
    f=$corpora/real/$name
    # pgn-extract writes promotions in capitals (e7e8Q); UCI has them in lower case.
    "$extract" -Wuci --quiet -w100000 "$f" 2>/dev/null |
      awk 'BEGIN{RS=""} !/^\[/ { gsub(/\n/," "); sub(/ *(1-0|0-1|1\/2-1\/2|\*) *$/,""); print }' |
      tr QRBN qrbn >"$work/extract.uci"
    "$pgn" convert -q --skip-invalid --to uci "$f" >"$work/pgn.uci" 2>/dev/null
    if cmp -s "$work/extract.uci" "$work/pgn.uci"; then
      echo "uci equals pgn-extract: $name ($(wc -l <"$work/pgn.uci") games)"
    else
      fail "$name: UCI moves differ from pgn-extract -Wuci"
      diff "$work/extract.uci" "$work/pgn.uci" | head -4 | cut -c1-200
    fi
  done
else
  echo "pgn-extract not installed: independent replay check skipped"
fi

finish "all convert round trips passed"
