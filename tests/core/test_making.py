"""Making puzzles (``core/making.py``): the random stream, solution grids, minimal
puzzles (checked by the tests' own backtracker, ``tests/oracles/brute.py``), Sudoku Explainer's
symmetries, patterns, the vicinity, and the same puzzles from the same seed on both builds."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_repl.core import making, native
from sudoku_repl.core.making import (
    Rng,
    Symmetry,
    is_minimal,
    minimal_puzzle,
    neighbours,
    random_completion,
    random_minimal_puzzle,
    random_solution,
)
from tests.oracles import brute
from tests.support.helpers import BUILDS
from tests.support.profiles import examples
from tests.support.sweeps import sanitized

T = TypeVar("T")

EXTENSION = native._extension()[0]
HAS_NATIVE = EXTENSION is not None and hasattr(EXTENSION, "minimal_puzzle")


@pytest.fixture(params=BUILDS)
def build(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The test once on each build (the native one where it is here)."""
    if request.param == "native" and not HAS_NATIVE:
        pytest.skip(f"no native puzzle maker here: {native.build()}")
    monkeypatch.setattr(native, "selected", request.param == "native")
    yield request.param


def on_build(native_build: bool, make: Callable[[], T]) -> T:
    """What ``make`` returns on one build."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(native, "selected", native_build)
        return make()


# -- the stream ------------------------------------------------------------------------------


def test_the_stream_is_splitmix64() -> None:
    """The first outputs of splitmix64 from the seed 0, as published with the algorithm
    (Vigna's splitmix64.c; the sequence many ports test against)."""
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_below_stays_below_and_reaches_every_number() -> None:
    rng = Rng(7)
    for n in (1, 2, 3, 9, 81, 1000, 2**63 + 5):
        drawn = [rng.below(n) for _ in range(300)]
        assert all(0 <= k < n for k in drawn)
        if n <= 9:
            assert set(drawn) == set(range(n))
    with pytest.raises(ValueError, match="below"):
        rng.below(0)


# -- solution grids --------------------------------------------------------------------------


def test_random_solutions_are_solution_grids_and_the_seed_decides_them(build: str) -> None:
    made = [random_solution(Rng(seed)) for seed in range(8)]
    for grid in made:
        assert brute.is_solution(grid, [0] * 81)
    assert len(set(made)) == 8
    assert random_solution(Rng(3)) == made[3]


def test_a_completion_keeps_the_givens_and_none_when_there_is_none(build: str) -> None:
    puzzle = [0] * 81
    puzzle[0], puzzle[10], puzzle[80] = 1, 2, 3
    done = random_completion(puzzle, Rng(1))
    assert done is not None and brute.is_solution(done, puzzle)
    clash = [0] * 81
    clash[0] = clash[1] = 4
    assert random_completion(clash, Rng(1)) is None


@pytest.mark.skipif(not HAS_NATIVE, reason=f"no native puzzle maker here: {native.build()}")
def test_a_completion_of_a_partial_grid_is_the_pure_ones() -> None:
    """The C's fill counts every empty cell's values at once (bit planes): the cell it fills
    next, the values it draws and where it gives up are the pure scan's, cell for cell, on
    grids with a few givens, many, and none to be had (a cell left without a value only some
    fills in: no draw is made past it)."""
    for seed in range(40):
        rng = Rng(seed)
        solution = random_solution(rng)
        kept = rng.below(60)
        grid = [v if rng.below(81) < kept else 0 for v in solution]
        if seed % 2:  # another value than the solution's where a cell was empty, no clash
            cell, value = _wrong_value(grid, solution)
            grid[cell] = value
        for state in (seed, seed + 1000):
            native_rng, pure_rng = Rng(state), Rng(state)
            fast = on_build(True, lambda: random_completion(grid, native_rng))  # noqa: B023
            slow = on_build(False, lambda: random_completion(grid, pure_rng))  # noqa: B023
            assert fast == slow
            assert native_rng.state == pure_rng.state


def _wrong_value(grid: list[int], solution: tuple[int, ...]) -> tuple[int, int]:
    """An empty cell of ``grid`` and a value its givens' units allow there, not the solution's."""
    for cell in range(81):
        if grid[cell]:
            continue
        for value in sorted(brute.possible(grid, cell) - {solution[cell]}):
            return cell, value
    raise AssertionError("no empty cell takes another value")


# -- symmetries --------------------------------------------------------------------------------

#: each symmetry's maps of (row, column), 0-8, read off SukakuExplainer v1.15.10's
#: diuf/sudoku/generator/Symmetry.java (its Point is (x, y) = (column, row))
SE_POINTS: dict[Symmetry, list[Callable[[int, int], tuple[int, int]]]] = {
    Symmetry.NONE: [],
    Symmetry.ROT180: [lambda r, c: (8 - r, 8 - c)],
    Symmetry.ROT90: [
        lambda r, c: (8 - r, 8 - c),
        lambda r, c: (8 - c, r),  # new Point(y, 8 - x)
        lambda r, c: (c, 8 - r),  # new Point(8 - y, x)
    ],
    Symmetry.HORIZONTAL: [lambda r, c: (8 - r, c)],
    Symmetry.VERTICAL: [lambda r, c: (r, 8 - c)],
    Symmetry.DIAGONAL: [lambda r, c: (8 - c, 8 - r)],
    Symmetry.ANTIDIAGONAL: [lambda r, c: (c, r)],
    Symmetry.BIDIAGONAL: [
        lambda r, c: (c, r),
        lambda r, c: (8 - c, 8 - r),
        lambda r, c: (8 - r, 8 - c),
    ],
    Symmetry.ORTHOGONAL: [
        lambda r, c: (r, 8 - c),
        lambda r, c: (8 - r, c),
        lambda r, c: (8 - r, 8 - c),
    ],
    Symmetry.FULL: [
        lambda r, c: (r, 8 - c),
        lambda r, c: (8 - r, c),
        lambda r, c: (8 - r, 8 - c),
        lambda r, c: (c, r),
        lambda r, c: (c, 8 - r),
        lambda r, c: (8 - c, r),
        lambda r, c: (8 - c, 8 - r),
    ],
}

#: how many orbits each has (Burnside: the cells each map fixes, averaged over its group)
ORBIT_COUNTS = {
    Symmetry.NONE: 81,
    Symmetry.ROT180: 41,
    Symmetry.ROT90: 21,
    Symmetry.HORIZONTAL: 45,
    Symmetry.VERTICAL: 45,
    Symmetry.DIAGONAL: 45,
    Symmetry.ANTIDIAGONAL: 45,
    Symmetry.BIDIAGONAL: 25,
    Symmetry.ORTHOGONAL: 25,
    Symmetry.FULL: 15,
}


def symmetric(grid: tuple[int, ...], symmetry: Symmetry) -> bool:
    """Whether every given's images under SE's maps are givens."""
    return all(
        grid[9 * ir + ic]
        for cell in range(81)
        if grid[cell]
        for ir, ic in (image(*divmod(cell, 9)) for image in SE_POINTS[symmetry])
    )


def test_the_ten_symmetries_have_their_orbits() -> None:
    assert [s.value for s in Symmetry] == [
        "none", "rot180", "rot90", "horizontal", "vertical",
        "diagonal", "antidiagonal", "bidiagonal", "orthogonal", "full",
    ]  # fmt: skip
    for symmetry, count in ORBIT_COUNTS.items():
        orbits = symmetry.orbits
        assert len(orbits) == count, symmetry
        assert sorted(c for orbit in orbits for c in orbit) == list(range(81))
        for orbit in orbits:
            for cell in orbit:
                r, c = divmod(cell, 9)
                assert {9 * ir + ic for ir, ic in (f(r, c) for f in SE_POINTS[symmetry])} <= set(
                    orbit
                )


# -- minimal puzzles ---------------------------------------------------------------------------


def assert_minimal(puzzle: tuple[int, ...], solution: tuple[int, ...], symmetry: Symmetry) -> None:
    """One solution, ``solution``, and no orbit of givens can go (the backtracker's word)."""
    assert brute.solutions(puzzle, 1) == [solution]
    for orbit in symmetry.orbits:
        if any(puzzle[c] for c in orbit):
            fewer = [0 if c in orbit else v for c, v in enumerate(puzzle)]
            assert brute.count_solutions(fewer, 1) == 2, orbit


@pytest.mark.parametrize("symmetry", list(Symmetry))
def test_a_minimal_puzzle_is_unique_minimal_and_symmetric(build: str, symmetry: Symmetry) -> None:
    rng = Rng(55 + len(symmetry.value))
    for _ in range(2):
        solution = random_solution(rng)
        puzzle = minimal_puzzle(solution, rng, symmetry)
        assert puzzle is not None
        assert all(g in (0, v) for g, v in zip(puzzle, solution))
        assert symmetric(puzzle, symmetry)
        assert_minimal(puzzle, solution, symmetry)
        assert is_minimal(puzzle, symmetry)


@pytest.mark.parametrize("symmetry", [Symmetry.NONE, Symmetry.ROT180])
def test_a_digit_at_a_time_makes_a_minimal_puzzle_that_lacks_a_digit(
    build: str, symmetry: Symmetry
) -> None:
    """``by_digit``: the first digit's givens all go (the others still place it), so the
    puzzle lacks that digit (without a symmetry: an orbit holds other digits too); it is still
    minimal with one solution, and another puzzle than the plain random order makes from the
    same grid and stream. (Under the sanitizers the first seed: the check of minimality, pure
    Python, is most of the time there.)"""
    for seed in sanitized((3, 4), (3,)):
        rng = Rng(seed)
        solution = random_solution(rng)
        plain = minimal_puzzle(solution, Rng(rng.state), symmetry)
        puzzle = minimal_puzzle(solution, rng, symmetry, by_digit=True)
        assert puzzle is not None and plain is not None
        assert all(g in (0, v) for g, v in zip(puzzle, solution))
        assert symmetry is not Symmetry.NONE or len(set(puzzle) - {0}) == 8
        assert puzzle != plain
        assert_minimal(puzzle, solution, symmetry)


def test_is_minimal_says_no_to_an_extra_given_and_to_many_solutions(build: str) -> None:
    rng = Rng(5)
    solution = random_solution(rng)
    puzzle = minimal_puzzle(solution, rng)
    assert puzzle is not None and is_minimal(puzzle)
    extra = list(puzzle)
    extra[extra.index(0)] = solution[puzzle.index(0)]
    assert not is_minimal(extra)
    fewer = list(puzzle)
    fewer[next(c for c, v in enumerate(puzzle) if v)] = 0
    assert not is_minimal(fewer)
    assert not is_minimal([0] * 81)


def test_a_pattern_gives_its_cells_or_none(build: str) -> None:
    rng = Rng(9)
    solution = random_solution(rng)
    puzzle = minimal_puzzle(solution, rng)
    assert puzzle is not None
    cells = [c for c, v in enumerate(puzzle) if v]
    state = rng.state
    assert minimal_puzzle(solution, rng, pattern=cells) == puzzle
    assert minimal_puzzle(solution, rng, pattern=cells[1:]) is None  # one solution no more
    empty = next(c for c in range(81) if not puzzle[c])
    assert minimal_puzzle(solution, rng, pattern=[*cells, empty]) is None  # not minimal
    assert rng.state == state
    with pytest.raises(ValueError, match=r"^a pattern's cells are 0 to 80, not 81$"):
        minimal_puzzle(solution, rng, pattern=[81])


def test_a_grid_without_one_solution_makes_no_minimal_puzzle(build: str) -> None:
    with pytest.raises(
        ValueError, match=r"^a minimal puzzle is made from a grid with one solution$"
    ):
        minimal_puzzle([0] * 81, Rng(1))


# -- the vicinity ------------------------------------------------------------------------------


@pytest.mark.parametrize(("minus", "plus"), [(1, 1), (2, 2), (1, 0), (2, 1)])
def test_neighbours_are_unique_minimal_and_that_far(build: str, minus: int, plus: int) -> None:
    rng = Rng(11)
    solution = random_solution(rng)
    puzzle = minimal_puzzle(solution, rng)
    assert puzzle is not None
    found = neighbours(puzzle, rng, minus, plus, tries=60)
    assert len(set(found)) == len(found) and puzzle not in found
    for near in found:
        gone = [c for c in range(81) if puzzle[c] and near[c] != puzzle[c]]
        added = [c for c in range(81) if near[c] and not puzzle[c]]
        assert (len(gone), len(added)) == (minus, plus)
        assert not [c for c in gone if near[c]]
        (own,) = brute.solutions(near, 1)
        assert_minimal(near, own, Symmetry.NONE)
    if (minus, plus) == (1, 1):
        assert found  # (a {-1+1} neighbour is found in 60 tries from most puzzles: this one)


def test_neighbours_refuse_a_step_out_of_reach(build: str) -> None:
    puzzle = [0] * 81
    puzzle[0] = 1
    with pytest.raises(ValueError, match=r"^a neighbour takes 0-1 givens away .* not -2\+1$"):
        neighbours(puzzle, Rng(1), 2, 1)
    with pytest.raises(ValueError, match=r"not -0\+0$"):
        neighbours(puzzle, Rng(1), 0, 0)


# -- the same puzzles on both builds ---------------------------------------------------------


def made(seed: int, symmetry: Symmetry) -> list[object]:
    rng = Rng(seed)
    out: list[object] = []
    for _ in range(2):
        solution = random_solution(rng)
        puzzle = minimal_puzzle(solution, rng, symmetry)
        assert puzzle is not None
        out += [solution, puzzle, neighbours(puzzle, rng, 1, 1, tries=10), rng.state]
        out += [minimal_puzzle(solution, rng, symmetry, by_digit=True), rng.state]
    return out


@pytest.mark.skipif(not HAS_NATIVE, reason=f"no native puzzle maker here: {native.build()}")
@settings(max_examples=sanitized(examples(12, 12, 25), 5), deadline=None)
@given(seed=st.integers(0, 2**64 - 1), symmetry=st.sampled_from(list(Symmetry)))
def test_the_same_seed_makes_the_same_puzzles_on_both_builds(seed: int, symmetry: Symmetry) -> None:
    """12 seeds (each a few makings on both builds), 5 under the sanitizers (the pure making is
    most of the time there), 25 when sweeping (``SUDOKU_REPL_SWEEP=1``);
    the twenty seeds below hold the C's refusals to the pure search's too."""
    assert on_build(True, lambda: made(seed, symmetry)) == on_build(
        False, lambda: made(seed, symmetry)
    )


@pytest.mark.skipif(not HAS_NATIVE, reason=f"no native puzzle maker here: {native.build()}")
def test_the_c_refuses_the_last_given_of_a_swap_set_as_the_pure_search_does() -> None:
    """The C refuses taking away the last given of a set of two values' cells that could be
    swapped (a unique rectangle and the like) without a search (making.c): twenty puzzles of
    no symmetry, where most refusals are such, are the pure search's, given for given."""
    for seed in range(1000, 1020):
        make = functools.partial(_plain_minimal, seed)
        assert on_build(True, make) == on_build(False, make)


#: a solution grid whose rows of different bands hold the same three values in each stack (and
#: whose columns of different stacks do in each band): each such pair of minirows is an
#: unavoidable set of six cells
SAME_MINIROWS = bytes(
    int(v)
    for v in "123456789456789123789123456312645978645978312978312645231564897564897231897231564"
)


@pytest.mark.skipif(not HAS_NATIVE, reason=f"no native puzzle maker here: {native.build()}")
def test_the_c_refuses_the_last_given_of_two_minirows_as_the_pure_search_does() -> None:
    """The C refuses taking away the last given of two rows' minirows of one stack that hold the
    same three values, in different bands (or two columns' of one band, in different stacks),
    without a search (unavoidable.c): a grid full of them makes the pure search's puzzles."""
    for seed in range(12):
        make = functools.partial(_minimal_of, SAME_MINIROWS, seed)
        assert on_build(True, make) == on_build(False, make)


def _minimal_of(solution: bytes, seed: int) -> object:
    return minimal_puzzle(solution, Rng(seed))


def _plain_minimal(seed: int) -> object:
    rng = Rng(seed)
    return minimal_puzzle(random_solution(rng), rng)


@pytest.mark.parametrize("symmetry", [Symmetry.NONE, Symmetry.ROT180])
def test_the_random_start_is_the_minimal_puzzle_of_a_random_solution(
    build: str, symmetry: Symmetry
) -> None:
    """``random_minimal_puzzle`` (the generator's start, without the checks on the native
    build) gives what ``minimal_puzzle(random_solution(rng), rng)`` gives, and leaves the
    stream where it leaves it, a digit at a time too."""
    for seed in range(5):
        for by_digit in (False, True):
            fast, slow = Rng(seed), Rng(seed)
            made = minimal_puzzle(random_solution(slow), slow, symmetry, by_digit=by_digit)
            assert made is not None
            assert random_minimal_puzzle(fast, symmetry, by_digit) == bytes(made)
            assert fast.state == slow.state


def test_the_rng_state_is_handed_on(build: str) -> None:
    """Each call draws on from where the last one left: two grids in a row differ."""
    rng = Rng(2)
    first, second = random_solution(rng), random_solution(rng)
    assert first != second
    assert making.MASK64 >= rng.state > 0


@pytest.mark.skipif(not HAS_NATIVE, reason=f"no native puzzle maker here: {native.build()}")
@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("count_solutions", (bytes(80), 2)),
        ("count_solutions", (bytes([10]) + bytes(80), 2)),
        ("count_solutions", (bytes(81), 0)),
        ("random_completion", (bytes(82), 1)),
        ("minimal_puzzle", (bytes(81), 1, bytes(80))),
        ("minimal_puzzle", (bytes(81), 1, bytes([81]) + bytes(80))),
        ("minimal_puzzle", (bytes(81), 1, bytes(81))),  # one orbit of 81 cells
        ("is_minimal", (bytes([12]) * 81, bytes(range(81)))),
        ("neighbours", (bytes(81), 1, 1, 1, 10)),  # no given to take away
        ("neighbours", (bytes([1]) + bytes(80), 1, 0, 0, 10)),
        ("neighbours", (bytes([1]) + bytes(80), 1, 1, 1, -1)),
        # tries past 2**31 read as 64 bits: the range's ValueError, not a long's OverflowError
        # (32 bits on Windows) before it
        ("neighbours", (bytes(81), 1, 1, 1, 2**31)),
        ("neighbours", (bytes([1]) + bytes(80), 1, 0, 0, 2**40)),
        ("canonical_form", (bytes(81 * 2),)),
        ("canonical_form", (bytes([200]) * 81,)),
    ],
)
def test_the_c_refuses_bad_arguments_with_value_error(name: str, args: tuple[object, ...]) -> None:
    """What crosses from Python into the makers' C is checked before anything is read: a
    ValueError, never a read past an array (the sanitizers run this too)."""
    with pytest.raises(ValueError):
        getattr(EXTENSION, name)(*args)


@pytest.mark.skipif(not HAS_NATIVE, reason=f"no native puzzle maker here: {native.build()}")
def test_the_c_refuses_a_state_that_is_not_64_bits() -> None:
    with pytest.raises(OverflowError):
        EXTENSION.random_completion(bytes(81), -1)  # type: ignore[union-attr]
    with pytest.raises(OverflowError):
        EXTENSION.random_completion(bytes(81), 2**64)  # type: ignore[union-attr]
