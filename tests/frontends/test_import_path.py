"""A quiz folder holding a file named as a module the shell imports late
(``difflib.py``: a mistyped command's suggestions) never runs, whichever way the shell is started
there: ``python -m sudoku_repl`` (Python puts the working folder first on the path),
``sudoku-repl`` with an empty entry in ``PYTHONPATH`` (the working folder too), the interactive
shell in a terminal. ``frontends/import_path``; the web page's half is in tests/web."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.helpers import REPO, terminal_env

#: a module of the standard library the shell imports at a mistyped command, planted in the
#: working folder: run, it leaves a file behind
PLANTED = "open('planted-module-ran', 'w').close()\n"
SUGGESTION = "Unknown command 'stpe'; did you mean step?"
SCRIPT = Path(sys.executable).parent / "sudoku-repl"


@pytest.fixture
def quiz_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "quizzes"
    folder.mkdir()
    (folder / "difflib.py").write_text(PLANTED)
    return folder


def environment(folder: Path, python_path: str | None) -> dict[str, str]:
    """The environment, the package found where it is installed (the source folder first, as an
    editable install has it), ``PYTHONPATH`` as given (``None``: unset)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if python_path is not None:
        env["PYTHONPATH"] = python_path
    return {**env, "HOME": str(folder.parent)}


@pytest.mark.parametrize(
    ("command", "python_path"),
    [
        pytest.param([sys.executable, "-m", "sudoku_repl"], None, id="python -m"),
        # (an empty entry of PYTHONPATH is the working folder: the command's own first entry,
        # its bin folder, is not)
        pytest.param([str(SCRIPT)], os.pathsep + str(REPO / "src"), id="sudoku-repl"),
    ],
)
def test_a_module_in_the_working_folder_is_not_imported(
    quiz_folder: Path, command: list[str], python_path: str | None
) -> None:
    if not SCRIPT.exists() and command[0] == str(SCRIPT):
        pytest.skip(f"no {SCRIPT} (the package is not installed in this Python's environment)")
    done = subprocess.run(
        [*command, "-c", "stpe"],
        cwd=quiz_folder, env=environment(quiz_folder, python_path),
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert SUGGESTION in done.stdout, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert not (quiz_folder / "planted-module-ran").exists()


def test_nor_in_the_interactive_shell(quiz_folder: Path, tmp_path: Path) -> None:
    import pexpect

    child = pexpect.spawn(
        sys.executable, ["-m", "sudoku_repl"], cwd=str(quiz_folder),
        env={**terminal_env(tmp_path), "PYTHONPATH": ""}, encoding="utf-8", timeout=20,
        dimensions=(40, 120),
    )  # fmt: skip
    try:
        child.expect_exact("Order please:")
        child.send("stpe\r")
        child.expect_exact(SUGGESTION)
        child.expect_exact("Order please:")
        child.send("bye\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert not (quiz_folder / "planted-module-ran").exists()


def test_which_entries_are_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In-process, ``sys.path`` as given: the working folder goes however it is written (a
    link to it, ``/.`` after it) and so do relative entries; another folder, one that is not
    there and a file stay, in their order, and so does the working folder where it is a folder
    of the installation's packages (each entry is checked by ``stat`` first)."""
    import site

    from sudoku_repl.frontends.import_path import keep_working_folder_off

    here, other = tmp_path / "quizzes", tmp_path / "other"
    here.mkdir()
    other.mkdir()
    (tmp_path / "link").symlink_to(here, target_is_directory=True)
    (tmp_path / "lib.zip").write_bytes(b"")
    monkeypatch.chdir(here)
    monkeypatch.setattr(site, "getsitepackages", lambda: [str(other)])
    kept = [str(other), str(tmp_path / "missing"), str(tmp_path / "lib.zip")]
    monkeypatch.setattr(
        sys, "path", ["", str(here), kept[0], ".", str(tmp_path / "link"), *kept[1:], f"{here}/."]
    )
    keep_working_folder_off()
    assert sys.path == kept
    monkeypatch.setattr(site, "getsitepackages", lambda: [str(tmp_path / "link")])
    monkeypatch.setattr(sys, "path", [str(here), "quizzes", str(other)])
    keep_working_folder_off()
    assert sys.path == [str(here), str(other)]
