"""Property tests of the step engine and the session's run commands.

Oracles: ``tests/oracles/brute.py`` (an independent backtracking counter), the expected counts of
tests/data/edge_cases_expected.tsv, and the rules of docs/engine.md / docs/commands.md restated
here.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from sudoku_repl.core import events as E
from sudoku_repl.core import filters
from sudoku_repl.core.engine import Choice, Engine
from sudoku_repl.core.errors import QuizError
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import CLASSIC
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.session import Session
from sudoku_repl.core.state import EngineState, Status
from sudoku_repl.text.render import levels_lines, trace_lines
from tests.oracles import brute
from tests.support.helpers import (
    PUZZLES,
    SEED_QUIZ,
    SLOW,
    EdgeCase,
    RecordingHooks,
    edge_cases,
    grid_of,
    read_lines,
    slow_cases,
)

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
QUICK = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# -- puzzles ------------------------------------------------------------------------------------


EDGE = edge_cases()
SMALL_COUNT = [e for e in EDGE if e.expected is not None and e.expected < 1000]
#: Quizzes with a few solutions (2..150), quick to run to the end.
FEW = [e.puzzle for e in SMALL_COUNT if 2 <= (e.expected or 0) <= 150]
SOLVED_GRIDS = read_lines(PUZZLES / "norvig_easy50.solutions.txt")
HARDEST = read_lines(PUZZLES / "norvig_hardest11.txt")
EASY = read_lines(PUZZLES / "norvig_easy50.txt")


def transformed(
    grid: Sequence[int],
    digits: Sequence[int],
    bands: Sequence[int],
    rows: Sequence[Sequence[int]],
    stacks: Sequence[int],
    cols: Sequence[Sequence[int]],
    transpose: bool,
) -> list[int]:
    """A solved grid under a validity-preserving symmetry (relabel, permute bands / rows within
    bands / stacks / columns within stacks, transpose)."""
    row_order = [3 * b + r for b in bands for r in rows[b]]
    col_order = [3 * s + c for s in stacks for c in cols[s]]
    out = [digits[grid[row_order[r] * 9 + col_order[c]] - 1] for r in range(9) for c in range(9)]
    if transpose:
        out = [out[c * 9 + r] for r in range(9) for c in range(9)]
    return out


@st.composite
def solved_grid(draw: st.DrawFn) -> list[int]:
    base = grid_of(draw(st.sampled_from(SOLVED_GRIDS)))
    three = st.permutations([0, 1, 2])
    grid = transformed(
        base,
        draw(st.permutations(list(range(1, 10)))),
        draw(three),
        [draw(three) for _ in range(3)],
        draw(three),
        [draw(three) for _ in range(3)],
        draw(st.booleans()),
    )
    assert brute.is_solution(grid, grid)
    return grid


@st.composite
def blanked(draw: st.DrawFn, low: int, high: int) -> list[int]:
    """A solved grid with ``low``..``high`` cells emptied (at least one solution)."""
    grid = draw(solved_grid())
    k = draw(st.integers(low, high))
    order = draw(st.permutations(list(range(81))))
    for i in order[:k]:
        grid[i] = 0
    return grid


MAX_BRUTE = 200


@st.composite
def counted(draw: st.DrawFn, low: int = 30, high: int = 58) -> tuple[list[int], list[brute.Grid]]:
    """A generated quiz with at most MAX_BRUTE solutions, and those solutions (brute force)."""
    givens = draw(blanked(low, high))
    found = brute.solutions(givens, MAX_BRUTE)
    assume(len(found) <= MAX_BRUTE)
    return givens, found


def quiz_text(givens: Sequence[int]) -> str:
    return "".join(str(v) for v in givens)


#: Quizzes that need guesses, with their solutions known to be few.
KNOWN = st.sampled_from([SEED_QUIZ, *HARDEST[:8], *EASY[:10], *FEW])
ANY_QUIZ = st.one_of(KNOWN, blanked(30, 56).map(quiz_text))


def new_session(quiz: str, run_mode: int = 0) -> Session:
    session = Session()
    session.settings.run_mode = run_mode
    session.load(Quiz.from_string(quiz))
    return session


def solution_grids(events: Sequence[Event]) -> list[brute.Grid]:
    return [tuple(e[3]) for e in events if e[0] == E.SOLUTION]


def run_to_end(session: Session, hooks: RecordingHooks, limit: int = 200_000) -> None:
    """`runrun 0`, with a guard against a search that never ends."""
    session.run(hooks, 0)
    state = session.state()
    assert state.status is Status.FINISHED
    assert state.steps <= limit


def masks_values(mask: int) -> list[int]:
    """Candidates are bit masks, bit v-1 for value v (geometry.py)."""
    return [v for v in range(1, 10) if mask >> (v - 1) & 1]


# -- the brute-force oracle itself -------------------------------------------------------------


@SLOW
def test_brute_force_agrees_with_the_tsv_on_quick_rows() -> None:
    """The oracle checked against the tsv where it is quick (the hard unique / no-solution rows
    take it seconds each; the engine is checked on all of them below)."""
    slow = ("unique", "no_solution", "Hardest")
    rows = [e for e in SMALL_COUNT if (e.expected or 0) <= 150 and not e.label.startswith(slow)]
    assert len(rows) >= 25
    for e in rows:
        assert brute.count_solutions(grid_of(e.puzzle)) == e.expected, e.label
        if e.solution and not brute.givens_clash(grid_of(e.puzzle)):
            assert brute.solutions(grid_of(e.puzzle)) == [tuple(grid_of(e.solution))]


def test_brute_force_limit_and_clash() -> None:
    assert brute.count_solutions([0] * 81, 5) == 6  # limit + 1 means "more than limit"
    clash = [0] * 81
    clash[0] = clash[1] = 7
    assert brute.count_solutions(clash) == 0
    assert not brute.is_solution(grid_of(SOLVED_GRIDS[0])[:80] + [0], grid_of(SOLVED_GRIDS[0]))


# -- step counter ---------------------------------------------------------------------------------


@FAST
@given(quiz=ANY_QUIZ, n=st.integers(1, 150))
def test_step_count_never_decreases(quiz: str, n: int) -> None:
    """Every step of an unfinished search moves the counter on; a finished one leaves it."""
    session, hooks = new_session(quiz), RecordingHooks()
    last = session.state().steps
    assert last == 0
    for _ in range(n):
        finished = session.finished
        session.step(hooks)
        steps = session.state().steps
        if finished:
            assert steps == last
        else:
            assert steps > last
        last = steps


# -- run commands compose -------------------------------------------------------------------------


@FAST
@given(quiz=ANY_QUIZ, a=st.integers(0, 250), extra=st.integers(0, 150))
def test_runtil_a_then_b_equals_runtil_b(quiz: str, a: int, extra: int) -> None:
    b = a + extra
    split, split_hooks = new_session(quiz), RecordingHooks()
    first = split.run(split_hooks, 1, a)
    after_a = split.state()
    lines_a = split_hooks.take()
    split.run(split_hooks, 1, b)

    fresh, fresh_hooks = new_session(quiz), RecordingHooks()
    fresh.run(fresh_hooks, 1, b)

    if first.solutions:
        # runtil a stopped at a solution before a: a fresh runtil b stops there too
        assert after_a.status is Status.SOLVED
        assert fresh.state() == after_a
        assert fresh_hooks.lines == lines_a
    else:
        assert split.state() == fresh.state()
        assert split_hooks.lines == fresh_hooks.lines


def drive_by_run(quiz: str) -> tuple[list[str], list[EngineState]]:
    session, hooks = new_session(quiz), RecordingHooks()
    states = []
    while not session.finished:
        before = session.state().solutions
        report = session.run(hooks, 1)
        state = session.state()
        assert report.solutions == state.solutions - before
        assert report.solutions == 1 or state.status is Status.FINISHED
        states.append(state)
    return hooks.lines, states


def drive_by_step(quiz: str) -> tuple[list[str], list[EngineState]]:
    """Single steps; the states kept are those where `run` must stop: a solution, the end."""
    session, hooks = new_session(quiz), RecordingHooks()
    states = []
    while not session.finished:
        session.step(hooks)
        state = session.state()
        if state.status in (Status.SOLVED, Status.FINISHED):
            states.append(state)
    return hooks.lines, states


@QUICK
@given(
    quiz=st.one_of(
        st.sampled_from([SEED_QUIZ, *HARDEST[:4], *FEW[:6]]),
        counted().map(lambda c: quiz_text(c[0])),
    )
)
@SLOW
def test_run_equals_single_steps(quiz: str) -> None:
    by_run = drive_by_run(quiz)
    by_step = drive_by_step(quiz)
    assert by_run[0] == by_step[0]
    assert by_run[1] == by_step[1]


LEVEL_LINE = re.compile(r"Level (\d+) \[(\d),(\d)\]=(\d) \((\d+) out of (\d+)\)")
GUESS_LINE = re.compile(
    r"\d+\) (Guess|Forward guess|Upward guess) \[(\d),(\d)\] level (\d+) at (\d+) out of (\d+)"
)


def levels_from_trace(lines: Sequence[str]) -> list[tuple[int, int, int, int]]:
    """The guess stack as the trace tells it: (row, col, index, count) per level, bottom first."""
    stack: list[tuple[int, int, int, int]] = []
    for line in lines:
        m = GUESS_LINE.fullmatch(line)
        if m:
            kind, r, c, level, i, n = m.groups()
            level_n = int(level)
            if kind == "Guess":
                assert level_n == len(stack) + 1, line
            else:
                assert level_n <= len(stack), line
            del stack[level_n - 1 :]
            stack.append((int(r), int(c), int(i), int(n)))
        elif "No more solution" in line:
            stack.clear()
    return stack


def check_levels(state: EngineState, trace: Sequence[str]) -> None:
    """`levels` lists state.level lines, deepest first, agreeing with the trace and the grid."""
    listing = levels_lines(state)
    assert listing[0] == f"At guess level {state.level}:"
    parsed = [LEVEL_LINE.fullmatch(line) for line in listing[1:]]
    assert all(parsed), listing
    rows = [tuple(int(g) for g in m.groups()) for m in parsed if m]
    assert len(rows) == state.level
    assert [r[0] for r in rows] == list(range(state.level, 0, -1))
    expected = levels_from_trace(trace)
    assert [(r, c, i, n) for (_, r, c, _, i, n) in reversed(rows)] == expected
    for _, r, c, v, i, n in rows:
        assert 1 <= i <= n
        assert state.values[(r - 1) * 9 + (c - 1)] == v  # the value tried is in the grid


class RunCommandsMachine(RuleBasedStateMachine):
    """Any sequence of step / run / runtil / runrun equals plain single steps (STYLE.md's model
    comparison), and `levels` tells the truth after every command."""

    def __init__(self) -> None:
        super().__init__()
        self.hooks = RecordingHooks()
        self.model_hooks = RecordingHooks()

    @initialize(quiz=st.sampled_from([SEED_QUIZ, *HARDEST[:3], *FEW[:8]]))
    def load(self, quiz: str) -> None:
        self.session = new_session(quiz)
        self.model = new_session(quiz)

    def catch_up(self) -> None:
        target = self.session.state().steps
        while self.model.state().steps < target and not self.model.finished:
            self.model.step(self.model_hooks)

    @rule()
    def step(self) -> None:
        self.session.step(self.hooks)
        self.catch_up()

    @rule()
    def run(self) -> None:
        report = self.session.run(self.hooks, 1)
        assert report.solutions <= 1
        self.catch_up()

    @rule(delta=st.integers(0, 60))
    def runtil(self, delta: int) -> None:
        target = self.session.state().steps + delta
        self.session.run(self.hooks, 1, target)
        state = self.session.state()
        assert state.steps >= target or state.status in (Status.SOLVED, Status.FINISHED)
        self.catch_up()

    @rule(k=st.integers(1, 4))
    def runrun(self, k: int) -> None:
        before = self.session.state().solutions
        report = self.session.run(self.hooks, k)
        state = self.session.state()
        assert report.solutions == state.solutions - before
        assert report.solutions == k or state.status is Status.FINISHED
        self.catch_up()

    @invariant()
    def same_as_single_steps(self) -> None:
        if not hasattr(self, "session"):
            return
        assert self.session.state() == self.model.state()
        assert self.hooks.lines == self.model_hooks.lines

    @invariant()
    def levels_tell_the_truth(self) -> None:
        if hasattr(self, "session"):
            check_levels(self.session.state(), self.hooks.lines)


RunCommandsMachine.TestCase.settings = settings(
    max_examples=20,
    stateful_step_count=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_run_commands_equal_single_steps = SLOW(RunCommandsMachine.TestCase)


@FAST
@given(quiz=ANY_QUIZ, n=st.integers(0, 400))
def test_levels_depth_equals_level(quiz: str, n: int) -> None:
    session, hooks = new_session(quiz), RecordingHooks()
    session.run(hooks, 0, n)
    check_levels(session.state(), hooks.lines)


# -- solutions ---------------------------------------------------------------------------------


def check_solutions(
    givens: Sequence[int], hooks: RecordingHooks, expected: Sequence[brute.Grid]
) -> None:
    found = solution_grids(hooks.all_events)
    for grid in found:
        assert brute.is_solution(grid, givens)
    sums = [e[2] for e in hooks.all_events if e[0] == E.SOLUTION]
    assert sums == list(range(1, len(found) + 1))
    steps = [e[1] for e in hooks.all_events if e[0] == E.SOLUTION]
    assert steps == sorted(set(steps))
    assert len(set(found)) == len(found), "a solution was reported twice"
    assert sorted(found) == sorted(expected)


@FAST
@given(case=counted(30, 60))
@SLOW
def test_run_to_end_finds_exactly_the_brute_force_solutions(
    case: tuple[list[int], list[brute.Grid]],
) -> None:
    givens, expected = case
    session, hooks = new_session(quiz_text(givens)), RecordingHooks()
    run_to_end(session, hooks)
    assert session.state().solutions == len(expected)
    check_solutions(givens, hooks, expected)
    # the end line repeats the total
    assert hooks.lines[-1] == (
        f"Invalid quiz [steps:{session.state().steps}] - no more solution "
        f"(solution sum is {len(expected)})"
    )


def long_count(case: EdgeCase) -> bool:
    """A search of a second or so: hundreds of solutions, tdoku's unique and unsolvable quizzes,
    the forum's hardest."""
    return (
        (case.expected or 0) > 500
        or case.label in ("unique", "no_solution")
        or case.label.startswith("HardestSudokusThread")
    )


@pytest.mark.parametrize("case", slow_cases(SMALL_COUNT, long_count), ids=lambda e: e.label)
def test_edge_case_counts(case: EdgeCase) -> None:
    """Every tsv row with fewer than 1000 expected solutions: `runrun 0` finds that many."""
    givens = grid_of(case.puzzle)
    if brute.givens_clash(givens):
        assert case.expected == 0
        with pytest.raises(QuizError):
            Quiz.from_string(case.puzzle)
        return
    engine = Engine.from_givens(givens)  # the engine alone: these are the longest searches
    events: list[Event] = []
    while engine.status is not Status.FINISHED:
        events += engine.step()
        assert engine.steps < 200_000
    assert engine.solutions == case.expected
    found = solution_grids(events)
    assert len(found) == case.expected
    for grid in found:
        assert brute.is_solution(grid, givens)
    assert len(set(found)) == len(found)
    if case.solution:
        assert found == [tuple(grid_of(case.solution))]


def test_multiple_solutions_file_is_covered_by_the_tsv() -> None:
    counts = {e.puzzle: e.expected for e in EDGE}
    lines = read_lines(PUZZLES / "multiple_solutions.txt")
    assert lines and all(line in counts for line in lines)
    assert all(counts[line] is None or counts[line] >= 2 for line in lines)
    small = [line for line in lines if (counts[line] or 10**6) < 1000]
    assert len(small) >= 15  # each of them is run by test_edge_case_counts


@pytest.mark.parametrize("run_mode", [1, 2])
@pytest.mark.parametrize(
    "label",
    [
        "two_solutions",
        "three_solutions",
        "ten_solutions",
        "multiple_13",
        "multiple_91",
        "difficult1",
        "hidden_singles",
        "unsolvable_row",
    ],
)
def test_run_modes_find_the_right_solutions(run_mode: int, label: str) -> None:
    case = next(e for e in EDGE if e.label == label)
    givens = grid_of(case.puzzle)
    session, hooks = new_session(case.puzzle, run_mode), RecordingHooks()
    run_to_end(session, hooks)
    assert session.state().solutions == case.expected
    check_solutions(givens, hooks, brute.solutions(givens))


@QUICK
@given(case=counted(35, 58), run_mode=st.sampled_from([1, 2]))
@SLOW
def test_run_modes_on_generated_quizzes(
    case: tuple[list[int], list[brute.Grid]], run_mode: int
) -> None:
    givens, expected = case
    session, hooks = new_session(quiz_text(givens), run_mode), RecordingHooks()
    run_to_end(session, hooks)
    check_solutions(givens, hooks, expected)


def test_run_mode_2_never_filters_anything() -> None:
    """ply only: no grp line ever, and ply itself prints nothing (docs/engine.md 7)."""
    session, hooks = new_session(SEED_QUIZ, 2), RecordingHooks()
    run_to_end(session, hooks)
    kinds = {e[0] for e in hooks.all_events}
    assert not kinds & {E.COMPLETE, E.INCOMPLETE, E.REMOVED, E.CELSET, E.PLY}
    assert session.state().solutions == 1


# -- interactive guessing ------------------------------------------------------------------------


def random_answers(session: Session, rng: random.Random) -> Callable[[int, int], Choice]:
    """Answers any empty cell and any of its current candidates (sometimes the default)."""

    def answer(cell: int, value: int) -> Choice:
        roll = rng.random()
        if roll < 0.15:
            return None
        if roll < 0.25:
            return (cell, value)
        state = session.state()
        options = [
            (i, v) for i in range(81) if not state.values[i] for v in masks_values(state.cands[i])
        ]
        assert options, "a guess is due but no empty cell has a candidate"
        return rng.choice(options)

    return answer


class EndlessAnswers(RecordingHooks):
    """Hooks whose every guess question is answered by ``answer``."""

    def __init__(self, answer: Callable[[int, int], Choice]) -> None:
        super().__init__()
        self.answer = answer

    def ask_guess(self, cell: int, value: int) -> Choice:
        self.questions.append((cell, value))
        self.asked_at.append(len(self.lines))
        return self.answer(cell, value)


@FAST
@given(
    case=st.one_of(counted(35, 56), st.sampled_from(FEW[:10]).map(lambda q: (grid_of(q), None))),
    seed=st.integers(0, 2**32 - 1),
)
@SLOW
def test_random_guess_answers_find_every_solution(
    case: tuple[list[int], list[brute.Grid] | None], seed: int
) -> None:
    givens, expected = case
    if expected is None:
        expected = brute.solutions(givens)
    session = new_session(quiz_text(givens))
    session.settings.guess_mode = 1
    hooks = EndlessAnswers(random_answers(session, random.Random(seed)))
    run_to_end(session, hooks)
    check_solutions(givens, hooks, expected)
    check_levels(session.state(), hooks.lines)


# -- state() / restore() --------------------------------------------------------------------------


def moves(engine: Engine, n: int) -> list[Event]:
    ev: list[Event] = []
    for _ in range(n):
        ev += engine.advance()
    return ev


@FAST
@given(
    quiz=ANY_QUIZ,
    other=KNOWN,
    k1=st.integers(0, 300),
    k2=st.integers(1, 200),
    k3=st.integers(0, 100),
)
@SLOW
def test_restore_then_continue_equals_continuing(
    quiz: str, other: str, k1: int, k2: int, k3: int
) -> None:
    givens = grid_of(quiz)
    original = Engine.from_givens(givens)
    moves(original, k1)  # any move boundary, inside a step too (a due guess, a wrong grid)
    kept = original.state()
    ahead = moves(original, k2)
    ahead_state = original.state()

    fresh = Engine(kept)
    assert fresh.state() == kept
    assert moves(fresh, k2) == ahead
    assert fresh.state() == ahead_state

    # back in the same engine: the kept state was not changed by going on from it
    original.restore(kept)
    assert original.state() == kept
    assert moves(original, k2) == ahead

    # an engine that has worked on another quiz (its caches warm) behaves the same
    used = Engine.from_givens(grid_of(other))
    moves(used, k3)
    used.restore(kept)
    again = moves(used, k2)
    assert again == ahead
    assert trace_lines(again) == trace_lines(ahead)
    assert used.state() == ahead_state


# -- ply --------------------------------------------------------------------------------------------


def assert_consistent(state: EngineState) -> None:
    """docs/engine.md 2 keeps candidates free of every value placed in a peer."""
    for i in range(81):
        if not state.values[i]:
            placed = {state.values[j] for j in brute.PEERS[i]}
            assert not placed & set(masks_values(state.cands[i])), i


def check_ply_finds_nothing(state: EngineState) -> None:
    values, cands = list(state.values), list(state.cands)
    ev: list[Event] = []
    result = filters.ply(CLASSIC, values, cands, state.steps, ev)
    assert result == filters.NOTHING
    assert ev == []
    assert values == list(state.values) and cands == list(state.cands)


@FAST
@given(
    quiz=ANY_QUIZ, n=st.integers(1, 400), seed=st.integers(0, 2**32 - 1), interactive=st.booleans()
)
@SLOW
def test_ply_removes_nothing_on_consistent_grids(
    quiz: str, n: int, seed: int, interactive: bool
) -> None:
    session = new_session(quiz)
    hooks: RecordingHooks = RecordingHooks()
    if interactive:
        session.settings.guess_mode = 1
        hooks = EndlessAnswers(random_answers(session, random.Random(seed)))
    checked = 0
    for _ in range(n):
        if session.finished:
            break
        session.step(hooks)
        state = session.state()
        if state.status is Status.SEARCHING:
            assert_consistent(state)
            check_ply_finds_nothing(state)
            checked += 1
    assert checked or session.finished or n < 3


def test_ply_does_remove_a_candidate_a_block_rules_out() -> None:
    """The control: ply is no stub. A candidate ruled out by a value placed in the block
    outside the row is removed, and ply reports the row (rows come first)."""
    session, hooks = new_session(SEED_QUIZ), RecordingHooks()
    session.run(hooks, 1, 10)
    state = session.state()
    assert state.status is Status.SEARCHING
    check_ply_finds_nothing(state)
    for i in range(81):
        if state.values[i]:
            continue
        r, c = divmod(i, 9)
        box = next(b for b in brute.BOXES if i in b)
        outside = [state.values[j] for j in box if j // 9 != r and state.values[j]]
        if outside:
            break
    else:
        raise AssertionError("no empty cell with a placed value in its block outside its row")
    v = outside[0]
    values, cands = list(state.values), list(state.cands)
    cands[i] |= 1 << (v - 1)
    ev: list[Event] = []
    result = filters.ply(CLASSIC, values, cands, state.steps, ev)
    assert result == filters.SHRUNKEN
    assert not cands[i] >> (v - 1) & 1
    assert cands[i] == state.cands[i]
    assert ev == [(E.PLY, state.steps, r)]
