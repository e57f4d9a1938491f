"""The session's hooks in the command language (``core.session.Hooks``): what a stepping command
prints, asks and polls while the session steps.

Trace events become the original's lines (as ``set trace`` and ``set solutions`` say) written
through ``Output.message``; the guess question is asked through ``read_answer`` and its answer
checked; ``interrupted`` only reads the injected flag; ``tick`` is called by the stepping loop
before each poll, for whatever the front end shows while work goes on (the shell's progress
line). Nothing here imports the engine until a step needs it (``bye`` and ``help`` need none).
"""

from __future__ import annotations

from sudoku_repl.commands.recorder import ScriptRecorder
from sudoku_repl.commands.run_timer import RunTimer
from sudoku_repl.core.errors import ECHOED_CHARS, GuessAborted, UserError, shown

TYPE_CHECKING = False  # not typing's: start-up imports neither typing nor the engine
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Protocol

    from sudoku_repl.commands.session_slot import SessionSlot
    from sudoku_repl.core.engine import Choice
    from sudoku_repl.core.events import Event
    from sudoku_repl.core.geometry import Cell
    from sudoku_repl.core.session import Session

    class Output(Protocol):
        """Where the lines go: ``message`` for output, ``error`` for a line saying what was
        wrong."""

        def message(self, line: str) -> None: ...

        def error(self, line: str) -> None: ...


def nothing() -> None:
    """No tick: nothing to show between steps."""


def never() -> bool:
    """No interrupt flag."""
    return False


class ViewSettings:
    """What ``set`` changes (``commands/declared/settings.py`` declares each, with its default):
    how much the commands print: trace lines, solution grids, colour (None: on a terminal unless
    NO_COLOR is set); how the interactive shell pages long output (``pagination``, ``height``:
    lines a page, None the terminal's, 0 unlimited); whose words name the techniques
    (``names``: "readalps", the original's alone, or "standard", the community's beside them).
    The annotations are for the type checker; a test holds them to the declarations."""

    trace: bool
    solutions: bool
    colour: bool | None
    pagination: bool
    height: int | None
    names: str

    def __init__(self, **values: object) -> None:
        unknown = [name for name in values if name not in ViewSettings.__annotations__]
        if unknown:
            raise TypeError(f"no such settings: {', '.join(unknown)}")
        vars(self).update(values)

    def __getattr__(self, name: str) -> object:
        """A setting not given nor set yet: every such one takes its declared default now (the
        declarations imported on first use: ``bye`` needs none of them)."""
        if name not in ViewSettings.__annotations__:
            raise AttributeError(name)
        self._defaults()
        return vars(self)[name]

    def _defaults(self) -> None:
        from sudoku_repl.commands.declared.settings import SETTINGS

        for setting in SETTINGS:
            if setting.settable:
                vars(self).setdefault(setting.attr, setting.default)

    def __repr__(self) -> str:
        self._defaults()
        shown = ", ".join(f"{name}={value!r}" for name, value in vars(self).items())
        return f"ViewSettings({shown})"


class SessionHooks:
    """The hooks a ``Repl`` gives its session. ``slot``: the holder of the session they serve
    (made on first use), the Repl's; ``script``: the ``save-session`` recorder, told every guess answer; ``view``:
    what ``set`` says to print."""

    def __init__(
        self,
        out: Output,
        read_answer: Callable[[str], str],
        slot: SessionSlot,
        script: ScriptRecorder,
        view: ViewSettings,
        interrupted: Callable[[], bool] = never,
        tick: Callable[[], None] = nothing,
        timer: RunTimer | None = None,
    ) -> None:
        self.out = out
        self.read_answer = read_answer
        self.slot = slot
        self.script = script
        #: the interrupt flag: read, never changed, by ``interrupted``
        self.flag = interrupted
        #: what the front end does between steps (the shell: draw the progress line when due)
        self.tick = tick
        #: when long work that has a time budget gives up (``time.monotonic``'s clock: an
        #: agent's ``hint``); None: never
        self.deadline: float | None = None
        #: how much to print (``set``; the Repl's)
        self.view = view
        #: answers come from a script: a wrong one calls the question off instead of asking again
        self.scripted = False
        #: an interrupt is a cancel, whose answer no one reads (an MCP client's): a command it
        #: stops makes none of the changes it makes at its end (``generate`` loads no puzzle)
        self.cancels = False
        #: the run's time: the wait for the guess question's answer is left out of it
        self.timer = RunTimer() if timer is None else timer

    def interrupted(self) -> bool:
        return self.flag()

    @property
    def doing(self) -> str | None:
        """What a command that works beside the present search is at, for the progress line
        (``whatif guesses``: its row); None: the progress line counts the present's steps
        (``SessionSlot.doing``, which the progress line reads)."""
        return self.slot.doing

    @doing.setter
    def doing(self, doing: str | None) -> None:
        self.slot.doing = doing

    @property
    def kinds(self) -> tuple[int, ...] | None:
        """The events ``events`` prints: every kind with the trace on, else the solutions and
        the end of the search (``Hooks.kinds``)."""
        from sudoku_repl.core import events as E

        return None if self.view.trace else (E.SOLUTION, E.NO_MORE)

    @property
    def per_move(self) -> bool:
        """The standard names on a trace read the engine's candidates right after each move
        (``Hooks.per_move``): then the moves come one at a time, on either engine."""
        return self.view.names != "readalps" and self.view.trace

    def events(self, events: Sequence[Event]) -> None:
        from sudoku_repl.core import events as E
        from sudoku_repl.text.render import event_lines

        session = self.slot.session
        geo, view, message = session.geo, self.view, self.out.message
        if view.names != "readalps" and view.trace:
            self._named_events(events, session)
            return
        for event in events:
            kind = event[0]
            if kind == E.SOLUTION:
                lines = event_lines(event, geo)
                for line in lines if view.solutions else lines[-1:]:  # the Fine line stays
                    message(line)
            elif view.trace or kind == E.NO_MORE:  # the end of the search is always said
                for line in event_lines(event, geo):
                    message(line)

    def _named_events(self, events: Sequence[Event], session: Session) -> None:
        """The move's lines with their standard names (``set names standard``, trace on); the
        engine's candidates are those right after the move: the hooks hear it at once."""
        from sudoku_repl.core import events as E
        from sudoku_repl.views.technique_lines import move_lines

        geo, names, cands = session.geo, self.view.names, session.engine.cands
        for event in events:
            lines = move_lines((event,), geo, names, events, cands)
            if event[0] == E.SOLUTION and not self.view.solutions:
                lines = lines[-1:]  # the Fine line stays
            for line in lines:
                self.out.message(line)

    def ask_guess(self, cell: Cell, value: int) -> Choice:
        default = f"{self.slot.session.geo.cell_name(cell)}={value}"
        question = f"Take a guess please, by default it will be {default}:"
        while True:
            with self.timer.waiting():  # the person's time, not the search's
                answer = self.read_answer(question)
            if not answer.strip():
                self.script.answered("", self.solutions_now())
                return None
            try:
                choice = self._parse_guess(answer, default)
            except UserError as e:
                from sudoku_repl.commands.refused import said  # (a refusal: not at start-up)

                self.out.error(shown(said(e), ECHOED_CHARS))
                if self.scripted:  # a script's answer: asking again would read its commands
                    raise GuessAborted from None
                continue  # a person at the keyboard answers again
            self.script.answered(answer, self.solutions_now())
            return choice

    def solutions_now(self) -> int:
        """The solutions found so far (0 before a quiz is loaded)."""
        session = self.slot.session
        return session.state().solutions if session.loaded else 0

    def _parse_guess(self, answer: str, default: str) -> Choice:
        from sudoku_repl.core.geometry import values_of
        from sudoku_repl.text.args import CELL_VALUE, cell_of, number

        form = f"answer [r,c]=v (an empty cell and one of its candidates), or Enter for {default}"
        match = CELL_VALUE.fullmatch(answer)
        if not match:
            raise UserError(f"Not a guess: {shown(answer.strip())!r}; {form}.")
        r, c, v = (number(g) for g in match.groups())
        session = self.slot.session
        state = session.state()
        cell = cell_of(r, c, f"{form}.", session.geo)
        if state.values[cell]:
            raise UserError(f"[{r},{c}] is not empty; {form}.")
        cands = values_of(state.cands[cell])
        if v not in cands:
            listed = " ".join(map(str, cands))
            raise UserError(f"{v} is not a candidate of [{r},{c}] (candidates: {listed}); {form}.")
        return cell, v
