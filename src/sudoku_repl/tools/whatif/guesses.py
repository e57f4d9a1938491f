"""``whatif guesses``: the search run again from each guess taken, answered with another value.

The *guesses* are the new guesses (``events.GUESS``; Forward and Upward guesses are the search's
own going on, not choices) the record holds before the present. For each, every *other*
candidate of the guessed cell (its candidates in the state the guess was taken in, less the
value taken) makes one row: the search is put back to just before the guess on a fork of the
session (``Session.fork``: the present and the record stay as they are), the guess is answered
with the other value (as guess-mode 1 takes an answer: that value first, then the cell's other
candidates in ascending order), and the search runs on with default answers in the run mode the
guess was taken in, to its end or ``cap`` steps past the guess.

A row's figures: the step of the first solution reported from the guess on, the solution sum and
the biggest level of the whole search (the steps before the guess included, as ``run`` counts),
the step at which the search gave the other value up without a solution under it (``wrong_at``:
the next guess at the guess's level or above, or the end of the search: the other value was
wrong), and the step the search ended at (``complete`` False: the cap came first).

The search as taken (``as_taken``) has the same figures, for comparison: the record up to the
present, then on with default answers in the present run mode.

``kept_rows`` works the rows out in the session itself instead, each as an experiment of its
own (``Session.branch``: the record parts at the guess), which stays when the present comes back.

Pure: rows are values; nothing is printed. ``interrupted`` is polled between steps (through the
session hooks given), and ``tick`` called, as every stepping command does.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator, Sequence

import attrs

from sudoku_repl.core import events as E
from sudoku_repl.core.engine import Choice
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import CLASSIC, Cell, Geometry, values_of
from sudoku_repl.core.session import Hooks, Quiet, Session

#: steps a row's search may go past its guess (``--max-steps``): the seed quiz's whole search is
#: 284 steps; a hard quiz's may be millions, and a row must not hang
DEFAULT_CAP = 20_000

COLUMNS = (
    "step", "level", "cell", "taken", "other", "first_solution", "solutions", "biggest",
    "wrong_at", "end", "complete",
)  # fmt: skip


@attrs.frozen
class TakenGuess:
    """A new guess of the record: its move (the record's index), the step and level it was
    taken at, the cell, the value taken, the cell's other candidates then, and the run mode."""

    move: int
    step: int
    level: int
    cell: Cell
    taken: int
    others: tuple[int, ...]
    run_mode: int


@attrs.frozen
class Row:
    """One guess answered with one other value (see the top). ``cell`` is 0-based; ``wrong_at``
    and ``first_solution`` are None when there is no such step; ``end`` is the step reached."""

    step: int
    level: int
    cell: Cell
    taken: int
    other: int
    first_solution: int | None
    solutions: int
    biggest: int
    wrong_at: int | None
    end: int
    complete: bool


@attrs.frozen
class Figures:
    """The search as taken (``as_taken``)."""

    first_solution: int | None
    solutions: int
    biggest: int
    end: int
    complete: bool


class Interrupted(Exception):
    """The interrupt flag was raised during a row's search: that row is not done."""


def taken_guesses(session: Session, hooks: Hooks | None = None) -> list[TakenGuess]:
    """The new guesses of the record before the present, in step order. Each needs the state it
    was taken in (a replay from a snapshot, as ``Session.state_after``): between guesses,
    ``hooks.tick()`` and the interrupt poll (``Interrupted``), for a long record's many."""
    history = session.history
    tick = getattr(hooks, "tick", None)
    found: list[TakenGuess] = []
    for move, level in history.new_guesses(history.first_steps, history.last_steps):
        if move >= session.cursor:
            break
        if hooks is not None:
            if tick is not None:
                tick()
            if hooks.interrupted():
                raise Interrupted
        before = session.state_after(move)
        choice = history.choice(move)
        if choice is None:
            cell = before.pending
            cands = values_of(before.cands[cell])
            taken = cands[0] if cands else 0
        else:
            cell, taken = choice
            cands = values_of(before.cands[cell])
        others = tuple(v for v in cands if v != taken)
        step = history.steps_after(move + 1)
        found.append(TakenGuess(move, step, level, cell, taken, others, history.run_mode(move)))
    return found


class _Watch(Quiet):
    """The hooks of a what-if search: no trace; the guess due first is answered with ``first``
    (then the default answers); ``tick`` and the interrupt poll go to ``inner``. What the
    events show is kept: the first solution, the biggest new level, when the guess's level
    gave its value up."""

    def __init__(self, inner: Hooks | None, level: int, first: Choice) -> None:
        super().__init__(inner)
        self.level = level
        self._first = first
        self.first_solution: int | None = None
        self.biggest = 0
        self.left_at: int | None = None  # the step the value at ``level`` was given up
        self.solved_under = False  # a solution came while that value stood

    def ask_guess(self, cell: Cell, value: int) -> Choice:
        choice, self._first = self._first, None
        return choice

    def events(self, events: Sequence[Event]) -> None:
        for e in events:
            kind = e[0]  # by the layout (docs in core/events.py)
            if kind == E.GUESS:
                if e[3] > self.biggest:
                    self.biggest = e[3]
            elif kind == E.SOLUTION:
                if self.first_solution is None:
                    self.first_solution = e[1]
                if self.left_at is None:
                    self.solved_under = True
            elif self.left_at is None and (
                kind == E.NO_MORE or (kind in (E.FORWARD, E.UPWARD) and e[3] <= self.level)
            ):
                self.left_at = e[1]


def _search(fork: Session, watch: _Watch, max_steps: int, answer: bool) -> None:
    """Run the fork to the end of its search or ``max_steps``; ``answer``: its present is a due
    guess, to be answered by ``watch`` (one step in guess mode 1, the answer's own)."""
    if answer:
        fork.settings.guess_mode = 1
        fork.step(watch, breakpoints=False)
        fork.settings.guess_mode = 0
    if fork.run(watch, solutions=0, max_steps=max_steps, breakpoints=False).interrupted:
        raise Interrupted


def what_if(
    session: Session,
    guess: TakenGuess,
    other: int,
    hooks: Hooks | None = None,
    cap: int = DEFAULT_CAP,
    biggest_before: int = 0,
) -> Row:
    """The row of ``guess`` answered with ``other`` (see the top), worked out on a fork.
    ``biggest_before``: the biggest level of the search before the guess. Raises
    ``Interrupted``."""
    fork = session.fork(guess.move)
    fork.settings.run_mode = guess.run_mode
    watch = _Watch(hooks, guess.level, (guess.cell, other))
    _search(fork, watch, guess.step + cap, answer=True)
    return _row(fork, guess, other, watch, biggest_before)


def _row(searched: Session, guess: TakenGuess, other: int, watch: _Watch, before: int) -> Row:
    engine = searched.engine
    return Row(
        step=guess.step,
        level=guess.level,
        cell=guess.cell,
        taken=guess.taken,
        other=other,
        first_solution=watch.first_solution,
        solutions=engine.solutions,
        biggest=max(before, watch.biggest),
        wrong_at=None if watch.solved_under else watch.left_at,
        end=engine.steps,
        complete=searched.finished,
    )


def kept(
    session: Session,
    guess: TakenGuess,
    other: int,
    hooks: Hooks | None = None,
    cap: int = DEFAULT_CAP,
    biggest_before: int = 0,
) -> tuple[Row, int]:
    """``what_if``'s row worked out in the session itself, as a new experiment that parts from
    the present one at the guess (``Session.branch``), and the experiment's number. The session
    is left standing at the end of that search, in that experiment (``kept_rows`` comes back);
    on ``Interrupted`` too, the experiment holding the steps done so far."""
    settings = session.settings
    saved = settings.copy()
    exp = session.branch(guess.move, (guess.cell, other), guess.run_mode)
    watch = _Watch(hooks, guess.level, None)
    watch.events(session.history.events(guess.move))  # the answer's own move, made by branch
    settings.run_mode, settings.guess_mode = guess.run_mode, 0
    try:
        _search(session, watch, guess.step + cap, answer=False)
    finally:
        settings.run_mode, settings.guess_mode = saved.run_mode, saved.guess_mode
    return _row(session, guess, other, watch, biggest_before), exp.number


def rows(
    session: Session,
    guesses: Sequence[TakenGuess],
    hooks: Hooks | None = None,
    cap: int = DEFAULT_CAP,
) -> Iterator[Row]:
    """The rows of ``guesses`` (``taken_guesses``), one at a time, sorted by step, then by the
    other value. Raises ``Interrupted`` (the rows yielded so far are done)."""
    for guess, other, before in _alternatives(session, guesses):
        yield what_if(session, guess, other, hooks, cap, before)


def kept_rows(
    session: Session,
    guesses: Sequence[TakenGuess],
    hooks: Hooks | None = None,
    cap: int = DEFAULT_CAP,
) -> Iterator[tuple[Row, int]]:
    """``rows``, each kept as an experiment (``kept``): (row, its experiment's number). Between
    rows and at the end, whether the rows run out, ``Interrupted`` is raised or the caller stops
    early, the experiment present at the start is made the present again, at the step it stood
    at; the experiment of a row that was interrupted is deleted. No move of the record is
    dropped meanwhile (``History.cap_held``): the rows' experiments hold their moves anyway.
    A row an experiment holds already (``--keep`` asked again from the same position) is that
    experiment, followed (``Session.branch``), not a copy of it; an interrupted one stays.)"""
    tree = session.experiment_tree
    origin, cursor = tree.current, session.cursor
    # a row shares the present record up to its guess: a drop (the record's cap) would cut
    # the present experiment's moves, the rows kept so far and the guesses still to come
    with session.history.cap_held():
        try:
            for guess, other, before in _alternatives(session, guesses):
                known = {e.number for e in tree}  # (a row kept before is followed again)
                try:
                    found = kept(session, guess, other, hooks, cap, before)
                except Interrupted:
                    half_done = tree.current.number
                    session.switch(origin.number)
                    if half_done not in known:
                        session.delete_experiment(half_done)
                    raise
                session.switch(origin.number)
                yield found
        finally:
            if tree.current is not origin:
                session.switch(origin.number)
            session.seek(cursor)


def _alternatives(
    session: Session, guesses: Sequence[TakenGuess]
) -> Iterator[tuple[TakenGuess, int, int]]:
    """(guess, other value, biggest level before the guess), in the rows' order."""
    biggest = session.history.dropped_biggest
    for guess in guesses:
        for other in guess.others:
            yield guess, other, biggest
        biggest = max(biggest, guess.level)


def as_taken(
    session: Session,
    guesses: Sequence[TakenGuess],
    hooks: Hooks | None = None,
    cap: int = DEFAULT_CAP,
) -> Figures:
    """The search as taken (see the top), from the first of ``guesses`` on: the record to the
    present, then on to the end or ``cap`` steps past the present. Raises ``Interrupted``."""
    history = session.history
    watch = _Watch(hooks, 0, None)
    watch.biggest = max(history.dropped_biggest, *(g.level for g in guesses), 0)
    if guesses:
        watch.first_solution = _first_solution(session, guesses[0].move)
    fork = session.fork(session.cursor)
    fork.settings.guess_mode = 0
    _search(fork, watch, fork.engine.steps + cap, answer=False)
    engine = fork.engine
    return Figures(
        watch.first_solution, engine.solutions, watch.biggest, engine.steps, fork.finished
    )


def _first_solution(session: Session, first: int) -> int | None:
    """The step of the first solution the record reports from move ``first`` on, before the
    present (None: none). The solution sum of the states after the moves tells, by bisection: a
    long record's events are not all read (and kept) for it."""
    history = session.history
    before = session.state_after(first).solutions
    lo, hi = first, session.cursor  # the state after hi moves has more solutions, or none has
    if session.state().solutions <= before:
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if session.state_after(mid).solutions > before:
            hi = mid
        else:
            lo = mid
    return history.steps_after(hi)


# -- the rows as text ------------------------------------------------------------------------


def record(row: Row, geo: Geometry = CLASSIC) -> dict[str, object]:
    """One row keyed by ``COLUMNS``, the cell as ``[r,c]`` (None: no such step)."""
    return {**attrs.asdict(row), "cell": geo.cell_name(row.cell)}


def csv_lines(found: Sequence[Row], geo: Geometry = CLASSIC) -> list[str]:
    """A header, then a line a row (an empty field: no such step; complete true/false)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in found:
        values = record(row, geo)
        values["complete"] = "true" if row.complete else "false"
        writer.writerow("" if v is None else v for v in values.values())
    return out.getvalue().splitlines()


def json_lines(found: Sequence[Row], geo: Geometry = CLASSIC) -> list[str]:
    """A JSON object a row, one a line."""
    return [json.dumps(record(row, geo)) for row in found]


#: the table's headings, by column (``complete`` shows as ``cap`` after ``end``)
HEADINGS = {
    "step": "step", "level": "level", "cell": "cell", "taken": "taken", "other": "other",
    "first_solution": "first solution", "solutions": "solutions", "biggest": "biggest",
    "wrong_at": "wrong at", "end": "end",
}  # fmt: skip


def table_lines(found: Sequence[Row], geo: Geometry = CLASSIC) -> list[str]:
    """The rows as a table with a heading line, numbers to the right; ``-`` for no such step,
    ``cap`` after the end step of a search the cap stopped."""
    cells: list[list[str]] = [list(HEADINGS.values())]
    for row in found:
        values = record(row, geo)
        shown = ["-" if values[k] is None else str(values[k]) for k in HEADINGS]
        if not row.complete:
            shown[-1] += " cap"
        cells.append(shown)
    widths = [max(len(line[k]) for line in cells) for k in range(len(HEADINGS))]
    return ["  ".join(s.rjust(w) for s, w in zip(line, widths)).rstrip() for line in cells]


def taken_line(figures: Figures) -> str:
    """The search as taken, in one line."""
    first = (
        "no solution"
        if figures.first_solution is None
        else (f"first solution at step {figures.first_solution}")
    )
    end = (
        f"the search ends at step {figures.end}"
        if figures.complete
        else f"stopped at step {figures.end} by the cap"
    )
    return (
        f"As taken: {first}, solution sum {figures.solutions}, biggest level "
        f"{figures.biggest}, {end}."
    )
