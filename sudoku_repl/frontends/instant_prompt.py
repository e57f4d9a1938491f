"""The interactive shell's first prompt on a real terminal, shown before prompt_toolkit is imported
(an "instant prompt", as powerlevel10k's for zsh).

Importing prompt_toolkit takes most of the shell's start. So the shell first does everything that
prints before its first prompt (the history file's warning, the commands of the command line:
``load-quiz`` of the quiz named there), prints the prompt as prompt_toolkit draws it (a blank
line, ``Order please:``, the cursor on the line below), and only then imports prompt_toolkit,
which draws the prompt again in its place, with the bottom toolbar (``first_prompt``).

From the start to the first prompt the terminal is in cbreak mode (``TerminalMode.cbreak``): what
the user types waits, unechoed, in the terminal's queue, and the first prompt reads it as typed
there. The cursor-position request (``cpr_probe``) is sent once the prompt is shown and its answer
collected after the import, so the import is the wait; keys read with the answer go to the first
prompt. Ctrl-C during the import is kept for the first prompt, where it is Ctrl-C at the prompt
(the shell prompts again); Ctrl-D typed ahead ends the shell there, as at the prompt.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from sudoku_repl.commands.dispatch import PROMPT, Repl
from sudoku_repl.frontends.cpr_probe import NO_CPR, CprProbe
from sudoku_repl.frontends.interrupts import InterruptFlag
from sudoku_repl.frontends.shell_start import ShellStart
from sudoku_repl.frontends.terminal_mode import TerminalMode
from sudoku_repl.frontends.terminal_output import dumb_terminal


def run_terminal(first: list[str]) -> Repl:
    """The shell on the real terminal: ``first`` (the command line's commands), the prompt, then
    prompt_toolkit's prompt loop (``shell.prompt_loop``). Where the prompt cannot be printed
    ahead (stdout is not a terminal, a dumb terminal, no termios), ``shell.run_interactive``."""
    mode = TerminalMode()
    if not (mode.kept and instant_prompt_fits()):
        from sudoku_repl.frontends.shell import run_interactive

        return run_interactive(first)
    try:
        mode.cbreak()  # keys typed from now on wait, unechoed, for the first prompt
        start = ShellStart(mode, history_file=True)
        start.run_first(first, answer_later(mode))
        window = InterruptFlag()
        with window.catching():  # Ctrl-C from now on is kept for the first prompt
            start.out.message("")  # the first prompt, as the loop prints it: a blank line,
            start.out.message(PROMPT)  # the prompt, the cursor on the line below it
            fd_in, fd_out = sys.stdin.fileno(), sys.stdout.fileno()
            probe = None if NO_CPR in os.environ else CprProbe(fd_in, fd_out)
            from sudoku_repl.frontends import shell
            from sudoku_repl.frontends.first_prompt import FirstPrompt

            answered, typed = (True, b"") if probe is None else probe.collect()
            if not answered and window.raised:
                # Ctrl-C emptied the terminal's queue, perhaps of the answer: ask again
                answered, more = CprProbe(fd_in, fd_out).collect()
                typed += more
            if not answered:  # (before the session: its renderer asks the environment)
                os.environ[NO_CPR] = "1"  # else prompt_toolkit waits and warns at each prompt
            session = shell.make_session(start)
            starting = FirstPrompt(typed, interrupted=window, shown=True)
        return shell.prompt_loop(start, session, starting)
    finally:
        mode.restore()


def instant_prompt_fits() -> bool:
    """Whether stdout is a terminal where prompt_toolkit draws over what was printed (not one
    it calls dumb, where it prints the prompt as a line of its own)."""
    try:
        tty = sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False
    return tty and not dumb_terminal()


def answer_later(mode: TerminalMode) -> Callable[[str], str]:
    """The guess question's prompt (``shell.answer_reader``), prompt_toolkit imported when a
    first command asks it."""
    readers: list[Callable[[str], str]] = []

    def read_answer(question: str) -> str:
        if not readers:
            from sudoku_repl.frontends.shell import answer_reader

            readers.append(answer_reader(mode))
        return readers[0](question)

    return read_answer
