"""The sealed verdict (``tools/judging/sealed``): a move is justified or ruled out by a technique
rated up to ``max_er``, else unproven, whatever the solution says: the verdicts of a cell's
candidates cannot single out its digit where no such technique decides it."""

from __future__ import annotations

import pytest

from sudoku_repl.core.errors import UserError
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.tools.judging.judge import Judge, Verdict
from sudoku_repl.tools.judging.moves import parse_move
from sudoku_repl.tools.judging.sealed import sealed_judgement

#: examples/seed.txt as 81 characters; its solution has 1 at r1c1 and 5 at r2c5 (the
#: article's grid: 145327698 839654127 ...)
SEED = "005300000800000020070010500400005300010070006003200080060500009004000030000009700"


def test_a_move_a_technique_rules_out_is_wrong_and_names_it() -> None:
    """r2c5 is 5's only place in block 2: a Hidden Single rules out every other digit there,
    and the removal of 5; the verdict names the technique, never the digit 5."""
    grid, judge = Grid.from_puzzle(SEED), Judge(4.0)
    for text in ("r2c5=4", "r2c5=6", "r2c5<>5"):
        judged = sealed_judgement(judge, grid, parse_move(text))
        assert judged.to_json() == {
            "move": text,
            "verdict": "wrong",
            "technique": "Hidden Single",
            "rating": 1.2,
            "contradiction": "Hidden Single (ER 1.2) rules it out",
        }
        assert str(judged) == f"{text}: wrong: Hidden Single (ER 1.2) rules it out."
    justified = sealed_judgement(judge, grid, parse_move("r2c5=5"))
    assert (justified.verdict, justified.technique) == (Verdict.JUSTIFIED, "Hidden Single")


def test_no_verdict_of_an_undecided_cell_names_its_digit() -> None:
    """r1c1's candidates are 1 2 6 9, its solution's digit 1; up to ER 4.0 no technique decides
    the cell from the givens: every placement and every elimination there is unproven alike
    (against the solution, 1 would be not yet and the others wrong)."""
    grid, judge = Grid.from_puzzle(SEED), Judge(4.0)
    verdicts = {
        text: sealed_judgement(judge, grid, parse_move(text)).to_json()
        for digit in (1, 2, 6, 9)
        for text in (f"r1c1={digit}", f"r1c1<>{digit}")
    }
    assert verdicts == {text: {"move": text, "verdict": "unproven"} for text in verdicts}
    assert str(sealed_judgement(judge, grid, parse_move("r1c1=1"))) == (
        "r1c1=1: unproven: no technique up to the ER asked makes it or rules it out now."
    )


def test_a_move_that_cannot_be_made_is_refused_as_the_open_judge_refuses_it() -> None:
    grid = Grid.from_puzzle(SEED)
    with pytest.raises(UserError) as refused:
        sealed_judgement(Judge(4.0), grid, parse_move("r1c1=3"))
    assert refused.value.line == "3 is no candidate of r1c1 now (its candidates: 1 2 6 9)"
