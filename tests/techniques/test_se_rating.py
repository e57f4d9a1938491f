"""Sudoku Explainer ratings (``sudoku_repl.techniques.explainer``): single techniques on small
positions checked by hand, the length penalty of chains, and ER, EP and ED of a fixed slice of
the SE-rated puzzles and of the bank (all of them on the C, a sample on the pure Python:
``rated_here``).

The slice's expected figures are not this code's: ER is the rating the puzzle bank gives (made
by SukakuExplainer), EP and ED come from SukakuExplainer 1.15.10's ``serate`` (see
``tests/data/README.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import pytest

from sudoku_repl.techniques.explainer import native, rate
from sudoku_repl.techniques.explainer.chains import length_penalty
from sudoku_repl.techniques.explainer.fish import fish
from sudoku_repl.techniques.explainer.grid import ALL, Grid
from sudoku_repl.techniques.explainer.hint import Hint
from sudoku_repl.techniques.explainer.singles import hidden_singles, locking, naked_singles
from sudoku_repl.techniques.explainer.wings import xy_wing
from tests.support.helpers import PUZZLES, TEST_DATA, read_lines
from tests.support.sweeps import sweep

SLICE = [line.split() for line in read_lines(TEST_DATA / "se_rated_slice.txt")]
# Puzzles of the slice where this code's figures differ from SukakuExplainer's (none today).
KNOWN_DIFFERENT: set[str] = set()
R = TypeVar("R", bound=Sequence[str])


def open_grid() -> Grid:
    """A grid with no value placed and every candidate everywhere."""
    return Grid([0] * 81, [ALL] * 81)


def cell(row: int, col: int) -> int:
    return (row - 1) * 9 + col - 1


def first(hints: object) -> Hint:
    return next(iter(hints))  # type: ignore[call-overload,no-any-return]


def test_full_house_is_one_point_zero() -> None:
    solution = read_lines(PUZZLES / "norvig_easy50.solutions.txt")[0]
    puzzle = "." + solution[1:]
    result = rate(puzzle)
    assert (result.er, result.ep, result.ed) == (1.0, 1.0, 1.0)
    assert [s.hint.placement for s in result.steps] == [(0, int(solution[0]))]


def test_hidden_single_in_a_block_then_in_a_row() -> None:
    grid = open_grid()
    for c in (
        cell(1, 1),
        cell(1, 3),
        cell(2, 1),
        cell(2, 2),
        cell(2, 3),
        cell(3, 1),
        cell(3, 2),
        cell(3, 3),
    ):
        grid.remove(c, 5)
    assert first(hidden_singles(grid)) == Hint("Hidden Single", 12, placement=(cell(1, 2), 5))
    grid = open_grid()
    for col in range(1, 10):
        if col != 4:
            grid.remove(cell(5, col), 7)
    assert first(hidden_singles(grid)) == Hint("Hidden Single", 15, placement=(cell(5, 4), 7))


def test_naked_single_is_two_point_three() -> None:
    grid = open_grid()
    grid.cands[cell(5, 5)] = 1 << 8
    assert first(naked_singles(grid)) == Hint("Naked Single", 23, placement=(cell(5, 5), 8))


def test_pointing_removes_the_value_from_the_rest_of_the_row() -> None:
    grid = open_grid()
    for c in (cell(1, 3), cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3)):
        grid.remove(c, 3)
    hint = first(locking(grid))
    assert hint.rating == 26
    assert sorted(hint.eliminations) == [(cell(1, col), 3) for col in range(4, 10)]


def test_x_wing_on_two_rows() -> None:
    grid = open_grid()
    for row in (1, 4):
        for col in range(1, 10):
            if col not in (2, 7):
                grid.remove(cell(row, col), 5)
    hint = first(fish(2)(grid))
    assert hint.rating == 32
    expected = sorted(
        (cell(row, col), 5) for col in (2, 7) for row in range(1, 10) if row not in (1, 4)
    )
    assert sorted(hint.eliminations) == expected


def test_xy_wing_removes_from_the_cell_both_wings_see() -> None:
    grid = open_grid()
    grid.cands[cell(1, 1)] = (1 << 1) | (1 << 2)
    grid.cands[cell(1, 5)] = (1 << 1) | (1 << 3)
    grid.cands[cell(5, 1)] = (1 << 2) | (1 << 3)
    hint = first(xy_wing(False)(grid))
    assert (hint.rating, hint.eliminations) == (42, ((cell(5, 5), 3),))


@pytest.mark.parametrize(
    ("complexity", "added"),
    [(4, 0), (6, 0), (7, 1), (8, 1), (9, 2), (10, 2), (11, 3), (14, 3), (15, 4), (18, 4), (19, 5)],
)
def test_length_penalty(complexity: int, added: int) -> None:
    # 0.1 each time complexity - 2 passes 4, 6, 8, 12, 16, 24, ...
    assert length_penalty(complexity) == added


def rare(row: Sequence[str]) -> bool:
    """A puzzle of ER 7.8 and up (the longest chains), or whose first steps are not most
    puzzles' (an EP other than 1.2)."""
    return float(row[1]) >= 7.8 or row[2] != "1.2"


def rated_here(rows: list[R], count: int) -> list[R]:
    """The C rates all the rows in about a second; the pure Python, a few tenths of a second
    a puzzle, ``count`` spread over them and the ``rare`` ones (all when sweeping)."""
    return rows if native.active() else sweep(rows, count, rare)


SLICE_RATED = rated_here(SLICE, 8)


@pytest.mark.parametrize(
    ("puzzle", "er", "ep", "ed"), SLICE_RATED, ids=[f"line{SLICE.index(r)}" for r in SLICE_RATED]
)
def test_slice_of_rated_puzzles(puzzle: str, er: str, ep: str, ed: str) -> None:
    result = rate(puzzle, time_limit=60)
    figures = (result.er, result.ep, result.ed)
    if puzzle in KNOWN_DIFFERENT:
        assert figures != (float(er), float(ep), float(ed))
        return
    assert not result.er_is_lower_bound
    assert figures == (float(er), float(ep), float(ed))


#: every 100th puzzle of the bank with serate 1.15.10's ER/EP/ED (run here on all 2,000)
BANK = [
    (line.split()[0], *line.split()[1].split("/"))
    for line in read_lines(TEST_DATA / "se_bank_serate.txt")[::100]
]


BANK_RATED = rated_here(BANK, 6)


@pytest.mark.parametrize(
    ("puzzle", "er", "ep", "ed"), BANK_RATED, ids=[f"every100_{BANK.index(r)}" for r in BANK_RATED]
)
def test_every_hundredth_bank_puzzle_rates_as_serate(
    puzzle: str, er: str, ep: str, ed: str
) -> None:
    result = rate(puzzle, time_limit=60)
    assert not result.er_is_lower_bound
    assert (result.er, result.ep, result.ed) == (float(er), float(ep), float(ed))


def test_the_time_limit_gives_a_lower_bound() -> None:
    puzzle, er, _, _ = max(SLICE, key=lambda row: float(row[1]))
    result = rate(puzzle, time_limit=0.0)
    assert result.er_is_lower_bound
    assert result.er < float(er)


@pytest.mark.parametrize("bad", ["", "1" * 80, "x" * 81, "1" * 82])
def test_a_malformed_puzzle_is_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="81 characters"):
        rate(bad)


def test_a_puzzle_with_several_solutions_ends() -> None:
    puzzle = read_lines(PUZZLES / "multiple_solutions.txt")[0]
    result = rate(puzzle, time_limit=1)
    assert result.steps
