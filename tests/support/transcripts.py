"""The transcripts of the README and of ``docs/``, and how to check one against the program.

A transcript is a fenced block whose info string is ``console``; its first line is the command,
``$ sudoku-repl ARGS`` (or a shell command line that runs ``sudoku-repl``: ``$ echo ... > f.txt
&& sudoku-repl rate f.txt``), and the rest is what the program prints, standard output and
standard error as a terminal shows them, with what the user types in its place: the line after
each ``Order please:`` (and after a guess question, on its line). Running it types the command
as it is written, in a shell where the README's first set-up command has been (its virtual
environment active: ``activation``), and feeds those lines to it: batch mode, which prints
exactly what the shell shows; batch mode's own ending, which the interactive shell does not
print (its last ``Order please:`` at the end of input, and on standard error its summary of
the commands that failed), may be left out of a transcript.

The matching rule: each line of the transcript matches one line of the output, in order, but
that a line ``...`` matches any run of lines (none too), ``...`` inside a line matches any
text, and the milliseconds of a ``Run time`` line match any number. Where they differ, the
failure names the document, the block and the line of the document.

A block that shows what the program prints (a prompt, its banner, a ``$ sudoku-repl`` command
line, one of its own lines such as ``sudoku-repl rate: ...`` or rate's ``# sudoku-repl rate``
header: ``shows_the_program``) is a transcript, unless an HTML comment on the line before it
says why it cannot run in a test: ``<!-- not run: REASON -->`` (the full screen, a long run, a
file the reader has). A transcript so marked is skipped, saying its reason; the marks are few.

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
#: the mark of a block that shows the program but cannot run in a test, on the line before it
NOT_RUN = re.compile(r"^<!-- not run: (.+?) -->$")
#: a command line that runs the program (the word ``sudoku-repl`` as a command: first, or after
#: a pipe, ``&&``, ``;`` or variables set for it), after ``$ ``
RUNS_IT = re.compile(r"^\$ (?:.*[|;&]\s*)?(?:\w+=\S*\s+)*sudoku-repl(?![\w.-])")
#: lines only the program prints: its prompt (alone, or with what was typed after it), its
#: banner, a tool's own line (``sudoku-repl rate: ...``), rate's header, a command that runs it
SHOWS_IT = re.compile(
    r"^(?:Order please:|Sudoku Solver 2\.6 |sudoku-repl [\w-]+: |# sudoku-repl \w+ )"
)
#: batch mode's summary of the commands that failed, on standard error at its end
FAILED_SUMMARY = re.compile(r"^sudoku-repl: \d+ command\(s\) failed: ")


@dataclass(frozen=True)
class Transcript:
    path: Path
    line: int  # where its block starts (1-based), for the test's name
    command: str  # as typed after the ``$``
    expected: list[str]
    not_run: str | None = None  # why it cannot run in a test (its ``<!-- not run: -->`` mark)

    @property
    def args(self) -> list[str]:
        """The command's arguments, as a shell reads them."""
        return shlex.split(self.command)[1:]

    @property
    def name(self) -> str:
        return f"{self.path.name}:{self.line}"

    def doc_line(self, k: int) -> int:
        """The line of the document that holds expected line ``k`` (after the fence and the
        command)."""
        return self.line + 2 + k

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


def not_run_marks(path: Path) -> dict[int, str]:
    """The blocks marked as not run (their first line number): why each is."""
    lines = path.read_text(encoding="utf-8").splitlines()
    marks = {}
    for number, _, _ in blocks(path):
        mark = NOT_RUN.match(lines[number - 2].strip()) if number > 1 else None
        if mark is not None:
            marks[number] = mark.group(1)
    return marks


def transcripts(path: Path) -> Iterator[Transcript]:
    marks = not_run_marks(path)
    for number, info, body in blocks(path):
        if info == "console":
            head = body[0] if body else ""
            if not RUNS_IT.match(head):
                raise ValueError(
                    f"{path.name}:{number}: a console block starts with $ and a command line "
                    "that runs sudoku-repl"
                )
            yield Transcript(path, number, head[2:], body[1:], marks.get(number))


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


def shows_the_program(body: list[str]) -> bool:
    """Whether a block shows what the program prints: a line only it prints (``SHOWS_IT``), or
    a command line that runs it followed by what it printed."""
    return any(SHOWS_IT.match(line) for line in body) or any(
        RUNS_IT.match(line) and k + 1 < len(body) and not body[k + 1].startswith("$ ")
        for k, line in enumerate(body)
    )


def untested_sessions(path: Path) -> list[int]:
    """The blocks that show what the program prints but are neither ``console`` transcripts nor
    marked as not run."""
    marks = not_run_marks(path)
    return [
        n
        for n, info, body in blocks(path)
        if info != "console" and n not in marks and shows_the_program(body)
    ]


def _line_pattern(expected: str) -> re.Pattern[str]:
    expected = re.sub(r"^Run time: \d+ milliseconds", "Run time: ... milliseconds", expected)
    return re.compile(".*".join(re.escape(part) for part in expected.split("...")))


def but_batch_modes_ending(expected: list[str], actual: list[str]) -> list[str]:
    """``actual`` without what batch mode prints at its end and the interactive shell does not
    (its summary of failed commands, then its final prompt at the end of input), unless
    ``expected`` shows it."""
    if (
        actual
        and FAILED_SUMMARY.match(actual[-1])
        and not (expected and FAILED_SUMMARY.match(expected[-1]))
    ):
        actual = actual[:-1]
    if actual[-2:] == ["", PROMPT] and expected[-1:] != [PROMPT]:
        actual = actual[:-2]
    return actual


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected`` with its wildcards filled (batch mode's ending may
    follow: ``but_batch_modes_ending``)."""
    return first_difference(expected, actual) is None


def difference(transcript: Transcript, actual: list[str], root: Path) -> str | None:
    """None when ``actual`` is what ``transcript`` shows; else where they part: the document
    (from ``root``) and its line, the block, the document's line and the program's, then the
    program's whole output."""
    parted = first_difference(transcript.expected, actual)
    if parted is None:
        return None
    i, j = parted
    expected = transcript.expected
    output = but_batch_modes_ending(expected, actual)
    if i == len(expected):
        doc, program = "(its block ends)", repr(output[j])
    elif i > 0 and expected[i - 1] == "...":
        doc, program = repr(expected[i]), "(no line from there on matches it)"
    else:
        doc, program = repr(expected[i]), repr(output[j]) if j < len(output) else "(it ends)"
    return "\n".join(
        [
            f"{transcript.path.relative_to(root)}:{transcript.doc_line(i)}: the console block at "
            f"line {transcript.line} differs from what the program prints:",
            f"  doc:     {doc}",
            f"  program: {program}",
            "the program's whole output:",
            *output,
        ]
    )


def first_difference(expected: list[str], actual: list[str]) -> tuple[int, int] | None:
    """None when ``actual`` matches ``expected``; else where they part, as far into
    ``expected`` as any way of filling its ``...`` lines reached: (its line, the output's line
    there; either may be past the end)."""
    actual = but_batch_modes_ending(expected, actual)
    failures: list[tuple[int, int]] = []
    if _match(expected, 0, actual, 0, {}, failures):
        return None
    return max(failures, key=lambda f: (f[0], -f[1]))


def _match(
    exp: list[str],
    i: int,
    act: list[str],
    j: int,
    seen: dict[tuple[int, int], bool],
    failures: list[tuple[int, int]],
) -> bool:
    key = (i, j)
    if key in seen:
        return seen[key]
    if i == len(exp):
        result = j == len(act)
    elif exp[i] == "...":
        result = any(_match(exp, i + 1, act, k, seen, failures) for k in range(j, len(act) + 1))
    else:
        result = (
            j < len(act)
            and _line_pattern(exp[i]).fullmatch(act[j]) is not None
            and _match(exp, i + 1, act, j + 1, seen, failures)
        )
    if not result and (i == len(exp) or exp[i] != "..."):
        failures.append(key)
    seen[key] = result
    return result
