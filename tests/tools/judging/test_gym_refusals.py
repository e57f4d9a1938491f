"""``sudoku_repl.gym``'s Sudoku-v0 refuses what it does not take, in one line naming what it
takes: an action outside its space, a ``reset`` option it has none of, a reward that is no
number, a ``puzzles`` file that is no regular file or is too long, a puzzle too long to read;
and a justified elimination earns its own reward (0 by default), not a placement's."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.support.helpers import REPO, extra_missing

pytest.importorskip("gymnasium", reason=extra_missing("gym", "Gymnasium"))

import numpy as np

from sudoku_repl import gym
from sudoku_repl.gym import SudokuEnv, move_of

EASY = REPO / "puzzles" / "norvig_easy50.txt"
PUZZLE = EASY.read_text().split()[0]


def refused(line: str) -> pytest.RaisesExc[ValueError]:
    """A ``ValueError`` saying ``line``, exactly."""
    return pytest.raises(ValueError, match=f"^{re.escape(line)}$")


@pytest.mark.parametrize("action", [-1, 1458, 10**6, 1.5, "3", np.int64(-1)], ids=repr)
def test_an_action_outside_the_space_is_refused(action: object) -> None:
    env = SudokuEnv(puzzles=[PUZZLE])
    env.reset(seed=0)
    before = env.grid.values[:], env.grid.cands[:]
    line = (
        f"action {action!r} is outside the action space: a whole number from 0 to 1457, "
        "kind * 729 + cell * 9 + digit - 1"
    )
    with refused(line):
        env.step(action)  # type: ignore[arg-type]
    assert (env.grid.values, env.grid.cands) == before


def test_a_reset_option_it_has_none_of_is_refused() -> None:
    env = SudokuEnv(puzzles=[PUZZLE])
    line = (
        "reset: no option ['puzle']; the options: ['puzzle', 'puzzles', 'er', 'level', 'technique']"
    )
    with refused(line):
        env.reset(seed=0, options={"puzle": PUZZLE})


@pytest.mark.parametrize(
    "reward, said",
    [("high", "'high', not a number"), (None, "None, not a number"),
     (True, "True, not a number"), (float("nan"), "nan, not a finite number")],
    ids=repr,
)  # fmt: skip
def test_a_reward_that_is_no_number_is_refused(reward: object, said: str) -> None:
    with refused(f"rewards: justified_elimination's is {said}"):
        SudokuEnv(rewards={"justified_elimination": reward})  # type: ignore[dict-item]


def test_a_puzzles_file_that_is_no_regular_file_is_refused() -> None:
    """A pipe (``/dev/zero``, a FIFO: one may never end, nor answer): this one ends, and is
    refused all the same, unread."""
    reader, writer = os.pipe()
    try:
        os.write(writer, f"{PUZZLE}\n".encode())
        os.close(writer)
        path = f"/proc/self/fd/{reader}"
        env = SudokuEnv(puzzles=path)
        line = (
            f"puzzles: {path!r} is no regular file (a device, a pipe, a socket: it may never "
            "end): give a file of one puzzle a line"
        )
        with refused(line):
            env.reset(seed=0)
    finally:
        os.close(reader)


def test_a_puzzles_file_is_read_up_to_its_bound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(gym, "MOST_PUZZLE_BYTES", 200)
    fits, longer = tmp_path / "two.txt", tmp_path / "three.txt"
    fits.write_text(f"{PUZZLE}\n{PUZZLE}\n")  # 164 bytes
    longer.write_text(f"{PUZZLE}\n{PUZZLE}\n{PUZZLE}\n")  # 246
    assert SudokuEnv(puzzles=str(fits)).reset(seed=0)[1]["puzzle"] == PUZZLE
    line = (
        f"puzzles: {str(longer)!r} is longer than 200 bytes, the most read: give fewer "
        "puzzles, or a list of them"
    )
    with refused(line):
        SudokuEnv(puzzles=str(longer)).reset(seed=0)


def test_a_puzzle_too_long_to_read_is_refused_by_its_size() -> None:
    line = (
        "puzzle has 1,000,000 characters; at most 8,192 are read (a quiz is 81, a pencil-mark "
        "line 729: a longer text goes in a file)."
    )
    with refused(line):
        SudokuEnv().reset(seed=0, options={"puzzle": "1" * 1_000_000})


def _rewards(rewards: dict[str, float] | None) -> dict[tuple[str, bool], set[float]]:
    """The rewards earned, by verdict and kind (a placement: True), every elimination tried
    first in order, then every placement, until the grid is full."""
    env = SudokuEnv(puzzles=[PUZZLE], rewards=rewards)
    _, info = env.reset(seed=0)
    earned: dict[tuple[str, bool], set[float]] = {}
    for action in [*range(729, 1458), *range(729)]:
        if info["action_mask"][action]:
            _, reward, ended, _, info = env.step(action)
            earned.setdefault((info["verdict"], move_of(action).place), set()).add(reward)
            if ended:
                break
    return earned


def test_a_justified_elimination_earns_its_own_reward() -> None:
    earned = _rewards(None)
    assert earned[("justified", False)] == {0.0}
    assert earned[("justified", True)] == {1.0}
    assert earned[("wrong", False)] == {-1.0}
    earned = _rewards({"justified_elimination": 0.25})
    assert earned[("justified", False)] == {0.25}
    assert earned[("justified", True)] == {1.0}
