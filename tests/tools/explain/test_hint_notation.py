"""One cell notation in a hint, the session's: under ``set names standard`` every cell a hint
names in its own words is ``r2c5`` (the graded hints of the original's step, the no-solution
line, ``Session.hint(names=...)``), and a chain's trace line names its removals as its links.

The cells were read off the seed by hand: after step 1, row 2's 5 can go only in [2,5] (docs/
explain.md); in run-mode 4 the step after 16 is a forcing chain that removes 2 from [9,9]
(its readalps line as the shell prints it, reviewed); the wrong guess is
``test_no_solution``'s."""

from __future__ import annotations

from sudoku_repl import api
from tests.support.helpers import SEED, Shell
from tests.tools.explain.test_no_solution import wrong_guess

ROW2 = "It looks at r2c1 r2c2 r2c3 r2c4 r2c5 r2c6 r2c7 r2c8 r2c9."


def test_the_original_steps_graded_hints_follow_the_setting() -> None:
    shell = Shell.loaded()
    shell.ok("set names standard")
    shell.ok("step")
    assert shell.ok("hint 2") == ["Next: hidden single, row 2.", ROW2]
    assert shell.ok("hint 3")[2] == "In row 2, 5 can go only in r2c5."
    session = api.Session.from_quiz(SEED)
    session.step()
    assert session.hint(3, names="standard").splitlines() == shell.ok("hint 3")
    assert session.hint(2).splitlines()[1].startswith("It looks at [2,1] [2,2]")


def test_the_no_solution_line_follows_the_setting() -> None:
    shell = wrong_guess()
    shell.ok("set names standard")
    assert shell.ok("hint se 1") == [
        "No solution from here: the guess r6c2=9 at step 7 left the puzzle without one; "
        "no step to give."
    ]


def test_a_chains_line_names_its_removals_as_its_links() -> None:
    api.Session.from_quiz(SEED)  # (the run modes registered)
    session = api.Session.from_quiz(SEED, settings=api.Settings(run_mode=4))
    while session.state().steps < 16:
        session.step()
    line = session.hint(names="standard").splitlines()[1]
    assert line.startswith("17) Forcing-Chain: r9c9=2 -> r4c9!=2 => ")
    assert line.endswith("r9c9!=2, removes 2 from r9c9  (Forcing Chain)")
    assert session.hint().splitlines()[1].endswith("r9c9!=2, removes 2 from [9,9]")
