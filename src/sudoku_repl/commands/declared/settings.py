"""Every setting, declared once (``commands/setting.py``): what ``set`` changes, then the two
modes (changed by ``run-mode`` and ``guess-mode``), in ``info settings`` order."""

from __future__ import annotations

from sudoku_repl.commands.setting import ON_OFF, SESSION, Setting
from sudoku_repl.commands.spec import Int

TRACE = Setting(
    "trace",
    ON_OFF,
    True,
    "set trace off: runs print no trace lines (the end of the search and the timing lines stay)",
)

SOLUTIONS = Setting(
    "solutions",
    ON_OFF,
    True,
    "set solutions off: a solution prints its Fine line without its grid",
)

COLOUR = Setting(
    "colour",
    {**ON_OFF, "auto": None},
    None,
    "set colour on|off|auto: colour in board (auto: on a terminal, unless NO_COLOR is set)",
)

PAGINATION = Setting(
    "pagination",
    ON_OFF,
    False,  # a trace is read by scrolling back: docs/debugger.md, "Paging"
    "set pagination on|off: off by default; on, in the interactive shell, output longer than the "
    "screen stops at a --Type <RET> for more, q to quit, c to continue without paging-- line "
    "(RET: one more screen; q: no more of this command's output, a run stops as with Ctrl-C; "
    "c: the rest)",
    paragraph=True,
)

HEIGHT = Setting(
    "height",
    {"auto": None},
    None,
    "set height N: lines a screen (0: unlimited; auto: the terminal's)",
    number=Int("<N>", "a number of lines", key="value"),
    zero="0 (unlimited)",
)

NAMES = Setting(
    "names",
    {"readalps": "readalps", "standard": "standard"},
    "readalps",
    "set names standard: each technique line (trace, hint, why, board) also gives the "
    "community's name, as '(hidden pair, box 4)'; set names readalps: the original's alone",
    paragraph=True,
)

RUN_MODE = Setting("run-mode", {}, 0, where=SESSION, short="rm")

GUESS_MODE = Setting("guess-mode", {}, 0, where=SESSION, short="gm")

#: in ``info settings`` order
SETTINGS = (TRACE, SOLUTIONS, COLOUR, PAGINATION, HEIGHT, NAMES, RUN_MODE, GUESS_MODE)


def named(word: str) -> Setting | None:
    """The setting called ``word``, if any."""
    return next((setting for setting in SETTINGS if setting.name == word), None)
