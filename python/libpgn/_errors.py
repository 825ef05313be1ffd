"""libpgn's exceptions: each carries the libpgn code and, where there is one, the place."""


class PgnError(Exception):
    """An input libpgn could not read: `code` (e.g. "io"), `file`, `line`, `column`."""

    def __init__(self, message, *, code, file=None, line=None, column=None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.file = file
        self.line = line
        self.column = column

    def __str__(self):
        where = ""
        if self.file:
            where = self.file
            if self.line:
                where += f":{self.line}"
                if self.column:
                    where += f":{self.column}"
            where += ": "
        return f"{where}{self.message} [{self.code}]"


class FenError(PgnError, ValueError):
    """A FEN that is not a legal position; `code` is libpgn's (e.g. "fen-castling")."""


class IllegalMoveError(PgnError, ValueError):
    """A move that cannot be played in the position; `code` says why (e.g. "illegal-move")."""


for _error in (PgnError, FenError, IllegalMoveError):
    _error.__module__ = "libpgn"
