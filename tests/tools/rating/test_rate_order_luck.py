"""``rate`` writes order luck and counts what the measures cost: ``--isomorphs`` or
``--seed`` adds the original's steps and biggest level over the isomorphs, the figures of the
shell's ``difficulty`` (``steps``); a row's ``ms`` holds its measures' time too; the engine time
of an interrupted run counts the quiz it was stopped in.

The expected order luck is the dossier's, as the shell prints it (``Order luck (...)`` and its
``steps ... here; over the isomorphs least / median / most`` lines): the two surfaces give one
figure.
"""

from __future__ import annotations

import csv
import io
import re
import types
from pathlib import Path

import pytest

from sudoku_repl.frontends import rate_cli
from sudoku_repl.frontends.rate_cli import main_rate
from sudoku_repl.tools.rating import rate as rate_module
from sudoku_repl.tools.rating.pool import StopFlag
from sudoku_repl.tools.rating.rate import Rating, rate_givens
from sudoku_repl.tools.rating.rows import COLUMNS
from tests.support.helpers import PUZZLES, Shell
from tests.support.rate_output import settings_of, stopped_with, without_settings

TOP95 = PUZZLES / "norvig_top95.txt"
QUIZZES = TOP95.read_text().splitlines()[:2]
LUCK = ("steps_min", "steps_median", "steps_max", "biggest_min", "biggest_median", "biggest_max")
AMONG = re.compile(r"  (steps|biggest level) \d+ here; over the isomorphs (\d+) / (\d+) / (\d+) ")


def table(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(without_settings(text))))


def quiz_file(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "quizzes.txt"
    path.write_text("".join(line + "\n" for line in lines))
    return path


def dossier_luck(quiz: str, args: str) -> list[str]:
    """The shell's order luck of ``quiz`` (``difficulty quiz --measures steps ARGS``): the least,
    median and most steps, then levels."""
    shell = Shell()
    shell.ok(f"load-quiz {quiz}")
    lines = shell.ok(f"difficulty quiz --measures steps {args}")
    found = [m.groups()[1:] for line in lines if (m := AMONG.match(line))]
    assert len(found) == 2, lines
    return [figure for among in found for figure in among]


@pytest.mark.parametrize(
    ("args", "said"), [(["--isomorphs", "3"], ("3", "0")), (["--seed", "5"], ("8", "5"))]
)
def test_isomorphs_or_a_seed_add_the_dossiers_order_luck(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: tuple[str, str]
) -> None:
    """``--scale steps --isomorphs 3`` was refused; ``--seed`` alone draws the
    default eight."""
    assert main_rate([str(quiz_file(tmp_path, QUIZZES)), "--scale", "steps", *args]) == 0
    out = capsys.readouterr().out
    assert (settings_of(out)["isomorphs"], settings_of(out)["seed"]) == said
    rows = table(out)
    assert tuple(rows[0]) == COLUMNS + LUCK
    for quiz, row in zip(QUIZZES, rows, strict=True):
        assert [row[name] for name in LUCK] == dossier_luck(quiz, " ".join(args))


def test_a_quiz_without_one_solution_has_no_order_luck(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = quiz_file(tmp_path, ["1" + "." * 79 + "9", QUIZZES[0]])
    assert main_rate([str(path), "--isomorphs", "2"]) == 0
    several, one = table(capsys.readouterr().out)
    assert (several["solutions"], several["complete"]) == ("2", "false")
    assert [several[name] for name in LUCK] == [""] * 6
    assert all(one[name] for name in LUCK)


def test_a_stopped_job_with_order_luck_is_continued(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A kept row's order luck is read back and checked as ``rate`` writes it; one whose least
    is past its most is refused, naming its line."""
    path = quiz_file(tmp_path, QUIZZES)
    job = [str(path), "--isomorphs", "2"]
    assert main_rate(job) == 0
    whole = capsys.readouterr().out.splitlines(keepends=True)
    out = tmp_path / "rows.csv"
    stopped_with(job, out, whole[2])
    capsys.readouterr()
    assert main_rate([*job, "--out", str(out)]) == 0
    assert "(1 row kept from the run that stopped)" in capsys.readouterr().err
    assert [row[name] for row in table(out.read_text()) for name in LUCK] == [
        row[name] for row in table("".join(whole)) for name in LUCK
    ]
    assert main_rate([*job, "--out", str(out)], lambda: True) == 130
    cells = whole[2].rstrip("\n").split(",")
    cells[-6], cells[-4] = cells[-4], str(int(cells[-4]) + 1)  # steps_min past steps_max
    out.write_text("".join(whole[:2]) + ",".join(cells) + "\n")
    capsys.readouterr()
    assert main_rate([*job, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"sudoku-repl rate: Cannot continue {out}: line 3 is not a row of rate")
    assert "not in order" in err


class _Clock:
    """``time.perf_counter`` for ``rate``: still, but for what the measures move it by."""

    def __init__(self) -> None:
        self.now = 100.0

    def perf_counter(self) -> float:
        return self.now


class _CostlyMeasures:
    """An ``OrderFree`` whose measures take five seconds of ``clock``."""

    def __init__(self, clock: _Clock) -> None:
        self.clock = clock

    def measured(self, rating: Rating, *_: object) -> Rating:
        self.clock.now += 5.0
        return rating


def test_a_rows_ms_holds_its_measures_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ms`` was the search's alone, the measures' seconds left out."""
    clock = _Clock()
    monkeypatch.setattr(rate_module, "time", types.SimpleNamespace(perf_counter=clock.perf_counter))
    givens = [0 if ch == "." else int(ch) for ch in QUIZZES[0]]
    rating = rate_givens(givens, order_free=_CostlyMeasures(clock))
    assert rating.ms == 5000.0


class _StopsAfterPolls(StopFlag):
    """A stop flag raised by the ``polls``-th look at it: a search stopped well inside, a
    number of its steps in (``rate.POLL_STEPS`` a look)."""

    def __init__(self, polls: int) -> None:
        super().__init__()
        self.left = polls

    def __call__(self) -> bool:
        self.left -= 1
        return self.left < 0 or super().__call__()


def test_an_interrupted_runs_engine_time_counts_the_quiz_it_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``engine time 0.00 s`` after 29 s inside a search. An easy quiz, then the empty
    grid (its search never ends alone), stopped at its hundredth look at the flag (51,200
    steps in)."""
    monkeypatch.setattr(rate_cli, "StopFlag", lambda: _StopsAfterPolls(100))
    path = quiz_file(tmp_path, [QUIZZES[1], "." * 81])
    assert main_rate([str(path), "--max-steps", str(10**15)]) == 130
    out, err = capsys.readouterr()
    assert [row["line"] for row in table(out)] == ["1"]
    found = re.search(
        r"engine time ([0-9.]+) s \(([0-9.]+) s of it in quizzes stopped unrated\)", err
    )
    assert found is not None, err
    total, stopped = map(float, found.groups())
    assert total >= stopped > 0
