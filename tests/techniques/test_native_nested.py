"""The nested forcing chains in C (``csrc/se_nested.c``) against the pure ones (``nested.py``,
the reference): the same hints in the same order, and the limits looked at inside.

The differential grids are points of the rating paths of two hard quizzes where the pure
nested levels finish in a few seconds and their chains still run dry onto nested findings (tens
of times: the potentials a nested chain removes join the outer chains). The expected step is
serate's (SukakuExplainer 1.15.10), from ``tests/data/se_nested_state.txt``. Three of the five
levels are slow (the pure reference's 10-30 s under the sanitizers): the main job runs level 4
and level 4 nested twice; .ci/sanitize (``-m 'not slow'``) runs the C on level 4 nested twice
alone (``sweeps.sanitized``), whose nested chains run level 4's own dynamic chains inside and
hold the lower levels' kinds; the slow phase runs the other three."""

from __future__ import annotations

import pytest

from sudoku_repl.techniques.explainer import native, nested
from sudoku_repl.techniques.explainer.grid import Grid
from tests.support.helpers import SLOW, TEST_DATA, read_lines
from tests.support.se_paths import grid_at
from tests.support.sweeps import sanitized

pytestmark = pytest.mark.skipif(not native.active(), reason=native.build())

HARD = {line.split()[0]: line.split()[1:4] for line in read_lines(TEST_DATA / "se_hard_rated.txt")}
#: serate 10.3/1.2/1.2 and 11.1/11.1/11.1
QUIZ_10_3 = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
QUIZ_11_1 = "98.7..6..75..6......68.....4..3...2...5.9.7.......8..4.1......3..918.5.......2.1."


@pytest.mark.parametrize(
    ("puzzle", "steps", "level", "nesting"),
    [
        pytest.param(QUIZ_10_3, 96, 2, 0, marks=SLOW),  # + forcing chains and cycles
        pytest.param(QUIZ_11_1, 79, 3, 0, marks=SLOW),  # + multiple forcing chains too
        pytest.param(QUIZ_10_3, 96, 4, 0, marks=sanitized([], [SLOW])),  # + dynamic forcing chains
        pytest.param(QUIZ_11_1, 85, 4, 1, marks=SLOW),  # + dynamic forcing chains (+)
        (QUIZ_11_1, 85, 4, 2),  # + nested dynamic chains, themselves nested
    ],
)
def test_native_nested_chains_find_the_pure_hints_in_the_same_order(
    puzzle: str, steps: int, level: int, nesting: int
) -> None:
    grid = grid_at(puzzle, steps)
    before = (grid.values[:], grid.cands[:])
    chainer = nested.nested_chainer(level, nesting)
    pure = chainer.pure_hints(grid)
    assert len(pure) > 100
    assert chainer.hints(grid) == pure
    assert (grid.values, grid.cands) == before


def test_the_whole_nested_level_finds_serates_step_first() -> None:
    """From the state before the nested step of serate's 10.3 quiz, serate's first step is
    ``10.3 Region Forcing Chains: 3 in row ==> E6.4 off`` (r6c5 loses 4); the native level 2,
    over every cell (the pure one takes some 25 CPU seconds for it), finds it first too."""
    text = read_lines(TEST_DATA / "se_nested_state.txt")[0]
    first = nested.nested_chainer(2).hints(Grid.from_candidate_string(text))[0]
    assert (first.technique, first.rating, first.eliminations) == (
        "Dynamic Region Forcing Chains (+ Forcing Chains)",
        103,
        ((49, 4),),
    )


def test_a_poll_saying_stop_stops_a_nested_search() -> None:
    """The nested searches look at the same limits as the outer one: the search stops at the
    poll's first yes, deep inside level 4's nested chains, and says so (2)."""
    search = native.se_chainer()
    assert search is not None
    calls = []

    def poll() -> bool:
        calls.append(1)
        return len(calls) == 40

    grid = Grid.from_puzzle(QUIZ_11_1)
    assert search(grid.values, grid.cands, True, True, False, 4, None, poll, 2) == 2
    assert len(calls) == 40
