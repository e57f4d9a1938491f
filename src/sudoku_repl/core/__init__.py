"""The pure core: geometry, the engine and its filters, run modes, the record, breakpoints and
the session. It never prints or reads a terminal and imports nothing above it.

``is_native()`` and ``build()`` tell which build of the core is running (``native``)."""

from __future__ import annotations


def is_native() -> bool:
    """Whether the native core (the C extension ``pip install .`` builds) is running."""
    from sudoku_repl.core import native as build_info

    return build_info.active()


def build() -> str:
    """``native core (C)`` or ``pure Python (no native core: why)`` (``native.build``)."""
    from sudoku_repl.core import native as build_info

    return build_info.build()
