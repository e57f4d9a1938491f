"""A step's picture (``views/step_svg``) costs at most 5 ms a step.

    python benchmarks/bench_svg.py [--puzzles N] [--rounds N]

The SE paths of the first ``--puzzles`` puzzles (default 2) of tests/data/se_rated_slice.txt
are planned (``sudoku_repl.plan``, not timed) and each step's board kept; then ``--rounds``
times (default 5) every step is drawn. Prints the median milliseconds a step (the slowest
step's too) and, as a baseline of the same run, the median milliseconds of the board data the
VS Code Board asks at a stop (``views/board_data.board_json`` of the seed at step 20), with the
ratio; target: a step's picture at most 5 ms (median). Writes nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time

from common import REPO, machine, verdict

from sudoku_repl import plan
from sudoku_repl.api import Session
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.plan_step import PlanStep, label_cell, label_digit
from sudoku_repl.views.board_data import board_json
from sudoku_repl.views.step_svg import StepBoard, board_of_grid, step_svg
from tests.support.helpers import SEED_QUIZ

SLICE = REPO / "tests" / "data" / "se_rated_slice.txt"
TARGET_MS = 5.0


def steps_and_boards(puzzles: int) -> list[tuple[PlanStep, StepBoard]]:
    """Each step of the puzzles' plans with the board it is drawn on."""
    drawn = []
    lines = SLICE.read_text().split("\n")
    for line in [x for x in lines if x.strip()][:puzzles]:
        puzzle = line.split()[0]
        grid = Grid.from_puzzle(puzzle)
        givens = [int(ch) for ch in puzzle]
        for step in plan(puzzle):
            drawn.append((step, board_of_grid(grid, givens)))
            for label in step.removed:
                grid.remove(label_cell(label), label_digit(label))
            for label in step.placed:
                grid.place(label_cell(label), label_digit(label))
    return drawn


def board_data_ms(rounds: int) -> float:
    """The median ms of ``board_json`` at step 20 of the seed."""
    session = Session.from_quiz(SEED_QUIZ)
    session.run(max_steps=20)
    core = session
    assert core.quiz is not None
    times = []
    for _ in range(rounds * 20):
        start = time.perf_counter()
        board_json(core.geo, core.quiz.givens, core.state(), core.history, core.cursor, "20)")
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--puzzles", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(machine())
    drawn = steps_and_boards(args.puzzles)
    per_step: list[list[float]] = [[] for _ in drawn]
    for _ in range(args.rounds):
        for k, (step, board) in enumerate(drawn):
            start = time.perf_counter()
            step_svg(step, board)
            per_step[k].append(time.perf_counter() - start)
    medians = [statistics.median(t) * 1000 for t in per_step]
    svg_ms = statistics.median(medians)
    base_ms = board_data_ms(args.rounds)
    links = sum(len(step.links) for step, _ in drawn)
    print(f"{len(drawn)} steps of {args.puzzles} puzzles ({links} links), {args.rounds} rounds")
    print(f"a step's picture: {svg_ms:.2f} ms median, {max(medians):.2f} ms the slowest step")
    print(f"baseline, the Board's data (board_json) of one stop: {base_ms:.2f} ms")
    print(f"ratio picture / board data: {svg_ms / base_ms:.2f}")
    print(f"target <= {TARGET_MS:.0f} ms a step: {verdict(svg_ms <= TARGET_MS)}")


if __name__ == "__main__":
    main()
