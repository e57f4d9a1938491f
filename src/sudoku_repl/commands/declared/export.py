"""The commands of ``commands/export.py``, declared."""

from __future__ import annotations

from sudoku_repl.commands.declared.debugger import STEP_RANGE
from sudoku_repl.commands.spec import Choice, Command, File, Int, Opt

EXPORT = Command(
    "export",
    "write the search's replay page (HTML), a 0-1 program (LP, MPS) or a step's picture (SVG)",
    "sudoku_repl.commands.export:export",
    forms=[
        ("html", File(), *STEP_RANGE),
        (Choice("lp", "mps", key="program"), File(), Opt("--at-step")),
        (Choice("svg", key="picture"), File(), Opt("--step", Int("N", "a step number"))),
    ],
    help=(
        "export html: one self-contained HTML file (no network: its script, styles and the\n"
        "record inside) that replays the recorded search, steps from..to (default: all): the\n"
        "board with the candidates at any step, the step's trace lines, the guess levels, a\n"
        "scrubber and keys (left/right a step, PgUp/PgDn a guess, Home/End, a number then\n"
        "Enter), the timeline with the breakpoint stops and bisection's answers, the guess tree\n"
        "and, for a clicked cell, the step that gave it its value or struck each candidate. The\n"
        "address keeps the step (page.html#step=92).\n\n"
        "export lp|mps: the quiz as the 0-1 integer program of seed 001 (Ke Chunmei), in CPLEX\n"
        "LP or free MPS, which HiGHS, CBC, GLPK and SCIP read: a binary x_rR_cC_dD per cell of\n"
        "the frame and digit (a cell two grids share is one binary), a constraint per cell\n"
        "(cell_rR_cC) and per grid, unit and digit (g2_row4_d2, g2_col.., g2_box..), the givens\n"
        "fixed, a constant objective; a comment block first names the puzzle, the position and\n"
        "the size. --at-step: the present step's position instead (the digits placed fixed to\n"
        "1, the struck candidates to 0): does it still have a solution? (docs/ilp.md)\n\n"
        "export svg: a picture of the step Sudoku Explainer takes next from the state looked at\n"
        "(hint se's step; a selected frame's state): the board with the candidates, the\n"
        "pattern's cells shaded and ringed, a chain's links in order (strong solid, weak dashed),\n"
        "the candidates removed struck and crossed, the value placed bold and circled\n"
        "(docs/explain.md). --step N: the original's step N of the record instead, on the board\n"
        "before it (a guess's: the board its level started from): its filter's or guess's\n"
        "cells, the candidates it removed, the values it placed.\n\n"
        "An existing file is replaced, as save-session does."
    ),
)

#: in Order List order
COMMANDS = (EXPORT,)
