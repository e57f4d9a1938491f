"""The maker's judging of one puzzle against an ER target (``tasks.judge``): a puzzle is kept
with serate's figures when its ER is within the target, and dropped otherwise, also when the
batch path (the quick rejection) lets it through and only the rating's own path shows it below
the least ER asked.

The expected figures are serate's, from ``tests/data/se_rated_slice.txt``, not this code's."""

from __future__ import annotations

import pytest

from sudoku_repl.techniques.explainer import rating
from sudoku_repl.tools.making import tasks
from sudoku_repl.tools.making.targets import Span, Targets
from tests.support.helpers import NEEDS_NATIVE_EXPLAINER, TEST_DATA, read_lines

SLICE = [line.split() for line in read_lines(TEST_DATA / "se_rated_slice.txt")]
#: the slice's puzzle of ER 7.8: the batch path's hardest step on it is 7.8 too, within the
#: batch path's margin below 8.0, so at ER >= 8.0 it is the rating's path that drops it
NEAR_MISS = 18


def judged(line: int, least: int, most: int | None = None) -> tuple[float, ...] | None:
    """ER, EP and ED of the slice's puzzle ``line`` as the maker keeps it at ER ``least`` to
    ``most`` (tenths), None when it is not kept."""
    puzzle = bytes(0 if ch in ".0" else int(ch) for ch in SLICE[line][0])
    made = tasks.judge(puzzle, Targets(er=Span(least, most)), lambda: False)
    return None if made is None else (made.er, made.ep, made.ed)


def serates(line: int) -> tuple[float, ...]:
    return tuple(float(x) for x in SLICE[line][1:4])


@NEEDS_NATIVE_EXPLAINER
def test_a_puzzle_the_batch_path_lets_through_is_dropped_below_the_least_er() -> None:
    assert serates(NEAR_MISS) == (7.8, 1.5, 1.5)
    hardest = rating.batch_er(SLICE[NEAR_MISS][0], 80, enough=80 - tasks.BATCH_MARGIN)
    assert hardest is not None and hardest >= 80 - tasks.BATCH_MARGIN  # let through
    assert judged(NEAR_MISS, 80) is None
    assert judged(NEAR_MISS, 70) == (7.8, 1.5, 1.5)
    assert judged(NEAR_MISS, 70, 77) is None


@NEEDS_NATIVE_EXPLAINER
@pytest.mark.parametrize("least", [50, 80, 90])
def test_kept_is_within_the_target_with_serates_figures(least: int) -> None:
    for line in range(0, len(SLICE), 4):
        er = serates(line)[0]
        assert judged(line, least) == (serates(line) if round(er * 10) >= least else None), (
            line,
            least,
        )
