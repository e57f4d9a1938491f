"""``sudoku-repl difficulty PUZZLE|FILE [N] [options]``: the shell's ``difficulty`` at the
system prompt, once (docs/difficulty.md). Its options, its help and its error lines are the
shell command's declaration's (``commands/declared/difficulty``); the puzzle is read as
``sudoku-repl FILE N`` and ``load-quiz`` read it (an 81-character quiz, a 729-character
pencil-mark line, a HoDoKu library line, quiz N of a file); the dossier is printed as the shell
prints it (``str()`` of the ``Dossier``).

Like ``generate_cli`` it owns stdout (the dossier), stderr (the progress line on a terminal,
what is wrong), Ctrl-C (the measures finished are printed, then where it stopped) and the exit
status: 0 done, 1 the puzzle could not be read, 2 a bad command line, 130 interrupted.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from sudoku_repl.commands.arguments import split_options
from sudoku_repl.commands.declared.difficulty import DIFFICULTY
from sudoku_repl.core.errors import PATH, QuizError, UserError, shown
from sudoku_repl.frontends.progress_line import ProgressLine
from sudoku_repl.frontends.rate_cli import wanted
from sudoku_repl.tools.difficulty.dossier import Settings, dossier, settings_of

PROG = "sudoku-repl difficulty"
HELP = ("-h", "--help")


def usage() -> str:
    """``sudoku-repl difficulty PUZZLE|FILE [N] [--measures LIST] ...``: the shell's options,
    from the command's declaration, after what the system prompt reads first."""
    _, options = split_options(DIFFICULTY.forms[0])
    return " ".join([PROG, "PUZZLE|FILE", "[N]", *(option.shown for option in options)])


def help_lines() -> list[str]:
    """``--help``: the usage line, the summary, and the help ``help difficulty`` gives."""
    from sudoku_repl.commands.filling import filled, help_paragraphs

    return [
        *filled(f"usage: {usage()}", indent="  "),
        "",
        *filled(f"{DIFFICULTY.summary}.", indent=""),
        "",
        *help_paragraphs(DIFFICULTY.help),
    ]


def main_difficulty(argv: Sequence[str], interrupted: Callable[[], bool] = lambda: False) -> int:
    """``sudoku-repl difficulty ...`` (``interrupted``: Ctrl-C's flag, polled by the
    measures)."""
    words = list(argv)
    if any(word in HELP for word in words):
        return _said("\n".join(help_lines()), 0)
    try:
        target, number, options = _read(words)
        values = DIFFICULTY.parse(" ".join(options))
        settings = settings_of(
            values["measures"], values["isomorphs"], values["seed"], values["se_timeout"]
        )
    except UserError as e:  # (said as the shell says it, the form the system prompt's)
        line = e.line.removeprefix(f"{DIFFICULTY.name} ").replace(DIFFICULTY.form, usage())
        _complain(line if usage() in line else f"{line}: {usage()}")
        return 2
    try:
        state = _state(target, number)
    except QuizError as e:
        _complain(e.line)
        return 1
    return _measure(state, settings, interrupted)


def _complain(line: str) -> None:
    print(f"{PROG}: {line}", file=sys.stderr, flush=True)


def _read(words: list[str]) -> tuple[str, int, list[str]]:
    """The puzzle or file, the quiz number (1 where none is given) and the options' words;
    ``UserError`` where the puzzle or the number is missing or wrong."""
    if not words or words[0].startswith("-"):
        raise UserError(f"want a puzzle or a file first: {usage()}")
    target, rest = words[0], words[1:]
    if not rest or rest[0].startswith("-"):
        return target, 1, rest
    number = rest[0]
    if not (number.isascii() and number.isdigit() and int(number) >= 1):
        raise UserError(
            f"the quiz number is a whole number from 1, not {shown(number)!r}: {usage()}"
        )
    return target, int(number), rest[1:]


#: what the dossier measures: its values, its candidates (None: a quiz's), what it is called
_State = tuple[tuple[int, ...], tuple[int, ...] | None, str, int]


def _state(target: str, number: int) -> _State:
    """What ``load-quiz TARGET N`` reads, as a dossier measures it; ``QuizError`` (one line)
    where it cannot be read."""
    import os

    from sudoku_repl.text.quiz_files import load_position

    position = load_position(target, number)
    quiz = position.quiz
    if not quiz.geometry.classic:
        raise QuizError("difficulty measures a classic 9x9 quiz only.")
    givens = sum(1 for v in quiz.givens if v)
    subject = f"quiz {number} of {shown(target, PATH)}" if os.path.exists(target) else "the quiz"
    if not position.marked:
        return tuple(quiz.givens), None, subject, givens
    values, marks = position.state()
    return values, marks, subject, givens


def _measure(state: _State, settings: Settings, interrupted: Callable[[], bool]) -> int:
    """The dossier printed (a progress line on stderr meanwhile, where it is a terminal)."""
    values, marks, subject, givens = state
    doing = [""]
    line = ProgressLine(lambda: doing[0]) if wanted(sys.stderr) else None

    def at(what: str) -> None:
        doing[0] = f"difficulty of {subject}: measuring {what}"
        if line is not None:
            line.tick()

    def poll() -> bool:
        """The measures' poll: the progress line's tick, then Ctrl-C's flag."""
        if line is not None:
            line.tick()
        return interrupted()

    try:
        done = dossier(values, marks, settings, poll, at, subject=subject, givens=givens)
    finally:
        if line is not None:
            line.clear()
    return _said(str(done), 130 if done.interrupted is not None else 0)


def _said(text: str, status: int) -> int:
    """``text`` printed, then ``status``; standard output that cannot be written is one line
    and status 1, a reader gone (``| head``) nothing more (``standard_output``)."""
    from sudoku_repl.frontends.standard_output import StdoutFailed, drop, writing

    try:
        with writing():
            print(text, flush=True)
    except BrokenPipeError:
        drop()
    except StdoutFailed as e:
        _complain(e.line)
        return 1
    return status
