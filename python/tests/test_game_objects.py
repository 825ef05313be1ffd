"""Game objects' lifetimes and references: games kept after their iterator moved on or went,
attributes read again and again, memory over repeated reads, and the Game type's interface."""

import gc
import pydoc
import sys
import threading
import weakref

import pytest

import libpgn
from conftest import corpus

TWIC = "real/twic0920.pgn"
LICHESS = "real/lichess_db_1000k.pgn"
SMALL = "edge/python-chess/immortal-games.pgn"


def plain(game):
    return dict(game.tags), list(game.moves), game.result, game.line, game.offset


@pytest.mark.parametrize("threads", [1, 2])
def test_games_kept_after_their_iterator_are_intact(threads):
    path = corpus(TWIC)
    expected = [plain(g) for g in libpgn.read_games(path, threads=1)]
    # Every tenth game kept, its attributes not read while reading: its batch must outlive
    # the iterator, which goes before the games are read.
    it = libpgn.read_games(path, threads=threads)
    kept = [g for i, g in enumerate(it) if i % 10 == 0]
    del it
    gc.collect()
    for _ in range(3):  # made once, then the same objects
        assert [plain(g) for g in kept] == expected[::10]
    assert kept[1].pgn().startswith("[Event ")
    assert kept[-1].uci()


def test_games_kept_after_an_early_close():
    path = corpus(TWIC)
    expected = [plain(g) for g in libpgn.read_games(path, threads=1)]
    with libpgn.read_games(path, threads=2) as it:
        games = [next(it) for _ in range(50)]
    rest = list(it)  # what the last batch read held
    assert len(rest) < len(expected)
    del it, rest
    gc.collect()
    assert [plain(g) for g in games] == expected[:50]


def test_attributes_are_made_once_and_hold_no_extra_reference():
    game = next(iter(libpgn.read_games(corpus(TWIC), threads=1)))
    tags, moves = game.tags, game.moves
    assert game.tags is tags and game.moves is moves
    counts = sys.getrefcount(tags), sys.getrefcount(moves), sys.getrefcount(game)
    for _ in range(1000):
        game.tags, game.moves, game.result, game.plies, game.file, game.problems
    assert (sys.getrefcount(tags), sys.getrefcount(moves), sys.getrefcount(game)) == counts


def test_reading_again_returns_every_reference_it_took():
    # The strs of moves and tags are shared from game to game: a reference taken and not given
    # back shows in their counts. A small input, so that its texts stay in the tables.
    path = corpus(SMALL)

    def read():
        for g in libpgn.read_games(path, threads=1):
            g.tags, g.moves, g.to_dict(), repr(g)

    read()
    first = next(iter(libpgn.read_games(path, threads=1)))
    objects = [*first.tags, *first.tags.values(), *first.moves]
    del first
    gc.collect()
    counts = [sys.getrefcount(o) for o in objects]
    for _ in range(3):
        read()
    gc.collect()
    assert [sys.getrefcount(o) for o in objects] == counts


def resident_kb():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4


@pytest.mark.parametrize("relative", [TWIC, LICHESS])
def test_memory_is_flat_over_repeated_reads(relative):
    path = corpus(relative)

    def read():
        n = 0
        for g in libpgn.read_games(path, threads=2):
            n += len(g.tags) + len(g.moves)
        return n

    total = read()
    read()
    gc.collect()
    before = resident_kb()
    for _ in range(4):
        assert read() == total
    gc.collect()
    # A dict or a list kept per game would be megabytes here.
    assert resident_kb() - before < 3000


def test_a_game_in_its_own_tags_is_collected():
    game = next(iter(libpgn.read_games(corpus(SMALL), threads=1)))
    game.tags["self"] = game
    del game
    assert gc.collect() >= 2  # the game and its tags


def test_game_interface():
    game = next(iter(libpgn.read_games(corpus(SMALL), threads=1)))
    for made_only_by_reading in (libpgn.Game, libpgn.GameIterator):
        with pytest.raises(TypeError):
            made_only_by_reading()
    with pytest.raises(TypeError):
        game.fen_at("1")
    with pytest.raises(TypeError):
        game.fen_at(1.0)
    with pytest.raises(IndexError):
        game.fen_at(len(game.moves) + 1)
    assert game.fen_at(ply=0) == game.fen_at(0) == libpgn.Position().fen()
    with pytest.raises(AttributeError):
        game.tags = {}
    assert repr(game).startswith("<Game 1: ")
    iterator = libpgn.read_games(corpus(SMALL), threads=1)
    references = weakref.ref(game), weakref.ref(iterator)
    assert references[0]() is game and references[1]() is iterator
    del game, iterator
    assert references[0]() is None and references[1]() is None
    page = pydoc.render_doc(libpgn.Game, renderer=pydoc.plaintext)
    for name in ["tags", "moves", "uci", "fen_at", "result", "variant", "comments", "clocks",
                 "evals", "mates", "problems", "valid", "plies", "notation", "index", "line",
                 "offset", "file", "pgn", "to_dict"]:
        assert getattr(libpgn.Game, name).__doc__, name
        assert f"\n |  {name}" in page, name


def test_games_shared_between_threads():
    # A batch's count of games is kept with the GIL held: games made on one thread and dropped
    # on others, while both read, must leave every batch intact.
    path = corpus(TWIC)
    expected = [plain(g) for g in libpgn.read_games(path, threads=1)]
    handed = []
    results = {}

    def produce():
        for g in libpgn.read_games(path, threads=2):
            handed.append(g)

    def consume(name):
        seen = []
        for g in libpgn.read_games(path, threads=1):
            seen.append(plain(g))
            while handed:
                try:
                    handed.pop().tags
                except IndexError:
                    break
        results[name] = seen

    threads = [threading.Thread(target=produce)] + [
        threading.Thread(target=consume, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results[0] == expected and results[1] == expected


def test_position_reads_what_other_tools_write():
    # The board with the side to move only (EPD-style tools, python-chess's examples).
    assert libpgn.Position("8/8/8/8/8/8/Q7/K6k w").fen() == "8/8/8/8/8/8/Q7/K6k w - - 0 1"
    # Castling rights only Chess960 has: a Chess960 position, castling by king-takes-rook.
    position = libpgn.Position("4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1")
    assert {"d1a1", "d1h1"} <= set(position.legal_moves)
