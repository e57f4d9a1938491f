"""The plain reference implementation of docs/engine.md (tests/oracles/reference_engine.py, the
yardstick of the speed figures) against the reference traces, and against the package
engine on a sample of every puzzle set the benchmarks use.

The reference is slow on purpose (plain sets and lists), so the default sample is small enough
for CI (two cores, ~20 s for this module); ``SUDOKU_REPL_REFERENCE_FULL=1`` runs the larger
sample (20 + 20 + 20 puzzles, every non-clashing invalid one; a few minutes).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import pytest

from sudoku_repl.core.errors import QuizError
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.session import Session
from sudoku_repl.text.render import trace_lines
from tests.oracles import reference_engine
from tests.support.helpers import REFERENCE, edge_cases, parse_trace, puzzle_lines, slow_cases

FULL = os.environ.get("SUDOKU_REPL_REFERENCE_FULL", "") not in ("", "0")

# -- 1. the reference traces -------------------------------------------------------------------

NORVIG_TRACES = sorted(REFERENCE.glob("norvig_*.trace"))
SEED_TRACES = sorted(REFERENCE.glob("seed_*.trace"))


def test_reference_traces_present() -> None:
    assert [p.name for p in NORVIG_TRACES] == ["norvig_easy50.trace", "norvig_hardest11.trace"]
    assert len(SEED_TRACES) == 5


@pytest.mark.parametrize(
    "section",
    slow_cases(  # the hardest eleven take the reference up to seconds each
        [q for path in NORVIG_TRACES for q in parse_trace(path)],
        lambda q: q.path.stem == "norvig_hardest11",
    ),
    ids=lambda q: q.id,
)
def test_reference_reproduces_norvig_trace(section) -> None:  # type: ignore[no-untyped-def]
    [command] = section.commands
    assert command.command == "runrun 0"
    engine = reference_engine.ReferenceEngine(section.quiz)
    lines = engine.runrun(0)
    assert lines == command.lines
    assert (engine.steps, engine.solutions, engine.biggest) == (
        command.figures.steps,
        command.figures.solutions,
        command.figures.biggest,
    )


def test_api_matches_trace() -> None:
    """solve_trace and run_steps (what the benchmarks call) agree with the trace."""
    for section in parse_trace(REFERENCE / "norvig_easy50.trace")[:10]:
        [command] = section.commands
        figures = command.figures
        lines, steps, solutions = reference_engine.solve_trace(section.quiz, 0)
        assert (lines, steps, solutions) == (command.lines, figures.steps, figures.solutions)
        assert reference_engine.run_steps(section.quiz, 0) == (
            figures.steps,
            figures.solutions,
            figures.biggest,
        )
        first = reference_engine.solve_trace(section.quiz, 1)
        assert (
            first[0]
            == command.lines[: command.lines.index(f"Fine [steps:{first[1]}, solution sum:1].") + 1]
        )


@pytest.mark.parametrize(
    "path", slow_cases(SEED_TRACES, lambda p: p.stem != "seed_run_run"), ids=lambda p: p.stem
)
def test_reference_reproduces_seed_trace(path) -> None:  # type: ignore[no-untyped-def]
    """run/run, runtil bisections, single steps and the interactive session of the seed."""
    count, problems = reference_engine.verify(path)
    assert count == 1
    assert problems == []


def test_seed_run_run_is_runrun_1_twice() -> None:
    quiz = parse_trace(REFERENCE / "seed_run_run.trace")[0]
    first, second = quiz.commands
    engine = reference_engine.ReferenceEngine(quiz.quiz)
    assert engine.runrun(1) == first.lines
    assert (engine.steps, engine.solutions, engine.biggest) == (131, 1, 11)
    assert engine.runrun(1) == second.lines  # SOLVED -> resumes, then runs to the end
    assert (engine.steps, engine.solutions, engine.biggest) == (284, 1, 7)


# -- 2. the reference against the package engine ---------------------------------------------


class Collect:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def events(self, ev) -> None:  # type: ignore[no-untyped-def]
        self.lines += trace_lines(ev)

    def ask_guess(self, cell, value):  # type: ignore[no-untyped-def]
        return None

    def interrupted(self) -> bool:
        return False


def engine_trace(quiz81: str) -> tuple[list[str], int, int, int]:
    """``runrun 0`` from a fresh load through ``Session``: (lines, steps, solutions, biggest)."""
    session = Session()
    session.load(Quiz.from_string(quiz81))
    hooks = Collect()
    report = session.run(hooks, 0)
    state = session.state()
    return hooks.lines, state.steps, state.solutions, report.biggest


def reference_trace(quiz81: str) -> tuple[list[str], int, int, int]:
    engine = reference_engine.ReferenceEngine(quiz81)
    lines = engine.runrun(0)
    return lines, engine.steps, engine.solutions, engine.biggest


@dataclass(frozen=True)
class Case:
    set: str
    line: int  # 1-based line of the data file
    quiz: str

    @property
    def id(self) -> str:
        return f"{self.set}-{self.line}"


def spread(name: str, count: int) -> list[Case]:
    """``count`` quizzes spread evenly over the file (a fixed stride from the first)."""
    quizzes = puzzle_lines(name)
    stride = max(1, len(quizzes) // count)
    stem = name.removesuffix(".txt")
    return [Case(stem, i + 1, quizzes[i]) for i in range(0, len(quizzes), stride)][:count]


def clashes(quiz81: str) -> bool:
    try:
        Quiz.from_string(quiz81)
    except QuizError:
        return True
    return False


#: quiz -> its number of solutions (None: 100,000 or more), from edge_cases_expected.tsv
SOLUTIONS = {e.puzzle: e.expected for e in edge_cases()}


def few_solutions(count: int) -> list[Case]:
    """The ``count`` quizzes of multiple_solutions.txt with the fewest solutions (the counts of
    edge_cases_expected.tsv)."""
    cases = [
        Case("multiple_solutions", i + 1, q)
        for i, q in enumerate(puzzle_lines("multiple_solutions.txt"))
    ]
    counted = [(SOLUTIONS[c.quiz], c.line, c) for c in cases if SOLUTIONS.get(c.quiz) is not None]
    return [c for _, _, c in sorted(counted)[:count]]  # type: ignore[type-var]


def no_solution() -> list[Case]:
    """The quizzes of invalid_no_solution.txt whose givens don't clash. By default only the
    cheap ones (the Sudopedia unsolvable square/box/row/column cases, lines 14..17) and the
    first of tdoku's ten (its others take seconds each in the reference); all with FULL."""
    cases = [
        Case("invalid_no_solution", i + 1, q)
        for i, q in enumerate(puzzle_lines("invalid_no_solution.txt"))
        if not clashes(q)
    ]
    return cases if FULL else [c for c in cases if c.line == 1 or c.line >= 14]


SAMPLE: list[Case] = (
    spread("norvig_top95.txt", 20 if FULL else 5)
    + spread("forum_hardest_1905_11plus_sample1000.txt", 20 if FULL else 3)
    + spread("royle17_sample2000.txt", 20 if FULL else 10)
    + few_solutions(10)
    + no_solution()
    # a 1GW removal empties the foremost cell before the guess ("Guess [3,7] level 3 at 1 out of
    # 0", then an Upward guess): a case docs/engine.md leaves open
    + [Case("royle17_sample2000", 703, puzzle_lines("royle17_sample2000.txt")[702])]
)


def long_search(case: Case) -> bool:
    """A case the reference takes half a second or more to search to the end: the forum's
    hardest, top95 but its first, tdoku's unsolvable ones (lines 1..10), a quiz with dozens of
    solutions."""
    if case.set == "forum_hardest_1905_11plus_sample1000":
        return True
    if case.set == "norvig_top95":
        return case.line > 1
    if case.set == "invalid_no_solution":
        return case.line <= 10
    return case.set == "multiple_solutions" and (SOLUTIONS[case.quiz] or 0) > 50


def test_sample_covers_every_set() -> None:
    sets = {c.set for c in SAMPLE}
    assert sets == {
        "norvig_top95",
        "forum_hardest_1905_11plus_sample1000",
        "royle17_sample2000",
        "multiple_solutions",
        "invalid_no_solution",
    }
    assert len(few_solutions(10)) == 10
    assert all(c.line not in (11, 12, 13) for c in no_solution())  # the clashing ones


@pytest.mark.parametrize("case", slow_cases(SAMPLE, long_search), ids=lambda c: c.id)
def test_reference_equals_engine(case: Case) -> None:
    mine = reference_trace(case.quiz)
    theirs = engine_trace(case.quiz)
    if mine[0] != theirs[0]:
        first = next(
            (i for i, (a, b) in enumerate(zip(mine[0], theirs[0])) if a != b),
            min(len(mine[0]), len(theirs[0])),
        )
        pytest.fail(
            f"{case.id}: first differing line {first + 1}: reference "
            f"{mine[0][first] if first < len(mine[0]) else '<end>'!r}, engine "
            f"{theirs[0][first] if first < len(theirs[0]) else '<end>'!r}"
        )
    assert mine[1:] == theirs[1:], "(steps, solution sum, biggest level)"
    if case.set == "invalid_no_solution":
        assert mine[2] == 0
    elif case.set != "multiple_solutions":
        assert mine[2] == 1


def test_ply_never_removes_on_consistent_grids() -> None:
    """docs/engine.md 7: with candidates kept as in 2, ply finds nothing (checked at every step of a
    hard quiz, run mode 2 so that ply runs at every filter)."""
    quiz = puzzle_lines("norvig_hardest11.txt")[1]  # 440 steps in run mode 2
    engine = reference_engine.ReferenceEngine(quiz, run_mode=2, lines=False)
    checks = 0
    while engine.status != reference_engine.FINISHED:
        if engine.status == reference_engine.SEARCHING:
            values, cands = reference_engine.copy_grid(engine.values, engine.cands)
            if not any(
                engine.cands[r][c] == set()
                for r in range(9)
                for c in range(9)
                if engine.values[r][c] == 0
            ):
                assert engine.ply() is False
                assert (engine.values, engine.cands) == (values, cands)
                checks += 1
        engine.step()
    assert checks > 100
