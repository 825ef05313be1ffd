"""libpgn.__version__, Position under every variant, the parts of partial dates in
to_dataframe, and read_games(..., progress=True) with and without tqdm."""

import re
import sys
import types
from pathlib import Path

import pytest

import libpgn
from conftest import cli, corpus

SOURCE = Path(__file__).resolve().parents[2]
VARIANTS = ["standard", "chess960", "antichess", "atomic", "crazyhouse", "horde",
            "king-of-the-hill", "racing-kings", "three-check"]


def test_version_is_the_project_version():
    project = re.search(r"project\(libpgn VERSION ([0-9.]+)", (SOURCE / "CMakeLists.txt").read_text())
    assert libpgn.__version__ == project.group(1)
    assert cli("--version").decode().split()[-1] == libpgn.__version__


@pytest.mark.parametrize("variant", VARIANTS)
def test_position_of_every_variant_counts_as_perft_does(variant):
    position = libpgn.Position(variant=variant)
    assert position.variant == variant
    assert libpgn.Position(position.fen(), variant=variant).fen() == position.fen()
    for depth in (1, 2):
        counted = cli("perft", "--variant", variant, str(depth)).decode()
        assert position.perft(depth) == int(counted.split()[-1]), counted
    assert len(position.legal_moves) == position.perft(1)
    assert len(position.legal_san()) == position.perft(1)


def test_crazyhouse_fen_at_reads_back_with_its_pockets():
    path = corpus("variants/python-chess/saturs-jannlee-zh-lichess.pgn")
    checked = 0
    for game in libpgn.read_games(path):
        if game.variant != "crazyhouse" or not game.valid:
            continue
        position = libpgn.Position(variant="crazyhouse")
        for ply, (san, uci) in enumerate(zip(game.moves, game.uci()), 1):
            fen = game.fen_at(ply)
            assert position.push_san(san) == uci
            assert position.fen() == fen
            again = libpgn.Position(fen, variant="crazyhouse")
            assert again.fen() == fen
            assert sorted(again.legal_moves) == sorted(position.legal_moves)
            checked += "[" in fen and "[]" not in fen  # a pocket with pieces in it
        assert any("@" in san for san in game.moves)
    assert checked > 0


def test_crazyhouse_drops_are_played_and_taken_back():
    position = libpgn.Position(variant="crazyhouse")
    for san in ["e4", "d5", "exd5", "Qxd5"]:
        position.push_san(san)
    before = position.fen()
    assert before.startswith("rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w")
    assert "P@e2" in position.legal_san()
    assert position.push_san("P@e2") == "P@e2"
    assert "[p]" in position.fen()
    assert position.pop() == "P@e2"
    assert position.fen() == before
    with pytest.raises(libpgn.FenError):
        libpgn.Position("8/8/8/8/8/8/8/8 w - - 0 1", variant="crazyhouse")
    with pytest.raises(ValueError):
        libpgn.Position(variant="no-such-variant")


def test_variant_ends_are_the_variants():
    atomic = libpgn.Position(variant="atomic")
    for san in ["e4", "f5", "Qh5", "g6"]:
        atomic.push_san(san)
    assert atomic.outcome() is None
    three = libpgn.Position("4k3/8/8/8/8/8/8/4KQ2 w - - 0 1 +2+0", variant="three-check")
    three.push_san("Qf7+")
    assert three.outcome() == ("1-0", "third-check")
    assert not three.is_checkmate()
    hill = libpgn.Position("4k3/8/8/8/8/8/3K4/8 w - - 0 1", variant="king-of-the-hill")
    hill.push_san("Kd3")
    assert hill.outcome() is None
    hill.push_san("Ke7")
    hill.push_san("Kd4")
    assert hill.outcome()[0] == "1-0"
    standard = libpgn.Position()
    for san in ["f3", "e5", "g4", "Qh4#"]:
        standard.push_san(san)
    assert standard.is_checkmate() and standard.outcome() == ("0-1", "checkmate")


PARTIAL_DATES = b"""[Event "a"]\n[Date "1922.??.??"]\n\n1. e4 *\n
[Event "b"]\n[Date "2012.06.??"]\n\n1. e4 *\n
[Event "c"]\n[Date "2012.06.20"]\n\n1. e4 *\n
[Event "d"]\n[Date "????.??.??"]\n\n1. e4 *\n
[Event "e"]\n\n1. e4 *\n
[Event "f"]\n[Date "2013.02.30"]\n\n1. e4 *\n"""


def test_dataframe_keeps_the_known_parts_of_partial_dates():
    import datetime

    import pandas as pd

    frame = libpgn.to_dataframe(PARTIAL_DATES, ["Event", "Date"], threads=1)
    assert list(frame["Event"]) == list("abcdef")
    assert frame["Date_year"].dtype == "Int64"

    def values(column):
        return [None if pd.isna(v) else int(v) for v in frame[column]]

    # 2013.02.30 is no date (the tags layer's one rule, which validate reports): no part of it.
    assert values("Date_year") == [1922, 2012, 2012, None, None, None]
    assert values("Date_month") == [None, 6, 6, None, None, None]
    assert values("Date_day") == [None, None, 20, None, None, None]
    # The date itself only when it is whole and exists.
    assert frame["Date"][2] == datetime.date(2012, 6, 20)
    assert [pd.isna(frame["Date"][i]) for i in (0, 1, 3, 4, 5)] == [True] * 5
    # Masters' databases: years alone are common, and a year is what a plot needs.
    assert frame.groupby("Date_year").size().to_dict() == {1922: 1, 2012: 2}


def test_dask_frames_have_the_date_parts_too(tmp_path):
    pytest.importorskip("dask")
    import libpgn.dask

    path = tmp_path / "dates.pgn"
    path.write_bytes(PARTIAL_DATES)
    frame = libpgn.dask.to_dataframe([str(path)], ["Date"]).compute()
    assert list(frame["Date_year"].astype("float").fillna(0)) == [1922, 2012, 2012, 0, 0, 0]


def _hide_tqdm(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)


def test_progress_without_tqdm_is_quiet_and_changes_nothing(monkeypatch, capsys):
    _hide_tqdm(monkeypatch)
    path = corpus("real/twic0920.pgn")
    expected = [g.tags.get("White") for g in libpgn.read_games(path, threads=1)]
    games = libpgn.read_games(path, threads=1, progress=True)
    assert isinstance(games, libpgn.GameIterator)
    assert [g.tags.get("White") for g in games] == expected
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out == ""


class _FakeBar:
    made = []

    def __init__(self, total=None, unit="it", unit_scale=False):
        self.total, self.unit, self.n, self.closed = total, unit, 0, False
        _FakeBar.made.append(self)

    def update(self, n):
        assert n >= 0
        self.n += n

    def close(self):
        self.closed = True


def _fake_tqdm(monkeypatch):
    _FakeBar.made = []
    auto = types.ModuleType("tqdm.auto")
    auto.tqdm = _FakeBar
    package = types.ModuleType("tqdm")
    package.auto = auto
    monkeypatch.setitem(sys.modules, "tqdm", package)
    monkeypatch.setitem(sys.modules, "tqdm.auto", auto)


def test_progress_bar_follows_the_bytes_of_a_plain_file(monkeypatch):
    _fake_tqdm(monkeypatch)
    path = corpus("real/twic0920.pgn")
    size = Path(path).stat().st_size
    seen = []
    games = libpgn.read_games(path, threads=1, progress=True)
    for game in games:
        bar = _FakeBar.made[-1]
        assert bar.n == game.offset <= size
        seen.append(game.offset)
    (bar,) = _FakeBar.made
    assert bar.unit == "B" and bar.total == size and bar.n == size and bar.closed
    assert len(seen) == len(list(libpgn.read_games(path, threads=1)))


def test_progress_bar_counts_games_of_compressed_input(monkeypatch, tmp_path):
    import zlib

    _fake_tqdm(monkeypatch)
    compressor = zlib.compressobj(wbits=31)  # gzip
    data = compressor.compress(PARTIAL_DATES) + compressor.flush()
    with libpgn.read_games(data, progress=True) as games:
        assert len(list(games)) == 6
    (bar,) = _FakeBar.made
    assert bar.total is None and bar.n == 6 and bar.closed


def test_progress_bar_with_the_real_tqdm(capsys):
    pytest.importorskip("tqdm")
    games = list(libpgn.read_games(PARTIAL_DATES, progress=True))
    assert len(games) == 6
    assert "B" in capsys.readouterr().err  # tqdm draws on standard error


@pytest.mark.parametrize("relative", ["real/twic0920.pgn", "variants/python-chess/saturs-jannlee-zh-lichess.pgn"])
def test_convert_to_csv_is_the_cli_conversion(relative):
    path = corpus(relative)
    assert libpgn.convert(path, to="csv") == cli("convert", "-q", "--to", "csv", path).decode()
    with pytest.raises(ValueError, match="csv"):
        libpgn.convert(path, to="nosuch")
