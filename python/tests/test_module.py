"""The module against the pgn command line on real corpora."""

import bz2
import gzip
import io
import json
import re
from pathlib import Path

import pytest

import libpgn
from conftest import CORPORA, SHARED, cli, cli_validate, corpus

# Real files of every kind: clean TWIC and lichess, illegal moves, localized notations,
# FIDE tournament PGN with problems, and a zstd-compressed TCEC season.
VALIDATE_CORPORA = [
    "real/twic0920.pgn",
    "real/lichess_db_1000k.pgn",
    "edge/rust-pgn-reader/illegal.pgn",
    "edge/scalachess/FWWRC.pgn",
    "edge/pychess/eco_de.pgn",
    "edge/python-chess/immortal-games.pgn",
    "real/tcec/TCEC_Season_13_-_Superfinal.pgn.zst",
]


@pytest.mark.parametrize("relative", VALIDATE_CORPORA)
@pytest.mark.parametrize("threads", [1, 2])
def test_validate_reports_what_the_cli_reports(relative, threads):
    path = corpus(relative)
    problems, summary = cli_validate(path)
    run = libpgn.validate(path, threads=threads)
    assert [p.to_dict() for p in run] == problems
    mine = run.summary
    assert mine == summary


@pytest.mark.parametrize("relative", VALIDATE_CORPORA)
def test_games_are_the_cli_conversion(relative):
    path = corpus(relative)
    converted = [json.loads(line) for line in cli("convert", "-q", "--to", "jsonl", path).splitlines()]
    games = list(libpgn.read_games(path))
    assert len(games) == len(converted)
    checked = 0
    for game, record in zip(games, converted):
        assert game.tags == record["tags"]
        if not game.valid:
            continue  # passed on unchanged by convert
        assert game.moves == [m["san"] for m in record["moves"]]
        assert game.uci() == [m["uci"] for m in record["moves"]]
        checked += 1
    assert checked == sum(g.valid for g in games)


def test_whole_record_of_a_tiny_input_is_its_game():
    # A batch of a few bytes sat inside its string and moved away from the games' views: the
    # record made again read freed memory and was sometimes empty.
    for _ in range(50):
        game = next(libpgn.read_games(b"1. g1f3 e7e5  *", threads=1))
        assert game.moves == ["Nf3", "e5"]
        assert game.uci() == ["g1f3", "e7e5"]
        assert game.pgn().endswith("1. Nf3 e5 *\n\n")


VARIANT_FILES = sorted(str(p.relative_to(CORPORA)) for p in (CORPORA / "variants").rglob("*.pgn"))


@pytest.mark.parametrize("relative", VARIANT_FILES + ["real/twic0920.pgn"])
def test_positions_made_on_demand_are_the_cli_conversion(relative):
    # A game keeps no position per move: uci() and fen_at() replay its moves from the start,
    # under its variant's rules (Chess960 castling, drops, explosions, three-check counters),
    # and must give what `pgn convert --fen` writes from the whole record's replay. Drops
    # played by the standard rules crashed once.
    path = corpus(relative)
    out = cli("convert", "-q", "--to", "jsonl", "--fen", path)
    converted = [json.loads(line) for line in out.splitlines()]
    games = list(libpgn.read_games(path))
    assert len(games) == len(converted)
    checked = 0
    for game, record in zip(games, converted):
        if not game.valid or "moves" not in record:
            continue
        assert game.uci() == [m["uci"] for m in record["moves"]]
        assert game.fen_at(0) == record["start_fen"]
        fens = [game.fen_at(ply + 1) for ply in range(len(game.moves))]
        assert fens == [m["fen"] for m in record["moves"]]
        assert game.fen_at(-1) == game.fen_at(len(game.moves))
        # fen_at walks one cursor per game: backwards it starts again from the start.
        assert [game.fen_at(ply) for ply in range(len(game.moves), 0, -1)] == fens[::-1]
        checked += 1
    # Every valid game is checked (a file of rules libpgn does not play has none).
    assert checked == sum(g.valid for g in games)


@pytest.mark.parametrize(
    "relative", ["variants/pychess/zh.pgn", "variants/python-chess/saturs-jannlee-zh-lichess.pgn",
                 "real/twic0920.pgn"])
def test_variant_is_the_one_the_game_was_replayed_in(relative):
    path = corpus(relative)
    games = [json.loads(line) for line in cli("validate", "-q", "--format", "jsonl", "--list-games",
                                               path).splitlines()]
    expected = [(g.get("variant") or "standard").lower() for g in games if g.get("type") == "game"]
    assert [g.variant for g in libpgn.read_games(path)] == expected
    if relative.startswith("variants"):
        assert set(expected) == {"crazyhouse"}


def test_variant_is_the_replayed_one_not_the_tag_as_written(tmp_path):
    # lichess writes "From Position" for standard games from a FEN; other sites "Fischerandom".
    path = tmp_path / "variants.pgn"
    path.write_text(
        '[Variant "From Position"]\n[SetUp "1"]\n'
        '[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 Kd7 *\n\n'
        '[Variant "Crazy-House"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. P@e5 *\n\n'
        '[Variant "Fischerandom"]\n[SetUp "1"]\n'
        '[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]\n\n1. e4 e5 *\n')
    games = [json.loads(line) for line in cli("validate", "-q", "--format", "jsonl", "--list-games",
                                               str(path)).splitlines()]
    expected = [(g.get("variant") or "standard").lower() for g in games if g.get("type") == "game"]
    assert expected == ["standard", "crazyhouse", "chess960"]
    assert [g.variant for g in libpgn.read_games(str(path))] == expected


def test_variant_keyword_is_the_rules_of_untagged_games():
    # FICS exports crazyhouse without Variant tags: read, validate and convert take the rules.
    path = corpus("variants/pychess/zh2200plus.pgn")
    assert {g.variant for g in libpgn.read_games(path, variant="crazyhouse")} == {"crazyhouse"}
    assert sum(g.valid for g in libpgn.read_games(path, variant="crazyhouse")) == 1291
    assert sum(g.valid for g in libpgn.read_games(path)) == 6
    problems = libpgn.validate(path, variant="crazyhouse")
    assert list(problems) == []
    assert problems.summary["games_valid"] == 1291
    assert libpgn.convert(path, to="uci", variant="crazyhouse") == cli(
        "convert", "-q", "--to", "uci", "--variant", "crazyhouse", path).decode()
    with pytest.raises(ValueError, match="unknown variant 'shogi'"):
        libpgn.read_games(path, variant="shogi")


@pytest.mark.parametrize("to", ["pgn", "jsonl", "json", "uci", "fen"])
def test_convert_is_the_cli_output(to):
    path = corpus("edge/scalachess/FWWRC.pgn")
    assert libpgn.convert(path, to=to) == cli("convert", "-q", "--to", to, path).decode()


def test_convert_to_another_notation():
    path = corpus("real/twic0920.pgn")
    assert libpgn.convert(path, to="pgn", to_lang="de") == cli("convert", "-q", "--to-lang", "de", path).decode()


def test_pgn_of_a_game_is_its_normalized_text():
    path = corpus("real/twic0920.pgn")
    mine = "".join(g.pgn() for g in libpgn.read_games(path))
    assert mine == cli("convert", "-q", path).decode()


def test_fen_at_follows_the_cli_fen_output():
    path = corpus("real/twic0920.pgn")
    game = next(iter(libpgn.read_games(path)))
    fens = cli("convert", "-q", "--to", "fen", path).decode().split("\n\n")[0].splitlines()
    assert [game.fen_at(ply) for ply in range(1, len(game.moves) + 1)] == fens[-len(game.moves):]
    assert game.fen_at(0) == libpgn.Position().fen()
    with pytest.raises(IndexError):
        game.fen_at(len(game.moves) + 1)


def test_every_source_kind_gives_the_same_games():
    path = corpus("real/lichess_db_1000k.pgn")
    data = open(path, "rb").read()
    expected = [(g.offset, g.moves) for g in libpgn.read_games(path)]
    assert len(expected) == cli_validate(path)[1]["games"]
    for source in (data, bytearray(data), io.BytesIO(data), gzip.compress(data), io.BytesIO(bz2.compress(data))):
        assert [(g.offset, g.moves) for g in libpgn.read_games(source, threads=2)] == expected


def test_clocks_and_evals_are_the_comments_numbers():
    path = corpus("real/lichess_db_1000k.pgn")
    text = open(path, encoding="utf-8").read()
    clocks = evals = 0
    first = None
    for game in libpgn.read_games(path):
        assert len(game.clocks) == len(game.moves)
        clocks += sum(c is not None for c in game.clocks)
        evals += sum(e is not None for e in game.evals) + sum(m is not None for m in game.mates)
        if first is None and any(c is not None for c in game.clocks):
            first = game
    assert clocks == len(re.findall(r"\[%clk ", text))
    assert evals == len(re.findall(r"\[%eval ", text))
    h, m, s = re.search(r"\[%clk (\d+):(\d+):(\d+(?:\.\d+)?)\]", first.comments[0][1] if first.comments[0][0] else first.comments[1][1]).groups()
    assert first.clocks[0] == int(h) * 3600 + int(m) * 60 + float(s)


def test_lichess_clock_comments_read_by_the_games_as_by_the_cli(tmp_path):
    # read_games' workers keep no comments and pass over lichess's clock and
    # evaluation-and-clock comments at the brace, as `pgn validate` does: a game's problems
    # are still the CLI's (bad values warned of, near forms read in full), and its comments,
    # clocks and evaluations, read again from the text, are every one of them.
    comments = ["{ [%clk 0:05:00] }", "{ [%clk 0:65:00] }", "{ [%eval 0.17] [%clk 0:04:59] }",
                "{ [%eval 0.17] [%clk 0:05:60] }", "{ [%eval #-3] [%clk 0:04:58] }",
                "{ [%eval abc] [%clk 0:04:57] }", "{ [%clk 0:04:56] [%eval 0.2] }",
                "{  [%clk 0:04:55] }"]
    moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"]
    movetext = " ".join(f"{k // 2 + 1}{'.' if k % 2 == 0 else '...'} {m} {c}"
                        for k, (m, c) in enumerate(zip(moves, comments)))
    path = tmp_path / "clocks.pgn"
    path.write_text(f'[Event "e"]\n[Site "s"]\n[Result "*"]\n\n{movetext} *\n')
    problems, _ = cli_validate(str(path))
    (game,) = list(libpgn.read_games(str(path), threads=1))
    assert [p.to_dict() for p in game.problems] == problems
    assert sum(p["code"] == "bad-comment-command" for p in problems) >= 3
    assert game.moves == moves
    assert [c for _, c in game.comments] == [c[1:-1] for c in comments]
    assert game.clocks == [300.0, None, 299.0, None, 298.0, 297.0, 296.0, 295.0]
    assert game.evals[:3] == [None, None, 0.17] and game.mates[4] == -3


def test_to_dataframe_counts_the_cli_totals():
    path = corpus("edge/scalachess/FWWRC.pgn")
    _, summary = cli_validate(path)
    frame = libpgn.to_dataframe(path, ["White", "WhiteElo", "Date", "Round"])
    assert len(frame) == summary["games"]
    assert int(frame["valid"].sum()) == summary["games_valid"]
    assert int(frame["errors"].sum()) == summary["errors"]
    assert int(frame["warnings"].sum()) == summary["warnings"]
    assert str(frame["WhiteElo"].dtype) == "Int64"
    games = list(libpgn.read_games(path))
    assert frame["WhiteElo"].tolist()[0] == int(games[0].tags["WhiteElo"])
    assert str(frame["Date"].iloc[0]) == games[0].tags["Date"].replace(".", "-")
    assert frame["plies"].tolist() == [g.plies for g in games]


def test_errors_are_exceptions_with_code_and_place(tmp_path):
    with pytest.raises(libpgn.PgnError) as error:
        list(libpgn.read_games(str(tmp_path / "missing.pgn")))
    assert error.value.code == "io" and "missing.pgn" in str(error.value)
    data = open(corpus("real/tcec/TCEC_Season_13_-_Superfinal.pgn.zst"), "rb").read()
    cut = tmp_path / "cut.pgn.zst"
    cut.write_bytes(data[: len(data) // 2])
    games = []
    with pytest.raises(libpgn.PgnError) as error:
        for game in libpgn.read_games(str(cut)):
            games.append(game)
    assert games and "games before it were read" in str(error.value)
    problems, summary = cli_validate(str(cut), status=(2,))
    run = libpgn.validate(str(cut))
    assert [p.to_dict() for p in run] == problems and run.summary == summary
    with pytest.raises(TypeError):
        libpgn.read_games(42)
    with pytest.raises(TypeError):
        libpgn.read_games(io.StringIO("1. e4 *"))
    with pytest.raises(ValueError):
        libpgn.read_games(b"1. e4 *", lang="klingon")
    with pytest.raises(ValueError):
        libpgn.read_games(b"1. e4 *", threads=-1)
    with pytest.raises(ValueError):
        libpgn.convert(b"1. e4 *", to="docx")


def test_a_file_object_that_fails_does_not_crash():
    class Broken(io.RawIOBase):
        def readable(self):
            return True

        def read(self, size=-1):
            raise OSError("disk on fire")

    with pytest.raises(libpgn.PgnError) as error:
        list(libpgn.read_games(Broken()))
    assert "disk on fire" in str(error.value)


def test_abandoned_iterators_stop_cleanly():
    path = corpus("real/pgnmentor_Carlsen_Nakamura_Firouzja.pgn")
    for _ in range(5):
        it = libpgn.read_games(path, threads=2)
        next(it)
        del it
    with open(path, "rb") as f:
        it = libpgn.read_games(f)
        next(it)
        del it


def perft_cases():
    path = SHARED / "perft" / "tricky.perft"
    if not path.exists():
        return []
    cases, fen = [], None
    for line in path.read_text().splitlines():
        if line.startswith("epd "):
            fen = line[4:] + " 0 1"
        elif line.startswith("perft ") and fen:
            depth, nodes = map(int, line.split()[1:])
            if nodes < 3_000_000:
                cases.append((fen, depth, nodes))
    return cases


@pytest.mark.parametrize("fen,depth,nodes", perft_cases())
def test_position_perft_is_the_published_count(fen, depth, nodes):
    try:
        position = libpgn.Position(fen)
    except libpgn.FenError as error:
        assert error.code == "fen-castling"  # Chess960 castling rights
        position = libpgn.Position(fen, chess960=True)
    assert position.perft(depth) == nodes
    if depth == 1:
        assert len(position.legal_moves) == nodes


def test_position_plays_and_reports():
    p = libpgn.Position()
    for san in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]:
        p.push_san(san)
    assert p.san("h5f7") == "Qxf7#"
    assert p.push_san("Qxf7#") == "h5f7"
    assert p.is_checkmate() and p.is_check() and not p.is_stalemate()
    assert p.fen() == "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
    assert p.pop() == "h5f7" and not p.is_checkmate()
    with pytest.raises(libpgn.IllegalMoveError) as error:
        p.push_san("Ke3")
    assert error.value.code == "illegal-move"
    with pytest.raises(libpgn.FenError) as error:
        libpgn.Position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1")
    assert error.value.code == "fen-en-passant"
    assert libpgn.Position("8/8/8/8/8/8/8/K1k5 w - - 0 1").is_insufficient_material()


def test_memory_stays_flat_while_iterating():
    """200 MB of games from a stream that makes them on the fly: the peak memory of the process
    grows by far less than what was read."""
    import resource

    data = open(corpus("real/lichess_db_1000k.pgn"), "rb").read()

    class Repeated(io.RawIOBase):
        def __init__(self, times):
            self.left, self.position = times, 0

        def readable(self):
            return True

        def read(self, size=-1):
            if self.position == len(data):
                self.left, self.position = self.left - 1, 0
            if self.left == 0:
                return b""
            chunk = data[self.position:self.position + size]
            self.position += len(chunk)
            return chunk

    def peak_mb():
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    games = sum(1 for _ in libpgn.read_games(Repeated(2), threads=2))  # warm up the buffers
    before = peak_mb()
    count = sum(len(g.moves) >= 0 for g in libpgn.read_games(Repeated(200), threads=2))
    assert count == 100 * games
    assert peak_mb() - before < 40


@pytest.mark.parametrize("options,flags", [
    ({"ignore": ["missing-tag", "check-suffix"]}, ["--ignore", "missing-tag", "--ignore", "check-suffix"]),
    ({"min_severity": "error"}, ["--min-severity", "error"]),
    ({"strict": True, "tag_checks": False}, ["--strict", "--no-tag-checks"]),
    ({"check_suffixes": False}, ["--no-check-suffixes"]),
])
@pytest.mark.parametrize("relative", ["edge/scalachess/FWWRC.pgn", "edge/rust-pgn-reader/illegal.pgn"])
def test_validate_filters_are_the_clis(relative, options, flags):
    path = corpus(relative)
    problems, summary = cli_validate(*flags, path)
    run = libpgn.validate(path, **options)
    assert [p.to_dict() for p in run] == problems
    assert run.summary == summary
    with pytest.raises(ValueError):
        libpgn.validate(path, ignore=["no-such-code"])
    with pytest.raises(ValueError):
        libpgn.validate(path, min_severity="info")


def json_inputs(tmp_path):
    """JSON Lines made by `pgn convert --to jsonl` from real games, with a record that cannot
    be read and one whose moves are illegal; and a JSON array of records."""
    lines = cli("convert", "-q", "--to", "jsonl", corpus("edge/scalachess/FWWRC.pgn")).splitlines()
    lines.insert(3, b'{"tags":{"Event":"broken"}, "moves": [1, }')
    lines.insert(7, b'{"moves":"e4 e5 Ke3","status":"started"}')
    ndjson = tmp_path / "games.ndjson"
    ndjson.write_bytes(b"\n".join(lines) + b"\n")
    array = tmp_path / "games.json"
    array.write_bytes(b"[\n" + b",\n".join(lines[:20]) + b"\n]\n")
    return [ndjson, array]


def test_json_records_are_read_as_the_cli_reads_them(tmp_path):
    for path in json_inputs(tmp_path):
        problems, summary = cli_validate(str(path))
        assert summary["games_with_errors"] >= 2
        run = libpgn.validate(str(path))
        assert [p.to_dict() for p in run] == problems
        assert run.summary == summary
        # From bytes and a file object too (the format is found by content).
        data = path.read_bytes()
        assert libpgn.validate(data).summary == summary
        assert libpgn.validate(io.BytesIO(data)).summary == summary
        # Every record that could be read is a game, with the moves the CLI converts it to.
        games = list(libpgn.read_games(str(path)))
        assert len(games) == summary["games"] - summary["problems_by_code"].get("syntax", 0)
        converted = [json.loads(line) for line in cli("convert", "-q", "--to", "jsonl", str(path)).splitlines()]
        assert [g.tags for g in games] == [r["tags"] for r in converted]
        for game, record in zip(games, converted):
            if game.valid:
                assert game.moves == [m["san"] for m in record["moves"]]


def test_date_column_and_validate_have_one_rule(tmp_path):
    """A date is a day of the calendar for the date column and for validate alike: 2023.02.30
    and 2023.02.29 are neither (validate took any day up to 31), 2024.02.29 is a leap day."""
    import datetime

    import pandas as pd

    dates = ["2023.02.30", "2023.02.29", "1900.02.29", "2024.02.29", "2000.02.29", "2023.04.30"]
    path = tmp_path / "dates.pgn"
    path.write_text("".join(
        f'[Event "e"]\n[Site "s"]\n[Date "{d}"]\n[Round "1"]\n[White "W"]\n[Black "B"]\n'
        f'[Result "*"]\n\n1. e4 *\n\n' for d in dates))
    frame = libpgn.to_dataframe(str(path), ["Date"])
    problems, _ = cli_validate(str(path))
    rejected = {p["game"] for p in problems if p["code"] == "bad-tag"}
    for game, (value, cell) in enumerate(zip(dates, frame["Date"]), start=1):
        real = value not in ("2023.02.30", "2023.02.29", "1900.02.29")
        expected = datetime.datetime.strptime(value, "%Y.%m.%d").date() if real else None
        assert (None if pd.isna(cell) else cell) == expected, value
        assert (game not in rejected) == real, value
        # The parts of a date are read by the same rule: a day that does not exist has none.
        parts = [frame[f"Date_{p}"][game - 1] for p in ("year", "month", "day")]
        assert [None if pd.isna(n) else int(n) for n in parts] == (
            [expected.year, expected.month, expected.day] if real else [None] * 3), value


@pytest.mark.parametrize("relative", ["real/twic0920.pgn", "real/lichess_db_1000k.pgn", "edge/scalachess/FWWRC.pgn"])
def test_dataframe_columns_are_the_tags_typed(relative):
    """Every typed cell against the game's tag, read through read_games: integers where the
    tag is one, dates where the tag is a whole date, else missing; texts as they are."""
    import datetime

    import pandas as pd

    path = corpus(relative)
    columns = ["White", "WhiteElo", "BlackRatingDiff", "Date", "UTCDate", "Termination", "ECO"]
    frame = libpgn.to_dataframe(path, columns)
    games = list(libpgn.read_games(path))
    assert len(frame) == len(games)

    def integer(value):
        return int(value) if value is not None and re.fullmatch(r"[+-]?\d+", value.strip()) else None

    def date(value):
        try:
            return datetime.datetime.strptime(value, "%Y.%m.%d").date() if value and len(value) == 10 else None
        except ValueError:
            return None

    for row, game in zip(frame.itertuples(index=False), games):
        tags = game.tags
        for name in ("WhiteElo", "BlackRatingDiff"):
            cell = getattr(row, name)
            assert (None if pd.isna(cell) else int(cell)) == integer(tags.get(name))
        for name in ("Date", "UTCDate"):
            cell = getattr(row, name)
            assert (None if pd.isna(cell) else cell) == date(tags.get(name))
        for name in ("White", "ECO"):
            cell = getattr(row, name)
            assert (None if pd.isna(cell) else cell) == tags.get(name)
        assert (None if pd.isna(row.termination) else row.termination) == tags.get("Termination")
        assert row.result == game.result and row.plies == game.plies and row.valid == game.valid
        assert row.offset == game.offset and row.notation == game.notation


def test_encoding_is_detected_or_forced():
    # A Russian scoresheet saved in Windows-1251: detected by content, or read as forced.
    original = (Path(__file__).resolve().parents[2] / "corpora/localized/ru-scoresheet.pgn")
    legacy = original.read_text(encoding="utf-8").encode("cp1251")
    games = list(libpgn.read_games(legacy))
    assert games[0].tags["White"] == "Карпов, Анатолий"
    assert [g.tags for g in games] == [g.tags for g in libpgn.read_games(original.read_bytes())]
    forced = list(libpgn.read_games(legacy, encoding="cp866"))
    assert forced[0].tags["White"] == "Карпов, Анатолий".encode("cp1251").decode("cp866")
    messages = [p.message for p in libpgn.validate(legacy, encoding="windows-1251")]
    assert messages == ["the game was read as Windows-1251 (--encoding)"] * 2
    assert libpgn.convert(legacy, encoding="cp1251") == libpgn.convert(original.read_bytes())
    frame = libpgn.to_dataframe(legacy, columns=["White"], encoding="cp866")
    assert list(frame["White"]) == [g.tags["White"] for g in forced]
    with pytest.raises(ValueError, match="unknown encoding 'nonsense'"):
        libpgn.read_games(legacy, encoding="nonsense")


def test_emts_are_the_seconds_each_ply_took():
    text = (
        '[Event "e"]\n[Result "*"]\n\n'
        "1. e4 { [%emt 0:00:07] [%clk 0:04:53] } 1... e5 2. Nf3 { [%emt 0:01:02.5] } *\n"
    )
    (game,) = list(libpgn.read_games(text.encode()))
    assert game.emts == [7.0, None, 62.5]
    assert game.clocks == [293.0, None, None]


def test_plies_count_the_moves_replayed_past_a_null_move():
    # The moves stop at a null move (an error in the main line, allowed in a variation); the
    # plies count every main-line move replayed, as `pgn validate` does, in the games and in
    # to_dataframe.
    text = (b'[Event "n"]\n\n1. e4 e5 2. Nf3 Z0 3. Bc4 Nf6 *\n\n'
            b'[Event "v"]\n\n1. e4 (1. d4 --) e5 *\n\n[Event "m"]\n\n1. d4 d5 *\n')
    games = list(libpgn.read_games(text))
    assert [len(g.moves) for g in games] == [3, 1, 2]
    assert [g.plies for g in games] == [6, 2, 2]
    assert [g.to_dict()["plies"] for g in games] == [6, 2, 2]
    assert [g.valid for g in games] == [False, True, True]
    assert list(libpgn.to_dataframe(text)["plies"]) == [6, 2, 2]
