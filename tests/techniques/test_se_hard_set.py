"""The hard set (``tests/data/se_hard_rated.txt``: serate 1.15.10's ER, EP and ED) on the native
build: quizzes that need the nested forcing chains rate exactly, in seconds. (The whole set is
``benchmarks/bench_se_nested.py``'s; the pure path takes minutes a quiz here, and
``test_se_nested.py`` checks the set's quick rows on both builds.)"""

from __future__ import annotations

import pytest

from sudoku_repl.core import native
from sudoku_repl.techniques.explainer import rate
from tests.support.helpers import TEST_DATA, read_lines

pytestmark = pytest.mark.skipif(
    not native.active(), reason="the pure build (no native core, or SUDOKU_REPL_ENGINE=pure)"
)

HARD = {line.split()[0]: line.split()[1:4] for line in read_lines(TEST_DATA / "se_hard_rated.txt")}


@pytest.mark.parametrize(
    "puzzle",
    [
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        "98.7..6..75..6......68.....4..3...2...5.9.7.......8..4.1......3..918.5.......2.1.",
        "98.7..6..75..6......6..9...8..4...3..3......2..7.9.8..1..2....9..8.7.5.......1.4.",
    ],
)
def test_hard_quizzes_rate_exactly_as_serate(puzzle: str) -> None:
    result = rate(puzzle, time_limit=600)
    assert not result.er_is_lower_bound
    assert [f"{result.er:.1f}", f"{result.ep:.1f}", f"{result.ed:.1f}"] == HARD[puzzle]
