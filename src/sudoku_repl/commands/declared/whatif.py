"""The commands of ``commands/whatif.py``, declared."""

from __future__ import annotations

from sudoku_repl.commands.spec import Choice, Command, Int, Opt

#: what whatif looks at (only the guesses so far)
_WHAT = Choice("guesses", key="what")
WHATIF_FORMS = (
    (
        _WHAT,
        Opt("--format", Choice("text", "csv", "json")),
        Opt("--max-steps", Int("N", "a whole number >= 1")),
        Opt("--keep"),
    ),
)

WHATIF = Command(
    "whatif",
    "what the search would have done had a guess been answered otherwise",
    "sudoku_repl.commands.whatif:whatif",
    forms=WHATIF_FORMS,
    help=(
        "For each new guess taken before the present step, and each other candidate of its\n"
        "cell: the search is put back to just before the guess (on a copy: nothing here\n"
        "changes), the guess is answered with that value, and the search runs on with default\n"
        "answers in the run mode the guess was taken in, to its end or N steps past the guess\n"
        "(--max-steps, default 20000). One row a guess and value, by step: the value taken,\n"
        "the other value, the step of the first solution from the guess on, the solution sum\n"
        "and the biggest level of the whole search, the step at which the search gave the\n"
        "other value up with no solution under it (wrong at: it was wrong), and the step the\n"
        "search ended at ('cap' after it: --max-steps came first). The first line gives the\n"
        "same figures for the search as taken. --format text (the default) is the table;\n"
        "--format csv|json: the rows only, CSV with a\n"
        "header or JSON lines. --keep: each row's search is made in the session as an\n"
        "experiment of its own, parting at the guess (experiments lists them, compare N sets\n"
        "one beside the present); the present stays where it was. Ctrl-C stops it; the rows\n"
        "done are kept."
    ),
)

#: in Order List order
COMMANDS = (WHATIF,)
