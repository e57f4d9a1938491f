"""Memory over all experiments and switching time at 100,000 steps.

    python benchmarks/bench_experiments.py [--steps N] [--experiments K] [--tail N]
                                           [--switches N] [--gotos N] [--seed S]

Loads quiz 18 of puzzles/multiple_solutions.txt (more than 100,000 solutions: a search as long
as one likes), runs the first line of search to ``--steps`` steps (100,000), then makes
``--experiments`` more (4): each parts from a record at a guess there (the first new guess after
a random step, answered with its other candidate, ``Session.branch``) and runs ``--tail`` steps
on; the first of them parts near the start and runs as long as the first line, the worst case
for switching (whole records of 100,000 steps swapped). Then:

- memory: tracemalloc snapshot before the first run, and after every experiment's whole record
  was read once (a run defers its events and changes until then), divided by the recorded steps
  over all experiments, each step counted once (a common prefix is shared, not copied);
  target <= 150 bytes per step;
- switching: ``experiment N`` (``Session.switch``) between the two long experiments, and to the
  others, ``--switches`` times (tracemalloc off): median and max; target <= 70 ms. The baseline
  in the same run: ``goto n`` to random steps of the long record (median and max), and the
  figures as ratios of it.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
import tracemalloc

from common import MULTIPLE, Silent, machine, read_quizzes

from sudoku_repl.api import Session
from sudoku_repl.core import events as E
from sudoku_repl.core.experiments import Experiment
from sudoku_repl.core.quiz import Quiz

QUIZ_NUMBER = 18
BYTES_TARGET = 150
SWITCH_TARGET_MS = 70


def part_at_a_guess(session: Session, after_step: int) -> Experiment:
    """A new experiment from the present one's first new guess after ``after_step``, answered
    with another candidate than the record's."""
    history = session.history
    for move, _ in history.new_guesses(after_step, history.last_steps):
        guess = next(e for e in history.events(move) if e[0] == E.GUESS)
        cell = guess[2]
        state = session.state_after(move)
        cands = [v for v in range(1, 10) if state.cands[cell] >> (v - 1) & 1]
        recorded = history.choice(move)
        taken = recorded[1] if recorded is not None else cands[0]
        others = [v for v in cands if v != taken]
        if others:
            return session.branch(move, choice=(cell, others[0]))
    raise SystemExit(f"no guess with two candidates after step {after_step}")


def own_steps(session: Session) -> int:
    """The steps recorded over all experiments, each counted once: each one's steps past where
    it parted (the first line: all of its own)."""
    total = 0
    for info in session.experiments:
        total += info.steps - (info.parted_step or 0)
    return total


def read_all(session: Session) -> float:
    """Read every experiment's whole record once (its deferred chunks worked out): seconds."""
    tree = session.experiment_tree
    t0 = time.perf_counter()
    for exp in list(tree):
        tree.view(exp)
        history = session.history
        for move in range(len(history)):
            history.events(move)
            for _ in history.changes(move):
                pass
    tree.unview()
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--experiments", type=int, default=4)
    parser.add_argument("--tail", type=int, default=20_000)
    parser.add_argument("--switches", type=int, default=40)
    parser.add_argument("--gotos", type=int, default=100)
    parser.add_argument("--seed", type=int, default=24)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    quiz = read_quizzes(MULTIPLE)[QUIZ_NUMBER - 1]
    hooks = Silent()

    gc.collect()
    tracemalloc.start()
    session = Session()
    session.load(Quiz.from_string(quiz))
    gc.collect()
    before = tracemalloc.take_snapshot()
    t0 = time.perf_counter()
    session.run(hooks, solutions=0, max_steps=args.steps)
    first_run = time.perf_counter() - t0
    long_ones = [1]
    for k in range(args.experiments):
        present = session.state().steps
        if k == 0:  # near the start, as long as the first line: the worst case for switching
            part_at_a_guess(session, 20)
            session.run(hooks, solutions=0, max_steps=args.steps)
            long_ones.append(session.experiment_tree.current.number)
        else:
            part_at_a_guess(session, rng.randint(20, max(present - 1, 21)))
            session.run(hooks, solutions=0, max_steps=session.state().steps + args.tail)
        session.switch(rng.choice([e.number for e in session.experiment_tree]))
    reading = read_all(session)
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    held = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    steps = own_steps(session)
    per_step = held / steps

    print(f"bench_experiments: {machine()}")
    print(f"quiz {QUIZ_NUMBER} of {MULTIPLE.name}: {quiz}")
    print()
    print("== experiments")
    for info in session.experiments:
        parted = "-" if info.parted_step is None else f"step {info.parted_step}"
        print(f"  {info.number:>2} parted at {parted:<12} got to step {info.steps:>9,}")
    print(f"  first run ({args.steps:,} steps)       {first_run:>10.2f} s")
    print(f"  first read of every record        {reading:>10.2f} s")
    print()
    print("== memory (tracemalloc: after every record was read, minus before the first run)")
    print(f"  steps over all experiments (once) {steps:>12,}")
    print(f"  bytes held                        {held:>12,}")
    print(
        f"  per step                          {per_step:>12.1f}   target <= {BYTES_TARGET}: "
        f"{'holds' if per_step <= BYTES_TARGET else 'MISSED'}"
    )

    # the baseline: goto in the long first line, same run
    session.switch(1)
    last = session.history.last_steps
    gotos = []
    for n in (rng.randint(1, last) for _ in range(args.gotos)):
        t0 = time.perf_counter()
        session.goto(n, hooks)
        gotos.append((time.perf_counter() - t0) * 1000)
    switches = []
    others = [e.number for e in session.experiment_tree]
    for k in range(args.switches):
        target = long_ones[k % 2] if k % 3 else rng.choice(others)
        if target == session.experiment_tree.current.number:
            target = long_ones[(k + 1) % 2]
        t0 = time.perf_counter()
        session.switch(target)
        switches.append((time.perf_counter() - t0) * 1000)
    goto_med, goto_max = statistics.median(gotos), max(gotos)
    sw_med, sw_max = statistics.median(switches), max(switches)
    print()
    print(f"== switching ({args.switches} switches) against goto ({args.gotos} random steps)")
    print(f"  goto n, median / max              {goto_med:>9.3f} / {goto_max:.3f} ms   (baseline)")
    print(
        f"  experiment N, median / max        {sw_med:>9.3f} / {sw_max:.3f} ms   "
        f"({sw_med / goto_med:.2f}x / {sw_max / goto_max:.2f}x goto's)"
    )
    print(
        f"  switch max                        {sw_max:>9.3f} ms   target <= {SWITCH_TARGET_MS} ms: "
        f"{'holds' if sw_max <= SWITCH_TARGET_MS else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
