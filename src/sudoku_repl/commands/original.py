"""The commands of SudokuSolver 2.6 (docs/commands.md 3) that need the engine: all ten but
``bye``, which lives with ``help`` in ``bare``. Declared in ``declared/original.py``."""

from __future__ import annotations

from sudoku_repl.commands.declared.original import LOAD_QUIZ, RULES_OPTION
from sudoku_repl.commands.running import breakpoint_lines, ended, invalid, run_command
from sudoku_repl.commands.stop_lines import interrupted_line
from sudoku_repl.core import modes
from sudoku_repl.core.errors import UserError, shown
from sudoku_repl.text import quiz_files as quizzes
from sudoku_repl.text.args import NUMBER, file_words, parse_count
from sudoku_repl.text.pencil_marks import start
from sudoku_repl.text.render import levels_lines

TYPE_CHECKING = False  # not typing's: a handler imports nothing of dispatch at run time
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl

# -- the ten original commands ------------------------------------------------------------


def rules_option(words: list[str]) -> tuple[list[str], str | None]:
    """The words without ``--rules=RULES`` (or ``--rules RULES``), and its value (None: not
    given)."""
    rest: list[str] = []
    rules: str | None = None
    it = iter(words)
    for word in it:
        if word == RULES_OPTION:
            value = next(it, None)
            if value is None:
                raise UserError(f"{RULES_OPTION} takes the rules: {RULES_OPTION}=x,windoku")
            rules = value
        elif word.startswith(RULES_OPTION + "="):
            rules = word.partition("=")[2]
        else:
            rest.append(word)
    return rest, rules


def load_quiz(repl: Repl, arg: str) -> None:
    if not arg:
        raise UserError("No quiz file specified.")
    # the file names the way every command reads them (quotes around a name with blanks)
    words = file_words(arg, f'{LOAD_QUIZ.form} (quote a name with blanks: "my quiz.txt")')
    words, rules = rules_option(words)
    if not words:
        raise UserError("No quiz file specified.")
    name, index = words[0], 1
    if len(words) == 2 and NUMBER.fullmatch(words[1]):
        index = parse_count(words[1], LOAD_QUIZ.form)
        if index < 1:
            raise UserError(LOAD_QUIZ.problem("The quiz number counts from 1"))
    elif len(words) > 1:
        raise UserError(
            f"load-quiz takes one file name and a quiz number, not {shown(arg)!r}: "
            f'{LOAD_QUIZ.form} (quote a name with blanks: "my quiz.txt")'
        )
    position = quizzes.load_position(name, index, rules)
    said = start(repl.session, position, repl.hooks)  # (a position with candidates: a what-if)
    # the script stands on its own: the quiz and its rules, or the position as a HoDoKu
    # library line
    ruled = f" {RULES_OPTION}={position.quiz.rules}" if position.quiz.rules else ""
    repl.script.replace(
        f"load-quiz '{position.library_line()}'"
        if position.marked
        else f"load-quiz {position.quiz}{ruled}"
    )
    repl.out.message("Quiz loaded.")
    if position.passed_over:
        repl.out.message(position.passed_over)
    repl.lines(said)


def show(repl: Repl) -> None:
    repl.require_quiz()
    repl.show()


def levels(repl: Repl) -> None:
    session = repl.require_quiz()
    repl.lines(levels_lines(repl.looked_at()[0], session.geo))


def run_mode(repl: Repl, mode: int | None) -> None:
    if mode is not None:
        repl.session.settings.run_mode = mode
    mode = repl.session.settings.run_mode
    if mode in modes.ORIGINAL:  # 2.6's line, for its three modes
        repl.out.message(f"Working mode:{mode} (1:grp-only; 2:ply-only; other:both grp and ply)")
    else:
        repl.out.message(f"Working mode:{mode} ({modes.description(mode)})")


def guess_mode(repl: Repl, mode: int | None) -> None:
    if mode is not None:
        repl.session.settings.guess_mode = 1 if mode else 0
    mode = repl.session.settings.guess_mode
    repl.out.message(f"In interactive guessing mode:{mode} (0:no; other:yes)")


def step(repl: Repl, n: int | None = None) -> None:
    """One step (``step n``: n of them, gdb's count, their trace lines and then one show
    block); a breakpoint, a solution, the end of the search or Ctrl-C (between two of the n)
    stops them sooner."""
    session = repl.require_quiz()
    if session.finished:
        repl.out.message(invalid(session))
        return
    for done in range(1 if n is None else n):  # (n >= 1: its declaration)
        if done and repl.hooks.interrupted():
            steps = session.state().steps
            repl.out.message(interrupted_line(steps))
            repl.script.stopped(steps, repl.hooks.solutions_now(), run=False)
            break
        report = session.step(repl.hooks)
        if report.hits:
            breakpoint_lines(repl, report.hits)
            break
        if ended(session):
            return
    repl.show()


def run(repl: Repl) -> None:
    run_command(repl, 1)


def runtil(repl: Repl, steps: int) -> None:
    run_command(repl, 1, steps)


def runrun(repl: Repl, solutions: int) -> None:
    run_command(repl, solutions)
