"""Questions to the record that read only the chunks of their cell.

    python benchmarks/bench_queries.py [--steps N] [--gotos N] [--seed S]
                                       [--file FILE --number N]

Builds a record of ``--steps`` steps (default 1,000,000): quiz 18 of
puzzles/multiple_solutions.txt (more than 100,000 solutions) run silently in mode 0, the record
cap raised above it; then times, through the shell's commands (their lines kept in a list):

- ``goto n`` for random n in the record (the median): the baseline of the same run;
- for three empty cells, picked by how many chunks of moves touched them (the record's index):
  the *settled* one (the fewest), the median one and the busiest one:
  ``when [r,c]`` asked first (*cold*: the deferred chunks that touched the cell are worked out
  then) and again (*warm*), ``when removed v [r,c]``, the look back of a cell breakpoint
  (``break removed v [r,c]`` armed at the record's end: the candidates the cell had the last
  time it was empty), ``bisect when cell [r,c]=v`` and ``bisect when removed v [r,c]``;
- ``bisect when solutions >= k`` for a sum the record reaches near its end.

Each figure is printed with its ratio to the goto median. Target: ``when [r,c]`` <= 50 ms at
1,000,000 steps.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from common import MULTIPLE, Lines, Silent, machine, read_quizzes

from sudoku_repl.assembly import register_all
from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.record import History, cell_values, last_empty_cands

QUIZ_NUMBER = 18
TARGET_MS = 50.0


def ms(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def touching(history: History, cell: int) -> int:
    """How many chunks of the record touched the cell (its index entries)."""
    return sum(cell in chunk.cells for chunk in history._chunks)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--steps", type=int, default=1_000_000)
    parser.add_argument("--gotos", type=int, default=50)
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--file", default=str(MULTIPLE))
    parser.add_argument("--number", type=int, default=QUIZ_NUMBER)
    args = parser.parse_args()

    register_all()
    out = Lines()
    repl = Repl(out, lambda question: "")
    quiz = read_quizzes(args.file)[args.number - 1]
    session = repl.session
    session.load(Quiz.from_string(quiz))
    history = session.history
    history.cap = 2 * args.steps + 1000  # the whole run stays in the record
    start = time.perf_counter()
    session.run(Silent(), 0, max_steps=args.steps)
    run_s = time.perf_counter() - start
    geo = session.geo

    print(f"bench_queries: {machine()}")
    print(f"quiz {args.number} of {args.file}: {quiz}")
    print(
        f"record: {history.last_steps:,} steps, {len(history):,} moves, "
        f"{len(history._chunks):,} chunks, made in {run_s:.1f} s (mode 0, silent)"
    )

    def command(line: str) -> float:
        out.lines.clear()
        return ms(lambda: repl.execute(line))

    rng = random.Random(args.seed)
    first, last = history.first_steps, history.last_steps
    gotos = [command(f"goto {rng.randint(first, last)}") for _ in range(args.gotos)]
    base = statistics.median(gotos)
    print(f"\ngoto n, median of {args.gotos} random n: {base:.2f} ms (the baseline: 1.0 x)\n")

    def row(what: str, took: float, note: str = "") -> None:
        print(f"  {what:<38} {took:>10.1f} ms {took / base:>10.0f} x goto  {note}")

    empty = [c for c in range(geo.size) if not history.start.values[c]]
    counted = sorted((touching(history, c), c) for c in empty)
    counted = [(n, c) for n, c in counted if n] or counted
    picks = {
        "settled": counted[0],
        "median": counted[len(counted) // 2],
        "busiest": counted[-1],
    }
    when_ms: dict[str, float] = {}
    for kind, (chunks, cell) in picks.items():
        name = geo.cell_name(cell)
        cands = session.state_after(1).cands[cell]  # (the loaded state has none worked out)
        value = next(v for v in range(1, 10) if cands >> (v - 1) & 1)
        print(f"{kind} cell {name}: touched by {chunks:,} chunks")
        written = history.written()
        cold = command(f"when {name}")
        steps = len(list(cell_values(history, cell)))
        row(f"when {name} (cold)", cold, f"{history.written() - written:,} chunks worked out")
        warm = command(f"when {name}")
        when_ms[kind] = warm
        per_step = warm * 1000 / max(steps, 1)
        row(f"when {name} (warm)", warm, f"{len(out.lines):,} lines, {per_step:.2f} us a step")
        row(f"when removed {value} {name}", command(f"when removed {value} {name}"))
        row(
            "cell breakpoint's look back",
            ms(lambda cell=cell: last_empty_cands(history, cell, len(history))),
            f"(break removed {value} {name}, armed where the cell is filled)",
        )
        session.seek(len(history))
        row(f"bisect when cell {name}={value}", command(f"bisect when cell {name}={value}"))
        session.seek(len(history))
        row(f"bisect when removed {value} {name}", command(f"bisect when removed {value} {name}"))
        session.seek(len(history))
        print()
    k = max(session.engine.solutions - 1, 1)
    row(f"bisect when solutions >= {k}", command(f"bisect when solutions >= {k}"))
    print()
    for kind, took in when_ms.items():
        verdict = "holds" if took <= TARGET_MS else "MISSED"
        print(
            f"when [r,c] warm, {kind} cell: {took:.1f} ms, target <= {TARGET_MS:.0f} ms: {verdict}"
        )


if __name__ == "__main__":
    main()
