"""``rate --scale se --above X`` / ``--below X``: a quiz's Sudoku Explainer
rating stops once its ER is known to be above X, and its row says ``>X``.

The expected rows are worked out from the committed ratings (``tests/data/se_rated_slice.txt``:
the bank's ER, serate's EP and ED; ``puzzles/se_rated_diabolical2000.txt``: the bank's ER), by
the rule the docs give (docs/se_rating.md, "Early exits"), not by this code: a quiz rated X or
less is rated whole; one above X says ER ``>X``, and EP and ED are their figures where the path
reached them before it stopped, else ``>X``. ED is the first step: reached unless ``--below``
stops before it (ED above X). EP is reached when it is at most X (the first placement comes
before any step above X); when it is above X, ``--below`` stops before it, and ``--above`` may
or may not have placed a value with the step it stopped after (either is right)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from sudoku_repl.frontends.rate_cli import main_rate
from sudoku_repl.tools.rating.rows import COLUMNS, SE_COLUMNS
from tests.support.helpers import PUZZLES, TEST_DATA, read_lines
from tests.support.rate_output import figure_text, without_settings

SLICE = [line.split() for line in read_lines(TEST_DATA / "se_rated_slice.txt")]
BANK = [line.split() for line in read_lines(PUZZLES / "se_rated_diabolical2000.txt")]
#: slice lines (from 1) that rate in a fraction of a second: ER/EP/ED 7.2/1.2/1.2,
#: 7.2/7.2/2.6, 7.1/3.4/2.6, 5.5/1.0/1.0, 8.2/1.2/1.2
QUICK = (3, 13, 16, 8, 2)
#: bank lines (from 1) with only an ER, 9.0 and 8.9: rated with --below X < 7.5 only (quick)
BANK_LINES = (77, 131)


def quiz_file(tmp_path: Path, bank: bool = False) -> tuple[Path, list[tuple[str, ...]]]:
    """The QUICK quizzes (and the BANK_LINES ones), and the committed (ER, EP, ED) of each
    (EP, ED None where only ER is known)."""
    rows: list[tuple[str, ...]] = [tuple(SLICE[k - 1]) for k in QUICK]
    if bank:
        rows += [(*BANK[k - 1], "", "") for k in BANK_LINES]
    path = tmp_path / "quizzes.txt"
    path.write_text("".join(row[0] + "\n" for row in rows), encoding="utf-8")
    return path, [row[1:] for row in rows]


def accepted(figures: tuple[str, ...], x: float, above: bool) -> list[set[str]]:
    """The values each of er, ep, ed may have in the row (the module's rule)."""
    er, ep, ed = figures
    over = f">{x:.1f}"
    if float(er) <= x:
        return [{er}, {ep}, {ed}]
    if not ep:  # only ER is committed
        return [{over}, set(), set()]
    ed_ok = {ed} if above or float(ed) <= x else {over}
    ep_ok = {ep} if float(ep) <= x else {ep, over} if above else {over}
    return [{over}, ep_ok, ed_ok]


def rows_of(text: str, format: str) -> list[dict[str, object]]:
    """The rows, their Sudoku Explainer's figures as the CSV writes them (``>X``)."""
    if format == "json":
        rows = [json.loads(line) for line in without_settings(text).splitlines()]
        return [{**row, **{c: figure_text(row, c) for c in SE_COLUMNS}} for row in rows]
    reader = csv.DictReader(io.StringIO(without_settings(text)))
    assert tuple(reader.fieldnames or ()) == COLUMNS + SE_COLUMNS
    return list(reader)


@pytest.mark.parametrize(
    "option, x, format, bank",
    [
        ("--below", 7.1, "csv", True),
        ("--above", 7.1, "json", False),
        ("--below", 2.5, "csv", False),
    ],
)
def test_rows_say_above_x_as_the_committed_ratings_have_it(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    option: str,
    x: float,
    format: str,
    bank: bool,
) -> None:
    path, figures = quiz_file(tmp_path, bank)
    assert main_rate([str(path), "--scale", "se", option, str(x), "--format", format]) == 0
    out, err = capsys.readouterr()
    rows = rows_of(out, format)
    assert len(rows) == len(figures)
    for row, committed in zip(rows, figures, strict=True):
        for name, ok in zip(SE_COLUMNS, accepted(committed, x, option == "--above"), strict=True):
            assert not ok or row[name] in ok, (row["line"], name, row[name], ok)
    above = sum(float(f[0]) > x for f in figures)
    assert f"; {above} quizzes with ER above {x:.1f} (rating stopped there);" in err
    assert err.count("\n") == 1


def test_below_the_lowest_step_every_figure_is_above(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ER 7.1, EP 3.4, ED 2.6: with --below 2.5 not even the first step is taken."""
    path = tmp_path / "one.txt"
    path.write_text(SLICE[15][0] + "\n")
    assert main_rate([str(path), "--scale", "both", "--below", "2.5"]) == 0
    (row,) = rows_of(capsys.readouterr().out, "csv")
    assert (row["er"], row["ep"], row["ed"]) == (">2.5", ">2.5", ">2.5")


def test_a_stopped_job_is_continued_with_its_rows_above_x_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The first two rows of the whole run, left in --out by a run that stopped, are kept (read
    back and checked as rows of the job) and the rest rated: the whole run's rows but ms."""
    path, _ = quiz_file(tmp_path)
    job = [str(path), "--scale", "se", "--below", "7.1"]
    assert main_rate(job) == 0
    whole = capsys.readouterr().out.splitlines()
    out = tmp_path / "rows.csv"
    assert main_rate([*job, "--out", str(out)], lambda: True) == 130  # the job begun, no row
    assert (tmp_path / "rows.csv.unfinished").exists()
    with out.open("a") as f:
        # (after the settings line and the header) line 2: >7.1 and 1.2
        f.write("".join(line + "\n" for line in whole[2:4]))
    assert ">7.1" in whole[3]
    capsys.readouterr()
    assert main_rate([*job, "--out", str(out)]) == 0
    assert "(2 rows kept from the run that stopped)" in capsys.readouterr().err
    assert _but_ms(out.read_text().splitlines()) == _but_ms(whole)
    assert not (tmp_path / "rows.csv.unfinished").exists()


def _but_ms(lines: list[str]) -> list[list[str]]:
    ms = COLUMNS.index("ms")
    return [row[:ms] + row[ms + 1 :] for row in csv.reader(lines)]


@pytest.mark.parametrize(
    "other, said",
    [
        (["--below", "7.0"], "(--below differ)"),
        (["--above", "7.1"], "(--above, --below differ)"),
        ([], "(--below differ)"),
    ],
)
def test_another_limit_is_another_job(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], other: list[str], said: str
) -> None:
    path, _ = quiz_file(tmp_path)
    out = tmp_path / "rows.csv"
    job = [str(path), "--scale", "se", "--out", str(out)]
    assert main_rate([*job, "--below", "7.1"], lambda: True) == 130
    capsys.readouterr()
    assert main_rate([*job, *other]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "holds the unfinished rows of another job" in err, err
    assert said in err


@pytest.mark.parametrize(
    "row, fault",
    [
        (",>7.0,1.2,1.2", "er '>7.0'"),  # another limit than the job's
        (",>7.1,1.2,>=1.2", "ed '>=1.2'"),
        (",7.9,1.2,1.2", "er '7.9' past --below 7.1"),  # a rating above X is never whole
    ],
)
def test_a_kept_row_the_limit_could_not_give_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], row: str, fault: str
) -> None:
    path, _ = quiz_file(tmp_path)
    out = tmp_path / "rows.csv"
    job = [str(path), "--scale", "se", "--below", "7.1", "--out", str(out)]
    assert main_rate(job, lambda: True) == 130
    quiz = SLICE[QUICK[0] - 1][0].replace("0", ".")
    with out.open("a") as f:
        f.write(f"1,{quiz},45,3,81,1,4,9,1.0,true{row}\n")
    capsys.readouterr()
    assert main_rate(job) == 2
    err = capsys.readouterr().err
    # (line 3: after the settings line and the header)
    assert err.startswith(f"sudoku-repl rate: Cannot continue {out}: line 3 is not a row")
    assert fault in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "args, said",
    [
        (["--below", "9.05"], "argument --below: want a rating from 1.0 to 20.0, to a tenth"),
        (["--above", "x"], "argument --above: want a rating from 1.0 to 20.0"),
        (["--above", "0.5"], "argument --above: want a rating from 1.0 to 20.0"),
        (["--above", "9", "--below", "9"], "argument --below: not allowed with argument --above"),
    ],
)
def test_a_bad_limit_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    path, _ = quiz_file(tmp_path)
    assert main_rate([str(path), "--scale", "se", *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and said in err, err


def test_a_limit_needs_sudoku_explainers_scale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = quiz_file(tmp_path)
    assert main_rate([str(path), "--below", "9"]) == 2
    assert capsys.readouterr() == (
        "",
        "sudoku-repl rate: --below 9.0 stops Sudoku Explainer's rating: add --scale se or "
        "--scale both\n",
    )
