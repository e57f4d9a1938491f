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

import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from sudoku_repl.commands.arguments import split_options
from sudoku_repl.commands.declared.difficulty import DIFFICULTY
from sudoku_repl.core.errors import PATH, QuizError, UserError, file_error, shown
from sudoku_repl.frontends.progress_line import ProgressLine
from sudoku_repl.frontends.rate_cli import wanted
from sudoku_repl.text.words import counted
from sudoku_repl.tools.difficulty.dossier import Settings, dossier, settings_of

if TYPE_CHECKING:
    from sudoku_repl.text.quiz_files import QuizLines

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
        *filled(f"{N_IS}; without it, the file's first quiz.", indent="  "),
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
        state, rules = _state(target, number)
    except QuizError as e:
        _complain(e.line)
        return 1
    if rules:  # (the measures asked for, checked again against the quiz's rules)
        try:
            settings = settings_of(
                values["measures"],
                values["isomorphs"],
                values["seed"],
                values["se_timeout"],
                rules=rules,
            )
        except UserError as e:
            _complain(f"{e.line}: {usage()}")
            return 2
    return _measure(state, settings, interrupted)


def _complain(line: str) -> None:
    print(f"{PROG}: {line}", file=sys.stderr, flush=True)


#: N typed as a number, a sign and all: ``-5`` is a line number, wrong, not an option
_NUMBER = re.compile(r"[+-]?[0-9]+")
#: what the first word may be
_WANTED = "want a puzzle (81 characters, or 729: a pencil-mark line) or a file of them"
#: what N is, in the help and the lines that refuse one
N_IS = "N is the line of FILE that holds the quiz, as rate's line column numbers it (blank and # lines counted)"


def _read(words: list[str]) -> tuple[str, int | None, list[str]]:
    """The puzzle or file, the line N (None where none is given) and the options' words;
    ``UserError`` where the puzzle or N is missing or wrong, or N is given with a puzzle."""
    if not words or words[0].startswith("-"):
        raise UserError(f"want a puzzle or a file first: {usage()}")
    target, rest = words[0], words[1:]
    if not rest or (rest[0].startswith("-") and not _NUMBER.fullmatch(rest[0])):
        return target, None, rest
    number = rest[0]
    if not (number.isascii() and number.isdigit() and int(number) >= 1):
        raise UserError(f"{N_IS}: a whole number from 1, not {shown(number)!r}: {usage()}")
    if not os.path.exists(target):
        raise UserError(f"N is a line of a file, and a puzzle typed has none: {usage()}")
    return target, int(number), rest[1:]


#: what the dossier measures: its values, its candidates (None: a quiz's), what it is called
_State = tuple[tuple[int, ...], tuple[int, ...] | None, str, int]


def _state(target: str, line: int | None) -> tuple[_State, str]:
    """What ``load-quiz`` reads of TARGET (of a file, the quiz on ``line``, as ``rate``
    numbers them), as a dossier measures it, and its rules line ("": classic sudoku);
    ``QuizError`` (one line) where it cannot be read."""
    from sudoku_repl.text.quiz_files import inline_position, load_position

    if os.path.exists(target):
        number, line = _quiz_number(target, line)
        position = load_position(target, number)
        subject = f"the quiz on line {line} of {shown(target, PATH)}"
    else:
        found = inline_position(target)  # (an attempted quiz's fault: QuizError)
        if found is None:
            raise QuizError(f"{shown(target)!r}: no such file, and no puzzle: {_WANTED}.")
        position, subject = found, "the quiz"
    quiz = position.quiz
    if not quiz.geometry.one_grid:
        raise QuizError("difficulty measures a 9x9 quiz, not one of several grids.")
    givens = sum(1 for v in quiz.givens if v)
    if not position.marked:
        return (tuple(quiz.givens), None, subject, givens), quiz.rules
    values, marks = position.state()
    return (values, marks, subject, givens), quiz.rules


#: the runs of quiz lines a refusal names, the rest counted
_RUNS_NAMED = 5


def _quiz_number(path: str, line: int | None) -> tuple[int, int]:
    """Which of the file's quiz lines (``load_position``'s N, from 1) is its ``line``, and
    that line (None: the first quiz's), as ``rate`` numbers its rows (``read_quizzes``): each
    line neither blank nor a ``#`` comment of a file of one quiz a line, a file of another
    format one quiz on its first such line (JSON: line 1). ``QuizError`` where the file
    cannot be read or ``line`` holds no quiz, naming the lines that do."""
    from sudoku_repl.text import quiz_files

    name = shown(path, PATH)
    try:
        if path.lower().endswith(".json") and os.path.isfile(path):
            first: int | None = 1
        else:
            with quiz_files.open_quiz_file(path) as f:
                lines = quiz_files.QuizLines(quiz_files.bounded_lines(f))
                if quiz_files.one_per_line(lines):
                    return _numbered(lines, line, name)
                ahead = lines.ahead(0)
                first = ahead[0] if ahead else None
    except (OSError, ValueError) as e:  # ValueError: a NUL in the name
        why = file_error("Cannot read", path, e).removesuffix(".")
        raise QuizError(f"{why}; {_WANTED}.") from None
    if first is None or line in (None, first):
        return 1, first or 1  # (no quiz at all: load-quiz's words say so)
    raise QuizError(
        f"No quiz on line {line} of {name}: it holds one quiz, read from line {first} (rate's "
        f"line); {N_IS}, or none."
    )


def _numbered(lines: QuizLines, line: int | None, name: str) -> tuple[int, int]:
    """``_quiz_number`` of a file of one quiz a line. A refusal names the lines that hold a
    quiz (``line_puzzle``'s), and counts apart those that hold none (``rate`` says each)."""
    from sudoku_repl.text.puzzle_line import NoPuzzle, line_puzzle

    runs: list[list[int]] = []  # the first runs of consecutive quiz lines, [first, last]
    count = last = quizzes = 0
    for n, text in lines:
        count += 1  # (load_position's N counts every meaningful line, a quiz or not)
        if line is None or n == line:
            return count, n
        try:
            line_puzzle(text)
        except NoPuzzle:
            continue
        quizzes += 1
        if n == last + 1 and runs and runs[-1][1] == last:
            runs[-1][1] = n
        elif len(runs) < _RUNS_NAMED + 1:
            runs.append([n, n])
        last = n
    if not count or line is None:
        return 1, line or 1  # (no quiz line: load-quiz's words say what the file holds)
    why = (
        f"it has {counted(lines.read, 'line')}"
        if line > lines.read
        else "a blank line or a comment"
    )
    spans = [f"{a}-{b}" if b > a else f"{a}" for a, b in runs[:_RUNS_NAMED]]
    if not spans:
        held = "none of its lines holds a quiz"
    elif len(runs) > _RUNS_NAMED:
        held = f"its quiz lines are lines {', '.join(spans)} and more, to line {last}"
    elif len(spans) > 1:
        held = f"its quiz lines are lines {', '.join(spans[:-1])} and {spans[-1]}"
    else:
        held = (
            f"its quiz is on line {spans[0]}"
            if quizzes == 1
            else f"its quiz lines are lines {spans[0]}"
        )
    skipped = count - quizzes
    if skipped and spans:
        held += f" ({counted(skipped, 'other line')} skipped, holding no quiz)"
    elif skipped:
        held += f" ({counted(skipped, 'line')} skipped)"
    raise QuizError(f"No quiz on line {line} of {name} ({why}): {held}; {N_IS}.")


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
