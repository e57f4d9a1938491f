"""The commands of ``commands/experiments.py``, declared: the futures of the search kept side
by side (docs/experiments.md). ``set cell`` and ``set removed``, the what-if edits, are forms of
``set`` (``declared/stepping.py``)."""

from __future__ import annotations

from sudoku_repl.commands.spec import Choice, Command, Text

EXPERIMENTS = Command(
    "experiments",
    "list the experiments: the futures of the search, kept side by side",
    "sudoku_repl.commands.experiments:experiments",
    scripted=False,
    help=(
        "One line each: its number and name, where it parted (step, cell and answer), how far\n"
        "it got (steps, solutions, biggest level, finished or not) and the step it stands at;\n"
        "* marks the present one. A future is kept as an experiment whenever the record is cut:\n"
        "a guess answered otherwise or another run mode after goto or back, or set cell."
    ),
)

EXPERIMENT = Command(
    "experiment",
    "switch to an experiment, name the present one, or delete one",
    "sudoku_repl.commands.experiments:experiment",
    # an experiment by its number or its name (a name may have blanks)
    forms=[
        (Choice("name", key="word"), Text("<text>", "a name", key="text", rest=True)),
        (Choice("delete", key="word"), Text("<n>", "an experiment number", key="text", rest=True)),
        (Text("<name>", key="text", rest=True),),
    ],
    form="experiment N|NAME | experiment name TEXT | experiment delete N",
    wrong="needs an experiment number or name",
    help=(
        "experiment N (or its name): switch to it at the step where it stands, from the record\n"
        "(nothing runs again), then the show block. experiment name TEXT names the present one;\n"
        "experiment delete N forgets another one and the moves only it had."
    ),
)

#: how to go to another experiment, its form's first part (``experiment delete`` of the
#: present one says it)
SWITCH = EXPERIMENT.form.partition(" | ")[0]

COMPARE = Command(
    "compare",
    "two experiments side by side",
    "sudoku_repl.commands.experiments:compare",
    scripted=False,
    forms=[(Text("<A>", key="a"), Text("[B]", key="b"))],
    form="compare A [B]",
    wrong="needs one or two experiments",
    help=(
        "The step where their records part, then side by side: steps, the step of the first\n"
        "solution, solutions, biggest level, guesses (values tried), wrong guesses (those that\n"
        "met a contradiction), finished or not; then the first cells whose values differ in\n"
        "their last states. B is the present experiment unless given. timeline --compare A B\n"
        "draws both level curves."
    ),
)

#: in Order List order
COMMANDS = (EXPERIMENTS, EXPERIMENT, COMPARE)
