"""The public API's session (``sudoku_repl.api``, docs/api.md): what ``goto`` reports, the
record's ``repr``, events and moves read by name with cells as (row, col), and ``run``/``step``
quiet unless lines are asked for.

Expected values come from the reference trace of the seed's first session
(``tests/data/reference/seed_run_run.trace``: the first solution at step 131 with biggest level
11, the search's end at step 284, the lines of step 6 and of steps 92-93) and from docs/engine.md
("The state at step N"), not from the code under test.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from sudoku_repl.api import EventView, GotoReport, Move, Session
from sudoku_repl.core import events as E
from sudoku_repl.core.events import Event
from sudoku_repl.core.hooks import Quiet
from tests.support.helpers import STEP6_TRACE, reference_lines

SEED = "examples/seed.txt"
#: the lines of the seed's first ``run`` (to the first solution, step 131)
FIRST_RUN = reference_lines("seed_run_run.trace")[0]


# -- goto says what happened ------------------------------------------------------------------


def test_goto_reports_the_step_reached() -> None:
    session = Session.from_quiz(SEED)
    session.run()
    assert session.goto(92) == GotoReport(asked=92, reached=92)
    report = session.goto(500)  # past the record: it goes on, and the search ends at 284
    assert report == GotoReport(asked=500, reached=284, search_ended=True, interrupted=False)
    assert (report.reached, report.search_ended) == (session.state().steps, session.finished)
    assert session.goto(10) == GotoReport(asked=10, reached=10)  # back again, from the record


def test_goto_reports_an_interrupt_and_keeps_the_old_truth() -> None:
    session = Session.from_quiz(SEED)
    session.poll_units = 1  # a poll before each step on the native build too
    polls: list[int] = []

    class StopAtTheTenthPoll(Quiet):
        def interrupted(self) -> bool:
            polls.append(session.state().steps)
            return len(polls) == 10

    report = session.goto(100, StopAtTheTenthPoll())
    assert len(polls) == 10  # it was under way when the interrupt came
    assert report == GotoReport(asked=100, reached=9, search_ended=False, interrupted=True)
    assert report  # goto's old bool (True: an interrupt stopped it) still reads the same
    assert not session.goto(5) and not session.goto(130)


# -- the record's repr ------------------------------------------------------------------------


def test_history_repr_says_what_the_record_holds() -> None:
    session = Session.from_quiz(SEED)
    assert repr(session.history) == "<History: no moves yet, the state at step 0>"
    session.run()
    history = session.history
    moves, guesses = len(history), len(history.new_guesses(1, 131))
    assert repr(history) == (
        f"<History of steps 1..131: {moves} moves, {guesses} new guesses, biggest level 11>"
    )


def test_history_repr_says_what_was_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKU_REPL_RECORD_CAP", "300")
    session = Session.from_quiz(SEED)
    session.run(solutions=0)  # 284 steps, more moves than the cap
    history = session.history
    assert history.dropped
    first = history.first_steps
    text = repr(history)
    assert text.startswith(f"<History of steps {first}..284: {len(history)} moves, ")
    assert text.endswith(
        f", steps before {first} dropped to bound memory ({history.dropped} moves; the cap is 300)>"
    )
    assert "biggest level 11," in text  # the dropped moves' level counts too


# -- events and moves by name -----------------------------------------------------------------


def test_a_moves_events_read_by_name_with_cells_as_row_col() -> None:
    session = Session.from_quiz(SEED)
    session.run()
    (move,) = session.moves(6)  # step 6: 2GW's removals, its CelSet, its unit's line
    assert move.step == 6 and move.run_mode == 0
    assert move.lines() == STEP6_TRACE
    removal, *_, celset, unit = move.events
    assert (removal.kind_name, removal.technique, removal.value, removal.cell) == (
        "removed",
        "2GW",
        2,
        (4, 3),
    )
    assert repr(removal) == "Removal('removed', technique='2GW', value=2, cell=(4, 3))"
    assert (celset.cells, celset.values) == (((4, 3), (6, 1)), (6, 7))
    assert (unit.kind_name, unit.step, unit.unit) == ("incomplete", 6, "blk 4")
    assert [e.cell for e in move.events[:5]] == [(4, 3)] * 3 + [(6, 1)] * 2
    # the engine's records are untouched: the view reads them
    assert move.records == session.history.events(move.index)
    assert move.records[0] == E.Removal(E.REMOVED, 2, 2, 3 * 9 + 2)
    with pytest.raises(AttributeError, match="a removed event has no field 'level'"):
        removal.level  # noqa: B018


def test_moves_of_steps_follow_the_state_at_step_n() -> None:
    """docs/engine.md: ``history 93 93`` is the fill pass that went wrong (numbered 92) and the
    Forward guess of 93."""
    session = Session.from_quiz(SEED)
    session.run()
    went_wrong, forward = session.moves(93)
    assert went_wrong.lines() == ["92) shrinking 8 from [8,7] went wrong"]
    assert forward.lines() == ["93) Forward guess [4,2] level 11 at 2 out of 2"]
    assert (forward.step, went_wrong.step) == (93, 93)
    (guess,) = forward.events
    assert guess.fields == {"step": 93, "cell": (4, 2), "level": 11, "tried": 2, "out_of": 2}
    assert [line for m in session.moves(1, 131) for line in m.lines()] == FIRST_RUN
    assert session.moves(200) == []  # not recorded
    (solution,) = session.move(-1).events
    assert solution.kind_name == "solution" and solution.solution_sum == 1
    assert solution.grid.startswith("145327698")  # the solution's first row, as its lines


def test_a_move_out_of_the_record_is_refused_in_one_line() -> None:
    session = Session.from_quiz(SEED)
    with pytest.raises(IndexError, match=r"^move 0: the record holds no move yet$"):
        session.move(0)
    session.step()
    assert isinstance(session.move(0), Move)
    with pytest.raises(IndexError, match=r"^move 1: the record holds moves 0..0$"):
        session.move(1)


def test_an_event_from_hooks_reads_through_the_view() -> None:
    session = Session.from_quiz(SEED)
    seen: list[EventView] = []

    class Views(Quiet):
        def events(self, events: Sequence[Event]) -> None:
            seen.extend(EventView(e, session.geo) for e in events)

    session.run(Views(), max_steps=7)
    assert [e.kind_name for e in seen][:3] == ["complete", "complete", "removed"]
    assert seen[0].unit == "row 2"


# -- run is quiet unless lines are asked for --------------------------------------------------


def test_run_and_step_are_quiet_by_default() -> None:
    session = Session.from_quiz(SEED)
    session.step()
    report = session.run()
    assert session.trace == []
    assert (report.biggest, session.state().steps) == (11, 131)


def test_lines_on_request() -> None:
    session = Session.from_quiz(SEED)
    session.run(lines=True)
    assert session.trace == FIRST_RUN
    stepped = Session.from_quiz(SEED)
    while stepped.state().steps < 7:
        stepped.step(lines=True)
    guess = "7) Guess [6,2] level 1 at 1 out of 2"  # step 6's filter, then the guess of 7
    assert stepped.trace == [*FIRST_RUN[:2], *STEP6_TRACE, guess]


def test_lines_and_your_own_hooks_both_hear_the_events() -> None:
    session = Session.from_quiz(SEED)
    heard: list[Event] = []

    class Hear(Quiet):
        def events(self, events: Sequence[Event]) -> None:
            heard.extend(events)

    session.run(Hear(), lines=True)
    assert session.trace == FIRST_RUN
    assert heard[2] == E.Removal(E.REMOVED, 2, 2, 3 * 9 + 2)


# -- a position with its candidates -----------------------------------------------------------

#: examples/seed.txt's givens, row by row
SEED_GIVENS = (
    "005300000" "800000020" "070010500" "400005300" "010070006"
    "003200080" "060500009" "004000030" "000009700"
)  # fmt: skip


def seed_marks(removed: dict[int, set[int]]) -> tuple[str, list[set[int]]]:
    """The seed's 729-character pencil-mark line (each empty cell's digits no given among its
    peers holds) less ``removed`` (by cell), and each cell's digits it gives."""
    digits: list[set[int]] = []
    for cell in range(81):
        r, c = divmod(cell, 9)
        given = int(SEED_GIVENS[cell])
        peers = {9 * r + k for k in range(9)} | {9 * k + c for k in range(9)}
        peers |= {9 * (r // 3 * 3 + i) + c // 3 * 3 + j for i in range(3) for j in range(3)}
        held = {int(SEED_GIVENS[p]) for p in peers}
        digits.append({given} if given else set(range(1, 10)) - held - removed.get(cell, set()))
    line = "".join("".join(str(d) if d in ds else "." for d in range(1, 10)) for ds in digits)
    return line, digits


def test_a_pencil_mark_line_is_loaded_with_its_candidates() -> None:
    line, digits = seed_marks({1: {9}, 6: {1, 8}})  # [1,2] keeps 2 4, [1,7] 4 6 9
    session = Session.from_quiz(line)
    state = session.state()
    for cell in range(81):
        if state.values[cell] == 0:
            held = {d for d in range(1, 10) if state.cands[cell] >> (d - 1) & 1}
            assert held == digits[cell], cell
    assert (state.cands[1], state.cands[6]) == (0b1010, 0b100101000)
    assert session.experiment_tree.current.number == 2  # (the edits: a what-if, as load-quiz)
