"""One MCP client's session: a ``Repl`` that runs the tools' command lines as the
shell runs them (their lines the tool's text, a refusal the shell's one line as the tool's
error, the session as it was), and the judge of moves (``check_move``). Calls are taken one at
a time, whatever thread makes them; each has its own interrupt (a client's cancel) and its own
progress callable. Nothing here imports the SDK (``server`` does).

Nothing is written to a file: the tools run no command that writes one (``export``,
``save-session``, ``--out``), and the ``Repl`` keeps no history file. A call reads files under
the folders it is given only (``Folders``: the client's roots, else the server's working
folder; ``text/files.confine``), and a file that holds no quiz is refused without a word of
what it holds: the client may not read it.

The web page's tools (WebMCP, ``frontends.web_shell``) are the same session code on the page's
own ``Repl``, the one its terminal shows: there a call's lines go to the terminal as they come
as well as to the answer (an answer the ``Repl`` did not print, the judge's or a refusal of the
arguments, is shown there after it)."""

from __future__ import annotations

import contextlib
import os
import re
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from sudoku_repl.assembly import register_all
from sudoku_repl.commands.declared.debugger import GOTO
from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.core.errors import PATH, QuizError, UserError, shown
from sudoku_repl.frontends.mcp.tools import BY_NAME, Arguments
from sudoku_repl.text.files import confine
from sudoku_repl.tools.judging.judge import DEFAULT_BUDGET, MAX_ER, Judge
from sudoku_repl.tools.judging.moves import parse_cell, parse_move

if TYPE_CHECKING:
    from sudoku_repl.commands.session_hooks import Output

#: seconds between two progress reports of a long call
PROGRESS_EVERY = 0.25


class Answer(NamedTuple):
    """A tool's answer: its text, its structured content (None: none) and whether it is an
    error (``text`` the one line that says what was wrong)."""

    text: str
    data: dict[str, Any] | None = None
    error: bool = False


class Folders(NamedTuple):
    """The folders a call reads files under, and whose they are, in words (the refusal of a
    file outside them says it)."""

    paths: tuple[str, ...]
    whose: str


#: what a quiz file holds, said where a file holds none
QUIZ_FILE = (
    "a quiz file holds puzzles (81 characters of 0-9 or . a line, or 729: a pencil-mark line), "
    "a grid of nine lines, or another of the formats load-quiz reads (docs/commands.md)"
)


#: a terminal's colour (SGR sequences): kept out of a tool's text
_SGR = re.compile(r"\x1b\[[0-9;]*m")


class _Lines:
    """The Repl's output, kept: lines, and error lines apart (without colour); each also goes
    ``through`` to where it is shown (None: nowhere, the MCP server's)."""

    def __init__(self, through: Output | None = None) -> None:
        self.lines: list[str] = []
        self.errors: list[str] = []
        self.through = through

    def message(self, line: str) -> None:
        self.lines.append(_SGR.sub("", line))
        if self.through is not None:
            self.through.message(line)

    def error(self, line: str) -> None:
        self.errors.append(_SGR.sub("", line))
        if self.through is not None:
            self.through.error(line)


class _Call:
    """What the call under way is told: its interrupt and its progress callable."""

    def __init__(self, interrupted: Callable[[], bool], progress: Callable[[str], None]) -> None:
        self.interrupted = interrupted
        self.progress = progress
        self.last = time.monotonic()


def _quiet(message: str) -> None:
    """No progress wanted."""


def _default_answer(question: str) -> str:
    """The guess question's answer in a call: its default."""
    return ""


def _never() -> bool:
    return False


def _budget(name: str, arguments: Arguments) -> float:
    """A call's time budget in seconds (``DEFAULT_BUDGET`` where it gives none)."""
    budget = float(arguments.get("budget", DEFAULT_BUDGET))
    if budget <= 0:
        raise UserError(f"{name}: budget is a number of seconds above 0, not {budget:g}")
    return budget


class AgentSession:
    """A client's session: ``call(name, arguments, interrupted, progress)`` answers a tool.
    ``repl``: a session of its own (None: made here, the MCP server's), or the web page's,
    whose output shows each call's lines too (its own interrupt and progress line serve)."""

    def __init__(self, repl: Repl | None = None) -> None:
        register_all()
        #: where the calls' lines are shown as well (None: nowhere)
        self.shown = None if repl is None else repl.out
        self.out = _Lines(self.shown)
        if repl is None:
            repl = Repl(self.out, _default_answer, interrupted=self._interrupted, tick=self._tick)
            repl.view.colour = False
            repl.hooks.cancels = True  # (the client's cancel: it never reads the answer)
        self.repl = repl
        self.lock = threading.Lock()
        self._call = _Call(_never, _quiet)
        self._solution: tuple[object, tuple[int, ...]] | None = None  # (quiz, its solution)
        self._judges: dict[float, Judge] = {}
        self._judging = ""  # the move under judgement, for the progress

    def _interrupted(self) -> bool:
        return self._call.interrupted()

    def _tick(self) -> None:
        """Between steps of long work: a progress report every ``PROGRESS_EVERY`` seconds,
        saying what the work is at (the steps, or the measure under way)."""
        call = self._call
        now = time.monotonic()
        if now - call.last >= PROGRESS_EVERY:
            call.last = now
            at = self.repl.slot.progress()
            call.progress(f"at step {at}" if isinstance(at, int) else str(at or "working"))

    def call(
        self,
        name: str,
        arguments: Arguments,
        interrupted: Callable[[], bool] = _never,
        progress: Callable[[str], None] = _quiet,
        folders: Folders | None = None,
    ) -> Answer:
        """The tool ``name``'s answer to ``arguments`` (checked against its schema by the
        client and the SDK: here only what the shell checks); a file is read under
        ``folders`` only (None: anywhere, the web page's own files)."""
        tool = BY_NAME.get(name)
        if tool is None:
            return Answer(f"No tool {name!r}: the tools are {', '.join(BY_NAME)}.", error=True)
        with self.lock:
            self._call = _Call(interrupted, progress)
            # (the page's Repl lent: its output kept too, its guess question given the default
            # answer, as this session's own is: a call never waits for the person)
            shown, self.repl.out = self.repl.out, self.out
            answers, self.repl.read_answer = self.repl.read_answer, _default_answer
            self.out.lines, self.out.errors = [], []
            confined = contextlib.nullcontext() if folders is None else confine(*folders)
            present = self._present()
            try:
                with confined:
                    answer = self._answer(name, arguments)
            finally:
                self.repl.out, self.repl.read_answer = shown, answers
                self._call = _Call(_never, _quiet)
            if interrupted() and self.repl.hooks.cancels:
                self._back_to(present)
            if self.shown is not None and not (self.out.lines or self.out.errors):
                # (the judge's answer, or the arguments refused: the Repl printed nothing)
                for line in answer.text.splitlines():
                    (self.shown.error if answer.error else self.shown.message)(line)
            return answer

    def _present(self) -> tuple[object, int] | None:
        """Where the session is: its quiz and its present's step (None: no quiz)."""
        if not self.repl.loaded:
            return None
        return self.repl.session.quiz, self.repl.session.state().steps

    def _back_to(self, present: tuple[object, int] | None) -> None:
        """After a cancelled call, the session where it was before it: a cancelled call
        changes nothing, its answer never read. A search stopped part way goes back to the
        step it began at (``goto``: the record keeps the steps after it, as undo does); a
        quiz it would have replaced is never loaded (``SessionHooks.cancels``)."""
        now = self._present()
        if present is None or now is None or now[0] is not present[0] or now == present:
            return
        self.repl.execute(f"{GOTO.name} {present[1]}")  # (its lines: the cancelled call's)

    def _answer(self, name: str, arguments: Arguments) -> Answer:
        """The tool ``name``'s answer (the lock held)."""
        tool = BY_NAME[name]
        try:
            tool.check(arguments)
            if name == "check_move":
                return self._check_move(arguments)
            if name in ("place", "eliminate"):
                row, col = divmod(parse_cell(arguments["cell"]), 9)
                value = arguments["value"]  # (the shell says a value out of 1..9)
                if name == "place":
                    line = f"set cell [{row + 1},{col + 1}]={value}"
                else:
                    line = f"set removed {value} [{row + 1},{col + 1}]"
            else:
                assert tool.line is not None
                line = tool.line(arguments)
                if name == "load_quiz":
                    _quiz_file(str(arguments["quiz"]))
            hooks = self.repl.hooks
            if name == "hint":
                hooks.deadline = time.monotonic() + _budget(name, arguments)
            try:
                return self._run(line, name == "board")
            finally:
                hooks.deadline = None
        except UserError as e:
            return Answer(e.line, error=True)

    def _run(self, line: str, board: bool) -> Answer:
        """A command line run as the shell runs it: its lines, or its error line."""
        out = self.out
        out.lines, out.errors = [], []
        ok = self.repl.execute(line)
        if not ok:
            return Answer(out.errors[0] if out.errors else "\n".join(out.lines), error=True)
        text = "\n".join(out.lines)
        return Answer(text, self._board() if board else self._where())

    def _where(self) -> dict[str, Any] | None:
        """Where the session is: its step, guess level and solutions found (None: no quiz)."""
        if not self.repl.loaded:
            return None
        state = self.repl.session.state()
        return {"step": state.steps, "level": state.level, "solutions": state.solutions}

    def _board(self) -> dict[str, Any] | None:
        """The board as data: the step, the level, the givens and values (81 digits each)
        and each cell's candidates (a string of digits; none for a cell with a value)."""
        where = self._where()
        if where is None:
            return None
        session = self.repl.session
        state, quiz = session.state(), session.quiz
        assert quiz is not None
        loaded = state.steps == 0  # (the candidates are worked out by step 1)
        cands = [
            "" if value or loaded else "".join(str(d) for d in range(1, 10) if mask >> (d - 1) & 1)
            for value, mask in zip(state.values, state.cands)
        ]
        return {
            **where,
            "givens": "".join(map(str, quiz.givens)),
            "values": "".join(map(str, state.values)),
            "candidates": cands,
        }

    def _check_move(self, arguments: Arguments) -> Answer:
        """``check_move``: the move judged from the present state (nothing changes)."""
        from sudoku_repl.views.hint import se_grid

        move = parse_move(str(arguments["move"]))
        max_er = float(arguments.get("max_er", MAX_ER))
        budget = _budget("check_move", arguments)
        session = self.repl.require_quiz()
        if not session.geo.classic:
            raise UserError("check_move judges a move of a classic 9x9 quiz only.")
        grid = se_grid(session.state(), session.geo)
        if isinstance(grid, str):
            raise UserError(f"check_move: {grid}")
        solution = self._quiz_solution()
        hooks = self.repl.hooks
        judge = self._judges.get(max_er)
        if judge is None:  # (kept: what the techniques make of a state is kept with it)
            judge = self._judges[max_er] = Judge(max_er, self._polled, self._doing)
        from sudoku_repl.techniques.explainer.rating import Interrupted

        self._judging = str(move)
        try:
            judged = judge.judge(grid, move, solution, deadline=time.monotonic() + budget)
        except Interrupted:
            return Answer("Interrupted: no verdict.", error=True)
        finally:
            hooks.doing = None
        return Answer(str(judged), judged.to_json())

    def _polled(self) -> bool:
        """The judge's poll: the progress (the MCP client's reports, the page's progress line)
        when due, and whether to stop (the client's cancel, the page's Ctrl-C)."""
        hooks = self.repl.hooks
        hooks.tick()
        return self._interrupted() or hooks.interrupted()

    def _doing(self, technique: str) -> None:
        """The judge's technique under way, for the progress."""
        self.repl.hooks.doing = f"check_move {self._judging}: trying {technique}"
        self._polled()

    def _quiz_solution(self) -> tuple[int, ...]:
        """The loaded quiz's one solution (found once a quiz); ``UserError`` where it has
        none or several."""
        from sudoku_repl.techniques.explainer.grid import Grid
        from sudoku_repl.tools.explain.plan import grid_solution

        quiz = self.repl.session.quiz
        assert quiz is not None
        if self._solution is None or self._solution[0] is not quiz:
            try:
                solution = grid_solution(Grid.from_state(quiz.givens, quiz.marks))
            except ValueError as e:
                raise UserError(f"check_move needs a quiz with one solution: {e}") from None
            self._solution = quiz, solution
        return self._solution[1]


def _quiz_file(argument: str) -> None:
    """``UserError`` for a file (``load_quiz``'s quiz, where it names one) that is no quiz
    file: its first quiz cannot be read from the lines it begins with. The refusal names the
    line, never what it holds (the shell's quotes it: here the client could read a
    credentials file a line at a time). A file that holds a quiz is read as the shell reads
    it, a later bad line quoted; one that cannot be opened is refused by the shell's line."""
    from sudoku_repl.text.quiz_files import load_position

    if not os.path.exists(argument):
        return  # (a quiz written in place of a file name, or no file: the shell's words)
    try:
        load_position(argument, 1)
    except QuizError as e:
        if e.file_line is not None:
            raise UserError(
                f"{shown(argument, PATH)} is no quiz file: its line {e.file_line} holds no "
                f"quiz (what it holds is not shown); {QUIZ_FILE}."
            ) from None
