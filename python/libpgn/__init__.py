"""libpgn: read, validate and convert chess games in PGN at C++ speed.

    import libpgn
    for game in libpgn.read_games("games.pgn.zst"):
        print(game.tags["White"], game.moves[:4], game.result)

See docs/python.md.
"""

from ._errors import FenError, IllegalMoveError, PgnError
from ._libpgn import (
    Game,
    GameIterator,
    Position,
    Problem,
    ProblemIterator,
    convert,
    read_games,
    validate,
)



def to_dataframe(source, columns=None, **options):
    """One row per game of `source` (a path, bytes or a binary file object), a pandas DataFrame.

    `columns` names the tags to keep (default: Event, Date, White, Black, WhiteElo, BlackElo,
    ECO): Elo and other number tags become Int64 (missing: <NA>), dates datetime.date
    (unknown parts: NaT), the others strings. Every frame also has offset, plies, result,
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
