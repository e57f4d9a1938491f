"""One MCP client's session: a ``Repl`` that runs the tools' command lines as the
shell runs them (their lines the tool's text, a refusal the shell's one line as the tool's
error, the session as it was), and the judge of moves (``check_move``). Calls are taken one at
a time, whatever thread makes them; each has its own interrupt (a client's cancel) and its own
progress callable. Nothing here imports the SDK (``server`` does).

In sealed mode (``sealed``: the server's default) the session answers nothing that shows the
solution: ``check_move`` judges by the techniques alone, and ``frontends/mcp/sealed`` says what
else is refused. A session's candidates are worked out at the load (step 1), so a move by hand
of either kind can follow it.

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
from sudoku_repl.frontends.mcp import sealed as sealing
from sudoku_repl.frontends.mcp.tools import BY_NAME, Arguments
from sudoku_repl.text.files import confine
from sudoku_repl.tools.judging.judge import DEFAULT_BUDGET, MAX_ER, Judge
from sudoku_repl.tools.judging.moves import parse_cell, parse_move
from sudoku_repl.tools.judging.sealed import sealed_judgement

if TYPE_CHECKING:
    from sudoku_repl.commands.session_hooks import Output
    from sudoku_repl.techniques.explainer.ruled import Layout

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


#: a cell in the shell's notation, [4,5], and a word it is glued to (blk[6,9])
_CELL = re.compile(r"(\w?)\[(\d),(\d)\]")
#: serate's own words for a step (its cells as A4: column letter first), left out of an answer
#: in one notation: hint 3's line and its key, a bottleneck's tail
_SERATE_LINES = ("Sudoku Explainer's own line: ", "(In serate's line a cell is ")
_SERATE_TAIL = re.compile(r"; serate: .*$")


def _in_r4c5(line: str) -> str | None:
    """The line with its cells as r4c5, the notation of every answer of the server (serate's
    own lines left out: None)."""
    if line.startswith(_SERATE_LINES):
        return None
    line = _SERATE_TAIL.sub("", line)
    return _CELL.sub(lambda m: f"{m[1]}{' ' if m[1] else ''}r{m[2]}c{m[3]}", line)


class _Lines:
    """The Repl's output, kept: lines, and error lines apart (without colour); each also goes
    ``through`` to where it is shown (None: nowhere, the MCP server's, whose answers name
    cells as r4c5: ``_in_r4c5``; the page's are the lines its terminal shows)."""

    def __init__(self, through: Output | None = None) -> None:
        self.lines: list[str] = []
        self.errors: list[str] = []
        self.through = through
        self.r4c5 = through is None

    def _kept(self, kept: list[str], line: str) -> None:
        plain: str | None = _SGR.sub("", line)
        if self.r4c5 and plain is not None:
            plain = _in_r4c5(plain)
        if plain is not None:
            kept.append(plain)

    def message(self, line: str) -> None:
        self._kept(self.lines, line)
        if self.through is not None:
            self.through.message(line)

    def error(self, line: str) -> None:
        self._kept(self.errors, line)
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
    whose output shows each call's lines too (its own interrupt and progress line serve).
    ``sealed``: nothing that shows the solution is answered (``frontends/mcp/sealed``)."""

    def __init__(self, repl: Repl | None = None, *, sealed: bool = True) -> None:
        register_all()
        self.sealed = sealed
        #: where the calls' lines are shown as well (None: nowhere)
        self.shown = None if repl is None else repl.out
        self.out = _Lines(self.shown)
        if repl is None:
            repl = Repl(self.out, _default_answer, interrupted=self._interrupted, tick=self._tick)
            repl.view.colour = False
            repl.execute("set names standard")  # (the techniques' words name cells r4c5)
            repl.hooks.cancels = True  # (the client's cancel: it never reads the answer)
        self.repl = repl
        self.lock = threading.Lock()
        self._call = _Call(_never, _quiet)
        self._solution: tuple[object, tuple[int, ...]] | None = None  # (quiz, its solution)
        self._judges: dict[tuple[float, Layout | None], Judge] = {}
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
            if self.sealed and tool.shows:
                raise sealing.refusal(name, tool.shows)
            if name == "check_move":
                return self._check_move(arguments)
            # (hint's search stops at its budget, on either mode's path)
            deadline = time.monotonic() + _budget(name, arguments) if name == "hint" else None
            if name in ("place", "eliminate"):
                row, col = divmod(parse_cell(arguments["cell"]), 9)
                value = arguments["value"]  # (the shell says a value out of 1..9)
                if name == "place":
                    line = f"set cell [{row + 1},{col + 1}]={value}"
                else:
                    line = f"set removed {value} [{row + 1},{col + 1}]"
            elif self.sealed and name in ("rate", "difficulty"):
                assert tool.line is not None
                line = tool.line(self._sealed_measures(name, arguments))
            elif self.sealed and name in ("hint", "all_steps"):
                return self._sealed_hint(arguments.get("level"), name == "all_steps", deadline)
            else:
                assert tool.line is not None
                line = tool.line(arguments)
                if name == "load_quiz":
                    _quiz_file(str(arguments["quiz"]), int(arguments.get("number") or 1))
            if self.sealed and tool.walks:
                return self._sealed_walk(name, line)
            hooks = self.repl.hooks
            hooks.deadline = deadline
            try:
                answer = self._run(line, name == "board")
            finally:
                hooks.deadline = None
            if name in ("load_quiz", "generate") and not answer.error:
                self._candidates()
                answer = answer._replace(data=self._where())
            return answer
        except UserError as e:
            return Answer(e.line, error=True)

    def _candidates(self) -> None:
        """A loaded quiz's candidates worked out (its step 1): a session of the door has them
        from the load, as ``check_move`` and ``hint`` read them (the shell's waits for a
        step). Its lines are not the tool's answer (they show where the page's are shown)."""
        from sudoku_repl.core.state import Status

        if self.repl.session.state().status is Status.LOADED:
            kept = self.out.lines, self.out.errors
            self.repl.execute("step")
            self.out.lines, self.out.errors = kept

    def _hand_moved(self) -> bool:
        return self.repl.loaded and sealing.hand_moved(self.repl.session)

    def _sealed_measures(self, name: str, arguments: Arguments) -> Arguments:
        """A measure's arguments in sealed mode: of the loaded quiz, or of a state without
        moves by hand; the dossier's measures without those naming the solution's values."""
        from sudoku_repl.tools.rating.scales import EVERY

        if not arguments.get("quiz") and self._hand_moved():
            raise sealing.refusal(
                f"{name} of a state holding moves made by hand (place, eliminate)",
                "whether it has a solution is what a wrong move would show (quiz: true rates "
                "the loaded quiz; goto a step before them rates that state)",
            )
        if name == "rate":  # (Sudoku Explainer's rating alone)
            return arguments
        asked = arguments.get("measures")
        return {
            **arguments,
            "measures": sealing.measures(None if asked is None else str(asked), EVERY),
        }

    def _sealed_hint(
        self, level: int | None, every: bool = False, deadline: float | None = None
    ) -> Answer:
        """``hint`` (``every``: ``all_steps``) in sealed mode: Sudoku Explainer's next step (or
        every step) from the state, without first saying whether the state has a solution, as
        the shell's ``hint se`` does (of a state holding moves by hand, or of a quiz made of the
        loaded one and a move, that would judge the move)."""
        from sudoku_repl.techniques.explainer.rating import Interrupted, OutOfTime
        from sudoku_repl.tools.explain.hints import (
            NO_HINT_IN_TIME,
            SEARCHING_EVERY,
            SEARCHING_NEXT,
            se_all_lines,
            se_graded_lines,
            se_hint_lines,
        )

        session = self.repl.require_quiz()
        state, geo, names = session.state(), session.geo, self.repl.view.names
        self.repl.hooks.doing = SEARCHING_EVERY if every else SEARCHING_NEXT
        try:
            if every:
                lines = se_all_lines(state, geo, self._polled, names)
            elif level is None:
                lines = se_hint_lines(state, geo, self._polled, names, deadline)
            else:
                lines = se_graded_lines(state, geo, level, self._polled, names, deadline)
        except Interrupted:
            lines = ["Interrupted: no hint."]
        except OutOfTime:
            lines = [NO_HINT_IN_TIME]
        finally:
            self.repl.hooks.doing = None
        self.out.lines = []
        for said in lines:  # (as the Repl's own lines: shown, and kept in r4c5)
            self.out.message(said)
        return Answer("\n".join(self.out.lines), self._where())

    def _sealed_walk(self, name: str, line: str) -> Answer:
        """A walk (``step``, ``runtil``, ``goto``) in sealed mode: answered where it stays
        among the solver's deductions, else refused and undone (``sealed.walked_too_far``);
        its lines are shown only once it is answered."""
        session = self.repl.require_quiz()
        before = session.state().steps
        through, self.out.through = self.out.through, None
        try:
            answer = self._run(line, False)
            refused = None if answer.error else sealing.walked_too_far(session, name, before)
            if refused is not None:
                self.repl.execute(f"goto {before}")
                self.out.lines, self.out.errors = [], []
                return Answer(refused.line, error=True)
        finally:
            self.out.through = through
        if through is not None:
            for said in answer.text.splitlines():
                (through.error if answer.error else through.message)(said)
        return answer

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
        """The board as data: the step, the level, the givens and values (81 digits each),
        each cell's candidates (a string of digits; none for a cell with a value) and the
        variant rules ("" for classic sudoku)."""
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
            "rules": quiz.rules,
        }

    def _check_move(self, arguments: Arguments) -> Answer:
        """``check_move``: the move judged from the present state (nothing changes); sealed,
        by the techniques alone (``tools/judging/sealed``), else against the solution too;
        ``unproven`` for the reason ``budget`` once its time budget passes."""
        from sudoku_repl.techniques.explainer.grid import Grid
        from sudoku_repl.techniques.explainer.rating import Interrupted
        from sudoku_repl.techniques.explainer.ruled import RuledGrid
        from sudoku_repl.views.hint import se_grid

        move = parse_move(str(arguments["move"]))
        max_er = float(arguments.get("max_er", MAX_ER))
        budget = _budget("check_move", arguments)
        session = self.repl.require_quiz()
        state = session.state()
        grid = se_grid(state, session.geo)
        if isinstance(grid, str):
            if 0 in state.values:
                raise UserError(f"check_move: {grid}")
            # (a full grid: the move's cell holds a value, which the judge says of the move)
            grid = Grid.from_puzzle("".join(map(str, state.values)))
        layout = grid.layout if isinstance(grid, RuledGrid) else None
        judge = self._judges.get((max_er, layout))
        if judge is None:  # (kept: what the techniques make of a state is kept with it)
            judge = Judge(max_er, self._polled, self._doing, layout)
            self._judges[max_er, layout] = judge
        hooks = self.repl.hooks
        self._judging = str(move)
        deadline = time.monotonic() + budget
        try:
            if self.sealed:
                # (the solutions are not counted: whether a quiz made of the loaded one and a
                # move has one would judge the move)
                judged = sealed_judgement(judge, grid, move, deadline)
            else:
                judged = judge.judge(grid, move, self._quiz_solution(), deadline=deadline)
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
        from sudoku_repl.tools.judging.grids import quiz_solution

        quiz = self.repl.session.quiz
        assert quiz is not None
        if self._solution is None or self._solution[0] is not quiz:
            try:
                solution = quiz_solution(quiz)
            except ValueError as e:
                raise UserError(f"check_move needs a quiz with one solution: {e}") from None
            self._solution = quiz, solution
        return self._solution[1]


def _quiz_file(argument: str, number: int) -> None:
    """``UserError`` for a file (``load_quiz``'s quiz, where it names one) whose quiz
    ``number`` cannot be read from its lines: the refusal names the line, never what it holds
    (the shell's quotes it: here the client could read a credentials file a line at a time,
    or the lines after a quiz put first). One that cannot be opened is refused by the shell's
    line, which quotes nothing of it."""
    from sudoku_repl.text.quiz_files import load_position

    if not os.path.exists(argument):
        return  # (a quiz written in place of a file name, or no file: the shell's words)
    try:
        load_position(argument, number)
    except QuizError as e:
        if e.file_line is not None:
            raise UserError(
                f"{shown(argument, PATH)} is no quiz file: its line {e.file_line} holds no "
                f"quiz (what it holds is not shown); {QUIZ_FILE}."
            ) from None
