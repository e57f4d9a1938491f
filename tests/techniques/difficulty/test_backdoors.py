"""Backdoors (``backdoors``): Backdoor #1's two, and each backdoor found checked by the tests'
own singles (``oracle.finish``), each candidate passed over too."""

from __future__ import annotations

from sudoku_repl.techniques.difficulty.backdoors import brt_backdoors, candidate_backdoors
from sudoku_repl.techniques.difficulty.marks import Marks
from sudoku_repl.techniques.difficulty.solving import unique_solution
from tests.support.helpers import SLOW
from tests.techniques.difficulty import oracle
from tests.techniques.difficulty.oracle import finish

#: the forum's "Backdoor #1": two single-cell BRT backdoors, 9 at r1c5 and 8 at r1c2
BACKDOOR_1 = "1.......2.3..2..4...25.63....76.58......7......92.86....59.37...7..5..9.9.......8"
#: one of SHC's T&E(1) examples (its 11th line), with candidate backdoors
T_AND_E_1 = ".23....8.......12.7.91.........97.46...3....29..6......6.9..5.457.....98.....4..."
#: SHC's first T&E(2) example
HARDER = "12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8"


def test_backdoor_1_has_exactly_its_two(build: str) -> None:
    assert set(brt_backdoors(Marks.from_sukaku(BACKDOOR_1))) == {(4, 9), (1, 8)}


def test_cell_backdoors_are_the_cells_whose_digit_lets_singles_finish(build: str) -> None:
    for puzzle in (BACKDOOR_1, T_AND_E_1, HARDER):
        marks = Marks.from_sukaku(puzzle)
        solution = unique_solution(marks)
        found = set(brt_backdoors(marks))
        for i in range(81):
            if marks.cands[i] & (marks.cands[i] - 1):
                placed = list(marks.cands)
                placed[i] = 1 << (solution[i] - 1)
                assert finish(placed) == ((i, solution[i]) in found), (puzzle, i)


def test_candidate_backdoors_are_the_wrong_candidates_singles_finish_without(
    build: str,
) -> None:
    marks = Marks.from_sukaku(T_AND_E_1)
    solution = unique_solution(marks)
    found = {door for (door,) in candidate_backdoors(marks)}
    wrong = [(i, d) for i, d in marks.candidates() if solution[i] != d]
    assert found
    for i, d in wrong:
        less = list(marks.cands)
        less[i] &= ~(1 << (d - 1))
        assert finish(less) == ((i, d) in found), (i, d)


def test_pairs_are_backdoors_together_and_neither_alone(build: str) -> None:
    marks = Marks.from_sukaku(BACKDOOR_1)
    assert candidate_backdoors(marks) == ()
    pairs = candidate_backdoors(marks, size=2)
    assert len(pairs) > 0
    for a, b in pairs:
        less = list(marks.cands)
        for i, d in (a, b):
            less[i] &= ~(1 << (d - 1))
        assert finish(less), (a, b)


def brute_force_agrees(puzzle: str, counts: tuple[int, int]) -> None:
    """The engine's candidate backdoors of each size are those found by trying every wrong
    candidate and every pair of them with the tests' own singles (``oracle``)."""
    singles, pairs = oracle.candidate_backdoors(puzzle)
    assert (len(singles), len(pairs)) == counts  # (the oracle's own figures, reviewed)
    marks = Marks.from_sukaku(puzzle)
    assert {door for (door,) in candidate_backdoors(marks)} == singles
    found = candidate_backdoors(marks, size=2)
    assert len(found) == len(pairs) and set(found) == pairs


def test_backdoor_1_s_19_pairs_are_the_brute_force_s(build: str) -> None:
    brute_force_agrees(BACKDOOR_1, (0, 19))


@SLOW
def test_pairs_beside_single_candidate_backdoors_are_the_brute_force_s(build: str) -> None:
    """14 candidates are backdoors alone, 33 pairs of the others together (the brute force
    takes seconds more than Backdoor #1's)."""
    brute_force_agrees(T_AND_E_1, (14, 33))


def test_a_state_brt_solves_has_no_backdoor(build: str) -> None:
    easy = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    assert brt_backdoors(Marks.from_sukaku(easy)) == ()
    assert candidate_backdoors(Marks.from_sukaku(easy)) == ()
