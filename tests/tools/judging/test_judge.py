"""A move in the field's notation read, and judged (``tools/judging``): refusals in
one line, a wrong move's contradiction without the solution's digit, a judgement that stops
at the interrupt, and the MCP session's own (in-process) interrupt of a long rate."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_repl.core.errors import UserError
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.rating import Interrupted
from sudoku_repl.tools.explain.plan import grid_solution
from sudoku_repl.tools.judging.judge import BUDGET, Judge, Verdict
from sudoku_repl.tools.judging.moves import Move, parse_move
from tests.support.helpers import slow_on_pure

#: examples/seed.txt as 81 characters, and its solution (examples/seed.txt's article)
SEED = "005300000800000020070010500400005300010070006003200080060500009004000030000009700"
SOLUTION = "145327698839654127672918543496185372218473956753296481367542819984761235521839764"


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("r4c5=7", Move(31, 7, True)),
        ("R9C9 <> 1", Move(80, 1, False)),
        ("r1c1!=9", Move(0, 9, False)),
    ],
)
def test_a_move_is_read(text: str, move: Move) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("r10c1=5", "No cell r10c1: rows and columns go from 1 to 9"),
        ("r1c1=0", "No value 0: values go from 1 to 9"),
        ("4,5=7", "Not a move: '4,5=7'"),
    ],
)
def test_a_bad_move_is_one_line_saying_what_a_move_is(text: str, line: str) -> None:
    with pytest.raises(UserError) as refused:
        parse_move(text)
    assert (
        refused.value.line == f"{line}; a move is r4c5=7 (a placement) or r4c5<>7 (an elimination)"
    )


def test_the_verdicts_and_what_cannot_be_judged() -> None:
    grid, solution = Grid.from_puzzle(SEED), [int(d) for d in SOLUTION]
    judge = Judge()
    hidden = judge.judge(grid, parse_move("r2c5=5"), solution)  # 5's only place in block 2
    assert (hidden.verdict, hidden.technique, hidden.rating) == (
        Verdict.JUSTIFIED,
        "Hidden Single",
        1.2,
    )
    wrong = judge.judge(grid, parse_move("r2c5=4"), solution)
    assert wrong.verdict is Verdict.WRONG
    assert wrong.contradiction == "with r2c5=4, a digit has no place left in block 2"
    # every technique up to 2.0 places a value: no elimination is justified
    assert Judge(2.0).judge(grid, parse_move("r1c1<>2"), solution).verdict is Verdict.NOT_YET
    for text, line in (
        ("r1c3=5", "r1c3 holds 5 already: a move is made on an empty cell"),
        ("r1c1=3", "3 is no candidate of r1c1 now (its candidates: 1 2 6 9)"),
    ):
        with pytest.raises(UserError) as refused:
            judge.judge(grid, parse_move(text), solution)
        assert refused.value.line == line
    with pytest.raises(UserError, match=r"max_er 12\.0: an ER goes from 1\.0 to 11\.9"):
        Judge(12.0)


def test_a_judgement_stops_at_the_interrupt() -> None:
    """A right move no technique makes before the chains: the chain search is under way when
    the interrupt comes (the poll was asked), and it stops there."""
    grid, solution = Grid.from_puzzle(SEED), [int(d) for d in SOLUTION]
    polls: list[int] = []

    def interrupted() -> bool:
        polls.append(1)
        # (the techniques below the chains poll 24 times, one poll each: the 25th is inside
        # the chains, which poll every so many potentials)
        return len(polls) > 24

    with pytest.raises(Interrupted):
        Judge(11.9, interrupted).judge(grid, parse_move("r1c1<>2"), solution)
    assert len(polls) == 25


#: a quiz whose r1c2<>7 a WXYZ-Wing (ER 5.6) makes, where r1c2=1 needs a chain: a judge that
#: kept the chains' findings of r1c2=1 named a chain for r1c2<>7 (Cell Forcing Chain, 8.9)
WING = "400360825030158040000704300820037060700086400000010000200603070500290000104805090"


def test_the_technique_named_is_the_first_of_the_order_whatever_came_before() -> None:
    grid = Grid.from_puzzle(WING)
    solution = grid_solution(grid)
    wing = parse_move("r1c2<>7")
    fresh = Judge().judge(grid, wing, solution)
    judge = Judge()
    first = judge.judge(grid, parse_move("r1c2=1"), solution)
    assert first.verdict is Verdict.JUSTIFIED and first.rating is not None and first.rating > 8
    after = judge.judge(grid, wing, solution)
    for judged in (fresh, after):
        assert (judged.verdict, judged.technique, judged.rating) == (
            Verdict.JUSTIFIED,
            "WXYZ-Wing",
            5.6,
        )


_WING_GRID = Grid.from_puzzle(WING)
_WING_SOLUTION = grid_solution(_WING_GRID)
#: every move that can be made on WING's givens: both kinds, right and wrong (each judged in a
#: hundredth of a second, from the singles to the dynamic chains)
_WING_MOVES = [
    Move(cell, digit, place)
    for cell in range(81)
    for digit in range(1, 10)
    if _WING_GRID.cands[cell] >> digit & 1 and not _WING_GRID.values[cell]
    for place in (True, False)
]


@slow_on_pure
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_WING_MOVES), min_size=2, max_size=8))
def test_a_judgement_does_not_depend_on_the_judgements_before_it(moves: list[Move]) -> None:
    """Moves of one state judged one after another by one judge, in any order: each is judged
    as a judge of its own judges it."""
    judge = Judge()
    for move in moves:
        assert judge.judge(_WING_GRID, move, _WING_SOLUTION) == Judge().judge(
            _WING_GRID, move, _WING_SOLUTION
        )


# (few examples: a list of moves none of which a technique makes tries every technique, the
# nested chains' included, for each judge: minutes on the pure build)
@slow_on_pure
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(_WING_MOVES), max_size=6),
    st.lists(st.sampled_from(_WING_MOVES), min_size=1, max_size=6),
)
def test_the_first_technique_of_several_moves_does_not_depend_on_what_came_before(
    before: list[Move], moves: list[Move]
) -> None:
    """``first_made`` of moves (a sealed verdict's: the move and those that rule it out) after
    other judgements is a fresh judge's; what it names is made by one technique, the first
    that makes any of them."""
    judge = Judge()
    for move in before:
        judge.judge(_WING_GRID, move, _WING_SOLUTION)
    made = judge.first_made(_WING_GRID, moves)
    # (no technique makes a move against the solution: where all are, the answer is known
    # without a fresh judge's search through every technique, the nested chains' included)
    sound = [move for move in moves if (_WING_SOLUTION[move.cell] == move.digit) == move.place]
    assert made == (Judge().first_made(_WING_GRID, moves) if sound else {})
    assert set(made) <= set(moves)
    assert all(judge.justification(_WING_GRID, move) == made[move] for move in made)


@slow_on_pure  # (r1c1<>2 judged twice: the nested chains, on the pure build a minute)
def test_past_the_deadline_the_verdict_is_unproven_for_the_budget() -> None:
    """r1c1=1 of the seed needs the nested chains: a deadline already past stops the judge at
    its first technique; a wrong move needs no search; and what the stopped judge kept leaves
    its next judgements as a fresh judge's."""
    grid, solution = Grid.from_puzzle(SEED), [int(d) for d in SOLUTION]
    judge = Judge()
    stopped = judge.judge(grid, parse_move("r1c1=1"), solution, deadline=time.monotonic())
    assert (stopped.verdict, stopped.reason) == (Verdict.UNPROVEN, BUDGET)
    assert stopped.to_json() == {"move": "r1c1=1", "verdict": "unproven", "reason": "budget"}
    assert str(stopped).startswith("r1c1=1: unproven: the time budget ran out")
    wrong = judge.judge(grid, parse_move("r2c5=4"), solution, deadline=time.monotonic())
    assert wrong.verdict is Verdict.WRONG
    move = parse_move("r1c1<>2")
    assert judge.judge(grid, move, solution) == Judge().judge(grid, move, solution)


def test_the_judge_says_each_technique_it_tries() -> None:
    grid, solution = Grid.from_puzzle(SEED), [int(d) for d in SOLUTION]
    tried: list[str] = []
    judged = Judge(doing=tried.append).judge(grid, parse_move("r2c5=5"), solution)
    assert judged.technique == "Hidden Single"
    assert tried == ["hidden single"]
    tried.clear()
    Judge(4.0, doing=tried.append).judge(grid, parse_move("r1c1<>2"), solution)
    # every technique up to 4.0 that may remove a candidate, in Sudoku Explainer's order
    assert tried == [
        "pointing and claiming", "naked pair", "x-wing", "hidden pair", "naked triple",
        "swordfish", "hidden triple", "turbot fish",
    ]  # fmt: skip
