"""File arguments and the advice of errors: every file argument is read by one rule (blanks
separate words, a name with blanks goes in quotes: ``load-quiz "a b.txt"`` kept the
quotes while ``source "a b.txt"`` took them off); a bad file argument of the commands that write
is one clear line and writes nothing; advice points the right way, and
every run mode is named by ``help`` and by the errors."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.helpers import (
    PUZZLES,
    REPO,
    SEED_FILE,
    SEED_QUIZ,
    but_the_pure_build_line,
    run_program,
)
from tests.support.soundness import new_repl, run_commands, snapshot

FORM = 'load-quiz <file> [N] (quote a name with blanks: "my quiz.txt")'


@pytest.fixture
def spaced(tmp_path: Path) -> Path:
    path = tmp_path / "a b.txt"
    shutil.copy(SEED_FILE, path)
    return path


@pytest.mark.parametrize("quote", ['"', "'"])
def test_load_quiz_and_source_read_a_quoted_name_alike(spaced: Path, quote: str) -> None:
    repl, out = new_repl()
    assert run_commands(repl, out, f"load-quiz {quote}{spaced}{quote}") == ["Quiz loaded."]
    out.clear()
    assert not repl.execute(f"source {quote}{spaced}{quote}")  # the same name, found
    assert out.lines == [
        f"{spaced} is not a script; it looks like a quiz: use load-quiz '{spaced}'."
    ]


def test_an_unquoted_name_with_blanks_is_one_line_and_changes_nothing(
    spaced: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(spaced.parent)
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {SEED_FILE}", "runtil 7")
    before = snapshot(repl)
    out.clear()
    assert not repl.execute("load-quiz a b.txt")
    assert out.lines == [f"load-quiz takes one file name and a quiz number, not 'a b.txt': {FORM}"]
    assert snapshot(repl) == before


def test_a_quoted_name_with_a_quiz_number(tmp_path: Path) -> None:
    path = tmp_path / "top 95.txt"
    shutil.copy(PUZZLES / "norvig_top95.txt", path)
    repl, out = new_repl()
    run_commands(repl, out, f'load-quiz "{path}" 3')
    third = "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1...."
    assert str(repl.session.quiz) == third


def test_an_unclosed_quote_is_one_line() -> None:
    repl, out = new_repl()
    assert not repl.execute('load-quiz "a b.txt')
    assert out.lines == [f"A quote is not closed: {FORM}"]


def test_the_quiz_on_the_command_line_may_have_blanks(spaced: Path) -> None:
    done = run_program(str(spaced), "-c", "levels", text=True)
    assert done.returncode == 0 and "Quiz loaded." in done.stdout.splitlines()


# -- the files the commands write, and advice ------------------------

#: what a refused run mode's line names: every mode and what it does
MODES = (
    "a run mode (0 grp and ply; 1 grp only; 2 ply only; 3 the book's theorems 1-4 "
    "(Jin Jianming), one conversion per step, a guess when stuck; 4 grp, ply, then X-Chain and "
    "Forcing-Chain; 5 X-Chain and Forcing-Chain only)"
)


def batch(tmp_path: Path, *commands: str) -> subprocess.CompletedProcess[str]:
    """The commands in batch mode (one per line), from ``tmp_path``, with the seed run first."""
    script = "\n".join([f"load-quiz {SEED_QUIZ}", "run", *commands, "bye"]) + "\n"
    return subprocess.run(
        [sys.executable, "-m", "sudoku_repl"],
        input=script,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"},
        timeout=60,
    )


def answer(out: str, command: str) -> list[str]:
    """The lines a command printed (between its echo and the next prompt)."""
    lines = but_the_pure_build_line(out.splitlines())  # (the bare machine's)
    start = lines.index(command) + 1
    end = lines.index("Order please:", start) - 1  # the empty line before the prompt
    return lines[start:end]


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("timeline --svg ''", "A file name is empty: timeline [from] [to] | timeline --svg"),
        ("timeline --png x.png", "Unknown timeline option '--png' (did you mean --svg?); "),
        ("tree --png x.png", "Unknown tree option '--png'; tree --dot <file> (quote a name "),
        ("tree --dot", "tree --dot needs a file: tree --dot <file> (quote a name with blanks"),
        ("save-session a b", "save-session takes one file name, not 2: "),
        ('save-session "a b', "A quote is not closed: save-session <file>"),
        ("source a b", "source takes one file name, not 2: "),
    ],
)
def test_a_bad_file_argument_is_one_line_and_writes_nothing(
    tmp_path: Path, command: str, expected: str
) -> None:
    done = batch(tmp_path, command)
    lines = answer(done.stdout, command)
    assert len(lines) == 1 and lines[0].startswith(expected), lines
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # nothing written, no '' file
    assert done.returncode == 1


def test_a_quoted_name_with_blanks_is_one_file(tmp_path: Path) -> None:
    done = batch(tmp_path, 'save-session "my session.txt"', "timeline --svg 'a b.svg'")
    assert answer(done.stdout, 'save-session "my session.txt"') == ["Wrote my session.txt."]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a b.svg", "my session.txt"]
    assert done.returncode == 0


def test_scramble_below_advice_points_the_right_way(tmp_path: Path) -> None:
    done = batch(tmp_path, "scramble --below 0.1 --seed 1")
    (line,) = answer(done.stdout, "scramble --below 0.1 --seed 1")
    # a lower --below is stricter (a grid must be less similar than it): the way out is up
    assert "raise --below" in line and "lower --below" not in line


def test_help_and_errors_name_every_run_mode(tmp_path: Path) -> None:
    done = batch(tmp_path, "help run-mode", "run-mode 7")
    helped = answer(done.stdout, "help run-mode")
    # the modes there are (2.6's Order List, after an unknown command, keeps run-mode [1|2|0])
    assert helped[0] == "run-mode [0|1|2|3|4|5]: query or change working mode"
    for mode in ("0: grp and ply.", "1: grp only.", "2: ply only.", "3: ", "4: ", "5: "):
        assert any(line.startswith(mode) for line in helped), (mode, helped)
    assert answer(done.stdout, "run-mode 7") == [f"run-mode takes {MODES}: run-mode [0|1|2|3|4|5]"]
