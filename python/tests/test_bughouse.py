"""Bughouse records (BPGN) read through the module: the variant, four players, each move with
its board, and the same verdicts as `pgn validate`."""

import libpgn

from conftest import cli_validate, corpus


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


def test_bughouse_verdicts_are_the_command_lines():
    path = corpus("bughouse/fics-bughouse-db-64.bpgn")
    games = list(libpgn.read_games(path))
    _, summary = cli_validate(path)
    assert len(games) == summary["games"] == 64
    assert sum(g.valid for g in games) == summary["games_valid"] == 63
    assert not games[23].valid  # the record that starts mid-game
    assert [p.code for p in games[23].problems if p.severity == "error"] == ["illegal-move"]
