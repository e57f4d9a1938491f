"""One stepping loop (``Session.walk``) that returns typed outcomes instead of
calling up for the guess question, and session hooks whose interrupt poll changes nothing, with
an explicit ``tick`` between steps."""

from __future__ import annotations

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.core.breakpoints import AtStep
from sudoku_repl.core.outcomes import DONE, INTERRUPTED, AtBreakpoint, GuessDue
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.session import Session, Walk
from tests.support.helpers import SEED_QUIZ, ListOutput, RecordingHooks, fake_clock

#: tests/golden/seed_guessing.out: in guess mode 1, the seed quiz's sixth step asks
#: "Take a guess please, by default it will be [6,2]=5:" after this line
BEFORE_QUESTION = "6) blk 4 incomplete shrunken by group"
CELL_6_2 = 5 * 9 + 1


def guessing_session() -> Session:
    session = Session()
    session.load(Quiz.from_string(SEED_QUIZ))
    session.settings.guess_mode = 1
    return session


def test_a_due_guess_question_is_an_outcome_and_the_walk_goes_on_with_its_answer() -> None:
    session, hooks = guessing_session(), RecordingHooks()
    for _ in range(5):
        assert session.walk(Walk(single=True), hooks) == DONE
    walk = Walk(single=True)
    assert session.walk(walk, hooks) == GuessDue(CELL_6_2, 5)
    assert hooks.lines[-1] == BEFORE_QUESTION
    assert hooks.questions == []  # nobody was asked: the driver asks
    walk.answer(None)  # the offered [6,2]=5
    assert session.walk(walk, hooks) == DONE
    assert (
        hooks.lines[hooks.lines.index(BEFORE_QUESTION) + 1]
        == "7) Guess [6,2] level 1 at 1 out of 2"
    )


def test_calling_the_question_off_puts_the_step_back() -> None:
    session, hooks = guessing_session(), RecordingHooks()
    for _ in range(5):
        session.walk(Walk(single=True), hooks)
    steps, moves = session.state().steps, len(session.history)
    walk = Walk(single=True)
    assert isinstance(session.walk(walk, hooks), GuessDue)
    assert len(session.history) > moves  # the step's first moves were recorded
    session.abort(walk)
    assert (session.state().steps, len(session.history), session.cursor) == (steps, moves, moves)


def test_a_breakpoint_is_an_outcome_with_its_hits() -> None:
    session, hooks = guessing_session(), RecordingHooks()
    session.settings.guess_mode = 0
    bp = session.breakpoints.add(AtStep(session.breakpoints.number(), step=30))
    session.arm_breakpoints()
    outcome = session.walk(Walk(watching=True, poll=True), hooks)
    assert outcome == AtBreakpoint((bp,))
    assert session.state().steps == 30


def test_the_loop_ticks_before_each_interrupt_poll_and_the_poll_changes_nothing() -> None:
    log: list[str] = []

    def interrupted() -> bool:
        log.append("poll")
        return log.count("poll") > 12

    out = ListOutput()
    repl = Repl(
        out,
        lambda q: "",
        clock=fake_clock(),
        interrupted=interrupted,
        tick=lambda: log.append("tick"),
    )
    repl.execute(f"load-quiz {SEED_QUIZ}")
    repl.session.poll_units = 1  # the native core's plain run: a poll before each step too
    log.clear()
    repl.execute("runrun 0")
    assert log == ["tick", "poll"] * 13  # once before each step, and the 13th poll stops it
    assert any(line.startswith("Interrupted at step ") for line in out.lines)
    shown = len(out.lines)
    for _ in range(3):
        repl.hooks.interrupted()
    assert log[-3:] == ["poll"] * 3 and len(out.lines) == shown  # no tick, nothing printed


def test_goto_ahead_ticks_and_polls_at_each_step_and_stops_when_interrupted() -> None:
    session, hooks = guessing_session(), RecordingHooks()
    session.settings.guess_mode = 0
    session.poll_units = 1  # the native core's plain run: a poll before each step too
    polls: list[int] = []

    class Stopping(RecordingHooks):
        ticks = 0

        def tick(self) -> None:
            self.ticks += 1

        def interrupted(self) -> bool:
            polls.append(session.state().steps)
            return len(polls) == 20

    stopping = Stopping()
    assert session.goto(500, stopping).interrupted
    assert polls == list(range(20))  # at the state of each step, from the present
    assert stopping.ticks == 20 and stopping.lines == []  # going on is silent
    assert session.state().steps == 19
    walk = Walk(max_steps=25, fine=True, poll=True)
    assert session.walk(walk, hooks) == DONE and session.state().steps == 25
    assert INTERRUPTED != DONE
