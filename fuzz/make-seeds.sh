#!/usr/bin/env bash
# Fills OUT_DIR/<target>/ with the seed inputs of every fuzz target, taken from corpora/,
# ../shared/corpora/edge/, localization/, fuzz/seeds/ and the regression inputs kept in
# corpora/regressions/<target>/. Only copies: nothing is written under the source tree.
#
# Usage: make-seeds.sh SOURCE_DIR SHARED_DIR OUT_DIR
set -euo pipefail
src=$1
shared=$2
out=$3
max_seed_bytes=65536

mkdir -p "$out"
for target in fuzz_validate fuzz_reader fuzz_fen fuzz_move_text fuzz_spoken fuzz_notation_json \
  fuzz_json_input fuzz_tag_values fuzz_select fuzz_dedupe fuzz_repair fuzz_winnable fuzz_variant_san fuzz_main_line \
  fuzz_python_cuts fuzz_bpgn; do
  mkdir -p "$out/$target"
done

# Small PGN files: whole games for the reading path.
pgn_files() {
  find "$src/corpora" "$shared/corpora/edge" "$shared/corpora/localized" -type f \
    \( -name '*.pgn' -o -name '*.txt' -o -name bare \) -size -${max_seed_bytes}c 2>/dev/null | sort
}
# Listed once into an array: under pipefail, `pgn_files | head -n 1` fails whenever head exits
# before sort has written its last block (sort then dies of SIGPIPE), which made seeding flaky.
mapfile -t pgns < <(pgn_files)
if [ ${#pgns[@]} -eq 0 ]; then
  echo "make-seeds: no PGN files under $src/corpora" >&2
  exit 1
fi
n=0
for file in "${pgns[@]}"; do
  n=$((n + 1))
  cp "$file" "$out/fuzz_validate/pgn-$n"
  cp "$file" "$out/fuzz_reader/pgn-$n"
  cp "$file" "$out/fuzz_main_line/pgn-$n"
done
# Compressed seeds reach the decompressors of the reader.
first_pgn=${pgns[0]}
head -c 4096 "$first_pgn" | gzip -c >"$out/fuzz_reader/seed.gz"
head -c 4096 "$first_pgn" | bzip2 -c >"$out/fuzz_reader/seed.bz2"
if command -v zstd >/dev/null; then head -c 4096 "$first_pgn" | zstd -q -c >"$out/fuzz_reader/seed.zst"; fi

# FEN values from the corpora's FEN tags.
n=0
while IFS= read -r fen; do
  n=$((n + 1))
  printf '%s' "$fen" >"$out/fuzz_fen/fen-$n"
  # Tag values: selector 0x43 picks the FEN tag (67 % 18 = 13) and adds SetUp "1" (0x40).
  printf '\x43%s' "$fen" >"$out/fuzz_tag_values/fen-$n"
done < <(cat "${pgns[@]}" | grep -a -o '^\[FEN "[^"]*"' | sed 's/^\[FEN "//; s/"$//' | sort -u | head -n 300)
printf '%s' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' >"$out/fuzz_fen/start"

# Values of the tags with checked formats, each prefixed with its selector byte.
n=0
while IFS= read -r line; do
  name=${line%% *}
  value=${line#* }
  case $name in
    Date) sel='\x00' ;; EventDate) sel='\x01' ;; Round) sel='\x03' ;; Result) sel='\x04' ;;
    WhiteElo) sel='\x05' ;; TimeControl) sel='\x07' ;; ECO) sel='\x08' ;; SetUp) sel='\x09' ;;
    Time) sel='\x0a' ;; PlyCount) sel='\x0c' ;; Variant) sel='\x0e' ;; Termination) sel='\x0f' ;;
    *) continue ;;
  esac
  n=$((n + 1))
  printf "$sel%s" "$value" >"$out/fuzz_tag_values/tag-$n"
done < <(cat "${pgns[@]}" | grep -a -o -E '^\[(Date|EventDate|Round|Result|WhiteElo|TimeControl|ECO|SetUp|Time|PlyCount|Variant|Termination) "[^"]*"' |
  sed -E 's/^\[([A-Za-z]+) "(.*)"$/\1 \2/' | sort -u | head -n 400)

# Move tokens from the corpora's movetext (numbers, results and comments left out), each
# prefixed with a position selector byte.
n=0
while IFS= read -r token; do
  n=$((n + 1))
  printf "\\x0$((n % 5))%s" "$token" >"$out/fuzz_move_text/token-$n"
done < <(cat "${pgns[@]}" | grep -a -v '^\[' | tr -s ' \t\r' '\n\n\n' |
  grep -a -E '^[A-Za-z][^{}();]{1,12}$' | sort -u | head -n 400)
cp "$src"/fuzz/seeds/move_text/* "$out/fuzz_move_text/"
cp "$src"/fuzz/seeds/validate/* "$out/fuzz_validate/"

cp "$src"/fuzz/seeds/spoken/* "$out/fuzz_spoken/"
cp "$src"/localization/*.json "$out/fuzz_notation_json/"
cp "$src"/fuzz/seeds/json_input/* "$out/fuzz_json_input/"
# The forms of the typed tag readers (rounds, ratings, time controls, numbers) and their edges.
cp "$src"/fuzz/seeds/tag_values/* "$out/fuzz_tag_values/"
# The targets whose inputs have a form of their own (a selector byte, a condition line, FEN
# lines, frames) start from their hand-written seeds only.
for name in select dedupe repair winnable variant_san python_cuts bpgn; do
  cp "$src"/fuzz/seeds/$name/* "$out/fuzz_$name/"
done

# Inputs that once broke a target stay in its corpus.
if [ -d "$src/corpora/regressions" ]; then
  for dir in "$src"/corpora/regressions/fuzz_*; do
    [ -d "$dir" ] || continue
    target=$(basename "$dir")
    mkdir -p "$out/$target"
    cp "$dir"/* "$out/$target/" 2>/dev/null || true
  done
fi
