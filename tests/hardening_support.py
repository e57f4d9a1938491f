"""Shared pieces of the hardening tests (``test_hardening_*.py``, issue 5): an in-process shell
with a list output, the labelled edge cases of ``tests/data``, an independent validity check of
grids, and a pseudo-terminal session of the real program."""

from __future__ import annotations

import csv
import os
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import brute
from helpers import EDGE_CASES, PUZZLES, REPO

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.core.errors import GuessAborted

CORPUS = REPO / "tests" / "corpus"
SEED_FILE = REPO / "examples" / "seed.txt"
NO_QUIZ = "No quiz loaded. Use load-quiz <file>."
PROMPT = "Order please:"
#: what the seed quiz's whole search ends with (docs/engine.md 10: run, run -> 284, one solution)
SEED_END = "Invalid quiz [steps:284] - no more solution (solution sum is 1)"
#: an error line quoting the user's input stays readable: no control characters, bounded length
MAX_ERROR_LINE = 300


# -- the shell in-process ----------------------------------------------------------------------


@dataclass
class ListOutput:
    """``repl.Output`` keeping every line; ``errors`` are the lines sent through ``error``."""

    lines: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def message(self, line: str) -> None:
        self.lines.append(line)

    def error(self, line: str) -> None:
        self.lines.append(line)
        self.errors.append(line)

    def clear(self) -> None:
        self.lines.clear()
        self.errors.clear()


def fake_clock() -> Callable[[], float]:
    """0.0, 0.25, 0.5, ...: no test depends on real time."""
    ticks = iter(range(10**9))
    return lambda: next(ticks) * 0.25


def no_answer(question: str) -> str:
    """Guess questions are not expected: like end of input at the question."""
    raise GuessAborted


def new_repl(
    answers: Iterable[str] | None = None, interrupted: Callable[[], bool] = lambda: False
) -> tuple[Repl, ListOutput]:
    out = ListOutput()
    queue = list(answers) if answers is not None else None

    def read_answer(question: str) -> str:
        if not queue:
            raise GuessAborted
        return queue.pop(0)

    repl = Repl(
        out,
        read_answer if queue is not None else no_answer,
        clock=fake_clock(),
        interrupted=interrupted,
    )
    return repl, out


def run_commands(repl: Repl, out: ListOutput, *lines: str) -> list[str]:
    """Execute each line (each must succeed); the output of the last one."""
    for line in lines:
        out.clear()
        assert repl.execute(line), f"{line!r} failed: {out.lines}"
    return list(out.lines)


def snapshot(repl: Repl) -> tuple[object, ...]:
    """What a failed command must leave as it was."""
    session = repl.session
    state = session.state() if session.loaded else None
    record = (len(session.history), session.history.last_steps) if session.loaded else None
    return (
        session.quiz,
        state,
        session.cursor,
        record,
        session.settings.run_mode,
        session.settings.guess_mode,
        tuple(repl.script.lines),
    )


def steps_shown(lines: Iterable[str]) -> list[int]:
    return [int(m.group(1)) for line in lines if (m := re.fullmatch(r"Steps:(\d+)", line))]


def error_line_is_clear(line: str) -> bool:
    return line.isprintable() and 0 < len(line) <= MAX_ERROR_LINE


# -- the data ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EdgeCase:
    puzzle: str
    label: str
    expected: int | None  # None: ">=100000"
    solution: str


@cache
def edge_cases() -> tuple[EdgeCase, ...]:
    with open(EDGE_CASES, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    assert rows, "edge_cases_expected.tsv is empty"
    return tuple(
        EdgeCase(
            r["puzzle"],
            r["label"],
            None if r["expected_solutions"].startswith(">") else int(r["expected_solutions"]),
            r["solution_if_unique"] or "",
        )
        for r in rows
    )


def edge_case(label: str) -> EdgeCase:
    found = [e for e in edge_cases() if e.label == label]
    assert len(found) == 1, label
    return found[0]


def data_lines(name: str) -> list[str]:
    return [
        line.strip()
        for line in (PUZZLES / name).read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]


def grid(text: str) -> list[int]:
    assert len(text) == 81, text
    return [0 if ch in ".0" else int(ch) for ch in text]


def is_valid_solution(values: Iterable[int], givens: Iterable[int]) -> bool:
    """Independent of the code under test (``tests/brute.py``)."""
    return brute.is_solution(list(values), list(givens))


def clash_in(values: list[int]) -> bool:
    """A value twice in a unit among the filled cells."""
    for unit in brute.UNITS:
        seen = [values[i] for i in unit if values[i]]
        if len(seen) != len(set(seen)):
            return True
    return False


# -- a real terminal -------------------------------------------------------------------------


def terminal_env(tmp: Path, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "TERM": "xterm",
        "HOME": str(tmp),
        "XDG_DATA_HOME": str(tmp / "data"),
        # nothing in the pty answers cursor position requests
        "PROMPT_TOOLKIT_NO_CPR": "1",
        "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
        **extra,
    }


def spawn_shell(tmp: Path, *args: str, env: dict[str, str] | None = None, timeout: float = 20):  # type: ignore[no-untyped-def]
    import pexpect

    return pexpect.spawn(
        sys.executable,
        ["-m", "sudoku_repl", *args],
        cwd=str(REPO),
        env=env or terminal_env(tmp),
        encoding="utf-8",
        codec_errors="replace",
        timeout=timeout,
        dimensions=(40, 120),
        maxread=65536,
    )


ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\r")


def plain(text: str) -> str:
    """Terminal output without escape sequences and carriage returns."""
    return ANSI.sub("", text)
