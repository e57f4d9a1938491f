"""The measures' door to their C (``techniques/difficulty/csrc/``, the extension
``sudoku_repl.techniques.difficulty._native`` that ``pip install .`` builds beside the core's
and the explainer's wherever a C compiler is, docs/native.md). ``python -m
sudoku_repl.techniques.difficulty.native`` says which build runs.

As the explainer's door: the pure Python (``brt``, ``te``, ``backdoors``, ``guesses``,
``solving``) is the reference, the C a faster copy, chosen here once (the first question reads
``SUDOKU_REPL_ENGINE``; ``reset`` makes the next one read it again). Each function below is the
C function on the native build and None on the pure one, where the caller's Python answers.
Nothing else in the package names the extension.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from types import ModuleType
from typing import Protocol

from sudoku_repl.core.doors import Door

#: the C's names for the basic rules: BRT, and the original's run modes 0-2 (``guesses``)
BRT_RULES = -1


def _load() -> ModuleType:
    from sudoku_repl.techniques.difficulty import _native  # type: ignore[attr-defined]

    module: ModuleType = _native
    return module


#: the door (``core/doors``): ``selected`` the choice once made
door = Door(_load, "the measures' C extension", os.path.dirname(__file__), "measures of difficulty")
_extension = door.extension
available, active, reset, build = door.available, door.active, door.reset, door.build
_function = door.function


class Brt(Protocol):
    """BRT on 81 masks: the masks reached, or None at a contradiction."""

    def __call__(self, cands: Sequence[int], /) -> tuple[int, ...] | None: ...


class Depth(Protocol):
    """(masks, limit, rules: -1 BRT or a run mode 0-2, the solution as 81 bytes 1-9 or None)
    -> the least n <= limit for which T&E(rules, n) solves, -1 past the limit, -2 when the
    rules meet a contradiction."""

    def __call__(
        self, cands: Sequence[int], limit: int, rules: int, solution: bytes | None, /
    ) -> int: ...


class Solutions(Protocol):
    """(masks, limit 1 or 2) -> up to limit solutions, each 81 bytes 1-9."""

    def __call__(self, cands: Sequence[int], limit: int, /) -> list[bytes]: ...


class BrtBackdoors(Protocol):
    """(masks, solution) -> the BRT backdoors' cells ascending, or None at a contradiction."""

    def __call__(self, cands: Sequence[int], solution: bytes, /) -> list[int] | None: ...


class CandidateBackdoors(Protocol):
    """(masks, solution, size 1 or 2) -> the backdoors flat, ``size`` entries each, an entry
    ``cell * 9 + digit - 1``; None at a contradiction."""

    def __call__(self, cands: Sequence[int], solution: bytes, size: int, /) -> list[int] | None: ...


class FewestGuesses(Protocol):
    """(masks, solution, limit, rules) -> (the size, -1 past the limit or -2 a contradiction;
    the cells of one set)."""

    def __call__(
        self, cands: Sequence[int], solution: bytes, limit: int, rules: int, /
    ) -> tuple[int, list[int]]: ...


class Rating(Protocol):
    """(masks, bound, the solution as 81 bytes 1-9 or None) -> the B rating (braids up to the
    bound, 0-64) or the BxB or BxBB rating (1-16): -1 past the bound, -2 at a contradiction."""

    def __call__(self, cands: Sequence[int], bound: int, solution: bytes | None, /) -> int: ...


def brt() -> Brt | None:
    found: Brt | None = _function("df_brt")
    return found


def depth() -> Depth | None:
    found: Depth | None = _function("df_depth")
    return found


def solutions() -> Solutions | None:
    found: Solutions | None = _function("df_solutions")
    return found


def brt_backdoors() -> BrtBackdoors | None:
    found: BrtBackdoors | None = _function("df_brt_backdoors")
    return found


def candidate_backdoors() -> CandidateBackdoors | None:
    found: CandidateBackdoors | None = _function("df_candidate_backdoors")
    return found


def fewest_guesses() -> FewestGuesses | None:
    found: FewestGuesses | None = _function("df_fewest_guesses")
    return found


def b_rating() -> Rating | None:
    found: Rating | None = _function("df_b_rating")
    return found


def bxb_rating() -> Rating | None:
    found: Rating | None = _function("df_bxb_rating")
    return found


def bxbb_rating() -> Rating | None:
    found: Rating | None = _function("df_bxbb_rating")
    return found


if __name__ == "__main__":
    print(build())
