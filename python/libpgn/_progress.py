"""read_games(..., progress=True): a tqdm bar over the games as they are read.

tqdm (Debian: python3-tqdm) is optional: without it the games come as they would without
progress=True, and nothing is said. The bar counts bytes of the input when they are known (a
plain file or bytes: each game's offset), else games.
"""

import os

# The magic numbers of zstd, gzip and bzip2: offsets in such a file are in its decompressed
# text, whose size is not known in advance.
_COMPRESSED = (b"\x28\xb5\x2f\xfd", b"\x1f\x8b", b"BZh")


def _byte_total(source, byte_range):
    """The bytes the games' offsets run through, or None when they are not known."""
    if byte_range is not None:
        start, end = byte_range
        return end - start
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source[:4])
        return None if data.startswith(_COMPRESSED) else len(source)
    if isinstance(source, (str, os.PathLike)):
        try:
            with open(source, "rb") as f:
                if f.read(4).startswith(_COMPRESSED):
                    return None
            return os.path.getsize(source)
        except OSError:
            return None  # the reader says why
    return None


class ProgressGames:
    """The games of a GameIterator, with a tqdm bar that follows them; closing closes both."""

    def __init__(self, games, bar, by_bytes):
        self._games = games
        self._bar = bar
        self._by_bytes = by_bytes

    def __iter__(self):
        return self

    def __next__(self):
        try:
            game = next(self._games)
        except BaseException:
            if self._by_bytes and self._bar.total is not None:
                self._bar.update(self._bar.total - self._bar.n)
            self._bar.close()
            raise
        self._bar.update(game.offset - self._bar.n if self._by_bytes else 1)
        return game

    def close(self):
        self._games.close()
        self._bar.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def with_progress(games, source, byte_range):
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return games
    total = _byte_total(source, byte_range)
    if total is None:
        return ProgressGames(games, tqdm(unit=" games", unit_scale=True), by_bytes=False)
    return ProgressGames(games, tqdm(total=total, unit="B", unit_scale=True), by_bytes=True)
