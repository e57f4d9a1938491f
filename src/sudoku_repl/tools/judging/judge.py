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
from collections.abc import Callable, Collection, Sequence
from typing import Any

import attrs

from sudoku_repl.core.errors import UserError
from sudoku_repl.techniques.explainer import native_chains
from sudoku_repl.techniques.explainer.floors import floors
from sudoku_repl.techniques.explainer.grid import ALL, BIT_COUNT, UNITS, Grid, unit_name
from sudoku_repl.techniques.explainer.hint import Finder
from sudoku_repl.techniques.explainer.native_ladder import Rung, finding
from sudoku_repl.techniques.explainer.plan_step import CELL_LABELS
from sudoku_repl.techniques.explainer.rating import Interrupted, poller, techniques
from sudoku_repl.tools.judging.moves import Move

#: the highest rating Sudoku Explainer gives: every technique (``check_move``'s default)
MAX_ER = 11.9


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
    )
)  # fmt: skip


#: a move (cell, digit, placement) and the technique and rating (tenths) that make it
Made = dict[tuple[int, int, bool], tuple[str, int]]


class Verdict(enum.Enum):
    JUSTIFIED = "justified"
    NOT_YET = "not_yet"
    WRONG = "wrong"
    #: the sealed verdict (``sealed``) of a move no technique up to ``max_er`` proves or rules out
    UNPROVEN = "unproven"


@attrs.frozen
class Judgement:
    """A move's verdict; ``technique`` and ``rating`` (ER) where it is justified (or, sealed,
    ruled out), ``contradiction`` (words) where it is wrong."""

    move: Move
    verdict: Verdict
    technique: str | None = None
    rating: float | None = None
    contradiction: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The judgement as JSON data (``check_move``'s structured content)."""
        out: dict[str, Any] = {"move": str(self.move), "verdict": self.verdict.value}
        if self.technique is not None:
            out["technique"] = self.technique
            out["rating"] = self.rating
        if self.contradiction is not None:
            out["contradiction"] = self.contradiction
        return out

    def __str__(self) -> str:
        if self.verdict is Verdict.JUSTIFIED:
            return f"{self.move}: justified by {self.technique} (ER {self.rating})."
        if self.verdict is Verdict.WRONG:
            return f"{self.move}: wrong: {self.contradiction}."
        if self.verdict is Verdict.UNPROVEN:
            return (
                f"{self.move}: unproven: no technique up to the ER asked makes it or rules it "
                "out now."
            )
        return f"{self.move}: not yet: right, but no technique up to the ER asked makes it now."


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
    others are never tried); ``interrupted`` is polled before each technique and inside the
    chain searches (``Interrupted``). What the techniques make from a grid is kept until a
    grid of other values or candidates is judged: the techniques are run once a state, each
    only once a move asks for more than those before it make."""

    def __init__(
        self, max_er: float = MAX_ER, interrupted: Callable[[], bool] | None = None
    ) -> None:
        if not 1.0 <= max_er <= MAX_ER:
            raise UserError(f"max_er {max_er}: an ER goes from 1.0 to {MAX_ER}")
        self.limit = round(max_er * 10)
        self.interrupted = interrupted
        order = techniques(poller(None, interrupted))
        kept = [
            (name, finder)
            for (name, finder), floor in zip(order, floors(order))
            if floor <= self.limit
        ]
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
        self._made: Made = {}  # what makes each move, of the techniques tried so far
        self._tried: set[int] = set()

    def justification(
        self, grid: Grid, move: Move, also: Collection[Move] = ()
    ) -> tuple[str, int] | None:
        """The technique (its hint's name) and rating (tenths) of a finding rated up to
        ``max_er`` that makes the move on the grid (not changed), or None: the techniques are
        tried in Sudoku Explainer's order until one makes it (or one of ``also``: ``made``
        then says what makes each), and the easiest finding of those tried is the answer."""
        seen = (bytes(grid.values), tuple(grid.cands))
        if seen != self._grid:
            self._grid, self._made, self._tried = seen, {}, set()
        made, tried = self._made, self._tried
        wanted = (move, *also)
        kinds = {wanted_move.place for wanted_move in wanted}
        untried = [
            i for i in range(len(self.order)) if i not in tried and any(
                i in self.makers[place] for place in kinds
            )
        ]  # fmt: skip
        if any(m in made for m in wanted) or not untried:
            return made.get(move)
        interrupted, limit = self.interrupted, self.limit
        token = native_chains.limits.set((None, interrupted))
        try:
            with native_chains.remembered():
                for index in untried:
                    if interrupted is not None and interrupted():
                        raise Interrupted
                    finder = self.order[index]
                    if isinstance(finder, Rung):
                        found = finder.findings(grid)
                    else:
                        found = [finding(hint) for hint in finder(grid)]
                    for name, rating, removals, placement in found:
                        if rating > limit:
                            continue
                        if placement is not None:
                            _keep(made, (*placement, True), name, rating)
                        for cell, digit in removals:
                            _keep(made, (cell, digit, False), name, rating)
                    tried.add(index)
                    if any(m in made for m in wanted):
                        break
        except native_chains.Stopped:
            raise Interrupted from None
        finally:
            native_chains.limits.reset(token)
        return made.get(move)

    def made(self, move: Move) -> tuple[str, int] | None:
        """What makes ``move`` on the grid last judged, of the techniques tried so far."""
        return self._made.get(move)

    def judge(
        self, grid: Grid, move: Move, solution: Sequence[int], explain: bool = True
    ) -> Judgement:
        """The move's judgement on the grid (not changed), against the puzzle's ``solution``
        (81 digits); ``explain``: a wrong move's contradiction named (else None: the
        environment's rewards need none). ``UserError`` for a move that cannot be made there
        (``unplayable``)."""
        why = unplayable(grid, move)
        if why is not None:
            raise UserError(why)
        if (solution[move.cell] == move.digit) != move.place:
            said = contradiction(grid, move, solution[move.cell]) if explain else None
            return Judgement(move, Verdict.WRONG, contradiction=said)
        found = self.justification(grid, move)
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
    for unit, cells in enumerate(UNITS):
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
            return f"{named} has no place left in {unit_name(unit)}", None
        alone = once & ~twice & ~placed
        if hidden is None and alone:
            digit = alone.bit_length() - 1
            hidden = next(c for c in cells if cands[c] >> digit & 1), digit
    return None, naked or hidden
