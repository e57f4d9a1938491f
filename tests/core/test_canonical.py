"""A puzzle's canonical form (``core/canonical.py``): the same for every isomorphic
puzzle (the test maps puzzles by its own random isomorphisms), distinct for puzzles that are
not, equal to the minlex form published with Royle's 17-clue list, and the same on both builds."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_repl.core import canonical, native
from sudoku_repl.core.canonical import canonical_form
from sudoku_repl.core.counting import count_solutions
from tests.oracles import brute
from tests.support.helpers import BUILDS, PUZZLES
from tests.support.profiles import examples
from tests.support.sweeps import sanitized

EXTENSION = native._extension()[0]
NATIVE_FORM = None if EXTENSION is None else getattr(EXTENSION, "canonical_form", None)


@pytest.fixture(params=BUILDS)
def build(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The test once on each build (the native one where it is here)."""
    if request.param == "native" and NATIVE_FORM is None:
        pytest.skip(f"no native canonical form here: {native.build()}")
    monkeypatch.setattr(native, "selected", request.param == "native")
    yield request.param


def grid_of(line: str) -> list[int]:
    return [0 if ch in ".0" else int(ch) for ch in line.strip()]


def lines(name: str, first: int | None = None) -> list[str]:
    return (PUZZLES / name).read_text().split()[:first]


def isomorph(grid: list[int], rng: random.Random) -> list[int]:
    """``grid`` under a random isomorphism: maybe transposed, bands, rows in each band, stacks,
    columns in each stack shuffled, digits relabelled."""
    if rng.random() < 0.5:
        grid = [grid[9 * c + r] for r in range(9) for c in range(9)]

    def order() -> list[int]:
        bands = rng.sample(range(3), 3)
        return [3 * b + k for b in bands for k in rng.sample(range(3), 3)]

    rows, cols = order(), order()
    digits = [0, *rng.sample(range(1, 10), 9)]
    return [digits[grid[9 * r + c]] for r in rows for c in cols]


def test_royles_17_clue_puzzles_are_written_in_their_canonical_form(build: str) -> None:
    """Royle's list of 17-clue puzzles is published minlexed: each line is its own form."""
    for line in lines("royle17_sample2000.txt", 30 if build == "pure" else 300):
        assert canonical_form(grid_of(line)) == line.replace(".", "0")


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), which=st.integers(0, 94))
def test_isomorphic_puzzles_have_one_form(seed: int, which: int) -> None:
    puzzle = grid_of(lines("norvig_top95.txt")[which])
    rng = random.Random(seed)
    other = isomorph(puzzle, rng)
    assert canonical_form(other) == canonical_form(puzzle)
    form = grid_of(canonical_form(puzzle))
    assert sum(map(bool, form)) == sum(map(bool, puzzle))
    # (the form is a puzzle too: one solution, by the counter test_counting holds to the
    # backtracker, which took minutes over top95's forms under the sanitizers)
    assert count_solutions(form, 2) == 1
    assert canonical_form(form) == canonical_form(puzzle)


def test_puzzles_that_are_not_isomorphic_have_distinct_forms(build: str) -> None:
    """top95's puzzles, and a puzzle beside itself with one given moved to another cell. Two of
    top95 are one puzzle: its 76th is its 74th with the bands in the order 3, 1, 2 (the test
    checks that first); the other 93 are distinct."""
    top95 = lines("norvig_top95.txt")
    rows = [top95[73][9 * r : 9 * r + 9] for r in range(9)]
    assert top95[75] == "".join(rows[6:] + rows[:6])
    assert canonical_form(grid_of(top95[75])) == canonical_form(grid_of(top95[73]))
    first = 95 if build == "native" else 12
    forms = {canonical_form(grid_of(line)) for k, line in enumerate(top95[:first]) if k != 75}
    assert len(forms) == min(first, 94)
    puzzle = grid_of(top95[0])
    moved = list(puzzle)
    given, empty = moved.index(next(v for v in moved if v)), moved.index(0)
    moved[empty], moved[given] = moved[given], 0
    assert canonical_form(moved) != canonical_form(puzzle)


def test_edge_grids_have_forms(build: str) -> None:
    assert canonical_form([0] * 81) == "0" * 81
    one = [0] * 81
    one[40] = 7
    assert canonical_form(one) == "0" * 80 + "1"
    solution = grid_of(lines("norvig_top95.solutions.txt", 1)[0])
    form = canonical_form(solution)
    assert form.startswith("123456789") and brute.is_solution(grid_of(form), [0] * 81)
    with pytest.raises(ValueError, match=r"^a grid has 81 cells"):
        canonical_form([0] * 80)


@pytest.mark.skipif(NATIVE_FORM is None, reason=f"no native canonical form here: {native.build()}")
@settings(max_examples=sanitized(examples(quick=15, ci=15, sweep=40), 5), deadline=None)
@given(seed=st.integers(0, 2**32), keep=st.integers(0, 81))
def test_the_c_finds_the_pure_form(seed: int, keep: int) -> None:
    """The differential: 15 examples, 5 under the sanitizers (.ci/sanitize: the pure form, most
    of the time there, is no C; the C's form runs on every test of this module's native cases
    too); 40 when sweeping (``SUDOKU_REPL_SWEEP=1``)."""
    rng = random.Random(seed)
    solution = grid_of(rng.choice(lines("norvig_top95.solutions.txt")))
    cells = set(rng.sample(range(81), keep))
    grid = bytes(v if c in cells else 0 for c, v in enumerate(solution))
    assert NATIVE_FORM is not None
    assert NATIVE_FORM(grid) == canonical.canonical_pure(grid)
