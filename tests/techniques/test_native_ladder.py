"""The ladder's techniques below the chains in C (``explainer/csrc/``: singles, intersections,
subsets, fish, the chains of two and three strong links, the wings, the unique loops and the
BUG, through ``explainer.native_ladder``) against the pure ones, the reference: each technique on
its own gives the same hints (names, ratings, removals, placement) in the same order from both,
on grids at random points of the rating paths of bank and hard-set quizzes, and on grids of
random candidates. A jellyfish drawn by hand (none shows up along those paths); what crosses
from Python (bad techniques, degrees, limits, orders: ValueError). The rating's loop over them
in C (``native_ladder.climb``) takes the steps the pure techniques take, stops above ``below``
before the step and above ``above`` after it, and at the poll; and whole
ratings of random bank quizzes equal serate's figures. The differential tests take 50 and 35
examples under CI's profile (150 and 100 when sweeping, ``tests/support/profiles.py``): the
sanitizers' run (.ci/sanitize) runs the same tests, 15 and 10.

(The pure build's ratings of ``tests/data`` are ``test_se_rating.py``'s, run on both builds.)"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_repl.techniques.explainer import (
    fish,
    native,
    native_ladder,
    rate,
    rating,
    singles,
    strong_links,
    subsets,
    three_links,
    uniqueness,
    wings,
)
from sudoku_repl.techniques.explainer.grid import ALL, Grid
from sudoku_repl.techniques.explainer.hint import Hint
from tests.support.helpers import TEST_DATA, read_lines
from tests.support.profiles import examples
from tests.support.se_paths import grid_at, rating_path

pytestmark = pytest.mark.skipif(not native.active(), reason=native.build())

BANK = {line.split()[0]: line.split()[1] for line in read_lines(TEST_DATA / "se_bank_serate.txt")}
#: the hard set's quizzes whose paths stay below the nested chains (a path of the others takes
#: seconds to minutes)
HARD = [
    line.split()[0]
    for line in read_lines(TEST_DATA / "se_hard_rated.txt")
    if float(line.split()[1]) <= 9.4
]
#: every 50th quiz of the bank and the hard set's quick ones
QUIZZES = [*list(BANK)[::50], *HARD]

Pure = Callable[[Grid], Iterator[Hint]]
#: (technique's number, degree, the pure finder): every rung the C has
RUNGS: list[tuple[int, int, Pure]] = [
    (native_ladder.HIDDEN_SINGLE, 0, singles.pure_hidden_singles),
    (native_ladder.DIRECT_POINTING, 0, singles.pure_direct_pointing),
    (native_ladder.DIRECT_HIDDEN_SET, 2, singles.direct_hidden_sets(2, pure=True)),
    (native_ladder.NAKED_SINGLE, 0, singles.pure_naked_singles),
    (native_ladder.DIRECT_HIDDEN_SET, 3, singles.direct_hidden_sets(3, pure=True)),
    (native_ladder.LOCKING, 0, singles.pure_locking),
    *(
        (technique, degree, pure(degree, True))
        for degree in (2, 3, 4)
        for technique, pure in (
            (native_ladder.NAKED_SET, subsets.naked_sets),
            (native_ladder.HIDDEN_SET, subsets.hidden_sets),
            (native_ladder.FISH, fish.fish),
        )
    ),
    (native_ladder.TURBOT_FISH, 0, strong_links.pure_turbot_fish),
    (native_ladder.THREE_STRONG_LINKS, 0, three_links.pure_three_strong_links),
    (native_ladder.XY_WING, 2, wings.xy_wing(False, pure=True)),
    (native_ladder.XY_WING, 3, wings.xy_wing(True, pure=True)),
    (native_ladder.ALS_WING, 3, wings.als_wing(3, pure=True)),
    (native_ladder.ALS_WING, 4, wings.als_wing(4, pure=True)),
    (native_ladder.UNIQUE_LOOPS, 0, uniqueness.pure_unique_loops),
    (native_ladder.BUG, 0, uniqueness.pure_bug),
]


def native_hints(grid: Grid, technique: int, degree: int) -> list[Hint]:
    found = native_ladder.rung_hints(grid, technique, degree)
    assert found is not None
    return list(found)


def assert_every_rung_as_pure(grid: Grid) -> None:
    before = (grid.values[:], grid.cands[:])
    for technique, degree, pure in RUNGS:
        assert native_hints(grid, technique, degree) == list(pure(grid)), (technique, degree)
    assert (grid.values, grid.cands) == before  # neither side changes the grid


@settings(
    max_examples=examples(15, 50, 150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(puzzle=st.sampled_from(QUIZZES), where=st.floats(min_value=0.0, max_value=1.0))
def test_every_rung_finds_the_pure_hints_along_rating_paths(puzzle: str, where: float) -> None:
    path = rating_path(puzzle)
    assert_every_rung_as_pure(grid_at(puzzle, min(len(path) - 1, int(where * len(path)))))


@st.composite
def candidate_grids(draw: st.DrawFn) -> Grid:
    """A grid of random values and candidates, reachable or not: every branch of the C."""
    values = draw(st.lists(st.sampled_from([0, 0, 0, *range(1, 10)]), min_size=81, max_size=81))
    masks = draw(st.lists(st.integers(0, 511), min_size=81, max_size=81))
    return Grid(values, [0 if v else m << 1 for v, m in zip(values, masks, strict=True)])


@settings(
    max_examples=examples(15, 50, 150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(grid=candidate_grids())
def test_every_rung_finds_the_pure_hints_on_random_candidates(grid: Grid) -> None:
    assert_every_rung_as_pure(grid)


def test_the_paths_give_every_rung_something_to_find() -> None:
    """The material of the differential test is not empty: along the paths, each rung but the
    jellyfish (below) finds hints, the same as the pure where it first does."""
    first: dict[tuple[int, int], Grid] = {}
    for puzzle in QUIZZES:
        grid = Grid.from_puzzle(puzzle)
        for hint in rating_path(puzzle):
            for technique, degree, _ in RUNGS:
                if (technique, degree) not in first and native_hints(grid, technique, degree):
                    first[technique, degree] = grid.copy()
            hint.apply(grid)
    assert [(t, d) for t, d, _ in RUNGS if (t, d) not in first] == [(native_ladder.FISH, 4)]
    for (technique, degree), grid in first.items():
        pure = dict(((t, d), p) for t, d, p in RUNGS)[technique, degree]
        assert native_hints(grid, technique, degree) == list(pure(grid))


def test_a_jellyfish_drawn_by_hand() -> None:
    """Every candidate everywhere but 1, which columns 1-4 hold in rows 1-4 only: a jellyfish
    on columns 1-4 takes 1 from columns 5-9 of rows 1-4, row by row."""
    grid = Grid([0] * 81, [ALL] * 81)
    for row in range(4, 9):
        for col in range(4):
            grid.remove(row * 9 + col, 1)
    expected = [
        Hint("Jellyfish", 52, tuple((row * 9 + col, 1) for row in range(4) for col in range(4, 9)))
    ]
    assert native_hints(grid, native_ladder.FISH, 4) == expected
    assert list(fish.fish(4, pure=True)(grid)) == expected
    assert (
        native_hints(grid, native_ladder.FISH, 2) == native_hints(grid, native_ladder.FISH, 3) == []
    )


def test_the_first_hint_alone_is_the_first_of_all() -> None:
    grid = grid_at(QUIZZES[0], 0)
    search = native._extension()[0].se_ladder  # type: ignore[union-attr]
    every = search(grid.values, grid.cands, native_ladder.HIDDEN_SINGLE, 0, 0)
    assert len(every) > 2
    assert search(grid.values, grid.cands, native_ladder.HIDDEN_SINGLE, 0, 1) == every[:1]
    assert search(grid.values, grid.cands, native_ladder.HIDDEN_SINGLE, 0, 2) == every[:2]


@pytest.mark.parametrize(
    ("technique", "degree", "limit", "why"),
    [
        (-1, 0, 0, r"technique -1 \(accepted: 0 to 13\)"),
        (14, 0, 0, r"technique 14 \(accepted: 0 to 13\)"),
        (native_ladder.HIDDEN_SINGLE, 2, 0, r"degree 2 for technique 0 \(accepted: 0\)"),
        (native_ladder.DIRECT_HIDDEN_SET, 4, 0, r"\(accepted: 2 or 3\)"),
        (native_ladder.FISH, 1, 0, r"degree 1 for technique 7 \(accepted: 2 to 4\)"),
        (native_ladder.FISH, 5, 0, r"\(accepted: 2 to 4\)"),
        (native_ladder.NAKED_SET, -2, 0, r"\(accepted: 2 to 4\)"),
        (native_ladder.XY_WING, 4, 0, r"degree 4 for technique 10 \(accepted: 2 or 3\)"),
        (native_ladder.ALS_WING, 2, 0, r"degree 2 for technique 11 \(accepted: 3 or 4\)"),
        (native_ladder.LOCKING, 0, -1, r"limit -1 \(accepted: 0 for all, or a positive count\)"),
    ],
)
def test_bad_calls_from_python_are_refused(
    technique: int, degree: int, limit: int, why: str
) -> None:
    grid = Grid.from_puzzle(QUIZZES[0])
    search = native._extension()[0].se_ladder  # type: ignore[union-attr]
    with pytest.raises(ValueError, match=why):
        search(grid.values, grid.cands, technique, degree, limit)


@settings(max_examples=examples(4, 40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzle=st.sampled_from(list(BANK)))
def test_random_bank_quizzes_rate_as_serate(puzzle: str) -> None:
    result = rate(puzzle, time_limit=120)
    assert not result.er_is_lower_bound
    assert f"{result.er:.1f}/{result.ep:.1f}/{result.ed:.1f}" == BANK[puzzle]


def pure_climb(grid: Grid, rungs: list[native_ladder.Rung]) -> tuple[list[Hint], int]:
    """The rating's steps over the rungs, each the first hint of the first rung's Python that
    finds one: the reference of ``native_ladder.climb``."""
    taken: list[Hint] = []
    while not grid.is_solved():
        hint = next((h for rung in rungs for h in rung.pure(grid)), None)
        if hint is None:
            return taken, native_ladder.NONE
        hint.apply(grid)
        taken.append(hint)
    return taken, native_ladder.SOLVED


#: the ladder's rungs: the techniques below the chains
RUNG_ORDER = [
    rung
    for rung in native_ladder.native_prefix(rating.techniques())
    if isinstance(rung, native_ladder.Rung)
]


def test_the_rating_climbs_every_technique_in_c() -> None:
    names = [name for name, _ in rating.techniques()]
    climbed = native_ladder.native_prefix(rating.techniques())
    assert len(climbed) == len(names) == 36
    assert len(RUNG_ORDER) == names.index("aligned pair exclusion") == 23
    assert [(r.technique, r.degree) for r in climbed[:23]] == [
        (r.technique, r.degree) for r in RUNG_ORDER
    ]
    assert all(isinstance(rung, native_ladder.ChainRung) for rung in climbed[23:])


@settings(
    max_examples=examples(10, 35, 100), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(puzzle=st.sampled_from(QUIZZES), where=st.floats(min_value=0.0, max_value=1.0))
def test_the_climb_takes_the_steps_of_the_pure_rungs(puzzle: str, where: float) -> None:
    path = rating_path(puzzle)
    grid = grid_at(puzzle, min(len(path) - 1, int(where * len(path))))
    pure_grid = grid.copy()
    taken, status, _ = native_ladder.climb(grid, RUNG_ORDER, None, None, None)
    assert (taken, status) == pure_climb(pure_grid, RUNG_ORDER)
    assert (grid.values, grid.cands) == (pure_grid.values, pure_grid.cands)


def test_the_climb_stops_above_below_before_the_step_and_above_above_after_it() -> None:
    grid = Grid.from_puzzle(QUIZZES[0])
    every, status, _ = native_ladder.climb(grid.copy(), RUNG_ORDER, None, None, None)
    assert status == native_ladder.NONE and len(every) > 5
    over = next(i for i, hint in enumerate(every) if hint.rating > 12)  # past the 1.2 singles
    taken, status, _ = native_ladder.climb(grid.copy(), RUNG_ORDER, None, 12, None)
    assert (taken, status) == (every[:over], native_ladder.OVER_BELOW)
    taken, status, _ = native_ladder.climb(grid.copy(), RUNG_ORDER, 12, None, None)
    assert (taken, status) == (every[: over + 1], native_ladder.OVER_ABOVE)


def test_the_climb_looks_at_the_poll_before_a_step() -> None:
    grid = Grid.from_puzzle(QUIZZES[0])
    before = (grid.values[:], grid.cands[:])
    assert native_ladder.climb(grid, RUNG_ORDER, None, None, lambda: True) == (
        [],
        native_ladder.STOPPED,
        -1,
    )
    assert (grid.values, grid.cands) == before
    calls: list[int] = []
    taken, status, _ = native_ladder.climb(
        grid, RUNG_ORDER, None, None, lambda: len(calls) > 2 or bool(calls.append(1))
    )
    assert (len(taken), status) == (3, native_ladder.STOPPED)


@pytest.mark.parametrize(
    ("order", "above", "below", "poll", "why"),
    [
        ([(0, 1)], -1, -1, None, r"the order's item 0 is not a technique and its degree"),
        ([(0, 0), (99, 0)], -1, -1, None, r"the order's item 1 is not a technique"),
        ([(100, 4)], -1, -1, None, r"the order's item 0 is not a technique"),
        ([(101, 1)], -1, -1, None, r"the order's item 0 is not a technique"),
        ([(102, 10)], -1, -1, None, r"the order's item 0 is not a technique"),
        ([(0, 0), (-(2**40), 0)], -1, -1, None, r"the order's item 1 is not a technique"),
        ([(0,)], -1, -1, None, r"the order's item 0 is not a \(technique, degree\) pair"),
        ([(0, 0)] * 65, -1, -1, None, r"an order of 65 techniques \(accepted: up to 64\)"),
        (None, -1, -1, None, r"the order is a sequence of \(technique, degree\) pairs"),
        ([(0, 0)], -2, -1, None, r"above and below are ratings in tenths, or -1 for none"),
        ([(0, 0)], -1, -5, None, r"above and below are ratings in tenths, or -1 for none"),
        ([(0, 0)], -1, -1, 3, r"poll is a callable or None"),
    ],
)
def test_bad_climbs_from_python_are_refused(
    order: object, above: int, below: int, poll: object, why: str
) -> None:
    grid = Grid.from_puzzle(QUIZZES[0])
    climb = native._extension()[0].se_climb  # type: ignore[union-attr]
    with pytest.raises((ValueError, TypeError), match=why):
        climb(grid.values, grid.cands, order, above, below, poll)
