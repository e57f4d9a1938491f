"""The engine against a Norvig-style dictionary solver (norvig_baseline.py) and,
with ``--reference``, the plain reference implementation of docs/engine.md
(tests/oracles/reference_engine.py), on the same puzzles, in alternation, over several rounds; then
every target (docs/speed.md) with its measured value and holds / MISSED: the pure-Python ratios, the
bytes per recorded step (bench_history.py), batch CLI throughput and start-up (bench_startup.py),
and the engine of the build that runs (``SUDOKU_REPL_ENGINE=pure``: the pure one; the native
core's own targets are bench_native.py's).

    python benchmarks/bench_speed.py [--rounds N] [--limit K] [--clock wall|cpu] [--cli-runs N]
                                     [--sets top95,forum,royle17] [--no-cli] [--no-memory]
                                     [--reference] [--separate]

The sets are files of the repository's puzzles/ (norvig_top95, the 1,000-quiz sample of the
forum's hardest, the 2,000-quiz sample of the 17-clue list). ``--sets KEY=FILE`` measures a set
on another file with the same targets, e.g. ``--sets royle17=/data/royle17_49158.txt`` for the
whole 17-clue list.

Per quiz and round, in this order: the dict solver (it stops at the first solution), the
reference (with ``--reference``), the engine. Each step engine is loaded fresh, run to the first
solution (``runrun 1``, timed), then on to the end (``runrun 0``, timed); "to the end" is the sum
of the two, which is exactly the work of a fresh ``runrun 0`` (same steps) without running the
first part twice. ``--separate`` times a fresh ``runrun 0`` instead (slower benchmark, same
figures).

Per quiz the median over the rounds is taken, then the median over the set's quizzes.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import norvig_baseline
from common import (
    FORUM_SAMPLE,
    HERE,
    MULTIPLE,
    REPO,
    ROYLE17_SAMPLE,
    TOP95,
    Silent,
    add_run_options,
    children_cpu,
    machine,
    median_ms,
    program_env,
    read_quizzes,
    verdict,
)

from sudoku_repl.api import Session
from sudoku_repl.core.quiz import Quiz
from tests.oracles import reference_engine  # the repository root is on sys.path (common)

# set key -> (default file, issue's dict-solver figure in ms "on this machine", target ms to the
# first solution, target ms to the end or None)
SETS: dict[str, tuple[Path, float, float, float | None]] = {
    "top95": (TOP95, 5.0, 5.0, 12.0),
    "forum": (FORUM_SAMPLE, 11.6, 12.0, None),
    "royle17": (ROYLE17_SAMPLE, 1.7, 2.0, None),
}
CLI_TARGET = 1.5  # batch CLI time / (engine-only time + start-up)
# pure Python, in the same run: engine / dict solver to the first solution, and the
# engine to the end of the search / the dict solver to its first solution
FIRST_RATIO_TARGET = 1.0
END_RATIO_TARGET = 2.0


# -- the contenders: each returns (seconds to the first solution, seconds to the end, steps) --


def time_engine(quiz: str, clock: Callable[[], float], separate: bool) -> tuple[float, float, int]:
    session = Session()
    session.load(Quiz.from_string(quiz))
    t0 = clock()
    session.run(Silent(), 1)
    t1 = clock()
    if separate:
        session = Session()
        session.load(Quiz.from_string(quiz))
        t1b = clock()
        session.run(Silent(), 0)
        return t1 - t0, clock() - t1b, session.state().steps
    session.run(Silent(), 0)
    t2 = clock()
    return t1 - t0, t2 - t0, session.state().steps


def time_reference(
    quiz: str, clock: Callable[[], float], separate: bool
) -> tuple[float, float, int]:
    engine = reference_engine.ReferenceEngine(quiz, lines=False)
    t0 = clock()
    engine.runrun(1)
    t1 = clock()
    if separate:
        t1b = clock()
        steps, _, _ = reference_engine.run_steps(quiz, 0)
        return t1 - t0, clock() - t1b, steps
    engine.runrun(0)
    t2 = clock()
    return t1 - t0, t2 - t0, engine.steps


def time_dict(quiz: str, clock: Callable[[], float]) -> float:
    t0 = clock()
    solved = norvig_baseline.solve(quiz)
    t1 = clock()
    assert solved is not None, quiz
    return t1 - t0


# -- per set --------------------------------------------------------------------------------


def bench_set(
    key: str,
    path: Path,
    rounds: int,
    limit: int,
    clock: Callable[[], float],
    separate: bool,
    reference: bool = True,
) -> dict:
    _, issue_dict_ms, target_first, target_end = SETS[key]
    quizzes = read_quizzes(path, limit)
    n = len(quizzes)
    samples: dict[str, list[list[float]]] = {
        k: [[] for _ in quizzes] for k in ("dict", "ref1", "ref0", "eng1", "eng0")
    }
    steps_eng = [0] * n
    steps_ref = [0] * n
    started = time.perf_counter()
    for r in range(rounds):  # alternate the contenders so that noise hits them alike
        for i, q in enumerate(quizzes):
            samples["dict"][i].append(time_dict(q, clock))
            if reference:
                t1, t0, steps_ref[i] = time_reference(q, clock, separate)
                samples["ref1"][i].append(t1)
                samples["ref0"][i].append(t0)
            t1, t0, steps_eng[i] = time_engine(q, clock, separate)
            samples["eng1"][i].append(t1)
            samples["eng0"][i].append(t0)
        print(
            f"  [{key}: round {r + 1}/{rounds} done, {time.perf_counter() - started:.0f} s]",
            file=sys.stderr,
        )
    if reference:
        assert steps_eng == steps_ref, f"{key}: the engines disagree on the step counts"
    m = {k: median_ms(v) if v[0] else float("nan") for k, v in samples.items()}
    scale = m["dict"] / issue_dict_ms
    return {
        "key": key,
        "name": path.name,
        "n": n,
        "m": m,
        "steps": statistics.median(steps_eng),
        "issue_dict": issue_dict_ms,
        "scale": scale,
        "target_first": target_first,
        "target_end": target_end,
        "eng0_sum_s": sum(statistics.median(s) for s in samples["eng0"]),
        "quizzes": quizzes,
    }


def print_set(res: dict, rounds: int) -> None:
    m = res["m"]
    print()
    print(
        f"== {res['name']}: {res['n']} quizzes, {rounds} rounds, median steps to the end {res['steps']:g}"
    )
    print(f"{'median ms per quiz':34} {'first solution':>15} {'to the end':>12}")
    print(f"{'  dict solver (norvig_baseline)':34} {m['dict']:15.2f} {'-':>12}")
    print(f"{'  reference (reference_engine)':34} {m['ref1']:15.2f} {m['ref0']:12.2f}")
    print(f"{'  engine (sudoku_repl Session)':34} {m['eng1']:15.2f} {m['eng0']:12.2f}")
    print(
        f"{'  ratio engine/reference':34} {m['eng1'] / m['ref1']:15.2f} {m['eng0'] / m['ref0']:12.2f}"
    )
    print(
        f"{'  ratio engine/dict solver':34} {m['eng1'] / m['dict']:15.2f} {m['eng0'] / m['dict']:12.2f}"
    )
    print(
        f"  dict solver here {m['dict']:.2f} ms vs issue's {res['issue_dict']:.1f} ms -> "
        f"machine factor {res['scale']:.2f}"
    )
    rows = [("first solution", m["eng1"], res["target_first"])]
    if res["target_end"] is not None:
        rows.append(("to the end", m["eng0"], res["target_end"]))
    print(
        f"  {'target':16} {'engine ms':>10} {'target ms':>10} {'':7} {'scaled target':>14} {'':7}"
    )
    for label, measured, target in rows:
        scaled = target * res["scale"]
        print(
            f"  {label:16} {measured:10.2f} {target:10.2f} {verdict(measured <= target):7} "
            f"{scaled:14.2f} {verdict(measured <= scaled):7}"
        )


# -- CLI throughput and start-up ------------------------------------------------------------------


CPU_CLOCK = False  # --clock cpu: child processes are timed by their user + system CPU time


def run_cli(args: list[str]) -> float:
    cpu = children_cpu()
    t0 = time.perf_counter()
    proc = subprocess.run(
        args, cwd=REPO, env=program_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    t1 = time.perf_counter()
    cpu = children_cpu() - cpu
    assert proc.returncode == 0, (args, proc.stderr.decode()[-500:])
    return cpu if CPU_CLOCK else t1 - t0


def bench_cli(quizzes: list[str], engine_sum_s: float, runs: int) -> None:
    folder = tempfile.mkdtemp(prefix="bench-speed-")  # (this run's own folder)
    script = os.path.join(folder, "script.txt")
    with open(script, "w") as f:
        for q in quizzes:
            f.write(f"load-quiz {q}\nrunrun 0\n")
        f.write("bye\n")
    try:
        batch: list[float] = []
        startup: list[float] = []
        for _ in range(runs):  # alternated
            startup.append(run_cli([sys.executable, "-m", "sudoku_repl", "-c", "bye"]))
            batch.append(run_cli([sys.executable, "-m", "sudoku_repl", "-x", script]))
    finally:
        shutil.rmtree(folder)
    m_batch, m_start = (statistics.median(x) for x in (batch, startup))
    budget = engine_sum_s + m_start
    print()
    print(
        f"== batch CLI throughput: {len(quizzes)} top95 quizzes, load-quiz + runrun 0 each, "
        f"`python -m sudoku_repl -x script > /dev/null`, median of {runs} runs"
    )
    print(f"  batch CLI                                   {m_batch * 1000:10.1f} ms")
    print(f"  engine only (sum of per-quiz medians above) {engine_sum_s * 1000:10.1f} ms")
    print(f"  start-up (`python -m sudoku_repl -c bye`)   {m_start * 1000:10.1f} ms")
    print(
        f"  ratio CLI / (engine + start-up)             {m_batch / budget:10.2f}   "
        f"target <= {CLI_TARGET:.1f}: {verdict(m_batch / budget <= CLI_TARGET)}"
    )


Row = tuple[str, float, str, float, str]  # (what, measured, "<=" or ">=", limit, unit)


def print_targets(title: str, rows: list[Row]) -> None:
    """Each target next to its measured value, and whether it holds."""
    print()
    print(f"== {title}")
    for what, measured, sense, limit, unit in rows:
        holds = measured <= limit if sense == "<=" else measured >= limit
        print(f"  {what:52} {measured:8.2f}{unit:2} {sense} {limit:6.2f}{unit:2} {verdict(holds)}")


def memory_target() -> Row:
    """Bytes per recorded step over a search of 100,000 steps or more (bench_history)."""
    import bench_history

    quiz = bench_history.quiz_of(str(MULTIPLE), bench_history.QUIZ_NUMBER)
    solutions = 20000
    while True:
        recorded = bench_history.record(quiz, solutions)
        steps = recorded.session.state().steps
        if steps >= bench_history.MIN_STEPS or recorded.session.finished:
            break
        solutions *= 2
    return (
        f"memory per recorded step, all read ({steps:,} steps)",
        recorded.written / steps,
        "<=",
        float(bench_history.BYTES_TARGET),
        " B",
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add_run_options(
        parser,
        "wall: time.perf_counter (default); cpu: time.process_time, and the "
        "user+system CPU time of the CLI processes (for a loaded machine)",
    )
    parser.add_argument("--cli-runs", type=int, default=5)
    parser.add_argument(
        "--no-cli", action="store_true", help="skip the CLI throughput and start-up figures"
    )
    parser.add_argument("--separate", action="store_true", help="time to the end from a fresh load")
    parser.add_argument(
        "--no-memory", action="store_true", help="skip the bytes per recorded step (bench_history)"
    )
    parser.add_argument(
        "--reference",
        action="store_true",
        help="also time the plain reference engine (slow: about 10x the engine) and check that "
        "it takes the same steps",
    )
    args = parser.parse_args()
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    global CPU_CLOCK
    CPU_CLOCK = args.clock == "cpu"
    files: dict[str, Path] = {}
    for entry in filter(None, (e.strip() for e in args.sets.split(","))):
        key, _, file = entry.partition("=")
        if key not in SETS:
            parser.error(f"unknown set {key!r} (known: {', '.join(SETS)})")
        files[key] = Path(file) if file else SETS[key][0]
    keys = list(files)
    print(
        f"bench_speed: {machine()} at start, clock {args.clock}, rounds {args.rounds}, "
        f"limit {args.limit or 'none'}"
    )
    results = {}
    for key in keys:
        results[key] = bench_set(
            key, files[key], args.rounds, args.limit, clock, args.separate, args.reference
        )
        print_set(results[key], args.rounds)
        sys.stdout.flush()
    print()
    print(
        "== summary (median ms per quiz; the targets; scaled = target x dict-here / dict-where-set)"
    )
    print(
        f"  {'set':8} {'what':15} {'reference':>10} {'engine':>8} {'eng/ref':>8} {'eng/dict':>8} "
        f"{'target':>7} {'':7} {'scaled':>7} {'':7}"
    )
    for key, res in results.items():
        m = res["m"]
        rows = [
            ("first solution", "1", res["target_first"]),
            ("to the end", "0", res["target_end"]),
        ]
        for label, suffix, target in rows:
            eng, ref = m["eng" + suffix], m["ref" + suffix]
            t = f"{target:7.2f} {verdict(eng <= target):7}" if target else f"{'-':>7} {'':7}"
            s = (
                f"{target * res['scale']:7.2f} {verdict(eng <= target * res['scale']):7}"
                if target
                else f"{'-':>7}"
            )
            print(
                f"  {key:8} {label:15} {ref:10.2f} {eng:8.2f} {eng / ref:8.2f} {eng / m['dict']:8.2f} {t} {s}"
            )
    targets = [
        row
        for key, res in results.items()
        for row in (
            (
                f"{key}: first solution, engine / dict solver",
                res["m"]["eng1"] / res["m"]["dict"],
                "<=",
                FIRST_RATIO_TARGET,
                "",
            ),
            (
                f"{key}: to the end, engine / dict solver's first",
                res["m"]["eng0"] / res["m"]["dict"],
                "<=",
                END_RATIO_TARGET,
                "",
            ),
        )
    ]
    if not args.no_memory:
        targets.append(memory_target())
    print_targets("the pure-Python targets ( ratios of medians in this run)", targets)
    if not args.no_cli:
        if "top95" in results:
            bench_cli(results["top95"]["quizzes"], results["top95"]["eng0_sum_s"], args.cli_runs)
        sys.stdout.flush()
        # the start-up targets (sudoku-repl -c bye, the first prompt): bench_startup.py
        subprocess.run(
            [sys.executable, str(HERE / "bench_startup.py"), "--runs", str(args.cli_runs)]
        )
    print(f"\nload average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
