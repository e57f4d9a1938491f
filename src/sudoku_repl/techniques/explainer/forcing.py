"""Forcing chains that follow every consequence of an assumption: Nishio (7.5), cell and
region forcing chains (8.0), dynamic forcing chains (8.5), dynamic forcing chains (+) (9.0),
each plus the length penalty of the chains' total complexity."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator

from sudoku_repl.techniques.explainer import native_chains
from sudoku_repl.techniques.explainer.chains import (
    CELL_ORIGIN,
    NO_ORIGIN,
    Found,
    length_penalty,
    sorted_found,
)
from sudoku_repl.techniques.explainer.grid import BIT_COUNT, MASK_DIGITS, Grid
from sudoku_repl.techniques.explainer.hint import Hint
from sudoku_repl.techniques.explainer.potentials import (
    Potential,
    ancestor_count,
    nested_complexity,
    off_to_on,
    on_to_off,
    remove,
)

# extra deductions inside a chain (the "+" of dynamic forcing chains): candidates a simple
# rule removes from the chain's grid, with the potentials it rests on
Advanced = Callable[[Grid, Grid, dict[int, Potential]], list[Potential]]
# called often inside the search; raises to stop it (a time limit, Ctrl-C)
Poll = Callable[[], None]


#: the name serate's line of a forcing chains' step begins with (``BinaryChainingHint``,
#: ``CellChainingHint``, ``RegionChainingHint``: their ``toString``), by a word of this
#: project's hint name; it is not the step's name: ``Contradiction Forcing Chain`` for
#: ``Dynamic Contradiction Forcing Chains (+)``
_LINE_NAMES = (
    ("Nishio", "Nishio Forcing Chain"),
    ("Contradiction", "Contradiction Forcing Chain"),
    ("Double", "Double Forcing Chain"),
    ("Region", "Region Forcing Chains"),
    ("Cell", "Cell Forcing Chains"),
)


def line_name_of(technique: str) -> str:
    """The name serate's line of a forcing chains' hint (``technique``, its name here) begins
    with."""
    return next(said for word, said in _LINE_NAMES if word in technique)


class Chainer:
    """One forcing-chain technique: ``multiple`` adds cell and region chains over cells of
    three or more candidates, ``dynamic`` lets the chain's eliminations feed the chain,
    ``nishio`` keeps only the unit links and the contradictions, ``level`` adds deductions
    of simple rules inside the chain (1), and of nested chains (2 and up, ``nested.py``).
    ``poll`` is called before each chain is followed and each cell is searched: it raises
    to stop the search (a time limit, Ctrl-C)."""

    def __init__(
        self,
        multiple: bool,
        dynamic: bool,
        nishio: bool,
        level: int = 0,
        advanced: Advanced | None = None,
        *,
        poll: Poll | None = None,
        suffix: str = "",
        nesting: int = 0,
    ) -> None:
        self.multiple = multiple
        self.dynamic = dynamic
        self.nishio = nishio
        self.level = level
        self.advanced = advanced
        self.poll = poll
        #: ``found_of``'s findings of the last grid asked: (its values and candidates, by hint)
        self._kept: tuple[tuple[bytes, tuple[int, ...]] | None, dict[Hint, Found]] = (None, {})
        # the nested levels' names: "Dynamic Cell Forcing Chains (+ Forcing Chains)"
        self.suffix = suffix
        # level 4: the level of the dynamic chains nested in it (what ``advanced`` runs)
        self.nesting = nesting
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
        if self.poll is not None:
            self.poll()
        work = grid.copy() if self.dynamic else grid
        table = [row[:] for row in self.table] if self.dynamic else self.table
        source = grid
        cell_links = not self.nishio
        geometry = grid.geometry
        peers = geometry.region_peers
        pending_on: deque[Potential] = deque(to_on.values())
        pending_off: deque[Potential] = deque(to_off.values())
        while True:
            if pending_on:
                p = pending_on.popleft()
                for off in on_to_off(work, p, cell_links, peers):
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
                    work,
                    table,
                    p,
                    source if self.dynamic else None,
                    to_off,
                    cell_links,
                    True,
                    geometry,
                )
                if self.dynamic:
                    remove(work, table, p.cell, p.value, geometry)
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
        sort_key: int,
        targets: tuple[Potential, ...],
        origin: int = NO_ORIGIN,
    ) -> Found:
        """A finding whose chains end at ``targets``: its complexity is their potentials,
        plus each nested chain they rest on once (levels 2 and up)."""
        complexity = sum(ancestor_count(t) for t in targets)
        if self.level >= 2:
            complexity += nested_complexity(targets)
        rating = self.base + length_penalty(complexity)
        hint = Hint(self.named(name), rating, removals, placement)
        return Found(hint, complexity, sort_key, targets, origin)

    def named(self, name: str) -> str:
        """A hint's name at this chainer's level: the nested levels say what they nest."""
        if self.suffix:
            return "Dynamic " + name.replace("Chain", "Chains", 1) + self.suffix
        return name

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
            out.append(
                self._found(kind + "Contradiction Forcing Chain", ((cell, value),), None, 7, absurd)
            )
        off_to_on_: dict[int, Potential] = {}
        off_to_off: dict[int, Potential] = {p_off.key: p_off}
        absurd = self.chain(grid, off_to_on_, off_to_off)
        if contradiction and absurd is not None:
            removals = tuple((cell, v) for v in MASK_DIGITS[grid.cands[cell]] if v != value)
            if removals:
                out.append(
                    self._found(
                        kind + "Contradiction Forcing Chain", removals, (cell, value), 7, absurd
                    )
                )
        if reduction:
            for key, from_on in on_to_on.items():
                from_off = off_to_on_.get(key)
                if from_off is not None:
                    removals, placement = self._on_result(grid, from_on)
                    if removals:
                        out.append(
                            self._found(
                                "Double Forcing Chain", removals, placement, 1, (from_on, from_off)
                            )
                        )
            for key, from_on in on_to_off.items():
                from_off = off_to_off.get(key)
                if from_off is not None:
                    out.append(
                        self._found(
                            "Double Forcing Chain",
                            ((from_on.cell, from_on.value),),
                            None,
                            1,
                            (from_on, from_off),
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
        geometry = grid.geometry
        for unit in geometry.cell_units[cell]:
            places = [c for c in geometry.units[unit] if grid.cands[c] & bit]
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
            self._common(grid, "Region Forcing Chain", 6, region_on, outcomes_on, out, unit)
            self._common(grid, "Region Forcing Chain", 6, region_off, outcomes_off, out, unit)

    def _common(
        self,
        grid: Grid,
        name: str,
        sort_key: int,
        common: dict[int, Potential],
        outcomes: list[dict[int, Potential]],
        out: list[Found],
        origin: int,
    ) -> None:
        """The hints of the potentials every branch of a cell or a region (``origin``)
        reaches."""
        for key, target in common.items():
            removals, placement = self._on_result(grid, target)
            if removals:
                targets = tuple(o[key] for o in outcomes)
                out.append(self._found(name, removals, placement, sort_key, targets, origin))

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
            self._common(grid, "Cell Forcing Chain", 5, cell_on, value_on, out, CELL_ORIGIN)
            self._common(grid, "Cell Forcing Chain", 5, cell_off, value_off, out, CELL_ORIGIN)

    def found(self, grid: Grid, cells: Iterable[int] = range(81)) -> list[Found]:
        """Every finding, in Sudoku Explainer's order (easiest first; stable); ``cells``: the
        cells whose chains are followed (all of them; fewer to look at one step alone)."""
        out: list[Found] = []
        self.table = grid.position_table()
        poll = self.poll
        for cell in cells:
            cardinality = BIT_COUNT[grid.cands[cell]]
            if cardinality > 2 or (cardinality > 1 and self.dynamic):
                if poll is not None:
                    poll()
                self._cell(grid, cell, cardinality, out)
        return sorted_found(out)

    def hints(self, grid: Grid) -> list[Hint]:
        """``found``'s hints: from the native search where there is one (every level)."""
        found = native_chains.chainer_hints(
            grid, self.multiple, self.dynamic, self.nishio, self.level, self.nesting, self.named
        )
        return self.pure_hints(grid) if found is None else found

    def found_of(self, grid: Grid, hint: Hint) -> Found:
        """The finding of ``hint`` (one of ``hints(grid)``, the first such), with its chains:
        where the C says which cell's chains found it, the Python follows that cell's again
        (every cell's on the pure build). Kept for the last grid asked (a step's shape, pattern
        and description each ask it; a grid's whole list asks it of every step)."""
        seen = (bytes(grid.values), tuple(grid.cands))
        if self._kept[0] != seen:
            self._kept = (seen, {})
        kept = self._kept[1]
        if hint not in kept:
            kept[hint] = self._found_of(grid, hint)
        return kept[hint]

    def _found_of(self, grid: Grid, hint: Hint) -> Found:
        sources = native_chains.chainer_sources(
            grid, self.multiple, self.dynamic, self.nishio, self.level, self.nesting, self.named
        )
        if sources is None:
            return next(f for f in self.found(grid) if f.hint == hint)
        complexity, source = next((c, s) for h, c, s in sources if h == hint)
        return next(
            f for f in self.found(grid, (source,)) if f.hint == hint and f.complexity == complexity
        )

    def pure_hints(self, grid: Grid) -> list[Hint]:
        """The hints found in Python (the reference of the native search)."""
        return [f.hint for f in self.found(grid)]

    def __call__(self, grid: Grid) -> Iterator[Hint]:
        yield from self.hints(grid)
