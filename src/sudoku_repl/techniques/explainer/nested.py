"""Nested forcing chains: Sudoku Explainer's levels 2 to 4 (9.5, 10.0, 10.5, each plus the
length penalty). They are dynamic forcing chains that, once their implications run dry, look
on the chain's own grid for the simple rules of the "+" (``advanced.py``) and, failing those,
for whole forcing chains: level 2 for forcing chains and cycles (6.5-7.0), level 3 for those
and then cell and region forcing chains (8.0), level 4 for dynamic forcing chains of a lower
level (its "nesting": 0 plain, 1 with the "+", 2 and 3 nested again). What a nested chain
removes joins the outer chain, resting on the outer chain's removals that the nested one
needed (its "rule parents"); the outer finding's complexity counts each nested chain once,
with its own complexity."""

from __future__ import annotations

from sudoku_repl.techniques.explainer.advanced import hash_order, simple_rule_offs
from sudoku_repl.techniques.explainer.chains import (
    CELL_ORIGIN,
    CYCLE_ORIGIN,
    Found,
    cycles_and_chains_found,
)
from sudoku_repl.techniques.explainer.forcing import Advanced, Chainer, Poll
from sudoku_repl.techniques.explainer.grid import DIGITS, Geometry, Grid
from sudoku_repl.techniques.explainer.potentials import Potential, chain_of, key_of

# how a potential follows from its first parent: the cell's last value (``NAKED``), or the
# value's last place in a unit (the unit's index in the grid's geometry)
NAKED = -1
_SUFFIX = {2: " (+ Forcing Chains)", 3: " (+ Multiple Forcing Chains)"}
DYNAMIC_SUFFIX = " (+ Dynamic Forcing Chains)"


def _cause(p: Potential, geometry: Geometry) -> int:
    """The link from a potential's first parent: the cell (``NAKED``) or the first unit they
    share, in the order Sudoku Explainer looks at them (blocks, rows, columns, then a
    variant's extra regions by type: the geometry's unit order)."""
    cell = p.parents[0].cell
    if cell == p.cell:
        return NAKED
    unit_sets = geometry.unit_sets
    return next(u for u in geometry.cell_units[p.cell] if cell in unit_sets[u])


class _Parents:
    """The candidates removed between ``source`` (where the outer chain began) and ``grid``
    (the outer chain's grid now) that a nested chain's links rest on, in order, each once."""

    def __init__(self, source: Grid, grid: Grid) -> None:
        self.source = source.cands
        self.grid = grid.cands
        self.units = grid.geometry.units
        self.keys: dict[int, None] = {}

    def add(self, cell: int, value: int, cause: int) -> None:
        if cause == NAKED:
            lost = self.source[cell] & ~self.grid[cell]
            for v in DIGITS:
                if lost >> v & 1:
                    self.keys[key_of(cell, v, False)] = None
            return
        bit = 1 << value
        for other in self.units[cause]:
            if self.source[other] & bit and not self.grid[other] & bit:
                self.keys[key_of(other, value, False)] = None


def rule_parents(found: Found, source: Grid, grid: Grid) -> list[int]:
    """The keys of the "off" potentials a nested finding rests on (Sudoku Explainer's
    ``getRuleParents``): for every "on" potential of its chains, the candidates removed since
    ``source`` from its cell (reached as the cell's last value) or from its unit (as the
    value's last place); a cell or region chain's own assumptions count as such links."""
    parents = _Parents(source, grid)
    geometry = grid.geometry
    origin = found.origin
    for target in found.targets:
        chain = chain_of(target)
        for p in chain:
            if not p.on:
                continue
            if p.parents:
                parents.add(p.cell, p.value, _cause(p, geometry))
            elif origin == CELL_ORIGIN:
                parents.add(p.cell, p.value, NAKED)
            elif origin >= 0:  # a region chain's start: a place of its region
                parents.add(p.cell, p.value, origin)
        if origin == CYCLE_ORIGIN:
            # the cycle read backwards: its "off" potentials turned "on", same links
            for p in reversed(chain[1:]):
                if not p.on:
                    parents.add(p.cell, p.value, _cause(p, geometry))
    return list(parents.keys)


class _Cycles:
    """Forcing chains and cycles (the 6.5-7.0 technique) as a nested rule."""

    def __init__(self, poll: Poll | None) -> None:
        self.poll = poll

    def found(self, grid: Grid) -> list[Found]:
        return cycles_and_chains_found(grid, self.poll)


class NestedRules:
    """What a chain of level 2 and up adds once it runs dry (``Chainer``'s ``advanced``):
    the removals of the first rule that finds any resting on the chain: the simple rules of
    the "+" (``plus``: classic sudoku's, ``advanced.simple_rule_offs``, or a variant technique
    set's, ``ruled_plus``), then the nested chains of the level, in that order; the nested
    chains play the grid's geometry and nest the same "+"."""

    #: how many grids' findings are remembered: chains of one step often run dry on the same
    #: grid (a strong link's two ends, a region's places chained again for each cell)
    REMEMBERED = 1024

    def __init__(
        self,
        level: int,
        nesting: int = 0,
        poll: Poll | None = None,
        plus: Advanced = simple_rule_offs,
    ) -> None:
        self.remembered: dict[tuple[int, tuple[int, ...]], list[Found]] = {}
        self.plus = plus
        self.rules: list[_Cycles | Chainer]
        if level < 4:
            self.rules = [_Cycles(poll)]
            if level >= 3:
                self.rules.append(Chainer(True, False, False, poll=poll))
        else:
            self.rules = [dynamic_chainer(nesting, poll, plus)]

    def __call__(self, grid: Grid, source: Grid, offs: dict[int, Potential]) -> list[Potential]:
        result = self.plus(grid, source, offs)
        if result:
            return result
        for index, rule in enumerate(self.rules):
            for found in self._found(index, rule, grid):
                keys = rule_parents(found, source, grid)
                if not keys:  # holds without the chain: nothing to add
                    continue
                parents = [offs[k] for k in keys]
                for cell, value in hash_order(found.hint.eliminations):
                    off = Potential(cell, value, False, list(parents))
                    off.nested = found
                    result.append(off)
            if result:
                return result
        return result

    def _found(self, index: int, rule: _Cycles | Chainer, grid: Grid) -> list[Found]:
        """The rule's findings on the grid, one per set of removals (Sudoku Explainer keeps
        the first, the easiest), remembered: they depend on the grid alone."""
        key = (index, tuple(grid.cands))
        found = self.remembered.get(key)
        if found is None:
            seen: set[frozenset[tuple[int, int]]] = set()
            found = []
            for finding in rule.found(grid):
                same = frozenset(finding.hint.eliminations)
                if same not in seen:
                    seen.add(same)
                    found.append(finding)
            if len(self.remembered) >= self.REMEMBERED:
                del self.remembered[next(iter(self.remembered))]
            self.remembered[key] = found
        return found


def dynamic_chainer(
    level: int, poll: Poll | None = None, plus: Advanced = simple_rule_offs
) -> Chainer:
    """The dynamic forcing chains of a level: 0 plain (8.5), 1 with the "+" (9.0: ``plus``,
    classic sudoku's simple rules unless given), 2 and 3 nested (9.5, 10.0)."""
    if level == 0:
        return Chainer(True, True, False, poll=poll)
    if level == 1:
        return Chainer(True, True, False, 1, plus, poll=poll)
    return Chainer(
        True,
        True,
        False,
        level,
        NestedRules(level, 0, poll, plus),
        poll=poll,
        suffix=_SUFFIX[level],
    )


def nested_chainer(
    level: int, nesting: int = 0, poll: Poll | None = None, plus: Advanced = simple_rule_offs
) -> Chainer:
    """Sudoku Explainer's nested forcing chains: level 2 (9.5), 3 (10.0), or 4 (10.5) over
    dynamic chains of level ``nesting``; ``plus``: the "+" rules of every chain inside."""
    if level < 4:
        return dynamic_chainer(level, poll, plus)
    return Chainer(
        True,
        True,
        False,
        4,
        NestedRules(4, nesting, poll, plus),
        poll=poll,
        suffix=DYNAMIC_SUFFIX,
        nesting=nesting,
    )
