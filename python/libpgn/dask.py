"""libpgn over Dask: many files, and large ones cut into byte ranges, read by a cluster.

Partitions are files; an uncompressed PGN file larger than `blocksize` is cut into byte
ranges that begin where the splitter starts a game (one pass of the splitter over the file,
in a task), so that each game is read by exactly one partition. A zstd file of several frames
is cut at frames the same way (each piece is decoded from a frame and begins at the first
game starting in it); a zstd file of one frame, gzip, bzip2 and JSON records are one
partition each. Game numbers, lines and byte offsets
are those of one run over the whole file: the pass that finds the cuts counts the games and
lines before each.

    import libpgn.dask
    from distributed import Client
    client = Client("tcp://scheduler:8786")
    problems, summary = libpgn.dask.validate(["/data/lichess/2024-*.pgn"])
    print(summary.compute())
"""

import glob
import os
from typing import NamedTuple, Optional, Tuple

import dask
import dask.bag as db
import dask.dataframe as dd
import pandas as pd

from . import _frames, _libpgn

DEFAULT_BLOCKSIZE = 256 << 20
_COMPRESSED_MAGIC = (b"\x28\xb5\x2f\xfd", b"\x1f\x8b", b"BZh")


class Part(NamedTuple):
    """A piece of the input one task reads: a whole file (`byte_range` None) or the bytes
    `byte_range` of an uncompressed file, with the games and lines before it."""

    path: str
    byte_range: Optional[Tuple[int, int]] = None
    games_before: int = 0
    lines_before: int = 0


def _expand(paths):
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    out = []
    for p in paths:
        p = os.fspath(p)
        matches = sorted(glob.glob(p)) if glob.has_magic(p) else [p]
        if not matches:
            raise FileNotFoundError(p)
        out.extend(matches)
    return out


def _how_cut(path):
    """"pgn" for PGN as it is, "zstd" for zstd, None for what is read whole (gzip, bzip2, JSON
    records)."""
    with open(path, "rb") as f:
        head = f.read(64)
    if head.startswith(_COMPRESSED_MAGIC[0]):
        return "zstd"
    if any(head.startswith(m) for m in _COMPRESSED_MAGIC):
        return None
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"{") or (text.startswith(b"[") and text[1:].lstrip()[:1] in (b"{", b"]")):
        return None
    return "pgn"


def _pieces(path, size, blocksize):
    """The Parts of one uncompressed file: cut at the first game start at or after every
    multiple of `blocksize`, as the splitter finds the games (one pass over the file)."""
    positions = list(range(blocksize, size, blocksize))
    starts = [(0, 1, 0)]
    for cut in _libpgn._game_cuts(path, positions):
        if cut is None:
            break
        if cut[0] > starts[-1][0]:
            starts.append(cut)
    ends = [c[0] for c in starts[1:]] + [size]
    return [Part(path, (offset, end), games, line - 1)
            for (offset, line, games), end in zip(starts, ends)]


_END = 1 << 62  # the end of a zstd file's last piece: as far as it goes


def _zstd_pieces(path, size, blocksize):
    """The Parts of a zstd file: groups of frames of about `blocksize` compressed bytes, each
    read from its first frame and starting at the first game that starts in or after it (one
    pass of the splitter over the decompressed file). A file of one frame is one Part."""
    pieces = _libpgn._zstd_pieces(path, blocksize)
    ends = [p[2] for p in pieces[1:]] + [_END]
    return [Part(path, (offset, end, frame, offset - skip), games, lines)
            for (frame, skip, offset, lines, games), end in zip(pieces, ends)]


_CUTTERS = {"pgn": _pieces, "zstd": _zstd_pieces}


def _plan(paths, blocksize):
    """[(path, size, cutter)] for every file; cutter: the function that cuts it, or None."""
    plan = []
    for path in _expand(paths):
        size = os.path.getsize(path)
        plan.append((path, size, _CUTTERS.get(_how_cut(path)) if size > blocksize else None))
    return plan


def partitions(paths, blocksize=DEFAULT_BLOCKSIZE):
    """[Part]: the pieces the functions below read, in order (the cuts are found here, by
    reading the files that are cut; the collections below find them in tasks instead)."""
    parts = []
    for path, size, cutter in _plan(paths, blocksize):
        parts.extend(cutter(path, size, blocksize) if cutter else [Part(path)])
    return parts


def _take_piece(pieces, i):
    return pieces[i] if i < len(pieces) else None


def _tasks(paths, blocksize, read, shift):
    """One Delayed per piece: read(path, byte_range) -> value, shifted by the games, lines and
    bytes before the piece. A file that is cut has one task finding its cuts (a pass of the
    splitter) and one per multiple of blocksize; two cuts in one game leave a piece empty."""
    def _read_piece(part):
        if part is None:
            return shift(None, 0, 0, 0)
        value = read(part.path, part.byte_range)
        offset = part.byte_range[0] if part.byte_range else 0
        return shift(value, part.games_before, part.lines_before, offset)

    run_delayed = dask.delayed(_read_piece)
    tasks = []
    for path, size, cutter in _plan(paths, blocksize):
        if not cutter:
            tasks.append(run_delayed(Part(path)))
            continue
        pieces = dask.delayed(cutter)(path, size, blocksize)
        for i in range(-(-size // blocksize)):
            tasks.append(run_delayed(dask.delayed(_take_piece)(pieces, i)))
    return tasks


# ---- validate ---------------------------------------------------------------------------

_PROBLEM_COLUMNS = ["file", "game", "line", "column", "offset", "ply", "variation", "severity",
                    "code", "message", "written", "san", "fen"]


def _problem_frame(records):
    frame = pd.DataFrame.from_records(records, columns=_PROBLEM_COLUMNS)
    return frame.astype({"game": "int64", "line": "int64", "column": "int64", "offset": "int64",
                         "ply": "Int64"})


def _validate_part(path, byte_range, lang="auto", threads=1, **options):
    run = _libpgn.validate(path, lang=lang, threads=threads, byte_range=byte_range, **options)
    records = [p.to_dict() for p in run]
    summary = run.summary
    return records, summary, path if summary["files_failed"] else None


def _shift_problems(value, games, lines, offset):
    if value is None:
        return _problem_frame([]), {}, None
    records, summary, failed = value
    for r in records:
        if r["game"]:
            r["game"] += games
        if r["line"]:
            r["line"] += lines
        r["offset"] += offset
    return _problem_frame(records), summary, failed


def _sum_summaries(summaries, files, failed):
    total = {}
    for s in summaries:
        for key, value in s.items():
            if key == "problems_by_code":
                codes = total.setdefault(key, {})
                for code, n in value.items():
                    codes[code] = codes.get(code, 0) + n
            else:
                total[key] = total.get(key, 0) + value
    total["files"] = files
    total["files_failed"] = len({f for f in failed if f})
    return total


def validate(paths, *, lang="auto", blocksize=DEFAULT_BLOCKSIZE, threads=1, **options):
    """Problems of every game in `paths` (paths or glob patterns) as a Dask DataFrame with the
    jsonl fields, and the summed summary as a Delayed dict (`dask.compute(problems, summary)`
    computes both in one pass). `options` are libpgn.validate's: strict, ignore, min_severity,
    tag_checks, check_suffixes."""
    files = len(_expand(paths))
    tasks = _tasks(paths, blocksize,
                   lambda p, r: _validate_part(p, r, lang, threads, **options), _shift_problems)
    frames = [dask.delayed(lambda v: v[0])(t) for t in tasks]
    summary = dask.delayed(lambda vs: _sum_summaries([v[1] for v in vs], files, [v[2] for v in vs]))(
        tasks)
    problems = dd.from_delayed(frames, meta=_problem_frame([]), verify_meta=False)
    return problems, summary


# ---- games ------------------------------------------------------------------------------------


def _games_part(path, byte_range, lang="auto", threads=1):
    return [g.to_dict() for g in _libpgn.read_games(path, lang=lang, threads=threads,
                                                    byte_range=byte_range)]


def _shift_games(games, before, lines, offset):
    for g in games or []:
        g["index"] += before
        g["line"] += lines
        g["offset"] += offset
        for p in g["problems"]:
            if p["game"]:
                p["game"] += before
            if p["line"]:
                p["line"] += lines
            p["offset"] += offset
    return games or []


def read_games(paths, *, lang="auto", blocksize=DEFAULT_BLOCKSIZE, threads=1):
    """A dask.bag of the games in `paths`, each a dict (Game.to_dict(): file, index, offset,
    line, tags, moves, result, variant, notation, plies, valid, errors, warnings, problems)."""
    return db.from_delayed(
        _tasks(paths, blocksize, lambda p, r: _games_part(p, r, lang, threads), _shift_games))


def _frame_part(path, byte_range, tags, lang, threads):
    kinds = [_frames._kind(t) for t in tags]
    frame = _frames._frame(_libpgn._game_columns(path, tags, kinds, lang, threads, byte_range),
                           tags, categories=False)
    frame.insert(0, "file", pd.Series([path] * len(frame), dtype="string"))
    return frame


def to_dataframe(paths, columns=_frames.DEFAULT_COLUMNS, *, lang="auto",
                 blocksize=DEFAULT_BLOCKSIZE, threads=1):
    """A dask.dataframe of one row per game: as libpgn.to_dataframe, with a file column."""
    tags = _frames._tag_columns(columns)
    meta = _frame_part(b"", None, tags, lang, 1)

    def shift(frame, games, lines, offset):
        if frame is None:
            return meta
        frame["offset"] += offset
        return frame

    return dd.from_delayed(
        _tasks(paths, blocksize, lambda p, r: _frame_part(p, r, tags, lang, threads), shift),
        meta=meta, verify_meta=False)
