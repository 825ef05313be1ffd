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
    """About 64 MB of real games: seconds of work for each call, on one thread."""
    games = Path(corpus("real/pgnmentor_Carlsen_Nakamura_Firouzja.pgn")).read_bytes()
    path = tmp_path_factory.mktemp("large") / "large.pgn"
    with open(path, "wb") as out:
        for _ in range(8):
            out.write(games)
    return str(path)


INTERRUPTED = """
    import os, sys, time, libpgn
    path, call = sys.argv[1], sys.argv[2]
    if call == "to_dataframe":
        import pandas
    calls = {
        "read_games": lambda: list(libpgn.read_games(path, threads=1)),
        "validate": lambda: list(libpgn.validate(path, threads=1)),
        "summary": lambda: libpgn.validate(path, threads=1).summary,
        "convert": lambda: libpgn.convert(path, threads=1),
        "to_dataframe": lambda: libpgn.to_dataframe(path, threads=1),
    }
    threads = len(os.listdir("/proc/self/task"))
    print("ready", flush=True)
    try:
        calls[call]()
        print("finished", flush=True)
    except KeyboardInterrupt:
        print("interrupted", time.monotonic(), flush=True)
    print("threads left", len(os.listdir("/proc/self/task")) - threads, flush=True)
"""


@pytest.mark.parametrize("call", ["read_games", "validate", "summary", "convert", "to_dataframe"])
def test_ctrl_c_stops_every_call_at_once(large_pgn, call):
    """Issue 27 item 16: KeyboardInterrupt came only once the whole input was read."""
    if call == "to_dataframe":
        pytest.importorskip("pandas")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(INTERRUPTED), large_pgn, call],
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

