"""The order-free measures on variant boards, held to the tests' own rules (``rules_oracle``:
BRT, T&E(1) and braids on candidate sets, from ``tests/oracles/rules_brute``'s tables) and to
brute force (the backdoors), never to the measures themselves."""

from __future__ import annotations

import functools

import pytest

from sudoku_repl.techniques.difficulty.backdoors import brt_backdoors, candidate_backdoors
from sudoku_repl.techniques.difficulty.braids import b_rating, braid_length, braids
from sudoku_repl.techniques.difficulty.brt import brt
from sudoku_repl.techniques.difficulty.te import te_depth
from tests.oracles.rules_brute import Rules
from tests.support.helpers import SLOW
from tests.support.sweeps import sweep
from tests.techniques.difficulty.rules_cases import HARDER, QUIZZES, marks_of
from tests.techniques.difficulty.rules_oracle import Board

#: the oracle's Python, half a minute: with the slow tests, on the build the run has (the
#: measures' C where it is built; test_native_rules holds it to the Python on the quick run)
pytestmark = [SLOW]

#: quick enough for the pure Python's B (the X quiz needs braids of 12: minutes)
EVERY = [q for q in QUIZZES if q[0] not in ("x", "girandola")] + HARDER


#: how many of a quiz's candidates left by singles ``braid_length`` is held to the oracle's on
#: (``sweeps.sweep``, evenly spread over the grid: all when sweeping): each is a search of the
#: oracle's, a hundredth to a tenth of a second
BRAIDED = 40


@functools.cache  # (the oracle's search, a second on anti-knight: two tests read it)
def solution_of(words: str, puzzle: str) -> tuple[int, ...]:
    (found,) = Rules(words.split(",")).solutions([int(c) if c.isdigit() else 0 for c in puzzle])
    return found


@pytest.mark.parametrize(("words", "puzzle"), QUIZZES + HARDER, ids=lambda v: v[:20])
def test_a_states_candidates_and_brt_are_the_rules(words: str, puzzle: str) -> None:
    oracle = Board(words.split(","))
    state = oracle.state(puzzle)
    marks = marks_of(words, puzzle)
    assert [{d + 1 for d in range(9) if m >> d & 1} for m in marks.cands] == state
    reached = brt(marks)
    assert oracle.brt(state)
    assert reached is not None
    assert [{d + 1 for d in range(9) if m >> d & 1} for m in reached.cands] == state


@pytest.mark.parametrize(("words", "puzzle"), QUIZZES + HARDER, ids=lambda v: v[:20])
def test_te_depth_is_the_rules_brt_then_te1(words: str, puzzle: str) -> None:
    oracle = Board(words.split(","))
    state = oracle.state(puzzle)
    depth = te_depth(marks_of(words, puzzle)).value
    if oracle.brt_solves(state):
        assert depth == 0
        return
    assert oracle.te1(state)
    assert depth == (1 if all(len(s) == 1 for s in state) else 2)


@pytest.mark.parametrize(("words", "puzzle"), QUIZZES + HARDER, ids=lambda v: v[:20])
def test_backdoors_are_those_brute_force_finds(words: str, puzzle: str) -> None:
    oracle = Board(words.split(","))
    state = oracle.state(puzzle)
    solution = solution_of(words, puzzle)
    marks = marks_of(words, puzzle)
    if oracle.brt_solves(state):
        assert brt_backdoors(marks) == ()
        assert candidate_backdoors(marks) == ()
        return
    cells, wrong = oracle.backdoors(state, solution)
    assert brt_backdoors(marks) == cells
    assert candidate_backdoors(marks) == wrong


@pytest.mark.parametrize(("words", "puzzle"), HARDER, ids=lambda v: v[:20])
def test_braids_are_as_long_as_the_rules_singles_say(words: str, puzzle: str) -> None:
    oracle = Board(words.split(","))
    state = oracle.state(puzzle)
    oracle.brt(state)
    marks = marks_of(words, puzzle)
    reached = brt(marks)
    assert reached is not None
    cands = list(reached.cands)
    left = [(cell, d) for cell in range(81) if len(state[cell]) > 1 for d in sorted(state[cell])]
    for cell, d in sweep(left, BRAIDED):
        assert braid_length(cands, cell * 9 + d - 1, 3, marks.board) == oracle.braid_length(
            state, cell, d, 3
        ), (cell, d)


@pytest.mark.parametrize(("words", "puzzle"), EVERY, ids=lambda v: v[:20])
def test_braids_keep_the_solution_and_b_is_defined_where_te_is_one(words: str, puzzle: str) -> None:
    marks = marks_of(words, puzzle)
    solution = solution_of(words, puzzle)
    depth = te_depth(marks).value
    rating = b_rating(marks)
    if depth == 2:
        assert rating is None
        return
    assert rating is not None and rating.value is not None
    assert (rating.value == 0) == (depth == 0)
    cands = list(marks.cands)
    assert braids(cands, max(rating.value, 1), None, marks.board)
    assert cands == [1 << (v - 1) for v in solution]
