"""The debug console: ``evaluate``. A command line of the shell (context ``repl``; ``board``, a
line a view runs for the person, echoed) is run at the frame given, its lines the result; a
look at a cell (a hover, a watch) is answered to the client alone; while the guess question
waits, a console line is its answer (``answer``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol
from urllib.parse import unquote, urlsplit

from sudoku_repl.commands.declared.debugger import GOTO
from sudoku_repl.commands.declared.original import LOAD_QUIZ
from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.commands.frames import cell_said
from sudoku_repl.commands.stop_lines import STOPS
from sudoku_repl.commands.table import lookup
from sudoku_repl.core.errors import UserError, shown
from sudoku_repl.frontends.dap.breakpoints import BreakpointBook
from sudoku_repl.frontends.dap.connection import Connection, EventOutput
from sudoku_repl.frontends.dap.frames import Level, StackView, Stale, position
from sudoku_repl.frontends.dap.progress import Progress
from sudoku_repl.frontends.dap.requests import THREAD
from sudoku_repl.frontends.dap.source import QuizSource
from sudoku_repl.frontends.dap.wire import Message
from sudoku_repl.text.args import CELL

#: the contexts of ``evaluate`` that look at a cell (the others are the debug console); what
#: they cannot show is answered to the client alone (no pop-up: a watch shows it in its row, a
#: hover shows nothing)
LOOKS = ("hover", "watch", "clipboard", "variables")
#: the context of a command line a view runs for the person (a click on the Board view's cell):
#: echoed, its lines go out as output, as if typed in the debug console
BOARD = "board"


class Maker(Protocol):
    """What the console needs of the adapter that makes it."""

    conn: Connection
    out: EventOutput
    repl: Repl
    view: StackView
    book: BreakpointBook
    progress: Progress

    def source(self) -> QuizSource: ...

    def cell(self, text: str) -> int: ...

    def line_in(self, line: int) -> int: ...

    def column_in(self, column: int) -> int: ...

    def ran(self) -> None: ...

    def tell_stop(self, default: str, description: str | None = None) -> None: ...


class Console:
    """The debug console of ``adapter``'s session."""

    def __init__(self, adapter: Maker) -> None:
        self.adapter = adapter

    def evaluate(self, request: Message, args: dict[str, Any]) -> None:
        """``evaluate``: a look at a cell (``LOOKS``), or a command line of the shell."""
        expression = args.get("expression")
        if not isinstance(expression, str):
            raise UserError("evaluate needs an expression: a command line, or [r,c] to hover.")
        context = args.get("context", "repl")
        if context in LOOKS:
            try:
                self.adapter.repl.require_quiz()
                state = self.adapter.view.frame_state(args.get("frameId"))
                hovered = self._hovered(args, expression) if context == "hover" else None
                if hovered is None and context != "hover":
                    named = self._named(expression.strip(), args.get("frameId"))
                    if named is not None:
                        self.adapter.conn.respond(
                            request, {"result": named, "variablesReference": 0}
                        )
                        return
                cells = [self.adapter.cell(expression.strip())] if hovered is None else hovered
            except (UserError, Stale) as e:
                self.adapter.conn.fail(request, e.line, show_user=False)
                return
            if context == "hover":
                from sudoku_repl.frontends.dap.cells import cell_words

                said = "\n".join(cell_words(self.adapter.repl, state, cell) for cell in cells)
            else:
                said = cell_said(state, cells[0])
            self.adapter.conn.respond(request, {"result": said, "variablesReference": 0})
            return
        self.line(request, expression, args.get("frameId"), echo=context == BOARD)

    def _named(self, expression: str, frame_id: object) -> str | None:
        """A watch of a name of the frame's Run or Level scope (``step``, ``level``...): its
        value; None for a cell; anything else refused, naming what a watch takes."""
        values = self.adapter.view.named(frame_id)
        found = [str(value) for name, value in values if name == expression]
        if found:
            return found[0]
        if CELL.fullmatch(expression) is None:
            names = ", ".join(name for name, _ in values)
            raise UserError(f"Not a cell: {shown(expression)!r}; a watch is a cell [r,c] or one "
                            f"of the frame's variables: {names}.")  # fmt: skip
        return None

    def _hovered(self, args: dict[str, Any], expression: str) -> list[int] | None:
        """The cells whose digits the hover's range covers in the quiz file: from its line and
        column, as many characters as the expression has (VS Code's range is the boundary
        between two digits where the pointer is: it cannot tell which half of a character the
        pointer is on), each a digit; None: the client gave no place (then the
        expression names the cell)."""
        from sudoku_repl.frontends.dap.cells import cell_at

        line, column, where = args.get("line"), args.get("column"), args.get("source")
        if not isinstance(line, int) or not isinstance(column, int):
            return None
        source = self.adapter.source()
        path = where.get("path") if isinstance(where, dict) else None
        if isinstance(path, str) and "://" in path:  # a URI (VS Code's remote windows send one)
            path = unquote(urlsplit(path).path)
        if isinstance(path, str) and not source.same_file(path):
            raise UserError(f"Not the quiz file: {shown(path, 240)}.")
        if source.rows is None:
            raise UserError(source.why_not_mapped())
        line, column = self.adapter.line_in(line), self.adapter.column_in(column)
        return [
            cell_at(source, self.adapter.repl, line, column + k)
            for k in range(max(1, len(expression)))
        ]

    def answer(self, request: Message, expression: str) -> str:
        """The guess question's answer, taken by the worker when it asks: ``default`` is
        Enter's."""
        text = expression.strip()
        self.adapter.conn.respond(request, {"result": "", "variablesReference": 0})
        self.adapter.conn.event("continued", {"threadId": THREAD, "allThreadsContinued": True})
        return "" if text.lower() == "default" else text

    def line(
        self, request: Message, expression: str, frame_id: object = None, echo: bool = False
    ) -> None:
        """A command line of the shell: its lines are the result (``echo``: the line and its
        lines go out as output, the result is empty); at a guess level's frame it answers
        there, as after the shell's ``frame``; the stop it leads to is told. A line refused is
        answered in the console alone (no pop-up)."""
        line = expression.strip()
        cmd = lookup(line.split()[0]) if line else None
        before = position(self.adapter.repl)
        if self.adapter.repl.loaded:
            self.adapter.book.remember()
        self.adapter.out.begin()
        if echo:
            self.adapter.out.message(f"> {line}")
        else:
            self.adapter.out.capture()
        self.adapter.progress.begin()
        try:
            with self._at_frame(frame_id):
                ok = self.adapter.repl.execute(line) if line else True
        finally:
            self.adapter.progress.end()
            lines = [] if echo else self.adapter.out.take()
        if echo:
            self.adapter.out.flush()
            self.adapter.conn.respond(request, {"result": "", "variablesReference": 0})
        elif ok:
            self.adapter.conn.respond(
                request, {"result": "\n".join(lines), "variablesReference": 0}
            )
        else:  # its error line is the message; what else it said, the console's output
            said = [line for line in lines if line not in self.adapter.out.errors]
            for line in said:
                self.adapter.out.message(line)
            self.adapter.conn.fail(
                request, " ".join(self.adapter.out.errors) or "\n".join(lines), show_user=False
            )
        stopped = any(line.startswith(STOPS) for line in self.adapter.out.recent)  # paused in place
        if self.adapter.repl.done or stopped or position(self.adapter.repl) != before:
            reason = "entry" if cmd is LOAD_QUIZ else "goto" if cmd is GOTO else "step"
            self.adapter.ran()
            self.adapter.tell_stop(reason)

    @contextmanager
    def _at_frame(self, frame_id: object) -> Iterator[None]:
        """While a console line runs: the guess level of frame ``frame_id`` selected, as the
        shell's ``frame`` selects it (frame 0, the present, and a frame of an older stop select
        nothing); the selection the shell had is back after it, unless the line moved."""
        chosen = None
        if frame_id is not None and self.adapter.repl.loaded:
            self.adapter.view.refresh()
            try:
                item = self.adapter.view.handles.get(frame_id, "frame")
            except Stale:
                item = None
            if isinstance(item, Level):
                chosen = self.adapter.view.handles.level_state(self.adapter.repl, item.level)
        if chosen is None:
            yield
            return
        was, self.adapter.repl.frame = self.adapter.repl.frame, chosen
        try:
            yield
        finally:
            if self.adapter.repl.frame is chosen:
                self.adapter.repl.frame = was
