"""The agent's door (docs/agents.md): MCP round trips of ``step`` and ``check_move``
through the official SDK's client over stdio (a real ``sudoku-repl mcp`` subprocess), against
the same calls through the SDK with the server in the same process (no stdio: the SDK's cost
without the operating system's) and on the session in process (``frontends/mcp/agent``: no
SDK), and
``sudoku_repl.gym``'s steps a second against a plain Python loop doing the same moves (a
validity and solution check, no judgement); reasoning-gym's Sudoku generator beside them where
it is installed. The targets: a ``step`` round trip <= 5 ms, ``check_move`` <= 20
ms on a mid-band state (ER 6-8: puzzles/se_rated_diabolical2000.txt), >= 2,000 environment
steps a second with justification up to ER 4.0. The server and session are the open mode's
(``--open``): the steps go on past the solver's guesses, a wrong move is judged against the
solution, as the environment judges.

    python benchmarks/bench_agents.py [--steps N] [--puzzles K] [--env-steps M]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import anyio
import numpy as np
from common import REPO, SE_RATED, TOP95, children_cpu, machine, program_env, verdict
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from sudoku_repl.api import plan
from sudoku_repl.frontends.mcp.agent import AgentSession
from sudoku_repl.gym import SudokuEnv, move_of
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.tools.explain.plan import grid_solution

SEED = str(REPO / "examples" / "seed.txt")


def mid_band(count: int) -> list[str]:
    """The first ``count`` puzzles of the SE-rated file rated 6.0 to 8.0 there."""
    lines = [line.split() for line in SE_RATED.read_text().splitlines() if line.strip()]
    return [p for p, er in lines if 6.0 <= float(er) <= 8.0][:count]


def moves(puzzle: str) -> tuple[str, str]:
    """A justified move (Sudoku Explainer's first step's) and a wrong one, of a puzzle."""
    first = plan(puzzle)[0]
    label = (first.placed or first.removed)[0]  # 5r3c5
    digit, cell = label[0], label[1:]
    justified = f"{cell}={digit}" if first.placed else f"{cell}<>{digit}"
    grid = Grid.from_puzzle(puzzle)
    solution = grid_solution(grid)
    c = next(c for c in range(81) if bin(grid.cands[c]).count("1") > 1)
    d = next(d for d in range(1, 10) if grid.cands[c] >> d & 1 and d != solution[c])
    return justified, f"r{c // 9 + 1}c{c % 9 + 1}={d}"


def calls(steps: int, puzzles: list[str]) -> list[tuple[str, dict[str, Any], str]]:
    """The calls timed, each with what it is counted as: ``step`` on the seed quiz, each
    followed by ``levels`` (a call that does next to nothing: the transport's floor), then on each mid-band puzzle loaded (not counted) a
    justified and a wrong ``check_move``."""
    out: list[tuple[str, dict[str, Any], str]] = [("load_quiz", {"quiz": SEED}, "")]
    out += [("step", {}, "step"), ("levels", {}, "levels (the floor)")] * steps
    for puzzle in puzzles:
        justified, wrong = moves(puzzle)
        out += [
            ("load_quiz", {"quiz": puzzle}, ""),
            ("check_move", {"move": justified}, "check_move justified"),
            ("check_move", {"move": wrong}, "check_move wrong"),
        ]
    return out


def in_process(plan_calls: list[tuple[str, dict[str, Any], str]]) -> dict[str, list[float]]:
    session = AgentSession(
        sealed=False
    )  # (the open mode: the wrong move judged against the solution)
    return _timed(plan_calls, lambda name, args: session.call(name, args))


def _timed(
    plan_calls: list[tuple[str, dict[str, Any], str]], call: Callable[[str, dict[str, Any]], Any]
) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {}
    for name, args, counted in plan_calls:
        start = time.perf_counter()
        answer = call(name, args)
        took = time.perf_counter() - start
        if counted:
            times.setdefault(counted, []).append(took)
        if name == "check_move":
            assert not _error(answer), answer
    return times


def _error(answer: Any) -> bool:
    return bool(getattr(answer, "error", False) or getattr(answer, "is_error", False))


async def over_mcp(
    plan_calls: list[tuple[str, dict[str, Any], str]],
) -> tuple[dict[str, list[float]], float]:
    """The calls' round trips, and the server's CPU seconds a call (its user and system time
    over all of them, its start included: a figure the machine's load does not swell)."""
    cpu = children_cpu()
    server = StdioServerParameters(
        command=sys.executable,
        args=["-m", "sudoku_repl", "mcp", "--open"],
        env=program_env(),
        cwd=REPO,
    )
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        times = await timed(session, plan_calls)
    return times, (children_cpu() - cpu) / len(plan_calls)


async def in_memory(plan_calls: list[tuple[str, dict[str, Any], str]]) -> dict[str, list[float]]:
    """The calls through the SDK's client and the server in one process, no stdio between
    them (``mcp.client.Client(server)``): the SDK's and the server's cost without the
    operating system's (two processes, their pipes, their turns on a busy machine)."""
    from mcp.client import Client

    from sudoku_repl.frontends.mcp.server import make_server

    async with Client(make_server(sealed=False)) as session:
        return await timed(session, plan_calls)


async def timed(
    session: Any, plan_calls: list[tuple[str, dict[str, Any], str]]
) -> dict[str, list[float]]:
    """Each call made in turn on ``session`` (a client of the SDK's), the round trips of those
    counted under their names; a ``check_move`` must be answered, not refused."""
    times: dict[str, list[float]] = {}
    for name, args, counted in plan_calls:
        start = time.perf_counter()
        result = await session.call_tool(name, args)
        took = time.perf_counter() - start
        if counted:
            times.setdefault(counted, []).append(took)
        if name == "check_move":
            assert not result.is_error, result
    return times


def env_rates(count: int, puzzles: list[str]) -> tuple[float, float, dict[str, int]]:
    """The environment's steps a second, random valid actions (seeded), and a plain loop's
    making the same moves on the same puzzles (a validity check, the solution's, no SE)."""
    env = SudokuEnv(puzzles=puzzles, max_er=4.0)
    chooser = np.random.default_rng(75)
    _, info = env.reset(seed=75)
    episodes: list[tuple[str, list[int]]] = [(info["puzzle"], [])]
    verdicts: dict[str, int] = {}
    taken = 0.0
    for _ in range(count):
        action = int(chooser.choice(np.flatnonzero(info["action_mask"])))
        episodes[-1][1].append(action)
        start = time.perf_counter()
        _, _, ended, _, info = env.step(action)
        taken += time.perf_counter() - start
        verdicts[info["verdict"]] = verdicts.get(info["verdict"], 0) + 1
        if ended:
            _, info = env.reset()
            episodes.append((info["puzzle"], []))
    plain = 0.0
    for puzzle, actions in episodes:
        grid = Grid.from_puzzle(puzzle)
        solution = grid_solution(grid)
        start = time.perf_counter()
        for action in actions:
            move = move_of(action)
            if grid.values[move.cell] or not grid.cands[move.cell] >> move.digit & 1:
                continue
            if (solution[move.cell] == move.digit) != move.place:
                continue
            if move.place:
                grid.place(move.cell, move.digit)
            else:
                grid.remove(move.cell, move.digit)
        plain += time.perf_counter() - start
    return count / taken, count / plain, verdicts


def reasoning_gym_rate(count: int) -> str:
    """reasoning-gym's Sudoku: its puzzles made a second (its generator) and its answers
    scored a second (a whole grid checked: its one judgement), or why there is none."""
    try:
        import reasoning_gym  # type: ignore[import-not-found]
    except ImportError:
        return "reasoning-gym is not installed (pip install reasoning-gym): not measured"
    start = time.perf_counter()
    data = reasoning_gym.create_dataset("sudoku", size=count, seed=75)
    items = [data[i] for i in range(count)]
    made = time.perf_counter() - start
    start = time.perf_counter()
    for item in items:
        data.score_answer(item["answer"], item)
    scored = time.perf_counter() - start
    return (
        f"reasoning-gym's sudoku: {count / made:,.1f} puzzles made a second, {count / scored:,.0f}"
        " answers (whole grids) scored a second"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--puzzles", type=int, default=20)
    parser.add_argument("--env-steps", type=int, default=5000)
    args = parser.parse_args()
    plan_calls = calls(args.steps, mid_band(args.puzzles))
    direct = in_process(plan_calls)
    remote, server_cpu = anyio.run(over_mcp, plan_calls)
    memory = anyio.run(in_memory, plan_calls)
    print(f"{machine()}; {args.steps} steps of examples/seed.txt, {args.puzzles} puzzles of "
          f"ER 6-8 ({SE_RATED.name})")  # fmt: skip
    print(f"{'median ms':24}{'over MCP':>10}{'in memory':>11}{'in process':>12}{'target':>8}")
    targets = {
        "levels (the floor)": 5.0,
        "step": 5.0,
        "check_move justified": 20.0,
        "check_move wrong": 20.0,
    }
    for name, target in targets.items():
        mcp_ms = statistics.median(remote[name]) * 1000
        own_ms = statistics.median(direct[name]) * 1000
        sdk_ms = statistics.median(memory[name]) * 1000
        print(
            f"{name:24}{mcp_ms:>10.2f}{sdk_ms:>11.2f}{own_ms:>12.2f}{target:>8.0f}  "
            f"{verdict(mcp_ms <= target)}"
        )
    print(f"the server's CPU a call, its start included: {server_cpu * 1000:.2f} ms")
    env_rate, plain_rate, verdicts = env_rates(args.env_steps, TOP95.read_text().split())
    print(
        f"environment (max_er 4.0, top95, random valid actions {verdicts}): {env_rate:,.0f} "
        f"steps/s, target 2,000 {verdict(env_rate >= 2000)}; the plain loop doing the same "
        f"moves (no judgement): {plain_rate:,.0f}/s"
    )
    print(reasoning_gym_rate(200))


if __name__ == "__main__":
    main()
