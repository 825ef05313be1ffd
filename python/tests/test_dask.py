"""libpgn.dask on a two-process LocalCluster against one run of the pgn command line."""

import os
import shutil
import subprocess

import dask
import pytest

import libpgn
import libpgn.dask
from conftest import cli_validate, corpus

distributed = pytest.importorskip("distributed")

SOURCES = [
    "real/twic0920.pgn",
    "edge/scalachess/FWWRC.pgn",
    "edge/rust-pgn-reader/illegal.pgn",
    "real/lichess_db_1000k.pgn",
    "edge/pychess/eco_de.pgn",
]
GAMES_PER_FILE = 400
BLOCKSIZE = 50_000


@pytest.fixture(scope="module")
def many_files(tmp_path_factory):
    """The corpora cut into files of a few hundred games (at game starts, so that the files
    hold the same games), plus a compressed file."""
    folder = tmp_path_factory.mktemp("cut")
    paths = []
    for relative in SOURCES:
        path = corpus(relative)
        data = open(path, "rb").read()
        starts = [g.offset for g in libpgn.read_games(path)][::GAMES_PER_FILE] + [len(data)]
        starts[0] = 0
        for i, (a, b) in enumerate(zip(starts, starts[1:])):
            out = folder / f"{relative.replace('/', '_')}.{i:03}.pgn"
            out.write_bytes(data[a:b])
            paths.append(str(out))
    zst = folder / "tcec.pgn.zst"
    shutil.copy(corpus("real/tcec/TCEC_Season_13_-_Superfinal.pgn.zst"), zst)
    paths.append(str(zst))
    paths.append(multi_frame_zstd(folder, corpus("real/lichess_db_1000k.pgn")))
    return paths


def multi_frame_zstd(folder, path, frame_bytes=100_000):
    """`path` compressed as frames of `frame_bytes` of its text each (cut wherever that falls,
    mostly inside games), as concatenated `zstd -c` outputs are."""
    zstd = shutil.which("zstd")
    if zstd is None:
        pytest.skip("no zstd command (tools/install-deps installs it)")
    data = open(path, "rb").read()
    out = folder / (os.path.basename(path) + ".frames.zst")
    with open(out, "wb") as f:
        for at in range(0, len(data), frame_bytes):
            f.write(subprocess.run([zstd, "-q", "-c"], input=data[at:at + frame_bytes],
                                   capture_output=True, check=True).stdout)
    return str(out)


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as c:
            yield c


def test_cuts_fall_inside_games_and_lose_none(many_files):
    parts = libpgn.dask.partitions(many_files, BLOCKSIZE)
    ranged = [p for p in parts if p.byte_range is not None]
    assert len(ranged) > 2 * len(many_files) - 2
    # A zstd file of one frame is one partition.
    assert [p.byte_range[:2] for p in parts if p.path == many_files[-2]] == [(0, 1 << 62)]
    for path in many_files[:-2]:
        games = list(libpgn.read_games(path))
        starts = [g.offset for g in games]
        pieces = [p for p in parts if p.path == path]
        cuts = [p.byte_range[0] for p in pieces if p.byte_range and p.byte_range[0]]
        # Every cut is a game start, and every nominal cut fell inside a game.
        assert set(cuts) <= set(starts)
        for k in range(1, len(cuts) + 1):
            assert (k * BLOCKSIZE) not in starts
        # The games and lines before each piece are those of the whole file.
        for p in pieces:
            if p.byte_range:
                first = starts.index(p.byte_range[0])
                assert p.games_before == first and p.lines_before == games[first].line - 1


def tricky_file(folder):
    """Games whose tag sections hold `;` comment lines and `%` escape lines between the tags:
    a cut put at a tag line that follows a line that is not a tag (what a look for a tag
    section after movetext does) would fall inside them and split the game in two."""
    game = (
        '[Event "e{n}"]\n[Site "?"]\n; a comment line among the tags\n[Date "????.??.??"]\n'
        '[Round "{n}"]\n%an escape line\n[White "w"]\n[Black "b"]\n[Result "*"]\n\n'
        '1. e4 {{ a comment }} 1... e5\n2. Nf3 Nc6 *\n\n'
    )
    path = folder / "tricky.pgn"
    path.write_text("".join(game.format(n=n) for n in range(1, 400)))
    return str(path)


def test_cuts_are_the_splitters_game_starts(tmp_path):
    path = tricky_file(tmp_path)
    _, expected = cli_validate(path)
    starts = [g.offset for g in libpgn.read_games(path)]
    assert len(starts) == expected["games"] == 399
    for blocksize in (997, 4093, 20011):
        parts = libpgn.dask.partitions(path, blocksize)
        assert len(parts) > 3
        assert {p.byte_range[0] for p in parts} <= set(starts)
        games = [g for p in parts for g in libpgn.read_games(path, byte_range=p.byte_range)]
        assert len(games) == len(starts)
        assert sum(libpgn.validate(path, byte_range=p.byte_range).summary["games"] for p in parts) == len(starts)
        bag = libpgn.dask.read_games(path, blocksize=blocksize)
        indexes = bag.pluck("index").compute(scheduler="sync")
        assert indexes == list(range(1, len(starts) + 1))
        assert bag.pluck("offset").compute(scheduler="sync") == starts


def records(frame):
    frame = frame.astype(object).where(frame.notna(), None)
    return [{k: (int(v) if k in ("game", "line", "column", "offset", "ply") and v is not None else v)
             for k, v in r.items()} for r in frame.to_dict("records")]


def test_validate_on_a_cluster_is_one_cli_run(many_files, client):
    expected_problems, expected_summary = cli_validate(*many_files)
    problems, summary = libpgn.dask.validate(many_files, blocksize=BLOCKSIZE)
    assert problems.npartitions > len(many_files)
    frame, total = dask.compute(problems, summary)
    total.pop("input_bytes")
    expected_summary.pop("input_bytes")
    assert total == expected_summary
    assert records(frame.reset_index(drop=True)) == expected_problems


def test_games_and_frames_on_a_cluster(many_files, client):
    _, expected = cli_validate(*many_files)
    bag = libpgn.dask.read_games(many_files, blocksize=BLOCKSIZE)
    assert bag.count().compute() == expected["games"]
    assert bag.pluck("errors").sum().compute() == expected["errors"]
    frame = libpgn.dask.to_dataframe(many_files, ["White", "WhiteElo", "Date"], blocksize=BLOCKSIZE)
    computed = frame.compute()
    assert len(computed) == expected["games"]
    assert int(computed["valid"].sum()) == expected["games_valid"]
    assert int(computed["warnings"].sum()) == expected["warnings"]
    assert str(computed["WhiteElo"].dtype) == "Int64"


def test_zstd_frames_are_cut_at_game_starts(tmp_path):
    path = multi_frame_zstd(tmp_path, corpus("real/lichess_db_1000k.pgn"))
    whole = [(g.offset, g.line, g.index, g.moves) for g in libpgn.read_games(path)]
    _, expected = cli_validate(path)
    assert len(whole) == expected["games"]
    starts = {w[0] for w in whole}
    for blocksize in (25_000, 60_000):
        parts = libpgn.dask.partitions(path, blocksize)
        assert len(parts) > 2
        # Each piece begins at a game start (the frames begin inside games) and the games of
        # the pieces are the file's, none lost or read twice.
        assert {p.byte_range[0] for p in parts} <= starts
        assert not any(p.byte_range[0] - p.byte_range[3] == 0 for p in parts[1:])
        pieces = [(g.offset + p.byte_range[0], g.line + p.lines_before, g.index + p.games_before, g.moves)
                  for p in parts for g in libpgn.read_games(path, byte_range=p.byte_range)]
        assert pieces == whole
        problems, summary = libpgn.dask.validate(path, blocksize=blocksize)
        frame, total = dask.compute(problems, summary, scheduler="sync")
        assert frame["game"].tolist() == [p["game"] for p in cli_validate(path)[0]]
        total.pop("input_bytes")
        expected.pop("input_bytes", None)
        assert total == expected
