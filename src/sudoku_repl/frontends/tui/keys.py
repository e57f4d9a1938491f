"""The full screen's keys, and the help that lists them.

The screen has two modes: *keys* (the default; the trace has the focus, the common moves are
single keys) and *command* (``:`` opens the command line, which takes every command of the line
shell; Enter runs it and goes back to keys, Esc closes it). Single keys cannot work while a
command is being typed (``s``, ``r``, ``b``, ``g``, ``c`` begin commands), hence the two modes.
Ctrl-C is a key here (the terminal is in raw mode; a SIGINT from elsewhere comes to the same
binding).
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys

from sudoku_repl.commands.declared import keyed

TYPE_CHECKING = False
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl
    from sudoku_repl.commands.spec import Key
    from sudoku_repl.frontends.tui.state import Screen

#: the commands with a key (``Command.key``: the commands' own gdb letters, gdb's SingleKey mode:
#: s step, n next, f finish, r run, c continue; and b for back, which gdb's mode leaves free)
KEYED = keyed()

#: the keys that move the board's cursor (vi's): letter, rows down, columns right
CURSOR_KEYS = (("h", 0, -1), ("j", 1, 0), ("k", -1, 0), ("l", 0, 1))

#: the help line (at most 80 columns) in each mode
HELP_KEYS = "  ".join(
    [
        *(f"{cmd.key.letter} {cmd.name}" for cmd in KEYED if cmd.key and cmd.key.brief),
        *(": command", "^C stop", "? help", "q quit"),
    ]
)
HELP_COMMAND = "Enter runs it  Tab completes  Up/Down history  Esc closes  PgUp/PgDn scroll"
HELP_ANSWER = "Enter takes the default  [r,c]=v picks another  ^C aborts the question"
HELP_YES_NO = "y then Enter answers yes  Enter (or n) answers no  ^C aborts the question"
HELP_LINES = [
    "Keys (the command line closed):",
    *(f"  {cmd.key.letter:<10}{cmd.key.text}" for cmd in KEYED if cmd.key),
    "  h j k l   move the board's cursor left, down, up, right (w asks why of its cell)",
    "  e         the next experiment (experiments lists them; the toolbar names the present)",
    "  :, Enter  opens the command line: any command of the shell (help lists them)",
    "  Up/Down, PgUp/PgDn, Home/End  scroll the trace",
    "  Ctrl-C    stops a run (and drops the commands queued), aborts the guess question",
    "  q, Ctrl-D quit",
    "  Ctrl-Z    suspends the screen (fg brings it back), in the command line too",
    # (a paragraph a line: the trace pane wraps them between words at its width)
    "The command line: Enter runs the command, Tab completes, Up/Down go through the "
    "history, Esc or Ctrl-C closes it.",
    "Keys pressed while a command runs queue their commands. The board shows the present "
    "state (the board command explains it).",
]


def key_bindings(tui: Screen) -> KeyBindings:
    kb = KeyBindings()
    state, runner = tui.state, tui.runner
    keys = Condition(lambda: state.mode == "keys" and runner.question is None)
    command = Condition(lambda: state.mode == "command" and runner.question is None)
    answering = Condition(lambda: runner.question is not None)
    empty_command = Condition(lambda: not tui.command_buffer.text)
    empty_answer = Condition(lambda: not tui.answer_buffer.text)

    for cmd in KEYED:
        if cmd.key is not None:
            kb.add(cmd.key.letter, filter=keys)(_key_action(tui, cmd.name, cmd.key))

    for letter, rows, columns in CURSOR_KEYS:
        kb.add(letter, filter=keys)(_cursor_action(tui, rows, columns))

    @kb.add("e", filter=keys)
    def _experiment(event: KeyPressEvent) -> None:
        line = next_experiment(tui.repl)
        if line is None:
            state.flash = "One experiment only: a guess answered otherwise or set cell makes more."
        else:
            runner.submit(line)

    @kb.add(":", filter=keys)
    @kb.add("enter", filter=keys)
    def _open(event: KeyPressEvent) -> None:
        tui.open_command_line()

    @kb.add("?", filter=keys)
    def _help(event: KeyPressEvent) -> None:
        for line in ["", *HELP_LINES]:
            tui.record.message(line)

    @kb.add("q", filter=keys)
    @kb.add("c-d", filter=keys | (answering & empty_answer) | (command & empty_command))
    def _quit(event: KeyPressEvent) -> None:
        tui.quit()

    @kb.add("c-c", eager=True)
    @kb.add(Keys.SIGINT)
    def _stop(event: KeyPressEvent) -> None:
        tui.stop()

    @kb.add("escape", filter=command)
    def _close(event: KeyPressEvent) -> None:
        tui.close_command_line()

    @kb.add("pageup")
    def _page_up(event: KeyPressEvent) -> None:
        state.trace.move(-tui.page())

    @kb.add("pagedown")
    def _page_down(event: KeyPressEvent) -> None:
        state.trace.move(tui.page())

    @kb.add("up", filter=keys)
    def _up(event: KeyPressEvent) -> None:
        state.trace.move(-1)

    @kb.add("down", filter=keys)
    def _down(event: KeyPressEvent) -> None:
        state.trace.move(1)

    @kb.add("home", filter=keys)
    def _home(event: KeyPressEvent) -> None:
        first, end = tui.record.span()
        state.trace.move(first - end)

    @kb.add("end", filter=keys)
    def _end(event: KeyPressEvent) -> None:
        state.trace.follow()

    @kb.add(Keys.Any, filter=keys)
    def _other(event: KeyPressEvent) -> None:
        if event.data.isprintable():
            state.flash = f"{event.data!r} is no key here: : types a command, ? lists the keys."

    return kb


def next_experiment(repl: Repl) -> str | None:
    """The command that switches to the experiment after the present one (by number, the
    first after the last); None when there is one only."""
    if not repl.loaded:
        return None
    tree = repl.session.experiment_tree
    numbers = sorted(e.number for e in tree)
    if len(numbers) < 2:
        return None
    later = [n for n in numbers if n > tree.current.number]
    return f"experiment {(later or numbers)[0]}"


def _key_action(tui: Screen, name: str, key: Key) -> Callable[[KeyPressEvent], None]:
    """What a command's key does: run the command, run it on the board cursor's cell
    (``at_cell``: ``why [r,c]``, the command line's own path), or (``opens``) type it into the
    command line, for a command that needs its argument (``goto``)."""

    def handler(event: KeyPressEvent) -> None:
        if key.opens:
            tui.open_command_line(f"{name} ")
        elif key.at_cell:
            tui.runner.submit(f"{name} {tui.state.cell_name()}")
        else:
            tui.runner.submit(name)

    return handler


def _cursor_action(tui: Screen, rows: int, columns: int) -> Callable[[KeyPressEvent], None]:
    def handler(event: KeyPressEvent) -> None:
        tui.state.move_cell(rows, columns)

    return handler
