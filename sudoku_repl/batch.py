"""Batch mode: commands from a script, a pipe or ``-c``; stdout is exactly the transcript.

No prompt_toolkit here. Each command line read is echoed after the prompt; empty and ``#``
lines are skipped (comments in scripts); an answer to the guess question is the next line,
whatever it is.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import TextIO

from .errors import GuessAborted
from .repl import Repl

PROMPT = "Order please:"


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
) -> Repl:
    """Execute ``first`` (without prompt, e.g. the quiz named on the command line), then every
    command of ``lines`` until ``bye`` or the end of input. Returns the finished ``Repl``."""
    out = TranscriptOutput(stdout)

    def read_answer(question: str) -> str:
        answer = next(lines, None)
        if answer is None:
            out.message(question)
            raise GuessAborted
        answer = answer.rstrip("\r\n")
        out.message(f"{question} {answer}".rstrip())
        return answer

    repl = Repl(out, read_answer, clock=clock, interrupted=interrupted)
    for command in first or []:
        repl.execute(command)
    while not repl.done:
        out.message("")
        out.message(PROMPT)
        line = _next_command(lines)
        if line is None:
            break
        out.message(line)
        repl.execute(line)
    stdout.flush()
    return repl


def _next_command(lines: Iterator[str]) -> str | None:
    for raw in lines:
        line = raw.rstrip("\r\n")
        if line.strip() and not line.lstrip().startswith("#"):
            return line
    return None
