"""A Gymnasium environment of Sudoku moves judged by Sudoku Explainer's techniques
(docs/agents.md), on the extra ``gym`` (``pip install 'sudoku-repl[gym]'``).

Importing this module registers ``sudoku_repl/Sudoku-v0`` with Gymnasium: that is Gymnasium's
own convention (``import ale_py``, ``import minigrid``, then ``gymnasium.make``), so this one
module registers on import, and it alone: nothing else of the package registers anything
when imported (ARCHITECTURE.md, ``assembly``), and nothing else imports this module.

Spaces (docs/agents.md):

- observation: a dict of ``candidates``, 9x9x9 of 0/1 (``[row, col, digit - 1]``: 1 when the
  digit is a candidate of the empty cell, or the cell's value), ``values`` 9x9 (0 for an empty
  cell) and ``givens`` 9x9 (the puzzle's, 0 elsewhere);
- action: ``Discrete(1458)``, ``kind * 729 + cell * 9 + digit - 1`` with ``cell = row * 9 +
  col`` (0-based) and ``kind`` 0 for a placement, 1 for an elimination of the candidate;
- reward: the judgement of ``check_move`` (``tools/judging``) up to ``max_er``: ``justified``,
  ``not_yet`` or ``wrong``, each worth ``rewards[verdict]``, a justified elimination
  ``rewards["justified_elimination"]`` (0 by default: a placement fills a cell, an elimination
  only prepares one, and a return made of eliminations would say nothing), and ``invalid`` for
  an action on a cell with a value or a candidate gone. A right move is made (the placement's
  digit leaves the cell's peers); a wrong one and an invalid one are not: the state stays on
  the way to the solution. The episode ends (``terminated``) once the grid is full. An action
  outside the action space, an option ``reset`` does not take and a reward that is no number
  are refused (``ValueError``, one line naming what is taken).

``info`` holds ``verdict``, and for a justified move ``technique`` and ``rating`` (ER); at
``reset``, ``puzzle`` (81 or 729 characters). Each step's ``action_mask`` (1458 of 0/1: the
actions that are not invalid) is in ``info`` too.
"""

from __future__ import annotations

import math
import numbers
import os
from collections.abc import Mapping, Sequence
from typing import Any, cast

import gymnasium
import numpy as np
from gymnasium import spaces

from sudoku_repl.core.errors import UserError, too_long
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.tools.judging.grids import judged_layout, quiz_grid, quiz_solution
from sudoku_repl.tools.judging.judge import Judge, Verdict, play, unplayable
from sudoku_repl.tools.judging.moves import Move

#: the environment's id, registered when this module is imported
ENV_ID = "sudoku_repl/Sudoku-v0"
#: the actions: a placement or an elimination of each candidate of each cell
ACTIONS = 2 * 729
#: the rewards, by verdict (``invalid``: an action on a filled cell or a candidate gone), a
#: justified elimination apart
REWARDS: Mapping[str, float] = {
    "justified": 1.0,
    "justified_elimination": 0.0,
    "not_yet": 0.0,
    "wrong": -1.0,
    "invalid": -1.0,
}
#: what ``reset``'s ``options`` may give: one puzzle, or where this episode's is drawn from
OPTIONS = ("puzzle", "puzzles", "er", "level", "technique")
#: the techniques that justify a move by default: up to ER 4.0 (singles, subsets, fish)
MAX_ER = 4.0

Observation = dict[str, np.ndarray[Any, Any]]


def action_of(move: Move) -> int:
    """The action of a move."""
    return (0 if move.place else 729) + move.cell * 9 + move.digit - 1


def move_of(action: int) -> Move:
    """The move of an action (0 <= action < ACTIONS)."""
    kind, rest = divmod(int(action), 729)
    cell, digit = divmod(rest, 9)
    return Move(cell, digit + 1, kind == 0)


class SudokuEnv(gymnasium.Env[Observation, np.int64]):
    """Sudoku as moves judged: see the module's docstring for the spaces and rewards.

    The puzzle of an episode comes from ``reset(options={"puzzle": ...})``, else from
    ``puzzles`` (a file of one puzzle a line, or a sequence of puzzles: one drawn by the
    seed), else from the maker (``sudoku_repl.generate``) with the targets ``er``, ``level``
    and ``technique`` as ``sudoku-repl generate`` takes them (``er="2.0-4.0"``), seeded by
    the environment's seed; ``options`` may give ``puzzles``, ``er``, ``level`` or
    ``technique`` for one episode. ``max_er``: the hardest technique that justifies a move;
    ``rewards``: the reward of each verdict, and of a justified elimination (missing ones are
    ``REWARDS``'); ``rules``: the variant rules of its puzzles, in the words of ``load-quiz
    --rules`` (docs/variants.md): its moves judged as ``check_move`` judges them on those
    rules (serate's techniques of the rules ported so far, on their regions and visible
    cells; the solution under the rules); rules serate has no flag for (jigsaw, extra
    regions, one diagonal) refused in one line."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (Gymnasium reads it)

    def __init__(
        self,
        puzzles: str | Sequence[str] | None = None,
        *,
        er: str | None = None,
        level: str | None = None,
        technique: str | None = None,
        max_er: float = MAX_ER,
        rewards: Mapping[str, float] | None = None,
        render_mode: str | None = None,
        rules: str | None = None,
    ) -> None:
        self.rules = _checked_rules(rules)
        unknown = set(rewards or ()) - set(REWARDS)
        if unknown:
            raise ValueError(
                f"rewards: no verdict {sorted(unknown)}; the verdicts: {list(REWARDS)}"
            )
        for verdict, reward in (rewards or {}).items():
            if isinstance(reward, bool) or not isinstance(reward, numbers.Real):
                raise ValueError(f"rewards: {verdict}'s is {reward!r:.40}, not a number")
            if not math.isfinite(reward):
                raise ValueError(f"rewards: {verdict}'s is {reward!r}, not a finite number")
        self.rewards = {**REWARDS, **(rewards or {})}
        self.source: dict[str, Any] = {
            "puzzles": puzzles,
            "er": er,
            "level": level,
            "technique": technique,
        }
        self.judge = Judge(max_er, layout=judged_layout(self.rules))
        self.render_mode = render_mode
        self.observation_space = cast(
            "spaces.Space[Observation]",
            spaces.Dict(
                {
                    "candidates": spaces.MultiBinary([9, 9, 9]),
                    "values": spaces.Box(0, 9, (9, 9), np.int8),
                    "givens": spaces.Box(0, 9, (9, 9), np.int8),
                }
            ),
        )
        self.action_space = spaces.Discrete(ACTIONS)
        self.grid = Grid([0] * 81, [0] * 81)
        self.solution: tuple[int, ...] = (0,) * 81
        self.givens = np.zeros((9, 9), np.int8)
        self.puzzle = ""
        self._seen: tuple[Observation, np.ndarray[Any, Any]] | None = None

    # -- the episode ---------------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        unknown = sorted(set(options or ()) - set(OPTIONS))
        if unknown:
            raise ValueError(f"reset: no option {unknown}; the options: {list(OPTIONS)}")
        source = {**self.source, **(options or {})}
        puzzle = source.get("puzzle") or self._drawn(source)
        longer = too_long("puzzle", len(puzzle)) if isinstance(puzzle, str) else None
        if longer is not None:  # (refused by its size: nothing reads it)
            raise ValueError(longer)
        try:
            quiz = _quiz(puzzle, self.rules)
            grid = quiz_grid(quiz)
            self.solution = quiz_solution(quiz)
        except (UserError, ValueError) as e:
            raise ValueError(f"puzzle {puzzle[:81]!r}...: {e}") from None
        self.grid, self.puzzle, self._seen = grid, puzzle, None
        self.givens = np.array(grid.values, np.int8).reshape(9, 9)
        return self._observation(), {"puzzle": puzzle, "action_mask": self.action_mask()}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if not self.action_space.contains(action):  # (an integer of 0..ACTIONS - 1 only)
            raise ValueError(
                f"action {action!r:.40} is outside the action space: a whole number from 0 to "
                f"{ACTIONS - 1}, kind * 729 + cell * 9 + digit - 1"
            )
        move = move_of(int(action))
        grid = self.grid
        info: dict[str, Any]
        if unplayable(grid, move) is not None:
            info = {"verdict": "invalid"}
        else:
            judged = self.judge.judge(grid, move, self.solution, explain=False)
            info = {"verdict": judged.verdict.value}
            if judged.verdict is Verdict.JUSTIFIED:
                info["technique"], info["rating"] = judged.technique, judged.rating
            if judged.verdict is not Verdict.WRONG:
                play(grid, move)
                self._seen = None
        info["action_mask"] = self.action_mask()
        earned = info["verdict"]
        if earned == "justified" and not move.place:
            earned = "justified_elimination"
        reward = float(self.rewards[earned])
        return self._observation(), reward, grid.is_solved(), False, info

    def render(self) -> str | None:
        """The values, a line a row (``.`` for an empty cell), with ``render_mode="ansi"``."""
        if self.render_mode != "ansi":
            return None
        values = self.grid.values
        return "\n".join(
            "".join(str(v) if v else "." for v in values[row * 9 : row * 9 + 9]) for row in range(9)
        )

    # -- what the agent sees -----------------------------------------------------------------

    def action_mask(self) -> np.ndarray[Any, Any]:
        """1 for each action that is not invalid (a candidate of an empty cell, placed or
        eliminated), 0 for the others."""
        return self._arrays()[1].copy()

    def _observation(self) -> Observation:
        observation = self._arrays()[0]
        return {name: array.copy() for name, array in observation.items()}

    def _arrays(self) -> tuple[Observation, np.ndarray[Any, Any]]:
        """The observation and the action mask of the grid, made once a state (a wrong or an
        invalid move leaves it)."""
        if self._seen is None:
            cands = np.array(self.grid.cands, np.int64)
            values = np.array(self.grid.values, np.int8)
            with_values = cands | np.where(values > 0, 1 << values.astype(np.int64), 0)
            candidates = _BITS[cands].reshape(729)
            observation = {
                "candidates": _BITS[with_values].reshape(9, 9, 9),
                "values": values.reshape(9, 9),
                "givens": self.givens,
            }
            self._seen = observation, np.concatenate([candidates, candidates])
        return self._seen

    def _drawn(self, source: Mapping[str, Any]) -> str:
        """A puzzle drawn by the seed: from ``puzzles``, else from the maker's targets."""
        puzzles = source.get("puzzles")
        if puzzles is not None:
            lines = _read(puzzles) if isinstance(puzzles, str) else list(puzzles)
            if not lines:
                raise ValueError("puzzles: no puzzle to draw from")
            return lines[int(self.np_random.integers(len(lines)))]
        from sudoku_repl.api import generate

        made_puzzles = generate(
            er=source.get("er"),
            level=source.get("level"),
            technique=source.get("technique"),
            rules=self.rules,
            count=1,
            seed=int(self.np_random.integers(2**63)),
        )
        try:
            return next(made_puzzles).puzzle
        finally:
            made_puzzles.close()  # type: ignore[attr-defined]


def _checked_rules(rules: str | None) -> str:
    """The rules' words as ``core/rules.parse`` spells them ("" classic sudoku); ``ValueError``
    in one line for words it does not know (named, with the words taken) and for rules the
    judge does not play (``judged_layout``: serate has no flag for them)."""
    if not rules:
        return ""
    from sudoku_repl.core.errors import QuizError
    from sudoku_repl.core.rules import parse

    try:
        parsed = str(parse(rules))
        judged_layout(parsed)
    except (QuizError, UserError) as e:
        raise ValueError(f"rules: {e.line}") from None
    return parsed


# -- the grid as arrays -------------------------------------------------------------------------

#: each mask (bit d for the digit d) as nine 0/1, digits 1..9
_BITS = np.array([[m >> d & 1 for d in range(1, 10)] for m in range(1024)], np.int8)


def _quiz(puzzle: str, rules: str) -> Quiz:
    """The quiz of an 81-character puzzle or a 729-character pencil-mark line, read as
    ``rate`` reads a line (a note after it is passed over), played by ``rules``."""
    from sudoku_repl.core.errors import QuizError
    from sudoku_repl.core.rules import parse
    from sudoku_repl.text.puzzle_line import line_quiz

    try:
        played = parse(rules)
        return line_quiz(puzzle, not played.words).with_rules(played)
    except QuizError as e:
        raise UserError(e.line) from None


#: the bytes of a ``puzzles`` file read at most: 800,000 puzzles of 81 characters and their
#: notes (a list of puzzles takes more)
MOST_PUZZLE_BYTES = 64 << 20


def _read(path: str) -> list[str]:
    """The puzzles of a file of one a line (its lines with a puzzle); ``ValueError`` in one
    line for what is no regular file (a device, a pipe: ``/dev/zero`` never ends, a FIFO may
    never answer) or a file longer than ``MOST_PUZZLE_BYTES``, of which no more is read."""
    import stat

    from sudoku_repl.core.errors import QuizError, file_error
    from sudoku_repl.text.files import open_binary_input
    from sudoku_repl.text.puzzle_line import line_puzzle

    try:
        with open_binary_input(path) as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                raise ValueError(
                    f"puzzles: {path!r} is no regular file (a device, a pipe, a socket: it may "
                    "never end): give a file of one puzzle a line"
                )
            raw = file.read(MOST_PUZZLE_BYTES + 1)
    except OSError as e:
        raise ValueError(file_error("puzzles: cannot read", path, e)) from None
    if len(raw) > MOST_PUZZLE_BYTES:
        raise ValueError(
            f"puzzles: {path!r} is longer than {MOST_PUZZLE_BYTES:,} bytes, the most read: "
            "give fewer puzzles, or a list of them"
        )
    out = []
    for line in raw.decode("utf-8", errors="replace").splitlines():
        try:
            out.append(line_puzzle(line))
        except QuizError:
            continue
    return out


gymnasium.register(id=ENV_ID, entry_point="sudoku_repl.gym:SudokuEnv", max_episode_steps=1000)
