"""The commands of ``commands/frames.py``, declared: the guess levels as gdb's stack frames."""

from __future__ import annotations

from sudoku_repl.commands.spec import Cell, Command, Int

#: how many levels up or down moves
LEVELS = Int("[n]", "a number of levels")

BACKTRACE = Command(
    "backtrace",
    "the guess levels, innermost first, with the step of each guess",
    "sudoku_repl.commands.frames:backtrace",
    aliases=("bt", "where"),
    help=(
        "As gdb's backtrace, with the guess levels for frames: one line per level,\n"
        "#F Level N [r,c]=v (tried out of options) at step S, where F is its frame number\n"
        "(as gdb's: #0 the innermost level) and S the step its guess (or its forward or upward\n"
        "guess) was taken; > marks the selected level (see frame)."
    ),
)

FRAME = Command(
    "frame",
    "select a guess level: show, board and levels then show its state",
    "sudoku_repl.commands.frames:frame",
    forms=[(Int("[n]", "a frame number", key="number"),)],
    help=(
        "frame <n>: frame n as gdb numbers them, 0 the innermost guess level (the present\n"
        "state), 1 the level above it, and so on out to level 1 (bt lists each frame's number\n"
        "with its level). show, board, levels and print then show the state at the step where\n"
        "that level's guess was taken, read-only (each says so in its first line), and why,\n"
        "check and hint se answer for it; hint, which says what step does next from the\n"
        "present, is refused. frame alone (info frame) says which is selected. up goes outward\n"
        "(toward level 1), down inward (with a count, as far as there is: up 0 selects the\n"
        "frame again); step, next, finish, continue, run, runtil, runrun, goto, back, bisect\n"
        "and load-quiz come back to the present."
    ),
)

UP = Command(
    "up",
    "select the guess level n above (outward, toward level 1)",
    "sudoku_repl.commands.frames:up",
    repeats=True,
    forms=[(LEVELS,)],
    help="As frame <selected level - n> (n: 1 when left out); see frame.",
)

DOWN = Command(
    "down",
    "select the guess level n below (inward, toward the present)",
    "sudoku_repl.commands.frames:down",
    repeats=True,
    forms=[(LEVELS,)],
    help="As frame <selected level + n> (n: 1 when left out); see frame.",
)

PRINT = Command(
    "print",
    "a cell's value, or its candidates",
    "sudoku_repl.commands.frames:print_",
    scripted=False,
    aliases=("p",),
    forms=[(Cell(),)],
    help=(
        "As gdb's print, for a cell: print [r,c] says [r,c] = v, or [r,c] is empty, with its\n"
        "candidates, in the present state or that of the level frame selected."
    ),
)

#: in Order List order
COMMANDS = (BACKTRACE, FRAME, UP, DOWN, PRINT)
