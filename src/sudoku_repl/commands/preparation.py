"""What must be done before the first handler that needs the engine (the run modes'
registration, handed in by ``table.install``), done once by ``ready()``.

Its own module, below both the declarations' language (``spec``, whose run-mode words need the
modes registered) and the table, so that neither imports the other for it.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    from collections.abc import Callable

#: what ``ready()`` must do before the first handler that needs the engine
_PREPARE: list[Callable[[], None]] = []


def prepare(first: Callable[[], None]) -> None:
    """Have ``ready()`` call ``first`` (once)."""
    _PREPARE.append(first)


def ready() -> None:
    """Do what ``prepare`` was given to do before the engine is used (once)."""
    while _PREPARE:
        _PREPARE.pop(0)()
