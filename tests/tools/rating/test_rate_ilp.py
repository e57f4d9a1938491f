"""``rate FILE --ilp``: HiGHS's solution count (to 2), CPU milliseconds and
branch-and-bound nodes beside the solver's own figures, in CSV and JSON, with one worker or
two; with ``--out``, its rows kept and continued after a stop, checked as the others are; its
refusals are one line and status 2."""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from sudoku_repl.frontends.rate_cli import main_rate
from sudoku_repl.tools.rating.rows import COLUMNS, ILP_COLUMNS, SE_COLUMNS
from tests.support.helpers import NEEDS_HIGHS, PUZZLES, edge_cases
from tests.support.rate_output import without_settings

MULTIPLE = PUZZLES / "multiple_solutions.txt"
INVALID = PUZZLES / "invalid_no_solution.txt"


def rated(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, str]]:
    assert main_rate(list(args)) == 0
    out = capsys.readouterr().out
    reader = csv.DictReader(io.StringIO(without_settings(out)))
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
    records = [json.loads(line) for line in without_settings(capsys.readouterr().out).splitlines()]
    # (JSON's SE figures are numbers, each with its bound beside it; er
    # with er_why too, why it is null)
    se_keys = ["er", "er_bound", "er_why", "ep", "ep_bound", "ed", "ed_bound"]
    assert [list(r) for r in records] == [list(COLUMNS) + se_keys + list(ILP_COLUMNS)] * 2
    assert all(r["ilp_solutions"] == 1 for r in records)  # (top95: one solution each)
    assert main_rate([top95, "--limit", "2", "--ilp", "--scale", "se"]) == 0
    header = without_settings(capsys.readouterr().out).splitlines()[0]
    assert header == ",".join(COLUMNS + SE_COLUMNS + ILP_COLUMNS)


# -- with --out: kept and continued --------------------------------------------------------------


def begun(tmp_path: Path, capsys: pytest.CaptureFixture[str], job: list[str]) -> tuple[Path, str]:
    """The job's rows as a whole run writes them, and its --out file begun by a run stopped
    before its first row (its header, its job file)."""
    assert main_rate(job) == 0
    whole = capsys.readouterr().out
    out = tmp_path / "rows.out"
    assert main_rate([*job, "--out", str(out)], lambda: True) == 130
    assert (tmp_path / "rows.out.unfinished").exists()
    capsys.readouterr()
    return out, whole


def but_times(text: str, fmt: str) -> list[object]:
    """The rows without the times (``ms``, ``ilp_ms``), which differ from run to run."""
    if fmt == "json":
        times = ("ms", "ilp_ms")
        return [
            {k: v for k, v in json.loads(line).items() if k not in times}
            for line in without_settings(text).splitlines()
        ]
    rows = list(csv.DictReader(io.StringIO(without_settings(text))))
    return [{k: v for k, v in row.items() if k not in ("ms", "ilp_ms")} for row in rows]


@NEEDS_HIGHS
@pytest.mark.parametrize(
    ("fmt", "scale"), [("csv", "steps"), ("json", "steps"), ("csv", "se"), ("json", "both")]
)
def test_a_stopped_ilp_job_is_continued_with_its_rows_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str, scale: str
) -> None:
    """Two rows of a whole run (HiGHS's columns and, with --scale se, Sudoku Explainer's too)
    left in --out by a run that stopped are kept, read back and checked as rows of the job, and
    the rest rated: the file ends as the whole run's rows, the header with HiGHS's columns."""
    job = [str(MULTIPLE), "--limit", "4", "--ilp", "--format", fmt, "--scale", scale]
    out, whole = begun(tmp_path, capsys, job)
    lines = whole.splitlines(keepends=True)
    rows = lines[2:] if fmt == "csv" else lines[1:]  # (past the settings line, the header)
    with out.open("a") as f:
        f.write("".join(rows[:2]))
    assert main_rate([*job, "--out", str(out)]) == 0
    assert "(2 rows kept from the run that stopped)" in capsys.readouterr().err
    written = out.read_text()
    assert written.splitlines(keepends=True)[: len(lines) - 2] == lines[:-2]  # kept as they were
    assert but_times(written, fmt) == but_times(whole, fmt)
    if fmt == "csv":
        names = COLUMNS + (SE_COLUMNS if scale != "steps" else ()) + ILP_COLUMNS
        assert written.splitlines()[1] == ",".join(names)
    assert not (tmp_path / "rows.out.unfinished").exists()


@NEEDS_HIGHS
@pytest.mark.parametrize(("first", "then"), [(["--ilp"], []), ([], ["--ilp"])])
def test_a_continued_run_with_another_ilp_setting_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], first: list[str], then: list[str]
) -> None:
    out = tmp_path / "rows.csv"
    job = [str(MULTIPLE), "--limit", "3", "--out", str(out)]
    assert main_rate([*job, *first], lambda: True) == 130
    kept = out.read_bytes()
    capsys.readouterr()
    assert main_rate([*job, *then]) == 2
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err == (
        f"sudoku-repl rate: {out} holds the unfinished rows of another job (--ilp differ); give "
        "--restart to begin anew, or another --out.\n"
    )
    assert out.read_bytes() == kept  # nothing changed


def refused_to_continue(
    capsys: pytest.CaptureFixture[str], job: list[str], out: Path, kept: str, line: int, fault: str
) -> None:
    """--out holding ``kept`` (a row changed), the job is not continued: one line naming the
    file's ``line`` and the ``fault``, status 2, nothing changed."""
    out.write_text(kept)
    assert main_rate([*job, "--out", str(out)]) == 2
    said = capsys.readouterr()
    assert said.err.count("\n") == 1, said.err
    assert said.err.startswith(
        f"sudoku-repl rate: Cannot continue {out}: line {line} is not a row of rate ("
    )
    assert fault in said.err and said.err.endswith("); --restart begins anew.\n")
    assert out.read_text() == kept


#: a kept CSV row of an --ilp job changed, and the fault its refusal names (the quiz: the first
#: of multiple_solutions.txt, whose whole search finds 125 solutions: HiGHS's count is 2)
ILP_CSV_CORRUPTIONS: dict[str, tuple[Callable[[dict[str, str]], None], str]] = {
    "a count past 2": (lambda r: r.update(ilp_solutions="3"), "ilp_solutions 3"),
    "one solution where the search found more": (
        lambda r: r.update(ilp_solutions="1"),
        "ilp_solutions 1, the search ended with 125 (HiGHS counts to 2)",
    ),
    "no solution where the search found some": (
        lambda r: r.update(ilp_solutions="0"),
        "ilp_solutions 0",
    ),
    "a negative time": (lambda r: r.update(ilp_ms="-1.0"), "ilp_ms -1.0"),
    "a time not a number": (lambda r: r.update(ilp_ms="nan"), "ilp_ms nan"),
    "a time to its hundredth": (lambda r: r.update(ilp_ms="1.25"), "not as csv rows are written"),
    "negative nodes": (lambda r: r.update(ilp_nodes="-1"), "ilp_nodes -1"),
    "nodes not whole": (lambda r: r.update(ilp_nodes="1.5"), "invalid literal"),
    "no count": (lambda r: r.update(ilp_solutions=""), "no HiGHS's columns with --ilp"),
}


@NEEDS_HIGHS
@pytest.mark.parametrize("corruption", ILP_CSV_CORRUPTIONS)
def test_a_kept_ilp_row_no_run_could_give_is_refused_naming_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], corruption: str
) -> None:
    job = [str(MULTIPLE), "--limit", "2", "--ilp"]
    out, whole = begun(tmp_path, capsys, job)
    settings, header, first, _ = whole.splitlines(keepends=True)
    cells = dict(zip(header.rstrip("\n").split(","), first.rstrip("\n").split(",")))
    assert cells["ilp_solutions"] == "2" and cells["solutions"] == "125"
    change, fault = ILP_CSV_CORRUPTIONS[corruption]
    change(cells)
    kept = settings + header + ",".join(cells.values()) + "\n"
    refused_to_continue(capsys, job, out, kept, 3, fault)


@NEEDS_HIGHS
@pytest.mark.parametrize(
    ("ilp", "change", "fault"),
    [
        (True, lambda r: r.pop("ilp_nodes"), "not as json rows are written"),
        (True, lambda r: r.update(ilp_solutions="2"), "not as json rows are written"),
        (False, lambda r: r.update(ilp_solutions=2, ilp_ms=1.0, ilp_nodes=0), "without --ilp"),
    ],
    ids=["a column dropped", "a count as text", "HiGHS's columns in a job without --ilp"],
)
def test_a_kept_json_row_with_highs_columns_wrong_is_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    ilp: bool,
    change: Callable[[dict[str, object]], None],
    fault: str,
) -> None:
    job = [str(MULTIPLE), "--limit", "2", "--format", "json", *(["--ilp"] if ilp else [])]
    out, whole = begun(tmp_path, capsys, job)
    settings, first = whole.splitlines(keepends=True)[:2]
    record = json.loads(first)
    change(record)
    refused_to_continue(capsys, job, out, settings + json.dumps(record) + "\n", 2, fault)


def test_ilp_without_highs_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "highspy", None)  # (an import of it raises ImportError)
    assert main_rate([str(MULTIPLE), "--ilp"]) == 2
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err.count("\n") == 1  # (what to type: test_extras.py)
    assert said.err.startswith(
        "sudoku-repl rate: --ilp: HiGHS (the highspy package) is not installed: pip install "
    )


def test_a_row_with_ilp_columns_is_what_the_csv_module_writes() -> None:
    from sudoku_repl.core.quiz import Quiz
    from sudoku_repl.tools.rating.rate import Rating
    from sudoku_repl.tools.rating.rows import csv_row, fields

    quiz = Quiz.from_string("." * 81)
    plain = Rating(5, 1, 9, 2, 1, 1, 0.25, True, ilp_solutions=2, ilp_ms=3.14159, ilp_nodes=7)
    assert csv_row(3, quiz, plain) == f"3,{'.' * 81},5,1,9,2,1,1,0.2,true,2,3.1,7\n"
    assert fields(3, quiz, plain)["ilp_ms"] == 3.1
    both = Rating(None, None, 9, 0, 1, 1, 0.0, True, "no solution", None, None, 0, 12.0, 3)
    assert csv_row(4, quiz, both) == f"4,{'.' * 81},,,9,0,1,1,0.0,true,no solution,,,0,12.0,3\n"
    assert list(fields(4, quiz, both)) == list(COLUMNS + SE_COLUMNS + ILP_COLUMNS)
