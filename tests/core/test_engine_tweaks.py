"""The shortcuts of the step engine's hot paths against the plain rules they stand for."""

from __future__ import annotations

import itertools
from array import array

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku_repl.core import filters
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.state import EngineState, Status, foremost
from tests.support.helpers import PUZZLES, SEED_QUIZ, grid_of, read_lines

#: an empty cell's candidates (0 too: the quirk of docs/engine.md 8) or a filled cell's value
_cell = st.one_of(
    st.tuples(st.just(0), st.integers(0, 0x1FF)),
    st.tuples(st.integers(1, 9), st.just(0)),
)


@given(st.lists(_cell, min_size=1, max_size=81))
def test_foremost_has_one_candidate_exactly_when_some_empty_cell_has(
    cells: list[tuple[int, int]],
) -> None:
    # Engine._search fills when an empty cell has one candidate, without asking foremost
    values = [v for v, _ in cells]
    cands = [m for _, m in cells]
    single = any(not v and m.bit_count() == 1 for v, m in cells)
    assert (foremost(values, cands)[1] == 1) == single


def _has_perfect_matching(masks: list[int]) -> bool:
    """Brute force: the cells take different values, one of their candidates each."""

    def take(k: int, used: int) -> bool:
        if k == len(masks):
            return True
        free = masks[k] & ~used
        return any(take(k + 1, used | 1 << v) for v in range(9) if free >> v & 1)

    return take(0, 0)


@given(st.lists(st.integers(0, 0x1FF), min_size=1, max_size=9), st.integers(0, 0x1FF))
def test_matched_nodes_is_a_perfect_matching_when_there_is_one(
    masks: list[int], missing: int
) -> None:
    node = filters._matched_nodes(masks, missing)
    if missing.bit_count() != len(masks):
        assert node is None
        return
    assert (node is not None) == _has_perfect_matching(masks)
    if node is not None:
        assert len(node) == len(masks)
        assert sorted(node.values()) == sorted(masks)  # every cell once
        assert all(b.bit_count() == 1 and b & m for b, m in node.items())


@given(st.lists(_cell, min_size=81, max_size=81))
def test_engine_foremost_is_the_states(cells: list[tuple[int, int]]) -> None:
    # the engine finds it in its per-cell counts, the quirk included
    values = bytes(v for v, _ in cells)
    cands = array("H", [m for _, m in cells])
    engine = Engine(EngineState(Status.SEARCHING, 0, 0, values, cands, ()))
    assert engine.foremost() == foremost(values, cands)


def _clean_units_yield_nothing(engine: Engine) -> None:
    """Each unit grp would pass over as clean (``Memo.clean`` less the units of the cells changed
    since) yields nothing when grp looks at it alone, on a copy with a fresh memo."""
    geo = engine.geo
    clean = engine.memo.clean
    for c in engine.changed:
        clean &= ~geo.unit_masks[c]
    for u in range(len(geo.units)):
        if clean >> u & 1:
            alone = filters.Memo(geo)
            alone.clean = ((1 << len(geo.units)) - 1) & ~(1 << u)
            found = filters.grp(geo, list(engine.values), list(engine.cands), 0, [], [], alone, [])
            assert found == filters.NOTHING, (geo.units[u].name, found)


@pytest.mark.parametrize("mode", [0, 1])
@pytest.mark.parametrize("quiz", [SEED_QUIZ, *read_lines(PUZZLES / "norvig_top95.txt")[:3]])
def test_clean_units_stay_clean_through_guesses_and_backtracking(quiz: str, mode: int) -> None:
    engine = Engine.from_givens(grid_of(quiz))
    for _ in range(3000):
        if engine.status is Status.FINISHED:
            break
        engine.advance(mode)
        _clean_units_yield_nothing(engine)


@given(st.integers(3, 0x1FF).filter(lambda m: m.bit_count() >= 2), st.data())
def test_complete_shrink_finds_nothing_when_every_value_has_two_cells(
    missing: int, data: st.DataObject
) -> None:
    # grp runs complete shrink only on a unit where some missing value lies in fewer than two
    # of the empty cells' candidates: here is the other case, where it must find nothing
    k = missing.bit_count()
    masks = data.draw(st.lists(st.integers(0, 0x1FF), min_size=k, max_size=k))
    masks = [m & missing for m in masks]
    bits = [1 << v for v in range(9) if missing >> v & 1]
    for b in bits:  # every missing value into two cells at least
        cells = data.draw(st.lists(st.integers(0, k - 1), min_size=2, max_size=2, unique=True))
        for c in cells:
            masks[c] |= b
    cands = list(masks)
    touched: list[int] = []
    assert filters._complete_shrink(list(range(k)), missing, cands, touched) == filters.NOTHING
    assert cands == masks and touched == []


def _every_candidate_in_some_completion(masks: list[int], missing: int) -> bool:
    """Brute force: each candidate of each cell is taken in some way for the cells to take
    different missing values, one of their candidates each."""
    values = [v for v in range(9) if missing >> v & 1]
    ways = [
        way
        for way in itertools.permutations(values, len(masks))
        if all(m >> v & 1 for m, v in zip(masks, way))
    ]
    return all(
        any(way[i] == v for way in ways)
        for i, m in enumerate(masks)
        for v in range(9)
        if m >> v & 1
    )


@pytest.mark.parametrize("values", [(0, 8), (1, 4, 7), (0, 3, 5, 8)])
def test_small_units_are_told_quiet_as_by_brute_force(values: tuple[int, ...]) -> None:
    # grp's shortcut for units of two to four empty cells, each missing value in two at least:
    # every such unit, over these missing values (which ones they are does not matter)
    missing = sum(1 << v for v in values)
    subsets = [m for m in range(missing + 1) if m & ~missing == 0]
    tried = 0
    for masks in itertools.product(subsets, repeat=len(values)):
        if any(sum(m >> v & 1 for m in masks) < 2 for v in values):
            continue
        tried += 1
        expected = _every_candidate_in_some_completion(list(masks), missing)
        assert filters._small_unit_quiet(list(masks)) == expected, masks
    assert tried > 100 or len(values) < 4
