"""The installed distribution's version: the one number, in ``pyproject.toml``, read from the
metadata on first use (``sudoku_repl.version`` and what every layer says it with: ``rate``'s
settings line, the dossier of ``difficulty``)."""

from __future__ import annotations


def installed() -> str:
    """The version, ``0+unknown`` run from a source tree that was never installed."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("sudoku-repl")
    except PackageNotFoundError:
        return "0+unknown"
