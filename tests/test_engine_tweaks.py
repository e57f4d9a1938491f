"""The shortcuts of the step engine's hot paths against the plain rules they stand for."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sudoku_repl.core.state import foremost

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
