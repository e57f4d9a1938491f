"""The custom ``sudokuBoard`` request's speed at a stop deep in a long search, against
the plain ``stackTrace`` + ``scopes`` + ``variables`` round trip in the same run.

    python benchmarks/bench_dap_board.py [--rounds N] [--far STEPS]

Two long searches, trace off: quiz 18 of puzzles/multiple_solutions.txt (16 givens, more than
100,000 solutions: a search of millions of steps, as ``bench_dap.py``) and
tests/data/long_search_samurai.txt (a samurai with no solution, 46,596,095 steps: 369 cells a
board). The adapter (``sudoku-repl dap``, a
subprocess on pipes, driven by the tests' client) goes to step ``--far`` (default 1,000,000:
the record then holds that many steps); then ``--rounds`` times (default 30): ``stepIn`` ->
``stopped`` (not timed), and timed at that stop, in turn first or second:

- the plain round trip an editor makes at a stop: ``stackTrace`` -> ``scopes`` -> ``variables``
  (the Board scope's rows);
- ``sudokuBoard`` of frame 0 (what a Board view asks at a stop, beside the editor's own
  ``stackTrace``);
- ``sudokuBoard`` of the innermost guess level's frame (the state at its guess, worked out
  from the record: a view following a frame the user selects; after a ``stackTrace`` that
  hands its id out, not timed).

Prints the medians and each board figure's ratio to the plain round trip's (target: the board
at most 100 ms median). The board reads the present state and the record's last step, never
replays the search, so its time does not grow with the step count: the same figures at step
2,000 are printed beside them. Writes nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial

from common import MULTIPLE, machine, verdict

from sudoku_repl.core import build
from tests.support.dap_client import DapClient
from tests.support.helpers import LONG_SEARCH

NUMBER = 18
NEAR = 2000
TARGET_MS = 100.0


def timed(job: Callable[[], object]) -> float:
    start = time.perf_counter()
    job()
    return time.perf_counter() - start


def rounds_at(
    client: DapClient, point: int, rounds: int
) -> tuple[dict[str, list[float]], list[int]]:
    """Seconds of each round trip at ``rounds`` stops from step ``point`` on, and the steps of
    the boards answered."""
    client.request("evaluate", expression=f"goto {point}", context="repl")
    client.stopped()
    found: dict[str, list[float]] = {"plain": [], "board": [], "level": []}
    reached = []

    def plain() -> None:
        frame = client.request("stackTrace", threadId=1, levels=20)["stackFrames"][0]
        board = client.request("scopes", frameId=frame["id"])["scopes"][0]
        client.request("variables", variablesReference=board["variablesReference"])

    def board() -> None:
        reached.append(client.request("sudokuBoard")["step"])

    for k in range(rounds):
        client.request("stepIn", threadId=1)
        client.stopped()
        order = [("plain", plain), ("board", board)]
        for name, job in order if k % 2 else reversed(order):
            found[name].append(timed(job))
        frames = client.request("stackTrace", threadId=1, levels=2)["stackFrames"]
        if len(frames) > 1:
            level = partial(client.request, "sudokuBoard", frameId=frames[1]["id"])
            found["level"].append(timed(level))
    return found, reached


def ms(seconds: list[float]) -> float:
    return statistics.median(seconds) * 1000 if seconds else float("nan")


def report(client: DapClient, point: int, rounds: int) -> None:
    found, reached = rounds_at(client, point, rounds)
    plain = ms(found["plain"])
    first, last = min(reached), max(reached)
    print(f"  at step {point:,} ({rounds} stops, the boards of steps {first:,}..{last:,}):")
    print(f"    stackTrace -> scopes -> variables (Board): median {plain:.2f} ms")
    for name, said in (
        ("board", "sudokuBoard (frame 0, the present step)"),
        ("level", "sudokuBoard (the innermost level's frame)"),
    ):
        took = ms(found[name])
        print(
            f"    {said}: median {took:.2f} ms, {took / plain:.2f}x the plain round trip "
            f"(<= {TARGET_MS:g} ms: {verdict(took <= TARGET_MS)})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--far", type=int, default=1_000_000)
    args = parser.parse_args()
    print(f"bench_dap_board: {machine()}, core {build()}")
    client = DapClient.spawn()
    try:
        client.launch(program=str(MULTIPLE), trace=False)
        for load, said in (
            (f"{MULTIPLE} {NUMBER}", f"quiz {NUMBER} of {MULTIPLE.name} (81 cells)"),
            (str(LONG_SEARCH), f"{LONG_SEARCH.name} (a samurai: 369 cells)"),
        ):
            client.request("evaluate", expression=f"load-quiz {load}", context="repl")
            client.stopped()
            print(f"\n{said}:")
            for point in (NEAR, args.far):
                report(client, point, args.rounds)
    finally:
        client.close()


if __name__ == "__main__":
    main()
