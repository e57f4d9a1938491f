"""Where ``generate``'s CPU goes, stage by stage, on ``--er 8.0-`` and ``--er 9.0-``: the maker
run as ``bench_generate.py`` runs it (one process, ``--jobs 1``, the default way), its stages
timed from outside, so that what is measured is the maker's own path.

    python benchmarks/bench_generate_stages.py [--seconds S] [--seed N]

The stages are the calls ``tools/making/tasks.py`` makes for a random start: the minimal
puzzle (``core.making.random_minimal_puzzle``), the counter's rules (``counting.settles``),
the batch path (``rating.batch_er``) and the exact rating of the puzzles it passes
(``rating.figures``, the three numbers an ER target asks for; ``explainer.rate`` where a target
asks for more), each wrapped here with a timer of this process's CPU. Each row says
how many puzzles a stage saw, its CPU-seconds, its share of the run and its mean; the batch
path's rejections are told by the hardest step it found (ER 7.x: ``7``), and the exact rating
by what it decided (below the least ER: thrown away; kept). What no stage took is the rest (the
loop, the random streams, the lines). Everything a stage spends on a puzzle that is not kept is
thrown away: the last line sums it.
"""

from __future__ import annotations

import argparse
import os
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

import common  # noqa: F401  (puts src/ on the path)
from bench_generate import ours

import sudoku_repl.core.counting as counting
import sudoku_repl.techniques.explainer as explainer
import sudoku_repl.techniques.explainer.rating as rating
import sudoku_repl.tools.making.tasks as tasks
from sudoku_repl.tools.making.targets import Span, Targets

#: (stage, bucket) -> [puzzles, CPU-seconds]
Tally = defaultdict[tuple[str, str], list[float]]


def timed(tally: Tally, stage: str, call: Callable[..., Any], bucket: Callable[[Any], str]) -> Any:
    """``call`` wrapped: each call's CPU added to ``tally`` under (stage, bucket(its result))."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        result = call(*args, **kwargs)
        row = tally[(stage, bucket(result))]
        row[0] += 1
        row[1] += time.process_time() - start
        return result

    return wrapper


def measured(least: int, seconds: float, seed: int) -> tuple[Tally, int, float]:
    """The stages of ``seconds`` of the maker at ER >= least (tenths), the puzzles kept, and
    the CPU of the whole run."""
    tally: Tally = defaultdict(lambda: [0, 0.0])

    def batch_bucket(hardest: int | None) -> str:
        if hardest is not None and hardest < least - tasks.BATCH_MARGIN:
            return f"reject ER {hardest // 10}.x"
        return "pass"

    # (module, name): (stage, what its result says): each wrapped by ``timed`` for the run
    stages: dict[tuple[object, str], tuple[str, Callable[[Any], str]]] = {
        (tasks, "random_minimal_puzzle"): ("the minimal puzzle", lambda _: "every start"),
        (counting, "settles"): ("the counter's rules", lambda said: "reject" if said else "pass"),
        (rating, "batch_er"): ("the batch path", batch_bucket),
        (explainer, "rate"): (
            "the exact rating",
            lambda rated: "below: thrown away" if round(rated.er * 10) < least else "kept",
        ),
        # (the maker's path for an ER target alone: the three numbers, no steps)
        (rating, "figures"): (
            "the exact rating",
            lambda known: "below: thrown away" if known is None or known[0] < least else "kept",
        ),
    }
    saved = {place: getattr(*place) for place in stages}
    for (module, name), (stage, bucket) in stages.items():
        setattr(module, name, timed(tally, stage, saved[(module, name)], bucket))
    try:
        kept, cpu, _ = ours(Targets(er=Span(least, None)), seconds, seed)
    finally:
        for (module, name), call in saved.items():
            setattr(module, name, call)
    return tally, len(kept), cpu


def report(least: int, tally: Tally, kept: int, cpu: float) -> None:
    starts = tally[("the minimal puzzle", "every start")][0]
    print(
        f"\nER >= {least / 10:.1f}: {starts:.0f} random starts, {kept} kept in {cpu:.1f} CPU-s "
        f"({kept * 60 / cpu:.1f} a CPU-minute)"
    )
    print(f"{'stage':<20} {'puzzles':<22} {'count':>7} {'CPU-s':>7} {'share':>6} {'ms each':>8}")
    timed_cpu = 0.0
    for (stage, bucket), (count, seconds) in sorted(tally.items()):
        timed_cpu += seconds
        print(
            f"{stage:<20} {bucket:<22} {count:>7.0f} {seconds:>7.2f} {seconds / cpu:>6.1%} "
            f"{seconds * 1000 / max(count, 1):>8.3f}"
        )
    print(f"{'the rest':<43} {'':>7} {cpu - timed_cpu:>7.2f} {(cpu - timed_cpu) / cpu:>6.1%}")

    # a kept puzzle's own work: its exact rating, and a mean start's minimal puzzle, counter's
    # rules and batch path; every other stage's CPU went to puzzles thrown away
    def mean(stage: str, bucket: str) -> float:
        count, seconds = tally[(stage, bucket)]
        return seconds / max(count, 1)

    useful = tally[("the exact rating", "kept")][1] + kept * (
        mean("the minimal puzzle", "every start")
        + mean("the counter's rules", "pass")
        + mean("the batch path", "pass")
    )
    print(f"thrown away: {(timed_cpu - useful) / cpu:.1%} of the CPU (on puzzles not kept)")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="CPU seconds a target")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{time.strftime('%Y-%m-%d %H:%M')}, load {os.getloadavg()[0]:.2f} (1 min)")
    for least in (80, 90):
        report(least, *measured(least, args.seconds, args.seed))


if __name__ == "__main__":
    main()
