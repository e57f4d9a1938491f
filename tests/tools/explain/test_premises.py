"""A dynamic chain's "+" link at a hint's third level: a candidate turned off by a rule on the
chain's grid (pointing or claiming, a hidden pair, a nested chain) rests on more than the link
before it, so the hint names the rule and the other candidates it needs; no link reads "X
false, so Y false" on its own.

``puzzles/forum_hardest_1106.txt`` quiz 1, its path's eighth step (Dynamic Region Forcing
Chains (+), 9.8): its first chain turns 9 off at [6,1]; block 4's 9s were then in [5,1]
[5,3] [6,1] [6,3] (read off the grid), so with [6,1] and [6,3] off they point along row 5
and 9 leaves [5,9]."""

from __future__ import annotations

import re

from sudoku_repl.core.geometry import CLASSIC
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.rating import rate_grid
from sudoku_repl.tools.explain.plan import next_taken, plan_step
from sudoku_repl.tools.explain.premises import premises
from sudoku_repl.views.step_reasons import reasons
from sudoku_repl.views.step_words import hint_words
from tests.support.helpers import REPO, slow_on_pure

QUIZ = (REPO / "puzzles" / "forum_hardest_1106.txt").read_text().split()[0]
#: a link from a false candidate to a false one that says nothing of what it rests on
BARE = re.compile(r"false, so \d at \[\d,\d\] false(?! \(by )")


@slow_on_pure
def test_a_plus_link_names_the_rule_it_rests_on() -> None:
    grid = Grid.from_puzzle(QUIZ)
    path = rate_grid(grid.copy(), None).steps
    for step in path[:7]:
        step.hint.apply(grid)
    taken = next_taken(grid)
    assert taken is not None
    step, made = taken
    assert made.technique == "Dynamic Region Forcing Chains (+)"
    said = hint_words(made, 3, CLASSIC, "readalps", grid.cands, premises(step, made, grid))[2]
    assert (
        "3 at [6,1] true, so 9 at [6,1] false, so 9 at [5,9] false (by pointing or claiming, "
        "with 9 at [6,3] false too), so 5 at [5,9] true" in said
    )
    assert BARE.search(hint_words(made, 3, CLASSIC, "readalps", grid.cands)[2])  # (without)
    assert not BARE.search(said)


@slow_on_pure
def test_no_bare_link_on_the_whole_path() -> None:
    grid = Grid.from_puzzle(QUIZ)
    bare = 0
    for step in rate_grid(grid.copy(), None).steps:
        made = plan_step(step, grid)
        if made.links:
            said = reasons(made, CLASSIC.cell_name, grid.cands, premises(step, made, grid))
            bare += len(BARE.findall(said[0]))
        step.hint.apply(grid)
    assert bare == 0
