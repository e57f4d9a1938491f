"""Shared pieces of the hardening tests (``commands/test_any_command_line.py``,
``commands/test_quiz_files.py``, ...): an in-process shell where a guess question meets the end
of input, what a failed command must leave as it was, and an independent validity check of
grids. The rest (``Shell``, ``ListOutput``, the edge cases, a
pseudo-terminal session) is in ``tests/support/helpers.py``."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.core.errors import GuessAborted
from tests.oracles import brute
from tests.support.helpers import REPO, Answers, ListOutput, Shell

CORPUS = REPO / "tests" / "corpus"
#: what the seed quiz's whole search ends with (docs/engine.md 10: run, run -> 284, one solution)
SEED_END = "Invalid quiz [steps:284] - no more solution (solution sum is 1)"
#: an error line quoting the user's input stays readable: no control characters, bounded length
MAX_ERROR_LINE = 300


# -- the shell in-process ----------------------------------------------------------------------


def new_repl(
    answers: Iterable[str] | None = None, interrupted: Callable[[], bool] = lambda: False
) -> tuple[Repl, ListOutput]:
    """A ``Repl`` and its output; guess questions take ``answers`` in turn, then meet the end of
    input (``GuessAborted``)."""
    shell = Shell(Answers(*(answers or ()), then=GuessAborted), interrupted)
    return shell.repl, shell.out


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


# -- grids ------------------------------------------------------------------------------------


def is_valid_solution(values: Iterable[int], givens: Iterable[int]) -> bool:
    """Independent of the code under test (``tests/oracles/brute.py``)."""
    return brute.is_solution(list(values), list(givens))


def clash_in(values: list[int]) -> bool:
    """A value twice in a unit among the filled cells."""
    for unit in brute.UNITS:
        seen = [values[i] for i in unit if values[i]]
        if len(seen) != len(set(seen)):
            return True
    return False
