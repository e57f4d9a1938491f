"""``hint se`` (its line, levels 1-3, ``all``) and the Board's list of steps on variant rules,
held to serate.jar's own path with the rules' flags (tests/data/rules/serate/, its goldens)
and to the tests' own backtracker (``tests/oracles/rules_brute``): the next step is the one
serate takes, its line serate's, byte for byte, along every golden path; where serate's next
step is of a technique not ported to the rules, one line says so."""

from __future__ import annotations

import re

import pytest

from sudoku_repl.api import Session
from sudoku_repl.core.rules import parse
from sudoku_repl.techniques.explainer.plan_step import PlanStep, label_cell, label_digit
from sudoku_repl.techniques.explainer.rating import Interrupted
from sudoku_repl.techniques.explainer.ruled import RuledGrid, layout_of, order_of
from sudoku_repl.tools.explain.hints import board_steps_json
from sudoku_repl.tools.explain.ruled_steps import beyond_line, ruled_all, ruled_next
from tests.core.test_rules import oracle
from tests.support.helpers import (
    Answers,
    Shell,
    but_the_pure_build_line,
    variant_modules_once,
)
from tests.techniques.test_se_variant_chains import entries, serate_grid
from tests.techniques.test_se_variant_nested import GOLDENS as NESTED
from tests.techniques.test_se_variants import (
    MID_GOLDENS,
    _golden,
    _stems,
    is_ported,
    not_ported,
    quick_goldens,
)

pytestmark = variant_modules_once()

X_QUIZ = "...63.7.4........6...7..........8....7...9.124.13......5...........5........9.6.."


@pytest.mark.parametrize("stem", _stems())
def test_the_next_step_is_serates_along_its_whole_path(stem: str) -> None:
    """From each golden puzzle's givens, the next step taken again and again is serate's next
    line each time; where serate's next is a technique not ported, there is none."""
    layout = layout_of(parse(stem.replace("_", ",")))
    for puzzle, steps, _ in quick_goldens(stem):
        grid = RuledGrid.of_puzzle(puzzle, layout)
        for line in steps:
            taken = ruled_next(grid)
            if taken is None:  # only where serate's next is of a technique not ported
                assert not is_ported(stem, line), (puzzle, line)
                break
            assert not not_ported(stem, line), (puzzle, line)
            step, made = taken
            assert f"{made.rating:.1f} {made.description}" == line, puzzle
            step.hint.apply(grid)


def _made_for(stem: str, wanted: str) -> tuple[str, PlanStep]:
    """The puzzle of a golden path holding serate's line ``wanted`` and the step made there."""
    layout = layout_of(parse(stem.replace("_", ",")))
    for puzzle, steps, _ in _golden(stem):
        if wanted not in steps:
            continue
        grid = RuledGrid.of_puzzle(puzzle, layout)
        for line in steps:
            taken = ruled_next(grid)
            assert taken is not None
            if line == wanted:
                return puzzle, taken[1]
            taken[0].hint.apply(grid)
    raise AssertionError(f"{wanted} is in no golden path of {stem}")


def test_the_steps_name_the_rules_regions() -> None:
    # D6 and D9 (r6c4, r9c4): place 7 of their blocks, so disjoint group 7, in column 4
    _, made = _made_for("dg", "1.9 Direct Claiming: Cells D6,D9: 3 of disjoint group in column")
    assert (made.house, made.crossing) == ("disjoint group 7", "column 4")
    # F3 and F4 (r3c6, r4c6): rows 2-4 by columns 6-8, serate's second window
    _, made = _made_for("windoku", "2.0 Direct Hidden Pair: Cells F3,F4: 2,4 in window group")
    assert made.house == "window group 2"
    assert (made.cells, made.digits) == (("r3c6", "r4c6"), (2, 4))
    # I4 (r4c9): rows 2-4 by columns 1, 5 and 9, serate's seventh window group
    _, made = _made_for("x_windoku", "1.0 Hidden Single: I4: 3 in window group")
    assert made.house == "window group 7"
    assert len(made.cells) == 9 and "r4c9" in made.cells
    _, made = _made_for("x_windoku", "1.0 Hidden Single: G7: 7 in Main Diagonal")
    assert made.house == "Main Diagonal"
    assert made.cells == tuple(f"r{i}c{i}" for i in range(1, 10))


def test_hint_se_on_a_variant_quiz_is_serates_first_step() -> None:
    # serate's first step of X_QUIZ with --isX=1: "1.2 Hidden Single: D2: 9 in block" (r2c4,
    # block 2)
    shell = Shell()
    shell.ok(f"load-quiz {X_QUIZ} --rules=x")
    assert but_the_pure_build_line(shell.ok("hint se")) == [
        "Hidden Single in block 2: [2,4]=9 (ER 1.2)"
    ]
    assert but_the_pure_build_line(shell.ok("hint se 1")) == [
        "Hidden Single (ER 1.2): look at block 2."
    ]
    third = but_the_pure_build_line(shell.ok("hint se 3"))
    assert "Sudoku Explainer's own line: Hidden Single: D2: 9 in block" in third
    assert "So it places [2,4]=9." in third


def test_the_api_s_hint_se_on_each_rule_is_serates_first_step() -> None:
    for stem in _stems():
        puzzle, steps, _ = _golden(stem)[0]
        session = Session.from_quiz(puzzle, rules=stem.replace("_", ","))
        rating, line = steps[0].split(" ", 1)
        assert f"Sudoku Explainer's own line: {line}" in session.hint(3, se=True), stem
        assert session.hint(1, se=True).startswith("Hidden Single (ER " + rating), stem


def test_hint_se_all_and_the_board_s_list_hold_the_solution() -> None:
    """Every step listed at the start of the X quiz places the solution's values and removes
    none of them (the tests' own backtracker's solution), serate's first step among them."""
    (solution,) = oracle("x").solutions([0 if ch == "." else int(ch) for ch in X_QUIZ])
    session = Session.from_quiz(X_QUIZ, rules="x")
    listed = board_steps_json(session, 0, session.state())  # (the Board's list)
    steps = listed["steps"]
    assert isinstance(steps, list) and len(steps) > 1
    for step in steps:
        for label in step["placed"]:
            assert solution[label_cell(label)] == label_digit(label)
        for label in step["removed"]:
            assert solution[label_cell(label)] != label_digit(label)
    assert any(step["placed"] == ["9r2c4"] for step in steps)
    # (under x the order runs to serate's last technique: no technique is left out, none said)
    assert "said" not in listed
    shell = Shell()
    shell.ok(f"load-quiz {X_QUIZ} --rules=x")
    lines = but_the_pure_build_line(shell.ok("hint se all"))
    assert not any(line.startswith("On these rules") for line in lines)
    assert any(line.endswith("Hidden Single in block 2: [2,4]=9 (ER 1.2)") for line in lines)


def test_where_no_technique_ported_has_a_step_one_line_says_so() -> None:
    """A path of a Latin square with the diagonals where serate found no step (its turbot
    fish's links in blocks the rules have not took a digit wrongly): followed to its end,
    there no step and no list, and the line that says why."""
    stem = "latin_x"
    puzzle, steps = next(
        (puzzle, steps)
        for puzzle, steps, figures in _golden(stem, MID_GOLDENS)
        if figures.startswith("20.0/") and all(float(s.split(" ", 1)[0]) < 6 for s in steps)
    )
    layout = layout_of(parse("latin,x"))
    grid = RuledGrid.of_puzzle(puzzle, layout)
    for line in steps:
        taken = ruled_next(grid)
        assert taken is not None and f"{taken[1].rating:.1f} {taken[1].description}" == line
        taken[0].hint.apply(grid)
    assert ruled_next(grid) is None and ruled_all(grid) == ()
    assert re.fullmatch(
        r"Sudoku Explainer takes no step here under the rules latin,x \(serate rates such a "
        r"state 20\.0, beyond its solver\): no step given\.",
        beyond_line(layout),
    )


def test_rules_serate_has_no_flag_for_are_one_line() -> None:
    shell = Shell()
    shell.ok(f"load-quiz {X_QUIZ} --rules=diagonal+")
    assert but_the_pure_build_line(shell.ok("hint se")) == [
        "Sudoku Explainer has no steps on the rule diagonal+ (serate has no flag for it)."
    ]


def test_after_a_wrong_guess_under_the_rules_no_step_is_given() -> None:
    """The X quiz's first guess, at [2,8] at step 6 (docs/variants.md's session), answered 5:
    the tests' own backtracker's solution has 2 there, so no solution is left under the
    rules, and no step is given; the step before the guess has one."""
    assert oracle("x").solutions([0 if ch == "." else int(ch) for ch in X_QUIZ])[0][9 + 7] == 2
    shell = Shell(Answers("[2,8]=5"))
    shell.ok(f"load-quiz {X_QUIZ} --rules=x")
    shell.ok("set trace off")
    shell.ok("guess-mode 1")
    shell.ok("runtil 6")
    shell.ok("guess-mode 0")
    shell.ok("runtil 30")
    said = "No solution from here: the guess [2,8]=5 at step 6 left the puzzle without one"
    assert but_the_pure_build_line(shell.ok("hint se")) == [f"{said}; no step to give."]
    shell.ok("goto 5")
    (step,) = but_the_pure_build_line(shell.ok("hint se"))
    assert not step.startswith("No solution")


def test_the_api_s_plan_of_a_variant_quiz_is_serates_path() -> None:
    """A golden puzzle rated whole by the techniques ported: the plan's ratings are serate's
    steps', in order, checked against the solution; one past them is refused in one line."""
    from sudoku_repl import api
    from sudoku_repl.core.errors import UserError

    whole = 0
    for puzzle, steps, _ in _golden("windoku"):
        session = Session.from_quiz(puzzle, rules="windoku")
        if all(is_ported("windoku", line) for line in steps):
            plan = api.plan(session)
            assert [f"{step.rating:.1f} {step.description}" for step in plan] == steps
            whole += 1
        elif any(not_ported("windoku", line) for line in steps):
            with pytest.raises(UserError, match=r"^No plan: Sudoku Explainer on these rules: "):
                api.plan(session)
    assert whole >= 1


def test_the_next_step_is_interrupted_inside_the_chains_search() -> None:
    """On a state whose next step is a nested forcing chain (serate_nested's quick anti-king
    state), ``interrupted`` is polled inside the chains' searches, not only between the
    techniques: true from a few calls past one a technique, it stops the search."""
    entry = next(e for e in entries("antiking", NESTED) if (e.puzzle, e.step) == (0, 75))
    lay = layout_of(parse("antiking"))
    calls = 0
    techniques = len(order_of(lay))

    def interrupted() -> bool:
        nonlocal calls
        calls += 1
        return calls > techniques + 5

    with pytest.raises(Interrupted):
        ruled_next(serate_grid(entry.state, lay), interrupted)
