"""The commands of ``commands/frames.py``, declared: the guess levels as gdb's stack frames."""

from __future__ import annotations

from sudoku_repl.commands.spec import Command, Int

#: how many levels up or down moves
LEVELS = Int("[n]", "a number of levels")

BACKTRACE = Command(
    "backtrace",
    "the guess levels, innermost first, with the step of each guess",
    "sudoku_repl.commands.frames:backtrace",
    aliases=("bt", "where"),
    help=(
        "As gdb's backtrace, with the guess levels for frames: one line per level,\n"
        "Level N [r,c]=v (tried out of options) at step S, where S is the step its guess (or\n"
        "its forward or upward guess) was taken; > marks the selected level (see frame)."
    ),
)

FRAME = Command(
    "frame",
    "select a guess level: show, board and levels then show its state",
    "sudoku_repl.commands.frames:frame",
    forms=[(Int("[level]", "a guess level"),)],
    help=(
        "frame <level>: show, board and levels show the state at the step where that level's\n"
        "guess was taken, read-only (each says so in its first line); the innermost level is\n"
        "the present state. frame alone says which level is selected. up goes outward (toward\n"
        "level 1), down inward; step, next, finish, continue, run, runtil, runrun, goto, back,\n"
        "bisect and load-quiz come back to the present."
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

#: in Order List order
COMMANDS = (BACKTRACE, FRAME, UP, DOWN)
