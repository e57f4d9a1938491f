"""``rate``'s CSV rows (``tools/rating/rows.py``): the common row (a 9x9 quiz, no Sudoku Explainer
columns) is written out at once; it is the row the csv module writes of the same record."""

from __future__ import annotations

import csv
import io

from hypothesis import given
from hypothesis import strategies as st

from sudoku_repl.core.quiz import Quiz
from sudoku_repl.tools.rating.rate import Rating
from sudoku_repl.tools.rating.rows import COLUMNS, csv_row, fields
from tests.support.helpers import SEED_QUIZ

QUIZ = Quiz.from_string(SEED_QUIZ)
#: how a row writes it: a dot for an empty cell
SHOWN = SEED_QUIZ.replace("0", ".")


def test_a_row_is_the_columns_in_order() -> None:
    found = Rating(131, 3, 442, 1, 4, 17, 12.345, True)
    assert csv_row(7, QUIZ, found) == f"7,{SHOWN},131,3,442,1,4,17,12.3,true\n"
    cut = Rating(None, None, 50, 0, 2, 5, 0.04, False)
    assert csv_row(1, QUIZ, cut) == f"1,{SHOWN},,,50,0,2,5,0.0,false\n"


@given(
    first=st.none() | st.integers(0, 10**9),
    biggest=st.integers(0, 81),
    total=st.integers(0, 10**9),
    solutions=st.integers(0, 10**6),
    guesses=st.integers(0, 10**6),
    ms=st.floats(0, 10**7, allow_nan=False),
    complete=st.booleans(),
    line=st.integers(1, 10**7),
)
def test_a_row_is_what_the_csv_module_writes_of_the_record(
    first: int | None,
    biggest: int,
    total: int,
    solutions: int,
    guesses: int,
    ms: float,
    complete: bool,
    line: int,
) -> None:
    rating = Rating(first, None if first is None else biggest, total, solutions, biggest, guesses,
                    ms, complete)  # fmt: skip
    record = fields(line, QUIZ, rating)
    assert list(record) == list(COLUMNS)
    values = ["" if v is None else str(v) for v in record.values()]
    values[COLUMNS.index("ms")] = f"{ms:.1f}"
    values[COLUMNS.index("complete")] = "true" if complete else "false"
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(values)
    assert csv_row(line, QUIZ, rating) == out.getvalue()
