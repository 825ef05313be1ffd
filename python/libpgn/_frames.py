"""Games as pandas DataFrames: one row per game, tags typed."""

import pandas as pd

from . import _libpgn

DEFAULT_COLUMNS = ("Event", "Date", "White", "Black", "WhiteElo", "BlackElo", "ECO")
# Columns that are not tags: always present.
GAME_COLUMNS = ("offset", "plies", "result", "termination", "valid", "errors", "warnings", "notation")
_INTEGER_TAGS = {"WhiteElo", "BlackElo", "WhiteRatingDiff", "BlackRatingDiff", "PlyCount"}
_DATE_TAGS = {"Date", "UTCDate", "EventDate"}


def _dates(values):
    # PGN dates are "2024.03.17", with "??" for what is not known: such dates are NaT.
    series = pd.Series(values, dtype="object").str.replace(".", "-", regex=False)
    return pd.to_datetime(series, format="%Y-%m-%d", errors="coerce").dt.date


def _frame(columns, tags, categories=True):
    # Dask concatenates partitions: categories differ from part to part, strings do not.
    small = "category" if categories else "string"
    data = {}
    for name in tags:
        values = columns[name]
        if name in _INTEGER_TAGS:
            data[name] = pd.to_numeric(pd.Series(values, dtype="object"), errors="coerce").astype("Int64")
        elif name in _DATE_TAGS:
            data[name] = _dates(values)
        else:
            data[name] = pd.Series(values, dtype="string")
    data["offset"] = pd.Series(columns["offset"], dtype="int64")
    data["plies"] = pd.Series(columns["plies"], dtype="int32")
    data["result"] = pd.Series(columns["result"], dtype=small)
    data["termination"] = pd.Series(columns["termination"], dtype=small)
    data["valid"] = pd.Series(columns["valid"], dtype="bool")
    data["errors"] = pd.Series(columns["errors"], dtype="int32")
    data["warnings"] = pd.Series(columns["warnings"], dtype="int32")
    data["notation"] = pd.Series(columns["notation"], dtype=small)
    return pd.DataFrame(data)


def _tag_columns(columns):
    if isinstance(columns, str):
        raise TypeError("columns must be a list of tag names, not a string")
    tags = [c for c in columns if c not in GAME_COLUMNS]
    for t in tags:
        if not isinstance(t, str):
            raise TypeError(f"column names are strings, not {type(t).__name__}")
    return tags


def to_dataframe(source, columns=DEFAULT_COLUMNS, *, lang="auto", threads=0, byte_range=None):
    """One row per game of `source` (a path, bytes or a binary file object).

    `columns` names the tags to keep: Elo and other number tags become Int64 (missing: <NA>),
    dates become datetime.date (unknown parts: NaT), others strings. Every frame also has
    offset, plies, result, termination (the Termination tag), valid, errors, warnings and
    notation.
    """
    tags = _tag_columns(columns)
    return _frame(_libpgn._game_columns(source, tags, lang, threads, byte_range), tags)
