"""``rate --format json``: every figure a number, a bound (``>12``, ``>=8.5``)
the number and ``<key>_bound`` beside it, and every key of a row of one type, the one
docs/rating.md gives it ("JSON rows: every key and its type"), in rows that hit a limit and rows
that do not; a JSON job stopped is continued from its rows as written.

The types are read from the document itself: a key it does not name, or a value of another
type, fails. The rows of hand-made ratings are written out here by hand.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sudoku_repl.core.quiz import Quiz
from sudoku_repl.frontends.rate_cli import main_rate
from sudoku_repl.tools.rating.kept import row_reader
from sudoku_repl.tools.rating.rate import Rating
from sudoku_repl.tools.rating.rows import json_line
from tests.support.helpers import PUZZLES, REPO, SEED_QUIZ, slow_on_pure

DOC = REPO / "docs" / "rating.md"
DOTTED_SEED = SEED_QUIZ.replace("0", ".")
BACKDOOR_1 = "1.......2.3..2..4...25.63....76.58......7......92.86....59.37...7..5..9.9.......8"
SEVERAL = "1" + "." * 80
NONE = (PUZZLES / "invalid_no_solution.txt").read_text().splitlines()[0][:81]
#: a value's type, as the document's table names it
TYPES = {
    "integer": lambda v: type(v) is int,
    "number": lambda v: type(v) is float,
    "string": lambda v: type(v) is str,
    "boolean": lambda v: type(v) is bool,
    '`">"` or `">="`': lambda v: v in (">", ">="),
    '`">"`': lambda v: v == ">",
    '`">="`': lambda v: v == ">=",
}


def documented() -> dict[str, tuple[str, bool]]:
    """Each key docs/rating.md's JSON table names: (its type, whether it may be null)."""
    text = DOC.read_text()
    table = text[text.index("| key | type | null where | meaning |") :].split("\n\n", 1)[0]
    keys: dict[str, tuple[str, bool]] = {}
    for row in table.splitlines()[2:]:
        names, kind, null, _ = (cell.strip() for cell in row.strip("|").split(" | "))
        assert kind in TYPES, row
        for name in re.findall(r"`([a-z_0-9]+)`", names):
            keys[name] = (kind, null != "never")
    return keys


def assert_typed(rows: list[dict[str, object]]) -> None:
    """Every key of every row as documented; every row of a job the same keys."""
    keys = documented()
    assert len({tuple(row) for row in rows}) == 1
    for row in rows:
        for name, value in row.items():
            assert name in keys, f"{name} is not documented"
            kind, nullable = keys[name]
            if value is None:
                assert nullable, (name, row)
            else:
                assert TYPES[kind](value), (name, value, kind)


def json_rows(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines()[1:]]


def quiz_file(tmp_path: Path, quizzes: list[str]) -> Path:
    path = tmp_path / "quizzes.txt"
    path.write_text("".join(q + "\n" for q in quizzes))
    return path


# -- rows of real runs -------------------------------------------------------------------------


@slow_on_pure
def test_rows_that_hit_the_time_limit_and_rows_that_have_no_rating(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = quiz_file(tmp_path, [SEED_QUIZ, SEVERAL, NONE, BACKDOOR_1])
    scale = "se,te,b,backdoors,backdoors2,guess,spread"
    options = ["--scale", scale, "--isomorphs", "1", "--se-timeout", "1e-9", "--format", "json"]
    assert main_rate([str(path), *options]) == 0
    rows = json_rows(capsys.readouterr().out)
    assert_typed(rows)
    seed, several, none, door = rows
    assert (seed["er_bound"], seed["er_min_bound"], seed["er_canonical_bound"]) == (">=",) * 3
    assert isinstance(seed["er"], float) and seed["er"] <= 10.6  # (its rating: a lower bound)
    assert (seed["te"], seed["te_bound"], seed["bxb"], seed["b"]) == (2, None, 2, None)  # SHC's
    assert (door["te"], door["b"], door["b_bound"], door["backdoors"]) == (1, 9, None, 2)
    for unrated in (several, none):  # no figure, no text among the numbers
        assert all(unrated[k] is None for k in ("er", "ep", "ed", "te", "b", "er_min"))
    assert (several["solutions"], several["complete"]) == (2, False)
    assert none["solutions"] == 0  # (its search stopped at the time limit too, or ended)
    # A null ER says why, in the CSV's words; a rating's says nothing
    assert several["er_why"] == "several solutions"
    assert none["er_why"] in ("no solution", "search not finished")
    assert seed["er_why"] is None and door["er_why"] is None


def test_rows_that_hit_above_x_and_rows_that_do_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = quiz_file(tmp_path, [BACKDOOR_1, SEED_QUIZ])
    options = ["--scale", "se,te", "--above", "9.0", "--format", "json"]
    assert main_rate([str(path), *options]) == 0
    rows = json_rows(capsys.readouterr().out)
    assert_typed(rows)
    door, seed = rows
    assert (door["er"], door["er_bound"], door["ep"], door["ed"]) == (5.6, None, 5.2, 5.2)
    assert (seed["er"], seed["er_bound"], seed["ep_bound"]) == (9.0, ">", None)  # ER 10.6 > 9.0


# -- rows of hand-made ratings: every shape a figure has ---------------------------------------

PAST = Rating(
    34, 2, 157, 1, 6, 10, 0.5, True, er=">=8.5", ep=">=1.2", ed="1.2",
    measured=("te", "b", "backdoors", "guess", "spread"), te=">3", b=">12", bxb=None,
    backdoors=0, candidate_backdoors=3, guess_depth=">3", fewest_guesses=">3",
    er_min=">=8.4", er_median="9.0", er_max="10.0", er_canonical=None,
)  # fmt: skip
UNRATED = Rating(
    116, 46, 119, 2, 46, 46, 0.2, False, er="several solutions",
    measured=("te", "b", "backdoors", "guess", "spread"),
)  # fmt: skip


def test_a_rating_past_every_limit_is_numbers_and_bounds() -> None:
    row = json.loads(json_line(7, Quiz.from_string(SEED_QUIZ), PAST))
    assert row == {
        "line": 7, "quiz": DOTTED_SEED, "steps_first": 34, "biggest_first": 2,
        "steps_total": 157, "solutions": 1, "biggest_total": 6, "guesses": 10, "ms": 0.5,
        "complete": True,
        "er": 8.5, "er_bound": ">=", "er_why": None, "ep": 1.2, "ep_bound": ">=", "ed": 1.2,
        "ed_bound": None, "te": 3, "te_bound": ">", "b": 12, "b_bound": ">", "bxb": None, "bxb_bound": None,
        "bxbb": None, "bxbb_bound": None,
        "backdoors": 0, "candidate_backdoors": 3,
        "guess_depth": 3, "guess_depth_bound": ">", "fewest_guesses": 3,
        "fewest_guesses_bound": ">",
        "er_min": 8.4, "er_min_bound": ">=", "er_median": 9.0, "er_median_bound": None,
        "er_max": 10.0, "er_max_bound": None, "er_canonical": None, "er_canonical_bound": None,
    }  # fmt: skip
    unrated = json.loads(json_line(8, Quiz.from_string(SEED_QUIZ), UNRATED))
    assert unrated["er"] is None and unrated["er_bound"] is None and unrated["te"] is None
    assert unrated["er_why"] == "several solutions"  #
    assert_typed([row, unrated])


def test_json_rows_read_back_are_the_ratings_written() -> None:
    """What ``--out`` keeps of a stopped JSON job: each row read back is its rating, its text
    figures (``>=8.5``, ``several solutions``) as they were."""
    quiz = Quiz.from_string(SEED_QUIZ)
    read = row_reader("json", ("steps", "se", "te", "b", "backdoors", "guess", "spread"), None)
    for line, rating in ((7, PAST), (8, UNRATED)):
        back, quiz_back, rating_back = read(json_line(line, quiz, rating))
        assert (back, str(quiz_back), rating_back) == (line, DOTTED_SEED, rating)
    with pytest.raises(ValueError, match="b_bound '>>'"):
        read(json_line(7, quiz, PAST).replace('"b_bound": ">"', '"b_bound": ">>"'))
    with pytest.raises(ValueError, match="er_why 'no solution', want 'several solutions'"):
        read(json_line(8, quiz, UNRATED).replace('"several solutions"', '"no solution"'))
    with pytest.raises(ValueError, match="er_why 'no solution', want None"):
        read(json_line(7, quiz, PAST).replace('"er_why": null', '"er_why": "no solution"'))


def test_a_stopped_json_job_with_bounds_is_continued(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = quiz_file(tmp_path, [SEED_QUIZ, SEVERAL, BACKDOOR_1])
    job = [str(path), "--scale", "se,te", "--se-timeout", "1e-9", "--format", "json"]
    assert main_rate(job) == 0
    whole = capsys.readouterr().out.splitlines()
    out = tmp_path / "rows.jsonl"
    assert main_rate([*job, "--out", str(out)], lambda: True) == 130
    with out.open("a") as f:
        f.write(whole[1] + "\n" + whole[2] + "\n")  # (after the settings object)
    capsys.readouterr()
    assert main_rate([*job, "--out", str(out)]) == 0
    assert "(2 rows kept from the run that stopped)" in capsys.readouterr().err
    written = out.read_text().splitlines()
    assert [json.loads(line)["line"] for line in written[1:]] == [1, 2, 3]
    assert written[1:3] == whole[1:3]
