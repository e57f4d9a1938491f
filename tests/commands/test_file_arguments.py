"""Every file argument is read by one rule: blanks separate words, a name with blanks goes in
quotes (issue 23: ``load-quiz "a b.txt"`` kept the quotes while ``source "a b.txt"`` took them
off)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.support.helpers import PUZZLES, SEED_FILE, run_program
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
