"""``sudoku-repl serate`` on grids of a few givens: an empty grid, a line of 81 ``#``,
one given, two, a line of random characters. No technique finds a step there; serate says so
(ER 20.0, "Beyond solver") once it has tried them all, nested forcing chains last, for many
minutes; here the answer comes at once (``no_step``), in serate's lines
(``tests/data/serate/near_empty*.out``, see its README). The commands run as processes: had the
techniques been tried, the wait (a safety net of minutes) would run out, a failure."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_repl.frontends.serate_cli import java_text
from tests.support.helpers import REPO, TEST_DATA, program_env

GOLDEN = TEST_DATA / "serate"
FORMATS = [
    "--start=S %n %g",
    "--before=B",
    "--after=%r %s",
    "--format=%n %r/%p/%d %R|%P|%D %S|%T|%U %i",
]
CASES = {
    # name: its arguments (the input a file of tests/data/serate)
    "near_empty_dots": [
        "--before=B",
        "--after=%r %s",
        "--format=%r/%p/%d %R|%P|%D",
        "--input=empty.txt",
    ],
    "near_empty": [*FORMATS, "--input=near_empty.txt"],
    "near_empty_random": [*FORMATS, "--input=near_empty_random.txt"],
}


def _serate(*args: str, cwd: Path = GOLDEN, data: bytes | None = None) -> bytes:
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "serate", *args],
        cwd=cwd, input=data, capture_output=True, timeout=300, env=program_env(),
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (0, b"")
    return done.stdout


@pytest.mark.parametrize("name", list(CASES))
def test_a_grid_of_a_few_givens_is_answered_at_once(name: str) -> None:
    assert _serate(*CASES[name]) == (GOLDEN / f"{name}.out").read_bytes()


def test_lines_of_random_bytes_are_answered_at_once() -> None:
    """Lines of 160 random bytes (no line end among them), of which serate reads the first 81
    characters (as Java decodes UTF-8: a malformed sequence is one U+FFFD, ``java_text``) when
    their digits do not clash: the answer of the empty grid, serate's (``near_empty_dots.out``'s
    last line), each."""
    rng = random.Random(54)
    lines: list[bytes] = []
    while len(lines) < 20:
        line = bytes(rng.choice([b for b in range(256) if b not in b"\r\n"]) for _ in range(160))
        if not _clash(java_text(line)[:81]):
            lines.append(line)
    expected = (GOLDEN / "near_empty_dots.out").read_bytes().splitlines()[-1].split()[0]
    assert expected == b"20.0/0.0/0.0"
    assert _serate("--input=-", data=b"\n".join(lines) + b"\n", cwd=REPO) == (expected + b"\n") * 20


def _clash(grid: str) -> bool:
    """Whether two givens of a grid (its digits 1-9) share a unit."""
    seen: set[tuple[str, int, str]] = set()
    for cell, ch in enumerate(grid):
        if ch in "123456789":
            row, col = divmod(cell, 9)
            for key in (("r", row, ch), ("c", col, ch), ("b", row // 3 * 3 + col // 3, ch)):
                if key in seen:
                    return True
                seen.add(key)
    return False


# -- givens that clash ---------------------------------------------------------------

#: two 1s in row 1, nothing else: no solution; serate.jar took the four steps below at once
#: and then searched its chains for more than 25 minutes without an answer (2026-11-25)
CLASH = "11" + "." * 79
CLASH_FORMATS = ["--format=%r/%p/%d %R|%P|%D", "--after=%r %s", "--before=B"]
#: serate.jar's lines for ``CLASH`` (reviewed: its own output, run as above)
SERATE_STEPS = [
    "B",
    "2.6 Pointing: Cells C4,C5,C6: 1 in block and column",
    "B",
    "4.3 Grouped Skyscraper 11: Cells D7,G7,G8,D8 on value 1",
    "B",
    "2.8 Claiming: Cells G9,H9,I9: 1 in row and block",
    "B",
    "2.8 Claiming: Cells D7,E7,F7: 1 in row and block",
    "B",
]


def test_givens_that_clash_are_answered_at_once() -> None:
    """The techniques below the chains take serate's steps; where they stop, the rating stops
    (20.0, "Beyond solver"), where serate's chains would search on (``rate.clashing``). Run as
    a process: had the chains been tried, the wait (a safety net) would run out."""
    said = _serate(*CLASH_FORMATS, CLASH, cwd=REPO).decode().splitlines()
    assert said == [*SERATE_STEPS, "20.0/0.0/2.6 Beyond solver|No solution|Pointing"]
    # the default format: one line
    assert _serate(CLASH, cwd=REPO) == b"20.0/0.0/2.6\n"


def test_givens_that_clash_among_many_are_rated_as_serate_rates_them() -> None:
    """A puzzle of the bank with a 3 given twice in row 1: serate's 45 singles and its 20.0,
    byte for byte (``clash_steps.out``: serate.jar's output, tests/data/serate/README.md)."""
    bank = "300600005029700060000093040007000054006030700280000600060310000090005120500009006"
    puzzle = "33" + bank[2:]
    args = ["--format=%g %r/%p/%d %R|%P|%D", "--after=%r %s", "--before=B", puzzle]
    assert _serate(*args, cwd=REPO) == (GOLDEN / "clash_steps.out").read_bytes()
