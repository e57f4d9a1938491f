"""``why``'s answer as lines (docs/why.md): the cause, its premises, their causes, most recent
first, a cause met again printed once (``see above``), the givens a cause read on one line.

    92) [5,3]=8: the fill pass: its only candidate left
      from [5,3]!=1 2 3 4 5 6 7 9
      92) [4,2]=2 (so [5,3]!=2): Guess [4,2] level 11 at 1 out of 2, the solver's choice
      36) [3,3]=9 (so [5,3]!=9): Forward guess [3,3] level 4 at 2 out of 2, the solver's choice
      given: [1,3]=5 [5,2]=1 [5,5]=7 [5,9]=6 [6,3]=3 [8,3]=4
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from sudoku_repl.techniques.why.answer import (
    BEFORE_RECORD,
    CONTRADICTION,
    EDIT,
    GIVEN,
    GUESS,
    Cause,
    Fact,
    Why,
)

_STEP = re.compile(r"^\d+\) ")
_PLURAL = {"try": "tries"}


def premises_text(premises: Iterable[Fact]) -> str:
    """``[8,5]!=1 2 3, [4,2]=2``: the facts of a cell together, in the order first met."""
    held: dict[tuple[int, int], list[str]] = {}
    lost: dict[tuple[int, int], list[str]] = {}
    order: list[tuple[tuple[int, int], bool]] = []
    for f in premises:
        into = held if f.holds else lost
        if f.cell not in into:
            order.append((f.cell, f.holds))
        into.setdefault(f.cell, []).append(str(f.value))
    parts = []
    for cell, holds in order:
        name = f"[{cell[0]},{cell[1]}]"
        parts.append(
            f"{name}={'/'.join(held[cell])}" if holds else f"{name}!={' '.join(lost[cell])}"
        )
    return ", ".join(parts)


def _rule(cause: Cause, standard: bool) -> str:
    rule = "; ".join(_STEP.sub("", part) for part in cause.rule.split("; "))
    if cause.kind == EDIT:
        rule += ", a what-if edit"
    if cause.guess is not None:
        rule += (
            f", {cause.guess.by}'s choice" if cause.guess.by == "the solver" else ", your answer"
        )
    if standard and cause.standard and cause.kind != GUESS:
        rule += f"  ({cause.standard})"
    return rule


def _head(cause: Cause, standard: bool) -> str:
    if cause.kind == CONTRADICTION:
        return f"{cause.step}) {_rule(cause, standard)}"
    so = f" (so {cause.through})" if cause.through is not None else ""
    step = f"{cause.step}) " if cause.step is not None else ""
    return f"{step}{cause.fact}{so}: {_rule(cause, standard)}"


def _key(cause: Cause) -> tuple[int, str]:
    return cause.move, str(cause.fact)


def why_lines(why: Why, standard: bool = False) -> list[str]:
    """The answer's lines (``standard``: the community's names beside the rules)."""
    lines: list[str] = []
    seen: set[tuple[int, str]] = set()

    def node(cause: Cause, indent: str) -> None:
        seen.add(_key(cause))
        lines.append(indent + _head(cause, standard))
        if cause.premises and cause.kind != GUESS:
            lines.append(f"{indent}  from {premises_text(cause.premises)}")
        givens = []
        for child in cause.causes:
            if child.kind == GIVEN:
                givens.append(str(child.fact))
            elif _key(child) in seen:
                so = f" (so {child.through})" if child.through is not None else ""
                step = f"{child.step}) " if child.step is not None else ""
                lines.append(f"{indent}  {step}{child.fact}{so}: see above")
            else:
                node(child, indent + "  ")
        if givens:
            lines.append(f"{indent}  given: {' '.join(dict.fromkeys(givens))}")

    cause = why.cause
    if cause.kind == GIVEN:
        lines.append(f"{cause.fact}: given")
        return lines
    if cause.kind == BEFORE_RECORD:
        lines.append(f"{cause.fact}: {cause.rule}")
        return lines
    node(cause, "")
    if why.left_out:
        more = "why wrong --depth N" if why.question == "wrong" else "--depth N"
        what = why.left_of if why.left_out == 1 else _PLURAL.get(why.left_of, why.left_of + "s")
        lines.append(
            f"({why.left_out} {what} not followed below depth {why.depth}: {more} goes deeper)"
        )
    if why.note:
        lines.append(why.note)
    return lines
