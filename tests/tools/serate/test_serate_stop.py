"""``sudoku-repl serate --threads=N``: Ctrl-C and a kill lose no puzzle rated before them. The
rows expected are serate's own (the goldens of ``tests/data/serate``, and the hard set's
serate figures)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.helpers import REPO, SLOW, TEST_DATA

GOLDEN = TEST_DATA / "serate"
HARD = "98.7..6..75..6......68.....4..3...2...5.9.7.......8..4.1......3..918.5.......2.1."


def _job(tmp_path: Path) -> tuple[Path, list[bytes]]:
    """A file that takes seconds to rate whatever the build: two easy puzzles twice (the first
    rows come soon on the pure build too), the bank's sample, then a hard puzzle (11.1 for
    serate, hard set) many times; and serate's rows for it, in order."""
    puzzles = tmp_path / "puzzles.txt"
    easy = (GOLDEN / "easy.txt").read_bytes()
    bank = (GOLDEN / "bank_sample.txt").read_bytes()
    puzzles.write_bytes(easy * 2 + bank + (HARD + "\n").encode() * 40)
    # output_file.file: serate's "%g %r/%p/%d" of easy.txt
    easy_rows = [
        line.split(b" ")[-1] for line in (GOLDEN / "output_file.file").read_bytes().splitlines(True)
    ]
    bank_rows = (GOLDEN / "default.out").read_bytes().splitlines(keepends=True)
    assert easy_rows == [b"5.5/1.2/1.2\n", b"5.6/1.2/1.2\n"]
    assert len(bank_rows) == bank.count(b"\n") == 20
    return puzzles, easy_rows * 2 + bank_rows + [b"11.1/11.1/11.1\n"] * 40


def _serate(*args: str, stdout: int | None = subprocess.PIPE) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "sudoku_repl", "serate", *args],
        cwd=REPO,
        stdout=stdout,
        stderr=subprocess.PIPE,
        bufsize=0,
    )


@pytest.mark.parametrize("threads", ["1", "2"])
@SLOW
def test_ctrl_c_keeps_the_rows_rated_and_exits_130(threads: str, tmp_path: Path) -> None:
    puzzles, expected = _job(tmp_path)
    proc = _serate(f"--threads={threads}", f"--input={puzzles}")
    assert proc.stdout is not None
    early = [proc.stdout.readline() for _ in range(3)]  # waits on three rows
    proc.send_signal(signal.SIGINT)
    rest, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    rows = (b"".join(early) + rest).splitlines(keepends=True)
    assert 3 <= len(rows) < len(expected)
    assert rows == expected[: len(rows)]
    assert err.decode() == (
        f"sudoku-repl serate: interrupted: {len(rows)} of {len(expected)} puzzles rated "
        "(their lines are written)\n"
    )


@SLOW
def test_a_kill_loses_no_row_written(tmp_path: Path) -> None:
    puzzles, expected = _job(tmp_path)
    out = tmp_path / "rated.txt"
    proc = _serate("--threads=2", f"--input={puzzles}", f"--output={out}", stdout=None)
    deadline = time.monotonic() + 60  # (a safety net: the wait is on the rows)
    while not (out.exists() and out.read_bytes().count(b"\n") >= 3):
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=60)
    rows = out.read_bytes().splitlines(keepends=True)
    assert 3 <= len(rows) < len(expected)
    assert rows == expected[: len(rows)]  # every row whole, in order, none lost


def test_a_reader_that_goes_away_ends_it_quietly() -> None:
    # every step's grid of the bank's sample: more than a pipe holds, so it writes on after
    # the reader has gone
    proc = _serate("--before=%i", f"--input={GOLDEN / 'bank_sample.txt'}")
    assert proc.stdout is not None
    assert len(proc.stdout.readline()) == 82
    proc.stdout.close()
    _, err = proc.communicate(timeout=60)
    assert (proc.returncode, err) == (1, b"")
