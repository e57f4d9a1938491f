"""``sudoku_repl.difficulty`` and ``Session.difficulty``: a typed dossier of a
puzzle, a pencil-mark line or a session's state. The figures are SHC 6.2's and the issue's
(``tests/data/difficulty_shc_sample.txt``)."""

from __future__ import annotations

import re

import attrs
import pytest

import sudoku_repl
from sudoku_repl import Dossier, Session, UserError
from sudoku_repl.techniques.difficulty import native as measures_native
from tests.support.helpers import (
    NEEDS_NATIVE_EXPLAINER,
    PUZZLES,
    SEED,
    SLOW,
    TEST_DATA,
    Shell,
    slow_on_pure,
)
from tests.techniques.difficulty import oracle

BACKDOOR_1 = "1.......2.3..2..4...25.63....76.58......7......92.86....59.37...7..5..9.9.......8"
B4 = "..345..8.4.6.........1...65.1.5.8.7....3...919...........8.....6....7.3...1.3..57"


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


@slow_on_pure
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
            "Invalid quiz: 3 characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed.",
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


# -- a Dossier read in Python ----------------------------------------------------------


def test_str_is_the_shells_dossier() -> None:
    """``print(dossier)``: the lines ``difficulty`` prints, for a puzzle and for a session's
    state (the same code makes both)."""
    shell = Shell()
    shell.ok(f"load-quiz {BACKDOOR_1}")
    done = sudoku_repl.difficulty(BACKDOOR_1, "te,backdoors")
    assert str(done).splitlines() == shell.ok("difficulty quiz --measures te,backdoors")
    session = Session.from_quiz(SEED)
    session.goto(7)
    seed = Shell.loaded()
    seed.ok("goto 7")
    assert str(session.difficulty("te,backdoors")).splitlines() == seed.ok(
        "difficulty --measures te,backdoors"
    )
    assert "\\x" not in str(done) and "b'" not in str(done)


def test_repr_is_one_short_line_of_the_figures() -> None:
    done = sudoku_repl.difficulty(BACKDOOR_1, "te,backdoors")
    assert repr(done) == "<Dossier of the quiz: te 1, backdoors 2, candidate_backdoors 0>"
    b4 = sudoku_repl.difficulty(B4, "b")  # (SHC's B4: its BxB not defined, left out)
    assert repr(b4) == "<Dossier of the quiz: te 1, b 4>"
    unrated = sudoku_repl.difficulty("." * 81, "te")
    assert repr(unrated) == "<Dossier of the quiz: several solutions>"


def test_named_gives_the_candidates_as_the_dossier_names_them() -> None:
    done = sudoku_repl.difficulty(BACKDOOR_1, "backdoors,guess")
    assert done.named == {
        "backdoors": ("8r1c2", "9r1c5"),  # SHC's and the issue's: 8 at r1c2, 9 at r1c5
        "candidate_backdoors": (),
        "guess_cells": ("8r1c2",),
    }
    pairs = sudoku_repl.difficulty(BACKDOOR_1, "backdoors2").named["candidate_backdoors2"]
    assert len(pairs) == 19 and all(
        re.fullmatch(r"[1-9]r[1-9]c[1-9]\+[1-9]r[1-9]c[1-9]", p) for p in pairs
    )


@NEEDS_NATIVE_EXPLAINER
def test_the_se_path_is_typed_and_in_sudoku_explainers_order() -> None:
    """Serate.jar's path of Backdoor #1 (``tests/commands/test_difficulty.py`` says how it was
    read): the techniques by rating, each with its count; the bottleneck's removals as
    candidates."""
    se = sudoku_repl.difficulty(BACKDOOR_1, "se").se
    assert se is not None
    assert [(t.name, t.count, t.least, t.most) for t in se.techniques] == [
        ("Hidden Single", 50, 1.0, 1.5), ("Direct Hidden Pair", 1, 2.0, 2.0),
        ("Naked Single", 3, 2.3, 2.3), ("Pointing", 2, 2.6, 2.6), ("Claiming", 1, 2.8, 2.8),
        ("Jellyfish", 2, 5.2, 5.2), ("WXYZ-Wing 137", 1, 5.6, 5.6),
    ]  # fmt: skip
    (bottleneck,) = se.bottlenecks
    assert (bottleneck.place, bottleneck.removes, bottleneck.places) == (
        19,
        ((22, 1), (39, 1)),  # 1 at r3c5 and at r5c4
        None,
    )


def test_a_dossier_stopped_keeps_the_measures_finished() -> None:
    """The dossier's own ``interrupted`` (what the shell's Ctrl-C sets): the figures before
    the stop, the measure it stopped in, those not measured."""
    from sudoku_repl.tools.difficulty.dossier import dossier, settings_of

    quiz = sudoku_repl.Quiz.from_string(BACKDOOR_1)
    doing: list[str] = []
    done = dossier(
        quiz.givens, None, settings_of("te,backdoors,guess"),
        lambda: doing[-1:] == ["guess"], doing.append,
    )  # fmt: skip
    assert doing == ["te", "backdoors", "guess"]
    assert (done.interrupted, done.unmeasured) == ("guess", ("guess",))
    assert done.figures.te is not None and done.figures.backdoors == ((1, 8), (4, 9))
    assert repr(done) == (
        "<Dossier of the quiz (interrupted: guess): te 1, backdoors 2, candidate_backdoors 0>"
    )


#: BxB and BxBB on the measures' C (the pure Python takes minutes)
NEEDS_NATIVE_DIFFICULTY = pytest.mark.skipif(
    not measures_native.active(), reason="BxBB: minutes in the measures' pure Python"
)


def shc_example(stem: str, index: int) -> tuple[str, int]:
    """Puzzle ``index`` (0-based) of SHC 6.2's ``STEM-input.txt`` and its published figure."""
    puzzles = (TEST_DATA / "shc" / f"{stem}-input.txt").read_text().splitlines()
    figures = (TEST_DATA / "shc" / f"{stem}-output-expected.txt").read_text().splitlines()[1:]
    return puzzles[index][:81], int(figures[index])


@NEEDS_NATIVE_DIFFICULTY
def test_a_t_e_3_puzzle_has_its_bxbb() -> None:
    puzzle, figure = shc_example("BxBB", 1)
    done = sudoku_repl.difficulty(puzzle, "te,b")
    assert done.figures.te is not None and done.figures.te.value == 3
    assert done.figures.bxbb is not None and done.figures.bxbb.value == figure == 2
    assert str(done).splitlines()[3].startswith("BxBB: B2BB (braids of braids of braids")


@SLOW
@NEEDS_NATIVE_DIFFICULTY
def test_bxb_goes_past_b7b() -> None:
    """SHC's first B8B example (some five CPU seconds)."""
    puzzle, figure = shc_example("BxB", 110)
    done = sudoku_repl.difficulty(puzzle, "b")
    assert done.figures.bxb is not None and done.figures.bxb.value == figure == 8
