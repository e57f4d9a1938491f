"""The installed distribution's version: the one number, in ``pyproject.toml``, read from the
metadata on first use (``sudoku_repl.version`` and what every layer says it with: ``rate``'s
settings line, the dossier of ``difficulty``), then kept: it does not change while the process
runs, and reading it parses the package's METADATA file (from a zip, in the web page), which
``difficulty`` paid on every command."""

from __future__ import annotations

#: the version once read (None: not yet)
_read: str | None = None


def installed() -> str:
    """The version, ``0+unknown`` run from a source tree that was never installed."""
    global _read
    if _read is None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            _read = version("sudoku-repl")
        except PackageNotFoundError:
            _read = "0+unknown"
    return _read
