"""Bughouse records (BPGN) read through the module: the variant, four players, each move with
its board, and the same verdicts as `pgn validate`."""

import json
from pathlib import Path

import libpgn
import pytest

from conftest import cli, cli_validate, corpus


def test_bughouse_records_are_read_with_their_boards():
    path = corpus("bughouse/fics-2001-jchess.bpgn")
    games = list(libpgn.read_games(path))
    assert [g.variant for g in games] == ["bughouse", "bughouse"]
    first = games[0]
    assert first.tags["BlackB"] == "LinusO"
    assert first.valid
    # Each move is "<board>:<SAN>", the board's letter in the case of the side that moved.
    assert first.moves[:6] == ["A:e4", "a:e6", "B:e4", "b:e6", "A:d4", "a:Nc6"]
    assert "a:P@d4" in first.moves
    assert len(first.moves) == first.plies == 86


def test_bughouse_data_frame_white_and_black_are_the_teams():
    # A match names four players: White is the team 1-0 scores for (WhiteA and BlackB), as in
    # `pgn convert --to csv`; other games keep their players.
    path = Path(__file__).resolve().parents[2] / "corpora/bughouse/bughouse-pro.bpgn"
    frame = libpgn.to_dataframe(str(path), ["White", "Black", "WhiteA"])
    assert list(frame["White"])[:1] == ["Alice & Dave"]
    assert list(frame["Black"])[:1] == ["Bob & Charlie"]
    assert list(frame["WhiteA"])[:1] == ["Alice"]
    rows = cli("convert", "-q", "--to", "csv", "--columns", "White,Black", str(path)).decode().split("\r\n")
    assert rows[1:1 + len(frame)] == [f"{w},{b}" for w, b in zip(frame["White"], frame["Black"])]


def test_bughouse_verdicts_are_the_command_lines():
    path = corpus("bughouse/fics-bughouse-db-64.bpgn")
    games = list(libpgn.read_games(path))
    _, summary = cli_validate(path)
    assert len(games) == summary["games"] == 64
    assert sum(g.valid for g in games) == summary["games_valid"] == 63
    assert not games[23].valid  # the record that starts mid-game
    assert [p.code for p in games[23].problems if p.severity == "error"] == ["illegal-move"]


def board_letter(move):
    """The board's letter in the case of the side that moved, as in Game.moves."""
    return move["board"] if move["side"] == "white" else move["board"].lower()


def holdings(fen):
    return fen[fen.index("[") : fen.index("]") + 1]


@pytest.mark.parametrize(
    "name",
    ["fics-2001-jchess.bpgn", "fics-bughouse-db-64.bpgn", "bughouse-pro.bpgn", "hivemind-selfplay.bpgn"],
)
def test_bughouse_uci_fens_and_clocks_are_the_command_lines(name):
    # The command line's JSON (--fen: both pockets and the moved board's FEN after each move)
    # and its `--to fen` (both boards after the last move) are the reference.
    path = corpus("bughouse/" + name)
    records = [json.loads(line) for line in cli("convert", "--to", "jsonl", "--fen", path).splitlines()]
    final_fens = cli("convert", "--to", "fen", path).decode().splitlines()
    assert len(records) == len(final_fens) > 0
    games = iter(libpgn.read_games(path))
    for record, final_fen in zip(records, final_fens):
        # Matches whose rules are not replayed (bughouse.pro's variations) are not written.
        game = next(g for g in games if g.tags == record["tags"])
        moves = record["moves"]
        assert game.uci() == [board_letter(m) + ":" + m["uci"] for m in moves]
        assert game.fen_at(0) == record["start"]
        assert game.fen_at(-1) == record["fen"] == final_fen
        assert game.clocks == [m.get("clock") for m in moves]
        for ply, move in enumerate(moves, 1):
            board_a, board_b = game.fen_at(ply).split(" | ")
            assert (board_a if move["board"] == "A" else board_b) == move["fen"]
            assert [holdings(board_a), holdings(board_b)] == [move["pockets"]["A"], move["pockets"]["B"]]


@pytest.mark.parametrize("to", ["pgn", "jsonl", "json", "fen", "uci", "csv"])
def test_bughouse_convert_is_the_cli_output(to):
    # One conversion run for both: a match goes through the bughouse writers (BPGN, both
    # boards' FEN, the JSON of a match), not the one-board record's.
    path = str(Path(__file__).resolve().parents[2] / "corpora/bughouse/fics-2001.bpgn")
    assert libpgn.convert(path, to=to) == cli("convert", "-q", "--to", to, path).decode()
