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
from ._frames import to_dataframe

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
