"""Which build of the core is running: the native core (``sudoku_repl/core/_native.c``, a C
extension that ``pip install .`` builds wherever a C compiler and the Python headers are, see
docs/native.md) or pure Python (the reference: without a compiler, or with
``SUDOKU_REPL_ENGINE=pure``). ``python -m sudoku_repl.core.native`` and ``--version`` say which.

Both run the same session, record and views; only the engine's moves and the plain run loop
differ in where they run (``native_engine.NativeEngine``), and they produce the same events.

This module imports the extension only when asked.
"""

from __future__ import annotations

import os
import sys
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING

from sudoku_repl.core import native_check

if TYPE_CHECKING:
    from sudoku_repl.core.engine import Engine

#: ``SUDOKU_REPL_ENGINE=pure`` runs the pure engine even where the native core is installed
#: (how CI runs the suite on both builds); any other value, or none, takes the native core
#: when it is there.
ENV = "SUDOKU_REPL_ENGINE"


@cache
def _extension() -> tuple[ModuleType | None, str]:
    """The extension module, or None and why it cannot be used."""
    try:
        from sudoku_repl.core import _native  # type: ignore[attr-defined]
    except ImportError as e:
        if "cannot import name" in str(e):  # not there: the install had no C compiler
            return None, "the C extension was not built: no C compiler at install"
        return None, f"the C extension does not load: {e}"  # there, but broken or stale
    return (None, why) if (why := native_check.check(_native)) else (_native, "")


def available() -> bool:
    """Whether the native core is installed (whatever ``SUDOKU_REPL_ENGINE`` says)."""
    return _extension()[0] is not None


def active() -> bool:
    """Whether sessions run on the native core."""
    return os.environ.get(ENV, "") != "pure" and available()


def module() -> ModuleType | None:
    """The extension when sessions run on the native core (``active``), else None: the record's
    cell questions (``History.cell_track``) and the lines of their answers use its functions
    then, and their pure Python loops (the reference) otherwise."""
    return _extension()[0] if active() else None


def build() -> str:
    """The build in words: ``native core (C)``, or ``pure Python (no native core: why)``."""
    if active():
        return "native core (C)"
    if available():
        return f"pure Python (no native core: {ENV}=pure)"
    return f"pure Python (no native core: {_extension()[1]})"


def engine_type() -> type[Engine]:
    """The engine class sessions use: ``NativeEngine`` on the native build, else ``Engine``."""
    if active():
        from sudoku_repl.core.native_engine import NativeEngine

        return NativeEngine
    from sudoku_repl.core.engine import Engine

    return Engine


if __name__ == "__main__":
    print(build())
    sys.exit(0)
