"""The maker's loop (``tools/making/loop.py``): independent puzzles by default,
families only when climbing is asked for (each line says its own, and ``rate`` reads the
lines), and a pace that says it is wall-clock and counts only this run's puzzles."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from sudoku_repl.frontends.generate_cli import main_generate
from sudoku_repl.frontends.rate_cli import main_rate
from sudoku_repl.tools.making.loop import Progress
from sudoku_repl.tools.making.tasks import Made, Order, made_from_line
from tests.support.helpers import NEEDS_NATIVE_EXPLAINER
from tests.support.rate_output import without_settings


def test_the_pace_is_wall_clock_and_of_this_run_alone() -> None:
    progress = Progress(made=50, kept=10, earlier=8, began=time.monotonic() - 60)
    assert progress.line() == "made 50, kept 10, 2 by this run (2.0 a wall-clock minute)"
    fresh = Progress(made=50, kept=3, began=time.monotonic() - 60)
    assert fresh.line() == "made 50, kept 3 (3.0 a wall-clock minute)"


def test_a_line_with_a_family_reads_back() -> None:
    made = Made("1" + "." * 80, 9.1, 1.2, 1.2, family=17)
    assert made.line == "1" + "." * 80 + " 9.1/1.2/1.2 family 17"
    order = Order()
    assert made_from_line(made.line, attrs_se(order), families=True) == made
    with pytest.raises(ValueError, match="family N"):
        made_from_line("1" + "." * 80 + " 9.1/1.2/1.2", attrs_se(order), families=True)


def attrs_se(order: Order) -> Order:
    import attrs

    from sudoku_repl.tools.making.targets import Span, Targets

    return attrs.evolve(order, targets=Targets(er=Span(10, None)))


def test_independent_puzzles_are_the_default() -> None:
    assert Order().climb is False


@NEEDS_NATIVE_EXPLAINER
def test_climbing_is_asked_for_and_each_line_says_its_family(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--er", "3.0-", "--count", "6", "--seed", "3"]
    assert main_generate(argv) == 0
    plain = capsys.readouterr().out.splitlines()
    assert len(plain) == 6 and all(len(line.split()) == 2 for line in plain)
    out = tmp_path / "climbed.txt"
    assert main_generate([*argv, "--climb", "--out", str(out)]) == 0
    climbed = out.read_text(encoding="utf-8").splitlines()
    families = [line.split()[2:] for line in climbed]
    assert len(climbed) == 6 and all(f[0] == "family" and f[1].isdecimal() for f in families)
    assert len({f[1] for f in families}) < 6  # (a climb makes several: a family)
    capsys.readouterr()
    assert main_rate([str(out)]) == 0  # rate reads the lines as they are
    rows = without_settings(capsys.readouterr().out).splitlines()
    assert len(rows) == 1 + 6  # (past the settings line: its header, a row each)
