"""Issue 15, the compiled core: the pure-Python engine and the compiled one (mypyc), side by side
with the dictionary solver (norvig_baseline.py), on the same quizzes, in one run.

    python benchmarks/bench_compiled.py [--rounds N] [--limit K] [--clock wall|cpu]
                                        [--sets top95,forum,royle17]
                                        [--compiled-python PATH | --keep DIR]

The compiled build is made docs/speed.md's way (``SUDOKU_REPL_COMPILE=1 pip install .`` of this
checkout) in a temporary venv, which takes a minute or two and needs a C compiler;
``--compiled-python`` takes the python of an environment that has it already, ``--keep DIR``
builds it in DIR and keeps it there (a later run with the same DIR reuses it).

Each engine runs in a worker process of its own build: the pure one from this checkout, the
compiled one from its venv (outside the checkout, so that the sources here cannot be
imported). Per quiz and round, in this order: the dict solver (here, to the first solution),
the pure engine, the compiled engine; each worker times its own runs (``sudoku_repl.api
.Session`` loaded fresh, ``runrun 1`` timed, then on to the end: as bench_speed.py), so the
alternation spreads machine noise over the three alike. Per quiz the median over the rounds is
taken, then the median over the set's quizzes. The target of issue 15: the compiled engine's
first solution on top95 in at most a third of the dict solver's time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import norvig_baseline
from common import (
    FORUM_SAMPLE,
    REPO,
    ROYLE17_SAMPLE,
    TOP95,
    add_run_options,
    machine,
    median_ms,
    read_quizzes,
    verdict,
)

SETS = {"top95": TOP95, "forum": FORUM_SAMPLE, "royle17": ROYLE17_SAMPLE}
TARGET = 1 / 3  # compiled first solution on top95 / dict solver

#: The worker: reads one line per request from stdin, a quiz (81 characters) to time, or
#: ``build`` to say which build it runs; answers one JSON line.
WORKER = r"""
import json, sys, time
from sudoku_repl.api import Session
from sudoku_repl.core import build
from sudoku_repl.core.quiz import Quiz

class Silent:
    def events(self, events): pass
    def ask_guess(self, cell, value): return None
    def interrupted(self): return False

clock = time.process_time if sys.argv[1] == "cpu" else time.perf_counter
hooks = Silent()
for line in sys.stdin:
    quiz = line.strip()
    if quiz == "build":
        import sudoku_repl.core.engine as engine
        answer = [build(), engine.__file__]
    else:
        session = Session()
        session.load(Quiz.from_string(quiz))
        t0 = clock()
        session.run(hooks, 1)
        t1 = clock()
        session.run(hooks, 0)
        t2 = clock()
        answer = [t1 - t0, t2 - t0, session.state().steps]
    print(json.dumps(answer), flush=True)
"""


class Worker:
    """An engine of one build in its own process."""

    def __init__(self, label: str, python: str, clock: str, pure: bool) -> None:
        self.label = label
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        if pure:
            env["PYTHONPATH"] = str(REPO)  # this checkout's sources
            cwd = REPO
        else:
            cwd = Path(python).resolve().parent  # away from the checkout
        self.proc = subprocess.Popen(
            [python, "-P", "-c", WORKER, clock],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=cwd,
            env=env,
        )
        self.build, self.engine_file = self.ask("build")

    def ask(self, line: str) -> list:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise SystemExit(f"the {self.label} worker stopped (exit {self.proc.wait()})")
        return json.loads(answer)

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def compiled_python(args: argparse.Namespace, scratch: str) -> str:
    """The python of an environment with the compiled build: given, kept, or built now."""
    if args.compiled_python:
        return str(args.compiled_python)
    venv = Path(args.keep) if args.keep else Path(scratch) / "venv"
    python = venv / "bin" / "python"
    if python.exists():
        print(f"  [reusing the compiled build in {venv}]", file=sys.stderr)
        return str(python)
    print(
        f"  [building the compiled core in {venv}: SUDOKU_REPL_COMPILE=1 pip install {REPO}]",
        file=sys.stderr,
    )
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    build = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", str(REPO)],
        env=dict(os.environ, SUDOKU_REPL_COMPILE="1"),
        capture_output=True,
        text=True,
    )
    if build.returncode:
        sys.stderr.write(build.stdout + build.stderr)
        raise SystemExit("the compiled build failed (a C compiler and the Python headers needed)")
    print(f"  [built in {time.perf_counter() - started:.0f} s]", file=sys.stderr)
    return str(python)


def bench_set(
    key: str, path: Path, pure: Worker, compiled: Worker, args: argparse.Namespace
) -> dict:
    quizzes = read_quizzes(path, args.limit)
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    samples: dict[str, list[list[float]]] = {
        k: [[] for _ in quizzes] for k in ("dict", "pure1", "pure0", "comp1", "comp0")
    }
    steps: dict[str, list[int]] = {"pure": [0] * len(quizzes), "comp": [0] * len(quizzes)}
    started = time.perf_counter()
    for r in range(args.rounds):
        for i, quiz in enumerate(quizzes):
            t0 = clock()
            solved = norvig_baseline.solve(quiz)
            samples["dict"][i].append(clock() - t0)
            assert solved is not None, quiz
            for name, worker in (("pure", pure), ("comp", compiled)):
                first, end, steps[name][i] = worker.ask(quiz)
                samples[name + "1"][i].append(first)
                samples[name + "0"][i].append(end)
        print(
            f"  [{key}: round {r + 1}/{args.rounds} done, {time.perf_counter() - started:.0f} s]",
            file=sys.stderr,
        )
    assert steps["pure"] == steps["comp"], f"{key}: the builds disagree on the step counts"
    return {
        "key": key,
        "name": path.name,
        "n": len(quizzes),
        "steps": statistics.median(steps["pure"]),
        "m": {k: median_ms(v) for k, v in samples.items()},
    }


def print_set(res: dict, rounds: int) -> None:
    m = res["m"]
    print()
    print(
        f"== {res['name']}: {res['n']} quizzes, {rounds} rounds, "
        f"median steps to the end {res['steps']:g}"
    )
    print(f"{'median ms per quiz':34} {'first solution':>15} {'to the end':>12}")
    print(f"{'  dict solver (norvig_baseline)':34} {m['dict']:15.2f} {'-':>12}")
    print(f"{'  pure engine (pure Python)':34} {m['pure1']:15.2f} {m['pure0']:12.2f}")
    print(f"{'  compiled engine (mypyc)':34} {m['comp1']:15.2f} {m['comp0']:12.2f}")
    for label, a, b in (
        ("compiled/dict", "comp", "dict"),
        ("pure/dict", "pure", "dict"),
        ("pure/compiled", "pure", "comp"),
    ):
        first = m[a + "1"] / m[b if b == "dict" else b + "1"]
        end = m[a + "0"] / m["dict" if b == "dict" else b + "0"]
        print(f"  {'ratio ' + label:32} {first:15.2f} {end:12.2f}")
    if res["key"] == "top95":
        print(target_line(m))


def target_line(m: dict[str, float]) -> str:
    limit = m["dict"] * TARGET
    return (
        f"  target: compiled first solution on top95 <= 1/3 of the dict solver: "
        f"{m['comp1']:.2f} ms vs {limit:.2f} ms (ratio {m['comp1'] / m['dict']:.2f}): "
        f"{verdict(m['comp1'] <= limit)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add_run_options(
        parser,
        "wall: time.perf_counter (default); cpu: time.process_time (for a loaded machine)",
    )
    source = parser.add_mutually_exclusive_group()
    source.add_argument(
        "--compiled-python", type=Path, help="the python of an environment with the compiled build"
    )
    source.add_argument("--keep", help="build the compiled core in this venv folder and keep it")
    args = parser.parse_args()
    files: dict[str, Path] = {}
    for entry in filter(None, (e.strip() for e in args.sets.split(","))):
        key, _, file = entry.partition("=")
        if key not in SETS:
            parser.error(f"unknown set {key!r} (known: {', '.join(SETS)})")
        files[key] = Path(file) if file else SETS[key]
    with tempfile.TemporaryDirectory(prefix="bench-compiled-") as scratch:
        python = compiled_python(args, scratch)
        pure = Worker("pure", sys.executable, args.clock, pure=True)
        compiled = Worker("compiled", python, args.clock, pure=False)
        try:
            if pure.build != "pure Python":
                raise SystemExit(f"the pure worker runs {pure.build} ({pure.engine_file})")
            if compiled.build != "compiled core (mypyc)":
                raise SystemExit(f"{python} runs {compiled.build}, not the compiled core")
            print(
                f"bench_compiled: {machine()} at start, clock {args.clock}, rounds "
                f"{args.rounds}, limit {args.limit or 'none'}"
            )
            print(f"  pure engine:     {pure.engine_file}")
            print(f"  compiled engine: {compiled.engine_file}")
            results = []
            for key, path in files.items():
                results.append(bench_set(key, path, pure, compiled, args))
                print_set(results[-1], args.rounds)
                sys.stdout.flush()
        finally:
            pure.close()
            compiled.close()
    print()
    print("== summary (median ms per quiz; ratios of the medians)")
    print(
        f"  {'set':8} {'what':15} {'dict':>7} {'pure':>7} {'compiled':>9} "
        f"{'comp/dict':>10} {'pure/dict':>10} {'pure/comp':>10}"
    )
    for res in results:
        m = res["m"]
        for label, s in (("first solution", "1"), ("to the end", "0")):
            dict_ms = f"{m['dict']:7.2f}" if s == "1" else f"{'-':>7}"
            print(
                f"  {res['key']:8} {label:15} {dict_ms} {m['pure' + s]:7.2f} "
                f"{m['comp' + s]:9.2f} {m['comp' + s] / m['dict']:10.2f} "
                f"{m['pure' + s] / m['dict']:10.2f} {m['pure' + s] / m['comp' + s]:10.2f}"
            )
    for res in results:
        if res["key"] == "top95":
            print(target_line(res["m"]))
    print(
        "  (to the end / dict: the engines' whole search against the dict solver's first solution)"
    )
    print(f"\nload average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
