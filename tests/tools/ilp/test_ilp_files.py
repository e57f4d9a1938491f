"""The seed's 0-1 program, checked rather than trusted (docs/ilp.md): the LP and MPS
files ``export lp|mps`` writes are read back by HiGHS itself (``readModel``) and solved there.

- Their solutions, read off the variables' names (``x_r{row}_c{col}_d{digit}``), are the
  samurai's and the flower's in ``puzzles/variants``, and those of 200 classic quizzes of four
  collections (the collections' solution files, and the engine's first solution): a run takes
  40 of them spread over the four, ``SUDOKU_REPL_SWEEP=1`` all 200 (tests/support/sweeps.py).
- ``multiple_solutions.txt``: cutting each solution off in the model read from the file (the
  test's own cuts) counts each quiz's solutions right, up to N; ``invalid_no_solution.txt``:
  infeasible (a run: 8 of the 21 quizzes with several solutions, and 5 of the 10 invalid quizzes
  that need a search, and the file's lines after them; a sweep: all).
- The model's size is the formula of docs/ilp.md, computed here from the grids' corners.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_repl.api import Session
from sudoku_repl.core.geometry import CLASSIC
from sudoku_repl.core.ilp_model import Model, build
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.text.lp_files import lp_text, mps_text
from sudoku_repl.tools.ilp.highs import session_model
from tests.oracles import brute
from tests.support.helpers import NEEDS_HIGHS, VARIANTS, edge_cases, grid_of, puzzle_lines
from tests.support.sweeps import sweep

FORMATS = {"lp": lp_text, "mps": mps_text}
NAME = re.compile(r"x_r(\d+)_c(\d+)_d([1-9])")
#: four collections with a solutions file, and how many of their first quizzes are checked (200
#: in all; HiGHS takes half a second or so on one of the forum's hardest, milliseconds on the
#: others: benchmarks/bench_ilp.py)
COLLECTIONS = {
    "norvig_easy50": 50,
    "norvig_top95": 60,
    "magictour_top1465": 86,
    "forum_hardest_1106": 4,
}
#: the most solutions counted for a quiz of several
MOST = 12

pytestmark = NEEDS_HIGHS


def highs_of(path: Path) -> Any:
    from sudoku_repl.tools.ilp.highs import quiet_highs

    highs = quiet_highs()
    status = highs.readModel(str(path))
    assert str(status).endswith("kOk"), status  # (read without a warning)
    return highs


def written(model: Model, tmp_path: Path, fmt: str) -> Path:
    path = tmp_path / f"model.{fmt}"
    path.write_text(FORMATS[fmt](model), encoding="utf-8")
    return path


def solve(highs: Any) -> dict[tuple[int, int], int] | None:
    """One run of HiGHS on what it read: the frame cells' digits by (row, col), from the names
    of the binaries at 1; None when it is infeasible."""
    highs.run()
    status = highs.modelStatusToString(highs.getModelStatus())
    if status == "Infeasible":
        return None
    assert status == "Optimal", status
    found: dict[tuple[int, int], int] = {}
    for name, value in zip(highs.allVariableNames(), highs.getSolution().col_value):
        if value > 0.5:
            r, c, d = map(int, NAME.fullmatch(name).groups())  # type: ignore[union-attr]
            assert (r, c) not in found, name
            found[(r, c)] = d
    return found


def count(highs: Any, most: int) -> Iterator[dict[tuple[int, int], int]]:
    """The solutions of what HiGHS read, up to ``most``: each cut off before the next run (the
    binaries at 1 may not all be 1 again)."""
    names = highs.allVariableNames()
    column = {name: k for k, name in enumerate(names)}
    for _ in range(most):
        found = solve(highs)
        if found is None:
            return
        yield found
        ones = [column[f"x_r{r}_c{c}_d{d}"] for (r, c), d in found.items()]
        highs.addRow(-highs.inf, len(ones) - 1, len(ones), ones, [1.0] * len(ones))


def frame_solution(puzzle: dict[str, Any]) -> dict[tuple[int, int], int]:
    """The solution a puzzles/variants JSON file gives, by 1-based frame (row, col)."""
    cells: dict[tuple[int, int], int] = {}
    for grid in puzzle["grids"]:
        r0, c0 = grid["at"]
        for k, ch in enumerate(grid["solution"]):
            at = (r0 + k // 9 + 1, c0 + k % 9 + 1)
            assert cells.setdefault(at, int(ch)) == int(ch), at  # the overlaps agree
    return cells


def classic(values: Any) -> dict[tuple[int, int], int]:
    return {(k // 9 + 1, k % 9 + 1): int(v) for k, v in enumerate(values)}


# -- the seed's samurai and flower ------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", ["samurai_seed001", "flower_seed001"])
def test_the_seeds_five_grid_puzzles(tmp_path: Path, name: str, fmt: str) -> None:
    puzzle = json.loads((VARIANTS / f"{name}.json").read_text())
    session = Session.from_quiz(str(VARIANTS / f"{name}.json"))
    path = written(session_model(session, at_step=False), tmp_path, fmt)
    solutions = list(count(highs_of(path), 2))
    assert solutions == [frame_solution(puzzle)]  # one, the article's
    session.run()  # the engine's first solution, in frame coordinates
    geo = session.geo
    engine = {
        (r + 1, c + 1): v for (r, c), v in zip(geo.positions, session.state().values, strict=True)
    }
    assert solutions[0] == engine


# -- 200 classic quizzes ----------------------------------------------------------------------


def classic_cases() -> list[Any]:
    cases = []
    for name, many in COLLECTIONS.items():
        quizzes = puzzle_lines(f"{name}.txt")[:many]
        answers = puzzle_lines(f"{name}.solutions.txt")[:many]
        cases += [(f"{name}:{k + 1}", q, a) for k, (q, a) in enumerate(zip(quizzes, answers))]
    assert len(cases) == 200
    return cases


def test_200_classic_quizzes_in_lp_and_mps_by_turns(tmp_path: Path) -> None:
    """Each quiz's program written and read back in LP or in MPS, by turns (one test: a
    parametrized one would pay pytest's own cost 200 times over); the sample's too."""
    formats = list(FORMATS)
    for k, (label, quiz, answer) in sweep(list(enumerate(classic_cases())), 40):
        session = Session.from_quiz(quiz)
        session.run()
        engine = classic(session.state().values)
        assert engine == classic(answer), label
        fmt = formats[k % 2]
        path = written(session_model(session, at_step=False), tmp_path, fmt)
        assert solve(highs_of(path)) == engine, (label, fmt)


# -- several solutions, and none --------------------------------------------------------------


def several() -> list[Any]:
    cases = [e for e in edge_cases() if e.puzzle in puzzle_lines("multiple_solutions.txt")]
    assert len(cases) == len(puzzle_lines("multiple_solutions.txt"))
    return [pytest.param(e.puzzle, e.expected, id=e.label) for e in sweep(cases, 8)]


@pytest.mark.parametrize(("quiz", "expected"), several())
def test_multiple_solutions_count_right_up_to_n(
    tmp_path: Path, quiz: str, expected: int | None
) -> None:
    """Counted in the LP file's model up to ``MOST``: every solution a different valid grid
    keeping the givens (the oracle's rules), as many as the table says (or ``MOST``)."""
    model = build(CLASSIC, Quiz.from_string(quiz).givens)
    found = list(count(highs_of(written(model, tmp_path, "lp")), MOST))
    want = MOST if expected is None else min(expected, MOST)
    assert len(found) == want
    grids = {tuple(f[(r, c)] for r in range(1, 10) for c in range(1, 10)) for f in found}
    assert len(grids) == want
    assert all(brute.is_solution(g, grid_of(quiz)) for g in grids)


def test_invalid_quizzes_are_infeasible(tmp_path: Path) -> None:
    """Every line of invalid_no_solution.txt (in LP and in MPS by turns), clashing givens too
    (lines 11-13: the model is built from the givens as they are, which the quiz reader would
    refuse). Lines 1-10 need a search to be found out: HiGHS branches on them."""
    expected = {e.puzzle: e.expected for e in edge_cases()}
    formats = list(FORMATS)
    lines = list(enumerate(puzzle_lines("invalid_no_solution.txt"), 1))
    for line, quiz in sweep(lines[:10], 5) + lines[10:]:
        assert expected[quiz] == 0, line
        model = build(CLASSIC, grid_of(quiz))
        assert solve(highs_of(written(model, tmp_path, formats[line % 2]))) is None, line


# -- the model's size -------------------------------------------------------------------------


def expected_size(corners: list[tuple[int, int]]) -> tuple[int, int, int]:
    """docs/ilp.md's formula, from the grids' top-left corners alone: C cells (the union of
    the grids' 81 each) in G grids give 9C binaries, C + 243G rows, 9C + 2187G nonzeros."""
    cells = {(r0 + i, c0 + j) for r0, c0 in corners for i in range(9) for j in range(9)}
    c, g = len(cells), len(set(corners))
    return 9 * c, c + 243 * g, 9 * c + 2187 * g


def test_each_layouts_size_is_the_formula(tmp_path: Path) -> None:
    layouts = {"classic": [(0, 0)]}
    for name in ("samurai_seed001", "flower_seed001"):
        grids = json.loads((VARIANTS / f"{name}.json").read_text())["grids"]
        layouts[name] = [tuple(g["at"]) for g in grids]
    assert expected_size(layouts["samurai_seed001"]) == (9 * 369, 369 + 5 * 243, 9 * 369 + 5 * 2187)
    assert expected_size(layouts["flower_seed001"]) == (9 * 189, 189 + 5 * 243, 9 * 189 + 5 * 2187)
    for name, corners in layouts.items():
        for fmt in FORMATS:
            highs = highs_of(written(model_of(corners), tmp_path, fmt))
            got = (highs.getNumCol(), highs.getNumRow(), highs.getNumNz())
            assert got == expected_size(corners), (name, fmt)


def model_of(corners: list[tuple[int, int]]) -> Model:
    """The program of an empty puzzle of grids with these corners."""
    quiz = Quiz.from_grids([(r, c, "." * 81) for r, c in corners], "corners")
    return build(quiz.geometry, quiz.givens)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 4), st.integers(0, 4)).map(lambda rc: (3 * rc[0], 3 * rc[1])),
        min_size=1,
        max_size=4,
        unique=True,
    )
)
def test_any_overlay_has_the_formulas_size(corners: list[tuple[int, int]]) -> None:
    """Any overlay ``load-quiz`` reads (grids on block boundaries, overlapping or not): the
    model's own counts (HiGHS's for the classic and the seed's puzzles, above)."""
    model = model_of(corners)
    got = (model.variable_count, len(model.constraints), model.nonzeros)
    assert got == expected_size(corners)
    names = [model.variable_name(k) for k in range(model.variable_count)]
    assert len(set(names)) == len(names)  # a cell two grids share is one binary
