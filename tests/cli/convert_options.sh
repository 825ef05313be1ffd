#!/usr/bin/env bash
# pgn convert options, end to end: export format details, games with errors (unchanged,
# --skip-invalid, --truncate-invalid), -o, a reader that closes early, notations, JSON input.
# Arguments: pgn binary, repository dir, shared dir.
set -u
pgn=$1
shared=$3
source "$(dirname "$0")/lib/common.sh"

cat >"$work/in.pgn" <<'PGN'
[White "Say \"hi\" \\o/"]
[ECO "C60"]
[Event "Golden"]
[Result "1-0"]
[Annotator "Z"]

1. e4! {A comment long enough to be wrapped at its spaces when the line gets beyond
seventy-nine characters} e5 2. Nf3 (2. Nc3 Nf6 $14) Nc6 3. Bb5 a6?! 4. Ba4 Nf6 5. O-O Be7
6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1-0

[Event "Illegal"]
[Result "*"]

1. e4 e5 2. Ke3 Nc6 *

[Event "Mismatch"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 1-0
PGN

out=$("$pgn" convert "$work/in.pgn" 2>"$work/err")
rc=$?
expect "exit status with games with errors" 1 "$rc"
expect "export format" '[Event "Golden"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Say \"hi\" \\o/"]
[Black "?"]
[Result "1-0"]
[Annotator "Z"]
[ECO "C60"]

1. e4 $1 {A comment long enough to be wrapped at its spaces when the line gets
beyond seventy-nine characters} 1... e5 2. Nf3 (2. Nc3 Nf6 $14) 2... Nc6 3. Bb5
a6 $6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7
1-0

[Event "Illegal"]
[Result "*"]

1. e4 e5 2. Ke3 Nc6 *

[Event "Mismatch"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 1-0' "$out"
grep -q "error\[illegal-move\]" "$work/err" || fail "illegal move not reported on stderr"
grep -q "games written 3, skipped 0, truncated 0" "$work/err" || fail "summary counts (unchanged)"

"$pgn" convert --skip-invalid "$work/in.pgn" >"$work/skip.pgn" 2>"$work/err"
expect "--skip-invalid keeps one game" 1 "$(grep -c '^\[Event ' "$work/skip.pgn")"
grep -q "games written 1, skipped 2, truncated 0" "$work/err" || fail "summary counts (skip)"

out=$("$pgn" convert --truncate-invalid "$work/in.pgn" 2>"$work/err" | tail -n 20)
expect "--truncate-invalid" '[Event "Illegal"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

1. e4 e5 {illegal move 2.Ke3: no white king can reach e3} *

[Event "Mismatch"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

1. f3 e5 2. g4 Qh4# {termination marker 1-0 differs from the Result tag 0-1} *' "$out"
grep -q "games written 1, skipped 0, truncated 2" "$work/err" || fail "summary counts (truncate)"

out=$("$pgn" convert -q --keep-suffixes --no-comments --no-variations "$work/in.pgn" 2>/dev/null |
  sed -n '11,12p')
expect "--keep-suffixes --no-comments --no-variations" '1. e4! e5 2. Nf3 Nc6 3. Bb5 a6?! 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8.
c3 O-O 9. h3 Nb8 10. d4 Nbd7 1-0' "$out"
out=$("$pgn" convert -q --line-width 0 --no-comments --no-variations --no-nags --skip-invalid \
  "$work/in.pgn" 2>/dev/null | sed -n '11,12p')
expect "--line-width 0" '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1-0' "$out"
out=$("$pgn" convert -q --no-nags "$work/in.pgn" 2>/dev/null | sed -n '11p')
expect "--no-nags" '1. e4 {A comment long enough to be wrapped at its spaces when the line gets' "$out"

expect "--to uci" "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6b8 d2d4 b8d7" \
  "$("$pgn" convert -q --to uci --skip-invalid "$work/in.pgn" 2>/dev/null)"
expect "--to fen lines" "21" "$("$pgn" convert -q --to fen --skip-invalid "$work/in.pgn" 2>/dev/null | wc -l)"
expect "--to epd first line" 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 0; fmvn 1; id "game 1 ply 1";' \
  "$("$pgn" convert -q --to epd "$work/in.pgn" 2>/dev/null | head -n 1)"
expect "--to lan" "1. e2-e4 \$1 {A comment long enough to be wrapped at its spaces when the line" \
  "$("$pgn" convert -q --to lan "$work/in.pgn" 2>/dev/null | sed -n '11p')"
out=$("$pgn" convert -q --to-lang ru --skip-invalid "$work/in.pgn" 2>/dev/null | sed -n '13p')
case $out in *"Кb1-d7"* | *"Кbd7"*) ;; *) fail "--to-lang ru: no Russian knight in '$out'" ;; esac

# Errors in the options.
"$pgn" convert --to xml "$work/in.pgn" >/dev/null 2>&1
expect "unknown format exits 2" 2 $?
"$pgn" convert --to-lang xx "$work/in.pgn" >/dev/null 2>&1
expect "unknown notation exits 2" 2 $?
"$pgn" convert --fen "$work/in.pgn" >/dev/null 2>&1
expect "--fen without json exits 2" 2 $?
"$pgn" convert --skip-invalid --truncate-invalid "$work/in.pgn" >/dev/null 2>&1
expect "--skip-invalid with --truncate-invalid exits 2" 2 $?

# -o: written whole through a temporary name; nothing left behind on failure.
"$pgn" convert -q "$work/in.pgn" -o "$work/out.pgn" 2>/dev/null
cmp -s "$work/out.pgn" <("$pgn" convert -q "$work/in.pgn" 2>/dev/null) || fail "-o differs from stdout"
"$pgn" convert -q "$work/in.pgn" -o "$work/missing/out.pgn" 2>/dev/null
expect "-o into a missing folder exits 2" 2 $?
[ -z "$(ls "$work" | grep tmp-)" ] || fail "-o left a temporary file"

# Same output whatever the number of threads.
big=$shared/corpora/real/lichess_db_1000k.pgn
# -o of more than the 16 MB after which the written part is handed to the disk: the same file.
for i in $(seq 40); do cat "$big"; done >"$work/many.pgn"
"$pgn" convert -q "$work/many.pgn" -o "$work/many-out.pgn" 2>/dev/null
cmp -s "$work/many-out.pgn" <("$pgn" convert -q "$work/many.pgn" 2>/dev/null) ||
  fail "-o of a large output differs from stdout"
[ "$(stat -c %s "$work/many-out.pgn")" -gt $((32 << 20)) ] || fail "the large output is too small"
rm -f "$work/many.pgn" "$work/many-out.pgn"
cmp -s <("$pgn" convert -q --threads 1 "$big" 2>/dev/null) <("$pgn" convert -q --threads 2 "$big" 2>/dev/null) ||
  fail "--threads 1 and --threads 2 differ"

# A reader that closes early ends the run quietly.
for _ in 1 2 3 4 5 6 7 8; do cat "$big"; done >"$work/big.pgn"
"$pgn" convert "$work/big.pgn" 2>"$work/err" | head -n 1 >/dev/null
rc=${PIPESTATUS[0]}
expect "closed stdout: exit status" 0 "$rc"
expect "closed stdout: nothing on stderr" "" "$(cat "$work/err")"

# JSON input: lichess NDJSON on stdin, detected by content.
printf '%s\n' '{"id":"abc","rated":true,"speed":"blitz","createdAt":1514505150384,"status":"mate","winner":"white","players":{"white":{"user":{"name":"W"},"rating":2000},"black":{"user":{"name":"B"},"rating":1900}},"moves":"e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#","clock":{"initial":180,"increment":0}}' |
  "$pgn" convert -q --to uci - >"$work/lichess.uci" 2>"$work/err"
expect "lichess NDJSON" "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7" "$(cat "$work/lichess.uci")"
expect "lichess NDJSON: no problems" "" "$(cat "$work/err")"
printf '[{"moves": [' >"$work/bad.json"
"$pgn" convert -q "$work/bad.json" >/dev/null 2>"$work/err"
expect "malformed JSON exits 2" 2 $?
grep -q "JSON record 1" "$work/err" || fail "malformed JSON: no message naming the record"

finish "all convert option tests passed"
