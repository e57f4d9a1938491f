"""The native chain search (``csrc/se_*.c`` through ``explainer.native_chains``) against the
pure one, the reference: on grids taken at random points of the rating paths of the SE-rated
slice, each forcing-chain technique gives the same hints (names, ratings, removals, placement)
in the same order from both. Then what crosses from Python (bad sizes and values: ValueError)
and the limits (a deadline past, a poll saying stop: the search stops and says which).

The ratings of the slice equal on both paths: ``test_se_rating.py`` checks them against
SukakuExplainer's figures on the native build, and ``.ci/pure`` runs it again on the pure one."""

from __future__ import annotations

import signal
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_repl.techniques.explainer import (
    advanced,
    chains,
    exclusion,
    forcing,
    native,
    native_chains,
)
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.hint import Hint
from sudoku_repl.techniques.explainer.rating import Interrupted, first_hint
from tests.support.helpers import SLOW, TEST_DATA, read_lines
from tests.support.se_paths import grid_at, rating_path
from tests.support.sweeps import either, sanitized, sweep

pytestmark = pytest.mark.skipif(not native.active(), reason=native.build())

SLICE = [line.split()[0] for line in read_lines(TEST_DATA / "se_rated_slice.txt")]
# (multiple, dynamic, nishio, level): Nishio, multiple, dynamic, dynamic (+) forcing chains
MODES = (
    (False, True, True, 0),
    (True, False, False, 0),
    (True, True, False, 0),
    (True, True, False, 1),
)


def chainer(mode: tuple[bool, bool, bool, int]) -> forcing.Chainer:
    return forcing.Chainer(*mode, advanced.simple_rule_offs if mode[3] else None)


def native_hints(grid: Grid, mode: tuple[bool, bool, bool, int]) -> list[Hint]:
    found = native_chains.chainer_hints(grid, *mode)
    assert found is not None
    return found


# (12 grids, 4 under the sanitizers: the pure search is most of the time there; every mode of
# the C runs on the grid of every kind below)
@settings(
    max_examples=sanitized(12, 4), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    puzzle=st.sampled_from(SLICE),
    where=st.floats(min_value=0.0, max_value=0.7),
    mode=st.sampled_from(MODES),
)
def test_native_chains_find_the_pure_hints_in_the_same_order(
    puzzle: str, where: float, mode: tuple[bool, bool, bool, int]
) -> None:
    grid = grid_at(puzzle, int(where * len(rating_path(puzzle))))
    before = (grid.values[:], grid.cands[:])
    assert native_hints(grid, mode) == chainer(mode).pure_hints(grid)
    assert (grid.values, grid.cands) == before  # the search works on its own copy


@settings(max_examples=sanitized(8, 3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzle=st.sampled_from(SLICE), where=st.floats(min_value=0.0, max_value=0.7))
def test_native_cycles_and_exclusions_are_the_pure_ones(puzzle: str, where: float) -> None:
    grid = grid_at(puzzle, int(where * len(rating_path(puzzle))))
    assert list(chains.cycles_and_forcing_chains(grid)) == list(
        chains.pure_cycles_and_forcing_chains(grid)
    )
    for degree in (2, 3):
        native_found = native_chains.exclusion_removals(grid, degree)
        assert native_found is not None
        pure = list(exclusion.aligned_exclusion(degree, pure=True)(grid))
        assert [h.eliminations for h in pure] == list(native_found)
        assert list(exclusion.aligned_exclusion(degree)(grid)) == pure


def test_a_forcing_chain_from_a_candidate_no_strong_link_holds_is_the_pure_one() -> None:
    """The walks read only the "off" targets a strong link goes on from, and the start's
    negation: on the slice's first grid, r2c5 (cell 13) has three candidates and 4 three places
    or more in each of its units, so its "off" is a sink, yet its "on" reaches it (an XY forcing
    chain, 7.1); both searches find it, and the same hints in the same order."""
    grid = grid_at(SLICE[0], 0)
    assert bin(grid.cands[13]).count("1") >= 3
    # (its row, column and block: r1-3c4-6)
    for unit in (range(9, 18), range(4, 81, 9), [3, 4, 5, 12, 13, 14, 21, 22, 23]):
        assert sum(1 for c in unit if grid.cands[c] >> 4 & 1) >= 3
    native_found = list(chains.cycles_and_forcing_chains(grid))
    assert ("Forcing Chain", ((13, 4),), 71) in [
        (h.technique, h.eliminations, h.rating) for h in native_found
    ]
    assert native_found == list(chains.pure_cycles_and_forcing_chains(grid))


@settings(max_examples=sanitized(8, 3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzle=st.sampled_from(SLICE), where=st.floats(min_value=0.0, max_value=0.7))
def test_the_batch_paths_forcing_chains_are_as_long_as_the_pure_ones(
    puzzle: str, where: float
) -> None:
    """The batch path's search (``shortest``) walks each forcing chain from both of its ends,
    so its chain may be another than the pure search's, never of another length: each finding's
    name, rating, removals and complexity (its chain's potentials) are those of the search that
    walks from the start alone, and the hints the pure search's."""
    grid = grid_at(puzzle, int(where * len(rating_path(puzzle))))
    search = native.se_cycles()
    assert search is not None
    shortest = search(grid.values, grid.cands, None, None, None, False, True)
    walked = search(grid.values, grid.cands, None, None)
    assert isinstance(shortest, list) and isinstance(walked, list)
    assert [f[:5] for f in shortest] == [f[:5] for f in walked]
    assert [
        Hint(native_chains.CYCLE_NAMES[name], rating, removals, placement)
        for name, rating, removals, placement, *_ in shortest
    ] == list(chains.pure_cycles_and_forcing_chains(grid))


#: the hard set's quicker quizzes (ER 9.4 at most), whose paths reach many grids where aligned
#: triplets remove something
HARD = [
    line.split()[0]
    for line in read_lines(TEST_DATA / "se_hard_rated.txt")
    if float(line.split()[1]) <= 9.4
][:12]


@SLOW
def test_aligned_triplets_met_again_give_their_hint_again() -> None:
    """The C's walk meets a group of three cells up to three times and passes by a group met
    before that removed nothing (se_exclusion.c): on grids a fifth, two fifths and three fifths
    along the hard quizzes' paths, its findings are the pure walk's, in its order, repeats
    included; and the grids are ones that test it (many find a group, each more than once).
    Slow (the pure walk's 40 s under the sanitizers): the main job runs it on six of the
    quizzes spread over the twelve (all when sweeping, ``SUDOKU_REPL_SWEEP=1``); .ci/sanitize
    runs the C's walk on the grid of every kind below."""
    repeated = 0
    for puzzle in sweep(HARD, 6):
        steps = len(rating_path(puzzle))
        for fifths in (1, 2, 3):
            grid = grid_at(puzzle, steps * fifths // 5)
            pure = [h.eliminations for h in exclusion.aligned_exclusion(3, pure=True)(grid)]
            assert list(native_chains.exclusion_removals(grid, 3) or ()) == pure
            repeated += len(pure) > len(set(pure))
    assert repeated >= either(5, 10)


def test_a_grid_with_chains_of_every_kind() -> None:
    """A fixed state of the 7.3 puzzle (the first of the slice) where the multiple, dynamic
    and dynamic (+) chains find many hints: the whole lists equal, not only the first."""
    grid = grid_at(SLICE[0], 17)
    for mode in MODES:
        pure = chainer(mode).pure_hints(grid)
        assert len(pure) > 3 or mode[2]  # (Nishio finds nothing there)
        assert native_hints(grid, mode) == pure
    cycles = list(chains.pure_cycles_and_forcing_chains(grid))
    assert len(cycles) > 3
    assert native_chains.cycle_hints(grid) == cycles
    triplets = [h.eliminations for h in exclusion.aligned_exclusion(3, pure=True)(grid)]
    assert list(native_chains.exclusion_removals(grid, 3) or ()) == triplets


@pytest.mark.parametrize(
    ("values", "cands", "why"),
    [
        ([0] * 80, [0x3FE] * 81, "values"),
        ([0] * 81, [0x3FE] * 82, "candidates"),
        ([10] + [0] * 80, [0x3FE] * 81, "values"),
        ([-1] + [0] * 80, [0x3FE] * 81, "values"),
        ([0] * 81, [1] + [0x3FE] * 80, "candidates"),
        ([0] * 81, [1 << 10] + [0x3FE] * 80, "candidates"),
        ([0] * 81, ["x"] + [0x3FE] * 80, "candidates"),
        ([0] * 81, [2**70] + [0x3FE] * 80, "candidates"),
        (None, [0x3FE] * 81, "values"),
        ("0" * 81, [0x3FE] * 81, "values"),
    ],
)
def test_bad_grids_from_python_are_refused(values: object, cands: object, why: str) -> None:
    ext = native._extension()[0]
    with pytest.raises(ValueError, match=why):
        ext.se_chainer(values, cands, True, True, False, 0, None, None)  # type: ignore[union-attr]
    with pytest.raises(ValueError, match=why):
        ext.se_cycles(values, cands, None, None)  # type: ignore[union-attr]
    with pytest.raises(ValueError, match=why):
        ext.se_exclusion(values, cands, 3, 0)  # type: ignore[union-attr]
    with pytest.raises(ValueError, match=why):
        ext.se_ladder(values, cands, 0, 0, 0)  # type: ignore[union-attr]


@pytest.mark.parametrize("degree", [1, 4, -3])
def test_exclusion_takes_two_or_three_cells(degree: int) -> None:
    grid = Grid.from_puzzle(SLICE[0])
    with pytest.raises(ValueError):
        native._extension()[0].se_exclusion(grid.values, grid.cands, degree, 0)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("level", "dynamic", "nishio", "deadline", "poll", "nesting"),
    [
        (5, True, False, None, None, 0),
        (-1, True, False, None, None, 0),
        (1, False, False, None, None, 0),
        (2, True, True, None, None, 0),
        (4, True, False, None, None, 4),
        (4, True, False, None, None, -1),
        (0, True, False, "soon", None, 0),
    ],
)
def test_bad_settings_are_refused(
    level: int, dynamic: bool, nishio: bool, deadline: object, poll: object, nesting: int
) -> None:
    search = native._extension()[0].se_chainer  # type: ignore[union-attr]
    grid = Grid.from_puzzle(SLICE[0])
    with pytest.raises(ValueError):
        search(grid.values, grid.cands, True, dynamic, nishio, level, deadline, poll, nesting)


def test_a_poll_that_says_stop_stops_the_search() -> None:
    grid = grid_at(SLICE[0], 17)
    polls: list[int] = []

    def stop() -> bool:
        polls.append(1)
        return True

    token = native_chains.limits.set((None, stop))
    try:
        with pytest.raises(native_chains.Stopped) as stopped:
            native_chains.chainer_hints(grid, *MODES[3])
    finally:
        native_chains.limits.reset(token)
    assert stopped.value.interrupted
    assert len(polls) == 1


def test_a_deadline_past_stops_the_search() -> None:
    grid = grid_at(SLICE[0], 17)
    token = native_chains.limits.set((time.monotonic() - 1, None))
    try:
        with pytest.raises(native_chains.Stopped) as stopped:
            native_chains.chainer_hints(grid, *MODES[3])
    finally:
        native_chains.limits.reset(token)
    assert not stopped.value.interrupted


def test_ctrl_c_inside_the_native_search_raises_keyboard_interrupt() -> None:
    """SIGINT lands while the C searches (raised here by the poll, which the search calls
    right after it looks at the signals): the next look, a thousand potentials on, raises
    KeyboardInterrupt out of the C."""
    grid = grid_at(SLICE[0], 17)
    polls: list[int] = []

    def ctrl_c() -> bool:
        polls.append(1)
        if len(polls) == 1:
            signal.raise_signal(signal.SIGINT)
        return False

    token = native_chains.limits.set((None, ctrl_c))
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)  # (whatever the runner's)
    try:
        with pytest.raises(KeyboardInterrupt):
            native_chains.chainer_hints(grid, *MODES[3])
    finally:
        signal.signal(signal.SIGINT, handler)
        native_chains.limits.reset(token)
    assert len(polls) == 1


def test_a_stop_inside_the_native_search_interrupts_the_rating() -> None:
    """The rating's interrupt callable says stop only once the chain search runs (its first
    answer, before the technique, is no): the rating raises Interrupted from inside the C."""
    grid = grid_at(SLICE[0], 17)
    answers: list[bool] = []

    def second_says_stop() -> bool:
        answers.append(len(answers) >= 1)
        return answers[-1]

    order = (("dynamic forcing chains (+)", chainer(MODES[3])),)
    with pytest.raises(Interrupted):
        first_hint(grid, order, None, second_says_stop)
    assert answers == [False, True]
