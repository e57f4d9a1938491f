"""``rate FILE --ilp`` (issue 44): HiGHS's solution count (to 2), CPU milliseconds and
branch-and-bound nodes beside the solver's own figures, in CSV and JSON, with one worker or
two; its refusals are one line and status 2."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import pytest

from sudoku_repl.frontends.rate_cli import main_rate
from sudoku_repl.tools.rate_rows import COLUMNS, ILP_COLUMNS, SE_COLUMNS
from tests.support.helpers import NEEDS_HIGHS, PUZZLES, edge_cases

MULTIPLE = PUZZLES / "multiple_solutions.txt"
INVALID = PUZZLES / "invalid_no_solution.txt"


def rated(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, str]]:
    assert main_rate(list(args)) == 0
    out = capsys.readouterr().out
    reader = csv.DictReader(io.StringIO(out))
    assert tuple(reader.fieldnames or ()) == COLUMNS + ILP_COLUMNS
    return list(reader)


@NEEDS_HIGHS
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ilp_columns_count_solutions_to_two(capsys: pytest.CaptureFixture[str], jobs: str) -> None:
    """Quizzes of several solutions (the edge-case table's counts) and of none: HiGHS's count is
    the table's, to 2; the search's own solution sum is the table's too where it is whole."""
    expected = {e.puzzle: e.expected for e in edge_cases()}
    rows = rated(capsys, str(MULTIPLE), "--limit", "6", "--ilp", "--jobs", jobs)
    rows += rated(capsys, str(INVALID), "--limit", "4", "--ilp", "--jobs", jobs)
    assert len(rows) == 10
    for row in rows:
        want = expected[row["quiz"]]
        assert int(row["ilp_solutions"]) == min(2, 2 if want is None else want), row
        assert float(row["ilp_ms"]) >= 0 and int(row["ilp_nodes"]) >= 0
        if want is not None and want < 1000:
            assert int(row["solutions"]) == want


@NEEDS_HIGHS
def test_ilp_with_se_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    top95 = str(PUZZLES / "norvig_top95.txt")
    assert main_rate([top95, "--limit", "2", "--ilp", "--scale", "se", "--format", "json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [list(r) for r in records] == [list(COLUMNS + SE_COLUMNS + ILP_COLUMNS)] * 2
    assert all(r["ilp_solutions"] == 1 for r in records)  # (top95: one solution each)
    assert main_rate([top95, "--limit", "2", "--ilp", "--scale", "se"]) == 0
    header = capsys.readouterr().out.splitlines()[0]
    assert header == ",".join(COLUMNS + SE_COLUMNS + ILP_COLUMNS)


@NEEDS_HIGHS
def test_ilp_with_out_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "rows.csv"
    assert main_rate([str(MULTIPLE), "--ilp", "--out", str(target)]) == 2
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err == (
        "sudoku-repl rate: --ilp does not go with --out yet: leave one out (> FILE keeps the "
        "rows)\n"
    )
    assert not target.exists()


def test_ilp_without_highs_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "highspy", None)  # (an import of it raises ImportError)
    assert main_rate([str(MULTIPLE), "--ilp"]) == 2
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err == (
        "sudoku-repl rate: --ilp: HiGHS (the highspy package) is not installed: pip install "
        "'sudoku-repl[ilp]'\n"
    )


def test_a_row_with_ilp_columns_is_what_the_csv_module_writes() -> None:
    from sudoku_repl.core.quiz import Quiz
    from sudoku_repl.tools.rate import Rating
    from sudoku_repl.tools.rate_rows import csv_row, fields

    quiz = Quiz.from_string("." * 81)
    plain = Rating(5, 1, 9, 2, 1, 1, 0.25, True, ilp_solutions=2, ilp_ms=3.14159, ilp_nodes=7)
    assert csv_row(3, quiz, plain) == f"3,{'.' * 81},5,1,9,2,1,1,0.2,true,2,3.1,7\n"
    assert fields(3, quiz, plain)["ilp_ms"] == 3.1
    both = Rating(None, None, 9, 0, 1, 1, 0.0, True, "no solution", None, None, 0, 12.0, 3)
    assert csv_row(4, quiz, both) == f"4,{'.' * 81},,,9,0,1,1,0.0,true,no solution,,,0,12.0,3\n"
    assert list(fields(4, quiz, both)) == list(COLUMNS + SE_COLUMNS + ILP_COLUMNS)
