"""The module under faults: objects shared by threads, Ctrl-C in every long call, byte ranges
that partition a file, a file cut while it is read, and inputs that cannot be read."""

import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

import libpgn
from conftest import corpus


def run_python(code, *args, timeout=120):
    """Runs `code` in a fresh interpreter with the module importable: a crash there is a
    failed test, not the end of the test run."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code), *map(str, args)],
                          capture_output=True, text=True, timeout=timeout, env=env, check=False)


# ---- objects shared by threads ---------------------------------------------------------------

HAMMER = """
    import sys, threading, time, libpgn
    path, rounds = sys.argv[1], int(sys.argv[2])
    expected = sorted(g.offset for g in libpgn.read_games(path, threads=1))

    def together(*works):
        errors = []
        def run(work):
            try:
                work()
            except Exception as e:  # anything but a crash is counted and shown
                errors.append(repr(e))
        threads = [threading.Thread(target=run, args=(w,)) for w in works]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return errors

    for _ in range(rounds):
        # One iterator, four readers: every game once, whoever takes it.
        it = libpgn.read_games(path, threads=2)
        seen = []
        def take():
            for g in it:
                seen.append((g.offset, len(g.moves), len(g.tags)))
        assert together(take, take, take, take) == []
        assert sorted(s[0] for s in seen) == expected, (len(seen), len(expected))

        # Readers and a thread closing the iterator under them.
        it = libpgn.read_games(path, threads=2)
        def take_some():
            for i, g in enumerate(it):
                g.pgn() if i % 50 == 0 else g.moves
        def close_soon():
            time.sleep(0.01)
            it.close()
        assert together(take_some, take_some, take_some, close_soon) == []

        # One validate iterator: its problems once each, and a summary asked for meanwhile.
        run = libpgn.validate(path, threads=2)
        problems = []
        def problems_of():
            problems.extend(p.offset for p in run)
        summary = lambda: run.summary
        assert together(problems_of, problems_of, summary, problems_of, summary) == []
        assert run.summary["games"] == len(expected)

        # The games of one batch, and one game, read by several threads at once.
        games = list(libpgn.read_games(path, threads=2))[:40]
        def look():
            for g in games:
                g.comments, g.clocks, g.uci(), g.fen_at(-1), g.pgn(), g.to_dict()
        assert together(look, look, look, look) == []

        # One Position pushed and popped by several threads: errors, never a crash.
        pos = libpgn.Position()
        def play():
            for _ in range(200):
                try:
                    pos.push_uci(pos.legal_moves[0]) if pos.legal_moves else pos.pop()
                    pos.fen(), pos.legal_san(), pos.pop()
                except (ValueError, IndexError, libpgn.PgnError):
                    pass
        assert together(play, play, play, play) == []
    print("ok")
"""


def test_objects_shared_by_threads_never_crash():
    """Issue 27 item 6: one read_games iterator used by two threads crashed the interpreter."""
    run = run_python(HAMMER, corpus("real/pgnmentor_Carlsen_Nakamura_Firouzja.pgn"), 3,
                     timeout=300)
    assert run.returncode == 0 and run.stdout.strip() == "ok", (run.returncode, run.stderr[-2000:])


# ---- Ctrl-C ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def large_pgn(tmp_path_factory):
    """About 64 MB of real games: most of a second of work for each call, on one thread."""
    games = Path(corpus("real/pgnmentor_Carlsen_Nakamura_Firouzja.pgn")).read_bytes()
    path = tmp_path_factory.mktemp("large") / "large.pgn"
    with open(path, "wb") as out:
        for _ in range(8):
            out.write(games)
    return str(path)


@pytest.fixture
def tiny_games(tmp_path):
    """192 MB of games of one move: the splitter's pass alone (most of a second)."""
    path = tmp_path / "tiny.pgn"
    game = b'[Event "x"]\n\n1. e4 *\n\n'
    with open(path, "wb") as out:
        for _ in range(3):
            out.write(game * ((64 << 20) // len(game)))
    yield str(path)
    path.unlink()


INTERRUPTED = """
    import os, sys, time, libpgn
    path, call = sys.argv[1], sys.argv[2]
    if call == "to_dataframe":
        import pandas
    if call == "partitions":
        import libpgn.dask
    calls = {
        "read_games": lambda: list(libpgn.read_games(path, threads=1)),
        "validate": lambda: list(libpgn.validate(path, threads=1)),
        "summary": lambda: libpgn.validate(path, threads=1).summary,
        "convert": lambda: libpgn.convert(path, threads=1),
        "to_dataframe": lambda: libpgn.to_dataframe(path, threads=1),
        # The pass of the splitter that finds where to cut, here to the end.
        "partitions": lambda: libpgn.dask.partitions(path, os.path.getsize(path) - 100),
    }
    threads = len(os.listdir("/proc/self/task"))
    print("ready", flush=True)
    try:
        # Again and again: one call takes well under a second on a fast machine, and the
        # interrupt must find a call running, not the lines after it.
        for _ in range(50):
            calls[call]()
        print("finished", flush=True)
    except KeyboardInterrupt:
        print("interrupted", time.monotonic(), flush=True)
    print("threads left", len(os.listdir("/proc/self/task")) - threads, flush=True)
"""


@pytest.mark.parametrize("call", ["read_games", "validate", "summary", "convert", "to_dataframe",
                                  "partitions"])
def test_ctrl_c_stops_every_call_at_once(request, call):
    """Issue 27 item 16: KeyboardInterrupt came only once the whole input was read."""
    if call == "to_dataframe":
        pytest.importorskip("pandas")
    if call == "partitions":
        pytest.importorskip("dask")
    path = request.getfixturevalue("tiny_games" if call == "partitions" else "large_pgn")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(INTERRUPTED), path, call],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout.readline() == "ready\n"
        time.sleep(0.5)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        outcome = child.stdout.readline().split()
        left = child.stdout.readline()
        assert child.wait(timeout=60) == 0, child.stderr.read()
    finally:
        child.kill()
    assert outcome[0] == "interrupted", outcome
    # About 0.02 s here; generous for a loaded machine.
    assert float(outcome[1]) - sent < 1.0
    assert left == "threads left 0\n"


# ---- byte ranges ------------------------------------------------------------------------------

RANGE_CORPORA = ["real/twic0920.pgn", "real/lichess_db_1000k.pgn", "real/cancer0707.pgn",
                 "edge/python-chess/immortal-games.pgn", "generated"]


def tricky_pgn(folder):
    """Escape lines before the first game, `;` and `%` lines among tags, CRLF line ends,
    comments whose lines begin with '[', a game on one line after another's result."""
    game = ('[Event "e{n}"]\r\n; a comment among the tags\r\n[Site "?"]\r\n%escape\r\n'
            '[Round "{n}"]\r\n\r\n1. e4 {{ a comment\r\n[%clk 0:01:00] [and "more"]\r\n}} e5 '
            '2. Nf3 *\r\n\r\n')
    path = folder / "tricky.pgn"
    path.write_text("% made for the test\n\n" + "".join(game.format(n=n) for n in range(300)))
    return str(path)


def game_keys(games):
    return [(tuple(g.tags.items()), tuple(g.moves), g.result) for g in games]


@pytest.mark.parametrize("relative", RANGE_CORPORA)
def test_any_partition_reads_each_game_once(relative, tmp_path):
    """Issue 27 item 17: (0, 2000) and (2000, 4000) gave 7 games where (0, 4000) gave 5."""
    path = tricky_pgn(tmp_path) if relative == "generated" else corpus(relative)
    size = os.path.getsize(path)
    whole = game_keys(libpgn.read_games(path, threads=1))
    draw = random.Random(relative)
    for _ in range(20):
        cuts = sorted(draw.sample(range(1, size), draw.randint(1, 30)))
        # Cuts close together too: empty ranges, and two cuts inside one game.
        cuts += [c + draw.randint(0, 300) for c in cuts[:3]]
        bounds = [0] + sorted(min(c, size) for c in cuts) + [size]
        parts = [game_keys(libpgn.read_games(path, byte_range=r, threads=1))
                 for r in zip(bounds, bounds[1:])]
        assert [g for part in parts for g in part] == whole
        problems = sum(libpgn.validate(path, byte_range=r, threads=1).summary["games"]
                       for r in zip(bounds, bounds[1:]))
        assert problems == len(whole)
    # A range past the end, and one that ends before it starts, are empty.
    assert list(libpgn.read_games(path, byte_range=(size, size + 100))) == []
    # Reading goes to the end of the last game that starts in the range.
    assert game_keys(libpgn.read_games(path, byte_range=(0, 1))) == whole[:1]


# ---- a file cut while it is read ---------------------------------------------------------------

def test_a_file_cut_while_read_is_an_error_naming_the_byte(tmp_path):
    """Issue 27 item 18: the games before the cut came out, and no word of it."""
    games = Path(corpus("real/pgnmentor_Carlsen_Nakamura_Firouzja.pgn")).read_bytes()
    path = tmp_path / "growing.pgn"
    path.write_bytes(games * 4)
    cut = len(games) * 2
    whole = sum(1 for _ in libpgn.read_games(str(path), threads=1))
    for call in ("read_games", "range", "validate"):
        path.write_bytes(games * 4)
        if call == "validate":
            it = libpgn.validate(str(path), threads=1)
        else:
            it = libpgn.read_games(str(path), threads=1,
                                   byte_range=(0, len(games) * 4) if call == "range" else None)
        next(it)  # the reading threads wait with a few batches read ahead
        os.truncate(path, cut)
        if call == "validate":
            problems = [p for p in it if p.code == "io"]
            assert len(problems) == 1 and f"at byte {cut}" in problems[0].message
            assert str(path) in problems[0].message
            continue
        with pytest.raises(libpgn.PgnError) as error:
            n = 1 + sum(1 for _ in it)
        assert error.value.code == "io" and error.value.file == str(path)
        assert f"at byte {cut}" in str(error.value) and "cut while it was read" in str(error.value)
    assert whole > 0


# ---- inputs that cannot be read ---------------------------------------------------------------

ENTRY_POINTS = {
    "read_games": lambda s: list(libpgn.read_games(s)),
    "range": lambda s: list(libpgn.read_games(s, byte_range=(1, 100))),
    "convert": lambda s: libpgn.convert(s),
    "to_dataframe": lambda s: libpgn.to_dataframe(s),
}


def unreadable_inputs(tmp_path):
    """A missing file, a folder, a file whose reading fails (EIO), and one without read
    permission (skipped for root, who may read it)."""
    inputs = {"missing": (str(tmp_path / "missing.pgn"), "No such file or directory"),
              "folder": (str(tmp_path), "Is a directory"),
              "eio": ("/proc/self/mem", "Input/output error")}
    if os.geteuid() != 0:
        locked = tmp_path / "locked.pgn"
        locked.write_bytes(b"1. e4 *\n")
        locked.chmod(0)
        inputs["locked"] = (str(locked), "Permission denied")
    return inputs


@pytest.mark.parametrize("call", list(ENTRY_POINTS))
def test_unreadable_inputs_are_errors_naming_the_file(tmp_path, call):
    if call == "to_dataframe":
        pytest.importorskip("pandas")
    for name, (source, reason) in unreadable_inputs(tmp_path).items():
        with pytest.raises(libpgn.PgnError) as error:
            ENTRY_POINTS[call](source)
        assert error.value.code == "io" and error.value.file == source, name
        assert source in str(error.value) and reason in str(error.value), (name, str(error.value))
    if call == "range":  # a device has no bytes to range over (/dev/zero was searched for ever)
        with pytest.raises(libpgn.PgnError, match="not a regular file"):
            ENTRY_POINTS[call]("/dev/zero")
    # validate reports it as the command line does: one io problem naming the file.
    for name, (source, reason) in unreadable_inputs(tmp_path).items():
        run = libpgn.validate(source)
        problems = [p.to_dict() for p in run]
        assert [p["code"] for p in problems] == ["io"], name
        assert source in problems[0]["message"] and reason in problems[0]["message"]
        assert run.summary["files_failed"] == 1
