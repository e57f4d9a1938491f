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
from functools import cache
from types import ModuleType
from typing import Any, Protocol

from sudoku_repl.core.engine_choice import ENV, PURE, not_built, pure_asked

#: whether the measures run their C, once chosen (None: not yet)
selected: bool | None = None

#: the C's names for the basic rules: BRT, and the original's run modes 0-2 (``guesses``)
BRT_RULES = -1


@cache
def _extension() -> tuple[ModuleType | None, str]:
    """The extension module, or None and why it cannot be used."""
    try:
        from sudoku_repl.techniques.difficulty import _native  # type: ignore[attr-defined]
    except ImportError as e:
        if "cannot import name" in str(e):
            return None, not_built("the measures' C extension", os.path.dirname(__file__))
        return None, f"the measures' C extension does not load: {e}"
    return _native, ""


def available() -> bool:
    """Whether the measures' C is installed (whatever ``SUDOKU_REPL_ENGINE`` says)."""
    return _extension()[0] is not None


def active() -> bool:
    """Whether the measures run their C (chosen once: ``selected``)."""
    global selected
    chosen = selected
    if chosen is None:
        chosen = selected = not pure_asked() and available()
    return chosen


def reset() -> None:
    """Forget the choice: the next question reads ``SUDOKU_REPL_ENGINE`` again."""
    global selected
    selected = None


def build() -> str:
    """The build in words, as the other doors say theirs."""
    if active():
        return "native measures of difficulty (C)"
    if available():
        return f"pure Python (no native measures of difficulty: {ENV}={PURE})"
    return f"pure Python (no native measures of difficulty: {_extension()[1]})"


def _function(name: str) -> Any:
    return getattr(_extension()[0], name) if active() else None


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
    bound, 0-64) or the BxB rating (1-12): -1 past the bound, -2 at a contradiction."""

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


if __name__ == "__main__":
    print(build())
