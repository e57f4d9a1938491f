"""What ``difficulty`` says beside its figures: its first line names only the
settings that shape the measures asked for, and a state with no solution names the guess that
went wrong.

The seed's solution is the reference trace's (``tests/data/reference/seed_run_run.trace``):
row 2 is ``839 654 127``, row 4 ``496 185 372``, row 6 ``753 296 481``. At step 20 the seed's
open guesses are 5 at r6c2, 6 at r4c3 (both the solution's), then 1 at r2c3, where the
solution has 9: the third went wrong.
"""

from __future__ import annotations

import pytest

from sudoku_repl import Session, version
from tests.support.helpers import SEED, Shell

B4 = "..345..8.4.6.........1...65.1.5.8.7....3...919...........8.....6....7.3...1.3..57"
ISOMORPHS = "isomorphs 1, seed 0"
SE_TIMEOUT = "se-timeout 60 s"
RUN_MODE = "run-mode 0"


@pytest.mark.parametrize(
    ("measures", "said"),
    [
        ("te", []),
        ("te,b,backdoors", []),
        ("guess", [RUN_MODE]),
        ("steps", [ISOMORPHS, RUN_MODE]),
        ("se", [SE_TIMEOUT]),
        ("spread", [ISOMORPHS, SE_TIMEOUT]),
        ("te,guess,spread", [ISOMORPHS, SE_TIMEOUT, RUN_MODE]),
    ],
)
def test_the_first_line_names_only_the_settings_of_the_measures(
    measures: str, said: list[str]
) -> None:
    """The isomorphs shape order luck (``steps``) and ER's spread, the time limit Sudoku
    Explainer's rating (``se``, which ``spread`` brings), the run mode the original's search
    and filters (``steps``, ``guess``); T&E-depth, B and the backdoors none of them: the
    isomorphs given are not said where no measure draws them."""
    shell = Shell()
    shell.ok(f"load-quiz {B4}")
    first = shell.ok(f"difficulty quiz --measures {measures} --isomorphs 1")[0]
    asked = first.split("; measures ")[1].split(";")[0].rstrip(")")
    assert (
        first
        == "; ".join(
            [f"Difficulty of the quiz (sudoku-repl {version()}", f"measures {asked}", *said]
        )
        + ")"
    )


def test_a_state_with_no_solution_names_the_guess_that_went_wrong() -> None:
    shell = Shell.loaded()
    shell.ok("goto 20")
    heading, _, *said = shell.ok("difficulty --measures te")
    assert heading.startswith("Difficulty of the state at step 20, level 4 (")
    assert said == [
        "No measure: it has no solution: the guess 1r2c3 of level 3 went wrong, where the "
        "state before it has one (the measures are defined on one solution)."
    ]


def test_the_api_names_it_too() -> None:
    session = Session.from_quiz(SEED)
    session.goto(20)
    assert session.difficulty("te").unrated == (
        "it has no solution: the guess 1r2c3 of level 3 went wrong, where the state before it "
        "has one"
    )
    assert session.difficulty("te", quiz=True).unrated is None  # (the quiz: one solution)


def test_with_every_guess_right_no_guess_is_named() -> None:
    """At step 7 the seed's one open guess is 5 at r6c2, the solution's: the state has one
    solution, and its measures."""
    session = Session.from_quiz(SEED)
    session.goto(7)
    done = session.difficulty("te")
    assert (done.solutions, done.wrong_guess, done.unrated) == (1, None, None)


def test_the_guess_measure_says_why_its_depth_can_be_below_the_originals_level() -> None:
    """norvig_top95's quiz 1: guess depth 0 beside order luck's biggest level 6. The
    original's step 2 shrinks row 7 (2GW) and step 3 guesses at once (docs/engine.md 3), where
    the rules of guess depth filter on."""
    shell = Shell()
    shell.ok("load-quiz puzzles/norvig_top95.txt 1")
    lines = shell.ok("difficulty quiz --measures steps,guess")
    assert any(line.startswith("Guess depth: 0 (") for line in lines)
    assert any(line.startswith("  biggest level 6 here;") for line in lines)
    told = " ".join(shell.ok("help difficulty"))
    assert "guesses at once unless that found a hidden single" in told
    assert "6 where the guess depth is 0" in told
    trace = shell.ok("step 3")
    assert "2) row 7 incomplete shrunken by group" in trace
    assert "3) Guess [7,2] level 1 at 1 out of 2" in trace
