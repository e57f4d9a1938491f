"""The cheap ways rating reads every quiz of a file: the clash test, the quiz string both ways,
and a rating's pickle (what a worker sends back), each against the plain way it replaces. (The
clash test and the quiz string take 300 examples, 100 under the sanitizers: hypothesis's
drawing, Python, is most of the time there.)"""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_repl.core.errors import QuizError
from sudoku_repl.core.geometry import CLASSIC, Geometry
from sudoku_repl.core.quiz import Quiz, check_clashes
from sudoku_repl.tools.rating.out import parse_csv
from sudoku_repl.tools.rating.rate import Rating
from sudoku_repl.tools.rating.rows import columns, csv_row
from tests.support.sweeps import sanitized

SAMURAI = Geometry.from_grids([(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)])


def twice_in_a_unit(givens: list[int], geo: Geometry) -> bool:
    """The plain test: some unit holds a nonzero value in two of its cells."""
    for unit in geo.units:
        values = [givens[c] for c in unit.cells if givens[c]]
        if len(values) != len(set(values)):
            return True
    return False


@st.composite
def sparse_givens(draw: st.DrawFn, geo: Geometry) -> list[int]:
    givens = [0] * geo.size
    cells = draw(st.lists(st.integers(0, geo.size - 1), max_size=40, unique=True))
    for cell in cells:
        givens[cell] = draw(st.integers(1, 9))
    return givens


@settings(max_examples=sanitized(300, 100), deadline=None)
@given(st.data())
def test_a_clash_is_refused_exactly_when_a_unit_gives_a_value_twice(data: st.DataObject) -> None:
    geo = data.draw(st.sampled_from([CLASSIC, SAMURAI]))
    givens = data.draw(sparse_givens(geo))
    if twice_in_a_unit(givens, geo):
        with pytest.raises(QuizError, match="appears twice in"):
            check_clashes(givens, geo)
    else:
        check_clashes(givens, geo)


@settings(max_examples=sanitized(300, 100), deadline=None)
@given(st.text(alphabet="0123456789.", min_size=81, max_size=81))
def test_a_quiz_string_reads_and_prints_as_its_characters_say(text: str) -> None:
    values = [0 if ch == "." else int(ch) for ch in text]
    if twice_in_a_unit(values, CLASSIC):
        with pytest.raises(QuizError):
            Quiz.from_string(text)
        return
    quiz = Quiz.from_string(text)
    assert list(quiz.givens) == values
    assert str(quiz) == text.replace("0", ".")


def test_characters_other_than_digits_and_dots_are_refused_as_before() -> None:
    with pytest.raises(ValueError):
        Quiz.from_string("x" * 81)
    # a digit of another script is still a digit to int(), as it always was
    assert Quiz.from_string("\u0661" + "." * 80).givens[0] == 1


def test_a_rating_crosses_a_pickle_unchanged() -> None:
    ratings = [
        Rating(12, 3, 40, 1, 4, 7, 1.25, True),
        Rating(None, None, 9, 0, 2, 1, 0.5, False, "no solution", ">=8.5", "1.2"),
    ]
    assert pickle.loads(pickle.dumps(ratings)) == ratings


def test_a_csv_row_quotes_what_needs_it_and_only_that() -> None:
    quiz = Quiz.from_string("1" + "." * 80)
    plain = csv_row(3, quiz, Rating(12, 3, 40, 1, 4, 7, 1.25, True))
    assert plain == f"3,1{'.' * 80},12,3,40,1,4,7,1.2,true\n"
    rated = csv_row(3, quiz, Rating(None, None, 9, 0, 2, 1, 0.5, False, "a,b", "1.2", "2.3"))
    assert rated == f'3,1{"." * 80},,,9,0,2,1,0.5,false,"a,b",1.2,2.3\n'


def test_a_row_kept_in_an_out_file_reads_back_as_it_was_written() -> None:
    """``--out`` continued reads its kept rows back: a row without quotes is split at its
    commas, one with quotes goes through the csv module; both give what was written (ms to its
    tenth, as written)."""
    quiz = Quiz.from_string("1" + "." * 80)
    ratings = [
        Rating(12, 3, 40, 1, 4, 7, 1.2, True),
        Rating(None, None, 9, 0, 2, 1, 0.5, False, "no solution", None, None),
        Rating(5, 1, 9, 1, 2, 1, 0.5, True, ">=8.5", ">=8.5", "1.2"),
        Rating(None, None, 9, 0, 2, 1, 0.5, False, "a,b", "1.2", "2.3"),  # quoted
    ]
    for rating in ratings:
        for ending in ("", "\r"):
            row = csv_row(7, quiz, rating)
            names = columns(se=rating.er is not None)
            assert parse_csv(row.replace("\n", ending + "\n"), names) == (7, quiz, rating)
    with pytest.raises(ValueError):
        parse_csv(f"7,1{'.' * 80},12,3,40\n")  # too few columns
