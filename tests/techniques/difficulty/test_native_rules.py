"""The measures' C on variant boards against their Python (the reference): BRT, T&E-depth, both
kinds of backdoors, the original's guess depth and fewest guesses, B, BxB and BxBB the same on
quizzes of every rule (tests/data/rules/: ``rules_cases``) and on the non-consecutive quizzes
below; held to the tests' own rules (``rules_oracle``) on a few; and a board the C cannot follow
measured by the Python.

The pure reference takes a fifth of a second to tens of seconds a quiz (B up to 6, BxB and
the guesses' searches most of it): the quick run compares a quiz of each kind of board (houses,
leaps, non-consecutive and its cyclic form, the toroidal wrap, no blocks); the rest, marked
slow, run with the slow tests (some 50 s), and every quiz of tests/data/rules/ when sweeping
(``SUDOKU_REPL_SWEEP=1``).
.ci/sanitize runs the C on three of the quick ones (``sweeps.sanitized``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sudoku_repl.core.engine_choice import ENV
from sudoku_repl.techniques.difficulty import backdoors, braids, brt, bxb, guesses, native, te
from sudoku_repl.techniques.difficulty.board import CLASSIC_BOARD, Board, board_for
from sudoku_repl.techniques.difficulty.marks import Marks
from sudoku_repl.techniques.difficulty.solving import unique_solution
from tests.oracles.rules_brute import Rules
from tests.support.helpers import SLOW
from tests.support.sweeps import sanitized, sweep
from tests.techniques.difficulty.rules_cases import HARDER, QUIZZES, every_quiz, marks_of
from tests.techniques.difficulty.rules_oracle import Board as Oracle

NEEDS_C = pytest.mark.skipif(not native.available(), reason=native.build())

#: non-consecutive quizzes made from tests/data/rules/ ones (serate/nc.txt's and nc+.txt's,
#: ``HARDER``'s) by taking givens away, one at a time in a random order, while the C found one
#: solution, until B or T&E-depth climbed: B 4, B 5, B more than 6, and T&E-depth 2
CLIMBED = [
    ("nc", "...1..4.8............6....78....3.....97.....7..2.............6.5...6.....3......"),
    ("nc+", ".....1...........2..........2......9...72.....83........8.9....5...........6....."),
    ("nc", "....5........9...4.......1.........6...............3.5.6.....5.....3.42.........."),
    ("nc", "...29.......7...2....5.....2....9.........................7...........4........8."),
]
_BY_WORDS = dict(QUIZZES)
#: a quiz of each kind of board whose pure reference takes a fraction of a second: houses
#: (windows, disjoint groups, asterisk, no blocks), non-consecutive (B 1 and B 4) and its
#: cyclic form, leaps on the toroidal board
QUICK = [
    ("windoku", _BY_WORDS["windoku"]),
    ("dg", _BY_WORDS["dg"]),
    ("asterisk", _BY_WORDS["asterisk"]),
    ("latin", _BY_WORDS["latin"]),
    *HARDER,
    CLIMBED[0],
]
#: the C under the sanitizers: houses, non-consecutive's cyclic form, a king's leaps wrapped
SANITIZED = [QUICK[0], HARDER[1], HARDER[3]]
#: a second to ten each in Python: the other rules of puzzles.txt that B 6 rates quickly (not
#: X's B12 nor anti-knight's T&E(2): tens of seconds), non-consecutive's B 5 and B past 6
LONGER = [(w, _BY_WORDS[w]) for w in ("antiking", "centerdot", "girandola")] + CLIMBED[1:3]
#: a spread of tests/data/rules/'s quizzes besides (all when sweeping)
SPREAD = [q for q in sweep(every_quiz(), 8) if q not in QUICK + LONGER]
#: the forum's "Backdoor #1" (docs/difficulty.md): T&E-depth 1, two BRT backdoors
BACKDOOR_1 = "1.......2.3..2..4...25.63....76.58......7......92.86....59.37...7..5..9.9.......8"


def every_measure(marks: Marks) -> tuple[object, ...]:
    """Each measure of ``marks``, the ratings where its T&E-depth defines them."""
    depth = te.te_depth(marks, 3)
    return (
        brt.brt(marks),
        depth,
        backdoors.brt_backdoors(marks),
        backdoors.candidate_backdoors(marks),
        guesses.guess_depth(marks, 0, 2),
        guesses.guess_depth(marks, 2, 2),
        guesses.fewest_guesses(marks, 0, 2),
        guesses.fewest_guesses(marks, 2, 2),
        braids.b_rating(marks, 6),
        bxb.bxb_rating(marks, 2) if depth.value == 2 else None,
        bxb.bxbb_rating(marks, 1) if depth.value == 3 else None,
    )


@pytest.fixture
def on_both(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """The C chosen (the test switches to the pure Python with ``pure``), and the choice
    forgotten after."""
    monkeypatch.setenv(ENV, "native")
    native.reset()
    yield monkeypatch
    monkeypatch.undo()
    native.reset()


def pure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, "pure")
    native.reset()
    assert native.depth(CLASSIC_BOARD) is None


def the_same_on_both(monkeypatch: pytest.MonkeyPatch, words: str, puzzle: str) -> None:
    marks = marks_of(words, puzzle)
    assert native.active() and native.depth(marks.board) is not None  # the C measures it
    fast = every_measure(marks)
    pure(monkeypatch)
    assert every_measure(marks) == fast


@NEEDS_C
@pytest.mark.parametrize(
    ("words", "puzzle"),
    [
        *sanitized(QUICK, SANITIZED),
        *(pytest.param(*q, marks=SLOW) for q in sanitized(LONGER, [])),
        *(pytest.param(*q, marks=SLOW) for q in sanitized(SPREAD, [])),
    ],
    ids=lambda v: v[:20],
)
def test_the_c_measures_a_variant_as_the_python_does(
    on_both: pytest.MonkeyPatch, words: str, puzzle: str
) -> None:
    the_same_on_both(on_both, words, puzzle)


@SLOW
@NEEDS_C
def test_the_c_rates_a_te2_non_consecutive_quiz_as_the_python_does(
    on_both: pytest.MonkeyPatch,
) -> None:
    """T&E-depth 2 under non-consecutive: the depth, BxB (T&E(B_x, 1)), and T&E(B_1, 2), the
    BxBB search (its figure 1 or less here: no T&E(3) quiz of variant rules is at hand), in
    the C and in the Python."""
    marks = marks_of(*CLIMBED[3])
    solution = unique_solution(marks)
    fast = native.bxbb_rating(marks.board)
    assert fast is not None
    rated = (te.te_depth(marks), bxb.bxb_rating(marks, 2), fast(marks.cands, 1, bytes(solution)))
    assert rated[0].value == 2
    pure(on_both)
    assert native.bxbb_rating(marks.board) is None
    assert rated == (
        te.te_depth(marks),
        bxb.bxb_rating(marks, 2),
        bxb.rating(list(marks.cands), 1, solution, marks.board, depth=2),
    )


@NEEDS_C
@pytest.mark.parametrize(("words", "puzzle"), [HARDER[1], HARDER[3]], ids=lambda v: v[:20])
def test_the_cs_backdoors_and_depth_are_the_rules(
    on_both: pytest.MonkeyPatch, words: str, puzzle: str
) -> None:
    """The C's answers held to the tests' own rules: T&E(1) and not BRT solves the quiz, and
    its backdoors are those brute force finds."""
    oracle = Oracle(words.split(","))
    state = oracle.state(puzzle)
    (solution,) = Rules(words.split(",")).solutions([int(c) if c.isdigit() else 0 for c in puzzle])
    marks = marks_of(words, puzzle)
    assert native.depth(marks.board) is not None
    assert not oracle.brt_solves(state) and oracle.te1([set(s) for s in state])
    assert te.te_depth(marks).value == 1
    cells, wrong = oracle.backdoors(state, solution)
    assert backdoors.brt_backdoors(marks) == cells
    assert backdoors.candidate_backdoors(marks) == wrong


@NEEDS_C
def test_a_board_of_more_houses_than_the_c_holds_is_measured_by_the_python(
    on_both: pytest.MonkeyPatch,
) -> None:
    """Classic sudoku's houses three times over (81, past the C's 64) leave the rules as
    they are: the Python measures the quiz, as the C does on the classic board."""
    tripled = Board(CLASSIC_BOARD.houses * 3, CLASSIC_BOARD.peers, CLASSIC_BOARD.apart, rules="x")
    assert not native.follows(tripled) and native.depth(tripled) is None
    assert native.follows(board_for("windoku"))
    on_classic = Marks.from_sukaku(BACKDOOR_1)
    on_tripled = Marks(on_classic.cands, tripled)
    assert te.te_depth(on_tripled) == te.te_depth(on_classic)
    assert backdoors.brt_backdoors(on_tripled) == backdoors.brt_backdoors(on_classic)
