"""The adapter: each DAP request answered through the shell's ``Repl`` (its commands, its
session, its record), as one more front end.

Threads. The reader thread (``server``) hands every request to ``handle``. ``initialize``,
``threads``, ``pause``, ``cancel``, ``terminate`` and ``disconnect`` are answered there at once;
every other request is a job of the ``Worker``, run in order, so that only the worker touches
the session while it may be stepping. While the guess question waits for its answer the worker
takes the requests that follow itself, in order (``Worker.read_answer``): it answers those that
look at the session, takes ``evaluate`` in the debug console as the answer, and refuses those
that would step. After ``bye`` every request the worker serves is refused (``ENDED``).

The stepping requests are the shell's commands: ``next`` is ``next``, ``stepIn`` ``step``,
``stepOut`` ``finish``, ``continue`` ``run`` (to a breakpoint, a new solution or the end),
``stepBack`` ``back``, ``reverseContinue`` ``reverse-continue``, ``goto`` ``goto N``; their
lines go out as ``output`` events, and a ``stopped`` event says why they stopped
(``stops.why_stopped``; at the end of the search, that it ended there: the session stays), or
``exited`` and ``terminated`` that ``bye`` ended the session."""

from __future__ import annotations

import os
import sys
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

from sudoku_repl.commands.declared.original import LOAD_QUIZ
from sudoku_repl.commands.dispatch import NO_QUIZ, Repl
from sudoku_repl.commands.frames import cell_said
from sudoku_repl.core.errors import UserError, shown
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.frontends.dap.breakpoints import BreakpointBook
from sudoku_repl.frontends.dap.connection import Connection, EventOutput
from sudoku_repl.frontends.dap.console import LOOKS, Console
from sudoku_repl.frontends.dap.frames import Present, StackView, Stale, position
from sudoku_repl.frontends.dap.progress import Progress
from sudoku_repl.frontends.dap.requests import (
    CAPABILITIES,
    REQUESTS,
    THREAD,
    count,
    json_said,
    launch_lines,
    wrong_integer,
)
from sudoku_repl.frontends.dap.source import QuizSource
from sudoku_repl.frontends.dap.stops import ended_line, why_stopped
from sudoku_repl.frontends.dap.wire import Message
from sudoku_repl.frontends.dap.worker import AtQuestion
from sudoku_repl.text.args import CELL, cell_of, number
from sudoku_repl.tools.rating.se_build import pure_build_once

#: seconds between two batches of output while a command runs
FLUSH_EVERY = 0.1
#: a request after ``bye``
ENDED = "The session has ended (bye); disconnect, or start another debugging session."
#: a request whose turn had not come when the client disconnected (DAP's word for it)
CANCELLED = "cancelled"

Handler = Callable[[Message, dict[str, Any]], None]


class Adapter:
    """One client's debugging session over ``conn``."""

    def __init__(self, conn: Connection) -> None:
        from sudoku_repl.frontends.dap.worker import Worker

        self.conn = conn
        self.out = EventOutput(conn)
        self.worker = Worker()
        self.worker.on_question = self._asked
        conn.on_gone = self.worker.interrupt  # nobody listens: the search stops
        self.repl = Repl(self.out, self.worker.read_answer, interrupted=self.worker.flag,
                         tick=self._tick)  # fmt: skip
        self.progress = Progress(conn, self.repl.slot.progress)
        #: the client's initialize arguments, and the launch's (None: not launched)
        self.client: dict[str, Any] = {}
        self.launched: dict[str, Any] | None = None
        self.view = StackView(self.repl, self.source, self.line_out, self.column_out)
        self.book = BreakpointBook(self)
        self.console = Console(self)
        #: set when the client has gone (``disconnect``): the reader stops
        self.ended = threading.Event()
        self._source: tuple[Quiz | None, QuizSource] = (None, QuizSource(None, None))
        self._initialized = False  # the initialized event was sent
        self._loaded = ""  # what loading the quiz said (the entry's stop)
        self._terminating = False  # terminate: the stop it causes is not told
        self._exited = False  # exited and terminated were sent (once a launch)
        self._at_end = False  # the last stop told was at the end of the search

    # -- the reader's side ----------------------------------------------------------------

    def handle(self, message: Message) -> None:
        """A message from the client (reader thread)."""
        self.conn.note("<-", message)
        command = message.get("command")
        if message.get("type") != "request" or not isinstance(command, str):
            self.refuse(message, "Not a request: a message of type request names its command.")
            return
        how = REQUESTS.get(command)
        if how is None:
            known = ", ".join(REQUESTS)
            self.refuse(
                message, f"Unknown request {shown(command)!r}; this adapter answers {known}."
            )
            return
        args = message.get("arguments", {})
        if not isinstance(args, dict):
            self.refuse(
                message, f"The arguments of {command} are an object, not {json_said(args)}."
            )
            return
        wrong = wrong_integer(command, args)
        if wrong is not None:
            self.refuse(message, wrong)
            return
        handler: Handler = getattr(self, "on_" + command)
        if how == "now":
            self.call(handler, message, args)
            return
        self.worker.submit(
            lambda: self.job(handler, message, args),
            self._at_question(how, handler, message, args),
            lambda: self.conn.fail(message, CANCELLED, show_user=False),
        )

    def refuse(self, message: Message, line: str) -> None:
        """A message refused before any handler (not a request, a framing error...): answered
        at once when no request waits for the worker, else in its turn after them (while the
        guess question waits, there), so that each request gets one response, in the order
        they came (reader thread: only the reader hands requests over)."""

        def said(question: str | None = None) -> None:
            self.conn.fail(message, line)

        if self.worker.busy:
            self.worker.submit(said, said, said)
        else:
            said()

    def job(self, handler: Handler, message: Message, args: dict[str, Any]) -> None:
        """A request the worker serves in its turn; once ``bye`` ended the session, refused."""
        if self.repl.done:
            self.conn.fail(message, ENDED)
            return
        self.call(handler, message, args)

    def _at_question(
        self, how: str, handler: Handler, message: Message, args: dict[str, Any]
    ) -> AtQuestion | None:
        """What a request is when its turn comes while the guess question waits (worker
        thread): a line of the debug console answers it; a request that looks is served; a
        step is refused; the others (None) wait until the search is no longer asking."""
        if how == "steps":

            def refused(question: str) -> None:
                self.conn.fail(message, f"{question} (evaluate [r,c]=v or default in the debug "
                               "console answers it; pause calls it off)")  # fmt: skip

            return refused
        if how != "reads":
            return None
        expression = args.get("expression")
        if (
            message.get("command") == "evaluate"
            and isinstance(expression, str)
            and (args.get("context", "repl") not in LOOKS)
        ):
            return lambda question: self.console.answer(message, expression)

        def served(question: str) -> None:
            self.call(handler, message, args)

        return served

    def call(self, handler: Handler, message: Message, args: dict[str, Any]) -> None:
        """Run a handler: bad input is its error response; a bug too, and the adapter goes on
        (its traceback to stderr and the log)."""
        try:
            handler(message, args)
        except UserError as e:
            self.conn.fail(message, e.line)
        except Stale as e:
            self.conn.fail(message, e.line, show_user=False)
        except Exception as e:  # a bug: said, and the next request is served
            self.conn.fail(message, f"Internal error: {type(e).__name__}: {e}")
            text = traceback.format_exc()
            self.conn.note("!!", text)
            sys.stderr.write(text)

    # -- the client's numbers ----------------------------------------------------------------

    def line_out(self, line: int) -> int:
        return line if self.client.get("linesStartAt1", True) else line - 1

    def column_out(self, column: int) -> int:
        return column if self.client.get("columnsStartAt1", True) else column - 1

    def line_in(self, line: int) -> int:
        return line if self.client.get("linesStartAt1", True) else line + 1

    def column_in(self, column: int) -> int:
        return column if self.client.get("columnsStartAt1", True) else column + 1

    def source(self) -> QuizSource:
        """The loaded quiz's file and its rows' lines (read again when another quiz loads)."""
        quiz = self.repl.session.quiz if self.repl.loaded else None
        if quiz is not self._source[0]:
            self._source = (
                quiz,
                QuizSource.of(quiz) if quiz is not None else QuizSource(None, None),
            )
        return self._source[1]

    # -- the session's life -----------------------------------------------------------------

    def on_initialize(self, request: Message, args: dict[str, Any]) -> None:
        self.client = args
        self.progress.wanted = bool(args.get("supportsProgressReporting"))
        self.conn.respond(request, CAPABILITIES)

    def on_attach(self, request: Message, args: dict[str, Any]) -> None:
        raise UserError(
            "attach: this adapter starts its own session; use launch (program or quiz)."
        )

    def on_launch(self, request: Message, args: dict[str, Any]) -> None:
        """Every argument is checked before anything is loaded: a launch that fails leaves the
        adapter as it was (its folder too)."""
        lines = launch_lines(args)
        cwd = args.get("cwd")
        if cwd is not None and (not isinstance(cwd, str) or not os.path.isdir(cwd)):
            named = repr(shown(cwd)) if isinstance(cwd, str) else json_said(cwd)
            raise UserError(f"No such folder: cwd {named}.")
        was = os.getcwd()
        if cwd is not None:
            os.chdir(cwd)
        if (pure := pure_build_once()) is not None:  # (once a process)
            self.out.message(pure)
        self.out.begin()
        if not self.repl.execute(lines[0]):  # the quiz: its lines to the console
            os.chdir(was)
            raise UserError(" ".join(self.out.errors) or f"{LOAD_QUIZ.name} failed.")
        self._exited = False
        self._loaded = self.out.recent[0] if self.out.recent else lines[0]
        for line in lines[1:]:
            ok, said = self.quiet(line)
            if not ok:
                raise UserError(" ".join(said))
        self.launched = args
        self.source()  # (the thread is named after the quiz)
        self.out.flush()
        self.conn.respond(request)
        if not self._initialized:
            self._initialized = True
            self.conn.event("initialized")

    def on_configurationDone(self, request: Message, args: dict[str, Any]) -> None:
        self.conn.respond(request)
        self._start()

    def _start(self) -> None:
        """After the configuration (and a restart): stop at the entry, or run."""
        if self.launched is None:
            return
        if self.launched.get("stopOnEntry", True):
            self.tell_stop("entry", self._loaded)
        else:
            self.run("run", "step")

    def on_restart(self, request: Message, args: dict[str, Any]) -> None:
        if self.launched is None:
            raise UserError(NO_QUIZ)
        again = args.get("arguments")
        self.on_launch(request, again if isinstance(again, dict) else self.launched)
        self.ran()  # (the stop before is over: VS Code keeps showing its reason otherwise)
        self._start()

    def ran(self) -> None:
        """The thread ran, for a stop no stepping request led to (a restart, a console line):
        the client forgets the stop before (VS Code's Call Stack names the oldest stop it was
        not told ended)."""
        self.conn.event("continued", {"threadId": THREAD, "allThreadsContinued": True})

    def on_terminate(self, request: Message, args: dict[str, Any]) -> None:
        self._terminating = True
        self.worker.interrupt()
        self.conn.respond(request)
        self.worker.submit(self._terminated)

    def _terminated(self) -> None:
        self._terminating = False
        self.conn.event("terminated")

    def on_disconnect(self, request: Message, args: dict[str, Any]) -> None:
        self._terminating = True
        self.worker.close()
        self.conn.respond(request)
        self.ended.set()

    def close(self) -> None:
        """The client went away: the job running stops, nothing more starts."""
        self._terminating = True
        self.worker.close()
        self.ended.set()

    def on_threads(self, request: Message, args: dict[str, Any]) -> None:
        threads = [{"id": THREAD, "name": self._source[1].name}] if self.launched else []
        self.conn.respond(request, {"threads": threads})

    # -- the stack ----------------------------------------------------------------------------

    def on_stackTrace(self, request: Message, args: dict[str, Any]) -> None:
        start = args.get("startFrame", 0)
        levels = args.get("levels", 0)
        self.conn.respond(request, self.view.stack_trace(count(start), count(levels)))

    def on_scopes(self, request: Message, args: dict[str, Any]) -> None:
        self.repl.require_quiz()
        self.conn.respond(request, self.view.scopes(args.get("frameId")))

    def on_variables(self, request: Message, args: dict[str, Any]) -> None:
        self.repl.require_quiz()
        self.conn.respond(request, self.view.variables(args.get("variablesReference")))

    def on_setVariable(self, request: Message, args: dict[str, Any]) -> None:
        self.repl.require_quiz()
        row = self.view.row_item(args.get("variablesReference"))
        name, value = str(args.get("name", "")), str(args.get("value", "")).strip()
        if not isinstance(row.frame, Present):
            raise UserError(f"A guess level's frame is read-only (as frame shows it): {name} is "
                            "set in frame 0, the present step, as set cell does.")  # fmt: skip
        cell = self.cell(name)
        self.out.begin()
        if not self.repl.execute(f"set cell {name}={value}"):
            raise UserError(" ".join(self.out.errors))
        state = self.repl.session.state()
        self.conn.respond(request, {"value": cell_said(state, cell), "variablesReference": 0})
        self.tell_stop("step")

    def cell(self, text: str) -> int:
        """The cell ``[r,c]`` names in the loaded quiz (refused in the shell's words)."""
        geo = self.repl.session.geo
        match = CELL.fullmatch(text)
        if match is None:
            raise UserError(f"Not a cell: {shown(text)!r}; a cell is [r,c].")
        return cell_of(number(match.group(1)), number(match.group(2)), "a cell is [r,c].", geo)

    # -- stepping -----------------------------------------------------------------------------

    def on_continue(self, request: Message, args: dict[str, Any]) -> None:
        self.repl.require_quiz()
        self.conn.respond(request, {"allThreadsContinued": True})
        self.run("run", "step")

    def on_next(self, request: Message, args: dict[str, Any]) -> None:
        self.repl.require_quiz()
        self.conn.respond(request)
        self.run("next", "step")

    def on_stepIn(self, request: Message, args: dict[str, Any]) -> None:
        self.repl.require_quiz()
        self.conn.respond(request)
        self.run("step", "step")

    def on_stepOut(self, request: Message, args: dict[str, Any]) -> None:
        self.run_then_respond(request, "finish", "step")

    def on_stepBack(self, request: Message, args: dict[str, Any]) -> None:
        self.run_then_respond(request, "back", "step")

    def on_reverseContinue(self, request: Message, args: dict[str, Any]) -> None:
        self.run_then_respond(request, "reverse-continue", "step")

    def on_goto(self, request: Message, args: dict[str, Any]) -> None:
        target = args.get("targetId")
        if not isinstance(target, int) or isinstance(target, bool) or target < 0:
            raise UserError(
                f"goto's targetId is a step (from gotoTargets), not {json_said(target)}."
            )
        self.run_then_respond(request, f"goto {target}", "goto")

    def run_then_respond(self, request: Message, line: str, reason: str) -> None:
        """A command that may be refused: then nothing moved, and the request fails with the
        shell's line (also in the console), no stop told (a success and a ``stopped``
        event said the thread had moved); else answered before the stop is told."""
        self.repl.require_quiz()
        before = position(self.repl)
        ok = self.execute(line)
        if not ok and position(self.repl) == before:
            said = " ".join(self.out.errors) or f"{line}: refused."
            self.conn.fail(request, said, show_user=False)  # (the console shows it already)
            return
        self.conn.respond(request)
        self.tell_stop(reason)

    def run(self, line: str, reason: str) -> None:
        self.execute(line)
        self.tell_stop(reason)

    def execute(self, line: str) -> bool:
        """Run a command line of the shell, its lines to the client, with progress."""
        if self.repl.loaded:
            self.book.remember()
        self.out.begin()
        self.progress.begin()
        try:
            return self.repl.execute(line)
        finally:
            self.progress.end()
            self.out.flush()

    def quiet(self, line: str) -> tuple[bool, list[str]]:
        """Run a command line whose lines are not the person's (a breakpoint the editor set):
        whether it succeeded, and its lines."""
        self.out.capture()
        try:
            ok = self.repl.execute(line)
        finally:
            lines = self.out.take()
        return ok, lines

    def _tick(self) -> None:
        """Between steps of a long command (worker thread)."""
        if time.monotonic() - self.out.flushed_at >= FLUSH_EVERY:
            self.out.flush()
        self.progress.tick()

    # -- stops --------------------------------------------------------------------------------

    def tell_stop(self, default: str, description: str | None = None) -> None:
        """After a command: ``exited`` and ``terminated`` after ``bye``, else ``stopped`` with
        its reason in the shell's words; at the end of the search too, which says so (the
        session stays, as rr's at the end of its recording, with its record to go back
        in)."""
        self.out.flush()
        if self._terminating:
            return
        if self.repl.done:
            if not self._exited:  # (once: a request after bye says nothing more)
                self._exited = True
                if self.repl.loaded:  # the last board, which no request can ask for now
                    from sudoku_repl.frontends.dap.board import board_body

                    self.conn.event("sudokuBoard", board_body(self.view, None))
                self.conn.event("exited", {"exitCode": 0})
                self.conn.event("terminated")
            return
        if not self.repl.loaded:
            return
        self.source()  # (another quiz may have been loaded)
        stop = why_stopped(self.repl, list(self.out.recent), default, self.book.reason)
        self.view.pin(self.book.stop_cell(stop.hits))  # the editor's line is the breakpoint's
        at_end = self.repl.session.finished
        said = description or (
            ended_line(self.repl.session.state().steps) if at_end else stop.description
        )
        if self._at_end and not at_end:
            self.ran()  # (VS Code's Call Stack header kept saying the end after a step back)
        self._at_end = at_end
        body: dict[str, Any] = {
            "reason": stop.reason,
            "description": said,
            "text": said,
            "threadId": THREAD,
            "allThreadsStopped": True,
        }
        if stop.hits:
            body["hitBreakpointIds"] = list(stop.hits)
        from sudoku_repl.frontends.dap.board import board_body

        # the present board with the stop, before it (docs/dap.md): a view draws once a step
        self.conn.event("sudokuStop", {**board_body(self.view, None), "reason": stop.reason})
        self.conn.event("stopped", body)

    def _asked(self, question: str) -> None:
        """The guess question (worker thread): said in the console, and the thread stopped."""
        self.out.stream_captured()
        self.out.emit(question)
        if not self._terminating:
            self.conn.event(
                "stopped",
                {"reason": "pause", "description": question, "text": question,
                 "threadId": THREAD, "allThreadsStopped": True},
            )  # fmt: skip

    def on_pause(self, request: Message, args: dict[str, Any]) -> None:
        self.worker.interrupt()
        self.conn.respond(request)

    def on_cancel(self, request: Message, args: dict[str, Any]) -> None:
        """The progress of a long command cancelled: ``pause``."""
        if args.get("progressId") is not None and args.get("progressId") == self.progress.shown:
            self.worker.interrupt()
        self.conn.respond(request)

    # -- the debug console (console.py) ----------------------------------------------------

    def on_evaluate(self, request: Message, args: dict[str, Any]) -> None:
        self.console.evaluate(request, args)

    def on_completions(self, request: Message, args: dict[str, Any]) -> None:
        from sudoku_repl.frontends.dap.completing import completion_targets

        text = args.get("text", "")
        column = args.get("column", len(str(text)) + 1)
        if not isinstance(text, str) or not isinstance(column, int):
            raise UserError("completions needs text (the console's line) and column (the cursor).")
        base = 1 if self.client.get("columnsStartAt1", True) else 0
        targets = completion_targets(self.repl, text, column - base, base)
        self.conn.respond(request, {"targets": targets})

    # -- breakpoints (breakpoints.py) -------------------------------------------------------

    def on_setBreakpoints(self, request: Message, args: dict[str, Any]) -> None:
        self.conn.respond(request, self.book.set_source(args))

    def on_setFunctionBreakpoints(self, request: Message, args: dict[str, Any]) -> None:
        self.conn.respond(request, self.book.set_functions(args))

    def on_setDataBreakpoints(self, request: Message, args: dict[str, Any]) -> None:
        self.conn.respond(request, self.book.set_data(args))

    def on_setExceptionBreakpoints(self, request: Message, args: dict[str, Any]) -> None:
        self.conn.respond(request, {"breakpoints": []})  # no exceptions: none offered

    def on_dataBreakpointInfo(self, request: Message, args: dict[str, Any]) -> None:
        self.conn.respond(request, self.book.data_info(args))

    def on_gotoTargets(self, request: Message, args: dict[str, Any]) -> None:
        self.conn.respond(request, self.book.goto_targets(args))

    # -- the custom sudokuBoard request (board.py) --------------------------------------------

    def on_sudokuBoard(self, request: Message, args: dict[str, Any]) -> None:
        from sudoku_repl.frontends.dap.board import board_body

        self.conn.respond(
            request,
            board_body(self.view, args.get("frameId"), args.get("picture"), args.get("steps")),
        )

    def on_sudokuTimeline(self, request: Message, args: dict[str, Any]) -> None:
        from sudoku_repl.frontends.dap.board import timeline_body

        self.conn.respond(request, timeline_body(self.view, args.get("columns")))

    def on_sudokuCell(self, request: Message, args: dict[str, Any]) -> None:
        """A cell of a frame's board (``cell``: ``[r,c]``): the hover's words, and the step
        that set its value (null: empty, a given, or before the record)."""
        from sudoku_repl.frontends.dap.cells import cell_words, set_at

        self.repl.require_quiz()
        state = self.view.frame_state(args.get("frameId"))
        cell = self.cell(str(args.get("cell", "")).strip())
        value = state.values[cell]
        given = self.repl.session.quiz is not None and self.repl.session.quiz.givens[cell]
        step = set_at(self.repl, cell, value, state.steps) if value and not given else None
        self.conn.respond(request, {"text": cell_words(self.repl, state, cell), "setAt": step})
