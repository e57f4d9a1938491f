"""The interactive shell's prompt_toolkit part: the start (``run_interactive``), the prompt loop,
completion, the bottom toolbar and the history file. One ``PromptSession`` serves every prompt
of the shell; keys typed while the shell starts wait in the terminal (held since the command
line's start, ``terminal_mode``) and its first prompt reads them as typed there."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit import PromptSession
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.history import History, InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import merge_key_bindings
from prompt_toolkit.output import Output as PtOutput

from sudoku_repl.commands.dispatch import PROMPT, Repl
from sudoku_repl.commands.table import lookup
from sudoku_repl.core.errors import GuessAborted
from sudoku_repl.frontends.completion import CommandCompleter, empty_cells, filled_cells
from sudoku_repl.frontends.completion_keys import completion_keys
from sudoku_repl.frontends.cursor_requests import answer_in_time
from sudoku_repl.frontends.interrupts import on_sigint
from sudoku_repl.frontends.own_frame import in_own_frame
from sudoku_repl.frontends.pager import Pager
from sudoku_repl.frontends.prompt_history import SafeFileHistory
from sudoku_repl.frontends.prompt_history import open_history as open_history  # (its old home)
from sudoku_repl.frontends.shell_start import ShellStart
from sudoku_repl.frontends.suspend_key import suspend_key
from sudoku_repl.frontends.terminal_mode import TerminalMode
from sudoku_repl.frontends.terminal_output import TerminalOutput
from sudoku_repl.frontends.toolbar import toolbar_text


def make_session(
    start: ShellStart,
    history: History | None = None,
    input: Input | None = None,
    output: PtOutput | None = None,
) -> PromptSession[str]:
    """The prompt of ``start``'s repl; without ``history``, the history file ``start`` checked
    (in memory when it cannot be written). The completer and the toolbar read the repl only
    when asked (Tab, a drawing of the toolbar)."""
    if history is None:
        if start.history is None:
            history = InMemoryHistory()
        else:
            history = SafeFileHistory(str(start.history), start.out.error)
    repl = start.repl
    session: PromptSession[str] = PromptSession(
        history=history,
        completer=CommandCompleter(lambda: empty_cells(repl), lambda: filled_cells(repl)),
        auto_suggest=AutoSuggestFromHistory(),
        complete_while_typing=False,
        key_bindings=merge_key_bindings([completion_keys(), suspend_key()]),
        bottom_toolbar=lambda: toolbar_text(repl),
        input=input,
        output=output,
    )
    answer_in_time(session.app.renderer)
    return session


def answer_reader(
    mode: TerminalMode | None,
    input: Input | None = None,
    output: PtOutput | None = None,
    pager: Pager | None = None,
) -> Callable[[str], str]:
    """The guess question's prompt, made when first asked (not at start); after the answer
    the ``pager``'s screen begins again."""
    answers: list[PromptSession[str]] = []

    def read_answer(question: str) -> str:
        if not answers:
            answers.append(PromptSession(key_bindings=suspend_key(), input=input, output=output))
            answer_in_time(answers[0].app.renderer)
        try:
            # Ctrl-C is the question's key (the terminal is raw), never a handler swapped in
            return answers[0].prompt(question + " ", handle_sigint=False)
        except (KeyboardInterrupt, EOFError):
            raise GuessAborted from None
        finally:
            if pager is not None:
                pager.answered()
            if mode is not None:  # the run goes on after the answer: Ctrl-C must stop it
                mode.running()

    return read_answer


def run_interactive(
    first: list[str] | None = None,
    *,
    mode: TerminalMode | None = None,
    input: Input | None = None,
    output: PtOutput | None = None,
    history: History | None = None,
) -> Repl:
    """The shell: the history file's check (its warning), the commands of the command line
    (``first``: ``load-quiz`` of the quiz named there), then the prompt loop. ``mode``: the real
    terminal's own mode, held by the caller since the start (``cli``), put back before each
    command; made here when not given on the real terminal. ``input``/``output``/``history``
    are for tests (pipe input, dummy output, in-memory history)."""
    if mode is None and input is None:
        mode = TerminalMode()
    start = ShellStart(
        mode,
        history_file=history is None,
        answers=lambda pager: answer_reader(mode, input, output, pager),
    )
    with on_sigint(start.flag.set):  # (the command line's commands: Ctrl-C stops them too)
        start.run_first(first or [])
        return prompt_loop(start, make_session(start, history, input, output))


def prompt_loop(start: ShellStart, session: PromptSession[str]) -> Repl:
    """The prompt loop, to ``bye`` or Ctrl-D. The terminal is put back in its own mode before
    each command (the caller puts it back at the end).

    Ctrl-C never raises KeyboardInterrupt here, at whatever moment it comes (``on_sigint``
    for the whole loop): at the prompt the terminal is raw and Ctrl-C is the prompt's own key
    (the line is dropped: ``KeyboardInterrupt`` from ``prompt``, raised there, not by a
    signal); anywhere else the signal only sets the interrupt flag, which a running command
    polls between steps (one clean stop) and which the next line read clears. prompt_toolkit
    is told not to take the signal over (``handle_sigint=False``): its own handler, put in
    and taken out around each prompt, left moments where a held Ctrl-C raised inside asyncio's
    set-up or tear-down (tracebacks, a coroutine never awaited, the shell ended).

    On a terminal, a Ctrl-C typed after Enter stops the command Enter began, however soon it
    comes, as it does once the command runs (the terminal's own mode makes it a signal then):
    the terminal is held around each prompt, so that a Ctrl-C that comes before the command's mode
    is a byte, not a lost signal, and after the line is read the keys typed after Enter (those
    prompt_toolkit read with it, and those still in the terminal's queue: ``arm``) are looked
    at: a Ctrl-C among them raises the flag (the command stops at its first poll), the keys
    after it are the next prompt's (``after_enter``)."""
    out, repl, flag, mode = start.out, start.repl, start.flag, start.mode
    history = session.history
    previous = ""
    with on_sigint(flag.set):
        while not repl.done:
            try:
                out.message("")
                if mode is not None:  # (prompt_toolkit puts back this mode after the prompt)
                    mode.hold()
                line = session.prompt(PROMPT + "\n", handle_sigint=False)
            except KeyboardInterrupt:  # Ctrl-C typed at the prompt: the line is dropped
                continue
            except EOFError:
                break
            flag.clear()  # a Ctrl-C before the line was read (the prompt's start) is spent
            # on a terminal, a Ctrl-C from now on is a signal (the flag), and one typed after
            # Enter before now is made one (without a terminal, keys are keys, in their order)
            if mode is not None and after_enter(session.input, mode.arm()):
                flag.set()
            if not line.strip():
                # Enter on an empty line repeats the last stepping command, as gdb and pdb do
                last = lookup(previous.partition(" ")[0])
                if last is None or not last.repeats:
                    continue
                line = previous
            previous = line.strip()
            if mode is not None:
                mode.running()
            _run_command(out, repl, line)  # a Ctrl-C after Enter stops it (the flag)
            if repl.switch_to_tui:
                repl.switch_to_tui = False
                from sudoku_repl.frontends.tui.app import run_tui

                run_tui(repl=repl, history=history)  # the same repl: nothing copied
                if not repl.done:  # (bye there ends the shell too)
                    out.message("Back in the line shell.")
    return repl


def after_enter(keyboard: Input, late: bytes) -> bool:
    """Whether Ctrl-C was typed after the line's Enter: among the keys prompt_toolkit read
    with it (its typeahead) or ``late`` (the bytes still waiting in the terminal). The keys
    after the last Ctrl-C are left for the next prompt; those before it go with it (typed
    while the command was to run, as at a prompt the line before Ctrl-C is dropped)."""
    from prompt_toolkit.input.typeahead import get_typeahead, store_typeahead
    from prompt_toolkit.input.vt100_parser import Vt100Parser
    from prompt_toolkit.key_binding import KeyPress
    from prompt_toolkit.keys import Keys

    keys = get_typeahead(keyboard)
    if late:
        parsed: list[KeyPress] = []
        parser = Vt100Parser(parsed.append)
        parser.feed(late.decode("utf-8", "surrogateescape"))
        parser.flush()
        keys += parsed
    stops = [k for k, key in enumerate(keys) if key.key == Keys.ControlC]
    store_typeahead(keyboard, keys[stops[-1] + 1 :] if stops else keys)
    return bool(stops)


def _run_command(out: TerminalOutput, repl: Repl, line: str) -> None:
    """One command, with its progress line and its pager."""
    if out.progress is not None:
        out.progress.begin()
    if out.pager is not None:
        out.pager.begin()
    try:
        in_own_frame(repl.execute, line)  # (the web page's interpreter: its best code)
    finally:
        if out.pager is not None:
            out.pager.end()
        if out.progress is not None:
            out.progress.clear()
