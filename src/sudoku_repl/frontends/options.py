"""The options of ``sudoku-repl``: argparse's parser, and the plain forms read without it.

Building an ``ArgumentParser`` costs more than the rest of ``sudoku-repl -c bye`` (argparse,
gettext, shutil), so the plain command lines are read directly: a quiz, and at most one of
``-c COMMANDS``, ``-x FILE`` and ``--tui``, each value a word that does not start with ``-``;
after the quiz, the quiz's number in its file (``sudoku-repl FILE N``).
Anything else (``--help``, ``--version``, a mistake, an abbreviation) goes to argparse, which
reads the plain forms the same way (``tests/frontends/test_options.py`` compares the two).
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence


class Options:
    """What the command line asks for: ``quiz`` to load first (quiz ``number`` of its file,
    as typed: ``cli`` checks it), then commands (``commands``, a ``-c`` line), a script
    (``script``), the full screen (``tui``) or else the shell."""

    __slots__ = ("commands", "number", "quiz", "script", "tui")

    def __init__(
        self,
        quiz: str | None = None,
        script: str | None = None,
        commands: str | None = None,
        tui: bool = False,
        number: str | None = None,
    ) -> None:
        self.quiz = quiz
        self.number = number
        self.script = script
        self.commands = commands
        self.tui = tui

    def __repr__(self) -> str:
        return "Options(quiz={!r}, script={!r}, commands={!r}, tui={!r}, number={!r})".format(
            *self.fields()
        )

    def fields(self) -> tuple[str | None, str | None, str | None, bool, str | None]:
        return (self.quiz, self.script, self.commands, self.tui, self.number)


def parse(words: Sequence[str]) -> Options:
    """The options of ``words`` (the arguments after the program's name); argparse prints the
    help, the version or what is wrong and exits, as ``ArgumentParser.parse_args`` does."""
    return plain(words) or _parsed(parser().parse_args(list(words)))


def plain(words: Sequence[str]) -> Options | None:
    """The options of a plain command line, or None when it is not one."""
    quiz: str | None = None
    number: str | None = None
    valued = {"-c": "commands", "-x": "script"}
    chosen: dict[str, str | None] = {"commands": None, "script": None}
    tui = False
    group = 0  # how many of -c, -x, --tui (argparse allows one)
    rest = iter(words)
    previous = ""  # argparse reads the positionals together: N right after the quiz
    for word in rest:
        after_quiz, previous = previous == "quiz", ""
        if word in valued:
            value = next(rest, None)
            if value is None or value.startswith("-"):
                return None
            chosen[valued[word]] = value
            group += 1
        elif word == "--tui":
            tui = True
            group += 1
        elif word.startswith("-") or number is not None or (quiz is not None and not after_quiz):
            return None
        elif quiz is not None:
            number = word
        else:
            quiz, previous = word, "quiz"
    if group > 1:
        return None
    return Options(quiz, chosen["script"], chosen["commands"], tui, number)


def _parsed(namespace: argparse.Namespace) -> Options:
    return Options(
        namespace.quiz, namespace.script, namespace.commands, namespace.tui, namespace.number
    )


def parser() -> argparse.ArgumentParser:
    import argparse

    from sudoku_repl import version
    from sudoku_repl.commands.declared import in_order
    from sudoku_repl.core.native import build
    from sudoku_repl.frontends.history_file import HOW, VARIABLE, history_path

    path = history_path()
    if path is None:
        history = f"the interactive shell keeps no history file ({VARIABLE} is empty)"
    else:
        history = f"the interactive shell keeps its command history in {path} ({HOW})"
    names = ", ".join(cmd.name for cmd in in_order())
    parser = argparse.ArgumentParser(
        prog="sudoku-repl",
        description="An interactive stepping debugger for a Sudoku solver (SudokuSolver 2.6).",
        formatter_class=argparse.RawDescriptionHelpFormatter,  # (the epilog's paragraphs)
        epilog=_epilog(names, history),
    )
    said = f"sudoku-repl {version()}, {build()}"

    class Version(argparse.Action):
        """``--version``: its line as it is, one line (argparse's own action wraps it at the
        terminal's width, and at 80 columns in a pipe)."""

        def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
            print(said, flush=True)
            parser.exit()

    parser.add_argument(
        "--version", action=Version, nargs=0, help="show the version and the build, and exit"
    )
    parser.add_argument("quiz", nargs="?", help="a quiz file (or 81-character quiz) to load first")
    parser.add_argument(
        "number",
        nargs="?",
        metavar="N",
        help="load quiz N of a file of one quiz per line (default: the first)",
    )
    group = parser.add_mutually_exclusive_group()
    group.add_argument("-x", metavar="FILE", dest="script", help="run the commands of FILE")
    group.add_argument("-c", metavar="COMMANDS", dest="commands", help='run "cmd; cmd; ..."')
    group.add_argument(
        "--tui",
        action="store_true",
        help="full-screen mode: the board, the trace, the guess levels and a command line",
    )
    return parser


def _epilog(names: str, history: str) -> str:
    """``--help``'s end: the shell's commands, the subcommands (from their one table: each
    with its form and what it does), the environment, the history; each paragraph filled to
    the terminal's width as argparse fills its own."""
    import shutil
    import textwrap

    from sudoku_repl.frontends.subcommands import SUBCOMMANDS

    width = max(shutil.get_terminal_size().columns - 2, 40)

    def fill(text: str, indent: str = "") -> str:
        return textwrap.fill(text, width, initial_indent=indent, subsequent_indent=indent)

    subcommands = "\n".join(
        f"{fill(f'sudoku-repl {sub.name} {sub.form}', '  ')}\n{fill(sub.summary, '      ')}"
        for sub in SUBCOMMANDS
    )
    return "\n\n".join(
        [
            fill(
                "Commands (at the prompt, after -c, in a script; help <command> explains one): "
                f"{names}."
            ),
            f"Subcommands (sudoku-repl NAME --help explains one):\n{subcommands}",
            fill(
                "Environment: NO_COLOR (set: no colour), TERM=dumb (no colour), COLORFGBG (the "
                "full screen's board takes the light colours where it says the background is "
                "light, e.g. 0;15; else the dark ones), SUDOKU_REPL_RECORD_CAP (the moves the "
                "record keeps, default 1000000), SUDOKU_REPL_ENGINE=pure (the pure-Python engine "
                "even where the native core is installed) or native (the default), "
                "XDG_DATA_HOME (APPDATA on Windows: the history file goes in its sudoku-repl "
                "folder)."
            ),
            fill(f"History: {history}."),
        ]
    )
