"""Where serate says nothing, ``sudoku-repl serate`` says one line: a word that is
no puzzle (``serate abc``, a file's name, a FIFO's), no puzzle at all, an ``--input`` with no
puzzle line. serate.jar 1.15.10 prints nothing for each and exits 0 (tried here: ``java -cp
serate.jar diuf.sudoku.test.serate abc``); this command prints what serate prints, the one line
on standard error, and exits 2. A FIFO named by ``--input`` is read as a stream, as standard
input is. The rows expected are serate's (``tests/data/serate/easy.txt``: 5.5/1.2/1.2 and
5.6/1.2/1.2)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.support.helpers import TEST_DATA, program_env
from tests.tools.serate.conftest import run_serate

EASY = (TEST_DATA / "serate" / "easy.txt").read_text().splitlines()
ROWS = "5.5/1.2/1.2\n5.6/1.2/1.2\n"
WHAT = "(a puzzle is 81 characters or more)"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["abc"], f"'abc' is not a puzzle, not rated {WHAT}"),
        (
            ["in.txt"],
            f"'in.txt' is not a puzzle, not rated {WHAT}; the lines of a file are read with "
            "--input=in.txt",
        ),
        (
            ["a", "b", "c", "d", "e"],
            f"5 words are not puzzles, not rated: 'a', 'b', 'c' and 2 more {WHAT}",
        ),
        (
            [],
            "no puzzle given: give puzzles (81 characters or more) after the options, or "
            "--input=FILE (- for standard input)",
        ),
        (
            ["--input=short.txt"],
            "no puzzle in --input short.txt (a puzzle is a line of 81 characters or more; serate "
            "passes over shorter ones): nothing rated",
        ),
    ],
    ids=["word", "a-file-name", "several", "none", "input-without-a-puzzle"],
)
def test_nothing_rated_is_one_line_and_status_2(
    args: list[str], said: str, folder: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    (folder / "short.txt").write_text("# a comment\nabc\n" + EASY[0][:80] + "\n")
    assert run_serate(capfd, *args) == (2, "", f"sudoku-repl serate: {said}\n")


def test_the_puzzles_among_the_words_are_rated_as_serate_rates_them(
    folder: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_serate(capfd, EASY[0], "abc", EASY[1])
    assert (status, out) == (2, ROWS)
    assert err == f"sudoku-repl serate: 'abc' is not a puzzle, not rated {WHAT}\n"


def test_a_fifos_name_is_a_word_and_the_fifo_is_not_opened(tmp_path: Path) -> None:
    """Opened, a FIFO with no writer would hold the command for ever: only its name is looked
    at (a subprocess, so that a wait would end at its timeout, not hang the suite)."""
    fifo = tmp_path / "puzzles"
    os.mkfifo(fifo)
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "serate", "puzzles"],
        cwd=tmp_path, env=program_env(), capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"sudoku-repl serate: 'puzzles' is not a puzzle, not rated {WHAT}; the lines of a file "
        "are read with --input=puzzles\n"
    )


def test_a_fifo_given_as_input_is_read_as_a_stream(tmp_path: Path) -> None:
    fifo = tmp_path / "puzzles"
    os.mkfifo(fifo)

    def write() -> None:  # (open waits for the reader: the command's own open)
        with open(fifo, "w") as f:
            f.write("\n".join(EASY) + "\n")

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "serate", "--input=puzzles"],
        cwd=tmp_path, env=program_env(), capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    writer.join(timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, ROWS, "")
