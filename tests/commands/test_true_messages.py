"""Lines that say what is true of the record (issue 33, 1.4): a question that holds from the
start and a step before the first are not blamed on steps dropped to bound memory, which only
a capped record does (``tests/core/test_step_truth.py`` checks that one's lines)."""

from __future__ import annotations

import pytest

from sudoku_repl.api import Session
from sudoku_repl.core.errors import RecordCut, UserError
from tests.support.helpers import SEED, Shell

pytestmark = pytest.mark.usefixtures("at_repo_root")

FROM_START = "Level 0 holds from the start (step 0): a new guess reaches level 1 or more."


@pytest.mark.parametrize("before", [[], ["run"], ["runtil 40", "goto 12"]])
def test_bisect_level_0_holds_from_the_start_and_moves_nothing(before: list[str]) -> None:
    shell = Shell.loaded()
    for line in before:
        shell.ok(line)
    at = shell.steps
    assert shell.ok("bisect level 0") == [FROM_START]
    assert shell.ok("bisect when solutions >= 0") == [
        "Solutions >= 0 holds from the start (step 0)."
    ]
    assert shell.steps == at


def test_the_api_goto_before_step_0_says_there_is_no_such_step() -> None:
    session = Session.from_quiz(SEED)
    for session_run in (False, True):
        if session_run:
            session.run()
        with pytest.raises(UserError) as raised:
            session.goto(-3)
        assert not isinstance(raised.value, RecordCut)
        assert raised.value.line == "No step -3: the search starts at step 0"
    assert session.state().steps == 131  # nothing moved
