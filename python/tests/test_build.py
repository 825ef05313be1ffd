"""How the module is built: what it shows the dynamic loader, the package's bytecode."""

import importlib.util
import pathlib
import shutil
import subprocess

import pytest

import libpgn._libpgn


def test_the_module_exports_no_library_symbol():
    """The library linked into the module keeps its symbols to itself: exported, every call
    between its functions went through the PLT, every table through the GOT, and the loader
    bound each at import (docs/performance.md)."""
    nm = shutil.which("nm")
    if nm is None:
        pytest.skip("nm (binutils) is not installed")
    listing = subprocess.run([nm, "-D", "--defined-only", libpgn._libpgn.__file__],
                             capture_output=True, text=True, check=True).stdout
    names = [line.split()[-1] for line in listing.splitlines() if line.strip()]
    assert "PyInit__libpgn" in names
    # Itanium-mangled names in namespace pgn start _ZN3pgn (_ZNK3pgn for const members).
    library = [n for n in names if "3pgn" in n]
    assert library == [], library[:10]


def test_the_package_bytecode_is_compiled_by_the_build():
    """Each module of the package has its bytecode beside it, checked against its source's
    hash, so that an interpreter that may not write bytecode (PYTHONDONTWRITEBYTECODE) does
    not compile the package on every start (docs/performance.md). A file the interpreter
    wrote itself would be checked against the source's time instead."""
    package = pathlib.Path(libpgn._libpgn.__file__).parent
    sources = sorted(package.glob("*.py"))
    assert [s.name for s in sources if s.name in ("__init__.py", "_errors.py", "_version.py")] \
        == ["__init__.py", "_errors.py", "_version.py"]
    for source in sources:
        cached = pathlib.Path(importlib.util.cache_from_source(str(source)))
        assert cached.exists(), cached
        data = cached.read_bytes()
        assert data[:4] == importlib.util.MAGIC_NUMBER, cached
        flags = int.from_bytes(data[4:8], "little")
        assert flags == 0b11, (cached, flags)  # hash-based, checked against the source
        assert data[8:16] == importlib.util.source_hash(source.read_bytes()), cached
