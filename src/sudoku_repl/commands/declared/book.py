"""The commands of ``commands/book.py``, declared (the makers are ``making``'s)."""

from __future__ import annotations

from sudoku_repl.commands.spec import (
    CHOICE,
    Arg,
    Cell,
    Choice,
    Command,
    Filled,
    Int,
    Key,
    Opt,
    Value,
)

TRANSFORM_FORMS = (
    (
        Choice("digits", "rows", "cols", "bands", "stacks", key="name"),
        Int("a", "a number"),
        Int("b", "a number"),
    ),
    (Choice("transpose", "rotate", key="name"),),
)

#: the book's arrays (``matrix``)
ARRAYS = ("na", "kh", "mmk", "nak")

MATRIX = Command(
    "matrix",
    "show the book's arrays NA, KH, MMK or NAK as matrices",
    "sudoku_repl.commands.book:matrix",
    # the array may be left out (then NA, KH and MMK); its name in any case
    forms=[(Arg(CHOICE, "[na|kh|mmk|nak]", "na, kh, mmk or nak", ARRAYS, "array"), Value("[v]"))],
    fold=True,
    help=(
        "The present state (a selected frame's: see frame) as the 9x9 matrices of Jin\n"
        "Jianming's book: NA(I) the values\n"
        "(0 = unknown), KH(I) the order in which cells got their values (givens 1, 2, ... in\n"
        "row-major order, then each placed value), MMK(I) how many values are still possible\n"
        "(1 for a filled cell), NAK(v,I) v if still possible for cell I, else 0 (all nine, or\n"
        "value v's). I = 1..81 in row-major order. Without an argument: NA, KH and MMK.\n"
        "Before the first step every value is possible (the book's expansion)."
    ),
)

_DEPTH = Opt("--depth", Int("N", "a whole number >= 0"))

WHY = Command(
    "why",
    "how a cell got its value, why it lost a candidate, why a guess went wrong",
    "sudoku_repl.commands.why:why",
    forms=[
        (Filled(), _DEPTH, Opt("--book")),
        ("removed", Value(), Cell(), _DEPTH, Opt("--book")),
        (Choice("wrong", key="wrong"), _DEPTH),
    ],
    wrong="needs a cell",
    usage="why [r,c]|removed v [r,c]|wrong [--depth N] [--book]",
    key=Key("w", "why [r,c] of the cell under the board's cursor", at_cell=True),
    help=(
        "From the record, at the present step, or a selected frame's (docs/why.md); the options\n"
        "go anywhere on the line. why [r,c]: how the cell got its\n"
        "value: a given, a guess (its step, level, i out of n, the solver's choice or your\n"
        "answer), a what-if edit, or a rule at a step (its line in the original's words; with\n"
        "set names standard the community's name too) from premises: the facts ([r,c]=v, or\n"
        "[r,c]!=v for a value no longer possible) whose holding made the rule fire. Each\n"
        "premise's cause follows, the most recent first, down to givens and guesses; a cause\n"
        "met again is printed once (see above). --depth N: the levels of causes followed\n"
        "(default 2); a last line says how many premises were left out. Every step named is\n"
        "one goto takes. why removed v [r,c]: the step that struck v from the cell, its rule\n"
        "and premises, the same way.\n\n"
        "why wrong: at or after a contradiction (a step's 'went wrong' line, or a guess the\n"
        "search gave up): the facts that met it, followed back to the guess whose try it\n"
        "ended (what held before that guess is not followed unless --depth is given). Your\n"
        "answer to the guess question, where the search gives it up, is the root, with the\n"
        "tries below it (--depth levels of them, default 2), each ended by its contradiction;\n"
        "before that, why wrong names it and the step that gives it up.\n\n"
        "why [r,c] --book | why removed v [r,c] --book (classic quizzes): the one-level answer\n"
        "in the book's terms: the step at which the cell got its value, its KH number, and the\n"
        "line of that step, or for the fill pass how its last other values were zeroed; the\n"
        "step at which NAK(v,I) became 0 and why: the book's reference Ik / Jm / Gn (zeroed by\n"
        "the value of cell k of the same row, m of the same column, n of the same block) with\n"
        "the step of that placement, or the technique line of the step."
    ),
)

TRANSFORM = Command(
    "transform",
    "load the quiz transformed (same solutions, new orientation)",
    "sudoku_repl.commands.book:transform",
    forms=TRANSFORM_FORMS,
    wrong="needs a transformation",
    usage="transform <digits a b|rows a b|cols a b|bands a b|stacks a b|transpose|rotate>",
    help=(
        "Swap two digits everywhere, two rows of one band, two columns of one stack, two\n"
        "bands or two stacks; transpose; or rotate a quarter turn clockwise. The result is\n"
        "loaded as a new quiz (the engine starts over), so step counts and biggest levels of\n"
        "the same puzzle in another orientation can be compared."
    ),
)

#: in Order List order
COMMANDS = (
    MATRIX,
    WHY,
    TRANSFORM,
)
