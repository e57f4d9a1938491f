"""What the check of a grid no technique takes a step from (``no_step.finds_nothing``)
costs ``serate``: on grids of a few givens, where it answers, and on the puzzles of one solution
it is asked about first (every puzzle serate rates), where it answers no.

    python benchmarks/bench_no_step.py [--limit K] [--rounds N]

Prints, for an empty grid and grids of one, two and three givens, the check's milliseconds (the
rating it spares runs for many minutes: serate's too); and for the first K puzzles of
puzzles/se_rated_diabolical2000.txt (ER 7 to 9 or so) and of the forum's hardest sample (ER 11
and above, no step below the chains at the start for many), the seconds of ``serate``'s rating
of each puzzle (``puzzle_text``) with the check and without it (the check made to say no at
once), alternated round by round, the best round of each counting, and their ratio.
"""

from __future__ import annotations

import argparse
import time
from unittest import mock

from common import FORUM_SAMPLE, SE_RATED, machine, read_quizzes

from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.no_step import finds_nothing
from sudoku_repl.tools.serate import rate as serate_rate
from sudoku_repl.tools.serate.options import SerateArgs

FEW = {
    "empty": "." * 81,
    "one given": "." * 40 + "5" + "." * 40,
    "two givens": "5" + "." * 39 + "3" + "." * 40,
    "three givens": "." * 40 + "5" + "." * 31 + "12" + "." * 7,
}


def rated(puzzles: list[str], check: bool) -> float:
    """Seconds of serate's rating of ``puzzles`` (its default format)."""
    args = SerateArgs()
    patch = mock.patch.object(serate_rate, "finds_nothing", side_effect=lambda grid: False)
    start = time.perf_counter()
    if check:
        for k, line in enumerate(puzzles, 1):
            serate_rate.puzzle_text(line, k, args, lambda: False)
    else:
        with patch:
            for k, line in enumerate(puzzles, 1):
                serate_rate.puzzle_text(line, k, args, lambda: False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    print(machine())
    for name, puzzle in FEW.items():
        best = float("inf")
        for _ in range(options.rounds):
            grid = Grid.from_puzzle(puzzle)
            start = time.perf_counter()
            assert finds_nothing(grid)
            best = min(best, time.perf_counter() - start)
        print(f"{name:>13}: no step, known in {best * 1000:.1f} ms")
    for path, limit in ((SE_RATED, options.limit), (FORUM_SAMPLE, max(1, options.limit // 8))):
        puzzles = [q[:81] for q in read_quizzes(path, limit)]
        with_check = without = float("inf")
        for _ in range(options.rounds):
            with_check = min(with_check, rated(puzzles, True))
            without = min(without, rated(puzzles, False))
        print(
            f"{path.name} ({len(puzzles)} puzzles): serate's rating {with_check:.3f} s with the "
            f"check, {without:.3f} s without, ratio {with_check / without:.3f}"
        )


if __name__ == "__main__":
    main()
