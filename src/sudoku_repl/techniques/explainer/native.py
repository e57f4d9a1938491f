"""The explainer's door to its C (``techniques/explainer/csrc/``, the extension
``sudoku_repl.techniques.explainer._native`` that ``pip install .`` builds beside the core's
wherever a C compiler is, docs/native.md): Sudoku Explainer's chain search, aligned exclusion,
the ladder below the chains and the rating's loop. ``python -m
sudoku_repl.techniques.explainer.native`` says which build runs.

As the core's door (``core/native.py``), one layer down: the pure Python (``forcing.Chainer``,
``chains.py``, ...) is the reference, the C a faster copy behind the same names, chosen here,
once (the first question reads the environment; ``reset`` makes the next one read it again).
Each function below is the C function on the native build and None on the pure one, where the
caller's Python answers: without the extension (no C compiler, or a failed compile) or with
``SUDOKU_REPL_ENGINE=pure``. The two extensions are built, and fall back, each on its own: the
core's C never reaches this one (the techniques import the core, never the reverse).

Nothing else in the package names the extension; ``native_chains`` and ``native_ladder`` turn
what its functions give into hints.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Protocol

from sudoku_repl.core.doors import Door


def _load() -> ModuleType:
    from sudoku_repl.techniques.explainer import _native  # type: ignore[attr-defined]

    module: ModuleType = _native
    return module


#: the door (``core/doors``): ``selected`` the choice once made
door = Door(_load, "the explainer's C extension", os.path.dirname(__file__), "explainer")
_extension = door.extension
available, active, reset, build = door.available, door.active, door.reset, door.build
_function = door.function


#: a technique's hints as the C gives them: (name number, rating, removals, placement,
#: complexity, sort key), easiest first
ChainFound = list[
    tuple[int, int, tuple[tuple[int, int], ...], tuple[int, int] | None, int, int, int]
]
#: a finding's removals, (cell, value) pairs
Removed = tuple[tuple[int, int], ...]
#: ``ChainFound`` (``shaped``) with each finding's shape last (``csrc/include/se_found.h``)
ShapedFound = list[
    tuple[
        int, int, tuple[tuple[int, int], ...], tuple[int, int] | None, int, int, int,
        tuple[int, ...],
    ]
]  # fmt: skip


def se_geometry() -> Callable[..., object] | None:
    """The C's copy of a ``grid.Geometry`` (``se_geometry``: its units, unit types, region
    peers and peers -> a capsule that the searches below take as their ``geometry``, None being
    classic sudoku's); None on the pure build. Bad input raises ValueError."""
    make: Callable[..., object] | None = _function("se_geometry")
    return make


class SeChainer(Protocol):
    """``forcing.Chainer``'s hints in C (``se_chainer``, ``se_nested.c``): (the grid's values
    and candidate masks, 81 ints each, multiple, dynamic, nishio, level 0-4, a deadline on
    ``time.monotonic``'s clock or None, a callable saying stop or None, and for level 4 the
    level 0-3 of its nested dynamic chains, a memo from ``se_memo`` or None, a geometry from
    ``se_geometry`` or None, ``shaped``, and the "+" rules' set: 0 classic sudoku's, 1-3 a
    variant's, ``native_chains.plus_of``) -> its hints (``ChainFound``, ``ShapedFound`` when
    shaped) easiest first, or when stopped 1 (the deadline passed) or 2 (the callable said
    stop). Bad input raises ValueError."""

    def __call__(
        self,
        values: list[int],
        cands: list[int],
        multiple: bool,
        dynamic: bool,
        nishio: bool,
        level: int,
        deadline: float | None,
        poll: Callable[[], object] | None,
        nesting: int = 0,
        memo: object = None,
        geometry: object = None,
        shaped: bool = False,
        plus: int = 0,
        /,
    ) -> ChainFound | ShapedFound | int: ...


def se_chainer() -> SeChainer | None:
    """Sudoku Explainer's forcing-chain search in C (``native_chains``)."""
    search: SeChainer | None = _function("se_chainer")
    return search


def se_memo() -> Callable[[], object] | None:
    """A new memo of the nested chains' inner findings by grid, for the searches of one rating
    (``se_chainer``'s last argument); None on the pure build."""
    make: Callable[[], object] | None = _function("se_memo")
    return make


class SeCycles(Protocol):
    """``chains.cycles_and_forcing_chains``' hints in C (``se_cycles.c``): (values, candidate
    masks, deadline, stop callable, a geometry or None, shaped, shortest) -> as ``SeChainer``;
    ``shortest``: the batch path's search, whose forcing chains may be others of their length."""

    def __call__(
        self,
        values: list[int],
        cands: list[int],
        deadline: float | None,
        poll: Callable[[], object] | None,
        geometry: object = None,
        shaped: bool = False,
        shortest: bool = False,
        /,
    ) -> ChainFound | ShapedFound | int: ...


def se_cycles() -> SeCycles | None:
    """Sudoku Explainer's cycles and forcing X/Y chains in C (``native_chains``)."""
    search: SeCycles | None = _function("se_cycles")
    return search


class SeExclusion(Protocol):
    """``exclusion.aligned_exclusion``'s hints in C (``se_exclusion.c``): (values, candidate
    masks, degree 2 or 3, at most this many hints or 0 for all, a geometry or None, shaped)
    -> their removals (shaped: each with its cells, (removals, cells))."""

    def __call__(
        self,
        values: list[int],
        cands: list[int],
        degree: int,
        limit: int,
        geometry: object = None,
        shaped: bool = False,
        /,
    ) -> list[Removed] | list[tuple[Removed, tuple[int, ...]]]: ...


def se_exclusion() -> SeExclusion | None:
    """Aligned pair and triplet exclusion in C (``native_chains``)."""
    search: SeExclusion | None = _function("se_exclusion")
    return search


class SeLadder(Protocol):
    """A technique of Sudoku Explainer's ladder below the chains in C (``se_ladder.c``):
    (values, candidate masks, the technique's number, its degree, at most this many hints or 0
    for all) -> [(name number, rating, removals, placement, shape)] in the Python's order (the
    shape: what serate's description of the finding names, ``csrc/include/se_rungs.h``). Bad
    input raises ValueError."""

    def __call__(
        self, values: list[int], cands: list[int], technique: int, degree: int, limit: int, /
    ) -> list[
        tuple[int, int, tuple[tuple[int, int], ...], tuple[int, int] | None, tuple[int, ...]]
    ]: ...


def se_ladder() -> SeLadder | None:
    """A technique below the chains in C, from singles to the BUG (``native_ladder``)."""
    search: SeLadder | None = _function("se_ladder")
    return search


class SeClimb(Protocol):
    """The rating's loop in C (``se_rating.c``): (values, candidate masks, the order as
    (technique, degree) pairs, the ladder's and the chains', above and below in tenths or -1,
    a callable saying stop or None, a deadline on ``time.monotonic``'s clock or None, a memo
    from ``se_memo`` or None) -> (the steps taken, each as (its technique's index in the order,
    (name number, rating, removals, placement, shape)), why it stopped, the index of the
    technique the deadline stopped or -1, the grid's values and candidate masks as the steps
    leave them, new lists). A step's shape is what serate's description of the finding it
    applied names (``csrc/include/se_rungs.h``, ``se_found.h``). Bad input raises
    ValueError."""

    def __call__(
        self,
        values: list[int],
        cands: list[int],
        order: list[tuple[int, int]],
        above: int,
        below: int,
        poll: Callable[[], bool] | None,
        deadline: float | None = None,
        memo: object = None,
        /,
    ) -> tuple[
        list[
            tuple[
                int,
                tuple[
                    int,
                    int,
                    tuple[tuple[int, int], ...],
                    tuple[int, int] | None,
                    tuple[int, ...],
                ],
            ]
        ],
        int,
        int,
        list[int],
        list[int],
    ]: ...


def se_climb() -> SeClimb | None:
    """The rating's steps over the explainer's native techniques in C (``native_ladder``)."""
    search: SeClimb | None = _function("se_climb")
    return search


class SeBelow(Protocol):
    """Whether the rating's techniques solve a grid by steps all rated below a rating, in C
    (``se_rating.c``'s ``se_below``, ``rating.below_at_once``'s): (the puzzle's 81 givens as
    bytes, 0 for an empty cell, the order as ``SeClimb``'s, the rating in tenths, a callable
    saying stop or None, a memo from ``se_memo`` or None, the rating in tenths at which the
    path may stop, or -1) -> the highest rating of a step taken (solved so, or stopped at
    ``enough``), 0 (not known), 1 (the callable said stop). Bad input raises ValueError."""

    def __call__(
        self,
        givens: bytes,
        order: list[tuple[int, int]],
        least: int,
        poll: Callable[[], bool] | None,
        memo: object = None,
        enough: int = -1,
        /,
    ) -> int: ...


def se_below() -> SeBelow | None:
    """``rating.below_at_once``'s batches in C."""
    search: SeBelow | None = _function("se_below")
    return search


class SeVladder(Protocol):
    """The variant ladder's question in C (``se_vladder.c``): (values, candidate masks, a
    geometry from ``se_geometry``, the order's technique codes (-1: the Python's), the index to
    start from, the turbot fish's (base, cover) types flattened, its share types) -> the index
    of the first code from the start whose technique finds a step, or that is -1; the codes'
    count where none. Bad input raises ValueError."""

    def __call__(
        self,
        values: list[int],
        cands: list[int],
        geometry: object,
        codes: tuple[int, ...],
        start: int,
        sets: tuple[int, ...],
        shares: tuple[int, ...],
        /,
    ) -> int: ...


def se_vladder() -> SeVladder | None:
    """The first technique of a variant rating's order that finds a step (``native_vladder``)."""
    search: SeVladder | None = _function("se_vladder")
    return search


if __name__ == "__main__":
    print(build())
    sys.exit(0)
