"""The Debug Adapter Protocol server's speed, against the shell in the same run.

    python benchmarks/bench_dap.py [--rounds N] [--far STEPS] [--pauses N]

Quiz 18 of puzzles/multiple_solutions.txt (16 givens, more than 100,000 solutions: a search of
millions of steps), the default settings (trace on). At two points of its search, step 2,000
and step ``--far`` (default 1,000,000: the record then holds that many steps), it measures
``--rounds`` times (default 30):

- the shell: ``step`` + ``bt`` + ``board`` on an in-process ``Repl`` (what the shell runs for a
  person who steps and looks), each round from where the last one stopped;
- the adapter (``sudoku-repl dap``, a subprocess on pipes, driven by the tests' client): one
  step's round trip, ``stepIn`` -> ``stopped`` -> ``stackTrace`` -> ``scopes`` -> ``variables``
  (the Board scope), and the same with ``next``;

and prints the medians and their ratio to the shell's (target: at most 2x; at 1,000,000
steps a median of at most 10 ms). Then ``pause`` during ``continue``, in an adapter of its own:
tests/data/long_search_samurai.txt (no solution, a search of 46,596,095 steps), trace off,
``--pauses`` rounds (default 7): ``continue`` (from where the last pause left the search),
``pause`` once the adapter reports progress (half a second into the run), and the time from
sending ``pause`` to the ``stopped`` event (target: within 0.1 s, the slowest of the rounds).
Writes nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time

from common import MULTIPLE, Lines, machine, verdict

from sudoku_repl.assembly import register_all
from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.core import build
from tests.support.dap_client import DapClient
from tests.support.helpers import LONG_SEARCH

NUMBER = 18
NEAR = 2000
RATIO_TARGET = 2.0
FAR_TARGET_MS = 10.0
PAUSE_TARGET_MS = 100.0


def shell_rounds(point: int, rounds: int) -> list[float]:
    """Seconds of ``step`` + ``bt`` + ``board`` in the shell, ``rounds`` times from ``point``."""
    out = Lines()
    repl = Repl(out, lambda question: "")
    for line in (f"load-quiz {MULTIPLE} {NUMBER}", f"goto {point}"):
        if not repl.execute(line):
            raise SystemExit(f"{line} failed: {out.lines[-3:]}")
    found = []
    for _ in range(rounds):
        start = time.perf_counter()
        for line in ("step", "bt", "board"):
            repl.execute(line)
        found.append(time.perf_counter() - start)
        out.lines.clear()
    return found


def dap_rounds(client: DapClient, point: int, rounds: int, request: str) -> list[float]:
    """Seconds of one step's round trip by ``request``, ``rounds`` times from ``point``."""
    client.request("evaluate", expression=f"goto {point}", context="repl")
    client.stopped()
    found = []
    for _ in range(rounds):
        start = time.perf_counter()
        client.request(request, threadId=1)
        client.stopped()
        frame = client.request("stackTrace", threadId=1, levels=20)["stackFrames"][0]
        board = client.request("scopes", frameId=frame["id"])["scopes"][0]
        client.request("variables", variablesReference=board["variablesReference"])
        found.append(time.perf_counter() - start)
    return found


def pauses(times: int) -> tuple[list[float], int]:
    """Seconds from ``pause`` to the ``stopped`` event during a ``continue`` of the long search,
    ``times`` rounds; and the step the last pause left it at."""
    client = DapClient.spawn()
    try:
        client.launch(program=str(LONG_SEARCH), trace=False,
                      client={"supportsProgressReporting": True})  # fmt: skip
        found = []
        for _ in range(times):
            mark = client.mark()
            client.request("continue", threadId=1)
            client.event("progressStart", since=mark)
            start = time.perf_counter()
            client.send("pause", threadId=1)
            stop = client.stopped()
            found.append(time.perf_counter() - start)
            assert stop["reason"] == "pause", stop
        steps = int(stop["description"].removeprefix("Interrupted at step ").rstrip("."))
        return found, steps
    finally:
        client.close()


def ms(seconds: list[float]) -> float:
    return statistics.median(seconds) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--far", type=int, default=1_000_000)
    parser.add_argument("--pauses", type=int, default=7)
    args = parser.parse_args()
    register_all()
    print(f"bench_dap: {machine()}, core {build()}, quiz {NUMBER} of {MULTIPLE.name}")
    client = DapClient.spawn()
    try:
        client.launch(program=str(MULTIPLE), client={"supportsProgressReporting": True})
        client.request("evaluate", expression=f"load-quiz {MULTIPLE} {NUMBER}", context="repl")
        client.stopped()
        for point in (NEAR, args.far):
            shell = ms(shell_rounds(point, args.rounds))
            print(f"\nat step {point:,}: the shell's step + bt + board, median {shell:.2f} ms")
            for request in ("stepIn", "next"):
                took = ms(dap_rounds(client, point, args.rounds, request))
                ratio = took / shell
                far = point == args.far and request == "stepIn"
                target = (
                    f"<= {RATIO_TARGET:g}x and <= {FAR_TARGET_MS:g} ms: "
                    f"{verdict(ratio <= RATIO_TARGET and took <= FAR_TARGET_MS)}"
                    if far
                    else f"<= {RATIO_TARGET:g}x: {verdict(ratio <= RATIO_TARGET)}"
                )
                print(
                    f"  {request} -> stopped -> stackTrace -> scopes -> variables: median "
                    f"{took:.2f} ms, {ratio:.2f}x the shell's ({target})"
                )
    finally:
        client.close()
    paused, steps = pauses(args.pauses)
    worst = max(paused) * 1000
    print(
        f"\npause during continue of {LONG_SEARCH.name} (trace off), {args.pauses} rounds "
        f"(at step {steps:,} after the last): median {ms(paused):.1f} ms, slowest {worst:.1f} ms "
        f"(<= {PAUSE_TARGET_MS:g} ms: {verdict(worst <= PAUSE_TARGET_MS)})"
    )


if __name__ == "__main__":
    main()
