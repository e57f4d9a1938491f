"""What a continued ``generate --out`` takes from the run that stopped, checked before it is
trusted, as ``rating/kept`` checks ``rate``'s rows: the marker's figures (the seed it
drew, how far the job went), and each puzzle line FILE holds. A kept line is printed again by no
one, but it is counted, searched near (``--near``) and never made again: a line edited by hand
or appended by a tool (no givens, 81 ``1``s, ``nan/nan/nan``, a puzzle twice) would pass for a
puzzle this job made. ``rate_out.open_out`` turns what is wrong into one line naming the line
and ``--restart``.
"""

from __future__ import annotations

import re

from sudoku_repl.core.counting import count_solutions
from sudoku_repl.core.rule_counting import count_under
from sudoku_repl.core.rule_making import form_under
from sudoku_repl.core.rules import geometry_of
from sudoku_repl.text.args import MOST_SEED
from sudoku_repl.tools.making.loop import ENDLESS
from sudoku_repl.tools.making.options import PROG
from sudoku_repl.tools.making.targets import BEYOND, LOWEST
from sudoku_repl.tools.making.tasks import Made, Order, made_from_line
from sudoku_repl.tools.rating.out import PROGRESS

#: ER/EP/ED as a puzzle's line gives them (``Made.line``): a tenth each
_FIGURES = re.compile(r"[0-9]{1,2}\.[0-9]/[0-9]{1,2}\.[0-9]/[0-9]{1,2}\.[0-9]")


def _whole(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def marker_fault(earlier: dict[str, object]) -> str | None:
    """What is wrong with the figures of a marker ``generate`` left (its job, with how far it
    went), or None; another program's marker is said by ``open_out``."""
    if earlier.get("program") != PROG:
        return None
    seed = earlier.get("seed")
    if seed is not None and not _whole(seed, 0, MOST_SEED):
        return f"seed {seed!r}, not a whole number from 0 to {MOST_SEED}"
    progress = earlier.get(PROGRESS)
    if progress is None:  # (none noted yet: the first task)
        return None
    if not isinstance(progress, dict) or set(progress) != {"tasks", "made"}:
        return f"{PROGRESS} {progress!r}, not the tasks and puzzles made"
    for name, high in (("tasks", ENDLESS), ("made", ENDLESS)):
        if not _whole(progress[name], 0, high):
            return f"{name} {progress[name]!r}, not a whole number from 0 to {high}"
    return None


class KeptLines:
    """How each line FILE keeps is read back (called with it), in order from its first: a
    puzzle as ``order`` writes it (``made_from_line``; ``family N`` with ``families``), with one solution, on the order's
    pattern, its ER/EP/ED (with an SE target) written to a tenth, ED <= EP <= ER within SE's
    scale and the targets, its steps and biggest level (with ``--level`` or ``--steps``)
    within the targets, one solution under the order's rules, and new up to isomorphism
    (``rule_making.form_under``); else ``ValueError`` saying why.
    ``forms``: the canonical forms read, each with its line (the run's puzzles seen)."""

    def __init__(self, order: Order, families: bool = False) -> None:
        self.order = order
        self.families = families
        self.forms: dict[str, int] = {}

    def __call__(self, text: str) -> Made:
        order, targets = self.order, self.order.targets
        made = made_from_line(text, order, self.families)
        if made.er is not None and made.ep is not None and made.ed is not None:
            figures = text.split()[1]
            if not _FIGURES.fullmatch(figures):
                raise ValueError(f"ER/EP/ED {figures!r}, not three ratings to a tenth")
            er, ep, ed = (round(figure * 10) for figure in (made.er, made.ep, made.ed))
            if not LOWEST <= ed <= ep <= er < BEYOND:
                raise ValueError(f"ER/EP/ED {figures}: not ED <= EP <= ER, from 1.0 to 19.9")
            if not targets.se_holds(er, ep, ed):
                raise ValueError(f"ER/EP/ED {figures}: not {' '.join(targets.words())}")
        level, steps = made.level, made.steps
        if level is not None and steps is not None and not targets.original_holds(level, steps):
            raise ValueError(
                f"steps {steps}, biggest level {level}: not {' '.join(targets.words())}"
            )
        givens = made.givens
        if order.pattern is not None and {k for k, v in enumerate(givens) if v} != order.pattern:
            raise ValueError("its givens are not the cells of --pattern")
        rules = order.rules
        if rules.words:
            solutions = count_under(givens, geometry_of(rules), 2)
        else:
            solutions = count_solutions(givens, 2)
        if solutions != 1:
            ruled = f" under the rules {rules}" if rules.words else ""
            raise ValueError(("no solution" if solutions == 0 else "several solutions") + ruled)
        form = form_under(givens, rules)
        if form in self.forms:
            raise ValueError(f"line {self.forms[form]}'s puzzle again, up to isomorphism")
        self.forms[form] = len(self.forms) + 1
        return made
