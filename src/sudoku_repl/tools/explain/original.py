"""The original's step N of the record as a ``PlanStep``, made in this one place:
``export svg FILE --step N`` draws it, the replay page carries its picture.

What a step did is read from the record, as ``history`` and ``hint`` read it: its moves'
events name the filter or the guess and the cells it looked at (``views/hint.looked_at``: a
unit's, a hidden set's, a chain's nodes; a guess's cell; the cells a fill pass filled), and the
states around it say what it removed and placed (the events do not: a complete shrink says its
unit, not its cells; a fill pass says nothing).

The board is the state before the step, except where the step makes a guess: then it is the
state the guess level started from (the guess's frame keeps it), which is the state before the
step for a new guess, and the state the search went back to for a Forward or Upward guess (the
dead end before it holds another value in the guess's cell). Removed: the board's candidates
gone after the step from cells empty on both; placed: the values the board's empty cells hold
after it. The original's words name the technique: ``complete shrunken by group``, ``1GW``,
``2GW``, ``3GW``, ``fill pass``, ``Guess``, ``Forward guess``, ``Upward guess``; its rating is
0 (the original rates nothing)."""

from __future__ import annotations

import base64
import zlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from sudoku_repl.core import events as E
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.events import KINDS, Event, is_guess
from sudoku_repl.core.geometry import Geometry
from sudoku_repl.core.modes import HAND
from sudoku_repl.core.state import LOADED, EngineState
from sudoku_repl.techniques.explainer.plan_step import PlanStep, candidate_label, cell_label
from sudoku_repl.views.hint import looked_at
from sudoku_repl.views.step_svg import StepBoard, step_svg

if TYPE_CHECKING:
    from sudoku_repl.core.session import Session

#: where the quiz is not a classic 9x9 one (the picture is of a 9x9 board)
NOT_CLASSIC = "No picture: a step's picture is of a classic 9x9 quiz only."
#: the guess lines' first words, by kind
_GUESS_WORDS = {E.GUESS: "Guess", E.FORWARD: "Forward guess", E.UPWARD: "Upward guess"}


class OriginalStep(NamedTuple):
    """The original's step ``number`` as data, the board it is drawn on, and its title
    (``Step 2: complete shrunken by group, row 2``)."""

    number: int
    step: PlanStep
    board: StepBoard
    title: str

    def svg(self) -> str:
        """Its picture (``views/step_svg``)."""
        return step_svg(self.step, self.board, self.title)


def step_range(session: Session) -> range:
    """The steps the record can draw: each needs its moves and the state before it."""
    history = session.history
    return range(history.first_steps, history.last_steps + 1)


def original_step(session: Session, number: int) -> OriginalStep:
    """The original's step ``number`` of ``session``'s record. A step the record does not hold:
    ``UserError``, one line that says which it holds."""
    geo = session.geo
    if not geo.classic:
        raise UserError(NOT_CLASSIC)
    history = session.history
    held = step_range(session)
    if len(history) == 0:
        raise UserError("No steps recorded yet: the record fills as you step or run.")
    if number not in held:
        raise UserError(
            f"No step {number} in the record: it holds steps {held.start}..{held.stop - 1}."
        )
    moves = history.moves_of_steps(number, number)
    before = session.state_after(moves.start)
    after = session.state_after(moves.stop)
    events = [e for m in moves for e in history.events(m)]
    by_hand = any(history.run_mode(m) == HAND for m in moves)
    guess = next((e for e in reversed(events) if is_guess(e)), None)
    values: Sequence[int] = before.values
    cands: Sequence[int] = before.cands
    if guess is not None and len(after.frames) >= guess.level:
        frame = after.frames[guess.level - 1]
        values, cands = frame.values, frame.cands
    givens = session.quiz.givens if session.quiz is not None else [0] * geo.size
    board = StepBoard(
        tuple(values),
        tuple(() if v else _digits(m) for v, m in zip(values, cands, strict=True)),
        tuple(bool(g) for g in givens),
    )
    placed, removed = _changes(board, after)
    technique, house, cells = _what(events, geo, before, guess, by_hand, placed)
    step = PlanStep(
        technique,
        0.0,
        tuple(cell_label(c) for c in cells),
        (),
        tuple(candidate_label(c, d) for c, d in removed),
        tuple(candidate_label(c, d) for c, d in placed),
        house=house,
        digits=tuple(sorted({d for _, d in placed + removed})),
    )
    title = f"Step {number}: {technique}" + (f", {house}" if house else "")
    return OriginalStep(number, step, board, title)


def _digits(mask: int) -> tuple[int, ...]:
    """The digits of an engine's candidate mask (bit v - 1 for the digit v)."""
    return tuple(d for d in range(1, 10) if mask >> (d - 1) & 1)


def _changes(
    board: StepBoard, after: EngineState
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(placed, removed) as (cell, digit), cells in order: the values the board's empty cells
    hold after the step, and the board's candidates gone from cells still empty."""
    placed: list[tuple[int, int]] = []
    removed: list[tuple[int, int]] = []
    for cell, (value, digits) in enumerate(zip(board.values, board.candidates, strict=True)):
        if value:
            continue
        now = after.values[cell]
        if now and now in digits:
            placed.append((cell, now))
        elif not now:
            kept = after.cands[cell]
            removed.extend((cell, d) for d in digits if not kept >> (d - 1) & 1)
    return placed, removed


def _what(
    events: list[Event],
    geo: Geometry,
    before: EngineState,
    guess: E.Guess | None,
    by_hand: bool,
    placed: list[tuple[int, int]],
) -> tuple[str, str, list[int]]:
    """The step's technique in the original's words, where to look, and its cells."""
    if before.status is LOADED:
        return "the candidates computed", "", []
    if guess is not None:
        where = geo.cell_name(guess.cell)
        house = f"{where} level {guess.level} at {guess.tried} out of {guess.out_of}"
        return _GUESS_WORDS[guess.kind], house, [guess.cell]
    if by_hand:
        return "by hand", "", [c for c, _ in placed]
    unit = next((e[2] for e in events if e[0] in (E.COMPLETE, E.INCOMPLETE)), None)
    house = "" if unit is None else geo.units[unit].name
    removal = next((e for e in events if e[0] == E.REMOVED), None)
    if removal is not None:
        return f"{removal[1]}GW", house, looked_at(events, geo)
    if any(e[0] == E.COMPLETE for e in events):
        return "complete shrunken by group", house, looked_at(events, geo)
    added = next((e for e in events if e[0] >= E.FIRST_ADDED_KIND), None)
    if added is not None:
        return KINDS[added[0]][0], house, looked_at(events, geo)
    if placed:
        wrong = any(e[0] in (E.WENT_WRONG, E.NO_CANDIDATE) for e in events)
        return "fill pass" + (" (went wrong)" if wrong else ""), "", [c for c, _ in placed]
    if events:
        return KINDS[events[0][0]][0], "", []
    return "nothing found", "", []


#: the most steps a replay page carries a picture of (an SVG a step, deflated together: about
#: 2 KB a step in the page, 3 ms a step to draw here); a longer range has pictures of the steps
#: around the step it opens at only
PAGE_PICTURES = 150


def page_pictures(
    session: Session,
    first: int,
    last: int,
    around: int,
    between: Callable[[], None] | None = None,
) -> dict[str, Any]:
    """The replay page's pictures of steps ``first``..``last``, at most ``PAGE_PICTURES`` of
    them, around the step ``around`` (the one the page opens at), within the range:
    ``{"pictures": {"first", "last", "titles", "ends", "blob"}}``, the
    SVGs one after another, deflated, in base64 (the page inflates them as it does the record,
    and cuts step ``first + i``'s at ``ends[i]``); ``{}`` for a quiz that is not classic.
    ``between()`` is called before each step (Ctrl-C)."""
    if not session.geo.classic or first > last:
        return {}
    lo = max(first, around - PAGE_PICTURES // 2)
    hi = min(last, lo + PAGE_PICTURES - 1)
    first, last = max(first, hi - PAGE_PICTURES + 1), hi
    texts, titles, ends, size = [], [], [], 0
    for number in range(first, last + 1):
        if between is not None:
            between()
        drawn = original_step(session, number)
        text = drawn.svg().encode("utf-8")
        texts.append(text)
        titles.append(drawn.title)
        size += len(text)
        ends.append(size)
    blob = base64.b64encode(zlib.compress(b"".join(texts), 6)).decode("ascii")
    return {
        "pictures": {"first": first, "last": last, "titles": titles, "ends": ends, "blob": blob}
    }
