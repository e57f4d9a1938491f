"""Lines that say what is true of the record: a question that holds from the
start and a step before the first are not blamed on steps dropped to bound memory, which only
a capped record does (``tests/core/test_step_truth.py`` checks that one's lines)."""

from __future__ import annotations

import pytest

from sudoku_repl.api import Session
from sudoku_repl.core.errors import RecordCut, UserError
from tests.support.helpers import SAMURAI_FILE, SEED, Shell, reference_lines

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


def test_bisect_level_max_that_finds_no_guess_leaves_the_session_where_it_was() -> None:
    """The samurai is solved without a guess; ``run`` stops at its solution and
    ``bisect level max`` runs the search to its end to look: it left the session there."""
    shell = Shell()
    shell.ok(f"load-quiz {SAMURAI_FILE}")
    shell.ok("set trace off")
    shell.ok("run")
    at = shell.steps
    assert shell.ok("bisect level max") == ["No guess is made in this search."]
    assert shell.steps == at
    assert shell.repl.session.history.last_steps > at  # it did run on to the end


def test_show_names_the_cell_of_the_next_guess_where_the_foremost_cell_is_another() -> None:
    """Step 6's filter (the trace: 6) blk 4 incomplete shrunken by group) left
    [4,3] with 2 candidates, foremost now, but the guess due takes the foremost cell from before
    the filter: 7) Guess [6,2]. The original's line stays; the next says where the guess goes."""
    trace = reference_lines("seed_run_run.trace")[0]
    assert "7) Guess [6,2] level 1 at 1 out of 2" in trace
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok("goto 6")
    lines = shell.ok("show")
    foremost = lines.index("The foremost cell with 2 candidate(s) at [4,3]")
    assert lines[foremost + 1] == (
        "The next guess is at [6,2], the foremost cell before the filter of step 6"
    )
    shell.ok("goto 91")  # the filter of step 91 finds nothing: 92) Guess [4,2], the foremost
    lines = shell.ok("show")
    assert "The foremost cell with 2 candidate(s) at [4,2]" in lines
    assert not any(line.startswith("The next guess") for line in lines)
