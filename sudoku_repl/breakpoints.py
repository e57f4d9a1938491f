"""Breakpoints: conditions checked after each step of a run, read from the record."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from . import events as E
from .geometry import CLASSIC, Cell, Geometry, Mask
from .history import History, removals


@attrs.define
class Breakpoint:
    """``kind`` is one of level, step, cell, cell=, removed, wrong, solution."""

    number: int
    kind: str
    cell: Cell = -1
    value: int = 0  # level, step number or value, by kind
    enabled: bool = True
    hits: int = 0

    def describe(self, geo: Geometry = CLASSIC) -> str:
        name = geo.cell_name(self.cell) if self.cell >= 0 else ""
        return {
            "level": f"level >= {self.value}",
            "step": f"step {self.value}",
            "cell": f"cell {name}",
            "cell=": f"cell {name}={self.value}",
            "removed": f"removed {self.value} {name}",
            "wrong": "wrong",
            "solution": "solution",
        }[self.kind]

    def hit_by(
        self,
        history: History,
        moves: range,
        values: Sequence[int],
        cands: Sequence[Mask],
    ) -> bool:
        """Whether the moves (one step's) hit this breakpoint; ``values``/``cands`` are the
        cells before the first of them."""
        if self.kind == "step":
            before = history.steps_after(moves.start)
            return before < self.value <= history.steps_after(moves.stop)
        if self.kind in ("level", "wrong", "solution"):
            for m in moves:
                for e in history.events(m):
                    if self.kind == "level" and e[0] == E.GUESS and e[3] >= self.value:
                        return True
                    if self.kind == "wrong" and e[0] == E.WENT_WRONG:
                        return True
                    if self.kind == "solution" and e[0] == E.SOLUTION:
                        return True
            return False
        if self.kind == "removed":
            before = None if values[self.cell] else cands[self.cell]
            return any(True for _ in removals(history, self.cell, self.value, moves, before))
        value = values[self.cell]
        for m in moves:
            for cell, new_value, _ in history.changes(m):
                if cell != self.cell:
                    continue
                if self.kind == "cell" and new_value and new_value != value:
                    return True
                if self.kind == "cell=" and new_value == self.value != value:
                    return True
                value = new_value
        return False


@attrs.define
class Breakpoints:
    items: dict[int, Breakpoint] = attrs.Factory(dict)
    next_number: int = 1

    def add(self, kind: str, cell: Cell = -1, value: int = 0) -> Breakpoint:
        bp = Breakpoint(self.next_number, kind, cell, value)
        self.items[bp.number] = bp
        self.next_number += 1
        return bp

    def need_cells(self) -> bool:
        """Whether an enabled breakpoint looks at cells (and so at the state before a step)."""
        return any(bp.kind in ("cell", "cell=", "removed") for bp in self.enabled())

    def enabled(self) -> list[Breakpoint]:
        return [bp for bp in self.items.values() if bp.enabled]

    def check(
        self, history: History, moves: range, values: Sequence[int], cands: Sequence[Mask]
    ) -> list[Breakpoint]:
        """The enabled breakpoints these moves hit (their hit counts go up)."""
        hit = [bp for bp in self.enabled() if bp.hit_by(history, moves, values, cands)]
        for bp in hit:
            bp.hits += 1
        return hit
