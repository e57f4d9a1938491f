"""The one door to the accelerator: which build of the core is running, the native core
(``sudoku_repl/core/csrc/``, a C extension that ``pip install .`` builds wherever a C
compiler and the Python headers are, see docs/native.md) or pure Python (the reference: without
a compiler, or with ``SUDOKU_REPL_ENGINE=pure``). ``python -m sudoku_repl.core.native`` and
``--version`` say which.

As CPython's ``heapq`` and ``_heapq``: the pure code is the reference, the C a faster copy behind
the same names, and the build is chosen here, once (the first question reads the environment;
``reset`` makes the next one read it again). Nothing else in the package names the extension
but ``native_engine`` (the engine whose moves run in it): sessions take ``engine_type()``, and
the few readers with a C loop ask this module for it (``clash_test``, ``cell_track_scan``,
``value_events_scan``, ``removal_steps_scan``, ``drop_scan``, ``numbered_lines``, and the
puzzle makers' ``solution_counter``, ``making_function``, ``canonical_function``), each the C
function on the native build and None on the pure one (the caller's Python loop, the reference,
answers then).

Both builds run the same session, record and views, and produce the same events. This module
imports the extension, and the native engine, only when asked. Sudoku Explainer's C is an
extension of its own, with its own door one layer up (``techniques/explainer/native.py``): the
core names nothing of it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from sudoku_repl.core import native_check
from sudoku_repl.core.engine_choice import ENV as ENV
from sudoku_repl.core.engine_choice import PURE, not_built, pure_asked

if TYPE_CHECKING:
    from sudoku_repl.core.engine import Engine

# ``SUDOKU_REPL_ENGINE=pure`` runs the pure engine even where the native core is installed
# (how CI runs the suite on both builds); ``native``, nothing, or a value that names no build
# (which the command line says at its start: ``engine_choice.unknown``) takes the native core
# when it is there.

#: whether sessions run on the native core, once chosen (None: not yet; the next question reads
#: ``ENV``). A test that changes ``ENV`` sets this to None too, with ``monkeypatch.setattr``,
#: which puts the choice back after it.
selected: bool | None = None


@cache
def _extension() -> tuple[ModuleType | None, str]:
    """The extension module, or None and why it cannot be used."""
    try:
        from sudoku_repl.core import _native  # type: ignore[attr-defined]
    except ImportError as e:
        if "cannot import name" in str(e):  # not there: no C compiler, or a tree not built
            return None, not_built("the C extension", os.path.dirname(native_check.__file__))
        return None, f"the C extension does not load: {e}"  # there, but broken or stale
    return (None, why) if (why := native_check.check(_native)) else (_native, "")


def available() -> bool:
    """Whether the native core is installed (whatever ``SUDOKU_REPL_ENGINE`` says)."""
    return _extension()[0] is not None


def _select() -> bool:
    global selected
    selected = not pure_asked() and available()
    return selected


def active() -> bool:
    """Whether sessions run on the native core (chosen once: ``selected``)."""
    chosen = selected
    return _select() if chosen is None else chosen


def reset() -> None:
    """Forget the choice: the next question reads ``SUDOKU_REPL_ENGINE`` again."""
    global selected
    selected = None


def build() -> str:
    """The build in words: ``native core (C)``, or ``pure Python (no native core: why)``."""
    if active():
        return "native core (C)"
    if available():
        return f"pure Python (no native core: {ENV}={PURE})"
    return f"pure Python (no native core: {_extension()[1]})"


@cache
def _engine_types() -> tuple[type[Engine], type[Engine]]:
    """(the pure engine class, the native one), imported on first use: ``build`` and
    ``--version`` need neither."""
    from sudoku_repl.core.engine import Engine

    if not available():
        return Engine, Engine
    from sudoku_repl.core.native_engine import NativeEngine

    return Engine, NativeEngine


def engine_type() -> type[Engine]:
    """The engine class sessions use: ``NativeEngine`` on the native build, else ``Engine``.
    Both have the same methods and typed results (``engine.Engine``)."""
    return _engine_types()[active()]


# -- the C loops of the readers, typed: None on the pure build -------------------------------


def _function(name: str) -> Any:
    """The extension's function ``name`` on the native build, else None."""
    return getattr(_extension()[0], name) if active() else None


class CellTrackScan(Protocol):
    """``History.cell_track`` read from the chunks' buffers (``csrc/record.c``'s ``cell_track``):
    (steps as uint32 bytes, values before, values, candidates before and after as uint16
    bytes, the passing values as [(entry, values)])."""

    def __call__(
        self,
        chunks: list[Any],
        cell: int,
        stop: int,
        steps: Any,
        start_steps: int,
        start_value: int,
        start_cands: int,
        wide: bool,
        write_out: Callable[[int], object],
        /,
    ) -> tuple[bytes, bytes, bytes, bytes, bytes, list[tuple[int, tuple[int, ...]]]]: ...


class ValueEventsScan(Protocol):
    """``history.value_events`` over a cell's track: (steps as uint32 bytes, codes)."""

    def __call__(
        self,
        steps: Any,
        values_before: bytes,
        values: bytes,
        passing: dict[int, tuple[int, ...]],
        held: int,
        /,
    ) -> tuple[bytes, bytes]: ...


class RemovalStepsScan(Protocol):
    """``history.removal_steps`` over a cell's track: the steps as uint32 bytes."""

    def __call__(self, steps: Any, values: bytes, cands: Any, bit: int, empty: int, /) -> bytes: ...


class DropScanner(Protocol):
    """``record.dropped.scan`` on the chunks' buffers (``csrc/record.c``'s ``drop_scan``): (the
    record's chunks, the first and the stop chunk, its step counts as an array('I'), the step
    count before its first move, whether cells are 16-bit, ``write_out``, then the
    ``DropScan``'s last_empty, held, removed and waiting arrays, written in place) -> None."""

    def __call__(
        self,
        chunks: list[Any],
        first: int,
        stop: int,
        steps: Any,
        start_steps: int,
        wide: bool,
        write_out: Callable[[int], object],
        last_empty: Any,
        held: Any,
        removed: Any,
        waiting: Any,
        /,
    ) -> None: ...


def clash_test() -> Callable[[bytes, bytes], bool] | None:
    """``quiz``'s clash test in C: ``(values a byte per cell, the units as 16-bit numbers: each
    its number of cells, then its cells)`` -> whether no unit gives a value twice."""
    test: Callable[[bytes, bytes], bool] | None = _function("clash_free")
    return test


def cell_track_scan() -> CellTrackScan | None:
    """``History.cell_track``'s scan of the chunks in C."""
    scan: CellTrackScan | None = _function("cell_track")
    return scan


def value_events_scan() -> ValueEventsScan | None:
    """``history.value_events`` in C."""
    scan: ValueEventsScan | None = _function("value_events")
    return scan


def removal_steps_scan() -> RemovalStepsScan | None:
    """``history.removal_steps`` in C."""
    scan: RemovalStepsScan | None = _function("removal_steps")
    return scan


def solution_counter() -> Callable[[bytes, int], int] | None:
    """``counting.count_solutions`` in C (``csrc/counting.c``): (81 bytes, limit) -> count."""
    count: Callable[[bytes, int], int] | None = _function("count_solutions")
    return count


def settler() -> Callable[[bytes], bool] | None:
    """``counting.settles`` in C (``csrc/counting.c``): 81 bytes -> whether the rules solve it."""
    settles: Callable[[bytes], bool] | None = _function("settles")
    return settles


def making_function(name: str) -> Any:
    """A function of ``making`` in C (``csrc/making.c``: ``random_completion``,
    ``minimal_puzzle``, ``is_minimal``, ``neighbours``), each taking and handing back the
    ``Rng``'s state where it draws; ``making`` types their answers."""
    return _function(name)


def canonical_function() -> Callable[[bytes], str] | None:
    """``canonical.canonical_form`` in C (``csrc/canonical.c``): 81 bytes -> 81 characters."""
    form: Callable[[bytes], str] | None = _function("canonical_form")
    return form


def drop_scan() -> DropScanner | None:
    """``History.drop_oldest``'s scan of the moves it drops in C."""
    scan: DropScanner | None = _function("drop_scan")
    return scan


if __name__ == "__main__":
    print(build())
    sys.exit(0)
