"""Games as pandas DataFrames: one row per game, tags typed."""

import pandas as pd

from . import _libpgn

DEFAULT_COLUMNS = ("Event", "Date", "White", "Black", "WhiteElo", "BlackElo", "ECO")
# Columns that are not tags: always present.
GAME_COLUMNS = ("offset", "plies", "result", "termination", "valid", "errors", "warnings", "notation")
_INTEGER_TAGS = {"WhiteElo", "BlackElo", "WhiteRatingDiff", "BlackRatingDiff", "PlyCount"}
_DATE_TAGS = {"Date", "UTCDate", "EventDate"}
_DATE_PARTS = ("year", "month", "day")


def _kind(tag):
    return "int" if tag in _INTEGER_TAGS else "date" if tag in _DATE_TAGS else "text"


def _categories(pair, categories):
    codes, names = pair
    values = pd.Categorical.from_codes(codes, categories=names)
    # Dask concatenates partitions: categories differ from part to part, strings do not.
    return pd.Series(values) if categories else pd.Series(values).astype("string")


def _frame(columns, tags, categories=True):
    """The DataFrame of the columns _libpgn._game_columns typed (see there)."""
    data = {}
    for name in tags:
        values = columns[name]
        if name in _INTEGER_TAGS:
            data[name] = pd.arrays.IntegerArray(*values)
        elif name in _DATE_TAGS:
            data[name] = pd.Series(values, dtype="object")
            # Beside the date, its known parts: "1922.??.??" is NaT with the year 1922.
            for part, pair in zip(_DATE_PARTS, columns[name + "_parts"]):
                data[f"{name}_{part}"] = pd.arrays.IntegerArray(*pair)
        else:
            data[name] = pd.Series(pd.array(values, dtype="string"))
    data["offset"] = columns["offset"]
    data["plies"] = columns["plies"]
    data["result"] = _categories(columns["result"], categories)
    data["termination"] = _categories(columns["termination"], categories)
    data["valid"] = columns["valid"]
    data["errors"] = columns["errors"]
    data["warnings"] = columns["warnings"]
    data["notation"] = _categories(columns["notation"], categories)
    return pd.DataFrame(data)


def _tag_columns(columns):
    if isinstance(columns, str):
        raise TypeError("columns must be a list of tag names, not a string")
    tags = [c for c in columns if c not in GAME_COLUMNS]
    for t in tags:
        if not isinstance(t, str):
            raise TypeError(f"column names are strings, not {type(t).__name__}")
    return tags


def to_dataframe(source, columns=DEFAULT_COLUMNS, *, lang="auto", threads=0, byte_range=None,
                 encoding="auto"):
    """One row per game of `source` (a path, bytes or a binary file object).

    `columns` names the tags to keep: Elo and other number tags become Int64 (missing: <NA>),
    dates become datetime.date (unknown parts: NaT) with Int64 columns <tag>_year, <tag>_month
    and <tag>_day beside them (a part not known: <NA>), others strings. Every frame also has
    offset, plies, result, termination (the Termination tag), valid, errors, warnings and
    notation. `encoding` is the code page of input that is not UTF-8, as in read_games.
    """
    tags = _tag_columns(columns)
    kinds = [_kind(t) for t in tags]
    return _frame(
        _libpgn._game_columns(source, tags, kinds, lang, threads, byte_range, encoding), tags)
