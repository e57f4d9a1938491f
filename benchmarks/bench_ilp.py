"""HiGHS on the seed's 0-1 program against the native engine's first solution.

    python benchmarks/bench_ilp.py [--limit K] [--rounds N]
    python benchmarks/bench_ilp.py --correlations [--se-sample K] [--jobs N]

The first form, per set (the seed's samurai and flower, norvig_top95, the forum's hardest
1106): the wall time of HiGHS to a first solution (the model built from the quiz, handed to
HiGHS, solved: ``tools.ilp.highs.solve`` with a count of 1) against the engine's ``run`` to its first
solution in a session loaded with the same quiz, each quiz's best of ``--rounds``; the sums and
their ratio, and HiGHS's median and worst quiz. Then the seed's "solved within 1 second" for
every five-grid puzzle the repository ships (HiGHS to its first solution, and to the proof that
it is the only one), and how soon Ctrl-C's flag stops HiGHS counting an empty grid's solutions.

``--correlations``: Spearman's rank correlations between the solver's steps and biggest level,
Sudoku Explainer's ER and HiGHS's effort (CPU ms and nodes, ``rate --ilp``'s columns) over the
SE bank (``se_rated_diabolical2000``: its ER is in the file; the first ``--se-sample`` quizzes,
0 = all) and the forum's hardest 1106 (no ER: the others only). docs/ilp.md has the figures.
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from pathlib import Path

from common import PUZZLES, REPO, TOP95, machine, read_quizzes, verdict

from sudoku_repl.api import Session
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.tools.ilp.highs import End, session_model, solve

FORUM_1106 = PUZZLES / "forum_hardest_1106.txt"
SE_BANK = PUZZLES / "se_rated_diabolical2000.txt"
#: every five-grid puzzle the repository ships
FIVE_GRIDS = [
    PUZZLES / "variants" / "samurai_seed001.json",
    PUZZLES / "variants" / "flower_seed001.json",
    PUZZLES / "variants" / "samurai_seed001.txt",
    PUZZLES / "variants" / "flower_seed001.txt",
    REPO / "examples" / "samurai.txt",
    REPO / "examples" / "flower.txt",
]
SECOND = 1.0


def best_times(quiz: str, rounds: int) -> tuple[float, float]:
    """(HiGHS's, the engine's) best wall time to a first solution of ``quiz`` (a file or 81
    characters), over ``rounds``."""
    highs = engine = float("inf")
    for _ in range(rounds):
        session = Session.from_quiz(quiz)
        start = time.perf_counter()
        found = solve(session_model(session, at_step=False), 1)
        highs = min(highs, time.perf_counter() - start)
        assert len(found.solutions) == 1, quiz
        start = time.perf_counter()
        session.run()
        engine = min(engine, time.perf_counter() - start)
        assert tuple(session.state().values) == found.solutions[0], quiz
    return highs, engine


def speed(args: argparse.Namespace) -> None:
    sets = {
        "samurai (seed 001)": [str(FIVE_GRIDS[0])],
        "flower (seed 001)": [str(FIVE_GRIDS[1])],
        "norvig_top95": read_quizzes(TOP95, args.limit),
        "forum_hardest_1106": read_quizzes(FORUM_1106, args.limit),
    }
    solve(session_model(Session.from_quiz("." * 81), at_step=False), 1)  # (HiGHS imported)
    print(f"bench_ilp: {machine()}, best of {args.rounds} per quiz")
    print(f"{'set':<20} {'quizzes':>7} {'HiGHS s':>9} {'engine s':>9} {'ratio':>7} "
          f"{'HiGHS median ms':>16} {'HiGHS worst ms':>15}")  # fmt: skip
    for name, quizzes in sets.items():
        times = [best_times(q, args.rounds) for q in quizzes]
        highs = [h for h, _ in times]
        engine = sum(e for _, e in times)
        print(
            f"{name:<20} {len(quizzes):>7} {sum(highs):>9.3f} {engine:>9.4f} "
            f"{sum(highs) / engine:>7.0f} {statistics.median(highs) * 1000:>16.1f} "
            f"{max(highs) * 1000:>15.1f}"
        )
    print("the seed's 'within 1 second', HiGHS on every five-grid puzzle shipped:")
    for path in FIVE_GRIDS:
        session = Session.from_quiz(str(path))
        start = time.perf_counter()
        first = solve(session_model(session, at_step=False), 1)
        to_first = time.perf_counter() - start
        start = time.perf_counter()
        both = solve(session_model(session, at_step=False), 2)
        to_unique = time.perf_counter() - start
        unique = both.unique
        print(
            f"  {path.relative_to(REPO)}: first solution {to_first * 1000:.0f} ms, unique "
            f"({unique}) {to_unique * 1000:.0f} ms: {verdict(to_unique < SECOND)}"
        )
        assert len(first.solutions) == 1
    latency = interrupt_latency()
    print(f"Ctrl-C's flag to HiGHS stopped, counting an empty grid: {latency * 1000:.0f} ms: "
          f"{verdict(latency < SECOND)}")  # fmt: skip


def interrupt_latency() -> float:
    """Seconds from the interrupt flag raised (one second into the count of an empty grid's
    solutions, which never ends alone) to ``solve`` returning."""
    raised: list[float] = []
    timer = threading.Timer(1.0, lambda: raised.append(time.perf_counter()))
    timer.start()
    model = session_model(Session.from_quiz("." * 81), at_step=False)
    result = solve(model, 10**9, None, lambda: bool(raised))
    done = time.perf_counter()
    assert result.end is End.INTERRUPTED
    return done - raised[0]


# -- --correlations ----------------------------------------------------------------------------


def rated(path: Path, limit: int, jobs: int) -> list[tuple[Quiz, object]]:
    """``rate --ilp``'s ratings of the first ``limit`` quizzes of ``path`` (0: all)."""
    from sudoku_repl.tools.rating.pool import rate_batches, unbatched
    from sudoku_repl.tools.rating.reading import read_quizzes as rate_reads

    quizzes = [(line, q) for line, q in rate_reads(str(path)) if isinstance(q, Quiz)]
    if limit:
        quizzes = quizzes[:limit]
    return [(quiz, rating) for _, quiz, rating in unbatched(rate_batches(quizzes, jobs, ilp=True))]


def correlations(args: argparse.Namespace) -> None:
    from sudoku_repl.tools.rating.plot import spearman

    ers = {}
    with open(SE_BANK, encoding="utf-8") as f:
        for line in f:
            quiz, er = line.split()
            ers[quiz.replace("0", ".")] = float(er)
    print(f"bench_ilp --correlations: {machine()}, {args.jobs} worker(s)")
    for name, path, limit in (
        ("SE bank (se_rated_diabolical2000)", SE_BANK, args.se_sample),
        ("forum_hardest_1106", FORUM_1106, 0),
    ):
        start = time.perf_counter()
        found = rated(path, limit, args.jobs)
        seconds = time.perf_counter() - start
        measures: dict[str, list[float]] = {
            "steps": [float(r.steps_total) for _, r in found],  # type: ignore[attr-defined]
            "level": [float(r.biggest_total) for _, r in found],  # type: ignore[attr-defined]
            "HiGHS ms": [float(r.ilp_ms) for _, r in found],  # type: ignore[attr-defined]
            "HiGHS nodes": [float(r.ilp_nodes) for _, r in found],  # type: ignore[attr-defined]
        }
        if path == SE_BANK:
            measures = {"ER": [ers[str(q)] for q, _ in found], **measures}
        nodes = measures["HiGHS nodes"]
        print(
            f"{name}: {len(found)} quizzes rated in {seconds:.0f} s; HiGHS nodes: median "
            f"{statistics.median(nodes):g}, at 0 (solved without branching) "
            f"{sum(n == 0 for n in nodes)}; HiGHS ms median "
            f"{statistics.median(measures['HiGHS ms']):.1f}"
        )
        names = list(measures)
        print("  " + " " * 12 + "".join(f"{n:>12}" for n in names))
        for a in names:
            cells = []
            for b in names:
                rho = spearman(measures[a], measures[b])
                cells.append(f"{'-' if rho is None else f'{rho:.2f}':>12}")
            print(f"  {a:<12}" + "".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=int, default=0, help="the first K quizzes of each set")
    parser.add_argument("--correlations", action="store_true")
    parser.add_argument("--se-sample", type=int, default=0, help="the SE bank's first K (0: all)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if args.correlations:
        correlations(args)
    else:
        speed(args)


if __name__ == "__main__":
    main()
