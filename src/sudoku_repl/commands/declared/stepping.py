"""The commands of ``commands/stepping.py``, declared."""

from __future__ import annotations

from sudoku_repl.commands.declared.debugger import ASKS_FIRST, BREAK, GOTO
from sudoku_repl.commands.declared.original import RUNTIL
from sudoku_repl.commands.declared.settings import SETTINGS
from sudoku_repl.commands.setting import help_text, set_forms
from sudoku_repl.commands.spec import (
    Cell,
    CellValue,
    Choice,
    Command,
    CommandName,
    Int,
    Key,
    Text,
    Value,
)

CONTINUE = Command(
    "continue",
    "run to the next breakpoint or the end of the search",
    "sudoku_repl.commands.stepping:continue_",
    runs=True,
    repeats=True,
    key=Key("c", "continue: the continue command if there is one, else run", brief=True),
    aliases=("c",),
    forms=[(Int("[n]", "a count"),)],
    help=(
        "As runrun 0, but named as in gdb: it stops at an enabled breakpoint, Ctrl-C or the end\n"
        "of the search, and passes the solutions on the way (set solutions off hides their grids).\n"
        "continue n, stopped at a breakpoint: as gdb, that breakpoint is passed over n-1 more\n"
        "times (ignore <n> <n-1>)."
    ),
)

NEXT = Command(
    "next",
    "one step, where a new guess and everything below it count as one",
    "sudoku_repl.commands.stepping:next_",
    runs=True,
    repeats=True,
    key=Key("n", brief=True),
    aliases=("n",),
    forms=[(Int("[n]", "a count (1 or more)", least=1),)],
    help=(
        "next n: as next, n times (gdb's count).\n"
        "Steps until the search is back at this guess level or above it (the guess it makes is\n"
        "tried, and the levels below it are left), a solution, a breakpoint or the end. Without a\n"
        "new guess it is one step."
    ),
)

FINISH = Command(
    "finish",
    "run until the present guess level is left",
    "sudoku_repl.commands.stepping:finish",
    runs=True,
    repeats=True,
    key=Key("f"),
    aliases=("fin",),
    forms=[(Int("[n]", "a number of levels (1 or more)", least=1),)],
    help=(
        "Runs until the search leaves this guess level (its last option failed, and the search\n"
        "goes up) or reports a solution, a breakpoint stops it, or the search ends. finish n:\n"
        "until it has left n levels (finish 2: back above the level this one was guessed from)."
    ),
)

UNTIL = Command(
    "until",
    "next, or run to a step (forward) unless the present guess level is left first",
    "sudoku_repl.commands.stepping:until",
    runs=True,
    repeats=True,
    aliases=("u",),
    forms=[(Int("[step]", "a step number"),)],
    help=("As gdb's until: alone, as next; until <step>, as advance <step>."),
)

ADVANCE = Command(
    "advance",
    "run to a step (forward) unless the present guess level is left first",
    "sudoku_repl.commands.stepping:advance",
    runs=True,
    forms=[(Int("<step>", "a step number"),)],
    help=(
        "As gdb's advance <location>: runs until the step count reaches <step>, or, as a\n"
        "function returning in gdb, the search leaves the present guess level (see finish:\n"
        "a line before the show block says so); a breakpoint, a solution, Ctrl-C or the end of\n"
        "the search stop it too. Forward only:\n"
        f"{GOTO.usage} goes back; {RUNTIL.usage} runs on whatever the level."
    ),
)

IGNORE = Command(
    "ignore",
    "pass over a breakpoint's next count stops",
    "sudoku_repl.commands.stepping:ignore",
    forms=[(Int("<n>", key="number"), Int("<count>"))],
    wrong="needs a breakpoint and a count",
    help="The breakpoint still counts its hits; it stops again after count of them.",
)

CONDITION = Command(
    "condition",
    "stop at a breakpoint only where a condition holds",
    "sudoku_repl.commands.stepping:condition",
    forms=[(Int("<n>", "a breakpoint number", key="number"), Text("[expr]", rest=True))],
    help=(
        "expr: comparisons of step, level or solutions with a number (> >= < <= == !=),\n"
        "joined by and: condition 1 step > 100 and level >= 8. Without expr the condition goes.\n"
        f"{BREAK.usage} if <expr> sets it at once."
    ),
)

DISPLAY = Command(
    "display",
    "run a command at every stop; display alone lists them",
    "sudoku_repl.commands.stepping:display",
    displayable=False,
    forms=[(CommandName(),)],
    help=(
        "After step, next, finish, continue, run, runtil, runrun, goto, back and bisect, each\n"
        "display runs (display levels, display board). undisplay <n> removes one, undisplay\n"
        "alone all of them."
    ),
)

UNDISPLAY = Command(
    "undisplay",
    "stop running a display (or all of them) at every stop",
    "sudoku_repl.commands.stepping:undisplay",
    displayable=False,
    forms=[(Int("[n]", "a display number", key="number"),)],
    help=(
        "undisplay <n> removes display n (display lists them); undisplay alone removes every\n"
        "display, as gdb does: " + ASKS_FIRST
    ),
)

SET = Command(
    "set",
    "change how much is printed: trace, solutions, colour, names; paging; what-if edits",
    "sudoku_repl.commands.stepping:set_",
    forms=[
        *set_forms(SETTINGS),
        (Choice("cell", key="setting"), CellValue()),
        (Choice("removed", key="setting"), Value(), Cell()),
    ],
    synonyms={"color": "colour"},
    wrong="needs a setting and a value",
    usage="set <setting> <value> | set cell [r,c]=v | set removed v [r,c]",
    help=help_text(
        SETTINGS,
        "info settings lists them.\n\n"
        "What-if edits, at the present step: set cell [r,c]=v places v as if it were given;\n"
        "set removed v [r,c] takes v from the candidates of [r,c]. Either is a step of its own\n"
        "(its line says by hand) and starts a new experiment from here (see experiments). An\n"
        "edit that breaks a rule at once is refused; one that leads to no solution is not.",
    ),
)

TUI = Command(
    "tui",
    "switch to the full-screen mode",
    "sudoku_repl.commands.stepping:tui",
    scripted=False,
    help=(
        "The same quiz, record and breakpoints in the full-screen view (the board, the trace,\n"
        "the levels and a command line); q there comes back here. sudoku-repl --tui starts in it."
    ),
)

#: in Order List order
COMMANDS = (
    CONTINUE,
    NEXT,
    FINISH,
    UNTIL,
    ADVANCE,
    IGNORE,
    CONDITION,
    DISPLAY,
    UNDISPLAY,
    SET,
    TUI,
)
