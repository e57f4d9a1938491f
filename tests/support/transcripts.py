"""The transcripts of the README and of ``docs/``, and how to check one against the program.

A transcript is a fenced block whose info string is ``console``; its first line is the command,
``$ sudoku-repl ARGS``, and the rest is what the program prints, with what the user types in
its place: the line after each ``Order please:`` (and after a guess question, on its line).
Running it types the command as it is written, in a shell where the README's first set-up
command has been (its virtual environment active: ``activation``), and feeds those lines to
it: batch mode, which prints exactly what the shell shows. In the expected text, a line ``...`` stands for any lines (none too), ``...``
inside a line for any characters, and the milliseconds of a ``Run time`` line for any number.

A ``python`` block is a program of its own: it must run to its end, and its ``assert`` lines
state the values it shows.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

PROMPT = "Order please:"
QUESTION = re.compile(r"^(Take a guess please, by default it will be \S+:) ?(.*)$")
FENCE = re.compile(r"^```(\S*)\s*$")


@dataclass(frozen=True)
class Transcript:
    path: Path
    line: int  # where its block starts (1-based), for the test's name
    command: str  # as typed after the ``$``
    expected: list[str]

    @property
    def args(self) -> list[str]:
        """The command's arguments, as a shell reads them."""
        return shlex.split(self.command)[1:]

    @property
    def name(self) -> str:
        return f"{self.path.name}:{self.line}"

    def typed(self) -> list[str]:
        """What the user types: the line after each prompt, the answer after each question."""
        typed = []
        for k, line in enumerate(self.expected):
            if line == PROMPT and k + 1 < len(self.expected):
                typed.append(self.expected[k + 1])
            elif (m := QUESTION.match(line)) is not None:
                typed.append(m.group(2))
        return typed


def blocks(path: Path) -> Iterator[tuple[int, str, list[str]]]:
    """(first line number, info string, lines) of each fenced block of a Markdown file."""
    inside: tuple[int, str] | None = None
    body: list[str] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fence = FENCE.match(line)
        if inside is None and fence:
            inside, body = (number, fence.group(1)), []
        elif inside is not None and line.startswith("```"):
            yield inside[0], inside[1], body
            inside = None
        elif inside is not None:
            body.append(line)


def transcripts(path: Path) -> Iterator[Transcript]:
    for number, info, body in blocks(path):
        if info == "console":
            head = body[0] if body else ""
            if not head.startswith("$ sudoku-repl"):
                raise ValueError(f"{path.name}:{number}: a console block starts with $ sudoku-repl")
            yield Transcript(path, number, head[2:], body[1:])


def setup_commands(readme: Path) -> list[str]:
    """The README's set-up commands: the lines of its first block."""
    return next(blocks(readme))[2]


def activation(command: str) -> list[str]:
    """What a set-up command (``a && b && c``) does besides making the virtual environment,
    installing into it and starting what it starts (its last part): ``. .venv/bin/activate``,
    which a test does in a folder whose ``.venv`` is the one the package is installed in."""
    parts = [part.strip() for part in command.split("&&")][:-1]
    return [p for p in parts if not p.startswith("python3 -m venv") and "pip install" not in p]


def python_blocks(path: Path) -> Iterator[tuple[int, str]]:
    """(first line number, source) of each ``python`` block of a Markdown file."""
    for number, info, body in blocks(path):
        if info == "python":
            yield number, "\n".join(body) + "\n"


def untested_sessions(path: Path) -> list[int]:
    """The blocks that show a session (a prompt) but are not ``console`` transcripts."""
    return [n for n, info, body in blocks(path) if info != "console" and PROMPT in body]


def _line_pattern(expected: str) -> re.Pattern[str]:
    expected = re.sub(r"^Run time: \d+ milliseconds", "Run time: ... milliseconds", expected)
    return re.compile(".*".join(re.escape(part) for part in expected.split("...")))


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected`` with its wildcards filled (a trailing final prompt
    of batch mode, at the end of input, may follow)."""
    if actual[-2:] == ["", PROMPT] and expected[-1:] != [PROMPT]:
        actual = actual[:-2]
    return _match(expected, 0, actual, 0, {})


def _match(
    exp: list[str], i: int, act: list[str], j: int, seen: dict[tuple[int, int], bool]
) -> bool:
    key = (i, j)
    if key in seen:
        return seen[key]
    if i == len(exp):
        result = j == len(act)
    elif exp[i] == "...":
        result = any(_match(exp, i + 1, act, k, seen) for k in range(j, len(act) + 1))
    else:
        result = (
            j < len(act)
            and _line_pattern(exp[i]).fullmatch(act[j]) is not None
            and _match(exp, i + 1, act, j + 1, seen)
        )
    seen[key] = result
    return result
