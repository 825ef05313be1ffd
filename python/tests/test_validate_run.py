"""validate() is `pgn validate`'s run (validate_files): the same problems in the same order and
the same summary, on the inputs the repository ships."""

import bz2
import gzip
from pathlib import Path

import pytest

import libpgn
from conftest import cli_validate

ROOT = Path(__file__).resolve().parents[2]

# A localized notation, variants, a file full of problems, compressed games, JSON Lines with a
# record that cannot be read, a bughouse match, an input without games (a file warning).
SHIPPED = [
    "corpora/localized/ru-illegal.pgn",
    "corpora/localized/de-ruy-lopez.pgn",
    "docs/examples/variants.pgn",
    "docs/examples/atomic-untagged.pgn",
    "corpora/golden/problems.pgn",
    "docs/examples/games.pgn.zst",
    "docs/examples/games.ndjson",
    "docs/examples/tags.ndjson",
    "corpora/bughouse/fics-2001.bpgn",
    "docs/examples/empty.pgn",
]

OPTIONS = [
    ({}, []),
    ({"min_severity": "error"}, ["--min-severity", "error"]),
    ({"strict": True, "ignore": ["check-suffix"]}, ["--strict", "--ignore", "check-suffix"]),
]


def same_as_the_cli(path, options, flags, threads):
    problems, summary = cli_validate(*flags, path, status=(0, 1, 2))
    run = libpgn.validate(path, threads=threads, **options)
    assert [p.to_dict() for p in run] == problems
    assert run.summary == summary
    return problems


@pytest.mark.parametrize("relative", SHIPPED)
@pytest.mark.parametrize("options,flags", OPTIONS)
@pytest.mark.parametrize("threads", [1, 2])
def test_validate_is_the_cli_run_on_shipped_inputs(relative, options, flags, threads):
    same_as_the_cli(str(ROOT / relative), options, flags, threads)


@pytest.mark.parametrize("compress", [gzip.compress, bz2.compress])
@pytest.mark.parametrize("options,flags", OPTIONS)
def test_validate_is_the_cli_run_on_a_compressed_bad_file(tmp_path, compress, options, flags):
    path = tmp_path / "problems.pgn.packed"
    path.write_bytes(compress((ROOT / "corpora/golden/problems.pgn").read_bytes()))
    assert same_as_the_cli(str(path), options, flags, threads=2)


def made_inputs(tmp_path):
    """A compressed input cut short (a read fault after some games) and one that is not PGN."""
    packed = gzip.compress((ROOT / "corpora/golden/problems.pgn").read_bytes())
    cut = tmp_path / "cut.pgn.gz"
    cut.write_bytes(packed[: len(packed) // 2])
    binary = tmp_path / "binary.pgn"
    binary.write_bytes(bytes(range(256)) * 4)
    return {"io": cut, "not PGN": binary}


@pytest.mark.parametrize("options,flags", OPTIONS)
def test_validate_is_the_cli_run_on_faulty_inputs(tmp_path, options, flags):
    for fault, path in made_inputs(tmp_path).items():
        problems = same_as_the_cli(str(path), options, flags, threads=2)
        assert fault in (problems[-1]["code"], problems[-1]["message"][:7])


def test_a_summary_read_midway_counts_the_whole_input():
    path = str(ROOT / "corpora/golden/problems.pgn")
    _, summary = cli_validate(path)
    run = libpgn.validate(path, threads=1)
    next(run)
    assert run.summary == summary
    assert list(run) == []
