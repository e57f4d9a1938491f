"""``sudoku_repl.difficulty`` and ``Session.difficulty`` (issue 60): a typed dossier of a
puzzle, a pencil-mark line or a session's state. The figures are SHC 6.2's and the issue's
(``tests/data/difficulty_shc_sample.txt``)."""

from __future__ import annotations

import attrs
import pytest

import sudoku_repl
from sudoku_repl import Dossier, Session, UserError
from tests.support.helpers import PUZZLES, SEED, SLOW, TEST_DATA
from tests.techniques.difficulty import oracle

BACKDOOR_1 = "1.......2.3..2..4...25.63....76.58......7......92.86....59.37...7..5..9.9.......8"


def shc_sample() -> list[tuple[str, int, int | None, int | None]]:
    rows = []
    for line in (TEST_DATA / "difficulty_shc_sample.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            puzzle, te, b, bxb = line.split()
            rows.append(
                (puzzle, int(te), None if b == "-" else int(b), None if bxb == "-" else int(bxb))
            )
    return rows


#: B9 and B2B take seconds natively, half a minute each in pure Python: slow tests
@pytest.mark.parametrize(
    ("puzzle", "te", "b", "bxb"),
    [
        pytest.param(*row, marks=SLOW) if row[2] == 9 or row[3] is not None else row
        for row in shc_sample()
    ],
)
def test_the_figures_are_shcs(puzzle: str, te: int, b: int | None, bxb: int | None) -> None:
    done = sudoku_repl.difficulty(puzzle, "te,b")
    assert isinstance(done, Dossier) and attrs.has(type(done))
    assert (done.figures.te.value, done.figures.b.value, done.figures.bxb.value) == (te, b, bxb)  # type: ignore[union-attr]


def test_backdoor_1_has_its_two_backdoors_named_by_cell_and_digit() -> None:
    done = sudoku_repl.difficulty(BACKDOOR_1, ["backdoors"])
    # 8 at r1c2 (cell 1), 9 at r1c5 (cell 4): the issue's
    assert done.figures.backdoors == ((1, 8), (4, 9))
    assert done.settings.measures == ("backdoors",)
    assert done.settings.version == sudoku_repl.__version__


def test_size_2_candidate_backdoors_where_asked_are_the_brute_force_s() -> None:
    """``backdoors2``: the pairs of wrong candidates found by trying every pair with the
    tests' own singles (``oracle``), on a puzzle and on a session; not in the default
    dossier."""
    _, pairs = oracle.candidate_backdoors(BACKDOOR_1)
    done = sudoku_repl.difficulty(BACKDOOR_1, "backdoors2")
    assert done.settings.measures == ("backdoors", "backdoors2")  # (size 1 beside)
    assert done.figures.candidate_backdoors2 is not None
    assert set(done.figures.candidate_backdoors2) == pairs
    assert len(done.figures.candidate_backdoors2) == len(pairs) == 19
    session = Session.from_quiz(BACKDOOR_1)
    assert session.difficulty(["backdoors2"]).figures.candidate_backdoors2 == (
        done.figures.candidate_backdoors2
    )
    assert (
        "backdoors2" not in sudoku_repl.difficulty(BACKDOOR_1, None, isomorphs=1).settings.measures
    )


def test_a_pencil_mark_line_of_the_puzzle_gives_its_figures() -> None:
    """Backdoor #1 as a sukaku written by hand: a given its digit, an empty cell all nine."""
    line = "".join(
        "".join(str(d) if ch == "." or ch == str(d) else "." for d in range(1, 10))
        for ch in BACKDOOR_1
    )
    done = sudoku_repl.difficulty(line, "te,backdoors")
    assert done.figures.te.value == 1  # type: ignore[union-attr]
    assert done.figures.backdoors == ((1, 8), (4, 9))


def test_a_session_at_its_step_and_its_quiz() -> None:
    session = Session.from_quiz(BACKDOOR_1)
    quiz = session.difficulty("te", quiz=True)
    assert quiz.marks is None and quiz.figures.te.value == 1  # type: ignore[union-attr]
    session.run()  # to the first solution: every value placed
    solved = sudoku_repl.difficulty(session, "te")
    assert solved.marks is not None and 0 not in solved.values
    assert solved.figures.te.value == 0  # type: ignore[union-attr]  # (a solved grid: BRT)


def test_a_puzzle_without_one_solution_is_unrated() -> None:
    none = (PUZZLES / "invalid_no_solution.txt").read_text().splitlines()[0]
    done = sudoku_repl.difficulty(none, "te")
    assert (done.unrated, done.figures.te) == ("it has no solution", None)
    assert sudoku_repl.difficulty("." * 81, "te").unrated == "it has several solutions"


def test_the_session_is_left_at_its_step() -> None:
    session = Session.from_quiz(SEED)
    session.goto(7)
    before = session.show()
    assert session.difficulty("te").unrated is None
    assert (session.state().steps, session.show()) == (7, before)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ("123", "te"),
            "Not a puzzle: 3 characters, want 81 (a puzzle) or 729 (a pencil-mark line).",
        ),
        (
            (BACKDOOR_1, "te,x"),
            "'x' is no measure: want a comma list of steps, se, te, b, backdoors, backdoors2, guess, spread (both: steps,se), not 'te,x'",
        ),
    ],
)
def test_bad_input_is_one_line(args: tuple[str, str], said: str) -> None:
    with pytest.raises(UserError) as refused:
        sudoku_repl.difficulty(*args)
    assert refused.value.line == said
