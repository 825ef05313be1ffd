"""Shared fixtures: the pgn command line built with the module, and the shared corpora."""

import json
import os
import subprocess
from pathlib import Path

import pytest

SHARED = Path(os.environ.get("LIBPGN_SHARED_DIR", Path(__file__).resolve().parents[3] / "shared"))
PGN = os.environ.get("LIBPGN_PGN_BINARY", str(Path(__file__).resolve().parents[2] / "build/bin/pgn"))
CORPORA = SHARED / "corpora"


def corpus(relative):
    path = CORPORA / relative
    if not path.exists():
        pytest.skip(f"{path} is not here")
    return str(path)


def cli(*args, status=(0, 1)):
    """Runs pgn; returns its standard output (exit status 0 or 1: problems are not failures)."""
    run = subprocess.run([PGN, *args], capture_output=True, check=False)
    assert run.returncode in status, run.stderr.decode()
    return run.stdout


def cli_validate(*paths, status=(0, 1)):
    """`pgn validate --format jsonl`: (problem records, summary record without the time)."""
    out = cli("validate", "-q", "--format", "jsonl", *paths, status=status)
    records = [json.loads(line) for line in out.splitlines()]
    summary = records.pop()
    assert summary.pop("type") == "summary"
    summary.pop("seconds")
    summary.pop("interrupted")
    return records, summary
