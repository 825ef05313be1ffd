"""libpgn: read, validate and convert chess games in PGN at C++ speed.

    import libpgn
    for game in libpgn.read_games("games.pgn.zst"):
        print(game.tags["White"], game.moves[:4], game.result)

See docs/python.md.
"""

from ._errors import FenError, IllegalMoveError, PgnError
from ._version import __version__
from ._libpgn import (
    Game,
    GameIterator,
    Position,
    Problem,
    ProblemIterator,
    convert,
    validate,
)
from ._libpgn import read_games as _read_games


def read_games(source, *, progress=False, **options):
    """Iterates the games of `source`; see the reader's own documentation below.

    progress=True shows a tqdm bar (bytes read, or games for compressed input) when tqdm is
    installed (Debian: python3-tqdm), and changes nothing when it is not.
    """
    games = _read_games(source, **options)
    if not progress:
        return games
    from ._progress import with_progress

    return with_progress(games, source, options.get("byte_range"))


read_games.__doc__ += "\n" + _read_games.__doc__



def to_dataframe(source, columns=None, **options):
    """One row per game of `source` (a path, bytes or a binary file object), a pandas DataFrame.

    `columns` names the tags to keep (default: Event, Date, White, Black, WhiteElo, BlackElo,
    ECO): Elo and other number tags become Int64 (missing: <NA>), dates datetime.date
    (unknown parts: NaT) with Int64 columns Date_year, Date_month and Date_day beside them
    (1922.??.?? keeps its year), the others strings. Every frame also has offset, plies, result,
    termination (the Termination tag), valid, errors, warnings and notation. Options: lang,
    threads, byte_range, as for read_games. pandas is imported on the first call.
    """
    from . import _frames

    if columns is None:
        columns = _frames.DEFAULT_COLUMNS
    return _frames.to_dataframe(source, columns, **options)


__all__ = [
    "FenError",
    "Game",
    "GameIterator",
    "IllegalMoveError",
    "PgnError",
    "Position",
    "Problem",
    "ProblemIterator",
    "convert",
    "read_games",
    "to_dataframe",
    "validate",
]
