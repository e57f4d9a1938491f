"""Breakpoints: conditions checked at the state of each step a run passes (docs/engine.md, "The
state at step N"); a run stops at the first step whose state meets one. One small class per
kind of condition."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import attrs

from sudoku_repl.core import events as E
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import CLASSIC, Cell, Geometry, Mask
from sudoku_repl.core.notices import BreakpointDisabled
from sudoku_repl.core.record import History, last_empty_cands


class StepSeen(NamedTuple):
    """What a breakpoint looks at when a step's state is reached: the step count, the events
    of the step's moves, the cells, whether a contradiction was met in the step, the guess
    level and the solution sum."""

    steps: int
    events: Sequence[Event]
    values: Sequence[int]
    cands: Sequence[Mask]
    wrong: bool
    level: int = 0
    solutions: int = 0


#: what a condition may compare, and how
QUANTITIES = ("step", "level", "solutions")
_COMPARE = {
    ">=": int.__ge__,
    "<=": int.__le__,
    "==": int.__eq__,
    "!=": int.__ne__,
    ">": int.__gt__,
    "<": int.__lt__,
}
COMPARISONS = tuple(_COMPARE)


@attrs.frozen
class Comparison:
    """``step > 100``: a quantity of the step's state against a number."""

    quantity: str
    op: str
    number: int

    def holds(self, seen: StepSeen) -> bool:
        value = {"step": seen.steps, "level": seen.level, "solutions": seen.solutions}
        return bool(_COMPARE[self.op](value[self.quantity], self.number))

    def __str__(self) -> str:
        return f"{self.quantity} {self.op} {self.number}"


@attrs.frozen
class Condition:
    """Comparisons joined by ``and``; a breakpoint with a condition stops only where it holds."""

    parts: tuple[Comparison, ...]

    def holds(self, seen: StepSeen) -> bool:
        return all(part.holds(seen) for part in self.parts)

    def __str__(self) -> str:
        return " and ".join(map(str, self.parts))


@attrs.define
class Breakpoint:
    """A numbered condition; subclasses say what it is and when a step's state meets it."""

    number: int
    enabled: bool = attrs.field(default=True, kw_only=True)
    hits: int = attrs.field(default=0, kw_only=True)
    temporary: bool = attrs.field(default=False, kw_only=True)  # tbreak: deleted once it stops
    condition: Condition | None = attrs.field(default=None, kw_only=True)
    ignore: int = attrs.field(default=0, kw_only=True)  # stops to pass over before stopping
    #: False while the loaded quiz has no place for what it watches (``rebind``)
    bound: bool = attrs.field(default=True, kw_only=True)

    def describe(self, geo: Geometry = CLASSIC) -> str:
        raise NotImplementedError

    def place(self, geo: Geometry) -> str:
        """Where it watches, as a quiz without that place is said not to have it."""
        return ""

    def rebind(self, old: Geometry, new: Geometry) -> bool:
        """A quiz of geometry ``new`` replaces one of ``old``: False (and disabled) when
        ``new`` has no place for what it watches. Most breakpoints watch no place."""
        return True

    def listing(self, geo: Geometry = CLASSIC) -> str:
        """The description with what else it has: its condition, the stops it will ignore."""
        text = self.describe(geo)
        if self.condition is not None:
            text += f" if {self.condition}"
        if self.temporary:
            text += " (once)"
        if self.ignore:
            text += f" (ignoring the next {self.ignore})"
        return text

    def arm(
        self, history: History, moves: int, values: Sequence[int], cands: Sequence[Mask]
    ) -> None:
        """Get ready to follow the search from the present state (after ``moves`` moves)."""

    def hit(self, seen: StepSeen) -> bool:
        raise NotImplementedError


@attrs.define
class LevelAtLeast(Breakpoint):
    """A new guess reaches the level (not every step spent down there)."""

    level: int = attrs.field(default=0, kw_only=True)

    def describe(self, geo: Geometry = CLASSIC) -> str:
        return f"level >= {self.level}"

    def hit(self, seen: StepSeen) -> bool:
        return any(E.is_new_guess(e) and e.level >= self.level for e in seen.events)


@attrs.define
class AtStep(Breakpoint):
    step: int = attrs.field(default=0, kw_only=True)

    def describe(self, geo: Geometry = CLASSIC) -> str:
        return f"step {self.step}"

    def hit(self, seen: StepSeen) -> bool:
        return seen.steps == self.step


@attrs.define
class Wrong(Breakpoint):
    """A contradiction was met in the step: a placement went wrong, a cell has no candidate
    left, or a value has no cell left in a unit."""

    def describe(self, geo: Geometry = CLASSIC) -> str:
        return "wrong"

    def hit(self, seen: StepSeen) -> bool:
        return seen.wrong


@attrs.define
class Solution(Breakpoint):
    def describe(self, geo: Geometry = CLASSIC) -> str:
        return "solution"

    def hit(self, seen: StepSeen) -> bool:
        return any(E.is_solution(e) for e in seen.events)


@attrs.define
class OnACell(Breakpoint):
    """A breakpoint on one cell. What it means is the cell's place, row and column: the cell's
    number in the puzzle it was set in is moved to the same place of the next quiz loaded
    (``rebind``); with no such place there, it is disabled and watches nothing."""

    cell: Cell = attrs.field(default=0, kw_only=True)
    value: int = attrs.field(default=0, kw_only=True)
    #: the 0-based (row, column) of the cell, once a quiz other than the first one is loaded
    at: tuple[int, int] | None = attrs.field(default=None, kw_only=True)

    def place(self, geo: Geometry) -> str:
        """``[r,c]``, the cell's place."""
        if self.bound:
            return geo.cell_name(self.cell)
        assert self.at is not None  # set when it was unbound
        return f"[{self.at[0] + 1},{self.at[1] + 1}]"

    def rebind(self, old: Geometry, new: Geometry) -> bool:
        """Follow the cell's place from the puzzle of ``old`` to that of ``new``; False (and
        disabled) when ``new`` has no cell there."""
        if self.bound:
            self.at = old.positions[self.cell]
        assert self.at is not None
        cell = new.cell_at(self.at[0] + 1, self.at[1] + 1)
        if cell is None:
            self.bound = self.enabled = False
            return False
        self.cell, self.bound = cell, True
        return True


@attrs.define
class CellGets(OnACell):
    """The cell shows a value it did not show at the step before (any value, or ``value``, 0:
    any value)."""

    _before: int = attrs.field(default=0, init=False)

    def describe(self, geo: Geometry = CLASSIC) -> str:
        name = self.place(geo)
        return f"cell {name}={self.value}" if self.value else f"cell {name}"

    def arm(
        self, history: History, moves: int, values: Sequence[int], cands: Sequence[Mask]
    ) -> None:
        self._before = values[self.cell]

    def hit(self, seen: StepSeen) -> bool:
        before, now = self._before, seen.values[self.cell]
        self._before = now
        return bool(now) and now != before and (not self.value or now == self.value)


def row_cells(geo: Geometry, row: int) -> tuple[Cell, ...]:
    """The cells of the frame's row ``row`` (1-based), left to right (none past its height)."""
    return tuple(
        sorted(
            (c for c, (r, _) in enumerate(geo.positions) if r == row - 1),
            key=lambda c: geo.positions[c][1],
        )
    )


@attrs.define
class RowGets(Breakpoint):
    """A cell of the row shows a value it did not show at the step before (a value placed,
    guessed or changed there): every such step, not only the first. ``cells``: the row's, in
    the loaded quiz (``row_cells``)."""

    row: int = attrs.field(default=1, kw_only=True)
    cells: tuple[Cell, ...] = attrs.field(default=(), kw_only=True)
    _before: tuple[int, ...] = attrs.field(default=(), init=False)

    def describe(self, geo: Geometry = CLASSIC) -> str:
        return f"row {self.row}"

    def place(self, geo: Geometry) -> str:
        return f"in row {self.row}"

    def rebind(self, old: Geometry, new: Geometry) -> bool:
        self.cells = row_cells(new, self.row)
        self.bound = bool(self.cells)
        self.enabled = self.enabled and self.bound
        return self.bound

    def arm(
        self, history: History, moves: int, values: Sequence[int], cands: Sequence[Mask]
    ) -> None:
        self._before = tuple(values[c] for c in self.cells)

    def hit(self, seen: StepSeen) -> bool:
        now = tuple(seen.values[c] for c in self.cells)
        before, self._before = self._before, now
        return any(v and v != b for v, b in zip(now, before))


@attrs.define
class Removed(OnACell):
    """The empty cell shows the value gone from its candidates, against the candidates it had
    at the last step that showed it empty."""

    _last_empty: Mask | None = attrs.field(default=None, init=False)

    def describe(self, geo: Geometry = CLASSIC) -> str:
        return f"removed {self.value} {self.place(geo)}"

    def arm(
        self, history: History, moves: int, values: Sequence[int], cands: Sequence[Mask]
    ) -> None:
        if values[self.cell]:
            self._last_empty = last_empty_cands(history, self.cell, moves)
        else:
            self._last_empty = cands[self.cell]

    def hit(self, seen: StepSeen) -> bool:
        if seen.values[self.cell]:
            return False
        before, now = self._last_empty, seen.cands[self.cell]
        self._last_empty = now
        b = 1 << (self.value - 1)
        return before is not None and bool(before & b) and not now & b


#: what ``watch removed v [r,c]`` sees of the candidate (unknown: the loaded state, before the
#: first step works the candidates out)
UNKNOWN, REMOVED, CANDIDATE, PLACED = -1, 0, 1, 2
_CANDIDATE_WORDS = {REMOVED: "removed", CANDIDATE: "a candidate", PLACED: "placed"}


@attrs.define
class Watch(OnACell):
    """A watchpoint, the data form of a breakpoint (gdb's ``watch``): it stops where what it
    watches differs from what it was at the step before; ``old`` and ``new`` are the two values
    of the last change it met (``shown`` words them)."""

    old: int = attrs.field(default=0, init=False)
    new: int = attrs.field(default=0, init=False)
    _now: int = attrs.field(default=0, init=False)

    def watched(self, values: Sequence[int], cands: Sequence[Mask]) -> int:
        raise NotImplementedError

    def shown(self, value: int) -> str:
        raise NotImplementedError

    def arm(
        self, history: History, moves: int, values: Sequence[int], cands: Sequence[Mask]
    ) -> None:
        self._now = self.watched(values, cands)

    def hit(self, seen: StepSeen) -> bool:
        now = self.watched(seen.values, seen.cands)
        if now == self._now or self._now == UNKNOWN:  # (an unknown before: known from now on)
            self._now = now
            return False
        self.old, self.new, self._now = self._now, now, now
        return True


@attrs.define
class WatchCell(Watch):
    """``watch [r,c]``: the cell's value (0: empty)."""

    def describe(self, geo: Geometry = CLASSIC) -> str:
        return self.place(geo)

    def watched(self, values: Sequence[int], cands: Sequence[Mask]) -> int:
        return values[self.cell]

    def shown(self, value: int) -> str:
        return str(value) if value else "empty"


@attrs.define
class WatchCandidate(Watch):
    """``watch removed v [r,c]``: the candidate v of the cell, a candidate of the empty cell,
    placed (the cell's value), or removed (gone from its candidates, or another value placed)."""

    def describe(self, geo: Geometry = CLASSIC) -> str:
        return f"removed {self.value} {self.place(geo)}"

    def watched(self, values: Sequence[int], cands: Sequence[Mask]) -> int:
        held = values[self.cell]
        if held:
            return PLACED if held == self.value else REMOVED
        if not any(cands):
            return UNKNOWN
        return CANDIDATE if cands[self.cell] >> (self.value - 1) & 1 else REMOVED

    def shown(self, value: int) -> str:
        return _CANDIDATE_WORDS[value]


@attrs.define
class Breakpoints:
    items: dict[int, Breakpoint] = attrs.Factory(dict)
    next_number: int = 1

    def number(self) -> int:
        """The number for the next breakpoint (numbers are never reused)."""
        self.next_number += 1
        return self.next_number - 1

    def add(self, bp: Breakpoint) -> Breakpoint:
        self.items[bp.number] = bp
        return bp

    def enabled(self) -> list[Breakpoint]:
        """The breakpoints that follow the search: enabled, and on a cell the quiz has."""
        return [bp for bp in self.items.values() if bp.enabled and bp.bound]

    def rebind(self, old: Geometry, new: Geometry) -> list[BreakpointDisabled]:
        """A new quiz of geometry ``new`` replaces one of ``old``: the cell and row breakpoints
        follow their places; the notices of those disabled because ``new`` has no such place."""
        said = []
        for bp in self.items.values():
            if old is not new:
                was = bp.enabled
                if not bp.rebind(old, new) and was:
                    said.append(BreakpointDisabled(bp.number, bp.describe(new), bp.place(new)))
        return said

    def arm(
        self, history: History, moves: int, values: Sequence[int], cands: Sequence[Mask]
    ) -> None:
        for bp in self.enabled():
            bp.arm(history, moves, values, cands)

    def check(self, seen: StepSeen) -> list[Breakpoint]:
        """The enabled breakpoints that stop at the step's state: it meets them and their
        condition, and they have no stops left to ignore. Their hit counts go up (ignored stops
        count as hits too, as in gdb); a one-shot breakpoint is deleted when it stops."""
        met = [bp for bp in self.enabled() if bp.hit(seen)]  # every tracker sees every step
        stops = []
        for bp in met:
            if bp.condition is not None and not bp.condition.holds(seen):
                continue
            bp.hits += 1
            if bp.ignore:
                bp.ignore -= 1
                continue
            stops.append(bp)
            if bp.temporary:
                del self.items[bp.number]
        return stops
