"""``sudoku_repl.gym``'s Sudoku-v0 passes Gymnasium's own checker, runs as a
vector of environments, replays a seeded episode exactly, and its rewards agree with an
independent check on 50 puzzles: each justified move is a finding of Sudoku Explainer's
techniques up to ``max_er`` from that state (their pure Python, the reference the C is held
to), each wrong move contradicts the puzzle's one solution as a tiny solver here finds it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.helpers import REPO, extra_missing

gymnasium = pytest.importorskip("gymnasium", reason=extra_missing("gym", "Gymnasium"))

import numpy as np  # noqa: E402  (Gymnasium's)
from gymnasium.utils.env_checker import check_env  # noqa: E402

from sudoku_repl.gym import ENV_ID, SudokuEnv, move_of  # noqa: E402
from sudoku_repl.techniques.explainer.grid import Grid  # noqa: E402
from sudoku_repl.techniques.explainer.native_ladder import Rung  # noqa: E402
from sudoku_repl.techniques.explainer.rating import techniques  # noqa: E402
from sudoku_repl.tools.judging.moves import Move  # noqa: E402

EASY = REPO / "puzzles" / "norvig_easy50.txt"


def solve(puzzle: str) -> list[list[int]]:
    """Every solution (up to two) of an 81-character puzzle: a plain backtracking search, the
    empty cell with the fewest digits left first (a house's digits a bit mask)."""
    grid = [int(c) if c.isdigit() else 0 for c in puzzle]
    houses = [(cell // 9, 9 + cell % 9, 18 + cell // 27 * 3 + cell % 9 // 3) for cell in range(81)]
    used = [0] * 27
    for cell, digit in enumerate(grid):
        for house in houses[cell] if digit else ():
            used[house] |= 1 << digit
    found: list[list[int]] = []

    def left(cell: int) -> int:
        row, col, box = houses[cell]
        return 0x3FE & ~(used[row] | used[col] | used[box])

    def search() -> None:
        empty = [c for c in range(81) if not grid[c]]
        if not empty:
            found.append(grid[:])
            return
        cell = min(empty, key=lambda c: left(c).bit_count())
        options = left(cell)
        for digit in range(1, 10):
            if options >> digit & 1:
                grid[cell] = digit
                for house in houses[cell]:
                    used[house] |= 1 << digit
                search()
                for house in houses[cell]:
                    used[house] &= ~(1 << digit)
                grid[cell] = 0
                if len(found) == 2:
                    return

    search()
    return found


def test_the_environment_passes_gymnasiums_checker_and_runs_as_a_vector() -> None:
    check_env(gymnasium.make(ENV_ID, puzzles=str(EASY)).unwrapped)
    envs = gymnasium.make_vec(ENV_ID, num_envs=3, vectorization_mode="sync", puzzles=str(EASY))
    observations, infos = envs.reset(seed=7)
    assert observations["candidates"].shape == (3, 9, 9, 9)
    assert all(len(p) == 81 for p in infos["puzzle"])
    actions = [int(np.flatnonzero(mask)[0]) for mask in infos["action_mask"]]
    _, rewards, _, _, infos = envs.step(actions)
    assert set(infos["verdict"]) <= {"justified", "not_yet", "wrong"}
    envs.close()


def _episode(seed: int) -> list[tuple[object, ...]]:
    """A seeded episode of random actions among the valid ones: what it saw and got."""
    env = SudokuEnv(puzzles=str(EASY))
    observation, info = env.reset(seed=seed)
    chooser = np.random.default_rng(seed)
    seen: list[tuple[object, ...]] = [(info["puzzle"], observation["candidates"].tobytes())]
    for _ in range(60):
        action = int(chooser.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, ended, _, info = env.step(action)
        seen.append((action, reward, info["verdict"], observation["candidates"].tobytes()))
        if ended:
            break
    return seen


def test_a_seeded_episode_is_the_same_twice() -> None:
    first = _episode(11)
    assert first == _episode(11)
    assert first[0] != _episode(12)[0]  # (the seed draws the puzzle)


def _findings(order: list[Any], grid: Grid, move: Move) -> Iterator[tuple[str, float]]:
    """The technique and rating of each finding rated up to 4.0 that makes the move, by the
    pure finders (every technique whose floor is 4.0 or less: the first 13), in order."""
    for finder in order[:13]:
        assert isinstance(finder, Rung)
        for hint in finder.pure(grid):
            if hint.rating <= 40 and (
                hint.placement == (move.cell, move.digit)
                if move.place
                else (move.cell, move.digit) in hint.eliminations
            ):
                yield hint.technique, hint.rating / 10


def test_the_rewards_against_an_independent_check_on_50_puzzles() -> None:
    """Each of the 50 puzzles: moves drawn among the valid ones, and each move's verdict held
    to the tiny solver's solution (a wrong move contradicts it, a right one agrees) and each
    justified one to the pure finders (a finding rated up to 4.0 makes it, of the technique
    and rating named)."""
    order = [finder for _, finder in techniques()]
    rewards = {"justified": 1.0, "not_yet": 0.0, "wrong": -1.0}
    puzzles = [line.strip() for line in Path(EASY).read_text().splitlines() if line.strip()]
    assert len(puzzles) == 50
    seen = {"justified": 0, "not_yet": 0, "wrong": 0}
    chooser = np.random.default_rng(75)
    for puzzle in puzzles:
        (solution,) = solve(puzzle)
        env = SudokuEnv(max_er=4.0)
        _, info = env.reset(seed=0, options={"puzzle": puzzle})
        for _ in range(12):
            action = int(chooser.choice(np.flatnonzero(info["action_mask"])))
            move = move_of(action)
            before = Grid(env.grid.values[:], env.grid.cands[:])
            _, reward, ended, _, info = env.step(action)
            verdict = info["verdict"]
            seen[verdict] += 1
            # (a justified elimination earns its own reward: 0 by default)
            assert reward == (
                0.0 if verdict == "justified" and not move.place else rewards[verdict]
            )
            right = (solution[move.cell] == move.digit) == move.place
            assert right == (verdict != "wrong"), (puzzle, move, verdict)
            if verdict == "justified":
                named = (info["technique"], info["rating"])
                assert named in _findings(order, before, move), (puzzle, move, named)
            if ended:
                break
    assert min(seen.values()) > 20, seen  # each verdict met often
