"""The serate tests' shared fixture and runner: a folder with serate's two easy puzzles as the
working directory, and ``sudoku-repl serate`` run in-process."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sudoku_repl.frontends.serate_cli import main_serate
from tests.support.helpers import TEST_DATA


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with easy.txt (two puzzles) as in.txt, the working directory."""
    shutil.copy(TEST_DATA / "serate" / "easy.txt", tmp_path / "in.txt")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run_serate(capfd: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``sudoku-repl serate ARGS`` in-process: its status, standard output and error."""
    status = main_serate(list(args))
    out, err = capfd.readouterr()
    return status, out, err
