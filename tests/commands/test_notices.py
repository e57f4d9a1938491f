"""The session's notices are facts (``core/notices.py``); the command layer words them
(``commands/notices.py``) with the lines the program has always printed."""

from __future__ import annotations

import pytest

from sudoku_repl.commands.notices import notice_line
from sudoku_repl.core.notices import BreakpointDisabled, ExperimentsDropped, RecordFull
from sudoku_repl.core.quiz import Quiz
from tests.support.helpers import REPO, SAMURAI_FILE, SEED_QUIZ, Shell, puzzle_lines
from tests.support.soundness import new_repl, run_commands

SAMURAI = SAMURAI_FILE
SEED = REPO / "examples" / "seed.txt"


def test_each_notice_has_its_line() -> None:
    assert notice_line(RecordFull(4097)) == (
        "Record full: steps before 4097 were dropped to bound memory; time travel, history "
        "and when start there now."
    )
    assert notice_line(ExperimentsDropped((2, 5), 4097)) == (
        "Experiments 2, 5 parted before step 4097 and were deleted with the dropped steps."
    )
    assert notice_line(BreakpointDisabled(3, "cell [21,21]", "[21,21]")) == (
        "Breakpoint 3 (cell [21,21]) is disabled: this quiz has no cell [21,21]."
    )


def test_loading_a_quiz_without_the_place_notes_the_breakpoint_as_a_fact() -> None:
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {SAMURAI}", "break removed 5 [21,21]")
    session = repl.session
    session.load(Quiz.from_string(SEED_QUIZ))
    assert session.notices == [BreakpointDisabled(1, "removed 5 [21,21]", "[21,21]")]


def test_a_full_record_is_noted_once_as_a_fact(monkeypatch: pytest.MonkeyPatch) -> None:
    """Many drops of the older half in one run: one notice, of the last drop."""
    monkeypatch.setenv("SUDOKU_REPL_RECORD_CAP", "1000")
    shell = Shell()
    shell.ok(f"load-quiz {puzzle_lines('invalid_no_solution.txt')[0]}")
    session = shell.repl.session
    session.run(shell.repl.hooks, solutions=0, max_steps=5000)
    full = [n for n in session.notices if isinstance(n, RecordFull)]
    assert len(full) == 1 and full[0].first_steps == session.history.first_steps > 1
