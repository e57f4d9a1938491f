"""The command of ``commands/difficulty.py``, declared."""

from __future__ import annotations

from sudoku_repl.commands.spec import CHOICE, Arg, Command, Int, Opt, Seconds, Text

DIFFICULTY_FORMS = (
    (
        Arg(CHOICE, "[quiz]", "quiz (the loaded quiz, not the present state)", ("quiz",), "what"),
        Opt("--measures", Text("LIST", "a comma list of measures (te,b,backdoors)")),
        # (taken as typed: their ranges are checked by the dossier's settings, and said so)
        Opt("--isomorphs", Int("K", "a whole number >= 1", least=1, exact=True)),
        Opt("--seed", Int("S", "a whole number >= 0", exact=True)),
        Opt("--se-timeout", Seconds("T")),
    ),
)


def _help() -> str:
    """``help difficulty`` and ``sudoku-repl difficulty --help``, with each measure as ``rate
    --scale`` declares it (imported when asked for: start-up imports no tool)."""
    from sudoku_repl.tools.difficulty.parts import SE_TIMEOUT
    from sudoku_repl.tools.rating.scales import ISOMORPHS, MEASURES, ON_REQUEST, SEED

    # (a paragraph a measure: help fills each paragraph on its own)
    measures = "\n\n".join(f"{word}: {what}." for word, what in MEASURES.items())
    return (
        "The dossier of the quiz as it stands at the present step (the givens, the values\n"
        "placed and the candidates removed so far: a pencil-mark state; a selected frame's\n"
        "state with frame or up), or with quiz of the loaded quiz itself: one line a measure,\n"
        "each saying what it is, after a line naming the version and the settings that shape\n"
        "the figures (docs/difficulty.md). --measures takes a comma list of them (by default\n"
        f"all but {' and '.join(ON_REQUEST)}; both: steps,se):\n\n"
        f"{measures}\n\n"
        f"--isomorphs K (default {ISOMORPHS}) random isomorphs drawn from --seed S (default "
        f"{SEED})\n"
        "measure order luck and ER's spread; --se-timeout T gives each of Sudoku Explainer's\n"
        f"ratings T seconds (default {SE_TIMEOUT:g}; past them ER and EP are lower bounds, >=X). A state\n"
        "with no solution or several has no measure (the line says which). Past half a\n"
        "second a progress line names the measure under way (and the isomorph); Ctrl-C stops\n"
        "it and prints the measures finished, then the one it stopped in; nothing changes.\n\n"
        "At the system prompt, sudoku-repl difficulty PUZZLE|FILE [N] [options] prints the\n"
        "dossier of a puzzle (81 characters, or a 729-character pencil-mark line) or of quiz N\n"
        "of FILE (default the first), with the options above, and exits."
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
