"""The debugger's commands, declared: their handlers are in ``commands/`` by concern (time_travel,
bisect, breakpoints, info, record_questions, pictures, scripts)."""

from __future__ import annotations

from sudoku_repl.commands.spec import (
    Cell,
    CellValue,
    Choice,
    Command,
    File,
    Int,
    Key,
    Text,
    Value,
    form_text,
)

#: a breakpoint's number (delete, disable, enable)
BREAKPOINT = Int("<n>", "a breakpoint number", key="number")

#: where a breakpoint stops (break, tbreak): ``kind`` says which
BREAK_FORMS = (
    (Choice("level", key="kind"), ">=", Int("<L>", key="level")),
    (Choice("step", key="kind"), Int("<N>", key="step")),
    (Choice("cell", key="kind"), Cell()),
    (Choice("cell", key="kind"), CellValue()),
    (Choice("row", key="kind"), Int("<r>", "a row number", key="row")),
    (Choice("removed", key="kind"), Value(), Cell()),
    (Choice("wrong", key="kind"),),
    (Choice("solution", key="kind"),),
    (Int("<N>", "a step number", key="step"),),  # a bare number: a step, as gdb's is a line
)
#: the forms as help shows them, the name once
_BREAK = form_text("break", BREAK_FORMS, repeat=False)
_TBREAK = form_text("tbreak", BREAK_FORMS, repeat=False)
#: each of them, then each with a condition after ``if`` (the rest of the line: the condition's
#: own words, ``parse_condition``'s)
BREAK_IF_FORMS = (
    *BREAK_FORMS,
    *((*form, "if", Text("<expr>", "a condition", key="expr", rest=True)) for form in BREAK_FORMS),
)

#: what a watchpoint watches (watch): a cell's value, or a candidate of it
WATCH_FORMS = ((Cell(),), ("removed", Value(), Cell()))
WATCH_IF_FORMS = (
    *WATCH_FORMS,
    *((*form, "if", Text("<expr>", "a condition", key="expr", rest=True)) for form in WATCH_FORMS),
)

#: steps from .. to (history, timeline)
STEP_RANGE = (Int("[from]", "a step number", key="first"), Int("[to]", "a step number", key="last"))
SVG = ("--svg", File(), *STEP_RANGE)
#: two experiments' curves on one axis (``timeline --compare``)
COMPARED = (
    "--compare",
    Text("<A>", "an experiment", key="a"),
    Text("<B>", "an experiment", key="b"),
)

#: what bisect looks for: ``kind`` level or when, then the level or the ``condition``
BISECT_FORMS = (
    (
        Choice("level", key="kind"),
        Int("<L>", "a guess level", key="level"),
        Int("[max-steps]", "a number of steps", key="max_steps"),
    ),
    (Choice("level", key="kind"), Choice("max", key="level")),
    (Choice("when", key="kind"), Choice("cell", key="condition"), CellValue()),
    (Choice("when", key="kind"), Choice("removed", key="condition"), Value(), Cell()),
    (Choice("when", key="kind"), Choice("solutions", key="condition"), ">=", Int("<k>")),
)

GOTO = Command(
    "goto",
    "go to the state right after a step",
    "sudoku_repl.commands.time_travel:goto",
    stops=True,
    key=Key("g", "goto: opens the command line with goto typed", opens=True),
    forms=[(Int("<step>", "a step number"),)],
    help=(
        "Backwards or forwards; no trace lines are printed for the steps in between, and\n"
        "guess answers are taken from the record. Past the end of the record the search goes on\n"
        "(silently). Then the show block."
    ),
)

BACK = Command(
    "back",
    "go back n steps (default 1)",
    "sudoku_repl.commands.time_travel:back",
    stops=True,
    repeats=True,
    key=Key("b", "back one step", brief=True),
    aliases=("reverse-step", "rs"),
    forms=[(Int("[n]", "a number of steps (1 or more)", least=1),)],
    help="The same as goto <present step - n>; reverse-step and rs are gdb's words for it.",
)

REVERSE_NEXT = Command(
    "reverse-next",
    "back one step, where a guess and everything below it count as one",
    "sudoku_repl.commands.time_travel:reverse_next",
    stops=True,
    repeats=True,
    aliases=("rn",),
    help=(
        "next backwards: back to the latest earlier step at this guess level or above it (the\n"
        "levels below it, tried and left, are passed over), from the record."
    ),
)

REVERSE_CONTINUE = Command(
    "reverse-continue",
    "back to the previous stop: a breakpoint, a watchpoint or a guess",
    "sudoku_repl.commands.time_travel:reverse_continue",
    stops=True,
    repeats=True,
    aliases=("rc",),
    help=(
        "continue backwards, from the record: back to the latest earlier step where an enabled\n"
        "breakpoint or watchpoint stops (its condition holding; ignore counts and hit counts play\n"
        "no part going back), or to the step before the latest guess (where step takes it, or\n"
        "asks for it, again). With none, back to the start of the record."
    ),
)

REVERSE_FINISH = Command(
    "reverse-finish",
    "back to where the present guess level was entered",
    "sudoku_repl.commands.time_travel:reverse_finish",
    stops=True,
    repeats=True,
    help=(
        "finish backwards: back to the step before the present guess level's first guess, at\n"
        "the level above it (where gdb's reverse-finish finds the call), from the record."
    ),
)

BISECT = Command(
    "bisect",
    "find the first step where a level or a condition is reached",
    "sudoku_repl.commands.bisect:bisect",
    stops=True,
    forms=BISECT_FORMS,
    wrong="needs a level or a condition",
    usage="bisect level <L>|when <cond>",
    help=(
        "bisect level <L> [max-steps]: the first step at which guess level L is reached;\n"
        "with max-steps the search first runs (silently) up to that many steps, and the answer\n"
        "lies within them.\n\n"
        "bisect level max: the same for the biggest level of the whole search (runs to the end).\n\n"
        "bisect when cell [r,c]=v | removed v [r,c] | solutions >= k: the first step where it\n"
        "happens. Each probe is one line; the session is left at the step found."
    ),
)

BREAK = Command(
    "break",
    "stop runs where a condition is met",
    "sudoku_repl.commands.breakpoints:break_",
    aliases=("b", "br"),
    forms=BREAK_IF_FORMS,
    form=f"{_BREAK} [if <expr>]",
    wrong="needs a condition",
    usage="break <condition>",
    help=(
        f"{_BREAK} [if <expr>].\n\n"
        "step, run, runtil, runrun and continue stop at an enabled breakpoint\n"
        '(docs/engine.md, "The state at step N"), also between a filter and its guess.\n'
        "step <N>, cell, removed, wrong and solution stop at the first step whose state\n"
        "meets them; level >= <L> stops only at a new guess that takes the search to level\n"
        "L or deeper (not at a Forward or Upward guess, nor at every step spent down there);\n"
        "row <r> at every step that places, guesses or changes a value in row r.\n\n"
        "if <expr>: only where it holds, e.g. break level >= 8 if step > 100 (see\n"
        "condition). See info break, delete, disable, enable, tbreak, ignore."
    ),
)

TBREAK = Command(
    "tbreak",
    "a breakpoint that stops once, then is deleted",
    "sudoku_repl.commands.breakpoints:tbreak",
    aliases=("tb",),
    forms=BREAK_IF_FORMS,
    form=f"{_TBREAK} [if <expr>]",
    wrong="needs a condition",
    usage="tbreak <condition>",
    help=f"As break (see help break), but deleted when it first stops: {_TBREAK} [if <expr>].",
)

WATCH = Command(
    "watch",
    "stop where a cell's value or one of its candidates changes (a watchpoint)",
    "sudoku_repl.commands.breakpoints:watch",
    forms=WATCH_IF_FORMS,
    form=f"{form_text('watch', WATCH_FORMS, repeat=False)} [if <expr>]",
    wrong="needs a cell",
    usage="watch [r,c]|removed v [r,c]",
    help=(
        "The data form of a breakpoint, as gdb's watch: watch [r,c] stops at the first step whose\n"
        "state shows the cell's value changed (placed, or emptied when the search goes back);\n"
        "watch removed v [r,c] when the candidate v of [r,c] changes (removed, placed, or back\n"
        "again). The stop says the old and the new value. Watchpoints share their numbers with\n"
        "the breakpoints: info break lists both, info watch the watchpoints; delete, disable,\n"
        "enable, ignore and condition take them too."
    ),
)

INFO = Command(
    "info",
    "list the breakpoints, where the search is, or the settings",
    "sudoku_repl.commands.info:info",
    forms=[
        (Choice("break", key="what"),),
        (Choice("watch", key="what"),),
        (Choice("search", key="what"),),
        (Choice("settings", key="what"),),
        (Choice("frame", key="what"),),
        (Choice("display", key="what"),),
    ],
    synonyms={"breakpoints": "break", "b": "break", "watchpoints": "watch", "f": "frame"},
    aliases=("i",),
    wrong="knows",
    usage="info break|watch|search|settings|frame|display",
    help=(
        "info break (info b, info breakpoints, i b): each breakpoint with its number, condition,\n"
        "whether it is enabled, and how many times it has hit. info search: the quiz, the step,\n"
        "the guess level and the biggest so far, the modes and the breakpoints, in a few lines.\n"
        "info settings lists what set changes. info watch (info watchpoints): the watchpoints\n"
        "alone. info frame: the selected guess level (see frame). info display: the displays."
    ),
)

#: how ``delete`` and ``undisplay`` alone go about it (``Repl.confirmed``)
ASKS_FIRST = (
    "the interactive shell and the full screen ask first (y or n); batch mode and scripts do\n"
    "not ask."
)

DELETE = Command(
    "delete",
    "delete a breakpoint, or all of them",
    "sudoku_repl.commands.breakpoints:delete",
    aliases=("d",),
    forms=[(Int("[n]", "a breakpoint number", key="number"),)],
    help=(
        "The number is the one break gave it (see\ninfo break); the numbers of the others stay.\n"
        "delete alone deletes every breakpoint and watchpoint, as gdb does: " + ASKS_FIRST
    ),
)

DISABLE = Command(
    "disable",
    "disable a breakpoint",
    "sudoku_repl.commands.breakpoints:disable",
    forms=[(BREAKPOINT,)],
    help=("It stays listed by info break but stops\nnothing until enable <n>."),
)

ENABLE = Command(
    "enable",
    "enable a breakpoint",
    "sudoku_repl.commands.breakpoints:enable",
    forms=[(BREAKPOINT,)],
    help=("Undo disable <n>: the breakpoint stops runs\nagain."),
)

WHEN = Command(
    "when",
    "the steps at which a cell got or lost a value, or lost a candidate",
    "sudoku_repl.commands.record_questions:when",
    scripted=False,
    forms=[(Cell(),), (CellValue(),), ("removed", Value(), Cell())],
    wrong="needs a cell",
    usage="when [r,c]|[r,c]=v|removed v [r,c]",
    help=(
        "Answered from the record (the whole record, also past the present after going\n"
        "back), without running anything. when [r,c]=v: only the steps at which the cell got\n"
        "or lost v."
    ),
)

HISTORY = Command(
    "history",
    "the recorded trace lines of a step range",
    "sudoku_repl.commands.record_questions:history",
    scripted=False,
    forms=[STEP_RANGE],
    help=(
        "From the record; default: all of it. The lines of step N are those of the moves from\n"
        "the state at step N-1 to the state at step N (a fill pass that went wrong prints the\n"
        "number it began with but belongs to the next step)."
    ),
)

TIMELINE = Command(
    "timeline",
    "the guess level over the steps, as a picture",
    "sudoku_repl.commands.pictures:timeline",
    forms=[STEP_RANGE, SVG, COMPARED, (*COMPARED, "--svg", File())],
    usage="timeline [from] [to]",
    help=(
        f"A character plot fitting the terminal; {form_text('timeline', [SVG])} writes the\n"
        "same as an SVG image. timeline --compare A B [--svg <file>]: two experiments' curves\n"
        "on one axis (see experiments)."
    ),
)

TREE = Command(
    "tree",
    "write the guess tree as Graphviz DOT",
    "sudoku_repl.commands.pictures:tree",
    forms=[("--dot", File())],
    help=(
        "Levels, cells, values, step ranges, and which branches went wrong or reached a\n"
        "solution. Render it with: dot -Tsvg <file> -o tree.svg"
    ),
)

SAVE_SESSION = Command(
    "save-session",
    "write a script that replays this session",
    "sudoku_repl.commands.scripts:save_session",
    scripted=False,
    forms=[(File(),)],
    help=(
        "The commands and guess answers so far, as a batch script: sudoku-repl -x <file>\n"
        "reproduces the session exactly."
    ),
)

SOURCE = Command(
    "source",
    "run the commands of a script",
    "sudoku_repl.commands.scripts:source",
    scripted=False,
    displayable=False,
    forms=[(File(),)],
    help=(
        "As in batch mode: empty and # lines are skipped; a guess question takes the next\n"
        "line of the script as its answer (an invalid one calls the question off). A file that\n"
        "is not text, or whose first command line is not a command (a quiz, say), is refused."
    ),
)

#: gdb's words that cannot mean here what they mean there, each with what to type instead: an
#: unknown command that is one of them gets this one line (``listing.unknown``), not the Order List
GDB_ELSEWHERE = {
    "list": "there is no source here; show prints the grid and the candidates, history the "
    "trace lines",
    "start": "goto 0 goes back to the loaded quiz, step takes the first step",
    "kill": "goto 0 goes back to the loaded quiz, load-quiz loads another",
    "jump": "goto <step> goes to any step, forward or back",
    "stepi": "a step is the smallest unit here; step",
    "nexti": "a step is the smallest unit here; next",
    "x": "print, given a cell, says its value or candidates; board draws the grid",
    "return": "finish runs on until the guess level is left, reverse-finish goes back to where "
    "it was entered",
    "rwatch": "nothing here reads a cell without changing it; watch [r,c] stops where it changes",
    "awatch": "watch [r,c] stops where the cell changes",
    "record": "the record is always on: every step is kept (goto, reverse-step, reverse-continue)",
    "checkpoint": "every step is kept: goto <step> goes back to any of them",
    "restart": "every step is kept: goto 0 goes back to the loaded quiz, goto <step> to any step",
}
GDB_ELSEWHERE.update(l=GDB_ELSEWHERE["list"], si=GDB_ELSEWHERE["stepi"], ni=GDB_ELSEWHERE["nexti"])

#: in Order List order
COMMANDS = (
    GOTO,
    BACK,
    REVERSE_NEXT,
    REVERSE_CONTINUE,
    REVERSE_FINISH,
    BISECT,
    BREAK,
    TBREAK,
    WATCH,
    INFO,
    DELETE,
    DISABLE,
    ENABLE,
    WHEN,
    HISTORY,
    TIMELINE,
    TREE,
    SAVE_SESSION,
    SOURCE,
)
