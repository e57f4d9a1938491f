"""A rating's memo of the nested chains' inner findings (``native.se_memo``, ``se_nested.c``):
one memo shared by searches of different levels, nestings and grids gives each search the hints
it finds alone, in the same order. The memo keys a grid's findings by the kind of inner search
(chains.py's, or a Chainer of its own level), so a mix-up of kinds shows here as other hints."""

from __future__ import annotations

import pytest

from sudoku_repl.techniques.explainer import native, native_chains, rating
from sudoku_repl.techniques.explainer.grid import Grid
from tests.support.se_paths import grid_at

pytestmark = pytest.mark.skipif(not native.active(), reason=native.build())

QUIZ_10_3 = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
QUIZ_11_1 = "98.7..6..75..6......68.....4..3...2...5.9.7.......8..4.1......3..918.5.......2.1."


def _search(grid: Grid, level: int, nesting: int, memo: object) -> object:
    search = native.se_chainer()
    assert search is not None
    return search(grid.values, grid.cands, True, True, False, level, None, None, nesting, memo)


def test_one_memo_over_levels_and_grids_gives_each_search_its_own_hints() -> None:
    make = native.se_memo()
    assert make is not None
    memo = make()
    # the levels in an order where each kind of inner search meets grids another kind searched
    # level 1 (dynamic +) and the nested levels meet the "+" rules' patterns and the X links'
    # reach kept by the memo for grids (and a digit's places) another search met first
    calls = [
        (grid_at(QUIZ_11_1, 85), 1, 0),
        (grid_at(QUIZ_11_1, 85), 4, 1),
        (grid_at(QUIZ_11_1, 85), 3, 0),
        (grid_at(QUIZ_11_1, 85), 2, 0),
        (grid_at(QUIZ_10_3, 96), 2, 0),
        (grid_at(QUIZ_11_1, 85), 4, 0),
        (grid_at(QUIZ_11_1, 79), 3, 0),
        (grid_at(QUIZ_11_1, 85), 2, 0),
        (grid_at(QUIZ_11_1, 79), 1, 0),
        (grid_at(QUIZ_10_3, 96), 1, 0),
    ]
    for grid, level, nesting in calls:
        shared = _search(grid, level, nesting, memo)
        alone = _search(grid, level, nesting, None)
        assert isinstance(alone, list) and alone, (level, nesting)
        assert shared == alone, (level, nesting)


def test_a_rating_shares_one_memo_and_leaves_none_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rating's climb (its whole loop in C) gets the rating's memo, every call the same."""
    seen: list[object] = []
    climb = native.se_climb()
    assert climb is not None

    def spy(*args: object) -> object:
        seen.append(args[-1])
        return climb(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(native, "se_climb", lambda: spy)
    result = rating.rate(QUIZ_10_3, time_limit=None)
    assert (result.er, result.ep, result.ed) == (10.3, 1.2, 1.2)  # serate's
    assert seen and seen[0] is not None
    assert all(memo is seen[0] for memo in seen)
    assert native_chains.memo.get() is None
    make = native.se_memo()
    assert make is not None and type(seen[0]) is type(make())


def test_a_memo_of_another_kind_is_refused() -> None:
    grid = grid_at(QUIZ_10_3, 96)
    with pytest.raises(ValueError):
        _search(grid, 2, 0, object())


def test_a_digits_kept_x_findings_serve_grids_that_differ_in_other_digits() -> None:
    """The inner X searches keep a digit's findings by its places (``SeXFound``): a memo shared
    by grids that differ only in one cell's other values (r8c4, 3 or 6, with a 4 or a 9 too: no
    peer holds either) gives each grid the hints it finds alone."""
    make = native.se_memo()
    assert make is not None
    memo = make()
    base = grid_at(QUIZ_10_3, 96)
    assert base.cands[66] == 1 << 3 | 1 << 6
    variants = [base]
    for extra in (1 << 4, 1 << 9, 1 << 4 | 1 << 9):
        variant = base.copy()
        variant.cands[66] |= extra
        variants.append(variant)
    for grid in variants:
        shared = _search(grid, 2, 0, memo)
        alone = _search(grid, 2, 0, None)
        assert isinstance(alone, list) and alone
        assert shared == alone


def _units_of(cell: int) -> list[list[int]]:
    row, col = divmod(cell, 9)
    box = (row // 3) * 27 + (col // 3) * 3
    return [
        [box + 9 * r + c for r in range(3) for c in range(3)],
        [9 * row + c for c in range(9)],
        [9 * r + col for r in range(9)],
    ]


def test_a_kept_xy_graph_serves_grids_that_differ_in_unlinked_candidates() -> None:
    """The inner XY searches keep the graph of the linked candidates and their walks' chains
    (``SeXYEntry``): grids that differ only in candidates that no strong link holds (a value
    added to a cell of three or more, in units where it has no place or three or more) have one
    graph, and a memo shared by them gives each grid the hints it finds alone."""
    make = native.se_memo()
    assert make is not None
    base = grid_at(QUIZ_11_1, 85)
    variants = [base]
    for cell in range(81):
        if bin(base.cands[cell]).count("1") < 3:
            continue
        for value in range(1, 10):
            places = [
                sum(1 for o in unit if base.cands[o] >> value & 1) for unit in _units_of(cell)
            ]
            if not base.cands[cell] >> value & 1 and all(n == 0 or n >= 3 for n in places):
                variant = base.copy()
                variant.cands[cell] |= 1 << value
                variants.append(variant)
    assert len(variants) >= 3
    for level in (2, 3):
        memo = make()
        for grid in variants[:6]:
            shared = _search(grid, level, 0, memo)
            alone = _search(grid, level, 0, None)
            assert isinstance(alone, list) and alone, level
            assert shared == alone, level
