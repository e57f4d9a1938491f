"""The typed answer of ``why`` (the API's ``Session.why`` returns it; ``views/why.py`` draws it).

Glossary:

- a *fact* is what a state says of one cell and one value: the cell holds the value
  (``[4,2]=2``) or the value is no longer possible there (``[8,7]!=8``: a candidate lost, or
  the cell holds another value). Cells are 1-based ``(row, col)`` in the frame.
- a *cause* is what made a fact hold: a given, a guess, a what-if edit, or a rule at a step
  from *premises* (the facts whose holding made the rule fire). Each premise has its cause in
  turn (``causes``), down to givens and guesses. A cause met twice is the same object (a
  shared cause; the lines print it once).
"""

from __future__ import annotations

from typing import Final

import attrs

#: the kinds of a cause
GIVEN: Final = "given"
GUESS: Final = "guess"
EDIT: Final = "edit"
RULE: Final = "rule"
CONTRADICTION: Final = "contradiction"
#: the fact held where the kept record starts (older steps were dropped to bound memory)
BEFORE_RECORD: Final = "before record"


@attrs.frozen(order=True)
class Fact:
    """``[r,c]=v`` (``holds``) or ``[r,c]!=v``."""

    cell: tuple[int, int]
    value: int
    holds: bool

    def __str__(self) -> str:
        return f"[{self.cell[0]},{self.cell[1]}]{'=' if self.holds else '!='}{self.value}"


@attrs.frozen
class Guessed:
    """A guess's place in the search: level, candidate ``tried`` of ``out_of``, and who chose
    the value: ``"the solver"`` or ``"your answer"``."""

    level: int
    tried: int
    out_of: int
    by: str


@attrs.frozen(eq=False)
class Cause:
    """Why ``fact`` holds (None for a contradiction): ``kind`` (``GIVEN``, ``GUESS``, ``EDIT``,
    ``RULE``, ``CONTRADICTION``, ``BEFORE_RECORD``), at ``step`` (the step whose state first
    shows it: ``goto`` takes it; for a contradiction or what a failing fill pass did, the
    step its line carries), ``rule`` in the original's words (its trace line, or what the
    fill pass and the start do, which print none), ``standard`` the community's name ("" if
    none), ``premises`` the facts the rule read, ``causes`` the causes of those premises, the
    most recent first (cut short by the depth asked: ``left_out`` premises were not followed),
    ``guess`` for a guess, and ``through``: the fact asked about when it holds only as a
    consequence of this one (a peer losing the value this cell took)."""

    fact: Fact | None
    kind: str
    step: int | None
    rule: str
    standard: str = ""
    premises: tuple[Fact, ...] = ()
    causes: tuple[Cause, ...] = ()
    left_out: int = 0
    guess: Guessed | None = None
    through: Fact | None = None
    #: the move of the record (0-based) that made it hold, -1 for givens and what lies before
    move: int = -1


@attrs.frozen
class Why:
    """The answer: ``question`` as asked, ``step`` the present step it was asked at,
    ``cause`` the tree, ``depth`` the levels of causes followed, ``left_out`` how many
    causes lie below that depth (not followed), ``note`` a sentence more (``why wrong``: the
    guess the contradiction goes back to, or that it does not; where the search gives up an
    answer to the guess question)."""

    question: str
    step: int
    cause: Cause
    depth: int
    left_out: int = 0
    note: str = ""
    #: what ``left_out`` counts: premises, or (an answer the search gave up) tries below it
    left_of: str = "premise"

    def walk(self) -> list[Cause]:
        """Every cause of the tree once, in the order the lines print them."""
        seen: set[tuple[int, Fact | None]] = set()
        out: list[Cause] = []

        def visit(c: Cause) -> None:
            if (c.move, c.fact) in seen:
                return
            seen.add((c.move, c.fact))
            out.append(c)
            for child in c.causes:
                visit(child)

        visit(self.cause)
        return out

    def steps(self) -> list[int]:
        """The steps the answer names, most recent first (each one ``goto`` takes)."""
        return sorted({c.step for c in self.walk() if c.step is not None}, reverse=True)
