"""The interactive shell's history file says where it is: ``--help`` and ``info
settings`` name the path and how to turn it off (``SUDOKU_REPL_HISTORY=FILE`` elsewhere, set
empty: none); batch mode keeps no history and says nothing of it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_repl.frontends.shell_start import ShellStart
from tests.support.helpers import Shell, program_env

HOW = "(SUDOKU_REPL_HISTORY=FILE keeps it in FILE; SUDOKU_REPL_HISTORY= (empty) keeps none)"


def help_text(**env: str) -> str:
    base = {k: v for k, v in program_env().items() if k != "SUDOKU_REPL_HISTORY"}
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "--help"],
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    # argparse fills the epilog, breaking after a hyphen too: the words joined again
    return " ".join(re.sub(r"-\n\s*", "-", done.stdout).split())


def test_help_names_the_history_file_and_how_to_turn_it_off(tmp_path: Path) -> None:
    text = help_text(XDG_DATA_HOME=str(tmp_path / "data"))
    path = tmp_path / "data" / "sudoku-repl" / "history"
    assert f"the interactive shell keeps its command history in {path} {HOW}." in text
    assert "the interactive shell keeps no history file (SUDOKU_REPL_HISTORY is empty)" in (
        help_text(SUDOKU_REPL_HISTORY="")
    )


def settings_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> list[str]:
    """``info settings`` in the interactive shell (its start, without the prompt)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    start = ShellStart(None, history_file=True)
    capsys.readouterr()
    assert start.repl.execute("info settings")
    return capsys.readouterr().out.splitlines()


def test_info_settings_in_the_shell_names_the_history_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("SUDOKU_REPL_HISTORY", raising=False)
    said = settings_said(tmp_path, monkeypatch, capsys)
    path = tmp_path / "data" / "sudoku-repl" / "history"
    assert said[-2:] == [f"history {path}", f"  {HOW}"]
    assert said[-3] == "guess-mode 0"  # after the settings
    assert path.is_file()


def test_sudoku_repl_history_names_another_file_or_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    elsewhere = tmp_path / "mine" / "history.txt"
    monkeypatch.setenv("SUDOKU_REPL_HISTORY", str(elsewhere))
    assert settings_said(tmp_path, monkeypatch, capsys)[-2] == f"history {elsewhere}"
    assert elsewhere.is_file()
    monkeypatch.setenv("SUDOKU_REPL_HISTORY", "")
    said = settings_said(tmp_path / "off", monkeypatch, capsys)
    assert said[-1] == "history none (SUDOKU_REPL_HISTORY is empty; unset it for the usual file)"
    assert not (tmp_path / "off").exists()  # no folder made, no file


def test_batch_mode_keeps_no_history_and_says_nothing_of_it() -> None:
    assert Shell().ok("info settings")[-1] == "guess-mode 0"
