"""Sudoku Explainer's rating of a pencil-mark state is one figure on every surface:
``rate --scale se``, ``sudoku-repl serate``, the shell's ``difficulty`` (the state a loaded
729-character line makes) and the API's ``sudoku_repl.difficulty`` give serate v1.15.10's ER,
EP and ED. A second path (the state's single-candidate cells left unplaced) gave ``rate`` and
the API EP and ED 1.2 where serate says 1.5 to 7.2.

The expected figures are serate.jar's (``tests/data/se_pencil_marks_serate.txt``; its
provenance in ``tests/data/README.md``): public states of the TypeScript port of
SukakuExplainer, and two made here, one with a cell of one candidate that its peers still hold
(no value), one with a cell of one candidate none of them holds (a value).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

import sudoku_repl
from sudoku_repl.frontends.rate_cli import main_rate
from sudoku_repl.frontends.serate_cli import main_serate
from tests.support.helpers import TEST_DATA, Shell
from tests.support.rate_output import without_settings

STATES = [
    tuple(line.split())
    for line in (TEST_DATA / "se_pencil_marks_serate.txt").read_text().splitlines()
    if line.strip()
]


def test_the_sample_holds_what_the_defect_hid() -> None:
    """The states are pencil-mark lines, and most have EP and ED above 1.2 (the old path's
    figure on every public state)."""
    assert all(len(state) == 729 for state, _ in STATES)
    assert sum(not figures.endswith("/1.2/1.2") for _, figures in STATES) == 9


def test_rate_gives_serates_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    quizzes = tmp_path / "states.txt"
    quizzes.write_text("".join(state + "\n" for state, _ in STATES))
    assert main_rate([str(quizzes), "--scale", "se"]) == 0
    rows = list(csv.DictReader(io.StringIO(without_settings(capsys.readouterr().out))))
    assert [f"{r['er']}/{r['ep']}/{r['ed']}" for r in rows] == [f for _, f in STATES]


def test_serate_gives_serates_figures(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    quizzes = tmp_path / "states.txt"
    quizzes.write_text("".join(state + "\n" for state, _ in STATES))
    assert main_serate([f"--input={quizzes}"]) == 0
    assert capfd.readouterr().out.split() == [f for _, f in STATES]


@pytest.mark.parametrize(("state", "figures"), STATES)
def test_the_api_gives_serates_figures(state: str, figures: str) -> None:
    se = sudoku_repl.difficulty(state, "se").se
    assert se is not None
    assert f"{se.er}/{se.ep}/{se.ed}" == figures


@pytest.mark.parametrize(("state", "figures"), STATES)
def test_the_shells_difficulty_gives_serates_figures(
    tmp_path: Path, state: str, figures: str
) -> None:
    """The line loaded as a session's state (its values placed, its candidates deleted by
    hand: ``load-quiz``), measured where it stands."""
    path = tmp_path / "state.txt"
    path.write_text(state + "\n")
    shell = Shell()
    shell.ok(f"load-quiz {path}")
    lines = shell.ok("difficulty --measures se")
    er, ep, ed = figures.split("/")
    assert any(line.startswith(f"SE: ER {er}, EP {ep}, ED {ed} (") for line in lines), lines
