"""``solve ilp``'s judge (docs/ilp.md): the present position's 0-1 program has a
solution exactly when the quiz's solution still fits it (every digit placed is the solution's,
no candidate of the solution struck), at random steps of real searches; a wrong guess answered
by hand, or a wrong digit set by hand, is found out at once; and ``Session.solve_ilp`` counts
as the oracle does (``tests/oracles/brute.py``)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from functools import cache

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from sudoku_repl.api import IlpEnd, IlpResult, Session, UserError
from sudoku_repl.core.errors import GuessAborted
from tests.oracles import brute
from tests.support.helpers import (
    NEEDS_HIGHS,
    SEED_QUIZ,
    Shell,
    edge_cases,
    grid_of,
    puzzle_lines,
)

pytestmark = NEEDS_HIGHS

#: the samurai's grids' corners (puzzles/variants/samurai_seed001.json)
SAMURAI = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)]
GUESS = re.compile(r"by default it will be \[(\d+),(\d+)\]=(\d)")


@cache
def the_solution(quiz: str) -> list[int]:
    (solution,) = brute.solutions(grid_of(quiz), 1)  # the oracle's; one only
    return list(solution)


#: quizzes with one solution whose searches guess, with it (the seed's the oracle's, top95's
#: first ones' from its solutions file)
QUIZZES = [
    (SEED_QUIZ, None),
    *zip(puzzle_lines("norvig_top95.txt")[:12], puzzle_lines("norvig_top95.solutions.txt")),
]


def fits(values: Sequence[int], cands: Sequence[int], solution: Sequence[int]) -> bool:
    """The solution still fits a position: its placed digits are the solution's, and each empty
    cell keeps the solution's digit among its candidates (bit v-1 for v)."""
    return all(
        (v == s) if v else bool(m >> (s - 1) & 1) for v, m, s in zip(values, cands, solution)
    )


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(QUIZZES), st.integers(1, 3000))
def test_a_position_has_a_solution_exactly_when_the_quizs_solution_fits(
    case: tuple[str, str | None], step: int
) -> None:
    quiz, known = case
    session = Session.from_quiz(quiz)
    session.goto(step)  # (the search's end, if it ends before)
    state = session.state()
    solution = the_solution(quiz) if known is None else grid_of(known)
    result = session.solve_ilp(count=1)
    assert result.step == state.steps
    fitting = fits(state.values, state.cands, solution)
    event("the solution fits" if fitting else "a wrong path")
    if fitting:
        assert result.end is IlpEnd.COUNT_REACHED
        assert list(result.solutions[0]) == solution
    else:
        assert result.end is IlpEnd.ALL_FOUND and result.solutions == ()


def guessing_shell(right: bool) -> tuple[Shell, list[int]]:
    """The seed in guess mode, its first guess answered with the solution's digit (``right``)
    or with another candidate of the cell; the session stands at the step that took it."""
    solution = the_solution(SEED_QUIZ)
    asked: list[str] = []

    def answer(question: str) -> str:
        if asked:
            raise GuessAborted  # (the second question: the command stops there)
        asked.append(question)
        r, c, _ = map(int, GUESS.search(question).groups())  # type: ignore[union-attr]
        cell = (r - 1) * 9 + c - 1
        digit = solution[cell]
        if not right:
            cands = shell.repl.session.state().cands[cell]
            digit = next(v for v in range(1, 10) if cands >> (v - 1) & 1 and v != digit)
        return f"[{r},{c}]={digit}"

    shell = Shell(answer)  # type: ignore[arg-type]
    shell.ok("load-quiz examples/seed.txt")
    shell.ok("guess-mode 1")
    shell.run("run")
    assert len(asked) == 1
    return shell, solution


@pytest.mark.parametrize("right", [True, False], ids=["right guess", "wrong guess"])
def test_a_guess_answered_by_hand_is_judged_at_once(right: bool) -> None:
    shell, solution = guessing_shell(right)
    shell.ok("guess-mode 0")
    step = shell.steps
    said = shell.ok("solve ilp")
    if right:
        assert said[0] == f"A solution from step {step} (HiGHS):"
        assert "Unique: with it cut off, HiGHS finds no other solution." in said
    else:
        assert said[0] == f"No solution from step {step}: the candidates there leave none."


@pytest.mark.parametrize("right", [True, False], ids=["right digit", "wrong digit"])
def test_a_digit_set_by_hand_is_judged_at_once(right: bool) -> None:
    solution = the_solution(SEED_QUIZ)
    shell = Shell()
    shell.ok("load-quiz examples/seed.txt")
    shell.ok("runtil 5")
    state = shell.repl.session.state()
    cell = next(
        k for k, (v, m) in enumerate(zip(state.values, state.cands)) if not v and m.bit_count() > 1
    )
    digit = solution[cell]
    if not right:
        digit = next(v for v in range(1, 10) if state.cands[cell] >> (v - 1) & 1 and v != digit)
    shell.ok(f"set cell [{cell // 9 + 1},{cell % 9 + 1}]={digit}")
    said = shell.ok("solve ilp")
    if right:
        assert said[0] == f"A solution from step {shell.steps} (HiGHS):"
    else:
        assert said[0] == f"No solution from step {shell.steps}: the candidates there leave none."


# -- the Python API ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "case",
    [e for e in edge_cases() if e.label.startswith(("multiple_", "three_", "four_", "ten_"))][:8],
    ids=lambda e: e.label,
)
@pytest.mark.parametrize("count", [1, 2, 5])
def test_solve_ilp_counts_as_the_oracle(case, count: int) -> None:  # type: ignore[no-untyped-def]
    session = Session.from_quiz(case.puzzle)
    result = session.solve_ilp(count=count)
    assert isinstance(result, IlpResult)
    oracle = brute.solutions(grid_of(case.puzzle), count)  # count + 1 of them where there are
    assert len(result.solutions) == min(count, len(oracle))
    assert len(set(result.solutions)) == len(result.solutions)
    assert all(brute.is_solution(list(s), grid_of(case.puzzle)) for s in result.solutions)
    if len(oracle) <= count:
        assert result.end is IlpEnd.ALL_FOUND
    else:
        assert result.end is IlpEnd.COUNT_REACHED
    assert result.unique is (None if count == 1 else False)
    assert len(result.runs) == len(result.solutions) + (result.end is IlpEnd.ALL_FOUND)
    assert result.nodes == sum(run.nodes for run in result.runs) >= 0


def test_solve_ilp_refuses_what_it_cannot_do() -> None:
    with pytest.raises(UserError, match="No quiz loaded"):
        Session().solve_ilp()
    session = Session.from_quiz(SEED_QUIZ)
    with pytest.raises(UserError, match="count 0"):
        session.solve_ilp(count=0)
    with pytest.raises(UserError, match="time_limit -1"):
        session.solve_ilp(time_limit=-1)


def test_solve_ilp_stops_at_its_time_limit() -> None:
    """An empty grid counted to a billion: the time limit (a tenth of a second of HiGHS) ends
    the count with the solutions found so far, each a valid grid."""
    result = Session.from_quiz("." * 81).solve_ilp(count=10**9, time_limit=0.1)
    assert result.end is IlpEnd.TIME_LIMIT
    assert all(brute.is_solution(list(s), [0] * 81) for s in result.solutions)
    assert len(set(result.solutions)) == len(result.solutions)


#: a quiz with many solutions, each found by HiGHS at the root in milliseconds
#: (``puzzles/multiple_solutions.txt``, line 18: its whole search runs for minutes)
MANY = puzzle_lines("multiple_solutions.txt")[17]


def test_the_time_limit_holds_over_all_the_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """``time_limit`` is the seconds of HiGHS over every run of the count, not a run's: on a
    clock on which each run takes a second, a limit of 1.5 s ends a count of 5 after the second
    run, with its two solutions (HiGHS's own ``time_limit`` is held against each run's clock, so
    runs of milliseconds never reached it, and the count went on to 5)."""
    from sudoku_repl.tools.ilp import highs as ilp

    seconds = itertools.count()
    monkeypatch.setattr(ilp, "_clock", lambda: float(next(seconds)))
    result = Session.from_quiz(MANY).solve_ilp(count=5, time_limit=1.5)
    assert result.end is IlpEnd.TIME_LIMIT
    assert [run.seconds for run in result.runs] == [1.0, 1.0]
    assert [run.status for run in result.runs] == ["Optimal", "Optimal"]
    assert len(set(result.solutions)) == 2
    assert all(brute.is_solution(list(s), grid_of(MANY)) for s in result.solutions)


def test_a_count_of_short_runs_ticks_between_them() -> None:
    """The progress line's ``tick`` is called before each run, not only while a run lasts
    longer than the poll's tenth of a second: a count of runs of milliseconds draws it too."""
    from sudoku_repl.tools.ilp.highs import session_model, solve

    ticks = 0

    def tick() -> None:
        nonlocal ticks
        ticks += 1

    result = solve(session_model(Session.from_quiz(MANY)), 5, tick=tick)
    assert len(result.runs) == len(result.solutions) == 5
    assert ticks >= 5


def test_an_exception_while_waiting_stops_highs_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C where no flag takes it (a script without hooks) raises KeyboardInterrupt in the
    waiting thread: HiGHS's thread is stopped before it goes on up, not left running. (The
    poll made at once, so that it comes while HiGHS runs: the samurai's empty frame takes it
    milliseconds.)"""
    import threading

    from sudoku_repl.tools.ilp import highs as ilp
    from sudoku_repl.tools.ilp.highs import session_model, solve

    monkeypatch.setattr(ilp, "POLL", 0.0)

    polls = 0

    def interrupted() -> bool:
        nonlocal polls
        polls += 1
        if polls > 1:
            raise KeyboardInterrupt
        return False

    empty = ";".join(f"{r},{c}:" + "." * 81 for r, c in SAMURAI)
    model = session_model(Session.from_quiz(empty), at_step=False)
    with pytest.raises(KeyboardInterrupt):
        solve(model, 10**9, None, interrupted)
    assert not [t for t in threading.enumerate() if t.name == "HiGHS"]
