"""The pure core: geometry, the engine and its filters, run modes, the record, breakpoints and
the session. It never prints or reads a terminal and imports nothing above it.

``compiled()`` and ``build()`` tell which build of the core is running (``native``)."""

from __future__ import annotations


def compiled() -> bool:
    """Whether the compiled core (``SUDOKU_REPL_COMPILE=1 pip install .``) is running."""
    from sudoku_repl.core import native

    return native.compiled()


def build() -> str:
    """``compiled core (mypyc)`` or ``pure Python`` (``native.build``)."""
    from sudoku_repl.core import native

    return native.build()
