"""The generation's loop (``tools/making/loop.py``, issue 55): ``--near``'s frontier hands out the
puzzles given first, then the best found, a series of rounds each ({-1+1}, {-1+1}, {-2+2})."""

from __future__ import annotations

from sudoku_repl.tools.making.loop import Frontier
from sudoku_repl.tools.making.tasks import Made


def test_the_frontier_searches_near_the_given_puzzles_then_the_best_found() -> None:
    a, b = bytes([1] + [0] * 80), bytes([2] + [0] * 80)
    frontier = Frontier([a, b])
    assert [frontier[k] for k in range(6)] == [
        (a, 1, 0), (a, 1, 1), (a, 2, 2), (b, 1, 3), (b, 1, 4), (b, 2, 5),
    ]  # fmt: skip
    low = Made("3" + "." * 80, 10.5, 1.2, 1.2)
    high = Made("4" + "." * 80, 11.0, 1.2, 1.2)
    frontier.add(low)
    frontier.add(high)
    handed = [frontier[k][:2] for k in range(6, 13)]
    assert handed == [
        (high.givens, 1), (high.givens, 1), (high.givens, 2),
        (low.givens, 1), (low.givens, 1), (low.givens, 2),
        (a, 1),  # every puzzle has had a series: the second series begins, given ones first
    ]  # fmt: skip
