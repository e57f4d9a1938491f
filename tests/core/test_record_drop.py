"""Dropping the older half of a full record: what the drop leaves is what the
dropped steps showed (held to a bare engine's step states, and to a record worked by hand), the
same from the native core's ``drop_scan`` (C) and the pure loop (``record.dropped.scan``), read
in pieces or at once; the drop ticks the progress line between its pieces, and Ctrl-C there stops
the command that met the cap with the session whole: its step, board and record agree, and the
next commands work (the drop then happens). ``.ci/sanitize`` runs this file on the C built with
AddressSanitizer and UBSan."""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterator, Sequence

import pytest

from sudoku_repl.core import native
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.notices import RecordFull
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.record import MOVES_PER_SNAPSHOT
from sudoku_repl.core.record import history as history_module
from sudoku_repl.core.record.chunks import Chunk
from sudoku_repl.core.record.dropped import DropScan, scan
from sudoku_repl.core.session import Session
from sudoku_repl.core.state import EngineState, Status
from tests.support.helpers import BUILDS, Shell, SilentHooks, puzzle_lines

#: more than 100,000 solutions: its record has moves that leave the step count as it was
MANY = puzzle_lines("multiple_solutions.txt")[17]
FORUM = puzzle_lines("forum_hardest_1106.txt")[0]
CAP = 2048


@pytest.fixture(params=BUILDS)
def build(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The native core (skipped where it does not run) or the pure build, for the test."""
    if request.param == "pure":
        monkeypatch.setenv(native.ENV, "pure")
        monkeypatch.setattr(native, "selected", None)  # (chosen once: read the variable again)
    elif not native.active():
        pytest.skip(native.build())
    yield request.param


def loaded(text: str, cap: int = CAP) -> Session:
    session = Session()
    session.load(Quiz.from_string(text))
    session.history.cap = cap
    return session


def recorded_three_ways(session: Session, steps: int) -> None:
    """A run to step ``steps`` whose record has chunks of each kind: moves a plain run recorded
    one at a time (a run with a goal checked after each step), written moves (single steps),
    then a plain run (on the native build, many moves a call of the core)."""
    hooks = SilentHooks()
    session.run(hooks, 0, until=lambda engine: engine.steps >= 300)
    for _ in range(150):
        session.step(hooks)
    session.run(hooks, 0, max_steps=steps)


def shown_by_steps(quiz: Quiz, moves: int) -> tuple[set[int], set[int], EngineState]:
    """By a bare pure engine, from the loaded quiz: ``cell * 9 + value - 1`` of each value a cell
    shows (the givens too), and of each candidate an empty cell lost (against its last state
    that showed it empty), in the states of the steps within the first ``moves`` moves; and the
    state after them."""
    engine = Engine.from_givens(quiz.givens, quiz.geometry)
    values, cands = list(engine.values), list(engine.cands)
    last_empty: list[int | None] = [None if v else m for v, m in zip(values, cands)]
    held: set[int] = set()
    removed: set[int] = set()
    steps = engine.steps
    for _ in range(moves):
        engine.advance()
        if engine.steps == steps:
            continue  # not a step's state
        steps = engine.steps
        for c, (v, m) in enumerate(zip(engine.values, engine.cands)):
            if v:
                held.add(c * 9 + v - 1)
            if (v, m) == (values[c], cands[c]):
                continue
            values[c], cands[c] = v, m
            if v:
                continue
            before = last_empty[c]
            if before is not None:
                removed |= {c * 9 + b for b in range(9) if before >> b & 1 and not m >> b & 1}
            last_empty[c] = m
    return held, removed, engine.state()


def same_state(a: EngineState, b: EngineState) -> bool:
    return (a.steps, bytes(a.values), list(a.cands)) == (b.steps, bytes(b.values), list(b.cands))


@pytest.mark.parametrize("text", [MANY, FORUM], ids=["many", "forum"])
def test_a_drop_leaves_what_the_dropped_steps_showed(build: str, text: str) -> None:
    session = loaded(text)
    recorded_three_ways(session, CAP + CAP // 4)  # past the cap once, not twice
    history = session.history
    assert 0 < history.dropped <= CAP // 2 + MOVES_PER_SNAPSHOT
    held, removed, state = shown_by_steps(Quiz.from_string(text), history.dropped)
    assert held and removed  # (a search of 1,000 steps shows both)
    assert history.dropped_held == held
    assert history.dropped_removed == removed
    assert same_state(history.start, state)  # the record starts where the dropped moves end
    assert [type(n) for n in session.notices] == [RecordFull]


def test_the_many_quiz_s_record_has_moves_that_leave_the_step_count() -> None:
    """(What ``scan``'s waiting path is there for: the quiz of the tests above makes such moves
    within the moves they drop.)"""
    session = loaded(MANY, cap=10**9)
    session.run(SilentHooks(), 0, max_steps=CAP)
    history = session.history
    assert any(not history.advances(m) for m in range(len(history)))


def no_write_out(k: int) -> None:
    raise AssertionError(f"chunk {k} has its states: nothing to work out")


def gathered(
    chunks: Sequence[Chunk],
    steps: array[int],
    start: EngineState,
    wide: bool,
    piece: int,
    in_c: bool,
) -> tuple[list[int], ...]:
    """What a scan of the chunks gathers, ``piece`` chunks a call, by the C or the pure loop."""
    into = DropScan(start)
    c_scan = native.drop_scan()
    assert c_scan is not None
    for first in range(0, len(chunks), piece):
        stop = min(first + piece, len(chunks))
        if in_c:
            c_scan(
                list(chunks),
                first,
                stop,
                steps,
                start.steps,
                wide,
                no_write_out,
                *into_arrays(into),
            )
        else:
            scan(chunks, first, stop, steps, start.steps, no_write_out, into)
    return tuple(a.tolist() for a in into_arrays(into))


def differs(chunks: Sequence[Chunk], steps: array[int], start: EngineState, wide: bool) -> None:
    """Every array alike from the C and the pure loop, read a chunk a call, three a call or
    all at once (what waits for a step's state is carried from one call to the next)."""
    expected = gathered(chunks, steps, start, wide, len(chunks), in_c=False)
    assert any(expected[1]) and any(expected[2])
    for piece in (1, 3, len(chunks)):
        assert gathered(chunks, steps, start, wide, piece, in_c=True) == expected, piece
        assert gathered(chunks, steps, start, wide, piece, in_c=False) == expected, piece


NATIVE = pytest.mark.skipif(not native.active(), reason=f"not the native core: {native.build()}")


@NATIVE
@pytest.mark.parametrize("text", [MANY, FORUM], ids=["many", "forum"])
def test_the_c_scan_gathers_what_the_pure_loop_does(text: str) -> None:
    """Differential, on records of a search (each kind of chunk)."""
    session = loaded(text, cap=10**9)
    recorded_three_ways(session, 3000)
    history = session.history
    whole = len(history) // MOVES_PER_SNAPSHOT
    assert whole > 20
    differs(history._chunks[:whole], history._steps, history.start, history._wide)


def random_record(rng: random.Random, cells: int) -> tuple[list[Chunk], array[int], EngineState]:
    """Forty chunks of random moves on ``cells`` cells (16-bit cell numbers past 256): each
    touches one to six cells (one twice at times, as the engine names them) and leaves them a
    random state; one in eight leaves the step count as it was (never the last)."""
    wide = cells > 256
    chunks, steps, count = [], array("I"), 0
    for _ in range(40):
        touched: bytearray | array[int] = array("H") if wide else bytearray()
        ends, states = array("I"), array("H")
        for _ in range(MOVES_PER_SNAPSHOT):
            after: dict[int, int] = {}  # (a cell's state after the move, however often named)
            for cell in rng.choices(range(cells), k=rng.randint(1, 6)):
                value = rng.choice([0, 0, 0, rng.randint(1, 9)])
                touched.append(cell)
                states.append(after.setdefault(cell, value << 9 | rng.randrange(512)))
            ends.append(len(touched))
            count += rng.random() > 1 / 8
            steps.append(count)
        chunks.append(Chunk.deferred(touched, ends, states))
    steps[-1] = count + 1
    values = bytes(rng.choice([0, 0, rng.randint(1, 9)]) for _ in range(cells))
    cands = array("H", (rng.randrange(512) for _ in range(cells)))
    return chunks, steps, EngineState(Status.SEARCHING, 0, 0, values, cands, ())


@NATIVE
@pytest.mark.parametrize("cells", [81, 369])
@pytest.mark.parametrize("seed", range(5))
def test_the_c_scan_gathers_what_the_pure_loop_does_on_random_records(
    cells: int, seed: int
) -> None:
    """Differential, on random records: 8-bit and 16-bit cells (a samurai's 369), many moves
    that leave the step count, some at a chunk's end."""
    chunks, steps, start = random_record(random.Random(seed), cells)
    ends_waiting = [
        k
        for k in range(1, 40)
        if steps[k * MOVES_PER_SNAPSHOT - 1] == steps[k * MOVES_PER_SNAPSHOT - 2]
    ]
    assert ends_waiting  # (a change carried from one chunk to the next)
    differs(chunks, steps, start, cells > 256)


@NATIVE
@pytest.mark.parametrize("text", [MANY, FORUM], ids=["many", "forum"])
def test_a_native_session_drops_as_a_pure_one(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Differential: the same search past the cap four times over, on each build: what the drops
    leave is alike."""

    def left(session: Session) -> tuple[object, ...]:
        session.run(SilentHooks(), 0, max_steps=3500)
        h = session.history
        return (
            h.dropped, h.dropped_held, h.dropped_removed, h.dropped_biggest, len(h),
            h.first_steps, h.last_steps, bytes(h.start.values), list(h.start.cands),
        )  # fmt: skip

    native_left = left(loaded(text, cap=1024))
    monkeypatch.setenv(native.ENV, "pure")
    monkeypatch.setattr(native, "selected", None)
    assert native.drop_scan() is None
    pure_left = left(loaded(text, cap=1024))
    assert native_left[0] > 4 * 512  # (dropped five times)
    assert native_left == pure_left


def by_hand(before: int = 0) -> tuple[list[Chunk], array[int], DropScan]:
    """Three cells; cell 0 empty with candidates 1 2 3, cell 1 a given 5, cell 2 empty with 1 2.
    Move 0 (step 1) strikes 3 from cell 0; move 1 leaves the count at 1 (a fill pass that went
    wrong): it places 2 in cell 0 and strikes 2 from cell 2; move 2 (step 2) undoes the 2 in
    cell 0 and strikes its 2 as well. The steps counted from ``before`` (the record's start)."""
    start = EngineState(Status.SEARCHING, before, 0, bytes([0, 5, 0]), array("H", [7, 0, 3]), ())
    cells = bytearray([0, 0, 2, 0])
    ends = array("I", [1, 3, 4])
    states = array("H", [0b011, 2 << 9 | 0b010, 0b001, 0b001])
    steps = array("I", [before + 1, before + 1, before + 2])
    return [Chunk.deferred(cells, ends, states)], steps, DropScan(start)


#: a record that starts past 2**31 steps (a long search, its oldest moves dropped): the C reads
#: the start's count as 64 bits, not as a long (32 bits on Windows: an OverflowError there)
PAST_2_31 = 2**31 + 7


@pytest.mark.parametrize("before", [0, PAST_2_31])
def test_a_record_worked_by_hand(build: str, before: int) -> None:
    """Step 1 shows cell 0 losing 3; step 2 shows it losing 2 (against step 1's state), never
    holding 2 (placed and undone inside step 2), and cell 2 losing 2 (its change waited for step
    2's state)."""
    chunks, steps, into = by_hand(before)
    c_scan = native.drop_scan()
    if c_scan is None:
        scan(chunks, 0, 1, steps, before, no_write_out, into)
    else:
        c_scan(chunks, 0, 1, steps, before, False, no_write_out, *into_arrays(into))
    assert into.held.tolist() == [0, 0, 0]
    assert into.removed.tolist() == [0b110, 0, 0b010]
    assert into.last_empty.tolist() == [0b001, 0, 0b001]
    assert DropScan.pairs(into.removed) == {0 * 9 + 1, 0 * 9 + 2, 2 * 9 + 1}


def into_arrays(into: DropScan) -> tuple[array[int], ...]:
    return into.last_empty, into.held, into.removed, into.waiting


# -- the progress line and Ctrl-C ---------------------------------------------------------------


class DropWatch(SilentHooks):
    """Hooks that see the drop's ticks: the walk ticks between steps, where the record is within
    its cap; a tick while it is past it is the drop's. With ``stop``, Ctrl-C is pressed there."""

    def __init__(self, session: Session, stop: bool) -> None:
        self.session, self.stop = session, stop
        self.ticks_in_drop = 0
        self.raised = False

    def tick(self) -> None:
        history = self.session.history
        if len(history) > history.cap:
            self.ticks_in_drop += 1
            self.raised = self.stop

    def interrupted(self) -> bool:
        return self.raised


@pytest.fixture
def small_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    """A drop reads two chunks between polls (a drop of a cap of 1,024 moves: 4 chunks, 2 polls
    apart), as a drop of the default cap reads 128 between its polls."""
    monkeypatch.setattr(history_module, "DROP_PIECE", 2)


def test_the_drop_ticks_between_its_pieces(build: str, small_pieces: None) -> None:
    session = loaded(FORUM, cap=1024)
    hooks = DropWatch(session, stop=False)
    report = session.run(hooks, 0, max_steps=1500)
    assert not report.interrupted
    assert session.history.dropped > 0
    assert hooks.ticks_in_drop >= 1


def consistent(session: Session, quiz: Quiz) -> None:
    """The session's step, board and record agree, with a bare engine run as many moves."""
    history = session.history
    assert session.cursor == len(history)
    assert session.state().steps == history.last_steps
    assert same_state(session.state_after(session.cursor), session.engine.state())
    _, _, bare = shown_by_steps(quiz, history.dropped + len(history))
    assert same_state(session.engine.state(), bare)


def test_ctrl_c_in_the_drop_stops_the_run_with_the_session_whole(
    build: str, small_pieces: None
) -> None:
    quiz = Quiz.from_string(FORUM)
    session = loaded(FORUM, cap=1024)
    hooks = DropWatch(session, stop=True)
    report = session.run(hooks, 0, max_steps=1500)
    history = session.history
    assert report.interrupted
    assert hooks.ticks_in_drop >= 1
    assert history.dropped == 0 and len(history) > history.cap  # nothing dropped yet
    assert session.notices == []  # (no "record full" said of a drop that did not happen)
    consistent(session, quiz)
    # the next commands work: going back, then on, which drops the older half
    session.goto(700, SilentHooks())
    assert session.state().steps == 700
    session.goto(history.last_steps, SilentHooks())
    report = session.run(SilentHooks(), 0, max_steps=1500)
    assert not report.interrupted and session.state().steps == 1500
    assert history.dropped > 0 and len(history) <= history.cap
    assert [type(n) for n in session.notices] == [RecordFull]
    consistent(session, quiz)


def test_ctrl_c_in_the_drop_of_a_goto_says_interrupted(build: str, small_pieces: None) -> None:
    """The shell: the command that met the cap stops with its usual line; the next ones work."""
    stop = [True]

    def ctrl_c_in_the_drop() -> bool:
        history = shell.repl.session.history
        return stop[0] and len(history) > history.cap

    shell = Shell(interrupted=ctrl_c_in_the_drop)
    shell.ok(f"load-quiz {FORUM}")
    shell.ok("set trace off")
    shell.repl.session.history.cap = 1024
    said = shell.ok("goto 1500")
    step = shell.steps
    assert step < 1500 and said[0] == f"Interrupted at step {step}."
    assert not any("Record full" in line for line in said)
    stop[0] = False
    shell.ok("goto 20")  # (back in the whole record)
    assert shell.steps == 20
    said = shell.ok("goto 1500")
    assert shell.steps == 1500
    assert any(line.startswith("Record full: steps before ") for line in said)
    first = shell.repl.session.history.first_steps
    assert shell.ok(f"history {first} {first}")  # the kept record answers
