"""``check_move``'s judge at its defaults (``max_er`` 11.9, the time budget), on the states an
agent meets: quizzes of Sudoku Explainer rating 11.0 or less (puzzles/se_rated_diabolical2000,
norvig_top95, forum_hardest_1106: each rated here, those above 11.0 or past the rating's time
limit left out), the state after a random number of SE's own steps, a random move that can be
made there (a placement or an elimination of one of its candidates, right or wrong), judged by
a judge that has seen no state before (an agent's first move of a state: nothing kept).

It prints p50/p90/p99 of the judgements (all, and the right moves alone: a wrong move needs no
search; wall time, and the process's CPU time, which a machine busy with other work does not
inflate), how many the budget stopped (``unproven``, reason ``budget``), the slowest three with
the techniques their time went to (CPU, the judge's ``doing``), and, as the baseline
measured in the same run on the same states, the search for the state's next step (``hint
se``'s: the first technique that finds anything), with the ratio of the two. The target: p99
<= 2 s at the defaults.

    python benchmarks/bench_judge.py [--states N] [--seed S] [--budget SECONDS]
"""

from __future__ import annotations

import argparse
import random
import time

from common import FORUM_SAMPLE, PUZZLES, SE_RATED, TOP95, machine, read_quizzes, verdict

from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.rating import rate
from sudoku_repl.tools.explain.plan import grid_solution, next_step
from sudoku_repl.tools.judging.judge import DEFAULT_BUDGET, Judge, Verdict
from sudoku_repl.tools.judging.moves import Move

#: the quiz files drawn from (forum_hardest_1905_11plus is all above 11: not one of them)
SETS = (SE_RATED, TOP95, PUZZLES / "forum_hardest_1106.txt")
assert FORUM_SAMPLE not in SETS
#: the highest rating of a quiz drawn
TOP_ER = 11.0


def states(count: int, rng: random.Random) -> list[tuple[str, float, int, Grid]]:
    """``count`` states: (quiz, its ER, the steps taken, the grid after them)."""
    quizzes = [quiz for path in SETS for quiz in read_quizzes(path)]
    out: list[tuple[str, float, int, Grid]] = []
    while len(out) < count:
        quiz = rng.choice(quizzes)
        rated = rate(quiz, 20.0)
        if rated.er_is_lower_bound or rated.er > TOP_ER:
            continue
        taken = rng.randrange(len(rated.steps))
        grid = Grid.from_puzzle(quiz)
        for step in rated.steps[:taken]:
            step.hint.apply(grid)
        out.append((quiz, rated.er, taken, grid))
    return out


def percentiles(times: list[float]) -> tuple[float, float, float]:
    """p50, p90, p99 (nearest rank)."""
    ordered = sorted(times)
    n = len(ordered)
    return tuple(ordered[min(n - 1, int(q * n))] for q in (0.5, 0.9, 0.99))  # type: ignore[return-value]


def spent(timeline: list[tuple[str, float]], end: float) -> str:
    """The CPU seconds of each technique of a judgement's ``timeline`` (each technique's name
    and the process time it began at; ``end``: the judgement's), the two costliest."""
    took = [
        (later - at, name)
        for (name, at), later in zip(timeline, [t for _, t in timeline[1:]] + [end])
    ]
    return ", ".join(f"{name} {cpu:.2f} s" for cpu, name in sorted(took, reverse=True)[:2])


def line(name: str, times: list[float]) -> str:
    p50, p90, p99 = percentiles(times)
    return f"{name:34s} {len(times):5d}  p50 {p50:7.3f} s  p90 {p90:7.3f} s  p99 {p99:7.3f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--states", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(
        f"bench_judge: {args.states} states, seed {args.seed}, budget {args.budget:g} s; {machine()}"
    )
    judged: list[float] = []
    judged_cpu: list[float] = []  # (the process's CPU: what a busy machine's wall time is not)
    right: list[float] = []
    baseline: list[float] = []
    budget_met = 0
    slowest: list[tuple[float, str]] = []
    timeline: list[tuple[str, float]] = []
    for quiz, er, taken, grid in states(args.states, rng):
        solution = grid_solution(grid)
        moves = [
            Move(cell, digit, place)
            for cell in range(81)
            if not grid.values[cell]
            for digit in range(1, 10)
            if grid.cands[cell] >> digit & 1
            for place in (True, False)
        ]
        move = rng.choice(moves)
        start = time.perf_counter()
        next_step(grid)
        baseline.append(time.perf_counter() - start)
        timeline.clear()
        judge = Judge(doing=lambda name: timeline.append((name, time.process_time())))
        start, cpu = time.perf_counter(), time.process_time()
        said = judge.judge(grid, move, solution, deadline=time.monotonic() + args.budget)
        took = time.perf_counter() - start
        end = time.process_time()
        judged.append(took)
        judged_cpu.append(end - cpu)
        if (solution[move.cell] == move.digit) == move.place:
            right.append(took)
        if said.verdict is Verdict.UNPROVEN:
            budget_met += 1
        what = f"{quiz} ER {er} after {taken} steps: {move} {said.verdict.value}"
        slowest.append((took, f"{what}\n      CPU: {spent(timeline, end)}" if timeline else what))
    print(line("check_move (every move)", judged))
    print(line("check_move (the right moves)", right))
    print(line("check_move (every move), CPU time", judged_cpu))
    print(line("baseline: the next step's search", baseline))
    ratio = [a / b for a, b in zip(percentiles(judged), percentiles(baseline), strict=True)]
    print(f"ratio to the baseline: p50 {ratio[0]:.2f}x  p90 {ratio[1]:.2f}x  p99 {ratio[2]:.2f}x")
    print(f"the budget ran out: {budget_met} of {len(judged)}")
    for took, what in sorted(slowest, reverse=True)[:3]:
        print(f"  slowest: {took:.3f} s  {what}")
    print(f"p99 <= 2 s at the defaults: {verdict(percentiles(judged)[2] <= 2.0)}")


if __name__ == "__main__":
    main()
