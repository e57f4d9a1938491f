"""``difficulty`` on a quiz with variant rules: the order-free measures under its rules, in the
shell, at the system prompt and in the API; the measures of classic sudoku only refused in one
line. The figures are held to the tests' own rules (``rules_oracle``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import sudoku_repl
from sudoku_repl.api import Session
from sudoku_repl.core.errors import UserError
from sudoku_repl.frontends.cli import main
from tests.support.helpers import SAMURAI_FILE, Shell
from tests.techniques.difficulty.rules_oracle import Board

#: tests/data/rules/puzzles.txt's windoku quiz
WINDOKU = "4..3.8........16...5...............5.7......2.1....49............584.2...2......6"
#: its nc quiz with givens taken away (test_rules_measures.HARDER): T&E(1) under nc
NC = "...........................2....97...7..2......81....23.6472.1.....38.4......528."


def backdoors(words: str, puzzle: str) -> int:
    """How many cells' solution digits, placed, let the rules' BRT finish (by brute force)."""
    oracle = Board(words.split(","))
    state = oracle.state(puzzle)
    oracle.brt(state)
    (solution,) = oracle.rules.solutions([int(c) if c.isdigit() else 0 for c in puzzle])
    count = 0
    for i in range(81):
        if len(state[i]) > 1:
            placed = [set(s) for s in state]
            placed[i] = {solution[i]}
            count += oracle.brt_solves(placed)
    return count


def test_the_shell_measures_a_quiz_under_its_rules() -> None:
    shell = Shell()
    assert shell.ok(f"load-quiz {WINDOKU} --rules=windoku") == ["Quiz loaded."]
    out = shell.ok("difficulty quiz --measures te,backdoors")
    assert "rules windoku" in out[0]
    assert out[2].startswith("T&E-depth: 1 (")
    assert out[3].startswith(f"BRT backdoors: {backdoors('windoku', WINDOKU)} (")


def test_without_measures_it_gives_those_taken_on_rules() -> None:
    shell = Shell()
    assert shell.ok(f"load-quiz {NC} --rules=nc") == ["Quiz loaded."]
    out = shell.ok("difficulty")
    assert "measures se,te,b,backdoors,guess; rules nc;" in out[0]  # (serate rates nc)
    assert out[2].startswith("T&E-depth: 1 (")  # singles alone do not finish it under nc
    assert not Board(["nc"]).brt_solves(Board(["nc"]).state(NC))


def test_a_measure_of_classic_sudoku_only_is_one_line_and_nothing_changes() -> None:
    shell = Shell()
    assert shell.ok(f"load-quiz {WINDOKU} --rules=windoku") == ["Quiz loaded."]
    before = shell.ok("show")
    (line,) = shell.fails("difficulty --measures te,steps")
    assert line.startswith(
        "difficulty on variant rules (windoku) the measures are se,te,b,backdoors,backdoors2,"
        "guess, not steps: "
    )
    assert shell.ok("show") == before


def test_grids_are_refused_in_one_line() -> None:
    shell = Shell()
    assert shell.ok(f"load-quiz {SAMURAI_FILE}") == ["Quiz loaded."]
    assert shell.fails("difficulty") == [
        "difficulty measures a 9x9 quiz, not one of several grids."
    ]


def test_the_system_prompt_reads_a_files_rules_line(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    quiz = tmp_path / "windoku.txt"
    quiz.write_text(f"# rules: windoku\n{WINDOKU}\n")
    status = main(["difficulty", str(quiz), "--measures", "backdoors"])
    out, err = capfd.readouterr()
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert "rules windoku" in lines[0]
    assert lines[2].startswith(f"BRT backdoors: {backdoors('windoku', WINDOKU)} (")
    status = main(["difficulty", str(quiz), "--measures", "steps"])
    out, err = capfd.readouterr()
    assert (status, out) == (2, "")
    assert err.startswith("sudoku-repl difficulty: on variant rules (windoku) the measures are ")
    assert len(err.splitlines()) == 1


def test_the_api_measures_a_quiz_with_rules() -> None:
    session = Session.from_quiz(NC, rules="nc")
    done = session.difficulty("te,backdoors", quiz=True)
    assert done.figures.te is not None and done.figures.te.value == 1
    assert done.figures.backdoors is not None
    assert len(done.figures.backdoors) == backdoors("nc", NC)
    with pytest.raises(UserError, match="not spread"):
        sudoku_repl.difficulty(session.quiz, "spread")  # type: ignore[arg-type]
