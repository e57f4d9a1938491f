"""``sudoku-repl rate`` on a file that states variant rules (docs/variants.md's rules line):
the original's figures under the rules, and Sudoku Explainer's (``--scale se``, ``--plan``)
held to serate.jar's own ratings with the rules' flags (tests/data/rules/serate/, its
goldens); a path past the techniques ported to the rules has its ER as a true lower bound
(``>=X``, at most serate's). Solution counts are held to the tests' own backtracker
(``tests/oracles/rules_brute``), the X quiz's steps to docs/variants.md's transcript."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from sudoku_repl.frontends.rate_cli import main_rate
from tests.core.test_rules import oracle
from tests.support.helpers import variant_modules_once
from tests.support.rate_output import without_settings
from tests.techniques.difficulty.rules_oracle import Board
from tests.techniques.difficulty.test_rules_measures import HARDER, QUIZZES
from tests.techniques.test_se_variants import (
    MID_GOLDENS,
    _golden,
    is_ported,
    quick_goldens,
)

pytestmark = variant_modules_once()

X_QUIZ = "...63.7.4........6...7..........8....7...9.124.13......5...........5........9.6.."


def _file(tmp_path: Path, rules: str, puzzles: list[str]) -> Path:
    path = tmp_path / "quizzes.txt"
    path.write_text(f"# rules: {rules}\n" + "".join(f"{p}\n" for p in puzzles))
    return path


def table(out: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(without_settings(out))))


def _json_rows(out: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in without_settings(out).splitlines() if line]


def test_the_default_scale_plays_the_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # docs/variants.md's session of examples/x.txt: "Fine [steps:58, solution sum:1]", then
    # "Invalid quiz [steps:875] - no more solution (solution sum is 1)"
    puzzles = [puzzle for puzzle, _, _ in _golden("x")[:4]]
    assert main_rate([str(_file(tmp_path, "x", puzzles)), "--format", "json"]) == 0
    out, err = capsys.readouterr()
    rows = _json_rows(out)
    assert [row["quiz"] for row in rows] == puzzles
    assert (rows[0]["steps_first"], rows[0]["steps_total"]) == (58, 875)
    for row, puzzle in zip(rows, puzzles, strict=True):
        count = len(oracle("x").solutions([0 if ch == "." else int(ch) for ch in puzzle]))
        assert row["solutions"] == count == 1
    assert '"rules": "x"' in out.splitlines()[0] and "4 quizzes rated" in err


@pytest.mark.parametrize("stem", ["x", "windoku", "dg", "antiknight", "x_windoku", "nc"])
def test_scale_se_is_serates_rating_or_a_lower_bound_of_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], stem: str
) -> None:
    golden = quick_goldens(stem)
    path = _file(tmp_path, stem.replace("_", ","), [puzzle for puzzle, _, _ in golden])
    assert main_rate([str(path), "--scale", "se", "--format", "json", "--jobs", "2"]) == 0
    out, err = capsys.readouterr()
    bounded = 0
    for row, (puzzle, steps, figures) in zip(_json_rows(out), golden, strict=True):
        er, ep, ed = (float(f) for f in figures.split("/"))
        assert row["quiz"] == puzzle
        if row["er_bound"] is None:  # rated whole: serate's figures
            assert (row["er"], row["ep"], row["ed"]) == (er, ep, ed), puzzle
        else:  # past the techniques ported: serate's path has a step they do not take
            assert not all(is_ported(stem, line) for line in steps), puzzle
            bounded += 1
            assert row["er_bound"] == ">=" and row["er"] <= er, puzzle  # type: ignore[operator]
            assert row["ed"] == ed if row["ed_bound"] is None else row["ed"] <= ed  # type: ignore[operator]
    if bounded:
        assert f"{bounded} quiz" in err and "past the techniques ported to variant rules" in err
    else:
        assert "past the techniques ported" not in err


def test_a_latin_file_whose_givens_repeat_in_a_box_is_rated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Latin square's givens may repeat in a box: its file is read under its rules, and
    rated as serate rates it."""
    puzzle, _, figures = _golden("latin", MID_GOLDENS)[0]
    assert _repeats_in_a_box(puzzle)
    path = _file(tmp_path, "latin", [puzzle])
    assert main_rate([str(path), "--scale", "se", "--format", "json"]) == 0
    (row,) = _json_rows(capsys.readouterr().out)
    assert "/".join(f"{row[k]:.1f}" for k in ("er", "ep", "ed")) == figures


def test_the_se_time_limit_holds_on_variant_rules_and_says_a_lower_bound(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The anti-knight puzzle of serate's whole path (11.5: its nested chains take a minute
    and more of CPU on either build, some six hundred times the limit) under a time limit of a
    tenth of a second: ER a true lower bound of serate's, and the summary counts it stopped by
    --se-timeout."""
    puzzle, _, figures = _golden("antiknight", every=False)[0]
    path = _file(tmp_path, "antiknight", [puzzle])
    assert main_rate([str(path), "--scale", "se", "--format", "json", "--se-timeout", "0.1"]) == 0
    out, err = capsys.readouterr()
    (row,) = _json_rows(out)
    assert row["er_bound"] == ">=" and row["er"] < float(figures.split("/")[0])  # type: ignore[operator]
    assert "1 stopped by --se-timeout" in err and "ported" not in err


def _repeats_in_a_box(puzzle: str) -> bool:
    boxes = [
        [puzzle[27 * (b // 3) + 3 * (b % 3) + 9 * (i // 3) + i % 3] for i in range(9)]
        for b in range(9)
    ]
    return any(
        len([d for d in box if d != "."]) > len({d for d in box if d != "."}) for box in boxes
    )


def test_the_plan_is_serates_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """serate_mid's first X puzzle (a turbot fish's path): the plan's ratings are serate's
    steps', and each hidden single places what serate's line says (``D2: 9 in block``: 9 at
    column D, row 2)."""
    puzzle, steps, _ = _golden("x", MID_GOLDENS)[0]
    path = _file(tmp_path, "x", [puzzle])
    assert main_rate([str(path), "--scale", "se", "--format", "json", "--plan"]) == 0
    (row,) = _json_rows(capsys.readouterr().out)
    plan = row["plan"]
    assert isinstance(plan, list)
    assert [f"{step['rating']:.1f}" for step in plan] == [line[:3] for line in steps]
    singles = 0
    for step, line in zip(plan, steps, strict=True):
        single = re.fullmatch(r"\d\.\d Hidden Single: ([A-I])(\d): (\d) in \w+", line)
        if single:
            column, row_, digit = single.groups()
            assert step["placed"] == [f"{digit}r{row_}c{ord(column) - 64}"], line
            singles += 1
    assert singles >= 10


@pytest.mark.parametrize("at", [0, 1], ids=["singles", "harder"])
def test_te_depth_under_rules_is_the_rules_brt_then_te1(
    at: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A non-consecutive quiz BRT solves and one made harder (``HARDER``'s): T&E-depth as
    the tests' own rules say (BRT's fixed point, then T&E(1))."""
    words, puzzle = next(q for q in QUIZZES if q[0] == "nc") if at == 0 else HARDER[0]
    assert words == "nc"
    board = Board(["nc"])
    state = board.state(puzzle)
    expected = "0" if board.brt_solves(state) else "1" if board.te1(state) else "2+"
    assert expected == ("0", "1")[at]  # (the two cases this test is for)
    assert main_rate([str(_file(tmp_path, "nc", [puzzle])), "--scale", "te"]) == 0
    (row,) = table(capsys.readouterr().out)
    assert (row["solutions"], row["te"]) == ("1", expected)


def test_what_rate_does_not_do_under_rules_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, "x", [X_QUIZ])
    assert main_rate([str(path), "--scale", "spread"]) == 2
    assert capsys.readouterr().err.endswith(
        "states variant rules (x): rate rates them on the default scale, --scale se and the "
        "order-free measures (te, b, backdoors, backdoors2, guess), not spread (classic "
        "sudoku's here)\n"
    )
    jigsaw = "jigsaw=" + "".join(str(r // 27 * 3 + r % 9 // 3 + 1) for r in range(81))
    # (the boxes as a jigsaw: a classic quiz of one solution, quickly searched)
    classic = "300600005029700060000093040007000054006030700280000600060310000090005120500009006"
    path = _file(tmp_path, jigsaw, [classic])
    assert main_rate([str(path), "--scale", "se"]) == 2
    assert capsys.readouterr().err.endswith(
        "--scale se: Sudoku Explainer has no rating of the rule jigsaw (serate has no flag for "
        "it); the default scale rates these rules\n"
    )
    assert main_rate([str(path)]) == 0


def test_a_stopped_job_under_rules_is_continued_and_another_rules_job_is_not_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzles = [puzzle for puzzle, _, _ in _golden("windoku")[:3]]
    path = _file(tmp_path, "windoku", puzzles)
    args = [str(path), "--scale", "se", "--format", "json"]
    assert main_rate(args) == 0
    lines = capsys.readouterr().out.splitlines(keepends=True)
    head, rows = lines[0], lines[1:]
    out = tmp_path / "rows.json"
    args += ["--out", str(out)]
    assert main_rate(args, lambda: True) == 130  # the job's marker and header, no row
    capsys.readouterr()
    out.write_text(head + "".join(rows[:2]))
    assert main_rate(args) == 0
    assert "(2 rows kept from the run that stopped)" in capsys.readouterr().err
    written = out.read_text().splitlines(keepends=True)
    assert [json.loads(row)["quiz"] for row in written[1:]] == puzzles
    # the same quiz lines under other rules are another job: not continued from these rows
    assert main_rate(args, lambda: True) == 130
    capsys.readouterr()
    out.write_text(head + "".join(rows[:2]))
    other = _file(tmp_path, "windoku,toroidal", puzzles)
    assert main_rate([str(other), *args[1:]]) == 2
    assert capsys.readouterr().err.endswith(
        f"{out} holds the unfinished rows of another job (--rules differ); give --restart to "
        "begin anew, or another --out.\n"
    )
