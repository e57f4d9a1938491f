"""One step, one truth: every view of step N describes the same state.

The oracle is the definition of docs/engine.md ("The state at step N"), built here without the
session, the record or the debugger: a bare ``Engine`` advanced move by move, keeping the cells
each time the step count reaches a new number. Against it, over the seed, a top95 sample,
quizzes with many solutions and the samurai:

- ``goto N`` shows the oracle's state at N, and so does the record replayed change by change;
- ``when [r,c]`` reports exactly the value changes between the oracle's consecutive states;
- ``bisect when cell [r,c]=v`` answers the first N whose oracle state shows v, and a fresh
  session's ``break cell [r,c]=v`` stops there, its show block showing it;
- where a fresh session's ``runtil N`` stops at N, ``goto N`` prints the same show block.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from sudoku_repl.core import events as E
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.record import History
from sudoku_repl.core.state import Status
from sudoku_repl.text.quiz_files import load
from tests.support.helpers import PUZZLES, SEED_QUIZ, SLOW, VARIANTS, Shell, read_lines, slow_cases

#: moves the oracle follows at most per quiz (a long search is sampled, not run to its end)
MOVE_LIMIT = 4000


def oracle(quiz_text: str) -> dict[int, tuple[bytes, tuple[int, ...]]]:
    """Step number -> (values, candidates) of the state at that step, by the definition."""
    quiz = load(quiz_text, 1)
    engine = Engine.from_givens(quiz.givens, quiz.geometry)
    states = {0: (bytes(engine.values), tuple(engine.cands))}
    for _ in range(MOVE_LIMIT):
        if engine.status is Status.FINISHED:
            break
        before = engine.steps
        engine.advance()
        if engine.steps > before:
            assert engine.steps == before + 1, "a move advances the count by one at most"
            states[engine.steps] = (bytes(engine.values), tuple(engine.cands))
    return states


class Replayed:
    """The cells after the first ``moves`` moves, from the record's changes alone (asked for
    ever larger ``moves``)."""

    def __init__(self, history: History) -> None:
        self.history, self.done = history, 0
        self.values, self.cands = list(history.start.values), list(history.start.cands)

    def after(self, moves: int) -> tuple[bytes, tuple[int, ...]]:
        for m in range(self.done, moves):
            for cell, value, mask in self.history.changes(m):
                self.values[cell], self.cands[cell] = value, mask
        self.done = moves
        return bytes(self.values), tuple(self.cands)


def quizzes() -> Iterator[tuple[str, str]]:
    yield "seed", SEED_QUIZ
    top95 = read_lines(PUZZLES / "norvig_top95.txt")
    for k in (0, 7, 33, 61):
        yield f"top95-{k + 1}", top95[k]
    many = read_lines(PUZZLES / "multiple_solutions.txt")
    for k in (0, 4, 11):
        yield f"multiple-{k + 1}", many[k]
    yield "samurai", str(VARIANTS / "samurai_seed001.txt")


QUIZZES = list(quizzes())


@pytest.fixture(
    scope="module",
    # a second or so each, the oracle included: the quick run keeps the seed and the samurai
    params=slow_cases(QUIZZES, lambda case: case[0] not in ("seed", "samurai")),
    ids=[name for name, _ in QUIZZES],
)
def case(
    request: pytest.FixtureRequest,
) -> tuple[str, dict[int, tuple[bytes, tuple[int, ...]]], Shell]:
    _, quiz = request.param
    states = oracle(quiz)
    shell = Shell()
    shell.ok(f"load-quiz {quiz}")
    last = max(states)
    shell.ok(f"goto {last}")  # the whole followed search into the record, silently
    assert shell.repl.session.state().steps == last
    return quiz, states, shell


def _cells_of(session_state: object) -> tuple[bytes, tuple[int, ...]]:
    return bytes(session_state.values), tuple(session_state.cands)  # type: ignore[attr-defined]


def test_goto_shows_the_state_at_each_step(case: tuple[str, dict, Shell]) -> None:
    _, states, shell = case
    session = shell.repl.session
    history = session.history
    steps = sorted(states)
    rng = random.Random(len(steps))
    sample = steps if len(steps) <= 400 else sorted(rng.sample(steps, 400))
    record = Replayed(history)
    for n in sample:
        shell.ok(f"goto {n}")
        state = session.state()
        assert state.steps == n
        assert _cells_of(state) == states[n], f"goto {n}"
        assert record.after(history.moves_to(n)) == states[n], f"record at {n}"


def _when_expected(
    states: dict[int, tuple[bytes, tuple[int, ...]]], cell: int, name: str
) -> list[str]:
    lines = []
    for n in sorted(states)[1:]:
        v0, v1 = states[n - 1][0][cell], states[n][0][cell]
        if v0 and v0 != v1:
            lines.append(f"{n}) {name} lost {v0}")
        if v1 and v1 != v0:
            lines.append(f"{n}) {name} got {v1}")
    return lines


def _empty_cells(states: dict[int, tuple[bytes, tuple[int, ...]]]) -> list[int]:
    return [c for c, v in enumerate(states[0][0]) if not v]


def test_when_reports_the_changes_between_step_states(case: tuple[str, dict, Shell]) -> None:
    _, states, shell = case
    geo = shell.repl.session.geo
    rng = random.Random(7)
    cells = _empty_cells(states)
    for cell in rng.sample(cells, min(12, len(cells))):
        name = geo.cell_name(cell)
        got = [line for line in shell.ok(f"when {name}") if not line.startswith("   (")]
        expected = _when_expected(states, cell, name)
        assert got == (expected or [got[0]]), name
        if not expected:
            assert got[0].startswith(f"{name} never got a value")


def _first_holding(
    states: dict[int, tuple[bytes, tuple[int, ...]]], cell: int, value: int
) -> int | None:
    return next((n for n in sorted(states)[1:] if states[n][0][cell] == value), None)


def test_bisect_when_and_break_stop_at_the_first_step_that_shows_it(
    case: tuple[str, dict, Shell],
) -> None:
    quiz, states, shell = case
    geo = shell.repl.session.geo
    rng = random.Random(11)
    cells = _empty_cells(states)
    for cell in rng.sample(cells, min(4, len(cells))):
        name = geo.cell_name(cell)
        held = sorted({states[n][0][cell] for n in states} - {0})
        if not held:
            continue
        value = rng.choice(held)
        first = _first_holding(states, cell, value)
        assert first is not None
        answer = shell.ok(f"bisect when cell {name}={value}")[-1]
        assert answer.startswith(f"Cell {name}={value} first holds at step {first}: "), answer
        assert shell.repl.session.state().values[cell] == value
        # a fresh session stops there, and the show block printed there shows it
        fresh = Shell()
        fresh.ok(f"load-quiz {quiz}")
        fresh.ok(f"break cell {name}={value}")
        out = fresh.ok("runrun 0")  # stops at the breakpoint, which lies within the followed steps
        stop = fresh.repl.session.state()
        assert stop.steps == first, (name, value, out[-5:])
        assert f"Breakpoint 1: cell {name}={value} at step {first}." in out
        assert stop.values[cell] == value
        assert _cells_of(stop) == states[first]
        assert f"Steps:{first}" in out


def test_goto_shows_what_a_fresh_runtil_shows(case: tuple[str, dict, Shell]) -> None:
    quiz, states, shell = case
    rng = random.Random(3)
    last = max(states)
    height = _grid_height(shell)
    compared = 0
    for n in sorted(rng.sample(range(1, last + 1), min(15, last))):
        fresh = Shell()
        fresh.ok(f"load-quiz {quiz}")
        for _ in range(100):  # runtil stops at each solution on the way: say it again
            out = fresh.ok(f"runtil {n}")
            state = fresh.repl.session.state()
            if state.steps >= n or state.status is Status.FINISHED:
                break
        if state.steps != n or state.status in (Status.SOLVED, Status.FINISHED):
            continue  # runtil passed n (a step of two counts), or ended there without a block
        shown = out[out.index(f"Steps:{n}") - height : -2]
        assert shell.ok(f"goto {n}") == shown, n
        compared += 1
    assert compared >= 5


def _grid_height(shell: Shell) -> int:
    """The lines of the grid above ``Steps:`` in a show block (rows and their blank lines)."""
    shell.ok("goto 0")
    block = shell.ok("show")
    return block.index("Steps:0")


@SLOW
def test_the_property_covers_thousands_of_steps() -> None:
    """The goto check above runs over at least a few thousand (quiz, step) pairs."""
    total = 0
    for _, quiz in QUIZZES:
        total += min(len(oracle(quiz)), 400)
    assert total >= 2000, total


# -- the reproductions of the issue, one consistent answer each ---------------------------------


def _seed_after_run() -> Shell:
    shell = Shell()
    shell.ok(f"load-quiz {SEED_QUIZ}")
    shell.ok("run")
    return shell


def _cell_at(shell: Shell, step: int, cell: str) -> int:
    shell.ok(f"goto {step}")
    r, c = (int(x) for x in cell.strip("[]").split(","))
    return shell.repl.session.state().values[(r - 1) * 9 + c - 1]


def test_seed_when_and_goto_agree_on_4_2() -> None:
    shell = _seed_after_run()
    lines = shell.ok("when [4,2]")
    # the seed's trace: 92) Guess [4,2] level 11 at 1 out of 2; Fine [steps:131 ...] with [4,2]=9
    assert "92) [4,2] got 2" in lines and "131) [4,2] got 9" in lines
    # 64) and 120) are fill passes that went wrong: what they placed never shows at a step
    assert not [line for line in lines if line.startswith(("64)", "65)", "120)", "121)"))]
    assert any(line.startswith("   (inside step 65: [4,2] held 2") for line in lines)
    for line in lines:
        if line[0].isdigit():
            step, _, rest = line.partition(") ")
            value = int(rest.split()[-1])
            held = _cell_at(shell, int(step), "[4,2]")
            assert (held == value) == (" got " in rest), line
    assert shell.ok("bisect when cell [4,2]=2")[-1].startswith(
        "Cell [4,2]=2 first holds at step 92: 92) Guess [4,2] level 11 at 1 out of 2"
    )
    assert _cell_at(shell, 92, "[4,2]") == 2


@pytest.mark.parametrize(("value", "stop"), [(2, 92), (9, 131)])
def test_seed_break_cell_stops_where_the_cell_shows_the_value(value: int, stop: int) -> None:
    shell = Shell()
    shell.ok(f"load-quiz {SEED_QUIZ}")
    shell.ok(f"break cell [4,2]={value}")
    out = shell.ok("runrun 0")
    assert f"Breakpoint 1: cell [4,2]={value} at step {stop}." in out
    state = shell.repl.session.state()
    assert state.steps == stop and state.values[27 + 1] == value


def test_top95_first_quiz_break_and_when_agree() -> None:
    quiz = read_lines(PUZZLES / "norvig_top95.txt")[0]
    shell = Shell()
    shell.ok(f"load-quiz {quiz}")
    shell.ok("break cell [8,7]=9")
    out = shell.ok("runrun 0")
    stop = shell.repl.session.state()
    assert stop.values[7 * 9 + 6] == 9
    assert f"Breakpoint 1: cell [8,7]=9 at step {stop.steps}." in out
    shell.ok("delete 1")
    shell.ok("runrun 0")
    for line in shell.ok("when [2,3]"):
        if line[0].isdigit():
            step, _, rest = line.partition(") ")
            held = _cell_at(shell, int(step), "[2,3]")
            assert (held == int(rest.split()[-1])) == (" got " in rest), line


# -- bisection and its edges ---------------------------------------------------------------------


def test_bisect_level_max_steps_caps_the_search() -> None:
    shell = _seed_after_run()
    assert shell.ok("bisect level 11 60") == ["Level 11 is not reached in steps 1..60."]
    # the seed's trace: 92) Guess [4,2] level 11 at 1 out of 2
    assert shell.ok("bisect level 11 100")[-1] == (
        "Level 11 is first reached at step 92: 92) Guess [4,2] level 11 at 1 out of 2"
    )


def test_bisect_level_max_steps_runs_the_search_that_far_first() -> None:
    shell = Shell()
    shell.ok(f"load-quiz {SEED_QUIZ}")
    assert shell.ok("bisect level 11 60") == ["Level 11 is not reached in steps 1..60."]
    assert shell.repl.session.history.last_steps == 60


def test_empty_answers_say_why_in_one_line() -> None:
    shell = Shell()
    shell.ok(f"load-quiz {SEED_QUIZ}")
    answer = shell.ok("bisect level 11")
    assert len(answer) == 1 and "run" in answer[0] and "bisect level 11 <max-steps>" in answer[0]
    assert shell.ok("history") == ["No steps recorded yet: the record fills as you step or run."]
    assert shell.ok("when [1,1]") == ["No steps recorded yet: the record fills as you step or run."]
    shell.ok("runtil 65")
    # step 64 of the seed is a fill pass (the trace has no line numbered 63 or 64 before 64)
    assert shell.ok("history 63 63") == [
        "Step 63 printed no trace line (a fill pass, or a filter that finds nothing, prints none)."
    ]
    assert shell.ok("bisect level 9") == [
        "Level 9 is not reached in steps 1..65 (the steps run so "
        "far: run on, or give max-steps, to look further)."
    ]


def test_history_from_step_0_of_a_whole_record_says_nothing_was_dropped() -> None:
    """Step 0 is the quiz as loaded, not a step dropped to bound memory."""
    shell = Shell()
    shell.ok(f"load-quiz {SEED_QUIZ}")
    shell.ok("set trace off")
    shell.ok("run")
    assert not shell.repl.session.history.dropped
    from_one = shell.ok("history 1 3")
    assert from_one and not any("dropped" in line for line in from_one)
    assert shell.ok("history 0 3") == from_one
    assert shell.ok("history 0 0") == [
        "Step 0 is the quiz as loaded: no step led to it, no trace line."
    ]


def _first_level_step(quiz_text: str, level: int) -> int:
    """By a bare engine: the step at which a new guess first reaches the level."""
    quiz = load(quiz_text, 1)
    engine = Engine.from_givens(quiz.givens, quiz.geometry)
    while engine.status is not Status.FINISHED:
        for e in engine.advance():
            if e[0] == E.GUESS and e[3] >= level:
                return engine.steps
    raise AssertionError("never reached")


def test_a_trimmed_record_answers_only_what_it_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKU_REPL_RECORD_CAP", "1000")
    quiz = read_lines(PUZZLES / "invalid_no_solution.txt")[0]
    shell = Shell()
    shell.ok(f"load-quiz {quiz}")
    notice = [line for line in shell.ok("run") if line.startswith("Record full")]
    assert len(notice) == 1
    first = int(notice[0].split("steps before ")[1].split()[0])
    assert _first_level_step(quiz, 3) < first
    assert shell.ok("bisect level 3") == [
        f"Level 3 is first reached before step {first}, where the kept record starts (older "
        "steps were dropped to bound memory)."
    ]
    assert shell.ok("history 1 5") == [
        f"Steps 1..5 were dropped to bound memory: the record starts at step {first}."
    ]
    refused = shell.repl.execute(f"goto {first - 1}")
    assert not refused
    assert shell.out.lines[-1].startswith(f"The record starts at step {first} ")
    shell.ok(f"goto {first}")
    assert shell.repl.session.state().steps == first
    assert shell.ok(f"history {first - 3} {first}")[0] == (
        f"Steps {first - 3}..{first - 1} were dropped to bound memory; from {first}:"
    )
