"""The session as DAP shows a program: one thread, the stack, scopes and variables.

Frame 0 is the present step, named by its trace line, at the cell its last event touched (none,
as at step 0: the grid's first line, not the comment above it; at a
stop at a breakpoint on a row or a cell: that cell, or the cell of the row the step set);
frames 1..L are the guess levels, innermost first, named as ``backtrace`` names them, each at
its guessed cell. A frame's scopes: ``Board`` (a variable a row, each holding its cells: the
digit, or ``print``'s words for an empty cell), and ``Run`` for the present (step, level,
biggest level, solution sum, the modes) or ``Level`` for a guess level (what ``frame N`` says
of it). Frame ids and variables references are handed out afresh at every stop: one held from
before the search moved is refused (``Stale``), but by ``scopes`` and ``variables``, which
answer nothing (``Handles.left``: VS Code's Variables view asks them late); at one stop a frame, a scope or a row keeps
its number however often it is asked for (``Handles``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.commands.frames import cell_said, level_line, level_state, levels_of
from sudoku_repl.commands.info import biggest_level
from sudoku_repl.commands.selected import Selected
from sudoku_repl.core.breakpoints import row_cells
from sudoku_repl.core.geometry import Cell, Geometry
from sudoku_repl.core.state import EngineState
from sudoku_repl.frontends.dap.requests import whole
from sudoku_repl.frontends.dap.source import QuizSource
from sudoku_repl.views.technique_lines import recorded_lines

Body = dict[str, Any]


class Stale(Exception):
    """A frame id or variables reference that no longer names anything: ``line`` says so."""

    def __init__(self, line: str) -> None:
        super().__init__(line)
        self.line = line


class Present(NamedTuple):
    """Frame 0: the present step."""


class Level(NamedTuple):
    """A guess level's frame (``level``: its number, 1 the outermost)."""

    level: int


class Scope(NamedTuple):
    """A frame's scope: ``name`` is ``Board``, ``Run`` or ``Level``."""

    name: str
    frame: Present | Level


class Row(NamedTuple):
    """A row of a frame's board (1-based)."""

    frame: Present | Level
    row: int


Item = Present | Level | Scope | Row


class Handles:
    """The frame ids and variables references handed out at this stop (one numbering for both,
    never reused for another item). The same item asked for again at the same stop gets the
    number it got (a client asks for the stack and the scopes at every stop, and again as the
    person clicks): what a stop holds is bounded by its items, never by the requests.
    ``refresh(position)``: when the search has moved since, all of them go."""

    def __init__(self) -> None:
        self._items: dict[int, Item] = {}
        self._numbers: dict[Item, int] = {}
        self._next = 1
        self._position: object = None
        self._states: dict[int, Selected] = {}

    def refresh(self, position: object) -> None:
        if position != self._position:
            self._items.clear()
            self._numbers.clear()
            self._states.clear()
            self._position = position

    def add(self, item: Item) -> int:
        number = self._numbers.get(item)
        if number is None:
            number = self._numbers[item] = self._next
            self._next += 1
            self._items[number] = item
        return number

    def get(self, number: object, what: str) -> Item:
        if number is None:
            raise Stale(f"No {what} given: one handed out at this stop is needed (ask for the "
                        "stack).")  # fmt: skip
        item = self._items.get(number) if whole(number) else None
        if item is None:
            raise Stale(
                f"No {what} {number}: it was handed out before the search moved (or never); "
                "ask for the stack again."
            )
        return item

    def left(self, number: object) -> bool:
        """Was ``number`` handed out at a stop the search has left (not never)? ``scopes`` and
        ``variables`` of such a stop answer nothing rather than refuse: VS Code's
        Variables view asks for them 400 ms after a stop, so a step taken sooner makes it ask
        for the stop left behind, and a refusal was drawn in red in the view ("No frame 1: it
        was handed out before the search moved") until it asked again. Nothing is true (that
        stop has nothing to show now) and draws nothing; the next stop's own request fills the
        view. A number never handed out is still refused, and so is a stop left's frame in the
        other requests (``sudokuBoard``, ``evaluate``...), whose answer would be wrong."""
        return whole(number) and 0 < number < self._next and number not in self._items

    def level_state(self, repl: Repl, level: int) -> Selected:
        """A level's state at its guess, worked out once a stop."""
        if level not in self._states:
            self._states[level] = level_state(repl, levels_of(repl), level)
        return self._states[level]


def position(repl: Repl) -> object:
    """What tells whether the search moved: the record, the moves applied, the moves held."""
    if not repl.loaded:
        return None
    session = repl.session
    return (id(session.history), session.cursor, len(session.history), session.state().steps)


class StackView:
    """The DAP shapes of ``repl``'s session; ``source()`` gives the quiz file's map, ``line`` and
    ``column`` turn 1-based numbers into the client's."""

    def __init__(
        self,
        repl: Repl,
        source: Callable[[], QuizSource],
        line: Callable[[int], int],
        column: Callable[[int], int],
    ) -> None:
        self.repl = repl
        self.source = source
        self.line = line
        self.column = column
        self.handles = Handles()
        #: where frame 0 shows the stop, and the position it was pinned at (``pin``)
        self._pinned: tuple[object, Cell] | None = None

    def pin(self, cell: Cell | None) -> None:
        """Show frame 0 at ``cell`` while the search stays where it is now (a stop at a
        breakpoint on a row or a cell); None: at the cell the present step's last event
        touched."""
        self._pinned = None if cell is None else (position(self.repl), cell)

    def present_cell(self) -> Cell | None:
        """Where frame 0 is: the pinned cell, else the one the step's last event touched."""
        if self._pinned is not None and self._pinned[0] == position(self.repl):
            return self._pinned[1]
        return touched_cell(self.repl)

    def refresh(self) -> None:
        self.handles.refresh(position(self.repl))

    # -- stackTrace ---------------------------------------------------------------------------

    def stack_trace(self, start: int, count: int) -> Body:
        self.refresh()
        repl = self.repl
        session = repl.require_quiz()
        geo, source = session.geo, self.source()
        levels = levels_of(repl)
        frames = [self._frame(Present(), present_line(repl), self.present_cell(), geo, source)]
        for lv in reversed(levels):
            frames.append(self._frame(Level(lv.level), level_line(repl, lv), lv.cell, geo, source))
        chosen = frames[start : start + count] if count > 0 else frames[start:]
        return {"stackFrames": chosen, "totalFrames": len(frames)}

    def _frame(
        self, item: Present | Level, name: str, cell: Cell | None, geo: Geometry, src: QuizSource
    ) -> Body:
        if cell is not None:
            line, column = src.place(geo, cell)
        else:  # (step 0, a step that set no cell: the grid's first line, not a comment's)
            line, column = (src.rows[0][0] if src.rows else 1 if src.path else 0), 1
        frame: Body = {
            "id": self.handles.add(item),
            "name": name,
            "line": self.line(line) if line else 0,
            "column": self.column(column) if line else 0,
        }
        where = src.json()
        if where is not None:
            frame["source"] = where
        return frame

    # -- scopes and variables -----------------------------------------------------------------

    def scopes(self, frame_id: object) -> Body:
        self.refresh()
        if self.handles.left(frame_id):
            return {"scopes": []}  # (a stop left: ``Handles.left``)
        frame = self._frame_item(frame_id)
        names = ("Board", "Run") if isinstance(frame, Present) else ("Board", "Level")
        return {
            "scopes": [
                {
                    "name": name,
                    "variablesReference": self.handles.add(Scope(name, frame)),
                    "expensive": False,
                    **({"presentationHint": "locals"} if name == "Board" else {}),
                }
                for name in names
            ]
        }

    def _frame_item(self, frame_id: object) -> Present | Level:
        item = self.handles.get(frame_id, "frame")
        if not isinstance(item, Present | Level):
            raise Stale(f"No frame {frame_id}: that number is a variables reference.")
        return item

    def variables(self, reference: object) -> Body:
        self.refresh()
        if self.handles.left(reference):
            return {"variables": []}  # (a stop left: ``Handles.left``)
        item = self.handles.get(reference, "variables reference")
        if isinstance(item, Row):
            return {"variables": self._cells(item)}
        if not isinstance(item, Scope):
            raise Stale(f"No variables reference {reference}: that number is a frame.")
        if item.name == "Board":
            return {"variables": self._rows(item.frame)}
        values = self._run() if item.name == "Run" else self._level(item.frame)
        return {"variables": [_plain(name, value) for name, value in values]}

    def state_of(self, frame: Present | Level) -> EngineState:
        if isinstance(frame, Present):
            return self.repl.session.state()
        return self.handles.level_state(self.repl, frame.level).state

    def _rows(self, frame: Present | Level) -> list[Body]:
        geo = self.repl.session.geo
        state = self.state_of(frame)
        return [
            {
                "name": f"row {r}",
                "value": row_digits(geo, state, r),
                "variablesReference": self.handles.add(Row(frame, r)),
            }
            for r in range(1, geo.height + 1)
        ]

    def _cells(self, row: Row) -> list[Body]:
        geo = self.repl.session.geo
        state = self.state_of(row.frame)
        return [
            {
                "name": geo.cell_name(c),
                "value": cell_said(state, c),
                "variablesReference": 0,
                "evaluateName": geo.cell_name(c),
            }
            for c in row_cells(geo, row.row)
        ]

    def _run(self) -> list[tuple[str, object]]:
        session = self.repl.session
        state, settings = session.state(), session.settings
        return [
            ("step", state.steps),
            ("level", state.level),
            ("biggest level", biggest_level(session)),
            ("solution sum", state.solutions),
            ("run mode", settings.run_mode),
            ("guess mode", settings.guess_mode),
        ]

    def _level(self, frame: Present | Level) -> list[tuple[str, object]]:
        assert isinstance(frame, Level)
        repl = self.repl
        lv = levels_of(repl)[frame.level - 1]
        selected = self.handles.level_state(repl, frame.level)
        return [
            ("level", lv.level),
            ("guess", f"{repl.session.geo.cell_name(lv.cell)}={lv.value}"),
            ("tried", f"{lv.tried} out of {lv.out_of}"),
            ("step", lv.step),
            ("frame", selected.note),
        ]

    def named(self, frame_id: object) -> list[tuple[str, object]]:
        """The variables of a frame's scope other than Board, name to value (None: the
        present's Run; a guess level's frame: its Level): what a watch may name besides a
        cell."""
        if frame_id is None:
            return self._run()
        self.refresh()
        frame = self._frame_item(frame_id)
        return self._run() if isinstance(frame, Present) else self._level(frame)

    def row_item(self, reference: object) -> Row:
        """The row a variables reference names (``setVariable``, ``dataBreakpointInfo``)."""
        self.refresh()
        item = self.handles.get(reference, "variables reference")
        if not isinstance(item, Row):
            raise Stale(f"Variables reference {reference} holds no cells: a row of Board does.")
        return item

    def frame_state(self, frame_id: object) -> EngineState:
        """The state of a frame (None: the present)."""
        if frame_id is None:
            return self.repl.session.state()
        self.refresh()
        return self.state_of(self._frame_item(frame_id))


def _plain(name: str, value: object) -> Body:
    return {"name": name, "value": str(value), "variablesReference": 0}


def row_digits(geo: Geometry, state: EngineState, row: int) -> str:
    """A row as the show block prints it: its digits (0: empty) in groups of three, a blank
    where the frame has no cell."""
    digits = []
    for c in range(geo.width):
        cell = geo.index.get((row - 1, c))
        digits.append(" " if cell is None else str(state.values[cell]))
    groups = ["".join(digits[k : k + 3]) for k in range(0, len(digits), 3)]
    return " ".join(groups).rstrip()


def present_moves(repl: Repl) -> range:
    """The moves of the present step: from the end of the step before it to the present."""
    session = repl.session
    steps = session.state().steps
    return range(session.history.moves_to(steps - 1) if steps else 0, session.cursor)


def present_line(repl: Repl) -> str:
    """The present step's trace line (its own numbered line; else its last, e.g. a solution's
    ``Fine`` line), as ``set names`` says."""
    session = repl.session
    steps = session.state().steps
    if steps == 0:
        return "0) the quiz as loaded"
    history, geo = session.history, session.geo
    lines = [
        line
        for m in present_moves(repl)
        for line in recorded_lines(history, m, history.events(m), geo, repl.view.names)
    ]
    own = [line for line in lines if line.startswith(f"{steps})")]
    if own or lines:
        return (own or lines)[-1]
    return fill_line(repl, steps)


#: the cells a fill pass's frame names at most (the rest counted)
FILLS_SHOWN = 6


def fill_line(repl: Repl, steps: int) -> str:
    """A step of the fill pass, which prints no trace line, named by the cells it filled:
    ``130) fill pass: [1,2]=3 [4,5]=6`` (beyond ``FILLS_SHOWN``, ``and N more``)."""
    session = repl.session
    assert session.quiz is not None  # (a step: a quiz is loaded)
    history, geo, givens = session.history, session.geo, session.quiz.givens
    filled = [
        f"{geo.cell_name(cell)}={value}"
        for m in present_moves(repl)
        for cell, value, _ in history.changes(m)
        if value and not givens[cell]  # (step 1 lays the givens down)
    ]
    more = len(filled) - FILLS_SHOWN
    said = " ".join(filled[:FILLS_SHOWN]) + (f" and {more} more" if more > 0 else "")
    return f"{steps}) fill pass: {said or 'no cell filled'}"


def touched_cell(repl: Repl, among: frozenset[Cell] | None = None) -> Cell | None:
    """The cell the present step's last event touched (a fill pass: the last cell it placed);
    None at the start. ``among``: only those cells count (None: any)."""
    history = repl.session.history
    for m in reversed(present_moves(repl)):
        for event in reversed(history.events(m)):
            cell = getattr(event, "cell", None)
            cells = getattr(event, "cells", None)
            named = [cell] if isinstance(cell, int) else list(cells or ())
            named = [int(c) for c in named if among is None or c in among]
            if named:
                return named[0]
        placed = [cell for cell, value, _ in history.changes(m) if value]
        placed = [cell for cell in placed if among is None or cell in among]
        if placed:
            return placed[-1]
    return None


def placed_cell(repl: Repl, cells: tuple[Cell, ...]) -> Cell | None:
    """The cell of ``cells`` (a row's) that the present step gave its value, placed or guessed
    (of several, the one its last event touched); None if it gave none of them a value."""
    session = repl.session
    values, history = session.state().values, session.history
    placed = frozenset(
        cell
        for m in present_moves(repl)
        for cell, value, _ in history.changes(m)
        if cell in cells and value and value == values[cell]
    )
    return touched_cell(repl, placed) if placed else None
