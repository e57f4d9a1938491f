"""A move in the field's notation read, and judged (``tools/judging``): refusals in
one line, a wrong move's contradiction without the solution's digit, a judgement that stops
at the interrupt, and the MCP session's own (in-process) interrupt of a long rate."""

from __future__ import annotations

import pytest

from sudoku_repl.core.errors import UserError
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.rating import Interrupted
from sudoku_repl.tools.judging.judge import Judge, Verdict
from sudoku_repl.tools.judging.moves import Move, parse_move

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
        return len(polls) > 30  # (the techniques are 24 below the chains: inside them)

    with pytest.raises(Interrupted):
        Judge(11.9, interrupted).judge(grid, parse_move("r1c1<>2"), solution)
    assert len(polls) == 31
