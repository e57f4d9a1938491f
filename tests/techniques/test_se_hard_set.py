"""The hard set (``tests/data/se_hard_rated.txt``: serate 1.15.10's ER, EP and ED) on the native
build: every quiz of the set, most of them needing the nested forcing chains, rates exactly, in
seconds. A run rates a sample, the hardest four (ER 11.5 to 11.8) and twelve spread over the
set; ``SUDOKU_REPL_SWEEP=1`` all 78 (tests/support/sweeps.py). (The pure path takes minutes a
quiz here: ``test_se_nested.py`` checks the set's quick rows on both builds, and
``benchmarks/bench_se_nested.py`` times the set.)"""

from __future__ import annotations

import pytest

from sudoku_repl.techniques.explainer import native, rate
from tests.support.helpers import TEST_DATA, read_lines
from tests.support.sweeps import sweep

pytestmark = pytest.mark.skipif(not native.active(), reason=native.build())

HARD = {line.split()[0]: line.split()[1:4] for line in read_lines(TEST_DATA / "se_hard_rated.txt")}


@pytest.mark.parametrize("puzzle", sweep(list(HARD), 12, lambda p: float(HARD[p][0]) >= 11.5))
def test_hard_quizzes_rate_exactly_as_serate(puzzle: str) -> None:
    """The set's quizzes, ER up to 11.8 (a second or two each on the native build since issue
    45's memo and reaches; the whole set some 15 CPU-seconds, the sample 5)."""
    result = rate(puzzle, time_limit=600)
    assert not result.er_is_lower_bound
    assert [f"{result.er:.1f}", f"{result.ep:.1f}", f"{result.ed:.1f}"] == HARD[puzzle]
