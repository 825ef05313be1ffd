"""How the module is built: what it shows the dynamic loader."""

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
