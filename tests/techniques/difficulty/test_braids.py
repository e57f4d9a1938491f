"""B (braids), BxB (braids of braids) and BxBB: SHC 6.2's figures on a sample of its own
example files (tests/data/shc/, whose source is in tests/data/README.md), the C held to the pure
Python, and what a state outside a rating's domain answers. The whole files:
``benchmarks/bench_difficulty.py``."""

from __future__ import annotations

import pytest

from sudoku_repl.techniques.difficulty import braids, bxb, native
from sudoku_repl.techniques.difficulty.board import CLASSIC_BOARD
from sudoku_repl.techniques.difficulty.braids import b_rating, braid_length
from sudoku_repl.techniques.difficulty.bxb import bxb_rating, bxbb_rating
from sudoku_repl.techniques.difficulty.marks import Marks
from sudoku_repl.techniques.difficulty.solving import Unrated, unique_solution
from sudoku_repl.techniques.difficulty.te import Level, te_depth
from tests.support.helpers import TEST_DATA
from tests.support.sweeps import sweep

SHC = TEST_DATA / "shc"
NEEDS_C = pytest.mark.skipif(not native.active(), reason=native.build())


def shc_file(name: str) -> list[tuple[str, int]]:
    """SHC's example puzzles (the first 81 characters of each line) with the figure its
    expected output gives each (the output's first line is its header)."""
    puzzles = [line[:81] for line in (SHC / f"{name}-input.txt").read_text().splitlines()]
    figures = (SHC / f"{name}-output-expected.txt").read_text().splitlines()[1:]
    assert len(puzzles) == len(figures)
    return [(p, int(f)) for p, f in zip(puzzles, figures, strict=True)]


B_FILE = shc_file("B")
BXB_FILE = shc_file("BxB")
BXBB_FILE = shc_file("BxBB")


def test_the_files_are_shcs_examples() -> None:
    """92 puzzles rated B0 to B9 (ten of each, two of B9); 153 rated B2B to B14B, the first 110
    up to B7B."""
    assert [f for _, f in B_FILE] == [n for n in range(9) for _ in range(10)] + [9, 9]
    assert len(BXB_FILE) == 153
    assert sorted({f for _, f in BXB_FILE[:110]}) == [2, 3, 4, 5, 6, 7]
    assert min(f for _, f in BXB_FILE[110:]) == 8
    assert [f for _, f in BXBB_FILE] == [2] * 140


# one puzzle of each figure: B0 to B4 run everywhere (the pure Python takes about a second),
# B5 to B9 on the C
B_SAMPLE = [B_FILE[k] for k in (0, 15, 25, 35, 45)]
B_SAMPLE_C = [B_FILE[k] for k in (55, 65, 75, 85, 91)]


@pytest.mark.parametrize(("puzzle", "figure"), B_SAMPLE)
def test_b_is_shcs(puzzle: str, figure: int) -> None:
    assert b_rating(Marks.from_sukaku(puzzle)) == Level(value=figure)


@NEEDS_C
@pytest.mark.parametrize(("puzzle", "figure"), B_SAMPLE_C)
def test_b_is_shcs_to_b9(puzzle: str, figure: int) -> None:
    assert b_rating(Marks.from_sukaku(puzzle)) == Level(value=figure)


def test_past_the_bound_is_beyond_it() -> None:
    """SHC with ``-max-length 3`` answers -4 (more than 3) for its B5 puzzle 55."""
    puzzle, figure = B_FILE[54]
    assert figure == 5
    assert b_rating(Marks.from_sukaku(puzzle), max_length=3) == Level(beyond=3)
    assert b_rating(Marks.from_sukaku(puzzle), max_length=4) == Level(beyond=4)


def test_b_of_a_state_beyond_te1_is_none() -> None:
    """No braid of any length solves a T&E(2) puzzle (SHC's first BxB example, B2B)."""
    assert b_rating(Marks.from_sukaku(BXB_FILE[0][0])) is None


def test_b_of_a_state_with_two_solutions_is_unrated() -> None:
    with pytest.raises(Unrated, match="more than one solution"):
        b_rating(Marks.from_sukaku("." * 81))


def test_a_braid_of_length_1_is_a_box_line_elimination() -> None:
    """1 gone from column 1 below box 1: assumed at r1c2, 1 leaves box 1, and the variable "1 in
    column 1" has no candidate left: a braid of length 1 (a box-line elimination)."""
    cands = [0x1FF] * 81
    for row in range(3, 9):
        cands[row * 9] &= ~1
    assert braid_length(cands, 1 * 9 + 0, 3) == 1  # 1 at r1c2
    assert braid_length(cands, (4 * 9 + 1) * 9 + 0, 3) == 0  # 1 at r5c2: no single follows


@NEEDS_C
def test_the_c_rates_as_the_python_does() -> None:
    """The B0-B4 sample, and the states B_1, B_2 and B_3 leave of its B2-B4 puzzles: the C's
    rating and the pure Python's alike."""
    fast = native.b_rating(CLASSIC_BOARD)
    assert fast is not None
    for puzzle, figure in B_SAMPLE:
        cands = Marks.from_sukaku(puzzle).cands
        assert fast(cands, 9, None) == braids.rating(cands, 9, None) == figure
    for puzzle, figure in B_SAMPLE[2:]:
        for n in range(1, figure):
            state = list(Marks.from_sukaku(puzzle).cands)
            assert braids.braids(state, n)
            assert fast(state, 9, None) == braids.rating(state, 9, None) == figure


# B2B to B4B run on the C in seconds; B5B takes longer (the benchmark runs all 110 to B7B)
BXB_SAMPLE = [BXB_FILE[k] for k in (0, 20, 40)]
BXB_SLOW = [BXB_FILE[60]]


@NEEDS_C
@pytest.mark.parametrize(("puzzle", "figure"), BXB_SAMPLE)
def test_bxb_is_shcs(puzzle: str, figure: int) -> None:
    assert bxb_rating(Marks.from_sukaku(puzzle)) == Level(value=figure)


@pytest.mark.slow
@NEEDS_C
@pytest.mark.parametrize(("puzzle", "figure"), BXB_SLOW)
def test_bxb_is_shcs_to_b7b(puzzle: str, figure: int) -> None:
    assert bxb_rating(Marks.from_sukaku(puzzle)) == Level(value=figure)


@NEEDS_C
def test_bxb_past_the_bound_is_beyond_it() -> None:
    puzzle, figure = BXB_FILE[20]
    assert figure == 3
    assert bxb_rating(Marks.from_sukaku(puzzle), max_b=2) == Level(beyond=2)


@NEEDS_C
def test_bxb_past_b7b_is_beyond_7() -> None:
    """SHC's first B8B example, with the default bound: "more than 7" (a few seconds)."""
    puzzle, figure = BXB_FILE[110]
    assert figure == 8
    assert bxb_rating(Marks.from_sukaku(puzzle)) == Level(beyond=7)


@pytest.mark.slow
@NEEDS_C
def test_bxb_past_b7b_is_shcs() -> None:
    """SHC's first B8B example, the bound past it: 8 (about five seconds; the benchmark's
    ``--file`` runs the rest)."""
    puzzle, figure = BXB_FILE[110]
    assert bxb_rating(Marks.from_sukaku(puzzle), max_b=9) == Level(value=figure)


@NEEDS_C
@pytest.mark.parametrize(("puzzle", "figure"), [BXBB_FILE[1]])
def test_bxbb_is_shcs(puzzle: str, figure: int) -> None:
    """SHC's BxBB examples (T&E(3) puzzles, all B2BB): T&E(B_x, 2) solves them from x = 2."""
    marks = Marks.from_sukaku(puzzle)
    assert bxbb_rating(marks) == Level(value=figure)
    assert bxbb_rating(marks, max_b=1) == Level(beyond=1)


def placed(puzzle: str, digits: dict[int, int]) -> str:
    """``puzzle`` as a sukaku (729 characters: each cell's candidates, ``.`` for one gone) with
    ``digits`` placed (cell 0-80: digit), their peers' candidates left as they were."""
    cands = Marks.from_sukaku(puzzle).cands
    return "".join(
        str(d) if (digits[c] == d if c in digits else cands[c] >> (d - 1) & 1) else "."
        for c in range(81)
        for d in range(1, 10)
    )


#: the B2B puzzle the pure Python rates soonest with the solution's 7, 4 and 6 at r3c1, r3c7
#: and r4c4: still T&E(2) (the test checks it), and T&E(B_x, 2) a second in the pure Python
#: (the puzzle itself five)
TE2_STATE = placed(BXB_FILE[17][0], {18: 7, 24: 4, 30: 6})
#: T&E(B_x, 2) by the C and the pure Python: that T&E(2) state, which T&E(B_0, 2) solves, so x =
#: 1 (the least x tried) does, every trial and its trials of the C's depth-2 search run; and
#: SHC's second BxBB example (B2BB: x = 1 fails, x = 2 goes on from where it stopped), whose
#: pure Python takes some twenty seconds: when sweeping (CI holds the C on it to SHC's figures,
#: ``test_bxbb_is_shcs``)
BXBB_BY_BOTH = sweep([(TE2_STATE, 2, 1), (BXBB_FILE[1][0], 3, BXBB_FILE[1][1])], 1)


@pytest.mark.slow
@NEEDS_C
@pytest.mark.parametrize(("puzzle", "depth", "figure"), BXBB_BY_BOTH)
def test_the_c_rates_bxbb_as_the_python_does(puzzle: str, depth: int, figure: int) -> None:
    marks = Marks.from_sukaku(puzzle)
    assert te_depth(marks) == Level(value=depth)
    fast = native.bxbb_rating(CLASSIC_BOARD)
    assert fast is not None
    solution = unique_solution(marks)
    assert bxb.rating(list(marks.cands), 2, solution, depth=2) == figure
    assert fast(marks.cands, 2, bytes(solution)) == figure


def test_bxbb_of_a_state_below_te3_is_none() -> None:
    """SHC's first BxB example is T&E(2), Backdoor #1's kind T&E(1): neither has a BxBB."""
    assert bxbb_rating(Marks.from_sukaku(BXB_FILE[0][0])) is None
    assert bxbb_rating(Marks.from_sukaku(B_FILE[4][0])) is None


def test_bxb_of_a_state_below_te2_is_none() -> None:
    """SHC answers 0 for its B puzzles 5 (T&E(0)) and 55 (B5, T&E(1)); here: not T&E(2)."""
    assert bxb_rating(Marks.from_sukaku(B_FILE[4][0])) is None
    assert bxb_rating(Marks.from_sukaku(B_FILE[54][0])) is None


@NEEDS_C
def test_the_c_rates_bxb_as_the_python_does() -> None:
    """A B2B puzzle of SHC's by the pure Python's T&E(B_x) and by the C: the 18th, the one of
    B2B the pure Python rates soonest (a second and a half; the first took five)."""
    puzzle, figure = BXB_FILE[17]
    assert figure == 2
    marks = Marks.from_sukaku(puzzle)
    fast = native.bxb_rating(CLASSIC_BOARD)
    assert fast is not None
    solution = unique_solution(marks)
    assert bxb.rating(list(marks.cands), 7, solution) == figure
    assert fast(marks.cands, 7, bytes(solution)) == figure


def rated_here(name: str) -> list[tuple[str, int]]:
    """Puzzles of this project's collections that SHC.jar rated for these tests (the file's
    first line says how), with its figure."""
    lines = (SHC / name).read_text().splitlines()
    assert lines[0].startswith("# SHC 6.2")
    return [(p, int(f)) for p, f in (line.split() for line in lines[1:])]


MORE_B = rated_here("more_b.txt")
MORE_BXB = rated_here("more_bxb.txt")


def test_b_is_shcs_on_more_puzzles() -> None:
    """norvig_top95's first 40 T&E(1) puzzles (B1 to B10): all on the C, those to B3 on the
    pure Python."""
    assert len(MORE_B) == 40 and max(f for _, f in MORE_B) == 10
    taken = MORE_B if native.active() else [(p, f) for p, f in MORE_B if f <= 3]
    assert [b_rating(Marks.from_sukaku(p)) for p, _ in taken] == [Level(value=f) for _, f in taken]


@NEEDS_C
def test_bxb_is_shcs_on_more_puzzles() -> None:
    """forum_hardest_1106's first 12 T&E(2) puzzles: those of B2B and B3B (B4B and B5B: the
    benchmark's kind of run)."""
    taken = [(p, f) for p, f in MORE_BXB if f <= 3]
    assert len(taken) == 8
    assert [bxb_rating(Marks.from_sukaku(p)) for p, _ in taken] == [
        Level(value=f) for _, f in taken
    ]


def test_the_docs_worked_example() -> None:
    """docs/braids.md: SHC's B2 example 21, after B_1, has a braid of length 2 against 8 at
    r2c4 (the cells r2c2 and r2c5, both {5, 8}) and none of length 1 against anything."""
    puzzle, figure = B_FILE[20]
    assert figure == 2
    cands = list(Marks.from_sukaku(puzzle).cands)
    assert braids.braids(cands, 1)
    assert [cands[k] for k in (10, 12, 13)] == [0b10010000, 0b11000100, 0b10010000]
    assert braid_length(cands, 12 * 9 + 7, 3) == 2
    assert not any(
        braid_length(cands, i * 9 + d, 1)
        for i in range(81)
        for d in range(9)
        if cands[i] >> d & 1 and cands[i] & (cands[i] - 1)
    )
    assert b_rating(Marks.from_sukaku(puzzle)) == Level(value=2)
