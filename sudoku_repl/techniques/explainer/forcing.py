"""Forcing chains that follow every consequence of an assumption: Nishio (7.5), cell and
region forcing chains (8.0), dynamic forcing chains (8.5), dynamic forcing chains (+) (9.0),
each plus the length penalty of the chains' total complexity."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator

from sudoku_repl.techniques.explainer import native_chains
from sudoku_repl.techniques.explainer.chains import Found, length_penalty, sorted_hints
from sudoku_repl.techniques.explainer.grid import BIT_COUNT, CELL_UNITS, MASK_DIGITS, UNITS, Grid
from sudoku_repl.techniques.explainer.hint import Hint
from sudoku_repl.techniques.explainer.potentials import (
    Potential,
    ancestor_count,
    off_to_on,
    on_to_off,
    remove,
)

# extra deductions inside a chain (the "+" of dynamic forcing chains): candidates a simple
# rule removes from the chain's grid, with the potentials it rests on
Advanced = Callable[[Grid, Grid, dict[int, Potential]], list[Potential]]


class Chainer:
    """One forcing-chain technique: ``multiple`` adds cell and region chains over cells of
    three or more candidates, ``dynamic`` lets the chain's eliminations feed the chain,
    ``nishio`` keeps only the unit links and the contradictions, ``level`` adds deductions
    of simple rules inside the chain."""

    def __init__(
        self,
        multiple: bool,
        dynamic: bool,
        nishio: bool,
        level: int = 0,
        advanced: Advanced | None = None,
    ) -> None:
        self.multiple = multiple
        self.dynamic = dynamic
        self.nishio = nishio
        self.level = level
        self.advanced = advanced
        self.table: list[list[int]] = []
        if level > 0:
            self.base, self.name = 85 + 5 * level, "Dynamic Forcing Chain (+)"
        elif nishio:
            self.base, self.name = 75, "Nishio Forcing Chain"
        elif dynamic:
            self.base, self.name = 85, "Dynamic Forcing Chain"
        else:
            self.base, self.name = 80, "Forcing Chain"

    # -- the implication closure ---------------------------------------------------------

    def chain(
        self, grid: Grid, to_on: dict[int, Potential], to_off: dict[int, Potential]
    ) -> tuple[Potential, Potential] | None:
        """Follow every consequence of the potentials in ``to_on``/``to_off`` (filled in
        place); a potential found both on and off is returned as (on, off)."""
        work = grid.copy() if self.dynamic else grid
        table = [row[:] for row in self.table] if self.dynamic else self.table
        source = grid
        cell_links = not self.nishio
        pending_on: deque[Potential] = deque(to_on.values())
        pending_off: deque[Potential] = deque(to_off.values())
        while True:
            if pending_on:
                p = pending_on.popleft()
                for off in on_to_off(work, p, cell_links):
                    conj = off.key | 1
                    if conj in to_on:
                        return to_on[conj], off
                    if off.key not in to_off:
                        to_off[off.key] = off
                        pending_off.append(off)
                continue
            if pending_off:
                p = pending_off.popleft()
                made = off_to_on(
                    work, table, p, source if self.dynamic else None, to_off, cell_links, True
                )
                if self.dynamic:
                    remove(work, table, p.cell, p.value)
                for on in made:
                    conj = on.key & ~1
                    if conj in to_off:
                        return on, to_off[conj]
                    if on.key not in to_on:
                        to_on[on.key] = on
                        pending_on.append(on)
                continue
            if self.advanced is not None:
                for off in self.advanced(work, source, to_off):
                    if off.key not in to_off:
                        to_off[off.key] = off
                        pending_off.append(off)
                if pending_off:
                    continue
            return None

    # -- hints ---------------------------------------------------------------------------

    def _found(
        self,
        name: str,
        removals: tuple[tuple[int, int], ...],
        placement: tuple[int, int] | None,
        complexity: int,
        sort_key: int,
    ) -> Found:
        rating = self.base + length_penalty(complexity)
        return Found(Hint(name, rating, removals, placement), complexity, sort_key)

    @staticmethod
    def _on_result(
        grid: Grid, target: Potential
    ) -> tuple[tuple[tuple[int, int], ...], tuple[int, int] | None]:
        if target.on:
            removals = tuple(
                (target.cell, v) for v in MASK_DIGITS[grid.cands[target.cell]] if v != target.value
            )
            return removals, (target.cell, target.value)
        return ((target.cell, target.value),), None

    def _binary(
        self,
        grid: Grid,
        cell: int,
        value: int,
        on_to_on: dict[int, Potential],
        on_to_off: dict[int, Potential],
        reduction: bool,
        contradiction: bool,
        out: list[Found],
    ) -> None:
        p_on = Potential(cell, value, True)
        p_off = Potential(cell, value, False)
        on_to_on[p_on.key] = p_on
        absurd = self.chain(grid, on_to_on, on_to_off)
        kind = "Nishio " if self.nishio else ""
        if contradiction and absurd is not None:
            complexity = ancestor_count(absurd[0]) + ancestor_count(absurd[1])
            out.append(
                self._found(
                    kind + "Contradiction Forcing Chain", ((cell, value),), None, complexity, 7
                )
            )
        off_to_on_: dict[int, Potential] = {}
        off_to_off: dict[int, Potential] = {p_off.key: p_off}
        absurd = self.chain(grid, off_to_on_, off_to_off)
        if contradiction and absurd is not None:
            removals = tuple((cell, v) for v in MASK_DIGITS[grid.cands[cell]] if v != value)
            if removals:
                complexity = ancestor_count(absurd[0]) + ancestor_count(absurd[1])
                out.append(
                    self._found(
                        kind + "Contradiction Forcing Chain", removals, (cell, value), complexity, 7
                    )
                )
        if reduction:
            for key, from_on in on_to_on.items():
                from_off = off_to_on_.get(key)
                if from_off is not None:
                    removals, placement = self._on_result(grid, from_on)
                    if removals:
                        complexity = ancestor_count(from_on) + ancestor_count(from_off)
                        out.append(
                            self._found("Double Forcing Chain", removals, placement, complexity, 1)
                        )
            for key, from_on in on_to_off.items():
                from_off = off_to_off.get(key)
                if from_off is not None:
                    complexity = ancestor_count(from_on) + ancestor_count(from_off)
                    out.append(
                        self._found(
                            "Double Forcing Chain",
                            ((from_on.cell, from_on.value),),
                            None,
                            complexity,
                            1,
                        )
                    )

    def _region(
        self,
        grid: Grid,
        cell: int,
        value: int,
        on_to_on: dict[int, Potential],
        on_to_off: dict[int, Potential],
        out: list[Found],
    ) -> None:
        bit = 1 << value
        for unit in CELL_UNITS[cell]:
            places = [c for c in UNITS[unit] if grid.cands[c] & bit]
            if not (len(places) == 2 or (self.multiple and len(places) > 2)):
                continue
            if places[0] != cell:
                continue
            outcomes_on: list[dict[int, Potential]] = []
            outcomes_off: list[dict[int, Potential]] = []
            region_on = dict(on_to_on)
            region_off = dict(on_to_off)
            for other in places:
                if other == cell:
                    outcomes_on.append(on_to_on)
                    outcomes_off.append(on_to_off)
                    continue
                start = Potential(other, value, True)
                other_on: dict[int, Potential] = {start.key: start}
                other_off: dict[int, Potential] = {}
                self.chain(grid, other_on, other_off)
                outcomes_on.append(other_on)
                outcomes_off.append(other_off)
                region_on = {k: v for k, v in region_on.items() if k in other_on}
                region_off = {k: v for k, v in region_off.items() if k in other_off}
            self._common(grid, "Region Forcing Chain", 6, region_on, outcomes_on, out)
            self._common(grid, "Region Forcing Chain", 6, region_off, outcomes_off, out)

    def _common(
        self,
        grid: Grid,
        name: str,
        sort_key: int,
        common: dict[int, Potential],
        outcomes: list[dict[int, Potential]],
        out: list[Found],
    ) -> None:
        """The hints of the potentials every branch of a cell or a region reaches."""
        for key, target in common.items():
            removals, placement = self._on_result(grid, target)
            if removals:
                complexity = sum(ancestor_count(o[key]) for o in outcomes)
                out.append(self._found(name, removals, placement, complexity, sort_key))

    def _cell(self, grid: Grid, cell: int, cardinality: int, out: list[Found]) -> None:
        value_on: list[dict[int, Potential]] = []
        value_off: list[dict[int, Potential]] = []
        cell_on: dict[int, Potential] | None = None
        cell_off: dict[int, Potential] = {}
        reduction = cardinality >= 3 and not self.nishio and self.dynamic
        contradiction = self.dynamic or self.nishio
        for value in MASK_DIGITS[grid.cands[cell]]:
            on_to_on: dict[int, Potential] = {}
            on_to_off: dict[int, Potential] = {}
            self._binary(grid, cell, value, on_to_on, on_to_off, reduction, contradiction, out)
            if not self.nishio:
                self._region(grid, cell, value, on_to_on, on_to_off, out)
            value_on.append(on_to_on)
            value_off.append(on_to_off)
            if cell_on is None:
                cell_on = dict(on_to_on)
                cell_off = dict(on_to_off)
            else:
                cell_on = {k: v for k, v in cell_on.items() if k in on_to_on}
                cell_off = {k: v for k, v in cell_off.items() if k in on_to_off}
        if self.nishio or cell_on is None:
            return
        if cardinality == 2 or (self.multiple and cardinality > 2):
            self._common(grid, "Cell Forcing Chain", 5, cell_on, value_on, out)
            self._common(grid, "Cell Forcing Chain", 5, cell_off, value_off, out)

    def hints(self, grid: Grid) -> list[Hint]:
        found = native_chains.chainer_hints(
            grid, self.multiple, self.dynamic, self.nishio, self.level
        )
        return self.pure_hints(grid) if found is None else found

    def pure_hints(self, grid: Grid) -> list[Hint]:
        """The hints found in Python (the reference of the native search)."""
        out: list[Found] = []
        self.table = grid.position_table()
        for cell in range(81):
            cardinality = BIT_COUNT[grid.cands[cell]]
            if cardinality > 2 or (cardinality > 1 and self.dynamic):
                self._cell(grid, cell, cardinality, out)
        return sorted_hints(out)

    def __call__(self, grid: Grid) -> Iterator[Hint]:
        yield from self.hints(grid)
