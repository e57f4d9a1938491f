"""The command language, independent of any terminal: ``Repl.execute(line)``.

Output leaves through ``Output.message`` / ``Output.error`` (one line each), answers to the guess
question come from ``read_answer``, and the clock and the interrupt flag are injected, so the
same object serves the batch reader, the prompt_toolkit shell and the tests.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

from . import modes
from . import quiz as quizzes
from .args import CELL_VALUE, NUMBER, cell_of, number, parse_count
from .commands import COMMANDS, Command, command, lookup, order_list
from .engine import Choice
from .errors import GuessAborted, UserError, shown
from .events import Event
from .geometry import Cell, values_of
from .render import event_lines, invalid_line, levels_lines, show_lines
from .breakpoints import Breakpoint
from .session import RunReport, Session
from .state import Status

NO_QUIZ = "No quiz loaded. Use load-quiz <file>."
PROMPT = "Order please:"
MAX_DEPTH = 8
RUNS = frozenset({"run", "runtil", "runrun"})
#: commands left out of the session script (they do not change the session)
UNSCRIPTED = frozenset({"save-session", "source", "help", "show", "levels", "history", "when"})


class Output(Protocol):
    def message(self, line: str) -> None: ...

    def error(self, line: str) -> None: ...


class Repl:
    """One user's session: executes command lines, writes their output."""

    def __init__(
        self,
        out: Output,
        read_answer: Callable[[str], str],
        clock: Callable[[], float] = time.perf_counter,
        interrupted: Callable[[], bool] = lambda: False,
    ) -> None:
        self.out = out
        self.read_answer = read_answer
        self.clock = clock
        self.interrupted = interrupted
        self.session = Session()
        self.done = False
        self.failures: list[str] = []
        self.width: Callable[[], int] = lambda: 80
        #: the commands and guess answers that reproduce the session (``save-session``)
        self.script: list[str] = []
        self._depth = 0  # nested ``source``
        self._solutions = 0  # solutions before the running command
        self._answered: list[int] = []

    # -- dispatch ------------------------------------------------------------------------

    def execute(self, line: str) -> bool:
        """Run one command line; False when it failed (its error line has been written)."""
        parts = line.split(None, 1)  # a tab after the name is a blank too
        name = parts[0] if parts else ""
        arg = parts[1] if len(parts) > 1 else ""
        cmd = lookup(name)
        if cmd is None:
            self.lines(order_list())
            self.failures.append(line.strip())
            return False
        mark = len(self.script)
        if cmd.name not in UNSCRIPTED:
            self.script.append(line.strip())
        steps = self.session.state().steps if self.session.loaded else 0
        self._solutions = self.session.state().solutions if self.session.loaded else 0
        self._answered: list[int] = []  # per answer of this command: solutions found before it
        try:
            cmd.handler(self, arg.strip())
            self._notices()
        except UserError as e:
            self._notices()
            del self.script[mark:]
            self.out.error(e.line)
            self.failures.append(line.strip())
            return False
        except GuessAborted:
            now = self.session.state().steps
            self.out.message(f"Guess question aborted: back at step {now}.")
            if now == steps:
                del self.script[mark:]
            elif cmd.name in RUNS:  # earlier steps of the command stand: the script goes as far
                self.script[mark:] = self._run_to(now, self.script[mark + 1 :])
            else:
                self.script[mark] = f"goto {now}"
            self.failures.append(line.strip())
            return False
        return True

    def _notices(self) -> None:
        for notice in self.session.notices:
            self.out.message(notice)
        self.session.notices.clear()

    def _rewrite_run(self, steps: int) -> None:
        """The running command (a run) was interrupted at ``steps``: script it as ``_run_to``."""
        for k in range(len(self.script) - 1, -1, -1):
            if lookup(self.script[k].partition(" ")[0]) is not None:
                self.script[k:] = self._run_to(steps, self.script[k + 1 :])
                return

    def rewrite_script(self, *lines: str) -> None:
        """Replace the running command in the script (it did something a replay must not)."""
        for k in range(len(self.script) - 1, -1, -1):
            if lookup(self.script[k].partition(" ")[0]) is not None:
                self.script[k : k + 1] = list(lines)
                return

    def _run_to(self, steps: int, answers: list[str]) -> list[str]:
        """The script lines that take a run stopped half way (Ctrl-C, an aborted question) the
        same path to the same step: past the solutions it reported, then on to the step (runtil
        stops at a solution; goto would follow a record the run had left), each command followed
        by the guess answers it took."""
        found = self.session.state().solutions - self._solutions
        if not found:
            return [f"runtil {steps}", *answers]
        before = [a for a, n in zip(answers, self._answered) if n < found]
        after = answers[len(before) :]
        return [f"runrun {found}", *before, f"runtil {steps}", *after]

    def run_script(self, lines: Iterator[str], final_prompt: bool = False) -> None:
        """Execute a script's commands as batch mode does: each echoed after the prompt, empty
        and ``#`` lines skipped, a guess question answered by the next line."""
        if self._depth >= MAX_DEPTH:
            raise UserError(f"Scripts nest {MAX_DEPTH} deep at most.")
        saved = self.read_answer

        def read_answer(question: str) -> str:
            answer = next(lines, None)
            if answer is None:
                self.out.message(question)
                raise GuessAborted
            answer = answer.rstrip("\r\n")
            self.out.message(f"{question} {answer}".rstrip())
            return answer

        self.read_answer = read_answer
        self._depth += 1
        try:
            while not self.done:
                line = _next_command(lines)
                if line is None and not final_prompt:
                    break
                self.out.message("")
                self.out.message(PROMPT)
                if line is None:
                    break
                self.out.message(line)
                self.execute(line)
        finally:
            self._depth -= 1
            self.read_answer = saved

    def lines(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.out.message(line)

    # -- Hooks for the session -------------------------------------------------------------

    def events(self, events: Sequence[Event]) -> None:
        geo = self.session.geo
        for event in events:
            self.lines(event_lines(event, geo))

    def ask_guess(self, cell: Cell, value: int) -> Choice:
        default = f"{self.session.geo.cell_name(cell)}={value}"
        question = f"Take a guess please, by default it will be {default}:"
        while True:
            answer = self.read_answer(question)
            if not answer.strip():
                self.script.append("")
                self._answered.append(self.session.state().solutions - self._solutions)
                return None
            try:
                choice = self._parse_guess(answer, default)
            except UserError as e:
                self.out.error(e.line)
                continue
            self.script.append(answer.strip())
            self._answered.append(self.session.state().solutions - self._solutions)
            return choice

    def _parse_guess(self, answer: str, default: str) -> Choice:
        form = f"answer [r,c]=v (an empty cell and one of its candidates), or Enter for {default}"
        match = CELL_VALUE.fullmatch(answer)
        if not match:
            raise UserError(f"Not a guess: {shown(answer.strip())!r}; {form}.")
        r, c, v = (number(g) for g in match.groups())
        state = self.session.state()
        cell = cell_of(r, c, f"{form}.", self.session.geo)
        if state.values[cell]:
            raise UserError(f"[{r},{c}] is not empty; {form}.")
        cands = values_of(state.cands[cell])
        if v not in cands:
            listed = " ".join(map(str, cands))
            raise UserError(f"{v} is not a candidate of [{r},{c}] (candidates: {listed}); {form}.")
        return cell, v

    # -- helpers for handlers ----------------------------------------------------------------

    def require_quiz(self) -> Session:
        if not self.session.loaded:
            raise UserError(NO_QUIZ)
        return self.session

    def show(self) -> None:
        self.lines(show_lines(self.session.state(), self.session.geo))

    def timing(self, started: float, biggest: int) -> None:
        ms = int((self.clock() - started) * 1000)
        state = self.session.state()
        self.out.message(
            f"Run time: {ms} milliseconds; steps: {state.steps}, solution sum: {state.solutions}."
        )
        self.out.message(f" Biggest level on this run(til): {biggest}")

    def run_command(self, solutions: int, max_steps: int | None = None) -> RunReport | None:
        """The common part of run, runtil and runrun: trace, interrupt, breakpoints, timing
        lines. ``runtil`` to a step before the present replays from the loaded state, exactly
        as a fresh session would. Returns None when the search was already finished."""
        session = self.require_quiz()
        started = self.clock()
        replay = max_steps is not None and max_steps < session.state().steps
        if replay:
            session.restart()
        elif session.finished:
            self.out.message(_invalid(session))
            self.timing(started, 0)
            return None
        report = session.run(self, solutions, max_steps, replay=replay)
        if report.interrupted:
            self.out.message(f"Interrupted at step {session.state().steps}.")
            self._rewrite_run(session.state().steps)
            self.show()
        elif report.hits:
            self.breakpoint_lines(report.hits)
            self.show()
        elif max_steps is not None and session.state().status not in _ENDED:
            self.show()
        self.timing(started, report.biggest)
        return report

    def breakpoint_lines(self, hits: Sequence[Breakpoint]) -> None:
        steps = self.session.state().steps
        for bp in hits:
            self.out.message(
                f"Breakpoint {bp.number}: {bp.describe(self.session.geo)} at step {steps}."
            )


_ENDED = (Status.SOLVED, Status.FINISHED)



def _invalid(session: Session) -> str:
    state = session.state()
    return invalid_line(state.steps, state.solutions)


def _no_argument(name: str, arg: str) -> None:
    if arg:
        raise UserError(f"{name} takes no argument: {name}")


# -- the ten original commands ------------------------------------------------------------


@command(
    "load-quiz <file>",
    "load quiz from file",
    argument="file",
    help="load-quiz <file> [N]: the nine-line format (0 or . for an empty cell), a file of\n"
    "one 81-character quiz per line (quiz N, default the first), or an 81-character quiz\n"
    "typed in place of the file name. Loading resets the engine; the settings stay.",
)
def _load_quiz(repl: Repl, arg: str) -> None:
    if not arg:
        raise UserError("No quiz file specified.")
    name, index = arg, 1
    head, _, last = arg.rpartition(" ")
    if head and NUMBER.fullmatch(last):
        name, index = head.strip(), parse_count(last, "load-quiz <file> [N]")
        if index < 1:
            raise UserError("The quiz number counts from 1: load-quiz <file> [N]")
    quiz = quizzes.load(name, index)
    repl.session.load(quiz)
    repl.rewrite_script(f"load-quiz {quiz}")  # the script stands on its own
    repl.out.message("Quiz loaded.")


@command("show", "show quiz info", help="The grid, the step count, the candidates of the empty\n"
         "cells by row, the foremost cell and the current guess level.")
def _show(repl: Repl, arg: str) -> None:
    _no_argument("show", arg)
    repl.require_quiz()
    repl.show()


@command("levels", "show info about guess levels", aliases=("lv",), help="One line per guess level, deepest\n"
         "first: the cell, the value being tried, its place among the cell's candidates.")
def _levels(repl: Repl, arg: str) -> None:
    _no_argument("levels", arg)
    session = repl.require_quiz()
    repl.lines(levels_lines(session.state(), session.geo))


@command(
    "run-mode [1|2|0]",
    "query or change working mode",
    help="1: grp only; 2: ply only; 0: both grp and ply (the default).",
)
def _run_mode(repl: Repl, arg: str) -> None:
    if arg:
        accepted = ", ".join(str(m) for m in sorted({0, 1, 2, *modes.DESCRIPTIONS}))
        problem = f"run-mode takes one of {accepted}: run-mode [1|2|0]"
        mode = parse_count(arg, problem)
        if not modes.known(mode):
            raise UserError(problem)
        repl.session.settings.run_mode = mode
    mode = repl.session.settings.run_mode
    repl.out.message(f"Working mode:{mode} (1:grp-only; 2:ply-only; other:both grp and ply)")
    if mode in modes.DESCRIPTIONS:
        repl.out.message(f"Mode {mode}: {modes.DESCRIPTIONS[mode]}")


@command(
    "guess-mode [1|0]",
    "query or change guessing mode",
    help="1 (any non-zero number): ask before each new guess; 0: guess automatically.",
)
def _guess_mode(repl: Repl, arg: str) -> None:
    if arg:
        mode = parse_count(arg, "guess-mode takes a number, 0 or 1: guess-mode [1|0]")
        repl.session.settings.guess_mode = 1 if mode else 0
    mode = repl.session.settings.guess_mode
    repl.out.message(f"In interactive guessing mode:{mode} (0:no; other:yes)")


@command("step", "step forward", aliases=("s",), help="One solver step with its trace lines, then the show\n"
         "block (unless the step reported a solution or ended the search).")
def _step(repl: Repl, arg: str) -> None:
    _no_argument("step", arg)
    session = repl.require_quiz()
    if session.finished:
        repl.out.message(_invalid(session))
        return
    report = session.step(repl)
    if report.hits:
        repl.breakpoint_lines(report.hits)
        repl.show()
    elif session.state().status not in _ENDED:
        repl.show()


@command("run", "run till the end or a new solution met", aliases=("r",))
def _run(repl: Repl, arg: str) -> None:
    _no_argument("run", arg)
    repl.run_command(1)


@command(
    "runtil <steps>",
    "run till certain steps run",
    aliases=("rt",),
    help="Like run, but stops once the step count reaches <steps> (checked before each step,\n"
    "so a step that filters and guesses can pass it by one). A step count below the\n"
    "present replays the search from the loaded quiz, as a fresh session would.",
)
def _runtil(repl: Repl, arg: str) -> None:
    steps = parse_count(arg, "runtil needs a step count: runtil <steps>")
    repl.run_command(1, steps)


@command(
    "runrun <sum>",
    "run till the end or certain new solutions met",
    help="runrun 0 runs to the end of the search.",
)
def _runrun(repl: Repl, arg: str) -> None:
    count = parse_count(arg, "runrun needs a number of solutions: runrun <sum>")
    repl.run_command(count)


@command("bye", "quit", aliases=("q",))
def _bye(repl: Repl, arg: str) -> None:
    _no_argument("bye", arg)
    repl.done = True


# -- added commands --------------------------------------------------------------------------


@command(
    "help [command]",
    "list the commands, or explain one",
    argument="command",
)
def _help(repl: Repl, arg: str) -> None:
    if not arg:
        repl.lines(order_list())
        return
    cmd = lookup(arg)
    if cmd is None:
        known = ", ".join(COMMANDS)
        raise UserError(f"No command {shown(arg)!r}; help knows: {known}")
    repl.lines(help_lines(cmd))


def help_lines(cmd: Command) -> list[str]:
    lines = [cmd.entry()]
    if cmd.aliases:
        lines.append("Aliases: " + ", ".join(cmd.aliases))
    if cmd.help:
        lines += cmd.help.splitlines()
    return lines


def _next_command(lines: Iterator[str]) -> str | None:
    for raw in lines:
        line = raw.rstrip("\r\n")
        if line.strip() and not line.lstrip().startswith("#"):
            return line
    return None


from . import debugger  # noqa: E402,F401  (registers the debugger's commands after the ten)
from . import book_commands  # noqa: E402,F401  (issue 7: the book view, run-mode 3, generate)
from . import chain_commands  # noqa: E402,F401  (issue 8: hint, check, run-modes 4 and 5)
