"""What goes to an unbuffered standard output (``python -u``, ``PYTHONUNBUFFERED``) goes whole
(``standard_output.write_whole``). Its binary layer is then the raw file, whose write may take
only part of the bytes: a pipe's does when Ctrl-C comes while it waits for its reader. Python's
text layer drops the rest, and so did ``rate``: one row cut, the next glued to it, in the pty
test ``test_ctrl_c_during_rate_at_random_moments`` (PYTHONUNBUFFERED=1 is set on the
machines the suite runs on). ``PartialPipe`` takes a few bytes a write, as such a pipe does."""

from __future__ import annotations

import csv
import io
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from sudoku_repl.frontends.generate_cli import main_generate
from sudoku_repl.frontends.rate_cli import main_rate
from sudoku_repl.frontends.serate_cli import main_serate
from sudoku_repl.frontends.standard_output import write_whole
from tests.support.helpers import PUZZLES, TEST_DATA
from tests.support.rate_output import without_settings

#: the quizzes rated: easy ones, a search of a few steps each (on the pure build too)
QUIZZES = (PUZZLES / "norvig_easy50.txt").read_text().splitlines()[:6]


class PartialPipe(io.RawIOBase):
    """A pipe's writing end that takes at most ``most`` bytes a write, and raises SIGINT in
    this process (Ctrl-C: a real signal, handled by the program's own handler) in its
    ``ctrl_c_at``-th write, as the write a Ctrl-C cuts short."""

    def __init__(self, most: int, ctrl_c_at: int | None = None) -> None:
        self.taken = bytearray()
        self.most = most
        self.ctrl_c_at = ctrl_c_at
        self.writes = 0

    def writable(self) -> bool:
        return True

    def write(self, data: bytes) -> int:  # type: ignore[override]
        self.writes += 1
        if self.writes == self.ctrl_c_at:
            signal.raise_signal(signal.SIGINT)
        part = bytes(memoryview(data)[: self.most])
        self.taken += part
        return len(part)


#: ``unbuffered(most, ctrl_c_at=None)``: standard output made unbuffered on a ``PartialPipe``
Unbuffered = Callable[..., PartialPipe]


@pytest.fixture
def unbuffered(monkeypatch: pytest.MonkeyPatch) -> Unbuffered:
    """Standard output made unbuffered (as ``python -u`` makes it: a text layer writing
    through to the raw file) on a ``PartialPipe``; called with its ``most`` and
    ``ctrl_c_at``, it gives the pipe."""

    def on(most: int, ctrl_c_at: int | None = None) -> PartialPipe:
        pipe = PartialPipe(most, ctrl_c_at)
        stream = io.TextIOWrapper(pipe, encoding="utf-8", newline="\n", write_through=True)
        monkeypatch.setattr(sys, "stdout", stream)
        return pipe

    return on


@pytest.mark.parametrize("most", [1, 7, 4096])
def test_text_and_bytes_go_whole(unbuffered: Unbuffered, most: int) -> None:
    pipe = unbuffered(most)
    write_whole("row,été\n" * 50)
    write_whole(b"\x00\xffbytes\n")
    assert bytes(pipe.taken) == ("row,été\n" * 50).encode() + b"\x00\xffbytes\n"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_rate_rows_on_an_unbuffered_pipe_are_whole(
    unbuffered: Unbuffered, tmp_path: Path, capsys: pytest.CaptureFixture[str], jobs: str
) -> None:
    quizzes = tmp_path / "easy.txt"
    quizzes.write_text("\n".join(QUIZZES) + "\n")
    pipe = unbuffered(7)
    assert main_rate([str(quizzes), "--jobs", jobs]) == 0
    table = list(csv.reader(io.StringIO(without_settings(pipe.taken.decode()))))
    assert table[0][:2] == ["line", "quiz"]
    assert [row[:2] for row in table[1:]] == [[str(n), q] for n, q in enumerate(QUIZZES, 1)]
    assert all(len(row) == len(table[0]) for row in table)
    assert capsys.readouterr().err.startswith("sudoku-repl rate: 6 quizzes rated")


def test_ctrl_c_in_any_write_of_rate_leaves_whole_rows(
    unbuffered: Unbuffered, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C in each write in turn (a write it cuts short): the rows so far, each whole,
    with the header's columns, as many as the summary says."""
    quizzes = tmp_path / "easy.txt"
    quizzes.write_text("\n".join(QUIZZES) + "\n")
    writes = unbuffered(13)
    assert main_rate([str(quizzes)]) == 0
    capsys.readouterr()
    assert writes.writes > 40  # (the header and six rows, 13 bytes a write)
    for k in range(1, writes.writes + 1):
        pipe = unbuffered(13, ctrl_c_at=k)
        status = main_rate([str(quizzes)])
        err = capsys.readouterr().err
        text = pipe.taken.decode()
        assert text.endswith("\n"), (k, text[-200:])
        table = list(csv.reader(io.StringIO(without_settings(text))))
        rows = table[1:]
        assert table[0][:2] == ["line", "quiz"]
        assert all(len(row) == len(table[0]) for row in table), (k, text)
        assert [row[:2] for row in rows] == [[str(n), q] for n, q in enumerate(QUIZZES, 1)][
            : len(rows)
        ]
        if len(rows) < len(QUIZZES):  # (Ctrl-C in the last row's writes: the run had ended)
            assert status == 130, k
            assert err.startswith(f"sudoku-repl rate: interrupted: {len(rows)} of 6 quizzes")


def test_serate_lines_on_an_unbuffered_pipe_are_whole(
    unbuffered: Unbuffered, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """serate's rows of its two easy puzzles (``tests/data/serate/output_file.file``)."""
    monkeypatch.chdir(tmp_path)
    puzzles = [
        line.split()[0] for line in (TEST_DATA / "serate" / "easy.txt").read_text().splitlines()
    ]
    pipe = unbuffered(3)
    assert main_serate(puzzles) == 0
    assert pipe.taken.decode() == "5.5/1.2/1.2\n5.6/1.2/1.2\n"


def test_generate_lines_on_an_unbuffered_pipe_are_whole(
    unbuffered: Unbuffered, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What ``--out FILE`` holds (written by ``rating.out``, each write looped to its end)."""
    out = tmp_path / "made.txt"
    assert main_generate(["--count", "3", "--seed", "1", "--out", str(out)]) == 0
    pipe = unbuffered(5)
    assert main_generate(["--count", "3", "--seed", "1"]) == 0
    capsys.readouterr()
    assert pipe.taken.decode() == out.read_text()
    assert [len(line) for line in out.read_text().splitlines()] == [81] * 3
