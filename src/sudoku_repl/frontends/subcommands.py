"""The system prompt's subcommands (``sudoku-repl NAME ...``), one table: ``cli``
runs them from it, and ``sudoku-repl --help`` lists them from it, each with its form and
what it does; ``sudoku-repl NAME --help`` says the rest. Start-up reads this table, so it
imports nothing: each subcommand's module is imported when it runs."""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence


class Subcommand:
    """``sudoku-repl NAME ...``: its ``form`` after the name, its ``summary``, its ``main``
    (``module:function``, called with the words after the name), and whether a Ctrl-C that
    comes while its modules load is kept for it (``early``: its ``main`` then also takes the
    flag, and stops at once) rather than raised."""

    __slots__ = ("early", "form", "main", "name", "summary")

    def __init__(self, name: str, form: str, summary: str, main: str, early: bool = True) -> None:
        self.name = name
        self.form = form
        self.summary = summary
        self.main = main
        self.early = early

    def load(self) -> Callable[..., int]:
        """Its ``main``, imported now."""
        module, _, function = self.main.partition(":")
        found: Callable[..., int] = getattr(__import__(module, fromlist=[function]), function)
        return found


SUBCOMMANDS = (
    Subcommand(
        "rate",
        "FILE [options]",
        "rate every quiz of a file (steps, biggest level, solutions, SE's ER/EP/ED and more) "
        "as CSV or JSON lines (docs/rating.md)",
        "sudoku_repl.frontends.rate_cli:main_rate",
    ),
    Subcommand(
        "serate",
        "[serate's options] [puzzle ...]",
        "serate v1.15.10's command line (docs/rating.md)",
        "sudoku_repl.frontends.serate_cli:main_serate",
    ),
    Subcommand(
        "generate",
        "[options]",
        "make minimal puzzles with one solution to order: ER, EP, ED, level, technique, "
        "symmetry, pattern, near given puzzles (docs/generate.md)",
        "sudoku_repl.frontends.generate_cli:main_generate",
    ),
    Subcommand(
        "difficulty",
        "PUZZLE|FILE [N] [options]",
        "how hard one quiz is: its dossier, every measure of the shell's difficulty "
        "(docs/difficulty.md)",
        "sudoku_repl.frontends.difficulty_cli:main_difficulty",
    ),
    Subcommand(
        "dap",
        "[--port N] [--log FILE]",
        "the Debug Adapter Protocol server for editors (docs/dap.md)",
        "sudoku_repl.frontends.dap.main:main_dap",
        early=False,
    ),
    Subcommand(
        "mcp",
        "",
        "the Model Context Protocol server for assistants, on stdio: the debugger's tools "
        "and check_move (the extra mcp; docs/agents.md)",
        "sudoku_repl.frontends.mcp.main:main_mcp",
        early=False,
    ),
)


def subcommand(words: Sequence[str]) -> Subcommand | None:
    """The subcommand the command line's first word names, or None."""
    first = words[0] if words else None
    return next((sub for sub in SUBCOMMANDS if sub.name == first), None)
