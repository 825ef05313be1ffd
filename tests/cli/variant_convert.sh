#!/usr/bin/env bash
# Variant games through every command: validate in each report format names the variant,
# convert writes PGN, JSON (with the variant), UCI and LAN drops, FEN and EPD with pockets and
# check counters, Russian with its own drop letters; PGN -> JSON -> PGN and PGN -> Russian ->
# PGN give back the same PGN.
# Arguments: pgn binary, repository dir, shared dir.
set -u
pgn=$1
source "$(dirname "$0")/lib/common.sh"

cat >"$work/games.pgn" <<'EOF'
[Event "zh"]
[Site "?"]
[Date "2024.01.01"]
[Round "1"]
[White "a"]
[Black "b"]
[Result "*"]
[Variant "Crazyhouse"]

1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 P@e4 5. Nxe4 *

[Event "anti"]
[Site "?"]
[Date "2024.01.01"]
[Round "2"]
[White "a"]
[Black "b"]
[Result "1-0"]
[FEN "8/4P3/8/8/8/8/6k1/8 w - - 0 1"]
[SetUp "1"]
[Variant "Antichess"]

1. e8=K Kf3 2. Kd7 Ke4 3. Kd6 Kd4 4. Kd5 Kxd5# 1-0

[Event "3check"]
[Site "?"]
[Date "2024.01.01"]
[Round "3"]
[White "a"]
[Black "b"]
[Result "1-0"]
[Variant "Three-check"]

1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5# 1-0

EOF

# validate: clean, and the listing names each game's variant in every format.
text=$("$pgn" validate -q --list-games "$work/games.pgn")
expect "text listing" "$work/games.pgn: game 1: Crazyhouse, notation en, 9 plies, result *, 0 errors, 0 warnings
$work/games.pgn: game 2: Antichess, notation en, 8 plies, result 1-0, 0 errors, 0 warnings
$work/games.pgn: game 3: Three-check, notation en, 9 plies, result 1-0, 0 errors, 0 warnings" "$text"
jsonl=$("$pgn" validate -q -f jsonl --list-games "$work/games.pgn" | grep -o '"variant":"[^"]*"' | tr '\n' ' ')
expect "jsonl listing" '"variant":"Crazyhouse" "variant":"Antichess" "variant":"Three-check" ' "$jsonl"
json=$("$pgn" validate -q -f json --list-games "$work/games.pgn" | grep -c '"variant":"')
expect "json listing" 3 "$json"

# convert: PGN is the input (canonical already, with the signs lichess writes).
"$pgn" convert -q "$work/games.pgn" -o "$work/out.pgn"
expect "pgn round trip" "$(cat "$work/games.pgn")" "$(cat "$work/out.pgn")"
# JSON carries the variant and comes back to the same PGN.
"$pgn" convert -q -t json "$work/games.pgn" -o "$work/out.json"
expect "json variants" '"variant":"Crazyhouse" "variant":"Antichess" "variant":"Three-check" ' \
  "$(grep -o '"variant":"[^"]*"' "$work/out.json" | tr '\n' ' ')"
python3 - "$2/docs/json-schema.json" "$work/out.json" <<'PY' || fail "variant records against docs/json-schema.json"
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
for record in json.load(open(sys.argv[2])):
    jsonschema.validate(record, schema)
PY
"$pgn" convert -q "$work/out.json" -o "$work/back.pgn"
expect "pgn -> json -> pgn" "$(cat "$work/out.pgn")" "$(cat "$work/back.pgn")"
# Russian: drops and the king promotion with the Russian letters, and back.
expect "russian" "1. e4 d5 2. e:d5 Ф:d5 3. Кc3 Фa5 4. п@d5 п@e4 5. К:e4 *
1. e8Кр Крf3 2. Крd7 Крe4 3. Крd6 Крd4 4. Крd5 Кр:d5# 1:0
1. e4 e5 2. Сc4 Кc6 3. С:f7+ Кр:f7 4. Фh5+ Крe7 5. Ф:e5# 1:0" \
  "$("$pgn" convert -q --to-lang ru "$work/games.pgn" -o "$work/ru.pgn" && grep '^1\.' "$work/ru.pgn")"
"$pgn" convert -q "$work/ru.pgn" -o "$work/ru-back.pgn"
expect "pgn -> ru -> pgn" "$(cat "$work/out.pgn")" "$(cat "$work/ru-back.pgn")"
# UCI and LAN write drops as P@d5, the antichess king promotion as e7e8k / e7-e8=K.
expect "uci" "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 P@d5 P@e4 c3e4
e7e8k g2f3 e8d7 f3e4 d7d6 e4d4 d6d5 d4d5
e2e4 e7e5 f1c4 b8c6 c4f7 e8f7 d1h5 f7e7 h5e5" "$("$pgn" convert -q -t uci "$work/games.pgn")"
expect "lan" "1. e2-e4 d7-d5 2. e4xd5 Qd8xd5 3. Nb1-c3 Qd5-a5 4. P@d5 P@e4 5. Nc3xe4 *
1. e7-e8=K Kg2-f3 2. Ke8-d7 Kf3-e4 3. Kd7-d6 Ke4-d4 4. Kd6-d5 Kd4xd5# 1-0
1. e2-e4 e7-e5 2. Bf1-c4 Nb8-c6 3. Bc4xf7+ Ke8xf7 4. Qd1-h5+ Kf7-e7 5. Qh5xe5#" \
  "$("$pgn" convert -q -t lan "$work/games.pgn" | grep '^1\.')"
# FEN and EPD: pockets and check counters as lichess writes them (the final positions).
expect "fen" "rnb1kbnr/ppp1pppp/8/q2P4/4N3/8/PPPP1PPP/R1BQKBNR[P] b KQkq - 0 5
8/8/8/3k4/8/8/8/8 w - - 0 5
r1bq1bnr/ppppk1pp/2n5/4Q3/4P3/8/PPPP1PPP/RNB1K1NR b KQ - 0 5 +3+0" \
  "$("$pgn" convert -q -t fen "$work/games.pgn" | grep -v '^$' | sed -n '9p;17p;26p')"
expect "epd" "rnb1kbnr/ppp1pppp/8/q2P4/4N3/8/PPPP1PPP/R1BQKBNR[P] b KQkq -" \
  "$("$pgn" convert -q -t epd "$work/games.pgn" | sed -n 9p | cut -d' ' -f1-4)"

# dedupe and select replay variant records by their rules (a drop played as a standard move
# once crashed dedupe).
expect "dedupe" "6 games: 3 written, 3 duplicates (3 exact)" \
  "$("$pgn" dedupe "$work/games.pgn" "$work/games.pgn" -o "$work/once.pgn" 2>&1 | tail -1 | sed 's/; [0-9.]* s$//')"
expect "select --valid" 3 "$("$pgn" select -q --valid "$work/games.pgn" | grep -c '^\[Event')"

# A drop in a game without a Variant tag is an illegal move that says why.
printf '1. e4 d5 2. exd5 Qxd5 3. N@f3 *\n' >"$work/drop.pgn"
expect "drop in a standard game" \
  'illegal-move: illegal move 3.N@f3: drops exist only in crazyhouse, and the game is played by standard rules: is this crazyhouse? use --variant crazyhouse' \
  "$("$pgn" validate -q -f jsonl "$work/drop.pgn" | python3 -c 'import json,sys; r=json.loads(sys.stdin.readline()); print(r["code"] + ": " + r["message"])')"

finish "variant convert: all checks passed"
