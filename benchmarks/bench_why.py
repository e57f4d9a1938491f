"""``why`` made on demand from a long record.

    python benchmarks/bench_why.py [--steps N] [--cells N] [--seed S]
    SUDOKU_REPL_ENGINE=pure python benchmarks/bench_why.py ...

Builds a record of ``--steps`` steps (default 1,000,000): quiz 18 of
puzzles/multiple_solutions.txt (more than 100,000 solutions) run silently in mode 0, the record
cap raised above it, so nothing of ``why`` can have been prepared while stepping. Then, at the
record's end, for ``--cells`` filled cells and as many lost candidates (picked at random among
those the search made, not the givens):

- the baseline: ``goto n`` for random n in the record (the median), the same run's;
- *one level*: ``Session.why(cell, depth=1)``: the cause and its premises' causes;
- *to the roots*: ``depth`` without limit: the whole tree down to givens and guesses;
- ``why wrong`` at the record's end (the last contradiction, back to its guess).

Each figure (median and worst, in ms) with its ratio to the goto median. Targets: one level
<= 100 ms, a whole tree <= 1 s at 1,000,000 recorded steps. Nothing is added to the stepping
loop or the record for ``why``: the run's time is the plain run's.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from common import MULTIPLE, Silent, machine, read_quizzes

from sudoku_repl.api import Session
from sudoku_repl.core.quiz import Quiz

QUIZ_NUMBER = 18
ONE_LEVEL_MS = 100.0
TREE_MS = 1000.0
ROOTS = 10**6


def ms(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def figures(name: str, times: list[float], base: float, target: float | None = None) -> None:
    median, worst = statistics.median(times), max(times)
    aim = (
        f"  (target <= {target:.0f} ms: {'met' if worst <= target else 'NOT met'})"
        if target
        else ""
    )
    print(
        f"  {name:<34} median {median:8.2f} ms ({median / base:6.1f}x goto), "
        f"worst {worst:8.2f} ms ({worst / base:6.1f}x){aim}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--steps", type=int, default=1_000_000)
    parser.add_argument("--cells", type=int, default=10)
    parser.add_argument("--gotos", type=int, default=30)
    parser.add_argument("--seed", type=int, default=35)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    quiz = read_quizzes(str(MULTIPLE))[QUIZ_NUMBER - 1]
    session = Session()
    session.load(Quiz.from_string(quiz))
    history = session.history
    history.cap = 2 * args.steps + 1000  # the whole run stays in the record
    start = time.perf_counter()
    session.run(Silent(), 0, max_steps=args.steps)
    run_s = time.perf_counter() - start
    print(f"bench_why: {machine()}")
    print(f"quiz {QUIZ_NUMBER} of {MULTIPLE.name}: {quiz}")
    print(
        f"record: {history.last_steps:,} steps, {len(history):,} moves, run in {run_s:.1f} s "
        f"(engine: {type(session.engine).__module__})"
    )
    end = history.last_steps
    gotos = [ms(lambda: session.goto(rng.randrange(1, end))) for _ in range(args.gotos)]
    session.goto(end)
    base = statistics.median(gotos)
    print(f"  {'goto n (the baseline)':<34} median {base:8.2f} ms")

    state = session.state()
    assert session.quiz is not None
    placed = [i for i, v in enumerate(state.values) if v and not session.quiz.givens[i]]
    lost = [
        (i, v)
        for i, v in enumerate(state.values)
        if not v
        for v in range(1, 10)
        if not state.cands[i] >> (v - 1) & 1
    ]
    cells = rng.sample(placed, min(args.cells, len(placed)))
    removed = rng.sample(lost, min(args.cells, len(lost)))
    rc = session.geo.positions

    def ask(cell: int, value: int | None, depth: int) -> int:
        r, c = rc[cell]
        answer = session.why((r + 1, c + 1), removed=value, depth=depth)
        return len(answer.walk())

    one = [ms(lambda c=c: ask(c, None, 1)) for c in cells]
    one += [ms(lambda c=c, v=v: ask(c, v, 1)) for c, v in removed]
    sizes: list[int] = []
    roots = []
    for c in cells:
        roots.append(ms(lambda c=c: sizes.append(ask(c, None, ROOTS))))
    for c, v in removed:
        roots.append(ms(lambda c=c, v=v: sizes.append(ask(c, v, ROOTS))))
    figures("why, one level (depth 1)", one, base, ONE_LEVEL_MS)
    figures("why, the whole tree to the roots", roots, base, TREE_MS)
    print(f"  (trees of {min(sizes)}..{max(sizes)} causes, median {statistics.median(sizes):.0f})")
    wrong = [ms(lambda: session.why(wrong=True)) for _ in range(3)]
    figures("why wrong (back to its guess)", wrong, base, TREE_MS)
    assert session.state() == state, "why changed the present"


if __name__ == "__main__":
    main()
