"""The solution counter that stops at a limit (``core/counting.py``): against the
collections' known answers, against the tests' own backtracker (``tests/oracles/brute.py``),
the C against the pure search, and bad input refused with one line."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_repl.core import counting, native
from sudoku_repl.core.counting import count_solutions
from tests.oracles import brute
from tests.support.helpers import BUILDS, PUZZLES, TEST_DATA, read_lines
from tests.support.profiles import examples
from tests.support.sweeps import sanitized


def grid_of(line: str) -> list[int]:
    return [0 if ch in ".0" else int(ch) for ch in line.strip()]


def lines(name: str, first: int | None = None) -> list[str]:
    return (PUZZLES / name).read_text().split()[:first]


#: the native count, where the extension has it
NATIVE_COUNT = native._extension()[0] and getattr(native._extension()[0], "count_solutions", None)
needs_native = pytest.mark.skipif(
    NATIVE_COUNT is None, reason=f"no native counter here: {native.build()}"
)


@pytest.fixture(params=BUILDS)
def build(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The test once on each build (the native one where it is here)."""
    if request.param == "native":
        if NATIVE_COUNT is None:
            pytest.skip(f"no native counter here: {native.build()}")
        monkeypatch.setattr(native, "selected", True)
    else:
        monkeypatch.setattr(native, "selected", False)
    yield request.param


@pytest.mark.parametrize(
    "name", ["norvig_easy50", "norvig_top95", "norvig_hardest11", "forum_hardest_1106"]
)
def test_each_puzzle_of_the_collections_has_its_one_solution(build: str, name: str) -> None:
    first = 20 if name == "forum_hardest_1106" else None
    puzzles = lines(f"{name}.txt", first)
    solved = lines(f"{name}.solutions.txt", first)
    for puzzle, solution in zip(puzzles, solved, strict=True):
        assert count_solutions(grid_of(puzzle)) == 1, puzzle
        assert count_solutions(grid_of(puzzle), limit=1) == 1
        assert brute.is_solution(grid_of(solution), grid_of(puzzle))
        assert count_solutions(grid_of(solution)) == 1


def test_the_17_clue_puzzles_have_one_solution(build: str) -> None:
    for puzzle in lines("royle17_sample2000.txt", 40):
        assert sum(ch != "." for ch in puzzle) == 17
        assert count_solutions(grid_of(puzzle)) == 1, puzzle


def test_the_multiple_solution_puzzles_count_two_and_more(build: str) -> None:
    for puzzle in lines("multiple_solutions.txt"):
        grid = grid_of(puzzle)
        assert count_solutions(grid) == 2, puzzle
        assert count_solutions(grid, limit=1) == 1
        assert count_solutions(grid, limit=3) == min(brute.count_solutions(grid, 3), 3)


def test_the_puzzles_without_a_solution_count_zero(build: str) -> None:
    for puzzle in lines("invalid_no_solution.txt"):
        assert count_solutions(grid_of(puzzle)) == 0, puzzle


def test_clashing_givens_count_zero_and_a_solution_one_cell_off_too(build: str) -> None:
    solution = grid_of(lines("norvig_top95.solutions.txt", 1)[0])
    clash = [0] * 81
    clash[0] = clash[8] = 5  # twice in row 1
    assert count_solutions(clash) == 0
    # twice in a column across bands, in a box, in a column of one band (the board is built in
    # one pass: each way two givens see each other is its own mask)
    for first, second in ((4, 58), (0, 20), (30, 48)):
        apart = [0] * 81
        apart[first] = apart[second] = 7
        assert count_solutions(apart) == 0, (first, second)
    wrong = list(solution)
    wrong[40] = wrong[40] % 9 + 1
    assert count_solutions(wrong) == 0
    assert count_solutions([0] * 81) == 2
    assert count_solutions([0] * 81, limit=1000) == 1000


@st.composite
def partial_grids(draw: st.DrawFn) -> tuple[list[int], int]:
    """A known solution with a random part of its cells kept (and, now and then, a kept cell
    changed: a grid with no solution, or other ones), and a limit."""
    solutions = lines("norvig_top95.solutions.txt")
    solution = grid_of(draw(st.sampled_from(solutions)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    keep = draw(st.integers(20, 60))
    cells = rng.sample(range(81), keep)
    grid = [solution[c] if c in cells else 0 for c in range(81)]
    if draw(st.booleans()):
        grid[cells[0]] = rng.randint(1, 9)
    return grid, draw(st.integers(1, 4))


@settings(max_examples=sanitized(examples(50, 50, 150), 15), deadline=None)
@given(case=partial_grids())
def test_the_count_is_the_backtrackers_up_to_the_limit(case: tuple[list[int], int]) -> None:
    """50 grids (the backtracker's count, the oracle, is most of the time), 15 under the
    sanitizers, 150 when sweeping (``SUDOKU_REPL_SWEEP=1``); the C's count is held to the pure
    one on 300 below (100 under the sanitizers)."""
    grid, limit = case
    assert count_solutions(grid, limit) == min(brute.count_solutions(grid, limit), limit)


@needs_native
@settings(max_examples=sanitized(300, 100), deadline=None)
@given(case=partial_grids())
def test_the_c_counts_as_the_pure_search(case: tuple[list[int], int]) -> None:
    grid, limit = case
    assert NATIVE_COUNT is not None
    assert NATIVE_COUNT(bytes(grid), limit) == counting.count_pure(bytes(grid), limit)


@pytest.mark.parametrize(
    ("grid", "said"),
    [
        ([0] * 80, "a grid has 81 cells (0 for empty, 1-9), not 80"),
        ([0] * 82, "a grid has 81 cells (0 for empty, 1-9), not 82"),
        ([10] + [0] * 80, "a grid's values are 0 (empty) to 9, not 10 (cell 0)"),
        ([0] * 80 + [-1], "a grid's values are 0 (empty) to 9, not -1"),
        ([0] * 40 + ["a"] + [0] * 40, "a grid's values are 0 (empty) to 9, not 'a'"),
        ([0.5] * 81, "a grid's values are 0 (empty) to 9, not 0.5"),
        ("1" * 81, "a grid's values are 0 (empty) to 9, not '1'"),
    ],
)
def test_a_grid_that_is_not_81_values_0_to_9_is_refused_with_one_line(
    build: str, grid: list[object], said: str
) -> None:
    with pytest.raises(ValueError) as refused:
        count_solutions(grid)  # type: ignore[arg-type]
    assert str(refused.value) == said


def test_a_limit_below_one_is_refused(build: str) -> None:
    with pytest.raises(ValueError, match=r"^the limit of a count is 1 or more, not 0$"):
        count_solutions([0] * 81, limit=0)


# -- settles: the rules alone, no guess ------------------------------------------------------

#: (puzzle, serate's ER) of tests/data/settles_serate.txt: random minimal puzzles, ER 1.2-9.0
SETTLES_RATED = [
    (line.split()[0], float(line.split()[1].split("/")[0]))
    for line in read_lines(TEST_DATA / "settles_serate.txt")
]


def test_a_puzzle_the_rules_solve_rates_two_point_eight_at_most(build: str) -> None:
    """What the generator's quick rejection rests on (``tasks._below``): serate rates a puzzle
    ``settles`` says yes to 2.8 at most, and one it rates above never gets a yes. Among the yes,
    ones serate rates 2.6 and 2.8 (a pointing or claiming step needed: singles alone would rate
    2.3 at most), so the locked candidates are exercised, and among the no, ones of ER 2.0 (a
    direct hidden pair, not one of the rules)."""
    said = [(counting.settles(grid_of(puzzle)), er) for puzzle, er in SETTLES_RATED]
    assert all(er <= 2.8 for yes, er in said if yes)
    assert not any(yes for yes, er in said if er > 2.8)
    assert sum(yes and er in (2.6, 2.8) for yes, er in said) >= 6
    assert sum(not yes and er <= 2.8 for yes, er in said) >= 4
    assert sum(yes for yes, _ in said) == 32  # (the file's README: 32 yes, 83 no)


def test_settles_says_no_to_many_solutions_and_to_clashes_yes_to_a_solution(build: str) -> None:
    assert not counting.settles([0] * 81)  # (many solutions: nothing forced)
    clash = [0] * 81
    clash[0] = clash[1] = 5
    assert not counting.settles(clash)
    solved = grid_of(lines("norvig_top95.solutions.txt", 1)[0])
    assert counting.settles(solved)
    with pytest.raises(ValueError, match=r"^a grid has 81 cells"):
        counting.settles([0] * 80)


@needs_native
@settings(max_examples=sanitized(300, 100), deadline=None)
@given(case=partial_grids())
def test_the_c_settles_as_the_pure_rules(case: tuple[list[int], int]) -> None:
    grid, _ = case
    settles = native.settler()
    assert settles is not None
    assert settles(bytes(grid)) == counting.settles_pure(bytes(grid))
