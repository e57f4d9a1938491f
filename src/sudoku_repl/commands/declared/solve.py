"""The commands of ``commands/solve.py``, declared."""

from __future__ import annotations

from sudoku_repl.commands.spec import Command, Int, Opt, Seconds

SOLVE = Command(
    "solve",
    "solve the present position as the seed's 0-1 program with HiGHS; is it unique?",
    "sudoku_repl.commands.solve:solve",
    forms=[
        (
            "ilp",
            Opt("--count", Int("N", "a whole number >= 1")),
            Opt("--time-limit", Seconds("S")),
        )
    ],
    scripted=False,
    help=(
        "The present step's position (the digits placed, the candidates struck; before the\n"
        "first step, the givens) as the 0-1 integer program of seed 001 (what export lp\n"
        "--at-step writes), solved by HiGHS (the highspy package, the optional extra ilp), a\n"
        "second judge beside the search: the first solution as a grid,\n"
        "then whether it is unique, found by cutting off each solution and solving again, up to\n"
        "N solutions (--count, default 2), and HiGHS's status, time and branch-and-bound\n"
        "nodes. A position with no solution (a wrong guess taken, a wrong digit set by hand)\n"
        "is found out at once, before the search gets there. --time-limit S: stop after S\n"
        "seconds of HiGHS in all. Ctrl-C stops it. Nothing of the session changes.\n"
        "(docs/ilp.md)"
    ),
)

#: in Order List order
COMMANDS = (SOLVE,)
