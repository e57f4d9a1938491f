"""What the full screen's layout and key bindings read: the mode, the one-key message, the view of
the session the panes draw, where the trace pane is in the record, and the screen itself as they
are handed it (``Screen``: the ``Tui`` that makes them, so that they need not import it)."""

from __future__ import annotations

import sys
from typing import NamedTuple

from sudoku_repl.commands.declared.original import LOAD_QUIZ
from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.core.hand import hand_values
from sudoku_repl.frontends.completion import empty_cells
from sudoku_repl.frontends.toolbar import toolbar_text
from sudoku_repl.frontends.tui.record import TraceRecord
from sudoku_repl.text.render import grid_lines, levels_lines
from sudoku_repl.views.board import board_lines, is_walled, last_step_changes
from sudoku_repl.views.palette import TERMINAL, Paint, Theme, sgr_paint

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol

    from prompt_toolkit.application import Application
    from prompt_toolkit.buffer import Buffer

    from sudoku_repl.frontends.tui.runner import CommandRunner


class View(NamedTuple):
    """What the panes show of the session, taken where the search is at rest."""

    board: list[str]  # the pencil-mark board (views/board.py), legend left out
    grid: list[str]  # the plain grid, when the board does not fit
    levels: list[str]
    toolbar: str  # the toolbar's fields
    short: str  # the same, the names shortened
    empty: list[str]  # the empty cells, for completion
    experiment: str = ""  # the present experiment, for the toolbar ("" while it is the only one)
    size: tuple[int, int] = (9, 9)  # the frame's rows and columns (the board's cursor keeps in it)
    walled: bool = False  # the board drawn walled (a jigsaw's: ``board.is_walled``)


def screen_paint(environ: dict[str, str]) -> Paint | None:
    """The board pane's colours: None where ``NO_COLOR`` is set, else the palette's in 24-bit
    SGR, dark unless ``COLORFGBG`` (rxvt's, Konsole's, iTerm2's: ``fg;bg``) says the background
    is light (7 or 15)."""
    if environ.get("NO_COLOR"):
        return None
    background = environ.get("COLORFGBG", "").split(";")[-1]
    theme: Theme = "light" if background in ("7", "15") else "dark"
    return sgr_paint(theme)


def take_view(repl: Repl, paint: Paint | None) -> View:
    """The view of the present state; ``paint``: the board's colours (None: plain)."""
    session = repl.session
    toolbar, short = toolbar_text(repl, sys.maxsize), toolbar_text(repl, 0)
    if not session.loaded:
        lines = ["No quiz loaded.", f"Type : then {LOAD_QUIZ.usage}."]
        return View(lines, lines, [], toolbar, short, [])
    state = session.state()
    geo = session.geo
    before = last_step_changes(session.history, session.cursor, state)
    givens = session.quiz.givens if session.quiz is not None else state.values
    by_hand = hand_values(session.history, session.cursor, state.values)
    colour = paint is not None
    board = board_lines(state, geo, givens, before, colour, by_hand, paint=paint or TERMINAL)
    legend = next((k for k, line in enumerate(board) if line.startswith("Legend:")), len(board))
    heading = f"Step {state.steps}" + (f", guess level {state.level}" if state.level else "")
    grid = [heading + ":", *grid_lines(state.values, geo)]
    levels = levels_lines(state, geo)
    tree = session.experiment_tree
    present = tree.current  # (named once there are two: until then it is the only one)
    experiment = f"experiment {present.number} {present.name}" if len(tree) > 1 else ""
    size = (geo.height, geo.width)
    walled = is_walled(geo)
    return View(
        board[:legend], grid, levels, toolbar, short, empty_cells(repl), experiment, size, walled
    )


class TracePosition:
    """Where the trace pane is in the record: on its last line, following the lines written
    (``held is None``), or held on a line (its number in the record) until End or the next
    command."""

    def __init__(self, record: TraceRecord) -> None:
        self.record = record
        self.held: int | None = None

    def row(self) -> tuple[int, int, int]:
        """The number of the first line kept, of the line after the last, and of the pane's
        line (the first kept when the line held was dropped meanwhile)."""
        first, end = self.record.span()
        if self.held is None:
            return first, end, max(end - 1, first)
        return first, end, min(max(self.held, first), max(end - 1, first))

    def move(self, rows: int) -> None:
        """``rows`` down (up when negative); on the last line, the pane follows again."""
        first, end, here = self.row()
        there = min(max(here + rows, first), end - 1)
        self.held = None if there >= end - 1 else there

    def follow(self) -> None:
        self.held = None

    def title(self) -> str:
        if self.held is None:
            return "Trace"
        first, end, here = self.row()
        return f"Trace (line {here - first + 1} of {end - first}; End follows)"


class ScreenState:
    """The mode (``keys``, or ``command``: the command line open), the one-key message shown in
    place of the help line, the view of the session and the trace's position."""

    def __init__(self, view: View, trace: TracePosition, paint: Paint | None) -> None:
        self.mode = "keys"
        self.flash: str | None = None
        self.view = view
        self.trace = trace
        #: the board pane's colours (``screen_paint``; None: NO_COLOR, plain)
        self.paint = paint
        #: the board's cursor: the 0-based frame row and column (``w`` asks why of its cell)
        self.cell = (0, 0)

    def move_cell(self, rows: int, columns: int) -> None:
        """The board's cursor ``rows`` down and ``columns`` right, kept in the frame."""
        height, width = self.view.size
        row, col = self.cell
        self.cell = (min(max(row + rows, 0), height - 1), min(max(col + columns, 0), width - 1))

    def cell_name(self) -> str:
        """The cursor's cell as commands take it: ``[r,c]``."""
        row, col = self.cell
        return f"[{row + 1},{col + 1}]"


if TYPE_CHECKING:

    class Screen(Protocol):
        """The screen as its layout and key bindings are handed it when it makes them
        (``tui.app.Tui``): its parts, and what its keys do."""

        app: Application[None]
        state: ScreenState
        runner: CommandRunner
        record: TraceRecord
        repl: Repl
        command_buffer: Buffer
        answer_buffer: Buffer

        def open_command_line(self, text: str = "") -> None: ...

        def close_command_line(self) -> None: ...

        def stop(self) -> None: ...

        def quit(self) -> None: ...

        def page(self) -> int: ...
