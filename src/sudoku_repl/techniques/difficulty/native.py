"""The measures' door to their C (``techniques/difficulty/csrc/``, the extension
``sudoku_repl.techniques.difficulty._native`` that ``pip install .`` builds beside the core's
and the explainer's wherever a C compiler is, docs/native.md). ``python -m
sudoku_repl.techniques.difficulty.native`` says which build runs.

As the explainer's door: the pure Python (``brt``, ``te``, ``backdoors``, ``guesses``,
``solving``) is the reference, the C a faster copy, chosen here once (the first question reads
``SUDOKU_REPL_ENGINE``; ``reset`` makes the next one read it again). Each function below is the
C function on the native build and None on the pure one, where the caller's Python answers.
Nothing else in the package names the extension.

Each takes the board the state is on (``board.Board``): classic sudoku's is the C's own; a
variant's is handed to the C as its tables (houses, peers, the cells beside each cell under
non-consecutive), made once a board and kept (``_tables``), and the function answers with the
board's tables given. A board the C cannot follow (more than 64 houses: the C keeps a house a
bit of a 64-bit word) answers None, as the pure build does: the Python measures it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from functools import cache, partial
from types import ModuleType
from typing import Any, Protocol

from sudoku_repl.core.doors import Door
from sudoku_repl.techniques.difficulty.board import Board

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
    """(masks, limit, rules: -1 BRT or a run mode 0-2, a solution as 81 bytes 1-9 or None)
    -> the least n <= limit for which T&E(rules, n) solves, -1 past the limit, -2 when the
    rules meet a contradiction, -4 when the state has several solutions (looked for only
    before T&E(3))."""

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


#: the most houses a board the C follows has
MAX_HOUSES = 64


def follows(board: Board) -> bool:
    """Whether the C can measure on ``board`` (on the native build): every board of at most
    ``MAX_HOUSES`` houses."""
    return board.classic or len(board.houses) <= MAX_HOUSES


@cache
def _tables(board: Board, make: Callable[..., object]) -> object:
    """A variant board's tables as the C holds them (``make``: ``df_board``), made once a
    board."""
    return make(board.houses, board.peers, board.apart, board.cyclic)


def _with_tables(function: Callable[..., Any], tables: object, *args: Any) -> Any:
    return function(*args, tables)


def _on(name: str, board: Board) -> Any:
    """The C function ``name`` measuring on ``board``, or None (the pure build, or a board the
    C cannot follow)."""
    found = _function(name)
    if found is None or board.classic:
        return found
    if not follows(board):
        return None
    return partial(_with_tables, found, _tables(board, _function("df_board")))


def brt(board: Board) -> Brt | None:
    found: Brt | None = _on("df_brt", board)
    return found


def depth(board: Board) -> Depth | None:
    found: Depth | None = _on("df_depth", board)
    return found


def solutions(board: Board) -> Solutions | None:
    found: Solutions | None = _on("df_solutions", board)
    return found


def brt_backdoors(board: Board) -> BrtBackdoors | None:
    found: BrtBackdoors | None = _on("df_brt_backdoors", board)
    return found


def candidate_backdoors(board: Board) -> CandidateBackdoors | None:
    found: CandidateBackdoors | None = _on("df_candidate_backdoors", board)
    return found


def fewest_guesses(board: Board) -> FewestGuesses | None:
    found: FewestGuesses | None = _on("df_fewest_guesses", board)
    return found


def b_rating(board: Board) -> Rating | None:
    found: Rating | None = _on("df_b_rating", board)
    return found


def bxb_rating(board: Board) -> Rating | None:
    found: Rating | None = _on("df_bxb_rating", board)
    return found


def bxbb_rating(board: Board) -> Rating | None:
    found: Rating | None = _on("df_bxbb_rating", board)
    return found


if __name__ == "__main__":
    print(build())
