"""libpgn over Dask: many files, and large ones cut into byte ranges, read by a cluster.

Partitions are files; an uncompressed file larger than `blocksize` is cut into byte ranges
that begin where a game begins, so that each game is read by exactly one partition.
Compressed files (zstd, gzip, bzip2) are one partition each. Positions that depend on what
came before a range (game numbers, lines, byte offsets) are put right after the ranges are
read, so problems and games carry the numbers one run over the whole file gives.

    import libpgn.dask
    from distributed import Client
    client = Client("tcp://scheduler:8786")
    problems, summary = libpgn.dask.validate(["/data/lichess/2024-*.pgn"])
    print(summary.compute())
"""

import glob
import os
import re

import dask
import dask.bag as db
import dask.dataframe as dd
import pandas as pd

from . import _frames, _libpgn

DEFAULT_BLOCKSIZE = 256 << 20
_COMPRESSED_MAGIC = (b"\x28\xb5\x2f\xfd", b"\x1f\x8b", b"BZh")
# A tag line: '[', a tag name, a quoted value.
_TAG_LINE = re.compile(rb'\[[A-Za-z0-9_]+[ \t]+"')
_WINDOW = 1 << 20


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


def _compressed(path):
    with open(path, "rb") as f:
        head = f.read(4)
    return any(head.startswith(m) for m in _COMPRESSED_MAGIC)


def _is_game_start(data, line_start):
    """Whether the line at `line_start` begins a game: a tag line whose previous non-blank
    line is not a tag line (it ends the movetext of the game before)."""
    if not _TAG_LINE.match(data, line_start):
        return False
    end = line_start - 1
    while end >= 0:
        begin = data.rfind(b"\n", 0, end) + 1
        line = data[begin:end].strip()
        if line:
            return not line.startswith(b"[")
        end = begin - 1
    return None  # nothing before it in the window: undecided


def next_game_start(path, position, size):
    """The first offset at or after `position` where a game starts, or `size`."""
    with open(path, "rb") as f:
        back = max(0, position - _WINDOW)
        while back < size:
            f.seek(back)
            data = f.read((position - back) + _WINDOW)
            at = position - back
            while True:
                newline = data.find(b"\n", max(at - 1, 0))
                if newline < 0 or newline + 1 >= len(data):
                    break
                start = newline + 1
                decided = _is_game_start(data, start)
                if decided:
                    return back + start
                at = start + 1
            if back + len(data) >= size:
                return size
            position = back + len(data) - 1
            back = max(0, position - _WINDOW)
    return size


def partitions(paths, blocksize=DEFAULT_BLOCKSIZE):
    """[(path, (start, end) or None)]: the pieces the functions below read, in order."""
    parts = []
    for path in _expand(paths):
        size = os.path.getsize(path)
        if size <= blocksize or _compressed(path):
            parts.append((path, None))
            continue
        cuts = [0]
        for position in range(blocksize, size, blocksize):
            cut = next_game_start(path, position, size)
            if cuts[-1] < cut < size:
                cuts.append(cut)
        cuts.append(size)
        parts.extend((path, (a, b)) for a, b in zip(cuts, cuts[1:]))
    return parts


def _newlines(path, byte_range):
    if byte_range is None:
        return 0
    start, end = byte_range
    count = 0
    with open(path, "rb") as f:
        f.seek(start)
        left = end - start
        while left > 0:
            block = f.read(min(left, 16 << 20))
            if not block:
                break
            count += block.count(b"\n")
            left -= len(block)
    return count


def _with_bases(parts, read, shift):
    """Delayed results of read(path, range) -> (value, games); each shifted by its bases."""
    read_delayed = dask.delayed(read)
    results = [read_delayed(path, rng) for path, rng in parts]
    lines = [dask.delayed(_newlines)(path, rng) for path, rng in parts]
    shifted = []
    for i, (path, rng) in enumerate(parts):
        before = [j for j in range(i) if parts[j][0] == path]
        shifted.append(
            dask.delayed(_shift_by)(
                shift, results[i], rng, [results[j][1] for j in before], [lines[j] for j in before]
            )
        )
    return shifted, results


def _shift_by(shift, result, byte_range, games_before, lines_before):
    value, _ = result
    offset = byte_range[0] if byte_range else 0
    return shift(value, sum(games_before), sum(lines_before), offset)


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
    return (records, summary), summary["games"]


def _shift_problems(value, games, lines, offset):
    records, summary = value
    for r in records:
        if r["game"]:
            r["game"] += games
        if r["line"]:
            r["line"] += lines
        r["offset"] += offset
    return _problem_frame(records), summary


def _sum_summaries(summaries, files, files_failed_paths):
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
    total["files_failed"] = len(set(files_failed_paths))
    return total


def validate(paths, *, lang="auto", blocksize=DEFAULT_BLOCKSIZE, threads=1, **options):
    """Problems of every game in `paths` (paths or glob patterns) as a Dask DataFrame with the
    jsonl fields, and the summed summary as a Delayed dict (`dask.compute(problems, summary)`
    computes both in one pass). `options` are libpgn.validate's: strict, ignore, min_severity,
    tag_checks, check_suffixes."""
    parts = partitions(paths, blocksize)
    shifted, _ = _with_bases(parts, lambda p, r: _validate_part(p, r, lang, threads, **options),
                             _shift_problems)
    frames = [dask.delayed(lambda v: v[0])(s) for s in shifted]
    summaries = [dask.delayed(lambda v: v[1])(s) for s in shifted]
    failed = [dask.delayed(lambda v, p=p: [p] if v[1]["files_failed"] else [])(s)
              for s, (p, _) in zip(shifted, parts)]
    files = len({p for p, _ in parts})
    summary = dask.delayed(lambda ss, fs: _sum_summaries(ss, files, [x for f in fs for x in f]))(
        summaries, failed)
    problems = dd.from_delayed(frames, meta=_problem_frame([]), verify_meta=False)
    return problems, summary


# ---- games ------------------------------------------------------------------------------------


def _games_part(path, byte_range, lang="auto", threads=1):
    games = [g.to_dict() for g in _libpgn.read_games(path, lang=lang, threads=threads,
                                                     byte_range=byte_range)]
    return games, len(games)


def _shift_games(games, before, lines, offset):
    for g in games:
        g["index"] += before
        g["line"] += lines
        g["offset"] += offset
        for p in g["problems"]:
            if p["game"]:
                p["game"] += before
            if p["line"]:
                p["line"] += lines
            p["offset"] += offset
    return games


def read_games(paths, *, lang="auto", blocksize=DEFAULT_BLOCKSIZE, threads=1):
    """A dask.bag of the games in `paths`, each a dict (Game.to_dict(): file, index, offset,
    line, tags, moves, result, variant, notation, plies, valid, errors, warnings, problems)."""
    parts = partitions(paths, blocksize)
    shifted, _ = _with_bases(parts, lambda p, r: _games_part(p, r, lang, threads), _shift_games)
    return db.from_delayed(shifted)


def _frame_part(path, byte_range, tags, lang, threads):
    kinds = [_frames._kind(t) for t in tags]
    frame = _frames._frame(_libpgn._game_columns(path, tags, kinds, lang, threads, byte_range),
                           tags, categories=False)
    frame.insert(0, "file", pd.Series([path] * len(frame), dtype="string"))
    return frame, len(frame)


def _shift_frame(frame, games, lines, offset):
    frame["offset"] += offset
    return frame


def to_dataframe(paths, columns=_frames.DEFAULT_COLUMNS, *, lang="auto",
                 blocksize=DEFAULT_BLOCKSIZE, threads=1):
    """A dask.dataframe of one row per game: as libpgn.to_dataframe, with a file column."""
    tags = _frames._tag_columns(columns)
    parts = partitions(paths, blocksize)
    shifted, _ = _with_bases(parts, lambda p, r: _frame_part(p, r, tags, lang, threads), _shift_frame)
    meta = _frame_part(b"", None, tags, lang, 1)[0]
    return dd.from_delayed(shifted, meta=meta, verify_meta=False)
