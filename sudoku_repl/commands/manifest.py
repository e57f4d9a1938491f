"""The static command manifest: every command, in Order List order, with what the Order List,
``help``, unknown-command suggestions and completion need of it (usage, summary, help text,
aliases, the kind of argument completion offers) and the module of this package that declares
its handler, imported on first use of the command (``table.Command.handler``).

Each entry says what its module's ``@command(...)`` declares, word for word:
``tests/test_command_manifest.py`` checks that the two agree, and prints the entry to put here
when they do not. A new command: declare it in its module, then add its entry here.
"""

from __future__ import annotations

from sudoku_repl.commands.table import Command

MANIFEST: tuple[Command, ...] = (
    Command(
        "original",
        "load-quiz <file>",
        "load quiz from file",
        argument="file",
        help=(
            "load-quiz <file> [N]: the nine-line format (0 or . for an empty cell), a file of\n"
            "one 81-character quiz per line (quiz N, default the first), or an 81-character quiz\n"
            "typed in place of the file name. Loading resets the engine; the settings stay."
        ),
    ),
    Command(
        "original",
        "show",
        "show quiz info",
        help=(
            "The grid, the step count, the candidates of the empty\n"
            "cells by row, the foremost cell and the current guess level."
        ),
    ),
    Command(
        "original",
        "levels",
        "show info about guess levels",
        aliases=("lv",),
        help=(
            "One line per guess level, deepest\n"
            "first: the cell, the value being tried, its place among the cell's candidates."
        ),
    ),
    Command(
        "original",
        "run-mode [1|2|0]",
        "query or change working mode",
        argument="run-mode",
        help="1: grp only; 2: ply only; 0: both grp and ply (the default).",
    ),
    Command(
        "original",
        "guess-mode [1|0]",
        "query or change guessing mode",
        argument="guess-mode",
        help="1 (any non-zero number): ask before each new guess; 0: guess automatically.",
    ),
    Command(
        "original",
        "step",
        "step forward",
        aliases=("s",),
        help=(
            "One solver step with its trace lines, then the show\n"
            "block (unless the step reported a solution or ended the search)."
        ),
    ),
    Command(
        "original",
        "run",
        "run till the end or a new solution met",
        aliases=("r",),
    ),
    Command(
        "original",
        "runtil <steps>",
        "run till certain steps run",
        aliases=("rt",),
        help=(
            "Like run, but stops once the step count reaches <steps> (checked before each step,\n"
            "so a step that filters and guesses can pass it by one). A step count below the\n"
            "present replays the search from the loaded quiz, as a fresh session would."
        ),
    ),
    Command(
        "original",
        "runrun <sum>",
        "run till the end or certain new solutions met",
        help="runrun 0 runs to the end of the search.",
    ),
    Command(
        "bare",
        "bye",
        "quit",
        aliases=("q",),
    ),
    Command(
        "bare",
        "help [command]",
        "list the commands, or explain one",
        argument="command",
    ),
    Command(
        "debugger",
        "goto <step>",
        "go to the state right after a step",
        help=(
            "Backwards or forwards; no trace lines are printed for the steps in between, and\n"
            "guess answers are taken from the record. Past the end of the record the search goes on\n"
            "(silently). Then the show block."
        ),
    ),
    Command(
        "debugger",
        "back [n]",
        "go back n steps (default 1)",
        help="The same as goto <present step - n>.",
    ),
    Command(
        "debugger",
        "bisect level <L>|when <cond>",
        "find the first step where a level or a condition is reached",
        argument="bisect",
        help=(
            "bisect level <L> [max-steps]: the first step at which guess level L is reached;\n"
            "with max-steps the search first runs (silently) up to that many steps, and the answer\n"
            "lies within them.\n"
            "bisect level max: the same for the biggest level of the whole search (runs to the end).\n"
            "bisect when cell [r,c]=v | removed v [r,c] | solutions >= k: the first step where it\n"
            "happens. Each probe is one line; the session is left at the step found."
        ),
    ),
    Command(
        "debugger",
        "break <condition>",
        "stop runs where a condition is met",
        argument="break",
        help=(
            "break level >= <L> | step <N> | cell [r,c] | cell [r,c]=v | removed v [r,c] | wrong | solution [if <expr>].\n"
            "step, run, runtil and runrun stop at the first step whose state meets an\n"
            'enabled breakpoint (docs/engine.md, "The state at step N"), also between a filter and\n'
            "its guess. if <expr>: only where it holds, e.g. break level >= 8 if step > 100 (see\n"
            "condition). See info break, delete, disable, enable, tbreak, ignore."
        ),
    ),
    Command(
        "debugger",
        "tbreak <condition>",
        "a breakpoint that stops once, then is deleted",
        argument="break",
        help="As break: break level >= <L> | step <N> | cell [r,c] | cell [r,c]=v | removed v [r,c] | wrong | solution, with if <expr> too.",
    ),
    Command(
        "debugger",
        "info break",
        "list the breakpoints",
        argument="info",
        help=(
            "Each breakpoint with its number, condition, whether it is enabled, and how many\n"
            "times it has hit. info settings lists what set changes."
        ),
    ),
    Command(
        "debugger",
        "delete <n>",
        "delete a breakpoint",
        help=(
            "The number is the one break gave it (see\ninfo break); the numbers of the others stay."
        ),
    ),
    Command(
        "debugger",
        "disable <n>",
        "disable a breakpoint",
        help=("It stays listed by info break but stops\nnothing until enable <n>."),
    ),
    Command(
        "debugger",
        "enable <n>",
        "enable a breakpoint",
        help=("Undo disable <n>: the breakpoint stops runs\nagain."),
    ),
    Command(
        "debugger",
        "when [r,c]|removed v [r,c]",
        "the steps at which a cell got or lost a value, or lost a candidate",
        argument="cell",
        help=(
            "Answered from the record (the whole record, also past the present after going\n"
            "back), without running anything."
        ),
    ),
    Command(
        "debugger",
        "history [from] [to]",
        "the recorded trace lines of a step range",
        help=(
            "From the record; default: all of it. The lines of step N are those of the moves from\n"
            "the state at step N-1 to the state at step N (a fill pass that went wrong prints the\n"
            "number it began with but belongs to the next step)."
        ),
    ),
    Command(
        "debugger",
        "timeline [from] [to]",
        "the guess level over the steps, as a picture",
        argument="timeline",
        help=(
            "A character plot fitting the terminal; timeline --svg <file> [from] [to] writes the\n"
            "same as an SVG image."
        ),
    ),
    Command(
        "debugger",
        "tree --dot <file>",
        "write the guess tree as Graphviz DOT",
        argument="tree",
        help=(
            "Levels, cells, values, step ranges, and which branches went wrong or reached a\n"
            "solution. Render it with: dot -Tsvg <file> -o tree.svg"
        ),
    ),
    Command(
        "debugger",
        "save-session <file>",
        "write a script that replays this session",
        argument="file",
        help=(
            "The commands and guess answers so far, as a batch script: sudoku-repl -x <file>\n"
            "reproduces the session exactly."
        ),
    ),
    Command(
        "debugger",
        "source <file>",
        "run the commands of a script",
        argument="file",
        help=(
            "As in batch mode: empty and # lines are skipped; a guess question takes the next\n"
            "line of the script as its answer (an invalid one calls the question off). A file that\n"
            "is not text, or whose first command line is not a command (a quiz, say), is refused."
        ),
    ),
    Command(
        "stepping",
        "continue",
        "run to the next breakpoint or the end of the search",
        aliases=("c",),
        help=(
            "As runrun 0, but named as in gdb: it stops at an enabled breakpoint, Ctrl-C or the end\n"
            "of the search, and passes the solutions on the way (set solutions off hides their grids)."
        ),
    ),
    Command(
        "stepping",
        "next",
        "one step, where a new guess and everything below it count as one",
        help=(
            "Steps until the search is back at this guess level or above it (the guess it makes is\n"
            "tried, and the levels below it are left), a solution, a breakpoint or the end. Without a\n"
            "new guess it is one step."
        ),
    ),
    Command(
        "stepping",
        "finish",
        "run until the present guess level is left",
        help=(
            "Runs until the search leaves this guess level (its last option failed, and the search\n"
            "goes up) or reports a solution, a breakpoint stops it, or the search ends."
        ),
    ),
    Command(
        "stepping",
        "ignore <n> <count>",
        "pass over a breakpoint's next count stops",
        help="The breakpoint still counts its hits; it stops again after count of them.",
    ),
    Command(
        "stepping",
        "condition <n> [expr]",
        "stop at a breakpoint only where a condition holds",
        help=(
            "expr: comparisons of step, level or solutions with a number (> >= < <= == !=),\n"
            "joined by and: condition 1 step > 100 and level >= 8. Without expr the condition goes.\n"
            "break <condition> if <expr> sets it at once."
        ),
    ),
    Command(
        "stepping",
        "display [command]",
        "run a command at every stop; display alone lists them",
        argument="command",
        help=(
            "After step, next, finish, continue, run, runtil, runrun, goto, back and bisect, each\n"
            "display runs (display levels, display board). undisplay <n> removes one."
        ),
    ),
    Command(
        "stepping",
        "undisplay <n>",
        "stop running a display at every stop",
    ),
    Command(
        "stepping",
        "set <setting> <value>",
        "change how much is printed: trace, solutions, colour",
        argument="set",
        help=(
            "set trace off: runs print no trace lines (the end of the search and the timing lines\n"
            "stay); set solutions off: a solution prints its Fine line without its grid; set colour\n"
            "on|off|auto: colour in board (auto: on a terminal, unless NO_COLOR is set).\n"
            "info settings lists them."
        ),
    ),
    Command(
        "stepping",
        "tui",
        "switch to the full-screen mode",
        help=(
            "The same quiz, record and breakpoints in the full-screen view (the board, the trace,\n"
            "the levels and a command line); q there comes back here. sudoku-repl --tui starts in it."
        ),
    ),
    Command(
        "board",
        "board",
        "draw the grid with the candidates of each empty cell",
        help=(
            "The present state (as show: also after goto and back) as a pencil-mark grid: each\n"
            "empty cell a 3x3 block of its candidates (1 top left .. 9 bottom right, . where absent),\n"
            "each filled cell its digit, givens, placed values and the cell guessed at each level\n"
            "told apart, and the cells and candidates the present step changed marked. On a terminal\n"
            "in colour; in batch mode, or with NO_COLOR set, in plain characters; a legend below says\n"
            "how to read it. A classic grid fits 80 columns; a samurai or flower puzzle is drawn as\n"
            "its overlapping grids in frame layout, which is wider (116 and 84 columns)."
        ),
    ),
    Command(
        "book",
        "matrix na|kh|mmk|nak [v]",
        "show the book's arrays NA, KH, MMK or NAK as matrices",
        argument="matrix",
        help=(
            "The present state as the 9x9 matrices of Jin Jianming's book: NA(I) the values\n"
            "(0 = unknown), KH(I) the order in which cells got their values (givens 1, 2, ... in\n"
            "row-major order, then each placed value), MMK(I) how many values are still possible\n"
            "(1 for a filled cell), NAK(v,I) v if still possible for cell I, else 0 (all nine, or\n"
            "value v's). I = 1..81 in row-major order. Without an argument: NA, KH and MMK.\n"
            "Before the first step every value is possible (the book's expansion)."
        ),
    ),
    Command(
        "book",
        "why [r,c]|removed v [r,c]",
        "how a cell got its value, or why it lost a candidate, in the book's terms",
        argument="why",
        help=(
            "From the record, up to the present step. why [r,c]: the step at which the cell got\n"
            "its value, its KH number, and the line of that step (a conversion of run-mode 3, a\n"
            "guess) or, for the fill pass, how its last other values were zeroed. why removed v\n"
            "[r,c]: the step at which NAK(v,I) became 0 and why: the book's reference Ik / Jm / Gn\n"
            "(zeroed by the value of cell k of the same row, m of the same column, n of the same\n"
            "block) with the step of that placement, or the technique line of the step."
        ),
    ),
    Command(
        "book",
        "generate [--clues N] [--seed S] [--from <grid>] [--count K] [--out <file>]",
        "make quizzes with one solution from a solution grid",
        argument="generate",
        help=(
            "As seed 003 describes: scramble the seed grid (default: its figure 1) with\n"
            "--digit-swaps 20, --row-swaps 9 (within a band), --col-swaps 9 (within a stack),\n"
            "--band-swaps 2 and --stack-swaps 2, until its cosine similarity to the seed grid is\n"
            "below --below 0.818; keep --clues N random cells (default 30); while a second solution\n"
            "exists, add the clue of a cell where it differs. Each quiz is printed with its\n"
            "similarity, clue count and rating (steps and biggest level of run to the first\n"
            "solution, in the present run mode). The same --seed gives the same quizzes. The first\n"
            "quiz is loaded, unless --out writes them all to a file. --from takes a file or an\n"
            "81-character grid (one with empty cells is replaced by its first solution).\n"
            "generate --family <file or grid> [--size 36|64] [--out <file>]: the fixed variants of\n"
            "a grid or quiz: 36 = the orders of the bands x the orders of the stacks; 64 = the first\n"
            "two rows of each band and the first two columns of each stack swapped or not."
        ),
    ),
    Command(
        "book",
        "transform <digits a b|rows a b|cols a b|bands a b|stacks a b|transpose|rotate>",
        "load the quiz transformed (same solutions, new orientation)",
        argument="transform",
        help=(
            "Swap two digits everywhere, two rows of one band, two columns of one stack, two\n"
            "bands or two stacks; transpose; or rotate a quarter turn clockwise. The result is\n"
            "loaded as a new quiz (the engine starts over), so step counts and biggest levels of\n"
            "the same puzzle in another orientation can be compared."
        ),
    ),
    Command(
        "chains",
        "hint",
        "show what the next step would do, without doing it",
        help=(
            "Runs the next step on a copy in the present run mode and prints its lines: the\n"
            "technique's lines (grp, 1GW/2GW/3GW, X-Chain, Forcing-Chain), the cells a fill pass\n"
            "would place (a fill prints nothing in the original), or, when no technique applies, the\n"
            "guess that follows (with guess-mode 1 the default answer). Nothing changes."
        ),
    ),
    Command(
        "chains",
        "check",
        "compare the candidates with the quiz's solution",
        help=(
            "Finds the quiz's solution by the engine's own search (run-mode 0, on a copy) and\n"
            "reports every cell whose value or candidates leave out the solution's value, with the\n"
            "step that took it away and that step's line; and the first guess level that is not the\n"
            "solution's (below it, lost true candidates are expected). A quiz with no solution has\n"
            "nothing to check; with several, the first solution found is used. Nothing changes."
        ),
    ),
)
