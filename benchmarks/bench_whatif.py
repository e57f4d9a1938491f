"""``whatif guesses`` on the seed quiz after ``run`` answers within 1 s.

    python benchmarks/bench_whatif.py [--rounds N]

In-process, through the command language (a ``Repl`` writing to a list): the seed quiz
(examples/seed.txt) is loaded and ``run`` to its first solution (131 steps), then
``whatif guesses`` is timed (the search as taken and one row per other candidate of each of the
15 new guesses, each search run to its end, 284 steps). The baseline, measured in the same run,
is ``runrun 0`` over the seed's whole search from a fresh load: the rows cost about one whole
search each, so the ratio says how many searches the command is worth. Best of ``--rounds``.
"""

from __future__ import annotations

import argparse
import time

from common import REPO, Lines, machine, verdict

from sudoku_repl.assembly import register_all
from sudoku_repl.commands.dispatch import Repl

SEED = REPO / "examples" / "seed.txt"
TARGET_S = 1.0


def timed_command(setup: list[str], command: str) -> tuple[float, list[str]]:
    """Seconds of ``command`` after the ``setup`` commands, in a fresh Repl, and its lines."""
    out = Lines()
    repl = Repl(out, lambda question: "")
    for line in setup:
        repl.execute(line)
    start = len(out.lines)
    began = time.perf_counter()
    repl.execute(command)
    return time.perf_counter() - began, out.lines[start:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    register_all()
    load = f"load-quiz {SEED}"
    quiet = ["set trace off", "set solutions off"]
    whatif_s, baseline_s = float("inf"), float("inf")
    rows = 0
    for _ in range(args.rounds):  # alternating, so that a change in load hits both alike
        seconds, lines = timed_command([*quiet, load, "run"], "whatif guesses")
        whatif_s = min(whatif_s, seconds)
        rows = len(lines) - 2  # the search as taken, the heading
        seconds, _ = timed_command([*quiet, load], "runrun 0")
        baseline_s = min(baseline_s, seconds)
    print(f"bench_whatif: {machine()}, best of {args.rounds}")
    print(f"whatif guesses after run on the seed quiz: {rows} rows, {whatif_s * 1000:.1f} ms")
    print(f"baseline runrun 0 (the whole search, 284 steps): {baseline_s * 1000:.1f} ms")
    print(f"ratio whatif / baseline: {whatif_s / baseline_s:.1f}")
    print(f"target within {TARGET_S:.0f} s: {verdict(whatif_s < TARGET_S)}")


if __name__ == "__main__":
    main()
