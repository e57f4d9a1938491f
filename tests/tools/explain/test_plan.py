"""Sudoku Explainer's path as data: a plan's steps are serate's (its ``%s``
lines, in number and order, from the goldens of ``tests/data/serate``); every removal is a
wrong candidate and every placement the right value (by the independent counter,
``core/counting``) on a sample of the bank's 2,000 and of the forum's hardest; ER, EP and ED
from the plan are serate's; ``rate --plan`` writes it in JSON lines, and is refused in one line
where it cannot."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

from sudoku_repl.core import native
from sudoku_repl.core.counting import count_solutions
from sudoku_repl.frontends.rate_cli import main_rate
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.plan_step import PlanStep, label_cell, label_digit
from sudoku_repl.techniques.explainer.rating import rate_grid
from sudoku_repl.tools.explain.plan import WrongStep, check, figures, plan_of
from tests.support.helpers import slow_on_pure
from tests.support.rate_output import without_settings

DATA = Path(__file__).parents[2] / "data"
SERATE = DATA / "serate"
FORUM = "forum_hardest_1905_11plus_sample1000.txt"
NATIVE_ONLY = pytest.mark.skipif(
    not native.active(), reason="forcing chains on many puzzles: the native build's test"
)


def plan(puzzle: str) -> tuple[PlanStep, ...]:
    grid = Grid.from_puzzle(puzzle)
    return plan_of(grid, rate_grid(grid.copy(), None).steps, puzzle)


def serate_steps(name: str) -> dict[str, list[tuple[float, str]]]:
    """Each puzzle's steps in a golden of ``--before=B %n ...`` and ``--after=%r|%s``: its
    rating and serate's description, by the puzzle (the first ``B`` line's grid)."""
    steps: dict[str, list[tuple[float, str]]] = {}
    current: list[tuple[float, str]] | None = None
    for line in (SERATE / name).read_text().splitlines():
        if line.startswith("B "):
            if current is None:
                current = steps.setdefault(line.split()[-1], [])
        elif "|" in line:
            assert current is not None
            rating, description = line.split("|", 1)
            current.append((float(rating), description))
        else:  # the puzzle's --format line
            current = None
    return steps


@NATIVE_ONLY
def test_the_plans_steps_are_serates_percent_s_lines() -> None:
    """20 puzzles of the bank (serate's ``descriptions`` golden, every step's ``%r|%s``):
    the plan has as many steps, each of serate's rating and description, in order; a single's
    placed candidate is the one serate's line names (``A3: 6`` is 6r3c1)."""
    golden = serate_steps("descriptions.out")
    assert len(golden) == 20
    singles = 0
    for puzzle, steps in golden.items():
        made = plan(puzzle)
        assert [(s.rating, s.description) for s in made] == steps, puzzle
        for step, (_, line) in zip(made, steps, strict=True):
            assert step.line_name or step.technique == line.split(":")[0]
            assert step.to_json()["line_name"] == line.split(":")[0]  #
            assert step.technique == line.split(":")[0] or "Forcing Chain" in line
            single = re.fullmatch(r"(?:Hidden|Naked) Single: ([A-I])([1-9]): ([1-9]).*", line)
            if single:
                column, row, digit = single.groups()
                assert step.placed == (f"{digit}r{row}c{ord(column) - 64}",)
                singles += 1
    assert singles > 500  # (the bank's paths are mostly singles)


def bank(every: int) -> list[tuple[str, str]]:
    rows = (DATA / "se_bank_serate.txt").read_text().split("\n")
    return [tuple(line.split()) for line in rows[::every] if line]  # type: ignore[misc]


def held_to_the_solution(puzzle: str, made: tuple[PlanStep, ...]) -> None:
    """Every removal a wrong candidate, every placement the right value: the puzzle with the
    candidate given has no solution, or its one solution (the independent counter)."""
    givens = [int(ch) for ch in puzzle.replace(".", "0")]
    for step in made:
        for label, solutions in [(r, 0) for r in step.removed] + [(p, 1) for p in step.placed]:
            trial = list(givens)
            cell = label_cell(label)
            assert trial[cell] in (0, label_digit(label)) or solutions == 0
            trial[cell] = label_digit(label)
            assert count_solutions(bytes(trial), 2) == solutions, (puzzle, step, label)


@slow_on_pure
def test_the_bank_sample_removes_only_wrong_candidates_and_has_serates_figures() -> None:
    """Every 80th of the bank's 2,000 (25 puzzles): each removal wrong, each placement right,
    and ER/EP/ED from the plan serate's (``se_bank_serate.txt``); the whole bank in
    ``benchmarks/bench_plan.py --check``."""
    sample = bank(80)
    assert len(sample) == 25
    for puzzle, figures_text in sample:
        made = plan(puzzle)
        held_to_the_solution(puzzle, made)
        assert "/".join(f"{f:.1f}" for f in figures(made)) == figures_text, puzzle


@NATIVE_ONLY
def test_the_forum_hardest_sample_too() -> None:
    """Two of the hardest (serate's 9.0 and 9.5, ``serate/hard_low.txt``) and the first four of
    the forum's hardest sample (``puzzles/forum_hardest_1905_11plus_sample1000.txt``) that
    ``se_hard_rated.txt`` rates (ER 10.3 to 11.1): nested chains' links, the solution's check,
    serate's figures. All 46 of the forum's there in ``benchmarks/bench_plan.py --check``."""
    rated = {
        line.split()[0]: " ".join(line.split()[1:4])
        for line in (DATA / "se_hard_rated.txt").read_text().splitlines()
    }
    forum = (Path(__file__).parents[3] / "puzzles" / FORUM).read_text().split()
    chosen = (SERATE / "hard_low.txt").read_text().split()
    chosen += [puzzle for puzzle in forum if puzzle in rated][:4]
    assert len(chosen) == 6
    for puzzle in chosen:
        made = plan(puzzle)
        held_to_the_solution(puzzle, made)
        assert " ".join(f"{f:.1f}" for f in figures(made)) == rated[puzzle]
        assert any(step.links and "Dynamic" in step.technique for step in made)


def test_a_chain_links_alternate_from_its_start() -> None:
    """A forcing chain's links: each link's target is the next link's source, and an on
    potential follows an off one (strong) and the reverse (weak), in turn."""
    puzzle = bank(80)[0][0]
    chains = [step for step in plan(puzzle) if "Chain" in step.technique and step.links]
    assert chains
    for step in chains:
        links = step.links
        assert all(a.target == b.source for a, b in itertools.pairwise(links))
        assert all(a.kind != b.kind for a, b in itertools.pairwise(links))


def test_a_wrong_step_is_a_bug_report_naming_the_puzzle_and_the_step() -> None:
    step = PlanStep("X-Wing", 3.2, ("r1c1",), (), ("5r1c1",), (), description="X-Wing: ...")
    solution = [5] + [1] * 80
    with pytest.raises(WrongStep, match=r"step 7 of PUZZLE \(X-Wing: \.\.\.\) removes 5r1c1"):
        check(step, solution, "PUZZLE", 7)
    placing = PlanStep("Hidden Single", 1.2, (), (), (), ("4r1c1",))
    with pytest.raises(WrongStep, match="places 4r1c1, where the solution has 5"):
        check(placing, solution, "PUZZLE", 1)
    check(PlanStep("Hidden Single", 1.2, (), (), ("4r1c1",), ("5r1c1",)), solution, "P", 1)


@NATIVE_ONLY
def test_an_undescribed_plan_is_the_described_one() -> None:
    """``rate --plan``'s plan (undescribed: its grid brought up to date only for the steps
    that read it, ``reads_grid``) is the described plan's, descriptions and a unique loop's
    corners' roles aside (neither is in its rows), on 100 puzzles of the bank whose paths have
    pointing, fish, chains and the other patterns."""
    techniques: set[str] = set()
    for puzzle, _ in bank(20):
        grid = Grid.from_puzzle(puzzle)
        steps = rate_grid(grid.copy(), None).steps
        described = plan_of(grid, steps, puzzle)
        assert plan_of(grid, steps, puzzle, described=False) == tuple(
            step._replace(description="", roles=() if "Unique" in step.technique else step.roles)
            for step in described
        ), puzzle
        techniques.update(step.technique for step in steps)
    assert {"pointing and claiming", "x-wing", "cycles and forcing chains"} <= techniques


def test_rate_plan_writes_each_rows_plan(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    quizzes = tmp_path / "two.txt"
    sample = bank(80)[:2]
    quizzes.write_text("".join(f"{puzzle}\n" for puzzle, _ in sample))
    assert main_rate([str(quizzes), "--scale", "se", "--plan", "--format", "json"]) == 0
    rows = [json.loads(line) for line in without_settings(capsys.readouterr().out).splitlines()]
    assert len(rows) == 2
    for row, (puzzle, figures_text) in zip(rows, sample, strict=True):
        assert f"{row['er']}/{row['ep']}/{row['ed']}" == figures_text
        assert row["plan"] == [step.to_json() for step in plan(puzzle)]
        assert set(row["plan"][0]) == {
            "technique", "line_name", "rating", "cells", "links", "removed", "placed"
        }  # fmt: skip


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--scale", "se", "--plan"], "--plan gives each row a list of steps: add --format json"),
        (["--plan", "--format", "json"], "--plan is Sudoku Explainer's path: add --scale se"),
    ],
)
def test_rate_plan_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], said: str
) -> None:
    quizzes = tmp_path / "one.txt"
    quizzes.write_text(bank(80)[0][0] + "\n")
    assert main_rate([str(quizzes), *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and said in captured.err


def test_a_kept_rows_plan_reads_back(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """With ``--out``, a row kept from a run that stopped is read back, plan and all, and
    written again as it was (what continuing a job checks)."""
    from sudoku_repl.tools.rating.kept import row_reader
    from sudoku_repl.tools.rating.scales import parse_scale

    quizzes = tmp_path / "one.txt"
    quizzes.write_text(bank(80)[0][0] + "\n")
    assert main_rate([str(quizzes), "--scale", "se", "--plan", "--format", "json"]) == 0
    row = without_settings(capsys.readouterr().out).splitlines()[0]
    _, _, rating = row_reader("json", parse_scale("se"), None)(row)
    assert rating.plan is not None
    assert list(rating.plan) == json.loads(row)["plan"]
    with pytest.raises(ValueError, match="its plan is not a list of steps"):
        row_reader("json", parse_scale("se"), None)(row.replace('"plan": [', '"plan": [1, '))
