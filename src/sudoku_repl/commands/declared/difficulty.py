"""The command of ``commands/difficulty.py``, declared."""

from __future__ import annotations

from sudoku_repl.commands.spec import CHOICE, Arg, Command, Int, Opt, Text

DIFFICULTY_FORMS = (
    (
        Arg(CHOICE, "[quiz]", "quiz (the loaded quiz, not the present state)", ("quiz",), "what"),
        Opt("--measures", Text("LIST", "a comma list of measures (te,b,backdoors)")),
        Opt("--isomorphs", Int("K", "a whole number >= 1", least=1)),
        Opt("--seed", Int("S", "a whole number >= 0")),
    ),
)


def _help() -> str:
    """``help difficulty``, with each measure as ``rate --scale`` declares it (imported when
    asked for: start-up imports no tool)."""
    from sudoku_repl.tools.rating.scales import ISOMORPHS, MEASURES, ON_REQUEST, SEED

    # (a paragraph a measure: help fills each paragraph on its own)
    measures = "\n\n".join(f"{word}: {what}." for word, what in MEASURES.items())
    return (
        "The dossier of the quiz as it stands at the present step (the givens, the values\n"
        "placed and the candidates removed so far: a pencil-mark state; a selected frame's\n"
        "state with frame or up), or with quiz of the loaded quiz itself: one line a measure,\n"
        "each saying what it is, after a line naming the version and the settings that shape\n"
        "the figures (docs/difficulty.md). --measures takes a comma list of them (by default\n"
        f"all but {', '.join(ON_REQUEST)}; both: steps,se):\n\n"
        f"{measures}\n\n"
        f"--isomorphs K (default {ISOMORPHS}) random isomorphs drawn from --seed S (default "
        f"{SEED})\n"
        "measure order luck and ER's spread. A state with no solution or several has no\n"
        "measure (the line says which). Ctrl-C stops it; nothing changes."
    )


DIFFICULTY = Command(
    "difficulty",
    "how hard the quiz is, and why: the order-free measures beside the original's",
    "sudoku_repl.commands.difficulty:difficulty",
    forms=DIFFICULTY_FORMS,
    help=_help,
    scripted=False,
)

#: in Order List order
COMMANDS = (DIFFICULTY,)
