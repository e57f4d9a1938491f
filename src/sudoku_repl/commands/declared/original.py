"""The commands of ``commands/original.py``, declared."""

from __future__ import annotations

from sudoku_repl.commands.spec import Command, File, Int, Key, Mode, form_text

LOAD_QUIZ_FORM = (File(), Int("[N]", "a quiz number"))
#: the variant rules a quiz is played by (docs/variants.md), the same words everywhere
RULES_OPTION = "--rules"

LOAD_QUIZ = Command(
    "load-quiz",
    "load quiz from file",
    "sudoku_repl.commands.original:load_quiz",
    forms=[LOAD_QUIZ_FORM],
    raw=True,
    usage="load-quiz <file>",
    help=(
        f"{form_text('load-quiz', [LOAD_QUIZ_FORM])}: the nine-line format (0 or . for an empty cell), a file of\n"
        "one 81-character quiz per line (quiz N, default the first), or an 81-character quiz\n"
        "typed in place of the file name. Loading resets the engine; the settings stay.\n\n"
        "Also SadMan .sdk, Simple Sudoku .ss, HoDoKu library lines, candidate grids and\n"
        "729-character candidate strings: a position with candidates loads as a what-if\n"
        "(experiment 2 starts from it; docs/commands.md 4).\n\n"
        f"{RULES_OPTION}=x,windoku,...: the variant rules it is played by (a file's\n"
        "'# rules: ...' line says them too; f-puzzles .json files and links carry theirs;\n"
        "docs/variants.md)."
    ),
)

SHOW = Command(
    "show",
    "show quiz info",
    "sudoku_repl.commands.original:show",
    scripted=False,
    help=(
        "The grid, the step count, the candidates of the empty\n"
        "cells by row, the foremost cell and the current guess level."
    ),
)

LEVELS = Command(
    "levels",
    "show info about guess levels",
    "sudoku_repl.commands.original:levels",
    scripted=False,
    aliases=("lv",),
    help=(
        "One line per guess level, deepest\n"
        "first: the cell, the value being tried, its place among the cell's candidates."
    ),
)

RUN_MODE = Command(
    "run-mode",
    "query or change working mode",
    "sudoku_repl.commands.original:run_mode",
    forms=[(Mode("[0|1|2|3|4|5]"),)],
    original="run-mode [1|2|0]",  # 2.6's three modes; 3 to 5 came with the techniques
    help=(
        "With a mode, sets it; then, always, says the mode in force. 2.6 had three (its Order\n"
        "List says run-mode [1|2|0]); the techniques added 3 to 5. The modes (0 the default):"
    ),
)

GUESS_MODE = Command(
    "guess-mode",
    "query or change guessing mode",
    "sudoku_repl.commands.original:guess_mode",
    forms=[(Int("[1|0]", "a number, 0 or 1", offers=("0", "1"), key="mode"),)],
    help="1 (any non-zero number): ask before each new guess; 0: guess automatically.",
)

STEP = Command(
    "step",
    "step forward",
    "sudoku_repl.commands.original:step",
    stops=True,
    repeats=True,
    key=Key("s", "step", brief=True),
    aliases=("s",),
    forms=[(Int("[n]", "a number of steps (1 or more)", least=1),)],
    usage="step",  # (the original's Order List line)
    help=(
        "One solver step with its trace lines, then the show\n"
        "block (unless the step reported a solution or ended the search).\n"
        "step n: n steps, as gdb's step n: their trace lines, then one show block (a breakpoint,\n"
        "a solution or the end of the search stops them sooner)."
    ),
)

#: what run, runtil and runrun end with, and do once the search is over: in the help of each
RUN_ENDS = (
    "Its last line, Biggest level on this run(til), like the other run commands', says the\n"
    "biggest level of this command's own new guesses, not of the search so far: on\n"
    "examples/seed.txt, runtil 65 says 7 and then runtil 98 says 11, but run (to the solution\n"
    "at step 131) says 6, though the search was 11 levels deep before it (bisect level max\n"
    "finds the whole search's biggest level).\n\n"
    "Once the search is over, run, runrun and runtil to a later step take no step: they say\n"
    "Invalid quiz [steps:N] - no more solution (solution sum is K) again, then the timing\n"
    "lines, with biggest level 0."
)

RUN = Command(
    "run",
    "run till the end or a new solution met",
    "sudoku_repl.commands.original:run",
    runs=True,
    key=Key("r", "run (till the end or a new solution)", brief=True),
    aliases=("r",),
    help=(
        "Steps on until a new solution is met or the search ends (a breakpoint or Ctrl-C stops\n"
        "it sooner), then says the run's time and the steps.\n\n" + RUN_ENDS
    ),
)

RUNTIL = Command(
    "runtil",
    "run till certain steps run",
    "sudoku_repl.commands.original:runtil",
    runs=True,
    forms=[(Int("<steps>", "a step count"),)],
    aliases=("rt",),
    help=(
        "Like run, but stops once the step count reaches <steps> (checked before each step,\n"
        "so a step that filters and guesses can pass it by one). A step count below the\n"
        "present replays the present experiment's record from the loaded quiz: its guess\n"
        "answers, run modes and what-if edits as they were recorded, no question asked, its\n"
        "lines printed again (on the first line of search with the offered answers, what a\n"
        "fresh session prints; in another experiment, the way that experiment went).\n\n" + RUN_ENDS
    ),
)

RUNRUN = Command(
    "runrun",
    "run till the end or certain new solutions met",
    "sudoku_repl.commands.original:runrun",
    runs=True,
    forms=[(Int("<sum>", "a number of solutions", key="solutions"),)],
    help=(
        "Steps on until <sum> new solutions are met or the search ends; runrun 0 runs to the\n"
        "end of the search.\n\n" + RUN_ENDS
    ),
)

#: in Order List order
COMMANDS = (
    LOAD_QUIZ,
    SHOW,
    LEVELS,
    RUN_MODE,
    GUESS_MODE,
    STEP,
    RUN,
    RUNTIL,
    RUNRUN,
)
