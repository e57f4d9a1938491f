"""Batch mode: commands from a script, a pipe or ``-c``; stdout is exactly the transcript.

No prompt_toolkit here. Each command line read is echoed after the prompt; empty and ``#``
lines are skipped (comments in scripts); an answer to the guess question is the next line,
whatever it is.
"""

from __future__ import annotations

import time

from sudoku_repl.commands.dispatch import PROMPT, Repl

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import TextIO

__all__ = ["PROMPT", "run_batch"]


class TranscriptOutput:
    """Messages and error lines both belong to the transcript, in order."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def message(self, line: str) -> None:
        self.stream.write(line + "\n")

    def error(self, line: str) -> None:
        self.stream.write(line + "\n")


def run_batch(
    lines: Iterator[str],
    stdout: TextIO,
    *,
    first: list[str] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    interrupted: Callable[[], bool] = lambda: False,
    script: str | None = None,
) -> Repl:
    """Execute ``first`` (without prompt, e.g. the quiz named on the command line), then every
    command of ``lines`` (of file ``script``, ``-x``'s) until ``bye`` or the end of input.
    Returns the finished ``Repl``."""

    def no_answer(question: str) -> str:  # pragma: no cover - run_script supplies answers
        raise AssertionError("answers come from the script")

    repl = Repl(TranscriptOutput(stdout), no_answer, clock=clock, interrupted=interrupted)
    for command in first or []:
        repl.execute(command)
    repl.run_script(lines, final_prompt=True, script=script)
    stdout.flush()
    return repl
