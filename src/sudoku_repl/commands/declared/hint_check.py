"""The commands of ``commands/hint_check.py``, declared."""

from __future__ import annotations

from sudoku_repl.commands.spec import CHOICE, Arg, Command

#: a graded hint's level: 1 the technique and where to look, 2 the pattern's cells
#: too, 3 the whole deduction
LEVELS = ("1", "2", "3")
LEVEL_WHAT = "a hint's level: 1, 2 or 3"

HINT = Command(
    "hint",
    "show what the next step would do, without doing it",
    "sudoku_repl.commands.hint_check:hint",
    # se and all, se and a level that may be left out ([level]), a level, or no word
    forms=[
        (
            Arg(CHOICE, "se", "se (Sudoku Explainer's terms)", ("se",), key="scale"),
            Arg(CHOICE, "all", "all (every step Sudoku Explainer offers)", ("all",), key="every"),
        ),
        (
            Arg(CHOICE, "se", "se (Sudoku Explainer's terms)", ("se",), key="scale"),
            Arg(CHOICE, "[level]", LEVEL_WHAT, LEVELS, key="level"),
        ),
        (Arg(CHOICE, "<level>", LEVEL_WHAT, LEVELS, key="level"),),
        (),
    ],
    form="hint [se] [1|2|3|all]",
    wrong="takes se, a hint's level (1, 2 or 3), or both; or se all",
    help=(
        "Runs the next step on a copy in the present run mode and prints its lines: the\n"
        "technique's lines (grp, 1GW/2GW/3GW, X-Chain, Forcing-Chain), the cells a fill pass\n"
        "would place (a fill prints nothing in the original), or, when no technique applies, the\n"
        "guess that follows (with guess-mode 1 the default answer). Nothing changes.\n\n"
        "hint se names the next step as Sudoku Explainer would take it from the present values\n"
        "and candidates, with its rating: Hidden Single in block 5: [4,6]=2 (ER 1.2).\n"
        "With a frame selected (frame, up), hint se reads that frame's state; hint is refused,\n"
        "as step goes on from the present (frame 0 goes back to it).\n\n"
        "A level grades the hint (docs/explain.md): hint 1 and hint se 1 name the technique and\n"
        "where to look, and no cell; 2 adds the pattern's cells, and no candidate removed or\n"
        "value placed; 3 says the whole deduction: what is removed or placed, and why.\n\n"
        "hint se all lists every step Sudoku Explainer offers at the state looked at, easiest\n"
        "first (its window's Get all hints: each technique's findings below the chains, the\n"
        "chains' only where none has one): the technique, the rating, what it places and\n"
        "removes, and the pattern's cells."
    ),
)

CHECK = Command(
    "check",
    "compare the candidates with the quiz's solution",
    "sudoku_repl.commands.hint_check:check",
    help=(
        "Finds the quiz's solution by the engine's own search (run-mode 0, on a copy) and\n"
        "reports every cell whose value or candidates leave out the solution's value, with the\n"
        "step that took it away and that step's line; and the first guess level that is not the\n"
        "solution's (below it, lost true candidates are expected). A quiz with no solution has\n"
        "nothing to check; with several, the first solution found is used. Nothing changes.\n"
        "With a frame selected (frame, up), it checks that frame's state."
    ),
)

#: in Order List order
COMMANDS = (
    HINT,
    CHECK,
)
