"""BRT (``brt.brt``): singles and the direct contradictions, on both builds."""

from __future__ import annotations

from sudoku_repl.techniques.difficulty.brt import brt, solved
from sudoku_repl.techniques.difficulty.marks import Marks
from tests.techniques.difficulty.oracle import finish, masks

#: solved by singles (norvig's first easy quiz)
EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"


def test_brt_solves_what_singles_solve(build: str) -> None:
    assert finish(masks(EASY))  # (the tests' own rules agree it is a singles puzzle)
    reached = brt(Marks.from_sukaku(EASY))
    assert reached is not None
    assert reached.givens() == tuple(int(c) for c in SOLUTION)
    assert solved(reached)


def test_a_hidden_single_is_placed() -> None:
    cands = [0x1FF] * 81
    for i in range(1, 9):  # digit 1 gone from row 1 but at r1c1
        cands[i] &= ~1
    reached = brt(Marks(tuple(cands)))
    assert reached is not None
    assert reached.cands[0] == 1
    assert all(not reached.cands[k] & 1 for k in (9, 18, 27, 1, 10))  # it left its peers


def test_a_cell_without_candidate_is_a_contradiction(build: str) -> None:
    cands = [0x1FF] * 81
    cands[40] = 0
    assert brt(Marks(tuple(cands))) is None


def test_a_digit_without_place_in_a_unit_is_a_contradiction(build: str) -> None:
    cands = [0x1FF] * 81
    for i in range(9):  # digit 9 nowhere in row 1
        cands[i] &= ~0x100
    assert brt(Marks(tuple(cands))) is None


def test_two_peers_holding_one_digit_are_a_contradiction(build: str) -> None:
    cands = [0x1FF] * 81
    cands[0] = cands[80 - 72] = 1 << 3  # r1c1 and r1c9 both 4
    assert brt(Marks(tuple(cands))) is None


def test_solved_says_a_solution_and_nothing_else() -> None:
    grid = Marks.from_sukaku(SOLUTION)
    assert solved(grid)
    wrong = list(grid.cands)
    wrong[0], wrong[1] = wrong[1], wrong[0]
    assert not solved(Marks(tuple(wrong)))
    assert not solved(Marks.from_sukaku(EASY))
