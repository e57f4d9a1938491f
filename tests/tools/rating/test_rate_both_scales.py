"""``rate --scale both``: the solver's steps and biggest levels beside Sudoku
Explainer's ER, EP and ED, one row a quiz, in one pass; with ``--jobs``, ``--out`` continued
and ``--plot``.

Expected figures are not this code's: the seed quiz's steps and biggest levels are the
reference trace's (``seed_run_run``: 131 steps and level 11 to the first solution, 284 and
level 11 for the whole search; docs/rating.md: 27 new guesses); the other quizzes' ER, EP, ED
are the committed ones (``tests/data/se_rated_slice.txt``); the seed's Sudoku Explainer figures
are SukakuExplainer 1.15.10's ``serate`` (built from tag v1.15.10, default options, one
thread): ``10.6/1.2/1.2``, which ``--below 8.9`` writes ``>8.9``, 1.2, 1.2."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sudoku_repl.frontends.rate_cli import main_rate
from sudoku_repl.tools.rating.rows import COLUMNS, SE_COLUMNS
from tests.support.helpers import SEED_QUIZ, TEST_DATA, read_lines
from tests.support.rate_output import figure_text, without_settings

SLICE = [line.split() for line in read_lines(TEST_DATA / "se_rated_slice.txt")]
SVG = "{http://www.w3.org/2000/svg}"
#: the seed's figures: steps_first, biggest_first, steps_total, solutions, biggest_total,
#: guesses (the reference trace's and docs/rating.md's)
SEED_STEPS = ("131", "11", "284", "1", "11", "27")
#: serate 1.15.10's ER/EP/ED of the seed is 10.6/1.2/1.2: above 8.9
SEED_SE = (">8.9", "1.2", "1.2")
#: slice lines (from 1) of two quick quizzes: ER/EP/ED 7.2/1.2/1.2, 5.5/1.0/1.0
QUICK = (3, 8)


def quiz_file(tmp_path: Path) -> tuple[Path, list[tuple[str, ...]]]:
    """The seed, then the QUICK quizzes; and the Sudoku Explainer figures expected of each."""
    quizzes = [SEED_QUIZ] + [SLICE[k - 1][0] for k in QUICK]
    path = tmp_path / "both.txt"
    path.write_text("".join(q + "\n" for q in quizzes), encoding="utf-8")
    return path, [SEED_SE] + [tuple(SLICE[k - 1][1:]) for k in QUICK]


def figures(row: dict[str, object]) -> tuple[str, ...]:
    return tuple("" if row[c] is None else str(row[c]) for c in SE_COLUMNS)


@pytest.mark.parametrize("format, jobs", [("csv", "1"), ("json", "2")])
def test_both_scales_in_one_row_a_quiz(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], format: str, jobs: str
) -> None:
    path, expected = quiz_file(tmp_path)
    args = [str(path), "--scale", "both", "--below", "8.9", "--format", format, "--jobs", jobs]
    assert main_rate(args) == 0
    out, err = capsys.readouterr()
    if format == "csv":
        reader = csv.DictReader(io.StringIO(without_settings(out)))
        assert tuple(reader.fieldnames or ()) == COLUMNS + SE_COLUMNS
        rows: list[dict[str, object]] = list(reader)
    else:
        rows = [json.loads(line) for line in without_settings(out).splitlines()]
        bounded = ("er", "er_bound", "er_why", "ep", "ep_bound", "ed", "ed_bound")  #
        assert all(tuple(row) == COLUMNS + bounded for row in rows)
        rows = [{**row, **{c: figure_text(row, c) for c in SE_COLUMNS}} for row in rows]
    assert [figures(row) for row in rows] == expected
    seed = rows[0]
    assert tuple(str(seed[c]) for c in COLUMNS[2:8]) == SEED_STEPS
    assert [row["line"] for row in rows] == ([1, 2, 3] if format == "json" else ["1", "2", "3"])
    assert err.startswith("sudoku-repl rate: 3 quizzes rated; 0 malformed lines skipped; 1 quiz ")


def test_a_stopped_job_is_continued_and_the_plot_has_every_quiz(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--out keeps the seed's row of a run that stopped; the continued run rates the other two
    and draws all three: each a circle in each panel, the seed's (ER above 8.9) orange, and the
    tooltips say the ERs."""
    path, _ = quiz_file(tmp_path)
    plot = tmp_path / "plot.svg"
    job = [str(path), "--scale", "both", "--below", "8.9"]
    assert main_rate(job) == 0
    whole = capsys.readouterr().out.splitlines()
    out = tmp_path / "rows.csv"
    assert main_rate([*job, "--out", str(out)], lambda: True) == 130
    with out.open("a") as f:
        f.write(whole[2] + "\n")  # (after the settings line and the header)
    capsys.readouterr()
    assert main_rate([*job, "--out", str(out), "--plot", str(plot)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert "(1 row kept from the run that stopped)" in err[0]
    assert err[1] == (
        "sudoku-repl rate: Spearman rank correlation with ER over 2 quizzes: steps "
        f"{_rho(whole, 'steps_total')}, biggest level {_rho(whole, 'biggest_total')}; "
        f"plot written to {plot}."
    )
    root = ET.parse(plot).getroot()  # well-formed XML, an SVG document
    assert root.tag == f"{SVG}svg"
    panels = [g for g in root.iter(f"{SVG}g") if g.get("class", "").startswith("panel")]
    assert len(panels) == 2
    for panel in panels:
        points = [c for c in panel.iter(f"{SVG}circle") if c.get("class") == "quiz"]
        tips = [(p.findtext(f"{SVG}title") or "").split(",")[0] for p in points]
        assert tips == ["line 1: ER >8.9", "line 2: ER 7.2", "line 3: ER 5.5"]
        assert [p.get("stroke") for p in points] == ["#e07b00", None, None]
    legend = "".join(root.itertext())
    assert "orange: ER above 8.9 (the rating stopped there): 1" in legend


def _rho(lines: list[str], column: str) -> str:
    """Spearman's rho of two exact quizzes: 1.00 when the measure rises with ER, -1.00 when it
    falls, not defined on a tie (worked out here from the rows: two points, no ties in ER)."""
    # past the settings line; the seed's ER is not exact: left out
    rows = list(csv.DictReader(lines[1:]))[1:]
    (a, b) = [(float(r["er"]), int(r[column])) for r in rows]
    if a[1] == b[1]:
        return "not defined"
    return "1.00" if (a[0] < b[0]) == (a[1] < b[1]) else "-1.00"


def test_both_without_a_limit_is_the_se_scales_rows(capsys: pytest.CaptureFixture[str]) -> None:
    """``--scale se`` gave both already: the two names give the same rows (but ms)."""
    path = TEST_DATA / "se_rated_slice.txt"
    rows = {}
    for scale in ("se", "both"):
        assert main_rate([str(path), "--limit", "1", "--skip", "7", "--scale", scale]) == 0
        rows[scale] = [
            {k: v for k, v in row.items() if k != "ms"}
            for row in csv.DictReader(io.StringIO(without_settings(capsys.readouterr().out)))
        ]
    assert rows["se"] == rows["both"]
    assert [figures(r) for r in rows["both"]] == [tuple(SLICE[7][1:])]
