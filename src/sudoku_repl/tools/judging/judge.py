"""A move judged: ``justified`` when a technique of Sudoku Explainer rated up to
``max_er`` makes it from the state (a placement it places, an elimination among those it
removes: the technique and rating named), ``not_yet`` when the move agrees with the puzzle's
solution but no such technique makes it now, ``wrong`` when it contradicts the solution: then
the contradiction the engine finds from the state with the move made is named (a cell left
without a candidate, a digit without a place in a house, or no solution at all), never the
solution's digit.

A move is judged on Sudoku Explainer's grid of the state (``techniques/explainer/grid``), the
same for ``check_move`` of ``sudoku-repl mcp`` and the reward of ``sudoku_repl.gym``."""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Collection, Sequence
from typing import Any, cast

import attrs

from sudoku_repl.core.errors import UserError
from sudoku_repl.techniques.explainer import native, native_chains, ruled_chains
from sudoku_repl.techniques.explainer.floors import floors
from sudoku_repl.techniques.explainer.grid import ALL, BIT_COUNT, Grid
from sudoku_repl.techniques.explainer.hint import Finder
from sudoku_repl.techniques.explainer.native_ladder import Rung, finding
from sudoku_repl.techniques.explainer.plan_step import CELL_LABELS
from sudoku_repl.techniques.explainer.rating import Interrupted, techniques
from sudoku_repl.techniques.explainer.region_names import unit_named
from sudoku_repl.techniques.explainer.ruled import Layout, order_of
from sudoku_repl.tools.judging.moves import Move

#: the highest rating Sudoku Explainer gives: every technique (``check_move``'s default)
MAX_ER = 11.9
#: ``check_move``'s time budget, in seconds, where the call gives none: past it the verdict is
#: ``unproven`` (``BUDGET``)
DEFAULT_BUDGET = 10.0


#: the techniques that only place a value, and those that only remove candidates (the chains
#: do both): a placement is asked of the others alone, an elimination likewise
_PLACES_ONLY = frozenset(
    (
        "hidden single",
        "direct pointing",
        "direct hidden pair",
        "naked single",
        "direct hidden triple",
    )
)
_REMOVES_ONLY = frozenset(
    (
        "pointing and claiming", "naked pair", "x-wing", "hidden pair", "naked triple",
        "swordfish", "hidden triple", "turbot fish", "xy-wing", "xyz-wing", "unique loops",
        "naked quad", "jellyfish", "hidden quad", "three strong links", "wxyz-wing", "bug",
        "vwxyz-wing", "aligned pair exclusion", "aligned triplet exclusion",
        "generalized intersections",
    )
)  # fmt: skip


#: a move (cell, digit, placement) and the technique and rating (tenths) that make it
Made = dict[tuple[int, int, bool], tuple[str, int]]


class Verdict(enum.Enum):
    JUSTIFIED = "justified"
    NOT_YET = "not_yet"
    WRONG = "wrong"
    #: the sealed verdict (``sealed``) of a move no technique up to ``max_er`` proves or rules
    #: out, and any verdict the time budget stopped (``Judgement.reason`` "budget")
    UNPROVEN = "unproven"


#: ``Judgement.reason`` of a judgement the time budget stopped
BUDGET = "budget"


@attrs.frozen
class Judgement:
    """A move's verdict; ``technique`` and ``rating`` (ER) where it is justified (or, sealed,
    ruled out), ``contradiction`` (words) where it is wrong, ``reason`` where it is unproven (``BUDGET``:
    the time budget ran out first)."""

    move: Move
    verdict: Verdict
    technique: str | None = None
    rating: float | None = None
    contradiction: str | None = None
    reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The judgement as JSON data (``check_move``'s structured content)."""
        out: dict[str, Any] = {"move": str(self.move), "verdict": self.verdict.value}
        if self.technique is not None:
            out["technique"] = self.technique
            out["rating"] = self.rating
        if self.contradiction is not None:
            out["contradiction"] = self.contradiction
        if self.reason is not None:
            out["reason"] = self.reason
        return out

    def __str__(self) -> str:
        if self.verdict is Verdict.JUSTIFIED:
            return f"{self.move}: justified by {self.technique} (ER {self.rating})."
        if self.verdict is Verdict.WRONG:
            return f"{self.move}: wrong: {self.contradiction}."
        if self.reason == BUDGET:
            return (
                f"{self.move}: unproven: the time budget ran out before the techniques up to "
                "the ER asked were all tried (a larger budget, or a lower max_er, may decide)."
            )
        if self.verdict is Verdict.UNPROVEN:
            return (
                f"{self.move}: unproven: no technique up to the ER asked makes it or rules it "
                "out now."
            )
        return f"{self.move}: not yet: right, but no technique up to the ER asked makes it now."


class OutOfBudget(Exception):
    """The judgement's deadline passed before a verdict."""


def unplayable(grid: Grid, move: Move) -> str | None:
    """Why the move cannot be made on the grid (a cell with a value, a candidate it no longer
    has), or None."""
    label = CELL_LABELS[move.cell]
    if grid.values[move.cell]:
        return f"{label} holds {grid.values[move.cell]} already: a move is made on an empty cell"
    if not grid.cands[move.cell] >> move.digit & 1:
        left = " ".join(str(d) for d in range(1, 10) if grid.cands[move.cell] >> d & 1)
        return f"{move.digit} is no candidate of {label} now (its candidates: {left or 'none'})"
    return None


class Judge:
    """Judges moves with the techniques rated up to ``max_er`` (their floor at most it: the
    others are never tried). ``interrupted`` is polled before each technique and inside the
    chain searches (``Interrupted``), as often as the searches look at their limits: a front
    end's progress goes there too; ``doing`` is told the technique under way, by its name in
    Sudoku Explainer's order (``rating.techniques``).

    A move's technique is the first of that order whose findings make it, and its rating the
    easiest of that technique's findings that make it: what the ladder finds, whichever moves
    were judged before. What each technique finds on a grid is kept until a grid of other
    values or candidates is judged, a technique at a time: each runs once a state, and only
    when a move asks for more than those before it make. A technique the deadline stopped is
    not kept: the next judgement runs it again.

    ``layout``: the variant rules it judges on (``ruled.Layout``; None: classic sudoku), with
    serate's techniques of those rules ported so far (``ruled.order_of``), on their grids
    (``ruled.RuledGrid``): a move no ported technique makes is ``not_yet`` (or, sealed,
    ``unproven``) where a later technique might."""

    def __init__(
        self,
        max_er: float = MAX_ER,
        interrupted: Callable[[], bool] | None = None,
        doing: Callable[[str], None] | None = None,
        layout: Layout | None = None,
    ) -> None:
        if not 1.0 <= max_er <= MAX_ER:
            raise UserError(f"max_er {max_er}: an ER goes from 1.0 to {MAX_ER}")
        self.limit = round(max_er * 10)
        self.interrupted = interrupted
        self.doing = doing
        self._deadline: float | None = None  # the judgement under way's
        if layout is None:
            order = techniques(self._poll)
            least = floors(order)
        else:  # (given the rules' grids alone; a finding past max_er passed over: _made_by)
            order = cast("tuple[tuple[str, Finder], ...]", order_of(layout, self._poll))
            chained = dict(ruled_chains.TECHNIQUES)  # (their least ratings; the rest tried)
            least = [chained.get(name, 0) for name, _ in order]
        kept = [
            (name, finder) for (name, finder), floor in zip(order, least) if floor <= self.limit
        ]
        self.names = tuple(name for name, _ in kept)
        self.order: tuple[Finder, ...] = tuple(finder for _, finder in kept)
        #: for a placement (True) and an elimination (False), the techniques that may make one
        self.makers = {
            place: tuple(
                i
                for i, (name, _) in enumerate(kept)
                if name not in (_REMOVES_ONLY if place else _PLACES_ONLY)
            )
            for place in (True, False)
        }
        self._grid: tuple[bytes, tuple[int, ...]] | None = None
        self._found: dict[int, Made] = {}  # by technique: the moves it makes on the grid
        #: the nested chains' memo of inner findings (``native_chains.memo``), kept with the grid
        self._memo: object = None

    def _poll(self) -> None:
        """The pure chain searches' poll: ``Interrupted``, or ``OutOfBudget`` past the
        deadline."""
        if self.interrupted is not None and self.interrupted():
            raise Interrupted
        if self._deadline is not None and time.monotonic() > self._deadline:
            raise OutOfBudget

    def justification(
        self, grid: Grid, move: Move, deadline: float | None = None
    ) -> tuple[str, int] | None:
        """The technique (its hint's name) and rating (tenths) that make the move on the grid
        (not changed), of the first technique rated up to ``max_er`` that makes it, or None.
        ``OutOfBudget`` once ``deadline`` (``time.monotonic``'s clock; None: none) passes."""
        return self.first_made(grid, (move,), deadline).get(move)

    def first_made(
        self, grid: Grid, moves: Collection[Move], deadline: float | None = None
    ) -> dict[Move, tuple[str, int]]:
        """The techniques tried in order up to the first that makes any of ``moves`` on the
        grid (not changed), and, for each move one of those makes, the first of them that
        does: its hint's name and rating (tenths). Empty where none up to ``max_er`` makes
        any. What earlier calls tried beyond that technique is not looked at, so the answer is
        the same whatever came before. ``OutOfBudget`` once ``deadline`` passes."""
        seen = (bytes(grid.values), tuple(grid.cands))
        if seen != self._grid:
            make = native.se_memo()
            self._grid, self._found = seen, {}
            self._memo = None if make is None else make()
        kinds = {move.place for move in moves}
        out: dict[Move, tuple[str, int]] = {}
        for index in range(len(self.order)):
            if not any(index in self.makers[place] for place in kinds):
                continue
            made = self._found.get(index)
            if made is None:
                made = self._found[index] = self._made_by(grid, index, deadline)
            for move in moves:
                key = (move.cell, move.digit, move.place)
                if key in made and move not in out:
                    out[move] = made[key]
            if out:
                return out
        return out

    def _made_by(self, grid: Grid, index: int, deadline: float | None) -> Made:
        """What technique ``index`` makes on the grid: each move, with the easiest of its
        findings rated up to ``max_er`` that makes it."""
        if self.doing is not None:
            self.doing(self.names[index])
        self._deadline = deadline
        self._poll()
        token = native_chains.limits.set((deadline, self.interrupted))
        kept = native_chains.memo.set(self._memo)
        try:
            finder = self.order[index]
            if isinstance(finder, Rung):
                found = finder.findings(grid)
            else:
                found = [finding(hint) for hint in finder(grid)]
        except native_chains.Stopped as stopped:
            raise Interrupted if stopped.interrupted else OutOfBudget from None
        finally:
            native_chains.memo.reset(kept)
            native_chains.limits.reset(token)
            self._deadline = None
        made: Made = {}
        for name, rating, removals, placement in found:
            if rating > self.limit:
                continue
            if placement is not None:
                _keep(made, (*placement, True), name, rating)
            for cell, digit in removals:
                _keep(made, (cell, digit, False), name, rating)
        return made

    def judge(
        self,
        grid: Grid,
        move: Move,
        solution: Sequence[int],
        explain: bool = True,
        deadline: float | None = None,
    ) -> Judgement:
        """The move's judgement on the grid (not changed), against the puzzle's ``solution``
        (81 digits); ``explain``: a wrong move's contradiction named (else None: the
        environment's rewards need none); ``deadline`` (``time.monotonic``'s clock; None:
        none): past it, ``unproven`` for the reason ``BUDGET``. ``UserError`` for a move that
        cannot be made there (``unplayable``)."""
        why = unplayable(grid, move)
        if why is not None:
            raise UserError(why)
        if (solution[move.cell] == move.digit) != move.place:
            said = contradiction(grid, move, solution[move.cell]) if explain else None
            return Judgement(move, Verdict.WRONG, contradiction=said)
        try:
            found = self.justification(grid, move, deadline)
        except OutOfBudget:
            return Judgement(move, Verdict.UNPROVEN, reason=BUDGET)
        if found is None:
            return Judgement(move, Verdict.NOT_YET)
        return Judgement(move, Verdict.JUSTIFIED, found[0], found[1] / 10)


def _keep(made: Made, move: tuple[int, int, bool], name: str, rating: int) -> None:
    """The technique and rating that make ``move``: the easiest met."""
    known = made.get(move)
    if known is None or known[1] > rating:
        made[move] = name, rating


def play(grid: Grid, move: Move) -> None:
    """The move made on the grid (a placement takes the digit from the cell's peers)."""
    if move.place:
        grid.place(move.cell, move.digit)
    else:
        grid.remove(move.cell, move.digit)


def contradiction(grid: Grid, move: Move, unsaid: int = 0) -> str:
    """What the engine finds wrong once the move is made on a copy of the grid: the singles
    (naked and hidden) it forces, taken until a cell has no candidate or a digit no place in a
    house, which is named; or, where the singles stop short of one, that no solution is left.
    The digit ``unsaid`` (the solution's at the move's cell) is never named."""
    now = grid.copy()
    play(now, move)
    singles = 0
    while True:
        found, single = _singles(now, unsaid)
        if found is not None:
            after = (
                f" and {singles} single{'s' if singles != 1 else ''} it forces" if singles else ""
            )
            return f"with {move}{after}, {found}"
        if single is None:
            return f"with {move}, no solution is left (no single leads to a dead end: a search finds it)"
        now.place(*single)
        singles += 1


def _singles(grid: Grid, unsaid: int) -> tuple[str | None, tuple[int, int] | None]:
    """A dead end of the grid in words (a cell without a candidate, a digit without a place in
    a house: ``unsaid`` is "a digit"), else None and a single (a naked one, else a hidden one)
    as (cell, digit), or None."""
    values, cands = grid.values, grid.cands
    naked = None
    for cell in range(81):
        if not values[cell]:
            mask = cands[cell]
            if not mask:
                return f"{CELL_LABELS[cell]} has no candidate left", None
            if naked is None and BIT_COUNT[mask] == 1:
                naked = cell, mask.bit_length() - 1
    hidden = None
    geometry = grid.geometry
    for unit, cells in enumerate(geometry.units):
        once = twice = placed = 0
        for cell in cells:
            mask = cands[cell]
            twice |= once & mask
            once |= mask
            placed |= 1 << values[cell]
        lost = ALL & ~(once | placed)
        if lost:
            digit = lost.bit_length() - 1
            named = "a digit" if digit == unsaid else str(digit)
            return f"{named} has no place left in {unit_named(geometry, unit)}", None
        alone = once & ~twice & ~placed
        if hidden is None and alone:
            digit = alone.bit_length() - 1
            hidden = next(c for c in cells if cands[c] >> digit & 1), digit
    return None, naked or hidden
