"""``rate --scale`` as a comma list: the order-free measures' columns, pencil-mark
(sukaku) lines, the settings line, and ``--out`` continued with them.

The expected figures are SHC 6.2's (``tests/data/difficulty_shc_sample.txt``, its source in
``tests/data/README.md``) and the issue's: Backdoor #1 has exactly two BRT backdoors.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

import sudoku_repl
from sudoku_repl.frontends.rate_cli import main_rate
from sudoku_repl.tools.rating.rows import COLUMNS, SE_COLUMNS
from tests.support.helpers import (
    NEEDS_NATIVE_EXPLAINER,
    NO_DASK,
    PUZZLES,
    SLOW,
    TEST_DATA,
    program_env,
    run_program,
)
from tests.support.rate_output import settings_of, stopped_with, without_settings
from tests.techniques.difficulty import oracle

SAMPLE = TEST_DATA / "difficulty_shc_sample.txt"
BACKDOOR_1 = "1.......2.3..2..4...25.63....76.58......7......92.86....59.37...7..5..9.9.......8"
FREE = (
    "te",
    "b",
    "bxb",
    "bxbb",
    "backdoors",
    "candidate_backdoors",
    "guess_depth",
    "fewest_guesses",
)
LUCK = ("steps_min", "steps_median", "steps_max", "biggest_min", "biggest_median", "biggest_max")


def shc_sample() -> list[tuple[str, str, str, str]]:
    """(puzzle, SHC's T&E-depth, B, BxB), ``""`` where SHC gives no figure."""
    rows = []
    for line in SAMPLE.read_text().splitlines():
        if line and not line.startswith("#"):
            puzzle, te, b, bxb = line.split()
            rows.append((puzzle, te, "" if b == "-" else b, "" if bxb == "-" else bxb))
    return rows


def quiz_file(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "quizzes.txt"
    path.write_text("".join(line + "\n" for line in lines))
    return path


def table(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(without_settings(text))))


def sukaku(puzzle: str) -> str:
    """A puzzle as a pencil-mark line, written here by hand: a given keeps its digit alone, an
    empty cell every digit (nothing eliminated: the measures' rules do that)."""
    return "".join(
        "".join(str(d) if ch in ".0" or ch == str(d) else "." for d in range(1, 10))
        for ch in puzzle
    )


#: B of B9 and of a T&E(2) puzzle's B2B take seconds natively, half a minute each in pure
#: Python: the whole sample's B is a slow test, the first three's (B0, B2, B4) a quick one
QUICK_B = 3


def test_te_b_backdoors_and_guess_columns_are_shcs_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sample = shc_sample()[:QUICK_B]
    path = quiz_file(tmp_path, [puzzle for puzzle, *_ in sample])
    assert main_rate([str(path), "--scale", "te,b,backdoors,guess"]) == 0
    out = capsys.readouterr().out
    assert settings_of(out)["scale"] == "steps,te,b,backdoors,guess"
    rows = table(out)
    assert tuple(rows[0]) == COLUMNS + FREE
    assert [(r["te"], r["b"], r["bxb"]) for r in rows] == [tuple(s[1:]) for s in sample]
    # a puzzle BRT solves (B0) needs no guess and has no backdoor
    assert (rows[0]["guess_depth"], rows[0]["fewest_guesses"], rows[0]["backdoors"]) == (
        "0",
        "0",
        "0",
    )


def test_bxbb_column_is_shcs_figure_for_a_te3_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SHC's first BxBB example is T&E(3) and B2BB (its expected output); the first of its
    sample, T&E(1), has a B and no BxBB."""
    bxbb = (TEST_DATA / "shc" / "BxBB-input.txt").read_text().splitlines()[0][:81]
    shc_bxbb = (TEST_DATA / "shc" / "BxBB-output-expected.txt").read_text().splitlines()[1]
    easy = shc_sample()[0]
    path = quiz_file(tmp_path, [bxbb, easy[0]])
    assert main_rate([str(path), "--scale", "te,b"]) == 0
    rows = table(capsys.readouterr().out)
    assert [(r["te"], r["b"], r["bxb"], r["bxbb"]) for r in rows] == [
        ("3", "", "", shc_bxbb),
        (easy[1], easy[2], "", ""),
    ]


def test_te_and_backdoors_of_the_whole_sample(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sample = shc_sample()
    path = quiz_file(tmp_path, [puzzle for puzzle, *_ in sample])
    assert main_rate([str(path), "--scale", "te,backdoors"]) == 0
    rows = table(capsys.readouterr().out)
    assert [r["te"] for r in rows] == [s[1] for s in sample]
    (door,) = [r for r in rows if r["quiz"] == BACKDOOR_1]
    assert door["backdoors"] == "2"  # 9 at r1c5, 8 at r1c2 (the issue)


@SLOW
def test_b_and_bxb_of_the_whole_sample_are_shcs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sample = shc_sample()
    path = quiz_file(tmp_path, [puzzle for puzzle, *_ in sample])
    assert main_rate([str(path), "--scale", "te,b,backdoors,guess", "--jobs", "2"]) == 0
    out = capsys.readouterr().out
    assert settings_of(out)["scale"] == "steps,te,b,backdoors,guess"
    rows = table(out)
    assert tuple(rows[0]) == COLUMNS + FREE
    assert [(r["te"], r["b"], r["bxb"]) for r in rows] == [tuple(s[1:]) for s in sample]
    (door,) = [r for r in rows if r["quiz"] == BACKDOOR_1]
    assert door["backdoors"] == "2"  # 9 at r1c5, 8 at r1c2 (the issue)
    # a puzzle BRT solves (B0) needs no guess and has no backdoor
    assert (rows[0]["guess_depth"], rows[0]["fewest_guesses"], rows[0]["backdoors"]) == (
        "0",
        "0",
        "0",
    )


def test_on_dask_the_measures_rows_are_those_without(tmp_path: Path) -> None:
    """``--executor dask`` (a local cluster of two worker processes): the same settings line
    and the same rows, times aside, as one local job; and they are SHC's figures, a quiz with
    several solutions' measures empty."""
    pytest.importorskip("distributed", reason=NO_DASK)
    sample = shc_sample()[:QUICK_B]
    many = (PUZZLES / "multiple_solutions.txt").read_text().splitlines()[0]
    path = quiz_file(tmp_path, [puzzle for puzzle, *_ in sample] + [many])
    scale = ["--scale", "te,b,backdoors,guess"]
    env = program_env(TMPDIR=str(tmp_path))  # the workers' scratch space
    # (timeout: a guard against a hang only; the cluster starts in seconds)
    one = run_program("rate", str(path), *scale, text=True, env=env, timeout=600)
    dask = run_program(
        "rate", str(path), *scale, "--executor", "dask", "--jobs", "2", text=True, env=env,
        timeout=600,
    )  # fmt: skip
    assert one.returncode == dask.returncode == 0, (one.stderr, dask.stderr)
    assert dask.stdout.splitlines()[0] == one.stdout.splitlines()[0]  # the settings line

    def rows(text: str) -> list[dict[str, str]]:
        return [{k: v for k, v in row.items() if k != "ms"} for row in table(text)]

    assert rows(dask.stdout) == rows(one.stdout)
    got = rows(dask.stdout)
    assert [(r["te"], r["b"], r["bxb"]) for r in got[:-1]] == [tuple(s[1:]) for s in sample]
    assert all(got[-1][name] == "" for name in FREE)  # (several solutions: no measure)
    assert dask.stderr.startswith("sudoku-repl rate: 4 quizzes rated;")


def test_json_rows_have_the_keys_and_the_first_object_says_the_settings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = quiz_file(tmp_path, [BACKDOOR_1])
    assert main_rate([str(path), "--scale", "te,backdoors", "--format", "json"]) == 0
    first, row = capsys.readouterr().out.splitlines()
    said = json.loads(first)
    assert said["settings"]["scale"] == "steps,te,backdoors" and said["sudoku_repl"]
    record = json.loads(row)
    assert (record["te"], record["backdoors"]) == (1, 2)  # SHC's T&E(1); the two


def test_backdoors2_adds_the_count_of_size_2_candidate_backdoors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--scale backdoors2``: column and key ``candidate_backdoors2``, the count the brute
    force finds (``oracle``: every pair of wrong candidates tried by the tests' own singles),
    beside the size-1 backdoors."""
    singles, pairs = oracle.candidate_backdoors(BACKDOOR_1)
    path = quiz_file(tmp_path, [BACKDOOR_1])
    assert main_rate([str(path), "--scale", "backdoors2"]) == 0
    out = capsys.readouterr().out
    assert settings_of(out)["scale"] == "steps,backdoors,backdoors2"
    (row,) = table(out)
    assert tuple(row) == (*COLUMNS, "backdoors", "candidate_backdoors", "candidate_backdoors2")
    assert (row["candidate_backdoors"], row["candidate_backdoors2"]) == (
        str(len(singles)),
        str(len(pairs)),
    )
    assert main_rate([str(path), "--scale", "te,backdoors2", "--format", "json"]) == 0
    record = json.loads(capsys.readouterr().out.splitlines()[1])
    assert (record["te"], record["candidate_backdoors2"]) == (1, len(pairs))


def test_a_stopped_backdoors2_job_keeps_its_rows_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A kept row's ``candidate_backdoors2`` is read back as ``rate`` wrote it."""
    path = quiz_file(tmp_path, [BACKDOOR_1, shc_sample()[0][0]])
    job = [str(path), "--scale", "backdoors2"]
    assert main_rate(job) == 0
    whole = capsys.readouterr().out.splitlines(keepends=True)
    out = tmp_path / "rows.csv"
    stopped_with(job, out, whole[2])  # Backdoor #1's row kept
    capsys.readouterr()
    assert main_rate([*job, "--out", str(out)]) == 0
    assert "(1 row kept from the run that stopped)" in capsys.readouterr().err
    text = out.read_text()
    assert text.splitlines(keepends=True)[:3] == whole[:3]  # settings, header, the kept row

    def figures(text: str) -> list[dict[str, str]]:  # (the times aside)
        return [{k: v for k, v in row.items() if k != "ms"} for row in table(text)]

    assert figures(text) == figures("".join(whole))
    assert table(text)[0]["candidate_backdoors2"] == "19"  # (the brute force's: test above)


def test_a_pencil_mark_line_is_rated_as_its_puzzle_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """729 characters: the measures are those of the puzzle it was written from (SHC's), and
    the original's search starts from its candidates and finds the one solution."""
    lines = [sukaku(puzzle) for puzzle, *_ in shc_sample()]
    path = quiz_file(tmp_path, lines)
    assert main_rate([str(path), "--scale", "te,backdoors"]) == 0
    rows = table(capsys.readouterr().out)
    assert [r["quiz"] for r in rows] == lines
    assert [r["te"] for r in rows] == [s[1] for s in shc_sample()]
    assert all((r["solutions"], r["complete"]) == ("1", "true") for r in rows)
    assert rows[-1]["backdoors"] == "2"


def test_a_bad_pencil_mark_line_is_one_malformed_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = "x" + sukaku(BACKDOOR_1)[1:]
    empty = "." * 9 + sukaku(BACKDOOR_1)[9:]
    path = quiz_file(tmp_path, [bad, empty, BACKDOOR_1])
    assert main_rate([str(path), "--scale", "te"]) == 0
    out, err = capsys.readouterr()
    assert [r["line"] for r in table(out)] == ["3"]
    lines = err.splitlines()
    assert lines[0] == (
        f"sudoku-repl rate: {path}:1: Invalid candidate string: character 1 is 'x', not 1 or . "
        "([1,1]'s 1: nine characters a cell, the k-th k or .)"
    )
    assert lines[1] == f"sudoku-repl rate: {path}:2: Invalid pencil marks: [1,1] has no candidate."


def test_a_quiz_without_one_solution_has_the_measures_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    none = (PUZZLES / "invalid_no_solution.txt").read_text().splitlines()[0]
    path = quiz_file(tmp_path, ["." * 81, none])
    assert main_rate([str(path), "--scale", "se,te,b", "--se-timeout", "5"]) == 0
    rows = table(capsys.readouterr().out)
    assert [r["er"] for r in rows] == ["several solutions", "no solution"]
    assert all(r[name] == "" for r in rows for name in ("te", "b", "bxb"))


@pytest.mark.parametrize(
    "args, said",
    [
        (["--scale", "te,bogus"], "argument --scale: 'bogus' is no measure: want a comma list of"),
        (["--scale", ","], "argument --scale: want a comma list of"),
        (["--scale", "spread", "--isomorphs", "0"], "argument --isomorphs:"),
    ],
)
def test_a_bad_scale_or_isomorphs_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    path = quiz_file(tmp_path, [BACKDOOR_1])
    out = tmp_path / "rows.csv"
    assert main_rate([str(path), *args, "--out", str(out)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert said in captured.err
    assert not out.exists()  # nothing written


@NEEDS_NATIVE_EXPLAINER
def test_spread_gives_er_over_the_isomorphs_and_the_canonical_forms(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The least is at most the median, at most the most; the canonical form's ER is the one
    ``rate --scale se`` gives its minlex line (a row of its own); a settings line says K and
    the seed."""
    from sudoku_repl.core.canonical import canonical_form

    path = quiz_file(tmp_path, [BACKDOOR_1])
    assert main_rate([str(path), "--scale", "spread", "--isomorphs", "3", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    settings = settings_of(out)
    assert (settings["isomorphs"], settings["seed"]) == ("3", "7")
    (row,) = table(out)
    # (the isomorphs asked for: order luck's columns too)
    assert tuple(row) == COLUMNS + SE_COLUMNS + LUCK + (
        "er_min",
        "er_median",
        "er_max",
        "er_canonical",
    )
    assert float(row["er_min"]) <= float(row["er_median"]) <= float(row["er_max"])
    minlex = quiz_file(tmp_path, [canonical_form([0 if c == "." else int(c) for c in BACKDOOR_1])])
    assert main_rate([str(minlex), "--scale", "se"]) == 0
    (canonical,) = table(capsys.readouterr().out)
    assert row["er_canonical"] == canonical["er"]


def test_a_stopped_job_with_the_measures_is_continued_and_a_row_no_rating_gives_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sample = [puzzle for puzzle, *_ in shc_sample()]
    path = quiz_file(tmp_path, sample)
    job = [str(path), "--scale", "te,backdoors"]
    assert main_rate(job) == 0
    whole = capsys.readouterr().out.splitlines(keepends=True)
    out = tmp_path / "rows.csv"
    assert main_rate([*job, "--out", str(out)], lambda: True) == 130  # begun, no row
    assert out.read_text() == "".join(whole[:2])  # the settings line and the header
    with out.open("a") as f:
        f.write("".join(whole[2:4]))  # two rows kept
    capsys.readouterr()
    assert main_rate([*job, "--out", str(out)]) == 0
    assert "(2 rows kept from the run that stopped)" in capsys.readouterr().err
    assert [r["te"] for r in table(out.read_text())] == [s[1] for s in shc_sample()]
    # a kept row with a T&E-depth past 3 is none rate writes: refused, naming its line
    assert main_rate([*job, "--out", str(out)], lambda: True) == 130
    bad = whole[2].split(",")
    bad[-3] = "7"  # te (then backdoors, candidate_backdoors)
    out.write_text("".join(whole[:2]) + ",".join(bad))
    capsys.readouterr()
    assert main_rate([*job, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"sudoku-repl rate: Cannot continue {out}: line 3 is not a row of rate")
    assert "te 7, want 0 to 3" in err


def test_the_out_marker_of_a_stopped_job_says_the_version_and_settings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``FILE.unfinished``: the version and what shapes the figures."""
    path = quiz_file(tmp_path, [BACKDOOR_1])
    out = tmp_path / "rows.csv"
    job = [str(path), "--scale", "te,spread", "--isomorphs", "3", "--seed", "5"]
    assert main_rate([*job, "--out", str(out)], lambda: True) == 130  # begun, no row
    marker = json.loads((tmp_path / "rows.csv.unfinished").read_text())
    assert marker["sudoku_repl"] == sudoku_repl.__version__
    assert (marker["scale"], marker["isomorphs"], marker["seed"]) == ("steps,se,te,spread", 3, 5)
    assert (marker["run_mode"], marker["se_timeout"]) == (0, 60.0)
    assert settings_of(out.read_text())["scale"] == "steps,se,te,spread"


def test_a_job_of_other_measures_is_another_job(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = quiz_file(tmp_path, [BACKDOOR_1])
    out = tmp_path / "rows.csv"
    assert main_rate([str(path), "--scale", "te", "--out", str(out)], lambda: True) == 130
    capsys.readouterr()
    assert main_rate([str(path), "--scale", "te,b", "--out", str(out)]) == 2
    assert "(--scale differ)" in capsys.readouterr().err
