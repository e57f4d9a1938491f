"""The core's bisection (``core/bisection.py``): questions in, typed results out, no line
printed. The expected steps come from the seed quiz's article (level 11 first at step 92 of a
131-step first run) and from replaying the record step by step, not from the bisection."""

from __future__ import annotations

from sudoku_repl.core.bisection import (
    CandidateRemoved,
    CellHolds,
    Found,
    HeldFromStart,
    LevelReached,
    NeverHolds,
    NothingRecorded,
    Probe,
    SolutionsAtLeast,
    bisect,
    deepest_level,
    halve,
)
from sudoku_repl.core.geometry import values_of
from tests.support.helpers import SEED, Shell


def seed_run() -> Shell:
    """The seed quiz run to its first solution (step 131)."""
    shell = Shell()
    shell.ok(f"load-quiz {SEED}")
    shell.ok("run")
    assert shell.steps == 131
    return shell


def test_halve_finds_the_first_step_a_monotone_predicate_holds_and_lists_each_halving() -> None:
    step, halvings = halve(1, 10, lambda s: s >= 7)
    assert step == 7
    assert halvings == [(1, 5, False), (6, 8, True), (6, 7, True), (6, 6, False)]
    assert halve(4, 4, lambda s: True) == (4, [])


def test_level_11_is_first_reached_at_step_92_and_each_probe_says_how_deep_it_went() -> None:
    history = seed_run().repl.session.history
    found = bisect(history, LevelReached(11))
    assert isinstance(found, Found) and found.step == 92
    assert found.probes[0] == Probe(1, 66, False, found.probes[0].biggest)
    assert all(p.biggest is not None and (p.biggest >= 11) == p.hit for p in found.probes)
    assert deepest_level(history) == 11


def test_a_limit_keeps_the_answer_within_it_and_a_level_not_reached_never_holds() -> None:
    history = seed_run().repl.session.history
    assert bisect(history, LevelReached(11), 90) == NeverHolds(1, 90)
    assert bisect(history, LevelReached(12)) == NeverHolds(1, 131)


def test_a_cell_condition_is_found_where_replaying_the_record_first_shows_it() -> None:
    shell = seed_run()
    session = shell.repl.session
    cell, value = 0, 1  # [1,1] is empty in the seed quiz; its value in the solution is 1
    assert session.quiz is not None and session.quiz.givens[cell] == 0
    replayed = [session.state_after(m) for m in range(len(session.history) + 1)]
    first = min(s.steps for s in replayed if s.values[cell] == value)
    # (the start state has no candidates yet: the first move's filters make them)
    other = next(v for v in values_of(replayed[1].cands[cell]) if v != value)
    removed = min(s.steps for s in replayed[1:] if other not in values_of(s.cands[cell]))
    found = bisect(session.history, CellHolds(cell, value))
    assert isinstance(found, Found) and found.step == first
    assert all(p.biggest is None and p.hit == (first <= p.last) for p in found.probes)
    gone = bisect(session.history, CandidateRemoved(cell, other))
    assert isinstance(gone, Found) and gone.step == removed


def test_a_solution_count_is_found_at_the_step_of_the_solution() -> None:
    history = seed_run().repl.session.history
    found = bisect(history, SolutionsAtLeast(1))
    assert isinstance(found, Found) and found.step == 131
    assert bisect(history, SolutionsAtLeast(2)) == NeverHolds(1, 131)


def test_an_empty_record_has_nothing_and_level_0_or_0_solutions_hold_from_the_start() -> None:
    """Level 0 and 0 solutions hold at the loaded state: no step was dropped to say so, before
    a run or after it."""
    shell = Shell()
    shell.ok(f"load-quiz {SEED}")
    history = shell.repl.session.history
    assert bisect(history, LevelReached(1)) == NothingRecorded()
    assert bisect(history, SolutionsAtLeast(0)) == HeldFromStart()
    assert bisect(history, LevelReached(0)) == HeldFromStart()
    shell.ok("run")
    assert bisect(history, LevelReached(0)) == HeldFromStart()
    assert bisect(history, SolutionsAtLeast(0)) == HeldFromStart()
